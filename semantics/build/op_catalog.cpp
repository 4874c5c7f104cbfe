#include "semantics/build/op_catalog.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>

#include "gpu_eval/einsum_plan.h"
#include "semantics/build/attribute_checks.h"
#include "semantics/language/tfg_printer.h"
#include "semantics/program/enum_names.h"
#include "semantics/values/tensor_text.h"

namespace tfmc::sem {
namespace {

struct BuiltinSpec {
  const char* name;
  FunctionKind kind;
  eval::BuiltinOp op;
  int min_args;
  int max_args;  // -1: unbounded
  std::vector<std::string_view> attrs;
  std::vector<std::string_view> required;
};

// The functions of gpu_eval/builtin_ops.def; a non-Builtin function's op is unused.
const std::vector<BuiltinSpec>& builtins() {
  using K = FunctionKind;
  using O = eval::BuiltinOp;
  static const std::vector<BuiltinSpec> specs = {
#define TFMC_BUILTIN_OP(name, least, most, outputs, attributes, required, tensorflow) \
  {#name, K::Builtin, O::name, least, most, {TFMC_OP_ITEMS attributes}, {TFMC_OP_ITEMS required}},
#define TFMC_SEMANTICS_OP(name, least, most, kind, attributes, required, tensorflow) \
  {#name, K::kind, O{}, least, most, {TFMC_OP_ITEMS attributes}, {TFMC_OP_ITEMS required}},
#include "gpu_eval/builtin_ops.def"
  };
  return specs;
}

const BuiltinSpec* find_builtin(const std::string& op) {
  for (const BuiltinSpec& s : builtins()) {
    if (op == s.name) return &s;
  }
  return nullptr;
}

// `Op{k1=v1,k2=v2}` with keys sorted; just `Op` without attributes.
std::string head_with(const std::string& op, std::map<std::string, std::string> shown) {
  if (shown.empty()) return op;
  std::vector<std::string> parts;
  for (const auto& [k, v] : shown) parts.push_back(k + "=" + v);
  return fmt::format("{}{{{}}}", op, fmt::join(parts, ", "));
}

constexpr std::int64_t kMaxSplit = 1 << 16;

// The largest RandomInt range: beyond it the state space is surely not what the user meant.
constexpr std::int64_t kMaxRandomRange = 1 << 12;

eval::Tensor i32_scalar(std::int32_t v) {
  eval::Tensor t;
  t.dtype = eval::DType::I32;
  t.bytes.resize(sizeof v);
  std::memcpy(t.bytes.data(), &v, sizeof v);
  return t;
}

// The reductions over axes, which share Sum's forms: an axis attribute or an axes argument.
bool is_reduction(const std::string& op) { return op == "Sum" || op == "Mean" || op == "Prod"; }

// The pooling ops, which take ksize, strides, padding and an NHWC data_format.
bool is_pooling(const std::string& op) {
  return op.starts_with("MaxPool") || op.starts_with("AvgPool");
}

// The largest window or stride: TensorFlow's are 32-bit integers.
constexpr std::int64_t kMaxPoolWindow = std::numeric_limits<std::int32_t>::max();

// The field of a true-or-false attribute key, nullptr for another key.
bool* boolean_attr(const std::string& key, eval::OpAttrs& attrs) {
  if (key == "transpose_a") return &attrs.transpose_a;
  if (key == "transpose_b") return &attrs.transpose_b;
  if (key == "keep_dims") return &attrs.keep_dims;
  if (key == "use_nesterov") return &attrs.use_nesterov;
  if (key == "update_slots") return &attrs.update_slots;
  if (key == "multiply_linear_by_lr") return &attrs.multiply_linear_by_lr;
  if (key == "exclusive") return &attrs.exclusive;
  if (key == "reverse") return &attrs.reverse;
  if (key == "adj_x") return &attrs.adj_x;
  if (key == "adj_y") return &attrs.adj_y;
  return nullptr;
}

// The field of a StridedSlice mask key, nullptr for another key.
std::int64_t* mask_attr(const std::string& key, eval::OpAttrs& attrs) {
  if (key == "begin_mask") return &attrs.masks.begin_mask;
  if (key == "end_mask") return &attrs.masks.end_mask;
  if (key == "ellipsis_mask") return &attrs.masks.ellipsis_mask;
  if (key == "new_axis_mask") return &attrs.masks.new_axis_mask;
  if (key == "shrink_axis_mask") return &attrs.masks.shrink_axis_mask;
  return nullptr;
}

// Checks one attribute of a built-in and stores it into `f`; reports and returns false on error.
// Errors name `owner`, the op as written.
bool apply_builtin_attr(const std::string& op, std::string_view owner, const Attr& a, Function& f,
                        ValueStore& values, std::map<std::string, std::string>& shown,
                        DiagnosticList& diags) {
  const AttrValue& v = a.value;
  const auto bad = [&](const char* what) {
    report_bad_attribute(a, owner, what, diags);
    return false;
  };
  if (a.key == "axis") {
    if (v.kind != AttrValue::Kind::Integer) return bad("an integer");
    f.attrs.axis = v.integer;
    // OneHot's default is -1, the others' 0 (the reductions': no axis).
    if (op == "OneHot" ? v.integer != -1 : v.integer != 0 || is_reduction(op)) {
      shown["axis"] = std::to_string(v.integer);
    }
  } else if (a.key == "num") {
    if (v.kind != AttrValue::Kind::Integer || v.integer < 1 || v.integer > kMaxSplit) {
      return bad("an integer in [1, 65536]");
    }
    f.attrs.num = v.integer;
    shown["num"] = std::to_string(v.integer);
  } else if (a.key == "to") {
    const auto t = v.kind == AttrValue::Kind::Name ? eval::dtype_from_name(v.name) : std::nullopt;
    if (!t) return bad("a dtype (f32, f64, i32, i64 or bool)");
    f.attrs.to = *t;
    shown["to"] = v.name;
  } else if (a.key == "out_type" || a.key == "output_type" || a.key == "shape_type") {
    const auto t = v.kind == AttrValue::Kind::Name ? eval::dtype_from_name(v.name) : std::nullopt;
    if (t != eval::DType::I32 && t != eval::DType::I64) return bad("i32 or i64");
    // Shown where it differs from its default: Shape's out_type is i32, ArgMax's i64.
    if (*t != f.attrs.to) shown[a.key] = v.name;
    f.attrs.to = *t;
  } else if (a.key == "element_dtype") {
    const auto t = v.kind == AttrValue::Kind::Name ? eval::dtype_from_name(v.name) : std::nullopt;
    if (!t) return bad("a dtype (f32, f64, i32, i64 or bool)");
    f.attrs.to = *t;
    shown["element_dtype"] = v.name;
  } else if (a.key == "num_elements") {
    if (v.kind != AttrValue::Kind::Integer || v.integer < -1) return bad("an integer >= -1");
    f.attrs.num = v.integer;
    if (v.integer != -1) shown["num_elements"] = std::to_string(v.integer);
  } else if (a.key == "data_format" && is_pooling(op)) {
    if (v.kind != AttrValue::Kind::Name || v.name != "NHWC") {
      return bad("NHWC (TensorFlow's CPU kernels pool NHWC tensors only)");
    }
  } else if (a.key == "data_format") {
    if (v.kind != AttrValue::Kind::Name || (v.name != "NHWC" && v.name != "NCHW")) {
      return bad("NHWC or NCHW");
    }
    f.attrs.channels_first = v.name == "NCHW";
    if (f.attrs.channels_first) shown["data_format"] = v.name;
  } else if ((a.key == "ksize" || a.key == "strides") && is_pooling(op)) {
    // Batch and depth entries of 1: TensorFlow does not pool over the batch, tfmc not over
    // the depth.
    const auto fits = [](std::int64_t d) { return d >= 1 && d <= kMaxPoolWindow; };
    if (v.kind != AttrValue::Kind::List || v.list.size() != 4 || v.list[0] != 1 || v.list[3] != 1 ||
        !std::all_of(v.list.begin(), v.list.end(), fits)) {
      return bad("a list [1,h,w,1] of positive 32-bit integers");
    }
    (a.key == "ksize" ? f.attrs.ksize : f.attrs.window.strides) = v.list;
    shown[a.key] = attr_value_text(v);
  } else if (a.key == "padding" && is_pooling(op)) {
    if (v.kind != AttrValue::Kind::Name || (v.name != "SAME" && v.name != "VALID")) {
      return bad("SAME or VALID");
    }
    f.attrs.window.padding = v.name == "SAME" ? eval::ConvPadding::Same : eval::ConvPadding::Valid;
    shown["padding"] = v.name;
  } else if (a.key == "dtype") {
    // The stateless random ops' result: integers for the FullInt forms, else floats.
    const bool integers = op.find("FullInt") != std::string::npos;
    const auto t = v.kind == AttrValue::Kind::Name ? eval::dtype_from_name(v.name) : std::nullopt;
    const bool fits = integers ? t == eval::DType::I32 || t == eval::DType::I64
                               : t == eval::DType::F32 || t == eval::DType::F64;
    if (!fits) return bad(integers ? "i32 or i64" : "f32 or f64");
    f.attrs.to = *t;
    if (t != eval::DType::F32) shown["dtype"] = v.name;
  } else if (bool* flag = boolean_attr(a.key, f.attrs)) {
    if (v.kind != AttrValue::Kind::Name || (v.name != "true" && v.name != "false")) {
      return bad("true or false");
    }
    const bool on = v.name == "true";
    // Shown where it differs from its default: update_slots is on by default.
    if (on != *flag) shown[a.key] = v.name;
    *flag = on;
  } else if (a.key == "data_format") {
    if (v.kind != AttrValue::Kind::Name || (v.name != "NHWC" && v.name != "NCHW")) {
      return bad("NHWC or NCHW");
    }
    f.attrs.channels_first = v.name == "NCHW";
    if (f.attrs.channels_first) shown["data_format"] = v.name;
  } else if (a.key == "shape") {
    if (v.kind != AttrValue::Kind::List) return bad("a list of dimensions like [2,-1]");
    const auto wildcards = std::count(v.list.begin(), v.list.end(), -1);
    const bool negative =
        std::any_of(v.list.begin(), v.list.end(), [](std::int64_t d) { return d < -1; });
    if (wildcards > 1 || negative) {
      return bad("a list of non-negative dimensions with at most one -1");
    }
    f.attrs.shape = v.list;
    shown["shape"] = attr_value_text(v);
  } else if (a.key == "squeeze_dims") {
    if (v.kind != AttrValue::Kind::List) return bad("a list of dimensions like [0,-1]");
    f.attrs.squeeze_dims = v.list;
    if (!v.list.empty()) shown["squeeze_dims"] = attr_value_text(v);
  } else if (std::int64_t* mask = mask_attr(a.key, f.attrs)) {
    // TensorFlow's masks are 32-bit integers: a negative one sets the high bits.
    if (v.kind != AttrValue::Kind::Integer ||
        v.integer < std::numeric_limits<std::int32_t>::min() ||
        v.integer > std::numeric_limits<std::int32_t>::max()) {
      return bad("a 32-bit integer");
    }
    *mask = v.integer;
    if (v.integer != 0) shown[a.key] = std::to_string(v.integer);
  } else if (a.key == "batch_dims") {
    if (v.kind != AttrValue::Kind::Integer) return bad("an integer");
    f.attrs.batch_dims = v.integer;
    if (v.integer != 0) shown["batch_dims"] = std::to_string(v.integer);
  } else if (a.key == "mode") {
    if (v.kind != AttrValue::Kind::Name || (v.name != "REFLECT" && v.name != "SYMMETRIC")) {
      return bad("REFLECT or SYMMETRIC");
    }
    f.attrs.symmetric = v.name == "SYMMETRIC";
    if (f.attrs.symmetric) shown["mode"] = v.name;
  } else if (a.key == "strides" || a.key == "dilations") {
    // The convolutions' window, per dimension of their data format.
    const bool fits =
        v.kind == AttrValue::Kind::List && v.list.size() == 4 &&
        std::all_of(v.list.begin(), v.list.end(), [](std::int64_t s) { return s >= 1; });
    if (!fits) return bad("a list of 4 positive integers like [1,1,1,1]");
    (a.key == "strides" ? f.attrs.window.strides : f.attrs.window.dilations) = v.list;
    if (a.key == "strides" || v.list != std::vector<std::int64_t>{1, 1, 1, 1}) {
      shown[a.key] = attr_value_text(v);
    }
  } else if (a.key == "padding") {
    if (v.kind != AttrValue::Kind::Name ||
        (v.name != "SAME" && v.name != "VALID" && v.name != "EXPLICIT")) {
      return bad("SAME, VALID or EXPLICIT");
    }
    f.attrs.window.padding = v.name == "SAME"    ? eval::ConvPadding::Same
                             : v.name == "VALID" ? eval::ConvPadding::Valid
                                                 : eval::ConvPadding::Explicit;
    shown["padding"] = v.name;
  } else if (a.key == "explicit_paddings") {
    const bool fits =
        v.kind == AttrValue::Kind::List && (v.list.empty() || v.list.size() == 8) &&
        std::all_of(v.list.begin(), v.list.end(), [](std::int64_t p) { return p >= 0; });
    if (!fits) return bad("a list of 8 non-negative integers like [0,0,1,1,1,1,0,0]");
    f.attrs.window.explicit_paddings = v.list;
    if (!v.list.empty()) shown["explicit_paddings"] = attr_value_text(v);
  } else if (a.key == "equation") {
    if (v.kind != AttrValue::Kind::Name) return bad("an equation such as abc.cde-abde");
    const std::string equation = eval::cpu::equation_from_name(v.name);
    const auto plan = eval::cpu::plan_einsum(equation);
    if (const auto* why = std::get_if<std::string>(&plan)) {
      return bad(fmt::format("an equation tfmc takes, with {}", *why).c_str());
    }
    f.attrs.equation = equation;
    shown["equation"] = v.name;
  } else if (a.key == "value") {
    if (v.kind == AttrValue::Kind::Literal) {
      f.constant = values.tensor(*v.literal);
    } else if (v.kind == AttrValue::Kind::Name) {
      f.constant = values.symbol(v.name);
    } else {
      return bad("a typed literal such as i32{1} or a symbol name");
    }
  }
  return true;
}

}  // namespace

const ResourceOp* find_resource_op(const std::string& op) {
  static const std::map<std::string, ResourceOp, std::less<>> kOps = [] {
    std::map<std::string, ResourceOp, std::less<>> ops = {
        {"Read", {NodeKind::Read, ResourceKind::Variable, 0, 1}},
        {"VarIsInitialized", {NodeKind::Read, ResourceKind::Variable, 0, 1}},
        {"Write", {NodeKind::Assign, ResourceKind::Variable, 1, 0}},
        {"AssignAdd", {NodeKind::Assign, ResourceKind::Variable, 1, 0}},
        {"AssignSub", {NodeKind::Assign, ResourceKind::Variable, 1, 0}},
        {"Assign", {NodeKind::Assign, ResourceKind::Variable, 1, 0}},
        {"ApplyGradientDescent", {NodeKind::Assign, ResourceKind::Variable, 2, 0}},
        {"Enqueue", {NodeKind::Enqueue, ResourceKind::Queue, 1, 0}},
        {"Dequeue", {NodeKind::Dequeue, ResourceKind::Queue, 0, 1}},
        {"Lock", {NodeKind::Lock, ResourceKind::Mutex, 0, 0}},
        {"Unlock", {NodeKind::Unlock, ResourceKind::Mutex, 0, 0}},
    };
#define TFMC_UPDATE_OP(name, step, variables, tensorflow)                 \
  ops.emplace(#name, ResourceOp{NodeKind::Update, ResourceKind::Variable, \
                                builtin_arity(#step).first - (variables), 0, variables, #step});
#include "gpu_eval/builtin_ops.def"
    return ops;
  }();
  const auto it = kOps.find(op);
  return it == kOps.end() ? nullptr : &it->second;
}

const char* resource_kind_name(ResourceKind kind) {
  // By ResourceKind's value.
  static constexpr std::array<const char*, 3> kNames = {"variable", "queue", "mutex"};
  return enum_name(kind, kNames);
}

bool is_stateful_op(const std::string& op) { return op == "Var" || find_resource_op(op); }

bool is_builtin_function(const std::string& op) { return find_builtin(op) != nullptr; }

std::pair<int, int> builtin_arity(const std::string& op) {
  const BuiltinSpec* s = find_builtin(op);
  return s ? std::pair{s->min_args, s->max_args} : std::pair{0, 0};
}

std::optional<Function> make_builtin_function(const std::string& op, const std::vector<Attr>& attrs,
                                              std::size_t arguments, SourceLoc op_loc,
                                              ValueStore& values, DiagnosticList& diags,
                                              std::string_view written) {
  const BuiltinSpec* spec = find_builtin(op);
  const std::string_view owner = written.empty() ? std::string_view(op) : written;
  Function f;
  f.kind = spec->kind;
  f.op = spec->op;
  f.outputs = op == "Copy"        ? 2
              : op == "IdentityN" ? static_cast<int>(arguments)
              : op == "NoOp"      ? 0
                                  : 1;
  const bool shape_query =
      op == "Shape" || op == "ShapeN" || op == "Size" || op == "TensorListElementShape";
  f.attrs.to = shape_query || op == "Unique"      ? eval::DType::I32
               : op == "ArgMax" || op == "ArgMin" ? eval::DType::I64
                                                  : f.attrs.to;
  // ShapeN has one output per argument, ConcatOffset one per argument after the first.
  if (op == "ShapeN") f.attrs.num = static_cast<std::int64_t>(arguments);
  if (op == "ConcatOffset") f.attrs.num = static_cast<std::int64_t>(arguments) - 1;
  if (op == "TensorListStack") f.attrs.num = -1;  // num_elements: any
  if (op == "TensorListPopBack") f.outputs = 2;   // the list less its last element, that element
  // The tensor-input forms (Sum(x, axes) and its kin, Split(axis, x), Reshape(x, shape)) take their
  // axis or shape as an argument, not as an attribute.
  const bool tensor_form = arguments == 2 && (is_reduction(op) || op == "Split" || op == "Reshape");
  const std::string_view argument_key = op == "Reshape" ? "shape" : "axis";
  bool ok = no_duplicate_keys(attrs, diags);
  std::map<std::string, std::string> shown;
  for (const Attr& a : attrs) {
    if (tensor_form && a.key == argument_key) {
      diags.error(a.loc, fmt::format("{} with two arguments takes its {} as its {} argument, "
                                     "not as an attribute",
                                     op, argument_key, op == "Split" ? "first" : "second"));
      ok = false;
      continue;
    }
    if (std::find(spec->attrs.begin(), spec->attrs.end(), a.key) == spec->attrs.end()) {
      if (spec->attrs.empty()) {
        report_attribute_not_taken(a, owner, diags);
      } else {
        report_unknown_attribute(a, owner, spec->attrs, diags);
      }
      ok = false;
      continue;
    }
    ok = apply_builtin_attr(op, owner, a, f, values, shown, diags) && ok;
  }
  for (std::string_view key : spec->required) {
    if (tensor_form && key == argument_key) continue;
    if (!find_attr(attrs, key)) {
      report_missing_attribute(owner, key, op_loc, diags);
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  if (f.kind == FunctionKind::Builtin) f.outputs = eval::output_count(f.op, f.attrs);
  f.head = head_with(op, std::move(shown));
  return f;
}

std::optional<Function> make_uninterpreted_function(const std::string& name, int outputs,
                                                    const std::vector<Attr>& attrs,
                                                    DiagnosticList& diags) {
  if (!no_duplicate_keys(attrs, diags)) return std::nullopt;
  Function f;
  f.kind = FunctionKind::Uninterpreted;
  f.outputs = outputs;
  std::map<std::string, std::string> shown;
  for (const Attr& a : attrs) shown[a.key] = attr_value_text(a.value);
  f.head = head_with(name, std::move(shown));
  return f;
}

std::optional<std::vector<ValueId>> make_random_int_values(const std::vector<Attr>& attrs,
                                                           SourceLoc op_loc, ValueStore& values,
                                                           DiagnosticList& diags) {
  constexpr std::int64_t lo = std::numeric_limits<std::int32_t>::min();
  constexpr std::int64_t hi = std::numeric_limits<std::int32_t>::max();
  if (!only_attributes(attrs, {"min", "max"}, "RandomInt", diags)) return std::nullopt;
  const auto min = integer_attribute(attrs, "min", lo, hi, "RandomInt", op_loc, diags);
  const auto max = integer_attribute(attrs, "max", lo, hi, "RandomInt", op_loc, diags);
  if (!min || !max) return std::nullopt;
  if (*max < *min || *max - *min >= kMaxRandomRange) {
    diags.error(op_loc, fmt::format("RandomInt needs min <= max and at most {} values, but has "
                                    "min={} and max={}",
                                    kMaxRandomRange, *min, *max));
    return std::nullopt;
  }
  std::vector<ValueId> out;
  for (std::int64_t v = *min; v <= *max; ++v) {
    out.push_back(values.tensor(i32_scalar(static_cast<std::int32_t>(v))));
  }
  return out;
}

std::optional<Function> make_assign_function(
    const std::string& op, const std::vector<Attr>& attrs, SourceLoc op_loc,
    const std::map<std::string, std::pair<int, int>>& declared, ValueStore& values,
    FunctionTable& table, DiagnosticList& diags) {
  if (op != "Assign") {
    if (!attrs.empty()) {
      report_attribute_not_taken(attrs.front(), op, diags);
      return std::nullopt;
    }
    if (op == "Write") return plain_function(FunctionKind::Snd, "Snd");
    if (op == "ApplyGradientDescent") {
      Function f = plain_function(FunctionKind::GradientStep, "GradientStep");
      f.parts = {table.add(*make_builtin_function("Mul", {}, 2, op_loc, values, diags)),
                 table.add(*make_builtin_function("Sub", {}, 2, op_loc, values, diags))};
      return f;
    }
    return make_builtin_function(op == "AssignAdd" ? "Add" : "Sub", {}, 2, op_loc, values, diags);
  }
  const Attr* fa = find_attr(attrs, "f");
  if (!fa) {
    diags.error(op_loc, "Assign needs the attribute 'f' (a binary function such as Add)");
    return std::nullopt;
  }
  if (fa->value.kind != AttrValue::Kind::Name) {
    diags.error(fa->value.loc, "attribute 'f' of Assign must name a binary function");
    return std::nullopt;
  }
  std::vector<Attr> rest;
  for (const Attr& a : attrs) {
    if (&a != fa) rest.push_back(a);
  }
  const std::string& name = fa->value.name;
  if (const auto d = declared.find(name); d != declared.end()) {
    if (d->second != std::pair{2, 1}) {
      diags.error(fa->value.loc,
                  fmt::format("Assign's f must take 2 inputs and give 1 output, but '{}' is "
                              "declared {} -> {}",
                              name, d->second.first, d->second.second));
      return std::nullopt;
    }
    return make_uninterpreted_function(name, 1, rest, diags);
  }
  if (name == "Snd") {
    if (!no_attributes(rest, "Snd", diags)) return std::nullopt;
    return make_assign_function("Write", {}, op_loc, declared, values, table, diags);
  }
  const BuiltinSpec* spec = find_builtin(name);
  const bool binary = spec && spec->kind == FunctionKind::Builtin && spec->min_args <= 2 &&
                      (spec->max_args == 2 || spec->max_args == -1);
  if (!binary) {
    diags.error(fa->value.loc,
                fmt::format("'{}' is not a binary function: Assign's f must be a built-in "
                            "binary function, Concat, Snd or a declared fn F : 2 -> 1",
                            name));
    return std::nullopt;
  }
  return make_builtin_function(name, rest, 2, op_loc, values, diags);
}

}  // namespace tfmc::sem
