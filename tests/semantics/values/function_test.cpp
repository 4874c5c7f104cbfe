// FunctionApplier: pass-through kinds, errors before terms, terms on symbols, evaluation on
// concrete tensors, and memoization (no evaluation twice).
#include "semantics/values/function.h"

#include <catch2/catch.hpp>
#include <cstring>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/op_catalog.h"

namespace {

using namespace tfmc;
using sem::FunctionKind;
using sem::ValueId;

struct Fixture {
  sem::FunctionTable table;
  sem::ValueStore values;
  eval::CpuEvaluator evaluator;

  sem::FunctionId builtin(const std::string& op) {
    sem::DiagnosticList diags("t.tfg", "");
    auto f = sem::make_builtin_function(op, {}, 1, {}, values, diags);
    REQUIRE(f);
    return table.add(*f);
  }
  ValueId i32(std::int32_t v) {
    eval::Tensor t;
    t.dtype = eval::DType::I32;
    t.bytes.resize(4);
    std::memcpy(t.bytes.data(), &v, 4);
    return values.tensor(t);
  }
};

}  // namespace

TEST_CASE("functions follow the error, term and evaluation rules", "[function]") {
  Fixture fx;
  const auto add = fx.builtin("Add");
  const auto copy = fx.builtin("Copy");
  sem::FunctionApplier apply(fx.table, fx.values, fx.evaluator);
  const ValueId a = fx.values.symbol("A");
  const ValueId err = fx.values.error(eval::ErrorKind::Shape);
  const ValueId err2 = fx.values.error(eval::ErrorKind::Type);
  ValueId out[2];

  const ValueId two_three[2] = {fx.i32(2), fx.i32(3)};
  apply.apply(add, two_three, out);
  CHECK(fx.values.print(out[0]) == "i32{5}");
  CHECK(apply.evaluations() == 1);
  apply.apply(add, two_three, out);  // memoized
  CHECK(apply.evaluations() == 1);

  const ValueId sym[2] = {a, fx.i32(1)};
  apply.apply(add, sym, out);
  CHECK(fx.values.print(out[0]) == "Add(A, i32{1})");

  const ValueId errors[2] = {a, err};  // the error wins over the symbol
  apply.apply(add, errors, out);
  CHECK(out[0] == err);
  const ValueId two_errors[2] = {err2, err};  // the first error in argument order
  apply.apply(add, two_errors, out);
  CHECK(out[0] == err2);

  const ValueId one[1] = {err};  // Copy passes errors through, on both outputs
  apply.apply(copy, one, out);
  CHECK(out[0] == err);
  CHECK(out[1] == err);
  CHECK(fx.table.get(copy).kind == FunctionKind::Copy);
}

TEST_CASE("the function table keeps each distinct function once", "[function]") {
  Fixture fx;
  CHECK(fx.builtin("Add") == fx.builtin("Add"));
  CHECK(fx.builtin("Add") != fx.builtin("Sub"));
  CHECK(fx.table.size() == 2);
}
