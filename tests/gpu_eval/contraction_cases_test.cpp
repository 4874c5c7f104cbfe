// BatchMatMulV2 and Einsum against TensorFlow: every case of contraction_cases.inc, written by
// tools/tf/make_contraction_cases.py from TensorFlow 2.21's CPU kernels, gives TensorFlow's
// bits (broadcast batches, every adj_x and adj_y, matrix-vector shapes, empty sums, Keras's
// EinsumDense and MultiHeadAttention equations and their gradients'); and the shapes, dtypes
// and equations TensorFlow rejects give Error(shape) or Error(type).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "cpu_evaluator_checks.h"
#include "gpu_eval/einsum_plan.h"

namespace {

using namespace cpu_evaluator_checks;

struct ContractionCase {
  const char* op;
  bool adj_x;
  bool adj_y;
  const char* equation;
  std::vector<const char*> inputs;
  const char* result;  // TensorFlow's
};

const std::vector<ContractionCase>& cases() {
  static const std::vector<ContractionCase> kCases = {
#include "contraction_cases.inc"
  };
  return kCases;
}

OpAttrs adjoints(bool x, bool y) {
  OpAttrs attrs;
  attrs.adj_x = x;
  attrs.adj_y = y;
  return attrs;
}

OpAttrs equation(const char* e) {
  OpAttrs attrs;
  attrs.equation = e;
  return attrs;
}

}  // namespace

TEST_CASE("BatchMatMulV2 and Einsum give TensorFlow's bits", "[contraction]") {
  int einsums = 0;
  for (const ContractionCase& c : cases()) {
    const bool is_einsum = std::string(c.op) == "Einsum";
    einsums += is_einsum ? 1 : 0;
    INFO(c.op << " " << c.equation << " adj_x=" << c.adj_x << " adj_y=" << c.adj_y);
    const std::vector<std::string_view> args(c.inputs.begin(), c.inputs.end());
    const std::string got = is_einsum
                                ? run(BuiltinOp::Einsum, args, equation(c.equation))
                                : run(BuiltinOp::BatchMatMulV2, args, adjoints(c.adj_x, c.adj_y));
    CHECK(got == tfmc::sem::format_tensor(literal(c.result)));
  }
  CHECK(einsums >= 19);
  CHECK(cases().size() - static_cast<std::size_t>(einsums) >= 13);
}

TEST_CASE("BatchMatMulV2 rejects what TensorFlow rejects", "[contraction]") {
  // Inner dimensions that differ, batches that do not broadcast, a vector.
  CHECK(run(BuiltinOp::BatchMatMulV2, {"f32[2,3]{1,2,3,4,5,6}", "f32[2,3]{1,2,3,4,5,6}"}) ==
        "Error(shape)");
  CHECK(run(BuiltinOp::BatchMatMulV2, {"f32[2,1,1]{1,2}", "f32[3,1,1]{1,2,3}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::BatchMatMulV2, {"f32[2]{1,2}", "f32[2,1]{1,2}"}) == "Error(shape)");
  CHECK(run(BuiltinOp::BatchMatMulV2, {"f32[1,1]{1}", "f64[1,1]{1}"}) == "Error(type)");
  CHECK(run(BuiltinOp::BatchMatMulV2, {"bool[1,1]{true}", "bool[1,1]{true}"}) == "Error(type)");
  // adj_y reads y transposed: [2,3] times [2,3]^T.
  CHECK(run(BuiltinOp::BatchMatMulV2, {"i32[2,3]{1,2,3,4,5,6}", "i32[2,3]{1,0,0,0,1,0}"},
            adjoints(false, true)) == "i32[2,2]{1, 2, 4, 5}");
  // Integers wrap.
  CHECK(run(BuiltinOp::BatchMatMulV2, {"i32[1,2]{2147483647, 1}", "i32[2,1]{1, 1}"}) ==
        "i32[1,1]{-2147483648}");
}

TEST_CASE("Einsum rejects operands its equation does not name", "[contraction]") {
  CHECK(run(BuiltinOp::Einsum, {"f32[2,3]{1,2,3,4,5,6}", "f32[2,3]{1,2,3,4,5,6}"},
            equation("ab,bc->ac")) == "Error(shape)");
  CHECK(run(BuiltinOp::Einsum, {"f32[2,3]{1,2,3,4,5,6}"}, equation("ab,bc->ac")) == "Error(shape)");
  CHECK(run(BuiltinOp::Einsum, {"f32[2]{1,2}"}, equation("ab->a")) == "Error(shape)");
  CHECK(run(BuiltinOp::Einsum, {"i32[2]{1,2}"}, equation("a->a")) == "Error(type)");
}

TEST_CASE("Einsum plans say which equations tfmc cannot take", "[contraction]") {
  using tfmc::eval::cpu::EinsumPlan;
  using tfmc::eval::cpu::plan_einsum;
  const auto why = [](const char* e) {
    const auto p = plan_einsum(e);
    return std::holds_alternative<std::string>(p) ? std::get<std::string>(p) : "";
  };
  CHECK(why("ab,bc") == "an explicit output (\"->\")");
  CHECK(why("...a,ab->...b") == "no ellipsis (\"...\")");
  CHECK(why("ii->i") == "no label twice in one operand or the output");
  CHECK(why("a,a,a->a") == "one or two operands");
  CHECK(why("ab->c") == "every output label in an operand");
  CHECK(why("a1->a") == "letters for labels");
  const auto plan = plan_einsum("abc,cde->abde");
  REQUIRE(std::holds_alternative<EinsumPlan>(plan));
  CHECK(std::get<EinsumPlan>(plan).operands == std::vector<std::vector<int>>{{0, 1, 2}, {2, 3, 4}});
  CHECK(std::get<EinsumPlan>(plan).output == std::vector<int>{0, 1, 3, 4});
  CHECK(tfmc::eval::cpu::equation_name("abc,cde->abde") == "abc.cde-abde");
  CHECK(tfmc::eval::cpu::equation_from_name("abc.cde-abde") == "abc,cde->abde");
}
