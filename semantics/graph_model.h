// The successor generator of the MAPL paper's section 3.2 firing rules over a Program.
//
// Slots: one per edge (EMPTY, GO, or a value id), then one per variable (a value id). A node
// is enabled when all its incoming edges are full; firing empties them, fills its outgoing
// edges (GO on control edges) and:
//   - a function node puts f(inputs) on its outputs (function.h rules);
//   - Var(x) puts the handle of x on its variable edge;
//   - Read puts the current value of the variable on its output;
//   - Assign-f sets x := f(x, v) atomically, except that an error v leaves x unchanged.
// Every node fires exactly once in every complete run (the graph is a DAG, each edge is filled
// once and consumed once), so a final state of a core program has fired every node.
//
// The static order is happens-before over the program's edges, and racing partners are the
// races of happens_before.h: Read and Assign nodes are the only transitions that touch a slot
// also touched by a transition they are not ordered with (their variable's slot).
#pragma once

#include <vector>

#include "gpu_eval/evaluator.h"
#include "semantics/function.h"
#include "semantics/happens_before.h"
#include "semantics/program.h"
#include "semantics/state_model.h"

namespace tfmc::sem {

class GraphModel : public StateModel {
 public:
  GraphModel(const Program& program, ValueStore& values, eval::Evaluator& evaluator);

  std::size_t slot_count() const override { return slot_count_; }
  std::size_t transition_count() const override { return nodes_.size(); }
  void initial_state(Slot* out) const override;
  void enabled(const Slot* state, std::vector<TransitionId>& out) const override;
  void fire(const Slot* state, TransitionId t, Slot* out) override;
  bool is_enabled(const Slot* state, TransitionId t) const override;
  void fired(const Slot* state, std::vector<std::uint8_t>& out) const override;
  std::span<const TransitionId> successors(TransitionId t) const override {
    return nodes_[t].successors;
  }
  std::span<const TransitionId> racing(TransitionId t) const override {
    return concurrency_.racing[t];
  }
  std::span<const TransitionId> racy_ancestors(TransitionId t) const override {
    return concurrency_.racy_ancestors[t];
  }
  std::span<const std::uint32_t> reads(TransitionId t) const override { return nodes_[t].reads; }
  std::span<const std::uint32_t> writes(TransitionId t) const override { return nodes_[t].writes; }
  const std::string& transition_name(TransitionId t) const override {
    return program_.nodes[t].name;
  }
  std::vector<TransitionId> unfired(std::span<const TransitionId> fired) const override;
  std::span<const std::uint32_t> outcome_slots() const override { return outcome_slots_; }

  const Program& program() const { return program_; }
  const FunctionApplier& applier() const { return applier_; }
  const Concurrency& concurrency() const { return concurrency_; }

 private:
  struct CompiledNode {
    NodeKind kind;
    FunctionId function;
    std::uint32_t variable_slot;          // Read/Assign (static), Var: unused
    ValueId handle;                       // Var: the handle it outputs
    std::vector<std::uint32_t> args;      // argument edge slots in order
    std::vector<std::uint32_t> out;       // output port edge slots in order
    std::vector<std::uint32_t> out_ctrl;  // control output edge slots
    std::vector<std::uint32_t> reads;
    std::vector<std::uint32_t> writes;
    std::vector<TransitionId> successors;  // consumers of out and out_ctrl, once each
  };

  const Program& program_;
  ValueStore& values_;
  FunctionApplier applier_;
  std::size_t slot_count_;
  std::vector<CompiledNode> nodes_;
  // Every node's incoming edge slots, node after node: enabled() scans these in one pass.
  std::vector<std::uint32_t> in_flat_;
  std::vector<std::uint32_t> in_begin_;    // node t's slots: in_flat_[in_begin_[t] .. [t + 1])
  std::vector<TransitionId> topological_;  // every node after the producers of its inputs
  Concurrency concurrency_;
  std::vector<std::uint32_t> outcome_slots_;
  std::vector<Slot> initial_;
  std::vector<ValueId> scratch_args_;
  std::vector<ValueId> scratch_results_;
};

}  // namespace tfmc::sem
