#include "fuzz/records_fuzz_one.h"

#include <exception>
#include <random>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"
#include "semantics/model/graph_state_codec.h"

namespace tfmc::test {

namespace {

const char* kProgram =
    "var x = i32{0}\n"
    "queue q {capacity=2}\n"
    "input A\n"
    "one = Const {value=i32{1}}\n"
    "two = Const {value=f32[2]{0.5, 2}}\n"
    "a = AssignAdd(&x, one)\n"
    "e = Enqueue(&q, A)\n"
    "d = Dequeue(&q)\n"
    "b = Mul(two, two)\n"
    "section S : one, a\n"
    "output b\n"
    "output d\n";

}  // namespace

std::string read_records_once(std::string_view bytes) {
  sem::ValueStore values;
  const sem::Program program = sem::load_program_text("records.tfg", kProgram, {}, values);
  sem::GraphStateCodec codec(program, values, 1);
  const std::size_t value_slots = program.slot_count() - program.sections.size();
  // A copy of exactly the bytes, so that a read past them is a read past the allocation.
  const std::vector<unsigned char> data(bytes.begin(), bytes.end());
  const unsigned char* at = data.data();
  const unsigned char* const end = data.data() + data.size();
  std::vector<Slot> state(program.slot_count());
  try {
    while (at != end) {
      const unsigned char* next = codec.read(0, at, end, state.data());
      if (next <= at || next > end) return "a record read ends outside the bytes it was given";
      at = next;
      for (std::size_t k = 0; k < value_slots; ++k) {
        if (state[k] >= values.size()) return "a slot read holds an id the store does not hold";
        values.print(state[k]);
      }
    }
  } catch (const sem::ValueExchangeError&) {
    return "";  // malformed records, rejected
  } catch (const std::exception& e) {
    return std::string("reading records threw another exception: ") + e.what();
  }
  return "";
}

std::vector<unsigned char> valid_records(std::uint32_t seed) {
  sem::ValueStore values;
  const sem::Program program = sem::load_program_text("records.tfg", kProgram, {}, values);
  eval::CpuEvaluator evaluator;
  sem::GraphModel model(program, values, evaluator);
  sem::GraphStateCodec codec(program, values, 1);
  std::mt19937 rng(seed);
  std::vector<Slot> state(model.slot_count());
  model.initial_state(state.data());
  std::vector<unsigned char> out;
  for (;;) {
    codec.write(0, state.data(), out);
    std::vector<TransitionId> enabled;
    model.enabled(state.data(), enabled);
    if (enabled.empty()) return out;
    model.fire(state.data(), enabled[rng() % enabled.size()], state.data());
  }
}

}  // namespace tfmc::test
