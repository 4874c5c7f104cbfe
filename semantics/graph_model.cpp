#include "semantics/graph_model.h"

#include <algorithm>

#include "semantics/invariant.h"

namespace tfmc::sem {
namespace {

void add_consumer(const Program& p, std::int32_t edge, std::vector<TransitionId>& out) {
  if (p.edges[edge].dst != kNone) out.push_back(static_cast<TransitionId>(p.edges[edge].dst));
}

// Kahn's algorithm over the program's edges (build_program has rejected cycles).
std::vector<TransitionId> topological_order(const Program& p) {
  std::vector<std::uint32_t> waiting(p.nodes.size(), 0);
  for (const Edge& e : p.edges) {
    if (e.src != kNone && e.dst != kNone) ++waiting[e.dst];
  }
  std::vector<TransitionId> order;
  for (std::size_t v = 0; v < p.nodes.size(); ++v) {
    if (waiting[v] == 0) order.push_back(static_cast<TransitionId>(v));
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Node& n = p.nodes[order[k]];
    for (const auto* edges : {&n.outputs, &n.control_outputs}) {
      for (std::int32_t e : *edges) {
        const std::int32_t dst = p.edges[e].dst;
        if (dst != kNone && --waiting[dst] == 0) order.push_back(static_cast<TransitionId>(dst));
      }
    }
  }
  TFMC_CHECK(order.size() == p.nodes.size(), "the program has a cycle");
  return order;
}

}  // namespace

GraphModel::GraphModel(const Program& program, ValueStore& values, eval::Evaluator& evaluator)
    : program_(program),
      values_(values),
      applier_(program.functions, values, evaluator),
      slot_count_(program.slot_count()),
      concurrency_(analyze_concurrency(program)) {
  nodes_.reserve(program.nodes.size());
  in_begin_.push_back(0);
  for (const Node& n : program.nodes) {
    CompiledNode c;
    c.kind = n.kind;
    c.function = n.function;
    c.variable_slot = static_cast<std::uint32_t>(program.variable_slot(n.variable));
    c.handle = n.kind == NodeKind::Var ? values.handle(n.variable) : kEmpty;
    for (std::int32_t e : n.inputs) c.args.push_back(static_cast<std::uint32_t>(e));
    in_flat_.insert(in_flat_.end(), c.args.begin(), c.args.end());
    for (std::int32_t e : n.controls) in_flat_.push_back(static_cast<std::uint32_t>(e));
    const auto in_first = in_flat_.begin() + in_begin_.back();
    in_begin_.push_back(static_cast<std::uint32_t>(in_flat_.size()));
    for (std::int32_t e : n.outputs) c.out.push_back(static_cast<std::uint32_t>(e));
    for (std::int32_t e : n.control_outputs) c.out_ctrl.push_back(static_cast<std::uint32_t>(e));
    c.reads.assign(in_first, in_flat_.end());
    c.writes.assign(in_first, in_flat_.end());
    c.writes.insert(c.writes.end(), c.out.begin(), c.out.end());
    c.writes.insert(c.writes.end(), c.out_ctrl.begin(), c.out_ctrl.end());
    if (n.kind == NodeKind::Read || n.kind == NodeKind::Assign) c.reads.push_back(c.variable_slot);
    if (n.kind == NodeKind::Assign) c.writes.push_back(c.variable_slot);
    std::sort(c.reads.begin(), c.reads.end());
    std::sort(c.writes.begin(), c.writes.end());
    for (std::int32_t e : n.outputs) add_consumer(program, e, c.successors);
    for (std::int32_t e : n.control_outputs) add_consumer(program, e, c.successors);
    std::sort(c.successors.begin(), c.successors.end());
    c.successors.erase(std::unique(c.successors.begin(), c.successors.end()), c.successors.end());
    nodes_.push_back(std::move(c));
  }
  topological_ = topological_order(program);
  for (const NamedOutput& o : program.outputs) outcome_slots_.push_back(o.edge);
  for (std::size_t v = 0; v < program.variables.size(); ++v) {
    outcome_slots_.push_back(static_cast<std::uint32_t>(program.variable_slot(v)));
  }
  initial_.assign(slot_count_, kEmpty);
  for (std::size_t e = 0; e < program.edges.size(); ++e) {
    if (program.edges[e].src == kNone) initial_[e] = program.edges[e].initial;
  }
  for (std::size_t v = 0; v < program.variables.size(); ++v) {
    initial_[program.variable_slot(v)] = program.variables[v].initial;
  }
}

void GraphModel::initial_state(Slot* out) const {
  std::copy(initial_.begin(), initial_.end(), out);
}

void GraphModel::enabled(const Slot* state, std::vector<TransitionId>& out) const {
  const std::uint32_t* slots = in_flat_.data();
  const std::uint32_t* begin = in_begin_.data();
  const std::size_t nodes = nodes_.size();
  for (std::size_t t = 0; t < nodes; ++t) {
    std::uint32_t k = begin[t];
    const std::uint32_t end = begin[t + 1];
    while (k < end && state[slots[k]] != kEmpty) ++k;
    if (k == end) out.push_back(static_cast<TransitionId>(t));
  }
}

bool GraphModel::is_enabled(const Slot* state, TransitionId t) const {
  for (std::uint32_t k = in_begin_[t]; k < in_begin_[t + 1]; ++k) {
    if (state[in_flat_[k]] == kEmpty) return false;
  }
  return true;
}

// A node has fired exactly when its incoming edges are empty and the producers of those edges
// have fired: its edges were then filled and since consumed, by it alone. (An empty edge whose
// producer has not fired leaves the node waiting; an input edge has no producer and starts
// full.) Deciding nodes in topological order finds every producer decided first.
void GraphModel::fired(const Slot* state, std::vector<std::uint8_t>& out) const {
  out.assign(nodes_.size(), 0);
  for (TransitionId t : topological_) {
    bool done = true;
    for (std::uint32_t k = in_begin_[t]; k < in_begin_[t + 1] && done; ++k) {
      const std::uint32_t edge = in_flat_[k];
      const std::int32_t src = program_.edges[edge].src;
      done = state[edge] == kEmpty && (src == kNone || out[src] != 0);
    }
    out[t] = done ? 1 : 0;
  }
}

std::vector<TransitionId> GraphModel::unfired(std::span<const TransitionId> fired) const {
  std::vector<bool> done(nodes_.size(), false);
  for (TransitionId t : fired) done[t] = true;
  std::vector<TransitionId> out;
  for (std::size_t t = 0; t < nodes_.size(); ++t) {
    if (!done[t]) out.push_back(static_cast<TransitionId>(t));
  }
  return out;
}

void GraphModel::fire(const Slot* state, TransitionId t, Slot* out) {
  // Everything the node reads is taken from `state` before any slot of `out` changes, since
  // `out` may be `state`.
  const CompiledNode& n = nodes_[t];
  switch (n.kind) {
    case NodeKind::Var:
      scratch_results_.assign(1, n.handle);
      break;
    case NodeKind::Read:
      scratch_results_.assign(1, state[n.variable_slot]);
      break;
    case NodeKind::Assign: {
      scratch_results_.clear();
      const ValueId v = state[n.args[1]];
      if (values_.is_error(v)) break;  // an error input leaves the variable unchanged
      const ValueId pair[2] = {state[n.variable_slot], v};
      ValueId updated = kEmpty;
      applier_.apply(n.function, pair, &updated);
      out[n.variable_slot] = updated;
      break;
    }
    case NodeKind::Function:
      scratch_args_.clear();
      for (std::uint32_t s : n.args) scratch_args_.push_back(state[s]);
      scratch_results_.resize(n.out.size());
      applier_.apply(n.function, scratch_args_, scratch_results_.data());
      break;
  }
  for (std::uint32_t k = in_begin_[t]; k < in_begin_[t + 1]; ++k) out[in_flat_[k]] = kEmpty;
  for (std::uint32_t s : n.out_ctrl) out[s] = kGo;
  for (std::size_t j = 0; j < n.out.size(); ++j) out[n.out[j]] = scratch_results_[j];
}

}  // namespace tfmc::sem
