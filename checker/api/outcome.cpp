#include "checker/api/outcome.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace tfmc::api {
namespace {

using PrintedPairs = std::vector<std::pair<std::string, std::string>>;

PrintedPairs printed(const std::vector<NamedValue>& named, const sem::ValueStore& values,
                     std::map<sem::ValueId, std::string>& cache) {
  PrintedPairs out;
  for (const NamedValue& v : named) {
    auto it = cache.find(v.value);
    if (it == cache.end()) it = cache.emplace(v.value, values.print(v.value)).first;
    out.emplace_back(v.name, it->second);
  }
  return out;
}

const std::vector<std::string> kNoNodes;

}  // namespace

OutcomeKey identity(const Outcome& o, Matching m) {
  return {o.outputs, o.variables, o.stuck, m == Matching::WithinProgram ? o.blocked : kNoNodes,
          o.bounds};
}

void sort_outcomes(std::vector<Outcome>& outcomes, const sem::ValueStore& values) {
  // Each outcome's printed pairs once, then one sort of indices over them.
  std::map<sem::ValueId, std::string> cache;
  std::vector<std::pair<PrintedPairs, PrintedPairs>> keys;
  for (const Outcome& o : outcomes) {
    keys.emplace_back(printed(o.outputs, values, cache), printed(o.variables, values, cache));
  }
  std::vector<std::size_t> order(outcomes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::tie(keys[a].first, keys[a].second, outcomes[a].stuck, outcomes[a].blocked,
                    outcomes[a].bounds) < std::tie(keys[b].first, keys[b].second, outcomes[b].stuck,
                                                   outcomes[b].blocked, outcomes[b].bounds);
  });
  std::vector<Outcome> sorted;
  sorted.reserve(outcomes.size());
  for (std::size_t i : order) sorted.push_back(std::move(outcomes[i]));
  outcomes = std::move(sorted);
}

bool same_outcomes(const std::vector<Outcome>& a, const std::vector<Outcome>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Outcome& x, const Outcome& y) {
    return identity(x, Matching::WithinProgram) == identity(y, Matching::WithinProgram);
  });
}

std::vector<Outcome> difference(const std::vector<Outcome>& from,
                                const std::vector<Outcome>& without, Matching m) {
  // The keys refer to the outcomes of `without`, which outlive the set.
  std::set<OutcomeKey> other;
  for (const Outcome& o : without) other.insert(identity(o, m));
  std::vector<Outcome> out;
  for (const Outcome& o : from) {
    if (other.count(identity(o, m)) == 0) out.push_back(o);
  }
  return out;
}

}  // namespace tfmc::api
