#include "gpu_eval/tensor.h"

namespace tfmc::eval {

namespace {

struct DTypeFacts {
  DType dtype;
  std::string_view name;
  std::size_t size;
};

constexpr DTypeFacts kDTypes[] = {{DType::F32, "f32", 4},
                                  {DType::F64, "f64", 8},
                                  {DType::I32, "i32", 4},
                                  {DType::I64, "i64", 8},
                                  {DType::Bool, "bool", 1}};

const DTypeFacts* facts(DType t) {
  for (const DTypeFacts& f : kDTypes) {
    if (f.dtype == t) return &f;
  }
  return nullptr;
}

}  // namespace

std::size_t dtype_size(DType t) {
  const DTypeFacts* f = facts(t);
  return f ? f->size : 0;
}

std::string_view dtype_name(DType t) {
  const DTypeFacts* f = facts(t);
  return f ? f->name : "?";
}

std::optional<DType> dtype_from_name(std::string_view name) {
  for (const DTypeFacts& f : kDTypes) {
    if (f.name == name) return f.dtype;
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
