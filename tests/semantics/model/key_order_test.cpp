// key_order (semantics/model/key_order.h): each slot once, and the slots that one transition
// writes together in lost_update's towers, where the graph's own slot order spreads them over
// the whole key.
#include "semantics/model/key_order.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"
#include "support/programs.h"

namespace {

// The widest span of key positions that one transition's writes take, leaving out the slots
// that more than two transitions write (the variable every tower writes).
std::size_t widest_write(const tfmc::DependencyModel& model,
                         const std::vector<std::uint32_t>& order) {
  std::vector<std::size_t> position(model.slot_count()), writers(model.slot_count(), 0);
  for (std::size_t p = 0; p < order.size(); ++p) position[order[p]] = p;
  for (tfmc::TransitionId t = 0; t < model.transition_count(); ++t) {
    for (const std::uint32_t s : model.writes(t)) ++writers[s];
  }
  std::size_t widest = 0;
  for (tfmc::TransitionId t = 0; t < model.transition_count(); ++t) {
    std::size_t low = order.size(), high = 0;
    for (const std::uint32_t s : model.writes(t)) {
      if (writers[s] > 2) continue;
      low = std::min(low, position[s]);
      high = std::max(high, position[s]);
    }
    if (low <= high) widest = std::max(widest, high - low);
  }
  return widest;
}

}  // namespace

TEST_CASE("key_order keeps each lost_update tower's slots together", "[semantics][key_order]") {
  const int towers = GENERATE(1, 2, 5, 8);
  tfmc::sem::ValueStore values;
  const tfmc::sem::Program program =
      tfmc::sem::load_program_text("lu.tfg", tfmc::test::lost_update_program(towers), {}, values);
  tfmc::eval::CpuEvaluator evaluator;
  const tfmc::sem::GraphModel model(program, values, evaluator);
  const std::vector<std::uint32_t> order = tfmc::key_order(model);
  INFO(towers << " towers, " << model.slot_count() << " slots");
  std::vector<std::uint32_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint32_t> every(model.slot_count());
  for (std::uint32_t s = 0; s < every.size(); ++s) every[s] = s;
  CHECK(sorted == every);
  CHECK(model.key_order() == order);
  // A tower has 8 slots of its own (its edges, handles and GO edges): each firing's lie in one
  // run of them. In the slots' own order a firing's lie in runs of data edges, handles and GO
  // edges, one block each for all towers.
  CHECK(widest_write(model, order) < 8);
  if (towers >= 2) CHECK(widest_write(model, every) >= 3 * static_cast<std::size_t>(towers));
}
