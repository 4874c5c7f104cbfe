// Const, the pure ops and the ops without a mapping (graph_emitter.h): a Const's TensorProto
// as a literal (tf_tensors.h), a DT_STRING one as a symbol named by its text, so that equal
// strings are one value; a pure op as the built-in function of the name and signature
// (import_op_tables.h pure_ops) of the op it runs as (arithmetic_rewrites.h), with its
// attributes translated and TensorFlow's type attributes dropped; an op without a mapping as
// its uninterpreted function (function_declarations.h) with its representable attributes.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "gpu_eval/einsum_plan.h"
#include "semantics/build/op_catalog.h"
#include "semantics/graphdef/graph_emitter.h"
#include "semantics/graphdef/import_op_tables.h"
#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {

void GraphEmitter::emit_const(int i) {
  const tf::TensorProto* tensor = const_tensor(graph_.node(i));
  if (tensor == nullptr) return graph_.error(i, "a Const needs a tensor attribute 'value'");
  NodeStmt s = statement(i, "Const");
  const tf::TensorProto& proto = *tensor;
  AttrValue v;
  if (proto.dtype() == tf::DT_STRING) {
    v = name_value(string_symbol(proto));
  } else {
    std::string why;
    auto t = tensor_of(proto, why);
    if (!t) return graph_.error(i, fmt::format("its value cannot be mapped: {}", why));
    v.kind = AttrValue::Kind::Literal;
    v.literal = std::move(*t);
  }
  add_attr(s, "value", std::move(v));
  out_.ast.nodes.push_back(std::move(s));
}

// A node whose data inputs are all tensor arguments, in order: the statement added (valid
// until the next one is), or nullptr after reporting why not.
NodeStmt* GraphEmitter::emit_tensor_op(int i, const std::string& op) {
  if (is_builtin_function(op)) {
    // A malformed graph's arity error names the node here, as the builder's would not.
    const auto [least, most] = builtin_arity(op);
    const auto given = static_cast<int>(graph_.data_input_count(i));
    if (given < least || (most >= 0 && given > most)) {
      graph_.error(i, fmt::format("{} takes {} inputs, but {} are given", graph_.node(i).op(),
                                  least == most ? fmt::format("{}", least)
                                  : most < 0    ? fmt::format("at least {}", least)
                                                : fmt::format("{} to {}", least, most),
                                  given));
      return nullptr;
    }
  }
  NodeStmt s = statement(i, op);
  for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
    auto arg = tensor_arg(i, j);
    if (!arg) return nullptr;
    s.args.push_back(std::move(*arg));
  }
  out_.ast.nodes.push_back(std::move(s));
  return &out_.ast.nodes.back();
}

namespace {

// The stateless random ops whose TensorFlow attribute `dtype` is their result's dtype; the
// Int forms take minval's, which their attribute repeats, and the key-counter ops have none.
bool random_result_dtype(const std::string& op) {
  return op.starts_with("Stateless") && op.find("KeyCounter") == std::string::npos &&
         op.find("UniformInt") == std::string::npos;
}

}  // namespace

void GraphEmitter::emit_pure(int i) {
  if (rewrites_.absorbed(i)) return;  // its tree's root adds its inputs
  if (const auto* leaves = rewrites_.grouped_add(i)) {
    NodeStmt s = statement(i, "GroupedAdd");
    for (const auto& [node, j] : *leaves) {
      auto arg = tensor_arg(node, j);
      if (!arg) return;
      s.args.push_back(std::move(*arg));
    }
    out_.ast.nodes.push_back(std::move(s));
    return;
  }
  if (const std::size_t* x = rewrites_.swish_operand(i)) {
    // The product of x and its Sigmoid, as TensorFlow's oneDNN swish computes it.
    NodeStmt s = statement(i, "MklSwish");
    auto arg = tensor_arg(i, *x);
    if (!arg) return;
    s.args.push_back(std::move(*arg));
    out_.ast.nodes.push_back(std::move(s));
    return;
  }
  const std::string& op = rewrites_.op(i);
  NodeStmt* added = emit_tensor_op(i, pure_ops().at(op));
  if (added == nullptr) return;
  if (rewrites_.by_reciprocal(i)) {
    // The reciprocal Grappler folds from the constant divisor, placed before the product.
    NodeStmt reciprocal = statement(i, "Reciprocal");
    reciprocal.name += "~reciprocal";
    reciprocal.args = {added->args[1]};
    added->args[1] = ref_to(reciprocal.name, 0, graph_.loc(i));
    out_.ast.nodes.insert(std::prev(out_.ast.nodes.end()), std::move(reciprocal));
    added = &out_.ast.nodes.back();
  }
  NodeStmt& s = *added;
  if (op == "Concat" && !s.args.empty()) {
    // Concat takes its axis first, ConcatV2 last.
    std::rotate(s.args.begin(), s.args.begin() + 1, s.args.end());
  } else if (op == "MatMul") {
    if (graph_.attr_bool(i, "transpose_a")) add_attr(s, "transpose_a", name_value("true"));
    if (graph_.attr_bool(i, "transpose_b")) add_attr(s, "transpose_b", name_value("true"));
  } else if (op.starts_with("BatchMatMul")) {
    if (graph_.attr_bool(i, "adj_x")) add_attr(s, "adj_x", name_value("true"));
    if (graph_.attr_bool(i, "adj_y")) add_attr(s, "adj_y", name_value("true"));
  } else if (op == "Einsum") {
    const auto it = graph_.node(i).attr().find("equation");
    const std::string equation = it == graph_.node(i).attr().end() ? "" : it->second.s();
    const auto plan = eval::cpu::plan_einsum(equation);
    if (const auto* why = std::get_if<std::string>(&plan)) {
      out_.ast.nodes.pop_back();
      return graph_.error(i, fmt::format("its attribute equation = \"{}\" cannot be mapped: "
                                         "tfmc takes equations with {}",
                                         equation, *why));
    }
    add_attr(s, "equation", name_value(eval::cpu::equation_name(equation)));
  } else if (op == "Sum" || op == "Mean" || op == "Prod" || op == "Max" || op == "Min" ||
             op == "All" || op == "Any") {
    if (graph_.attr_bool(i, "keep_dims")) add_attr(s, "keep_dims", name_value("true"));
  } else if (op == "Cumsum") {
    if (graph_.attr_bool(i, "exclusive")) add_attr(s, "exclusive", name_value("true"));
    if (graph_.attr_bool(i, "reverse")) add_attr(s, "reverse", name_value("true"));
  } else if (op == "BiasAdd" || op == "BiasAddGrad") {
    const auto it = graph_.node(i).attr().find("data_format");
    const std::string format = it == graph_.node(i).attr().end() ? "NHWC" : it->second.s();
    if (format != "NHWC" && format != "NCHW") {
      out_.ast.nodes.pop_back();
      return graph_.error(i, fmt::format("its attribute data_format = \"{}\" cannot be mapped: "
                                         "tfmc has NHWC and NCHW",
                                         format));
    }
    if (format == "NCHW") add_attr(s, "data_format", name_value("NCHW"));
  } else if (op.starts_with("Conv2D") || op.starts_with("DepthwiseConv2dNative")) {
    emit_conv_attrs(i, s);
  } else if (op.starts_with("MaxPool") || op.starts_with("AvgPool")) {
    if (!emit_pooling_attrs(i, s)) out_.ast.nodes.pop_back();
  } else if (op == "EmptyTensorList" || op.starts_with("TensorList")) {
    if (!emit_tensor_list_attrs(i, s)) out_.ast.nodes.pop_back();
  } else if (op == "Pack") {
    if (const auto axis = graph_.attr_int(i, "axis"); axis && *axis != 0) {
      add_attr(s, "axis", integer_value(*axis));
    }
  } else if (op == "Split") {
    add_attr(s, "num", integer_value(graph_.attr_int(i, "num_split").value_or(1)));
  } else if (random_result_dtype(op)) {
    // An attribute at its default may be left out (a SavedModel's functions leave them out):
    // TensorFlow's default dtype is DT_UINT64 for the FullInt forms, DT_FLOAT for the others.
    const auto it = graph_.node(i).attr().find("dtype");
    const tf::DataType absent =
        op.find("FullInt") != std::string::npos ? tf::DT_UINT64 : tf::DT_FLOAT;
    const tf::DataType type = it == graph_.node(i).attr().end() ? absent : it->second.type();
    const auto dtype = dtype_of(type);
    if (!dtype) {
      out_.ast.nodes.pop_back();
      return graph_.error(i, fmt::format("its attribute dtype = {} cannot be mapped: tfmc has "
                                         "DT_FLOAT, DT_DOUBLE, DT_INT32 and DT_INT64 results",
                                         tf_type_name(type)));
    }
    add_attr(s, "dtype", name_value(std::string(eval::dtype_name(*dtype))));
  } else if (op == "Squeeze" || op == "StridedSlice" || op == "StridedSliceGrad" ||
             op == "GatherV2" || op == "OneHot" || op == "MirrorPad") {
    emit_index_attrs(i, s);
  } else if (op == "Cast" || op == "Shape" || op == "ShapeN" || op == "Size" || op == "ArgMax" ||
             op == "ArgMin" || op == "Unique") {
    // The dtype attribute, and its default where TensorFlow has one.
    const bool arg = op == "ArgMax" || op == "ArgMin";
    const char* key = op == "Cast"     ? "DstT"
                      : arg            ? "output_type"
                      : op == "Unique" ? "out_idx"
                                       : "out_type";
    const tf::DataType absent = op == "Cast" ? tf::DT_INVALID : arg ? tf::DT_INT64 : tf::DT_INT32;
    const auto it = graph_.node(i).attr().find(key);
    const tf::DataType type = it == graph_.node(i).attr().end() ? absent : it->second.type();
    const auto dtype = dtype_of(type);
    if (!dtype) {
      out_.ast.nodes.pop_back();
      return graph_.error(i,
                          fmt::format("its attribute {} = {} cannot be mapped: tfmc has DT_FLOAT, "
                                      "DT_DOUBLE, DT_INT32, DT_INT64 and DT_BOOL",
                                      key, tf_type_name(type)));
    }
    if (op == "Cast" || *dtype != dtype_of(absent)) {
      const char* tfmc_key = op == "Cast" ? "to" : op == "Unique" ? "out_type" : key;
      add_attr(s, tfmc_key, name_value(std::string(eval::dtype_name(*dtype))));
    }
  }
}

// The attributes of the shape and index ops where they differ from the defaults, and
// MirrorPad's mode.
void GraphEmitter::emit_index_attrs(int i, NodeStmt& s) {
  const auto& attrs = graph_.node(i).attr();
  if (const auto it = attrs.find("squeeze_dims"); it != attrs.end() && it->second.list().i_size()) {
    AttrValue v;
    v.kind = AttrValue::Kind::List;
    v.list.assign(it->second.list().i().begin(), it->second.list().i().end());
    add_attr(s, "squeeze_dims", std::move(v));
  }
  for (const char* key : {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                          "shrink_axis_mask", "batch_dims"}) {
    if (const auto value = graph_.attr_int(i, key); value && *value != 0) {
      add_attr(s, key, integer_value(*value));
    }
  }
  if (graph_.node(i).op() == "OneHot") {
    if (const auto axis = graph_.attr_int(i, "axis"); axis && *axis != -1) {
      add_attr(s, "axis", integer_value(*axis));
    }
  }
  if (const auto it = attrs.find("mode"); it != attrs.end()) {
    add_attr(s, "mode", name_value(it->second.s()));
  }
}

// A pooling op's ksize and strides (the V2 forms take them as inputs) and padding; false after
// reporting a data_format or padding that TensorFlow's CPU kernels lack.
bool GraphEmitter::emit_pooling_attrs(int i, NodeStmt& s) {
  const auto& attrs = graph_.node(i).attr();
  const auto text = [&](const char* key, const char* absent) {
    const auto it = attrs.find(key);
    return it == attrs.end() ? std::string(absent) : it->second.s();
  };
  if (const std::string format = text("data_format", "NHWC"); format != "NHWC") {
    graph_.error(i, fmt::format("its attribute data_format = \"{}\" cannot be mapped: "
                                "TensorFlow's CPU kernels pool NHWC tensors only",
                                format));
    return false;
  }
  const std::string padding = text("padding", "");
  if (padding != "SAME" && padding != "VALID") {
    graph_.error(i, fmt::format("its attribute padding = \"{}\" cannot be mapped: tfmc has "
                                "SAME and VALID",
                                padding));
    return false;
  }
  for (const char* key : {"ksize", "strides"}) {
    if (const auto it = attrs.find(key); it != attrs.end()) {
      AttrValue v;
      v.kind = AttrValue::Kind::List;
      v.list.assign(it->second.list().i().begin(), it->second.list().i().end());
      add_attr(s, key, std::move(v));
    }
  }
  add_attr(s, "padding", name_value(padding));
  return true;
}

// The convolutions' window: strides and padding always, the others where they differ from
// TensorFlow's defaults; a data_format tfmc lacks is an error naming the node.
void GraphEmitter::emit_conv_attrs(int i, NodeStmt& s) {
  const auto& attrs = graph_.node(i).attr();
  const auto list = [&](const char* key) {
    AttrValue v;
    v.kind = AttrValue::Kind::List;
    if (const auto it = attrs.find(key); it != attrs.end()) {
      v.list.assign(it->second.list().i().begin(), it->second.list().i().end());
    }
    return v;
  };
  const auto text = [&](const char* key, const char* absent) {
    const auto it = attrs.find(key);
    return it == attrs.end() ? std::string(absent) : it->second.s();
  };
  const std::string format = text("data_format", "NHWC");
  if (format != "NHWC" && format != "NCHW") {
    out_.ast.nodes.pop_back();
    return graph_.error(i, fmt::format("its attribute data_format = \"{}\" cannot be mapped: "
                                       "tfmc has NHWC and NCHW",
                                       format));
  }
  add_attr(s, "strides", list("strides"));
  add_attr(s, "padding", name_value(text("padding", "")));
  if (AttrValue v = list("explicit_paddings"); !v.list.empty()) {
    add_attr(s, "explicit_paddings", std::move(v));
  }
  if (format == "NCHW") add_attr(s, "data_format", name_value("NCHW"));
  if (AttrValue v = list("dilations"); !v.list.empty()) add_attr(s, "dilations", std::move(v));
}

void GraphEmitter::emit_uninterpreted(int i) {
  const std::string& fn = functions_.of(i);
  for (std::size_t j = 0; j < graph_.data_input_count(i); ++j) {
    if (auto h = handles_.input_handle(i, j); h && !h->ref) {
      return graph_.error(
          i, fmt::format("op {} has no mapping and takes the handle of {} '{}'; tfmc "
                         "cannot tell how it uses it",
                         graph_.node(i).op(), resource_kind_name(h->kind), h->resource));
    }
  }
  NodeStmt* added = emit_tensor_op(i, fn);
  if (added == nullptr) return;
  NodeStmt& s = *added;
  // The representable attributes keep nodes that differ in them apart.
  std::vector<std::string> keys;
  for (const auto& [key, value] : graph_.node(i).attr()) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  for (const std::string& key : keys) {
    if (key.empty() || key[0] == '_') continue;
    const tf::AttrValue& a = graph_.node(i).attr().at(key);
    AttrValue v;
    if (a.value_case() == tf::AttrValue::kI) {
      v = integer_value(a.i());
    } else if (a.value_case() == tf::AttrValue::kB) {
      v = name_value(a.b() ? "true" : "false");
    } else if (a.value_case() == tf::AttrValue::kType) {
      v = name_value(tf_type_name(a.type()));
    } else if (a.value_case() == tf::AttrValue::kList && a.list().i_size() > 0) {
      v.kind = AttrValue::Kind::List;
      v.list.assign(a.list().i().begin(), a.list().i().end());
    } else {
      continue;
    }
    add_attr(s, key.c_str(), std::move(v));
  }
}

}  // namespace tfmc::sem
