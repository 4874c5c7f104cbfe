#include "gpu_eval/tensor.h"

namespace tfmc::eval {

std::size_t dtype_size(DType t) {
  switch (t) {
    case DType::F32:
      return 4;
    case DType::F64:
      return 8;
    case DType::I32:
      return 4;
    case DType::I64:
      return 8;
    case DType::Bool:
      return 1;
  }
  return 0;
}

std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::F32:
      return "f32";
    case DType::F64:
      return "f64";
    case DType::I32:
      return "i32";
    case DType::I64:
      return "i64";
    case DType::Bool:
      return "bool";
  }
  return "?";
}

std::optional<DType> dtype_from_name(std::string_view name) {
  for (DType t : {DType::F32, DType::F64, DType::I32, DType::I64, DType::Bool}) {
    if (dtype_name(t) == name) return t;
  }
  return std::nullopt;
}

std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t n = 1;
  for (std::int64_t d : shape) n *= d;
  return n;
}

std::string_view error_kind_name(ErrorKind e) {
  switch (e) {
    case ErrorKind::Uninitialized:
      return "uninitialized";
    case ErrorKind::Shape:
      return "shape";
    case ErrorKind::Type:
      return "type";
    case ErrorKind::Arithmetic:
      return "arithmetic";
  }
  return "?";
}

}  // namespace tfmc::eval
