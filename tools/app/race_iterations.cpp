#include "tools/app/race_iterations.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>

namespace tfmc::app {
namespace {

using Iterations = std::vector<std::uint32_t>;

struct Pattern {
  Iterations first;  // the race's iterations less k
  Iterations second;
  bool operator<(const Pattern& o) const {
    return std::tie(first, second) < std::tie(o.first, o.second);
  }
};

std::string verdict(const api::Race& r) {
  if (!r.observable) return "unknown";
  return *r.observable ? "observable" : "benign";
}

// "k", "k+2", or the number itself when `k` is given.
std::string term(std::uint32_t shift, const std::uint32_t* k) {
  if (k != nullptr) return fmt::format("{}", *k + shift);
  return shift == 0 ? "k" : fmt::format("k+{}", shift);
}

std::string side(const Iterations& shifts, const std::string& name, const std::uint32_t* k) {
  if (shifts.empty()) return name;
  std::vector<std::string> terms;
  for (std::uint32_t s : shifts) terms.push_back(term(s, k));
  if (terms.size() == 1) return fmt::format("{} of {}", terms[0], name);
  return fmt::format("[{}] of {}", fmt::join(terms, ","), name);
}

// Sorted distinct values as runs: "0..3, 5, 7, 8".
std::string runs(std::vector<std::uint32_t> ks) {
  std::sort(ks.begin(), ks.end());
  ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < ks.size();) {
    std::size_t j = i;
    while (j + 1 < ks.size() && ks[j + 1] == ks[j] + 1) ++j;
    if (j >= i + 2) {
      parts.push_back(fmt::format("{}..{}", ks[i], ks[j]));
    } else {
      for (std::size_t m = i; m <= j; ++m) parts.push_back(fmt::format("{}", ks[m]));
    }
    i = j + 1;
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

}  // namespace

std::vector<std::string> race_iteration_lines(const api::RaceGroup& group, bool classified) {
  if (!group.in_loops()) return {};
  // Per pattern, in order of appearance: per verdict (in order of appearance), the values of k.
  std::vector<Pattern> order;
  std::map<Pattern, std::vector<std::pair<std::string, std::vector<std::uint32_t>>>> seen;
  for (const api::Race& r : group.instances) {
    std::uint32_t k = UINT32_MAX;
    for (std::uint32_t v : r.first_iterations) k = std::min(k, v);
    for (std::uint32_t v : r.second_iterations) k = std::min(k, v);
    if (k == UINT32_MAX) k = 0;  // neither node in a loop
    Pattern p;
    for (std::uint32_t v : r.first_iterations) p.first.push_back(v - k);
    for (std::uint32_t v : r.second_iterations) p.second.push_back(v - k);
    auto [it, added] = seen.try_emplace(p);
    if (added) order.push_back(p);
    const std::string v = classified ? verdict(r) : "";
    auto slot = std::find_if(it->second.begin(), it->second.end(),
                             [&](const auto& entry) { return entry.first == v; });
    if (slot == it->second.end()) slot = it->second.insert(it->second.end(), {v, {}});
    slot->second.push_back(k);
  }
  std::vector<std::string> lines;
  for (const Pattern& p : order) {
    const auto& verdicts = seen.at(p);
    std::size_t count = 0;
    for (const auto& [v, ks] : verdicts) count += ks.size();
    const std::string& a = group.pair.first;
    const std::string& b = group.pair.second;
    if (count == 1) {  // one race: its numbers
      const std::uint32_t k = verdicts[0].second[0];
      std::string line = fmt::format("{} and {}", side(p.first, a, &k), side(p.second, b, &k));
      if (classified) line += ": " + verdicts[0].first;
      lines.push_back(std::move(line));
      continue;
    }
    std::string line =
        fmt::format("{} and {}", side(p.first, a, nullptr), side(p.second, b, nullptr));
    std::vector<std::string> parts;
    for (const auto& [v, ks] : verdicts) {
      parts.push_back(classified ? fmt::format("{} for k = {}", v, runs(ks))
                                 : fmt::format("k = {}", runs(ks)));
    }
    lines.push_back(fmt::format("{}: {}", line, fmt::join(parts, "; ")));
  }
  return lines;
}

}  // namespace tfmc::app
