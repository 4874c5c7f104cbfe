#include "semantics/program/program_walks.h"

#include "semantics/errors/invariant.h"
#include "semantics/program/topological_sort.h"

namespace tfmc::sem {
namespace {

// Calls visit(node) for the node at end `end` (Edge::src or Edge::dst) of every edge in
// `first`, then in `second`, skipping the edges that have no node there.
template <typename Visit>
void for_each_end(const Program& p, const std::vector<std::int32_t>& first,
                  const std::vector<std::int32_t>& second, std::int32_t Edge::*end, Visit&& visit) {
  for (const auto* edges : {&first, &second}) {
    for (std::int32_t e : *edges) {
      const std::int32_t node = p.edges[e].*end;
      if (node != kNone) visit(static_cast<std::uint32_t>(node));
    }
  }
}

// The consumers() and producers() of `n`, one visit(node) each.
template <typename Visit>
void for_each_consumer(const Program& p, const Node& n, Visit&& visit) {
  for_each_end(p, n.outputs, n.control_outputs, &Edge::dst, visit);
}
template <typename Visit>
void for_each_producer(const Program& p, const Node& n, Visit&& visit) {
  for_each_end(p, n.inputs, n.controls, &Edge::src, visit);
}

}  // namespace

std::vector<std::uint32_t> consumers(const Program& p, std::uint32_t node) {
  std::vector<std::uint32_t> out;
  for_each_consumer(p, p.nodes[node], [&](std::uint32_t dst) { out.push_back(dst); });
  return out;
}

std::vector<std::uint32_t> producers(const Program& p, std::uint32_t node) {
  std::vector<std::uint32_t> out;
  for_each_producer(p, p.nodes[node], [&](std::uint32_t src) { out.push_back(src); });
  return out;
}

std::vector<std::uint32_t> topological_order(const Program& p) {
  std::vector<std::uint32_t> order = topological_sort<std::uint32_t>(
      p.nodes.size(), [](std::size_t) { return true; },
      [&](std::uint32_t v, auto&& visit) { for_each_consumer(p, p.nodes[v], visit); });
  TFMC_CHECK(order.size() == p.nodes.size(), "the program has a cycle");
  return order;
}

std::vector<bool> upstream_closure(const Program& p, std::span<const std::int32_t> seeds) {
  std::vector<bool> upstream(p.nodes.size(), false);
  std::vector<std::uint32_t> work;
  const auto add = [&](std::uint32_t node) {
    if (upstream[node]) return;
    upstream[node] = true;
    work.push_back(node);
  };
  for (std::int32_t s : seeds) {
    if (s != kNone) add(static_cast<std::uint32_t>(s));
  }
  while (!work.empty()) {
    const Node& n = p.nodes[work.back()];
    work.pop_back();
    for_each_producer(p, n, add);
  }
  return upstream;
}

bool reaches(const Program& p, std::uint32_t from, std::uint32_t to) {
  DownstreamSearch search(p);
  search.search(from);
  return search.reached(to);
}

DownstreamSearch::DownstreamSearch(const Program& program)
    : program_(program), marks_(program.nodes.size(), 0) {}

void DownstreamSearch::search(std::uint32_t source) {
  ++stamp_;
  found_.clear();
  stack_.assign(1, source);
  while (!stack_.empty()) {
    const Node& n = program_.nodes[stack_.back()];
    stack_.pop_back();
    for_each_consumer(program_, n, [&](std::uint32_t dst) {
      if (marks_[dst] == stamp_) return;
      marks_[dst] = stamp_;
      found_.push_back(dst);
      stack_.push_back(dst);
    });
  }
}

}  // namespace tfmc::sem
