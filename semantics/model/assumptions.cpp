#include "semantics/model/assumptions.h"

#include <algorithm>

#include "semantics/errors/invariant.h"

namespace tfmc::sem {
namespace {

ValueId bool_value(ValueStore& values, bool v) {
  return values.tensor(eval::Tensor{eval::DType::Bool, {}, {static_cast<std::uint8_t>(v)}});
}

}  // namespace

bool has_assumption_slot(const Program& p) {
  return std::any_of(p.nodes.begin(), p.nodes.end(),
                     [](const Node& n) { return n.kind == NodeKind::Switch; });
}

std::size_t model_slot_count(const Program& p) {
  return p.slot_count() + (has_assumption_slot(p) ? 1 : 0);
}

AssumptionSets::AssumptionSets(ValueStore& values)
    : values_(values),
      none_(values.sequence({})),
      truth_{bool_value(values, false), bool_value(values, true)} {}

std::optional<bool> AssumptionSets::assumed(ValueId set, ValueId condition) const {
  const std::vector<ValueId>& items = values_.get(set).args;
  for (std::size_t k = 0; k < items.size(); k += 2) {
    if (items[k] == condition) return items[k + 1] == truth_[1];
  }
  return std::nullopt;
}

ValueId AssumptionSets::with(ValueId set, ValueId condition, bool truth) const {
  // A copy: interning the new set may move the store's values.
  std::vector<ValueId> items = values_.get(set).args;
  const std::string text = values_.print(condition);
  std::size_t at = 0;
  while (at < items.size()) {
    TFMC_CHECK(items[at] != condition, "a condition assumed twice");
    const std::string other = values_.print(items[at]);
    // Equal texts (never met: printing is canonical) fall back on the ids.
    if (std::make_pair(text, condition) < std::make_pair(other, items[at])) break;
    at += 2;
  }
  items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), {condition, truth_[truth ? 1 : 0]});
  return values_.sequence(std::move(items));
}

std::vector<Assumption> AssumptionSets::list(ValueId set) const {
  const std::vector<ValueId>& items = values_.get(set).args;
  std::vector<Assumption> out;
  for (std::size_t k = 0; k < items.size(); k += 2) {
    out.emplace_back(items[k], items[k + 1] == truth_[1]);
  }
  return out;
}

}  // namespace tfmc::sem
