#include "tools/app/outcome_summary.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <unordered_map>

#include "tools/app/report.h"

namespace tfmc::app {
namespace {

// One output or variable over the whole list: its values in the order first met, with how many
// outcomes hold each.
struct NameValues {
  const char* what = "output";  // or "variable"
  std::string name;
  std::vector<sem::ValueId> values;
  std::vector<std::size_t> counts;
};

// The outputs, then the variables, as the list's first outcome names them (every outcome of a
// list names the same ones), each with its values over the list.
std::vector<NameValues> values_by_name(const std::vector<api::Outcome>& outcomes) {
  std::vector<NameValues> out;
  for (const api::NamedValue& v : outcomes.front().outputs)
    out.push_back({"output", v.name, {}, {}});
  for (const api::NamedValue& v : outcomes.front().variables)
    out.push_back({"variable", v.name, {}, {}});
  const std::size_t n_outputs = outcomes.front().outputs.size();
  std::vector<std::unordered_map<sem::ValueId, std::size_t>> index(out.size());
  for (const api::Outcome& o : outcomes) {
    for (std::size_t k = 0; k < out.size(); ++k) {
      const sem::ValueId id = k < n_outputs ? o.outputs[k].value : o.variables[k - n_outputs].value;
      const auto [it, fresh] = index[k].emplace(id, out[k].values.size());
      if (fresh) {
        out[k].values.push_back(id);
        out[k].counts.push_back(0);
      }
      ++out[k].counts[it->second];
    }
  }
  return out;
}

// The value of name k (values_by_name's numbering) in `o`.
sem::ValueId value_of(const api::Outcome& o, std::size_t k) {
  return k < o.outputs.size() ? o.outputs[k].value : o.variables[k - o.outputs.size()].value;
}

// For each race, the order its two nodes fire in each outcome's witness: 1 first before
// second, 2 second before first, 0 where the witness does not fire both.
std::vector<std::vector<std::uint8_t>> race_orders(const std::vector<api::Outcome>& outcomes,
                                                   const std::vector<api::Race>& races) {
  // Only the racing nodes' positions are kept, not a whole witness's.
  std::unordered_map<std::string, std::size_t> node;
  for (const api::Race& r : races) {
    node.emplace(r.first, node.size());
    node.emplace(r.second, node.size());
  }
  std::vector<std::vector<std::uint8_t>> out(races.size(),
                                             std::vector<std::uint8_t>(outcomes.size(), 0));
  constexpr std::size_t kUnfired = static_cast<std::size_t>(-1);
  std::vector<std::size_t> position(node.size());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    std::fill(position.begin(), position.end(), kUnfired);
    const std::vector<std::string>& witness = outcomes[i].witness;
    for (std::size_t p = 0; p < witness.size(); ++p) {
      if (const auto it = node.find(witness[p]); it != node.end()) position[it->second] = p;
    }
    for (std::size_t r = 0; r < races.size(); ++r) {
      const std::size_t a = position[node.at(races[r].first)];
      const std::size_t b = position[node.at(races[r].second)];
      if (a != kUnfired && b != kUnfired) out[r][i] = a < b ? 1 : 2;
    }
  }
  return out;
}

// Whether race `order` splits the values of name k: the witnesses fire the race's nodes in both
// orders, and no value of k is held both by an outcome of one order and by one of the other.
bool splits(const std::vector<api::Outcome>& outcomes, const std::vector<std::uint8_t>& order,
            std::size_t k) {
  std::unordered_map<sem::ValueId, std::uint8_t> seen;  // value -> orders it was met with
  std::uint8_t orders = 0;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    if (order[i] == 0) continue;
    std::uint8_t& mask = seen[value_of(outcomes[i], k)];
    mask |= order[i];
    if (mask == 3) return false;
    orders |= order[i];
  }
  return orders == 3;
}

// `a and b on x`, a race pair as the race list names it.
std::string race_name(const api::Race& pair) {
  return fmt::format("{} and {} on {}", pair.first, pair.second, pair.variable);
}

// The entry of one name in the text report: its count of values, the values listed with their
// outcome counts, one line for the rest, the definitions of the names those values use first
// in the list, and the races that split them.
void write_values(std::ostream& out, const NameSummary& v, api::OutcomePrinter& printer) {
  fmt::print(out, "  {} {}: {} value{}\n", v.what, v.name, v.distinct, v.distinct == 1 ? "" : "s");
  std::vector<sem::TermDefinition> fresh;
  for (std::size_t i = 0; i < v.values.size(); ++i) {
    fmt::print(out, "    {} in {} outcome{}\n", printer.value(v.values[i], fresh), v.counts[i],
               v.counts[i] == 1 ? "" : "s");
  }
  if (v.rest_outcomes > 0) {
    const std::size_t more = v.distinct - v.values.size();
    fmt::print(out, "    {} more value{} in {} outcomes\n", more, more == 1 ? "" : "s",
               v.rest_outcomes);
  }
  if (!fresh.empty()) out << "    where:\n";
  for (const auto& [name, text] : fresh) fmt::print(out, "      {} = {}\n", name, text);
  if (!v.splitting) return;
  fmt::print(out, "    split by the order in the witnesses of: {}\n",
             v.splitting->empty() ? "no race" : fmt::format("{}", fmt::join(*v.splitting, "; ")));
}

}  // namespace

std::size_t outcomes_shown(std::size_t count, OutcomeListing listing) {
  const bool whole = listing == OutcomeListing::All || count <= kOutcomesListedInFull;
  return whole ? count : kOutcomesShownFirst;
}

std::vector<NameSummary> summarize(const OutcomeList& list) {
  const std::vector<api::Outcome>& outcomes = list.outcomes;
  const std::vector<api::RaceGroup> groups =
      list.races != nullptr ? api::race_groups(*list.races) : std::vector<api::RaceGroup>{};
  std::vector<api::Race> instances;
  std::vector<std::size_t> group_of;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (const api::Race& r : groups[g].instances) {
      instances.push_back(r);
      group_of.push_back(g);
    }
  }
  const std::vector<std::vector<std::uint8_t>> orders = race_orders(outcomes, instances);
  std::vector<NameSummary> out;
  const std::vector<NameValues> names = values_by_name(outcomes);
  for (std::size_t k = 0; k < names.size(); ++k) {
    const NameValues& v = names[k];
    NameSummary& s = out.emplace_back();
    s.what = v.what;
    s.name = v.name;
    s.distinct = v.values.size();
    std::vector<std::size_t> rank(v.values.size());
    for (std::size_t i = 0; i < rank.size(); ++i) rank[i] = i;
    std::stable_sort(rank.begin(), rank.end(),
                     [&](std::size_t a, std::size_t b) { return v.counts[a] > v.counts[b]; });
    for (std::size_t i = 0; i < rank.size(); ++i) {
      if (i < kValuesListedPerName) {
        s.values.push_back(v.values[rank[i]]);
        s.counts.push_back(v.counts[rank[i]]);
      } else {
        s.rest_outcomes += v.counts[rank[i]];
      }
    }
    if (list.races == nullptr || v.values.size() < 2) continue;
    s.splitting.emplace();
    std::vector<bool> named(groups.size(), false);
    for (std::size_t r = 0; r < instances.size(); ++r) {
      if (named[group_of[r]] || !splits(outcomes, orders[r], k)) continue;
      named[group_of[r]] = true;
      s.splitting->push_back(race_name(groups[group_of[r]].pair));
    }
  }
  return out;
}

void write_outcome_list(std::ostream& out, const OutcomeList& list, const sem::ValueStore& values,
                        api::ValueForm form, OutcomeListing listing) {
  const std::vector<api::Outcome>& outcomes = list.outcomes;
  const std::size_t shown = outcomes_shown(outcomes.size(), listing);
  // One printer for the outcomes shown and the summary: a part of a long term is defined once in
  // the list, where it is first used.
  api::OutcomePrinter printer(values, form, list.list);
  for (std::size_t i = 0; i < shown; ++i) {
    out << outcome_text(printer.outcome(outcomes[i], outcomes.front()), list.title(i));
  }
  if (shown == outcomes.size()) return;
  const std::size_t n = outcomes.size();
  fmt::print(out,
             "\n{}s {} to {} of {} not listed (--outcomes all lists them); the values of all {}:\n",
             list.list, shown + 1, n, n, n);
  for (const NameSummary& v : summarize(list)) write_values(out, v, printer);
}

}  // namespace tfmc::app
