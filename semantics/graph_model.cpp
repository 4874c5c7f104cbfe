#include "semantics/graph_model.h"

#include <algorithm>

#include "semantics/invariant.h"

namespace tfmc::sem {

GraphModel::GraphModel(const Program& program, ValueStore& values, eval::Evaluator& evaluator)
    : program_(program),
      values_(values),
      applier_(program.functions, values, evaluator),
      slot_count_(program.slot_count()) {
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
    nodes_.push_back(std::move(c));
  }
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
  const CompiledNode& n = nodes_[t];
  for (std::uint32_t k = in_begin_[t]; k < in_begin_[t + 1]; ++k) out[in_flat_[k]] = kEmpty;
  for (std::uint32_t s : n.out_ctrl) out[s] = kGo;
  switch (n.kind) {
    case NodeKind::Var:
      out[n.out[0]] = n.handle;
      return;
    case NodeKind::Read:
      out[n.out[0]] = state[n.variable_slot];
      return;
    case NodeKind::Assign: {
      const ValueId v = state[n.args[1]];
      if (values_.is_error(v)) return;  // an error input leaves the variable unchanged
      const ValueId pair[2] = {state[n.variable_slot], v};
      applier_.apply(n.function, pair, &out[n.variable_slot]);
      return;
    }
    case NodeKind::Function: {
      scratch_args_.clear();
      for (std::uint32_t s : n.args) scratch_args_.push_back(state[s]);
      scratch_results_.resize(n.out.size());
      applier_.apply(n.function, scratch_args_, scratch_results_.data());
      for (std::size_t j = 0; j < n.out.size(); ++j) out[n.out[j]] = scratch_results_[j];
      return;
    }
  }
  TFMC_CHECK(false, "unknown node kind");
}

}  // namespace tfmc::sem
