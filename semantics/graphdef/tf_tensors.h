// TensorFlow's types and tensors as tfmc's values (FORMAT.md, "Values"): DataType to the five
// dtypes of the language, and a Const's TensorProto to a concrete tensor.
//
// A TensorProto holds its elements either as `tensor_content` (the row-major elements'
// little-endian bytes) or in the typed `*_val` field of its dtype; there, fewer values than
// elements means the last one fills the rest (one value fills the shape), and none means
// zeros. Integer and float literals are alike in text files (`float_val: 1`).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpu_eval/tensor.h"
#include "semantics/graphdef/tf_graph.pb.h"

namespace tfmc::sem {

// f32, f64, i32, i64 or bool for DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_BOOL and their
// _REF forms; nullopt for every other type.
std::optional<eval::DType> dtype_of(tf::DataType type);

// TensorFlow's name of a type for messages: "DT_HALF".
std::string tf_type_name(tf::DataType type);

// A declared dtype and shape for messages and listings: `f32[1,2]`, `f32[?,3]` (an unknown
// dimension), `f32[*]` (an unknown rank); TensorFlow's name of a dtype tfmc lacks
// (`DT_RESOURCE[]`), `?` for none (DT_INVALID).
std::string declared_type(tf::DataType type, const tf::TensorShapeProto& shape);
// The same for what a node declares in its `dtype` and `shape` attributes (a variable's).
std::string declared_type(const tf::NodeDef& node);

// Whether the `shape` attribute of `node` admits a tensor of shape `shape`: an unknown
// dimension admits any size, an unknown rank (or no attribute) any shape.
bool shape_admits(const tf::NodeDef& node, const std::vector<std::int64_t>& shape);

// The tensor of a Const node: its `value` attribute's; null for another op, or a Const without
// a tensor `value` (which the import refuses).
const tf::TensorProto* const_tensor(const tf::NodeDef& node);

// The tensor `proto` holds. On failure (a dtype tfmc does not have, an unknown dimension, too
// many values, content of the wrong size, more than kMaxConstElements elements) returns
// nullopt and sets `error` to a sentence saying why.
inline constexpr std::int64_t kMaxConstElements = std::int64_t{1} << 24;
std::optional<eval::Tensor> tensor_of(const tf::TensorProto& proto, std::string& error);

// A DT_STRING tensor as the name of the symbol that stands for it, so that equal strings are
// one value: `"foo.txt"` for a scalar, `string[2]{"a", "b"}` otherwise (C escapes inside the
// quotes).
std::string string_symbol(const tf::TensorProto& proto);

}  // namespace tfmc::sem
