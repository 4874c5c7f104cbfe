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

}  // namespace tfmc::sem
