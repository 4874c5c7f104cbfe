// Batched evaluation (transition_system.h batches, function.h prefetch): exploring with an
// evaluator that prefers batches must give exactly what exploring without batches gives —
// the same states, transitions, final states and value ids — on programs with many
// evaluations: races of SGD steps on 6 x 6 weights with MatMuls, and random programs of the
// differential corpus, with and without loops, at every reduction level. (The explorer's
// groups are small, 32 successors, so a batch holds the few evaluations that the memo does
// not already hold; larger batches for a device are a matter of the group size.) The batching
// evaluator is the CPU backend that asks for batches and counts them, so no device is needed.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "checker/explorer.h"
#include "checker/reduced_model.h"
#include "differential/random_loop_program.h"
#include "differential/random_program.h"
#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"

namespace {

using namespace tfmc;

class BatchingCpu : public eval::CpuEvaluator {
 public:
  bool prefers_batches() const override { return true; }
  std::vector<eval::EvalResult> evaluate_batch(std::span<const eval::EvalRequest> r) override {
    ++batches;
    batched += r.size();
    in_batch_ = true;
    std::vector<eval::EvalResult> out = eval::CpuEvaluator::evaluate_batch(r);
    in_batch_ = false;
    return out;
  }
  eval::EvalResult evaluate(eval::BuiltinOp op, const eval::OpAttrs& attrs,
                            std::span<const eval::Tensor* const> args) override {
    if (!in_batch_) ++single;
    return eval::CpuEvaluator::evaluate(op, attrs, args);
  }
  std::uint64_t batches = 0, batched = 0, single = 0;

 private:
  bool in_batch_ = false;
};

class CountingCpu : public eval::CpuEvaluator {
 public:
  eval::EvalResult evaluate(eval::BuiltinOp op, const eval::OpAttrs& attrs,
                            std::span<const eval::Tensor* const> args) override {
    ++calls;
    return eval::CpuEvaluator::evaluate(op, attrs, args);
  }
  std::uint64_t calls = 0;
};

struct Run {
  check::Exploration exploration;
  std::vector<std::vector<Slot>> finals;  // the final states, slots and value ids
  std::size_t values = 0;
};

Run explore(const std::string& text, eval::Evaluator& evaluator, check::Reduction reduction) {
  sem::ValueStore values;
  const sem::Program program = sem::load_program_text("t.tfg", text, {}, values, 2);
  sem::GraphModel model(program, values, evaluator);
  std::optional<check::ReducedModel> reduced;
  if (reduction != check::Reduction::None) reduced.emplace(model, reduction);
  TransitionSystem& explored = reduced ? static_cast<TransitionSystem&>(*reduced) : model;
  check::Explorer explorer(explored, {});
  Run r;
  r.exploration = explorer.run();
  for (const check::StateIndex f : r.exploration.finals) r.finals.push_back(explorer.state(f));
  r.values = values.size();
  return r;
}

// Three workers racing SGD steps on w, each with two MatMuls.
std::string sgd_program() {
  std::string text =
      "var w = f32[6,6]{0.5}\n"
      "dims = Const {value=i32[2]{6, 6}}\n"
      "xv = Const {value=f32{0.25}}\n"
      "x = Fill(dims, xv)\n";
  for (int k = 1; k <= 3; ++k) {
    const std::string s = std::to_string(k);
    text += "r" + s + " = Read(&w)\np" + s + " = MatMul(x, r" + s + ")\nq" + s + " = MatMul(p" + s +
            ", x)\nd" + s + " = Sub(r" + s + ", q" + s + ")\nu" + s + " = Write(&w, d" + s + ")\n";
  }
  return text + "final = Read(&w) after u1, u2, u3\ny = MatMul(x, final)\noutput y\n";
}

}  // namespace

TEST_CASE("batched evaluation explores exactly as evaluation one by one", "[checker][batch]") {
  std::vector<std::string> programs = {sgd_program()};
  for (std::uint32_t seed = 1; seed <= 8; ++seed) {
    programs.push_back(difftest::to_tfg(difftest::generate_program(seed)));
    programs.push_back(difftest::generate_loop_program(seed).text);
  }
  std::uint64_t batches = 0, evaluations_in_batches = 0;
  for (std::size_t k = 0; k < programs.size(); ++k) {
    for (const check::Reduction level :
         {check::Reduction::None, check::Reduction::Eager, check::Reduction::Stubborn}) {
      INFO("program " << k << " at reduction level " << static_cast<int>(level) << "\n"
                      << programs[k]);
      CountingCpu one_by_one;
      BatchingCpu batching;
      const Run plain = explore(programs[k], one_by_one, level);
      const Run batched = explore(programs[k], batching, level);
      CHECK(batched.exploration.states == plain.exploration.states);
      CHECK(batched.exploration.transitions == plain.exploration.transitions);
      CHECK(batched.finals == plain.finals);
      CHECK(batched.values == plain.values);
      // Every evaluation made in a batch was used: none was made twice or for nothing.
      CHECK(batching.batched + batching.single == one_by_one.calls);
      batches += batching.batches;
      evaluations_in_batches += batching.batched;
      // Without a reduction every firing is announced first: nothing is evaluated alone.
      if (level == check::Reduction::None) CHECK(batching.single == 0);
    }
  }
  CHECK(batches > 0);
  CHECK(evaluations_in_batches > batches);  // several evaluations per batch, on average
}
