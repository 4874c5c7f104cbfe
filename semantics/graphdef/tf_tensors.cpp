#include "semantics/graphdef/tf_tensors.h"

#include <fmt/format.h>

#include <cstring>
#include <vector>

namespace tfmc::sem {
namespace {

// Appends the fill rule's elements: `count` elements from `vals` (the last repeating), or
// zeros when `vals` is empty.
template <typename Out, typename Vals>
bool fill_elements(const Vals& vals, std::int64_t count, std::vector<std::uint8_t>& bytes,
                   std::string& error) {
  if (static_cast<std::int64_t>(vals.size()) > count) {
    error = fmt::format("it holds {} values for {} elements", vals.size(), count);
    return false;
  }
  bytes.resize(static_cast<std::size_t>(count) * sizeof(Out));
  for (std::int64_t i = 0; i < count; ++i) {
    Out v{};
    if (!vals.empty()) {
      v = static_cast<Out>(vals[static_cast<int>(std::min<std::int64_t>(i, vals.size() - 1))]);
    }
    std::memcpy(bytes.data() + i * static_cast<std::int64_t>(sizeof(Out)), &v, sizeof(Out));
  }
  return true;
}

std::string c_escaped(const std::string& s) {
  std::string out;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      out += fmt::format("\\{:03o}", u);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::optional<eval::DType> dtype_of(tf::DataType type) {
  const int base = type > 100 ? type - 100 : type;
  switch (base) {
    case tf::DT_FLOAT:
      return eval::DType::F32;
    case tf::DT_DOUBLE:
      return eval::DType::F64;
    case tf::DT_INT32:
      return eval::DType::I32;
    case tf::DT_INT64:
      return eval::DType::I64;
    case tf::DT_BOOL:
      return eval::DType::Bool;
    default:
      return std::nullopt;
  }
}

std::string tf_type_name(tf::DataType type) {
  const std::string& name = tf::DataType_Name(type);
  return name.empty() ? fmt::format("type {}", static_cast<int>(type)) : name;
}

std::string declared_type(tf::DataType type, const tf::TensorShapeProto& shape) {
  const auto dtype = dtype_of(type);
  const std::string name = dtype                    ? std::string(eval::dtype_name(*dtype))
                           : type == tf::DT_INVALID ? std::string("?")
                                                    : tf_type_name(type);
  if (shape.unknown_rank()) return name + "[*]";
  std::vector<std::string> dims;
  for (const auto& dim : shape.dim()) {
    dims.push_back(dim.size() >= 0 ? std::to_string(dim.size()) : "?");
  }
  return fmt::format("{}[{}]", name, fmt::join(dims, ","));
}

std::string declared_type(const tf::NodeDef& node) {
  const auto dtype = node.attr().find("dtype");
  const auto shape = node.attr().find("shape");
  tf::TensorShapeProto dims;
  if (shape != node.attr().end()) {
    dims = shape->second.shape();
  } else {
    dims.set_unknown_rank(true);
  }
  return declared_type(dtype == node.attr().end() ? tf::DT_INVALID : dtype->second.type(), dims);
}

bool shape_admits(const tf::NodeDef& node, const std::vector<std::int64_t>& shape) {
  const auto attr = node.attr().find("shape");
  if (attr == node.attr().end() || attr->second.shape().unknown_rank()) return true;
  const auto& dims = attr->second.shape().dim();
  if (static_cast<std::size_t>(dims.size()) != shape.size()) return false;
  for (int k = 0; k < dims.size(); ++k) {
    if (dims[k].size() >= 0 && dims[k].size() != shape[k]) return false;
  }
  return true;
}

const tf::TensorProto* const_tensor(const tf::NodeDef& node) {
  if (node.op() != "Const") return nullptr;
  const auto it = node.attr().find("value");
  return it == node.attr().end() || !it->second.has_tensor() ? nullptr : &it->second.tensor();
}

std::optional<eval::Tensor> tensor_of(const tf::TensorProto& proto, std::string& error) {
  const auto dtype = dtype_of(proto.dtype());
  if (!dtype) {
    error = fmt::format(
        "its dtype {} is not one of tfmc's (DT_FLOAT, DT_DOUBLE, DT_INT32, "
        "DT_INT64, DT_BOOL)",
        tf_type_name(proto.dtype()));
    return std::nullopt;
  }
  eval::Tensor t;
  t.dtype = *dtype;
  std::int64_t count = 1;
  for (const auto& dim : proto.tensor_shape().dim()) {
    if (dim.size() < 0) {
      error = "its shape has an unknown dimension";
      return std::nullopt;
    }
    if (dim.size() > 0 && count > kMaxConstElements / dim.size()) {
      error = fmt::format("it has more than {} elements", kMaxConstElements);
      return std::nullopt;
    }
    count *= dim.size();
    t.shape.push_back(dim.size());
  }
  if (count > kMaxConstElements) {
    error = fmt::format("it has more than {} elements", kMaxConstElements);
    return std::nullopt;
  }
  const std::size_t size = eval::dtype_size(t.dtype);
  if (!proto.tensor_content().empty()) {
    const std::string& content = proto.tensor_content();
    if (content.size() != static_cast<std::size_t>(count) * size) {
      error = fmt::format("its tensor_content has {} bytes for {} elements of {} bytes",
                          content.size(), count, size);
      return std::nullopt;
    }
    t.bytes.assign(content.begin(), content.end());
    if (t.dtype == eval::DType::Bool) {
      for (std::uint8_t& b : t.bytes) b = b != 0 ? 1 : 0;
    }
    return t;
  }
  bool ok = false;
  switch (t.dtype) {
    case eval::DType::F32:
      ok = fill_elements<float>(proto.float_val(), count, t.bytes, error);
      break;
    case eval::DType::F64:
      ok = fill_elements<double>(proto.double_val(), count, t.bytes, error);
      break;
    case eval::DType::I32:
      ok = fill_elements<std::int32_t>(proto.int_val(), count, t.bytes, error);
      break;
    case eval::DType::I64:
      ok = fill_elements<std::int64_t>(proto.int64_val(), count, t.bytes, error);
      break;
    case eval::DType::Bool:
      ok = fill_elements<std::uint8_t>(proto.bool_val(), count, t.bytes, error);
      break;
  }
  if (!ok) return std::nullopt;
  return t;
}

std::string string_symbol(const tf::TensorProto& proto) {
  std::vector<std::string> quoted;
  for (const std::string& s : proto.string_val()) quoted.push_back('"' + c_escaped(s) + '"');
  if (proto.tensor_shape().dim_size() == 0 && quoted.size() == 1) return quoted[0];
  std::vector<std::int64_t> dims;
  for (const auto& dim : proto.tensor_shape().dim()) dims.push_back(dim.size());
  return fmt::format("string[{}]{{{}}}", fmt::join(dims, ","), fmt::join(quoted, ", "));
}

}  // namespace tfmc::sem
