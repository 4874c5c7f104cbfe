// TensorFlow's TensorList (the variant tensor that tf.TensorArray and Keras' recurrent layers
// carry through While loops) as a tfmc value, and its ops (FORMAT.md, "TensorLists").
//
// A list is a Sequence value whose first item is its header, the symbol `list<DTYPE[SHAPE]>`
// (with `, max=N` before the `>` when EmptyTensorList bounded it), and whose other items are
// its elements, first to last: a concrete tensor, or the symbol `<unset>` for an element that
// TensorListReserve made and nothing has set yet. SHAPE is TensorFlow's partial element shape:
// dimensions with `?` for an unknown one, or `*` for an unknown rank (`list<f32[?,3]>`,
// `list<i32[*]>`). Neither symbol is a name a program can write, so no user value is mistaken
// for one. A list is built only from concrete content (an op with a symbolic or term argument
// builds a term, as every function does), so equal lists are one Sequence: one value id.
//
// The ops compute what TensorFlow's list kernels compute (tensorflow/core/kernels/list_kernels)
// and fail where they fail: an element dtype other than the list's is Error(type); an index
// out of range, an element shape that the list's does not admit, an element_shape argument
// that is not a shape, a pop from an empty list, a push into a full one, or reading an unset
// element whose shape is not fully known is Error(shape).
//
// AddN and ZerosLike of lists are TensorFlow's variant add and zeros-like for lists
// (tensorflow/core/kernels/tensor_list_util.cc, framework/variant_ops_util.cc): ZerosLike is
// the list of each set element's zeros, unset elements left unset; AddN adds its lists in
// TensorFlow's tree, each sum of two lists element by element, an unset element taking the
// other's. Neither result keeps EmptyTensorList's bound, as TensorFlow's does not. Adding
// lists of different element dtypes, or two bool elements, is Error(type); lists of different
// lengths or of element shapes that do not merge, or two elements of different shapes, is
// Error(shape).
#pragma once

#include <span>
#include <string_view>

#include "gpu_eval/evaluator.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// Computes `op` on arguments none of which is an error, a symbol or a term (the function
// layer builds the term or passes the error on first) into its outputs (two for
// TensorListPopBack, one for the others). `attrs.to` is the element_dtype (TensorListLength
// ignores it, TensorListElementShape takes its shape_type from it); `attrs.num` is
// TensorListStack's num_elements (-1: any).
void apply_tensor_list_op(std::string_view op, const eval::OpAttrs& attrs,
                          std::span<const ValueId> args, ValueStore& values, ValueId* results);

// Whether `id` is a list.
bool is_tensor_list(const ValueStore& values, ValueId id);

// Whether `op` computes on lists when an argument is one (AddN, ZerosLike).
bool computes_on_lists(eval::BuiltinOp op);

// AddN or ZerosLike (computes_on_lists) on arguments none of which is an error, a symbol or a
// term, at least one a list, into `result`: a list, or Error(type) for a tensor among them.
// Two set elements are added by `evaluator`'s Add, so that they round as every Add does.
void apply_list_arithmetic(eval::BuiltinOp op, std::span<const ValueId> args, ValueStore& values,
                           eval::Evaluator& evaluator, ValueId* result);

}  // namespace tfmc::sem
