#include "checker/api/beyond_bound.h"

namespace tfmc::api {
namespace {

// Whether node `n` is a Switch of the last unrolled iteration of its frame on a LoopCond.
bool last_loop_switch(const sem::Program& p, const sem::Node& n, std::uint32_t iterations) {
  if (n.kind != sem::NodeKind::Switch || n.iterations.empty() || n.inputs.size() < 2) return false;
  if (n.iterations.back() + 1 != iterations) return false;
  const std::int32_t src = p.edges[n.inputs[1]].src;
  return src != sem::kNone && p.nodes[src].op == "LoopCond";
}

}  // namespace

std::vector<bool> beyond_iteration_bound(const sem::Program& p) {
  std::vector<bool> beyond(p.nodes.size(), false);
  if (p.bounds.empty()) return beyond;
  const std::uint32_t iterations = p.bounds.front().iterations;
  std::vector<std::uint32_t> stack;
  const auto visit = [&](std::int32_t edge) {
    const std::int32_t dst = p.edges[edge].dst;
    if (dst == sem::kNone || beyond[dst]) return;
    const sem::NodeKind kind = p.nodes[dst].kind;
    if (kind == sem::NodeKind::Merge || kind == sem::NodeKind::Barrier) return;
    beyond[dst] = true;
    stack.push_back(static_cast<std::uint32_t>(dst));
  };
  for (const sem::Node& n : p.nodes) {
    if (last_loop_switch(p, n, iterations) && n.outputs.size() > 1) visit(n.outputs[1]);
  }
  while (!stack.empty()) {
    const sem::Node& n = p.nodes[stack.back()];
    stack.pop_back();
    for (std::int32_t e : n.outputs) visit(e);
    for (std::int32_t e : n.control_outputs) visit(e);
  }
  return beyond;
}

}  // namespace tfmc::api
