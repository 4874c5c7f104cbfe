#include "semantics/values/tensor_list.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "semantics/errors/invariant.h"

namespace tfmc::sem {
namespace {

constexpr std::string_view kUnset = "<unset>";
constexpr std::string_view kHeaderStart = "list<";

// The most elements a list holds, and a tensor a list op makes (an unset element's zeros, a
// stack): beyond them tfmc gives Error(shape) (FORMAT.md, "TensorLists").
constexpr std::int64_t kMaxListElements = std::int64_t{1} << 24;
constexpr std::int64_t kMaxTensorElements = std::int64_t{1} << 24;

// What a TensorFlow kernel refuses; every output of the op then carries it.
struct Failure {
  eval::ErrorKind kind;
};
[[noreturn]] void fail(eval::ErrorKind kind) { throw Failure{kind}; }

// TensorFlow's PartialTensorShape: an unknown rank, or dimensions with -1 for unknown ones.
struct PartialShape {
  bool known_rank = false;
  std::vector<std::int64_t> dims;
};

bool fully_defined(const PartialShape& s) {
  return s.known_rank && std::none_of(s.dims.begin(), s.dims.end(), [](auto d) { return d < 0; });
}

// PartialTensorShape::IsCompatibleWith a full shape.
bool admits(const PartialShape& s, const std::vector<std::int64_t>& shape) {
  if (!s.known_rank) return true;
  if (s.dims.size() != shape.size()) return false;
  for (std::size_t k = 0; k < shape.size(); ++k) {
    if (s.dims[k] >= 0 && s.dims[k] != shape[k]) return false;
  }
  return true;
}

// PartialTensorShape::MergeWith: the shape both describe, or Error(shape) when none is.
PartialShape merge(const PartialShape& a, const PartialShape& b) {
  if (!a.known_rank) return b;
  if (!b.known_rank) return a;
  if (a.dims.size() != b.dims.size()) fail(eval::ErrorKind::Shape);
  PartialShape out = a;
  for (std::size_t k = 0; k < a.dims.size(); ++k) {
    if (a.dims[k] < 0) {
      out.dims[k] = b.dims[k];
    } else if (b.dims[k] >= 0 && b.dims[k] != a.dims[k]) {
      fail(eval::ErrorKind::Shape);
    }
  }
  return out;
}

PartialShape full(const std::vector<std::int64_t>& shape) { return {true, shape}; }

struct List {
  eval::DType dtype = eval::DType::F32;
  PartialShape shape;
  std::int64_t max = -1;       // EmptyTensorList's max_num_elements; -1: unbounded
  std::vector<ValueId> items;  // the elements; the `<unset>` symbol for an unset one
};

std::string header_text(const List& l) {
  std::string dims = "*";
  if (l.shape.known_rank) {
    std::vector<std::string> parts;
    for (std::int64_t d : l.shape.dims) parts.push_back(d < 0 ? "?" : std::to_string(d));
    dims = fmt::format("{}", fmt::join(parts, ","));
  }
  const std::string max = l.max != -1 ? fmt::format(", max={}", l.max) : "";
  return fmt::format("{}{}[{}]{}>", kHeaderStart, eval::dtype_name(l.dtype), dims, max);
}

std::int64_t parse_int(std::string_view text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  TFMC_CHECK(ec == std::errc() && end == text.data() + text.size(), "a TensorList header");
  return v;
}

// The header's content back (header_text's inverse); only this file writes headers.
void parse_header(std::string_view text, List& l) {
  text.remove_prefix(kHeaderStart.size());
  const std::size_t open = text.find('[');
  const std::size_t close = text.find(']');
  TFMC_CHECK(open != std::string_view::npos && close != std::string_view::npos && close > open,
             "a TensorList header");
  const auto dtype = eval::dtype_from_name(text.substr(0, open));
  TFMC_CHECK(dtype.has_value(), "a TensorList header's dtype");
  l.dtype = *dtype;
  std::string_view dims = text.substr(open + 1, close - open - 1);
  l.shape.known_rank = dims != "*";
  while (l.shape.known_rank && !dims.empty()) {
    const std::size_t comma = std::min(dims.find(','), dims.size());
    const std::string_view d = dims.substr(0, comma);
    l.shape.dims.push_back(d == "?" ? -1 : parse_int(d));
    dims.remove_prefix(std::min(comma + 1, dims.size()));
  }
  std::string_view rest = text.substr(close + 1);
  if (rest.starts_with(", max=")) l.max = parse_int(rest.substr(6, rest.size() - 7));
}

// The list an argument holds; Error(type) for a value that is no list.
List read_list(const ValueStore& values, ValueId id) {
  if (!is_tensor_list(values, id)) fail(eval::ErrorKind::Type);
  const Value& v = values.get(id);
  List l;
  parse_header(values.get(v.args[0]).head, l);
  l.items.assign(v.args.begin() + 1, v.args.end());
  return l;
}

ValueId write_list(ValueStore& values, const List& l) {
  std::vector<ValueId> seq;
  seq.reserve(l.items.size() + 1);
  seq.push_back(values.symbol(header_text(l)));
  seq.insert(seq.end(), l.items.begin(), l.items.end());
  return values.sequence(std::move(seq));
}

// The tensor an argument holds; Error(type) for a list.
const eval::Tensor& read_tensor(const ValueStore& values, ValueId id) {
  const Value& v = values.get(id);
  if (v.kind != ValueKind::Tensor) fail(eval::ErrorKind::Type);
  return v.tensor;
}

std::vector<std::int64_t> integers(const eval::Tensor& t) {
  if (t.dtype != eval::DType::I32 && t.dtype != eval::DType::I64) fail(eval::ErrorKind::Type);
  std::vector<std::int64_t> out(static_cast<std::size_t>(t.size()));
  for (std::size_t k = 0; k < out.size(); ++k) {
    if (t.dtype == eval::DType::I32) {
      std::int32_t v = 0;
      std::memcpy(&v, t.bytes.data() + k * sizeof v, sizeof v);
      out[k] = v;
    } else {
      std::memcpy(&out[k], t.bytes.data() + k * sizeof out[k], sizeof out[k]);
    }
  }
  return out;
}

std::int64_t scalar_integer(const eval::Tensor& t) {
  const std::vector<std::int64_t> v = integers(t);
  if (!t.shape.empty()) fail(eval::ErrorKind::Shape);
  return v[0];
}

// An element_shape argument (TensorShapeFromTensor): a vector of dimensions, -1 for unknown
// ones, or the scalar -1 for an unknown rank.
PartialShape shape_argument(const eval::Tensor& t) {
  const std::vector<std::int64_t> v = integers(t);
  if (t.shape.empty()) {
    if (v[0] != -1) fail(eval::ErrorKind::Shape);
    return {};
  }
  if (t.shape.size() != 1 || std::any_of(v.begin(), v.end(), [](auto d) { return d < -1; })) {
    fail(eval::ErrorKind::Shape);
  }
  return {true, v};
}

// The element count of a tensor a list op makes, within kMaxTensorElements.
std::int64_t bounded_count(const std::vector<std::int64_t>& shape) {
  std::int64_t n = 1;
  for (std::int64_t d : shape) {
    if (d != 0 && n > kMaxTensorElements / d) fail(eval::ErrorKind::Shape);
    n *= d;
  }
  return n;
}

eval::Tensor zeros(eval::DType dtype, const std::vector<std::int64_t>& shape) {
  eval::Tensor t;
  t.dtype = dtype;
  t.shape = shape;
  t.bytes.assign(static_cast<std::size_t>(bounded_count(shape)) * eval::dtype_size(dtype), 0);
  return t;
}

eval::Tensor integer_tensor(eval::DType dtype, std::vector<std::int64_t> shape,
                            const std::vector<std::int64_t>& v) {
  eval::Tensor t;
  t.dtype = dtype;
  t.shape = std::move(shape);
  for (std::int64_t x : v) {
    if (dtype == eval::DType::I32) {
      const auto narrow = static_cast<std::int32_t>(x);
      const auto* p = reinterpret_cast<const std::uint8_t*>(&narrow);
      t.bytes.insert(t.bytes.end(), p, p + sizeof narrow);
    } else {
      const auto* p = reinterpret_cast<const std::uint8_t*>(&x);
      t.bytes.insert(t.bytes.end(), p, p + sizeof x);
    }
  }
  return t;
}

void check_dtype(const List& l, eval::DType element_dtype) {
  if (l.dtype != element_dtype) fail(eval::ErrorKind::Type);
}

std::int64_t checked_index(const List& l, const eval::Tensor& index) {
  const std::int64_t i = scalar_integer(index);
  if (i < 0 || i >= static_cast<std::int64_t>(l.items.size())) fail(eval::ErrorKind::Shape);
  return i;
}

// An element the list may hold: its dtype, and a shape its element shape admits.
ValueId checked_element(const ValueStore& values, const List& l, ValueId id) {
  const eval::Tensor& t = read_tensor(values, id);
  if (t.dtype != l.dtype) fail(eval::ErrorKind::Type);
  if (!admits(l.shape, t.shape)) fail(eval::ErrorKind::Shape);
  return id;
}

// Element `i`, or for an unset one the zeros of the list's element shape merged with the
// element_shape argument, which must then be fully defined (TensorListGetItem, PopBack).
ValueId element_or_zeros(ValueStore& values, const List& l, std::size_t i,
                         const eval::Tensor& element_shape) {
  const ValueId item = l.items[i];
  const Value& v = values.get(item);
  if (v.kind != ValueKind::Symbol) return item;
  const PartialShape shape = merge(l.shape, shape_argument(element_shape));
  if (!fully_defined(shape)) fail(eval::ErrorKind::Shape);
  return values.tensor(zeros(l.dtype, shape.dims));
}

eval::Tensor stack(const ValueStore& values, const List& l, const eval::OpAttrs& attrs,
                   const eval::Tensor& element_shape) {
  check_dtype(l, attrs.to);
  if (attrs.num != -1 && attrs.num != static_cast<std::int64_t>(l.items.size())) {
    fail(eval::ErrorKind::Shape);
  }
  PartialShape shape = merge(l.shape, shape_argument(element_shape));
  if (!fully_defined(shape) && l.items.empty()) fail(eval::ErrorKind::Shape);
  for (ValueId item : l.items) {
    const Value& v = values.get(item);
    if (v.kind == ValueKind::Tensor) shape = merge(shape, full(v.tensor.shape));
  }
  if (!fully_defined(shape)) fail(eval::ErrorKind::Shape);
  std::vector<std::int64_t> out_shape = {static_cast<std::int64_t>(l.items.size())};
  out_shape.insert(out_shape.end(), shape.dims.begin(), shape.dims.end());
  eval::Tensor out = zeros(l.dtype, out_shape);
  const std::size_t item_bytes = l.items.empty() ? 0 : out.bytes.size() / l.items.size();
  for (std::size_t k = 0; k < l.items.size(); ++k) {
    const Value& v = values.get(l.items[k]);
    if (v.kind == ValueKind::Tensor) {
      std::copy(v.tensor.bytes.begin(), v.tensor.bytes.end(),
                out.bytes.begin() + static_cast<std::ptrdiff_t>(k * item_bytes));
    }
  }
  return out;
}

List from_tensor(ValueStore& values, const eval::Tensor& t, const eval::Tensor& element_shape,
                 eval::DType element_dtype) {
  if (t.dtype != element_dtype) fail(eval::ErrorKind::Type);
  if (t.shape.empty()) fail(eval::ErrorKind::Shape);
  const std::vector<std::int64_t> item_shape(t.shape.begin() + 1, t.shape.end());
  List l{element_dtype, shape_argument(element_shape), -1, {}};
  if (!admits(l.shape, item_shape) || t.shape[0] > kMaxListElements) fail(eval::ErrorKind::Shape);
  const auto n = static_cast<std::size_t>(t.shape[0]);
  const std::size_t item_bytes = n == 0 ? 0 : t.bytes.size() / n;
  for (std::size_t k = 0; k < n; ++k) {
    eval::Tensor item;
    item.dtype = t.dtype;
    item.shape = item_shape;
    const auto first = t.bytes.begin() + static_cast<std::ptrdiff_t>(k * item_bytes);
    item.bytes.assign(first, first + static_cast<std::ptrdiff_t>(item_bytes));
    l.items.push_back(values.tensor(std::move(item)));
  }
  return l;
}

// The op's outputs; throws Failure where TensorFlow's kernel fails.
void compute(std::string_view op, const eval::OpAttrs& attrs, std::span<const ValueId> args,
             ValueStore& values, ValueId* results) {
  const auto tensor = [&](std::size_t k) -> const eval::Tensor& {
    return read_tensor(values, args[k]);
  };
  if (op == "EmptyTensorList" || op == "TensorListReserve") {
    List l{attrs.to, shape_argument(tensor(0)), -1, {}};
    const std::int64_t n = scalar_integer(tensor(1));
    if (op == "EmptyTensorList") {
      l.max = n;  // below -1 too, as TensorFlow takes it: then no push fits
    } else {
      if (n < 0 || n > kMaxListElements) fail(eval::ErrorKind::Shape);
      l.items.assign(static_cast<std::size_t>(n), values.symbol(std::string(kUnset)));
    }
    results[0] = write_list(values, l);
    return;
  }
  if (op == "TensorListFromTensor") {
    results[0] = write_list(values, from_tensor(values, tensor(0), tensor(1), attrs.to));
    return;
  }
  List l = read_list(values, args[0]);
  if (op == "TensorListLength") {
    results[0] = values.tensor(
        integer_tensor(eval::DType::I32, {}, {static_cast<std::int64_t>(l.items.size())}));
  } else if (op == "TensorListElementShape") {
    if (attrs.to != eval::DType::I32 && attrs.to != eval::DType::I64) fail(eval::ErrorKind::Type);
    results[0] = values.tensor(
        l.shape.known_rank
            ? integer_tensor(attrs.to, {static_cast<std::int64_t>(l.shape.dims.size())},
                             l.shape.dims)
            : integer_tensor(attrs.to, {}, {-1}));
  } else if (op == "TensorListGetItem") {
    check_dtype(l, attrs.to);
    const auto i = static_cast<std::size_t>(checked_index(l, tensor(1)));
    results[0] = element_or_zeros(values, l, i, tensor(2));
  } else if (op == "TensorListSetItem") {
    check_dtype(l, attrs.to);
    const auto i = static_cast<std::size_t>(checked_index(l, tensor(1)));
    l.items[i] = checked_element(values, l, args[2]);
    results[0] = write_list(values, l);
  } else if (op == "TensorListStack") {
    results[0] = values.tensor(stack(values, l, attrs, tensor(1)));
  } else if (op == "TensorListPushBack") {
    check_dtype(l, attrs.to);
    const ValueId item = checked_element(values, l, args[1]);
    const auto size = static_cast<std::int64_t>(l.items.size());
    if ((l.max != -1 && size >= l.max) || size >= kMaxListElements) fail(eval::ErrorKind::Shape);
    l.items.push_back(item);
    results[0] = write_list(values, l);
  } else {
    TFMC_CHECK(op == "TensorListPopBack", "an unknown TensorList op");
    check_dtype(l, attrs.to);
    if (l.items.empty()) fail(eval::ErrorKind::Shape);
    results[1] = element_or_zeros(values, l, l.items.size() - 1, tensor(1));
    l.items.pop_back();
    results[0] = write_list(values, l);
  }
}

bool is_unset(const ValueStore& values, ValueId item) {
  return values.get(item).kind == ValueKind::Symbol;
}

// TensorListZerosLike: each set element's zeros (ZerosLikeTensor), unset ones left unset.
List zeros_like(ValueStore& values, const List& l) {
  List out{l.dtype, l.shape, -1, {}};
  for (ValueId item : l.items) {
    const eval::Tensor& t = values.get(item).tensor;
    out.items.push_back(is_unset(values, item) ? item : values.tensor(zeros(t.dtype, t.shape)));
  }
  return out;
}

// BinaryAddTensors of two elements of one list: an unset one gives the other.
ValueId add_elements(ValueStore& values, eval::Evaluator& evaluator, ValueId a, ValueId b) {
  if (is_unset(values, a)) return b;
  if (is_unset(values, b)) return a;
  const eval::Tensor& x = values.get(a).tensor;
  const eval::Tensor& y = values.get(b).tensor;
  if (x.shape != y.shape) fail(eval::ErrorKind::Shape);
  if (x.dtype == eval::DType::Bool) fail(eval::ErrorKind::Type);  // TensorFlow adds numbers only
  const eval::Tensor* operands[] = {&x, &y};
  eval::EvalResult r = evaluator.evaluate(eval::BuiltinOp::Add, eval::OpAttrs{}, operands);
  if (const auto* e = std::get_if<eval::ErrorKind>(&r)) fail(*e);
  return values.tensor(std::move(std::get<std::vector<eval::Tensor>>(r)[0]));
}

// TensorListBinaryAdd: the element shape both lists describe, the elements added pairwise.
List add(ValueStore& values, eval::Evaluator& evaluator, const List& a, const List& b) {
  if (a.dtype != b.dtype) fail(eval::ErrorKind::Type);
  List out{a.dtype, merge(a.shape, b.shape), -1, {}};
  if (a.items.size() != b.items.size()) fail(eval::ErrorKind::Shape);
  for (std::size_t k = 0; k < a.items.size(); ++k) {
    out.items.push_back(add_elements(values, evaluator, a.items[k], b.items[k]));
  }
  return out;
}

// AddNVariant's tree: in rounds of doubling stride, term i - skip absorbs term i, and where a
// round leaves an odd term at its end, term 0 absorbs it and the count shrinks. Sums of
// three or more lists round differently in another order, so it is TensorFlow's own.
List add_n(ValueStore& values, eval::Evaluator& evaluator, std::vector<List> terms) {
  std::size_t n = terms.size();
  for (std::size_t skip = 1; skip < n; skip *= 2) {
    std::size_t i = skip;
    for (; i < n; i += 2 * skip) {
      terms[i - skip] = add(values, evaluator, terms[i - skip], terms[i]);
    }
    if (i == n) {
      terms[0] = add(values, evaluator, terms[0], terms[i - skip]);
      n -= skip;
    }
  }
  return terms[0];
}

}  // namespace

bool is_tensor_list(const ValueStore& values, ValueId id) {
  const Value& v = values.get(id);
  if (v.kind != ValueKind::Sequence || v.args.empty()) return false;
  const Value& header = values.get(v.args[0]);
  return header.kind == ValueKind::Symbol && header.head.starts_with(kHeaderStart);
}

bool computes_on_lists(eval::BuiltinOp op) {
  return op == eval::BuiltinOp::AddN || op == eval::BuiltinOp::ZerosLike;
}

void apply_list_arithmetic(eval::BuiltinOp op, std::span<const ValueId> args, ValueStore& values,
                           eval::Evaluator& evaluator, ValueId* result) {
  TFMC_CHECK(computes_on_lists(op), "an op that does not compute on TensorLists");
  if (args.size() == 1 && op == eval::BuiltinOp::AddN) {
    *result = args[0];  // TensorFlow passes a lone term on as it is, its bound kept
    return;
  }
  try {
    std::vector<List> lists;
    for (ValueId a : args) lists.push_back(read_list(values, a));
    *result = write_list(values, op == eval::BuiltinOp::ZerosLike
                                     ? zeros_like(values, lists[0])
                                     : add_n(values, evaluator, std::move(lists)));
  } catch (const Failure& f) {
    *result = values.error(f.kind);
  }
}

void apply_tensor_list_op(std::string_view op, const eval::OpAttrs& attrs,
                          std::span<const ValueId> args, ValueStore& values, ValueId* results) {
  try {
    compute(op, attrs, args, values, results);
  } catch (const Failure& f) {
    const ValueId error = values.error(f.kind);
    std::fill(results, results + (op == "TensorListPopBack" ? 2 : 1), error);
  }
}

}  // namespace tfmc::sem
