#include "semantics/happens_before.h"

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
  std::vector<Access> access(n);
  std::vector<std::vector<std::uint32_t>> accesses_of(p.variables.size());
  for (std::uint32_t v = 0; v < n; ++v) {
    access[v] = access_of(p, p.nodes[v]);
    if (access[v] != Access::None) accesses_of[p.nodes[v].variable].push_back(v);
  }

  // Pass 1: for each access, the accesses of its variable downstream of it. A pair races when
  // neither is downstream of the other and one of them writes.
  Concurrency c;
  c.racing.resize(n);
  c.racy_ancestors.resize(n);
  Downstream down(g);
  std::vector<std::vector<std::uint32_t>> ordered_after(n);  // same-variable accesses after v
  for (const auto& group : accesses_of) {
    for (std::uint32_t a : group) {
      down.search(a);
      for (std::uint32_t b : group) {
        if (down.reached(b)) ordered_after[a].push_back(b);
      }
    }
  }
  for (std::size_t x = 0; x < accesses_of.size(); ++x) {
    const auto& group = accesses_of[x];
    for (std::size_t i = 0; i < group.size(); ++i) {
      for (std::size_t j = i + 1; j < group.size(); ++j) {
        const std::uint32_t a = group[i], b = group[j];
        if (access[a] == Access::Read && access[b] == Access::Read) continue;
        const auto after = [&](std::uint32_t u, std::uint32_t w) {
          return std::binary_search(ordered_after[u].begin(), ordered_after[u].end(), w);
        };
        if (after(a, b) || after(b, a)) continue;
        c.racing[a].push_back(b);
        c.racing[b].push_back(a);
        const bool a_first = std::tie(p.nodes[a].loc.line, p.nodes[a].loc.column, a) <
                             std::tie(p.nodes[b].loc.line, p.nodes[b].loc.column, b);
        c.races.push_back({a_first ? a : b, a_first ? b : a, static_cast<std::uint32_t>(x),
                           classify(access[a], access[b])});
      }
    }
  }
  for (auto& partners : c.racing) std::sort(partners.begin(), partners.end());
  const auto loc_key = [&](std::uint32_t v) {
    return std::make_tuple(p.nodes[v].loc.line, p.nodes[v].loc.column, v);
  };
  std::sort(c.races.begin(), c.races.end(), [&](const Race& r, const Race& s) {
    return std::make_pair(loc_key(r.first), loc_key(r.second)) <
           std::make_pair(loc_key(s.first), loc_key(s.second));
  });

  // Pass 2: for each racing node, the racing nodes downstream of it.
  for (std::uint32_t a = 0; a < n; ++a) {
    if (c.racing[a].empty()) continue;
    down.search(a);
    for (std::uint32_t b : down.reached()) {
      if (!c.racing[b].empty()) c.racy_ancestors[b].push_back(a);
    }
  }
  return c;
}

}  // namespace tfmc::sem
