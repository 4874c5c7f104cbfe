#include "checker/api/outcome.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "semantics/values/canonical_order.h"

namespace tfmc::api {
namespace {

// Negative, zero or positive as `a` is before, equal to or after `b` as lists of (name, value
// text) pairs.
int compare_named(const std::vector<NamedValue>& a, const std::vector<NamedValue>& b,
                  sem::CanonicalOrder& order) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (const int c = a[i].name.compare(b[i].name); c != 0) return c;
    if (const int c = order.compare(a[i].value, b[i].value); c != 0) return c;
  }
  return a.size() < b.size() ? -1 : a.size() > b.size() ? 1 : 0;
}

const std::vector<std::string> kNoNodes;

// An assumption set as the conditions and truths it holds, sorted: what comparing sets needs.
using Literals = std::vector<std::pair<sem::ValueId, bool>>;

Literals literals(const Assumptions& set) {
  Literals out;
  for (const Assumption& a : set) out.emplace_back(a.condition, a.truth);
  std::sort(out.begin(), out.end());
  return out;
}

bool contradict(const Literals& a, const Literals& b) {
  for (const auto& [condition, truth] : a) {
    const auto it = std::lower_bound(b.begin(), b.end(), std::make_pair(condition, false));
    if (it != b.end() && it->first == condition && it->second != truth) return true;
  }
  return false;
}

// `set` without its assumption about `condition`.
Assumptions without(const Assumptions& set, sem::ValueId condition) {
  Assumptions out;
  for (const Assumption& a : set) {
    if (a.condition != condition) out.push_back(a);
  }
  return out;
}

// The condition whose truth alone tells `a` and `b` apart, or kEmpty.
sem::ValueId only_difference(const Literals& a, const Literals& b) {
  if (a.size() != b.size()) return sem::kEmpty;
  sem::ValueId differing = sem::kEmpty;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].first != b[i].first) return sem::kEmpty;
    if (a[i].second == b[i].second) continue;
    if (differing != sem::kEmpty) return sem::kEmpty;
    differing = a[i].first;
  }
  return differing;
}

}  // namespace

void add_assumptions(Outcome& o, Assumptions made, bool first) {
  if (!first && o.assumptions.empty()) return;  // reached without assumptions already
  std::vector<Assumptions> todo{std::move(made)};
  while (!todo.empty()) {
    Assumptions set = std::move(todo.back());
    todo.pop_back();
    if (set.empty()) {
      o.assumptions.clear();
      return;
    }
    const Literals mine = literals(set);
    bool absorbed = false;
    for (std::size_t i = 0; i < o.assumptions.size() && !absorbed; ++i) {
      const Literals other = literals(o.assumptions[i]);
      if (std::includes(mine.begin(), mine.end(), other.begin(), other.end())) {
        absorbed = true;  // a run needs fewer assumptions for o already
      } else if (std::includes(other.begin(), other.end(), mine.begin(), mine.end())) {
        o.assumptions.erase(o.assumptions.begin() + static_cast<std::ptrdiff_t>(i--));
      } else if (const sem::ValueId c = only_difference(mine, other); c != sem::kEmpty) {
        // Both truths of c reach o: the rest of the set suffices.
        o.assumptions.erase(o.assumptions.begin() + static_cast<std::ptrdiff_t>(i));
        todo.push_back(without(set, c));
        absorbed = true;
      }
    }
    if (!absorbed) o.assumptions.push_back(std::move(set));
  }
}

namespace {

// Whether the assumptions `a` imply that some set of `sets` holds: every way of choosing the
// truth of the conditions `a` leaves open makes one of them true (a split on one of their
// conditions at a time).
bool implies(Literals a, const std::vector<Literals>& sets) {
  std::vector<const Literals*> open;
  for (const Literals& b : sets) {
    if (contradict(a, b)) continue;
    if (std::includes(a.begin(), a.end(), b.begin(), b.end())) return true;
    open.push_back(&b);
  }
  if (open.empty()) return false;
  // A condition of the first set left open that `a` does not decide: try both truths.
  for (const auto& [condition, truth] : *open.front()) {
    const auto it = std::lower_bound(a.begin(), a.end(), std::make_pair(condition, false));
    if (it != a.end() && it->first == condition) continue;
    std::vector<Literals> rest;
    for (const Literals* b : open) rest.push_back(*b);
    Literals yes = a, no = a;
    yes.insert(yes.begin() + (it - a.begin()), {condition, true});
    no.insert(no.begin() + (it - a.begin()), {condition, false});
    return implies(std::move(yes), rest) && implies(std::move(no), rest);
  }
  return false;  // unreachable: a set neither contradicted nor included has such a condition
}

}  // namespace

namespace {

// Whether some assumption set of `o` contradicts every assumption set of the outcomes `by`:
// under it, none of them is reached. An outcome without sets is reached under any.
bool excluded(const Outcome& o, const std::vector<const Outcome*>& by) {
  return std::any_of(o.assumptions.begin(), o.assumptions.end(), [&](const Assumptions& set) {
    const Literals mine = literals(set);
    return std::all_of(by.begin(), by.end(), [&](const Outcome* b) {
      return !b->assumptions.empty() && std::all_of(b->assumptions.begin(), b->assumptions.end(),
                                                    [&](const Assumptions& other) {
                                                      return contradict(mine, literals(other));
                                                    });
    });
  });
}

}  // namespace

bool covered(const Outcome& o, const std::vector<const Outcome*>& by) {
  std::vector<Literals> sets;
  for (const Outcome* b : by) {
    if (b->assumptions.empty()) return true;
    for (const Assumptions& set : b->assumptions) sets.push_back(literals(set));
  }
  if (o.assumptions.empty()) return implies({}, sets);
  return std::all_of(o.assumptions.begin(), o.assumptions.end(),
                     [&](const Assumptions& set) { return implies(literals(set), sets); });
}

std::vector<Outcome> difference(const std::vector<Outcome>& from,
                                const std::vector<Outcome>& without, Matching m,
                                std::vector<Shortfall>* why) {
  // The keys refer to the outcomes of `without`, which outlive the map.
  std::map<OutcomeKey, std::vector<const Outcome*>> other;
  for (const Outcome& o : without) other[identity(o, m)].push_back(&o);
  std::vector<Outcome> out;
  for (const Outcome& o : from) {
    const auto it = other.find(identity(o, m));
    if (it != other.end() && covered(o, it->second)) continue;
    out.push_back(o);
    if (why == nullptr) continue;
    why->push_back(it == other.end()         ? Shortfall::Absent
                   : excluded(o, it->second) ? Shortfall::Contradicted
                                             : Shortfall::Uncovered);
  }
  return out;
}

bool compatible(const Outcome& a, const Outcome& b) {
  if (a.assumptions.empty() || b.assumptions.empty()) return true;
  for (const Assumptions& x : a.assumptions) {
    for (const Assumptions& y : b.assumptions) {
      if (!contradict(literals(x), literals(y))) return true;
    }
  }
  return false;
}

OutcomeKey identity(const Outcome& o, Matching m) {
  return {o.outputs, o.variables, o.stuck, m == Matching::WithinProgram ? o.blocked : kNoNodes,
          o.bounds};
}

void sort_outcomes(std::vector<Outcome>& outcomes, const sem::ValueStore& values,
                   std::vector<std::size_t>* moved_from) {
  sem::CanonicalOrder canonical(values);
  std::vector<std::size_t> order(outcomes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) {
    const Outcome& a = outcomes[i];
    const Outcome& b = outcomes[j];
    if (const int c = compare_named(a.outputs, b.outputs, canonical); c != 0) return c < 0;
    if (const int c = compare_named(a.variables, b.variables, canonical); c != 0) return c < 0;
    return std::tie(a.stuck, a.blocked, a.bounds) < std::tie(b.stuck, b.blocked, b.bounds);
  });
  std::vector<Outcome> sorted;
  sorted.reserve(outcomes.size());
  for (std::size_t i : order) sorted.push_back(std::move(outcomes[i]));
  outcomes = std::move(sorted);
  if (moved_from) *moved_from = std::move(order);
}

bool same_outcomes(const std::vector<Outcome>& a, const std::vector<Outcome>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Outcome& x, const Outcome& y) {
    return identity(x, Matching::WithinProgram) == identity(y, Matching::WithinProgram);
  });
}

}  // namespace tfmc::api
