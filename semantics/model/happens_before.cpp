#include "semantics/model/happens_before.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <tuple>

namespace tfmc::sem {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

enum class Access : std::uint8_t { None, Read, Write, Update };

Access access_of(const Program& p, const Node& n) {
  if (n.kind == NodeKind::Read) return Access::Read;
  if (n.kind != NodeKind::Assign) return Access::None;
  return p.functions.get(n.function).kind == FunctionKind::Snd ? Access::Write : Access::Update;
}

RaceKind classify(Access a, Access b) {
  if (a == Access::Read || b == Access::Read) return RaceKind::ReadWrite;
  if (a == Access::Update && b == Access::Update) return RaceKind::UpdateUpdate;
  return RaceKind::WriteWrite;
}

// Depth-first search over the nodes downstream of a source. One stamp array serves every
// search: a node is reached by the current search when its mark equals the search's stamp.
class Downstream {
 public:
  explicit Downstream(const Graph& g) : g_(g), marks_(boost::num_vertices(g), 0) {}

  // Marks every node reachable from `source` by a non-empty path and lists them in reached().
  void search(std::uint32_t source) {
    ++stamp_;
    found_.clear();
    stack_.assign(1, source);
    while (!stack_.empty()) {
      const std::uint32_t v = stack_.back();
      stack_.pop_back();
      for (auto [it, end] = boost::adjacent_vertices(v, g_); it != end; ++it) {
        const auto w = static_cast<std::uint32_t>(*it);
        if (marks_[w] == stamp_) continue;
        marks_[w] = stamp_;
        found_.push_back(w);
        stack_.push_back(w);
      }
    }
  }
  bool reached(std::uint32_t node) const { return marks_[node] == stamp_; }
  const std::vector<std::uint32_t>& reached() const { return found_; }

 private:
  const Graph& g_;
  std::vector<std::uint32_t> marks_;
  std::vector<std::uint32_t> stack_;
  std::vector<std::uint32_t> found_;
  std::uint32_t stamp_ = 0;
};

}  // namespace

const char* race_kind_name(RaceKind kind) {
  switch (kind) {
    case RaceKind::ReadWrite:
      return "read-write";
    case RaceKind::WriteWrite:
      return "write-write";
    case RaceKind::UpdateUpdate:
      return "update-update";
  }
  return "?";
}

Concurrency analyze_concurrency(const Program& p) {
  const std::size_t n = p.nodes.size();
  Graph g(n);
  for (const Edge& e : p.edges) {
    if (e.src != kNone && e.dst != kNone) boost::add_edge(e.src, e.dst, g);
  }
  // Conflict groups: the accesses of each variable, the ops of each queue and mutex, the nodes
  // of each section.
  std::vector<Access> access(n);
  const std::size_t variables = p.variables.size();
  const std::size_t resources = variables + p.queues.size() + p.mutexes.size();
  std::vector<std::vector<std::uint32_t>> groups(resources + p.sections.size());
  for (std::uint32_t v = 0; v < n; ++v) {
    const Node& node = p.nodes[v];
    access[v] = access_of(p, node);
    if (node.kind != NodeKind::Function && node.kind != NodeKind::Var &&
        node.kind != NodeKind::Choice) {
      groups[p.resource_slot(node.resource_kind, node.variable) - p.edges.size()].push_back(v);
    }
    if (node.section != kNone) groups[resources + node.section].push_back(v);
  }
  const auto conflict = [&](std::size_t group, std::uint32_t a, std::uint32_t b) {
    if (group < variables) return access[a] != Access::Read || access[b] != Access::Read;
    if (group < resources) return true;
    return p.nodes[a].execution != p.nodes[b].execution;
  };

  // Pass 1: for each member of a group, the members downstream of it. A conflicting pair
  // races when neither is downstream of the other.
  Concurrency c;
  c.racing.resize(n);
  c.racy_ancestors.resize(n);
  Downstream down(g);
  const auto loc_key = [&](std::uint32_t v) {
    return std::make_tuple(p.nodes[v].loc.line, p.nodes[v].loc.column, v);
  };
  std::vector<bool> after;  // after[i * k + j]: member j is downstream of member i
  for (std::size_t x = 0; x < groups.size(); ++x) {
    const auto& group = groups[x];
    const std::size_t k = group.size();
    after.assign(k * k, false);
    for (std::size_t i = 0; i < k; ++i) {
      down.search(group[i]);
      for (std::size_t j = 0; j < k; ++j) after[i * k + j] = down.reached(group[j]);
    }
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
  std::sort(c.races.begin(), c.races.end(), [&](const Race& r, const Race& s) {
    return std::make_pair(loc_key(r.first), loc_key(r.second)) <
           std::make_pair(loc_key(s.first), loc_key(s.second));
  });

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
