#include "semantics/model/happens_before.h"

#include <algorithm>
#include <array>
#include <tuple>

#include "semantics/program/enum_names.h"
#include "semantics/program/program_walks.h"
#include "semantics/program/resource_access.h"

namespace tfmc::sem {
namespace {

enum class Access : std::uint8_t { None, Read, Write, Update };

Access access_of(const Program& p, const Node& n) {
  if (n.kind == NodeKind::Read) return Access::Read;
  if (n.kind == NodeKind::Update) return Access::Update;
  if (n.kind != NodeKind::Assign) return Access::None;
  return p.functions.get(n.function).kind == FunctionKind::Snd ? Access::Write : Access::Update;
}

RaceKind classify(Access a, Access b) {
  if (a == Access::Read || b == Access::Read) return RaceKind::ReadWrite;
  if (a == Access::Update && b == Access::Update) return RaceKind::UpdateUpdate;
  return RaceKind::WriteWrite;
}

}  // namespace

const char* race_kind_name(RaceKind kind) {
  // In RaceKind's order.
  static constexpr std::array<const char*, 3> kNames = {"read-write", "write-write",
                                                        "update-update"};
  return enum_name(kind, kNames);
}

Concurrency analyze_concurrency(const Program& p, const std::function<bool()>& stop) {
  const std::size_t n = p.nodes.size();
  // Conflict groups: the accesses of each variable, the ops of each queue and mutex, the nodes
  // of each section: one group per slot past the edges that some node accesses.
  std::vector<Access> access(n);
  const std::size_t variables = p.variables.size();
  const std::size_t resources = variables + p.queues.size() + p.mutexes.size();
  std::vector<std::vector<std::uint32_t>> groups(resources + p.sections.size());
  for (std::uint32_t v = 0; v < n; ++v) {
    access[v] = access_of(p, p.nodes[v]);
    for (std::uint32_t slot : resource_access(p, p.nodes[v]).reads) {
      groups[slot - p.edges.size()].push_back(v);
    }
  }
  // Two accesses of one resource conflict unless neither writes it (two Reads); two nodes of
  // one section conflict when they belong to different instances of it.
  const SectionInstances instances = section_instances(p);
  const auto conflict = [&](std::size_t group, std::uint32_t a, std::uint32_t b) {
    if (group < resources) {
      return writes_resource(p.nodes[a].kind) || writes_resource(p.nodes[b].kind);
    }
    return instances.of_node[a] != instances.of_node[b];
  };

  // Pass 1: for each member of a group, the members downstream of it. A conflicting pair
  // races when neither is downstream of the other.
  Concurrency c;
  c.racing.resize(n);
  c.racy_ancestors.resize(n);
  DownstreamSearch down(p);
  const auto loc_key = [&](std::uint32_t v) {
    return std::make_tuple(p.nodes[v].loc.line, p.nodes[v].loc.column, v);
  };
  std::vector<bool> after;  // after[i * k + j]: member j is downstream of member i
  for (std::size_t x = 0; x < groups.size() && !c.stopped; ++x) {
    const auto& group = groups[x];
    const std::size_t k = group.size();
    after.assign(k * k, false);
    for (std::size_t i = 0; i < k; ++i) {
      c.stopped = stop && stop();
      if (c.stopped) break;
      down.search(group[i]);
      for (std::size_t j = 0; j < k; ++j) after[i * k + j] = down.reached(group[j]);
    }
    if (c.stopped) break;  // the group's searches are not all done
    for (std::size_t i = 0; i < k; ++i) {
      for (std::size_t j = i + 1; j < k; ++j) {
        const std::uint32_t a = group[i], b = group[j];
        if (!conflict(x, a, b) || after[i * k + j] || after[j * k + i]) continue;
        c.racing[a].push_back(b);
        c.racing[b].push_back(a);
        if (x >= variables) continue;
        const bool a_first = loc_key(a) < loc_key(b);
        c.races.push_back({a_first ? a : b, a_first ? b : a, static_cast<std::uint32_t>(x),
                           classify(access[a], access[b])});
      }
    }
  }
  for (auto& partners : c.racing) {
    std::sort(partners.begin(), partners.end());
    partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
  }
  // Two Updates may race on several variables: the variable orders their races.
  std::sort(c.races.begin(), c.races.end(), [&](const Race& r, const Race& s) {
    return std::make_tuple(loc_key(r.first), loc_key(r.second), r.variable) <
           std::make_tuple(loc_key(s.first), loc_key(s.second), s.variable);
  });

  if (c.stopped) return c;

  // Pass 2: for each racing node, the racing nodes downstream of it. A Choice node with
  // several alternatives counts as racing here: its alternatives exclude each other.
  const auto racy = [&](std::uint32_t v) {
    const Node& node = p.nodes[v];
    const std::size_t choices =
        node.alternatives.empty() ? node.inputs.size() : node.alternatives.size();
    return !c.racing[v].empty() || (node.kind == NodeKind::Choice && choices > 1);
  };
  for (std::uint32_t a = 0; a < n; ++a) {
    if (!racy(a)) continue;
    down.search(a);
    for (std::uint32_t b : down.reached()) {
      if (racy(b)) c.racy_ancestors[b].push_back(a);
    }
  }
  return c;
}

}  // namespace tfmc::sem
