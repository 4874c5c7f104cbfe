// The successor generator of the MAPL paper's section 3.2 firing rules over a Program, with
// the RFC's blocking resources.
//
// Slots (Program::slot_count): one per edge (EMPTY, GO, or a value id), one per variable (a
// value id), one per queue (the id of the sequence of its items), one per mutex (GO while free,
// EMPTY while held) and one per critical section (free, or which section instance holds it
// and how many of its nodes have fired: resource_access.h). A node is enabled when all its incoming
// edges are full and its resource lets it fire: Enqueue needs room in its queue, Dequeue an item,
// Lock a free mutex, and a node in a section needs the section free or held by its own instance.
// Firing empties the incoming edges, fills the outgoing ones (GO on control edges) and:
//   - a function node puts f(inputs) on its outputs (function.h rules);
//   - Var(x) puts the handle of x on its variable edge;
//   - Read puts the current value of the variable on its output;
//   - Assign-f sets x := f(x, v...) atomically, except that an error v leaves x unchanged;
//   - Enqueue appends its input to the queue, Dequeue outputs the first item and removes it;
//   - Lock takes the mutex, Unlock frees it (an Unlock of a free mutex leaves it free);
//   - a Choice node outputs one of its alternatives: each alternative is its own transition
//     (the node's index for the first, ids past the nodes for the others), so that every
//     transition is deterministic.
//   - a Switch sends its data on output 1 when its predicate is true, on output 0 otherwise,
//     DEAD on the other; a symbolic predicate gives both, each its own transition, which
//     records its assumption (assumptions.h), unless the run assumed that value already;
//   - a Merge outputs a live input and that input's index, each live input its own
//     transition, or DEAD when every input is DEAD; it waits for all its inputs;
//   - a Barrier sends GO on whether its inputs are live or DEAD;
//   - any other node with a DEAD input (data or control) sends DEAD on every output, without
//     effect on any resource and without waiting for one.
// A section node of instance i (its execution and iterations) takes the section if it is free
// and releases it when it is the last of i's nodes in that section to fire.
// Every node fires at most once in a run (the graph is a DAG, each edge is filled once and
// consumed once; loops are unrolled, loop_unrolling.h); a final state in which some node has
// not fired is stuck. The outcome slots are the named outputs, the variables, the loop
// bounds (program.h LoopBound), then the assumption slot where there is one (assumptions.h).
//
// The assumption slot is the one slot that unordered transitions share without racing: two
// Switches on one symbolic value, whichever fires first, decide the other's way. The
// reduction's argument (checker/reduced_model.h) still holds: adding an assumption commutes
// with adding another, and a Switch whose condition another Switch decided keeps the
// alternative that agrees, so a run can always fire the Switch first.
//
// The static order is happens-before over the program's edges. Racing partners are the pairs
// of happens_before.h (accesses of one resource, or section nodes of different instances,
// that no path orders) plus the alternatives of one Choice node, which exclude each other.
#pragma once

#include <array>
#include <vector>

#include "gpu_eval/evaluator.h"
#include "semantics/model/assumptions.h"
#include "semantics/model/dependency_model.h"
#include "semantics/model/happens_before.h"
#include "semantics/program/program.h"
#include "semantics/values/function.h"

namespace tfmc::sem {

class GraphModel : public DependencyModel {
 public:
  GraphModel(const Program& program, ValueStore& values, eval::Evaluator& evaluator);

  std::size_t slot_count() const override { return slot_count_; }
  std::size_t transition_count() const override { return node_of_.size(); }
  void initial_state(Slot* out) const override;
  void enabled(const Slot* state, std::vector<TransitionId>& out) const override;
  // Returns the node's writes(t), whatever the state.
  std::span<const std::uint32_t> fire(const Slot* state, TransitionId t, Slot* out) override;
  // A Function or Assign node with every input live announces its evaluation
  // (FunctionApplier::prefetch); other transitions evaluate nothing worth a batch.
  bool batches() const override { return applier_.batches(); }
  void prefetch(const Slot* state, TransitionId t) override;
  void flush_prefetch() override { applier_.flush(); }
  bool is_enabled(const Slot* state, TransitionId t) const override;
  bool is_ready(const Slot* state, TransitionId t) const override;
  void fired(const Slot* state, std::vector<std::uint8_t>& out) const override;
  std::span<const TransitionId> excluded_by(TransitionId t) const override { return excluded_[t]; }
  std::span<const TransitionId> successors(TransitionId t) const override {
    return successors_[node_of_[t]];
  }
  std::span<const TransitionId> racing(TransitionId t) const override { return racing_[t]; }
  std::span<const TransitionId> racy_ancestors(TransitionId t) const override {
    return racy_ancestors_[node_of_[t]];
  }
  std::span<const std::uint32_t> reads(TransitionId t) const override {
    return nodes_[node_of_[t]].reads;
  }
  // A node with a DEAD input outside every critical section.
  bool is_inert(const Slot* state, TransitionId t) const override;
  std::span<const std::uint32_t> writes(TransitionId t) const override {
    return nodes_[node_of_[t]].writes;
  }
  const std::string& transition_name(TransitionId t) const override {
    return program_.nodes[node_of_[t]].name;
  }
  std::vector<TransitionId> unfired(std::span<const TransitionId> fired) const override;
  std::span<const std::uint32_t> outcome_slots() const override { return outcome_slots_; }
  // A copy that shares the value store and the memo (both safe for several threads) and
  // has its own scratch.
  std::unique_ptr<DependencyModel> fork_model() const override;

  // The assumptions a run made, in the order it made them: for each Switch firing of `run`
  // (transitions from the initial state) that assumed the value of its predicate, the
  // transition, the predicate and the way it went.
  struct Decision {
    TransitionId transition;
    ValueId condition;
    bool truth;
  };
  std::vector<Decision> decisions(std::span<const TransitionId> run);
  // Whether states have an assumption slot (the program has a Switch): it is then the last
  // outcome slot, whose sets assumption_sets() reads.
  bool has_assumptions() const { return assumption_slot_ != kNone; }
  const AssumptionSets& assumption_sets() const { return assumptions_; }

  const Program& program() const { return program_; }
  const FunctionApplier& applier() const { return applier_; }
  const Concurrency& concurrency() const { return concurrency_; }

 private:
  struct CompiledNode {
    NodeKind kind;
    FunctionId function;
    std::uint32_t resource_slot;          // Var and resource ops: their resource's slot
    ValueId handle;                       // Var: the handle it outputs
    std::uint32_t capacity;               // Enqueue: the queue's capacity
    std::int32_t section_slot;            // kNone when not in a section
    std::uint32_t section_instance;       // its section instance (resource_access.h)
    std::uint32_t section_size;           // nodes of its section in that instance
    std::vector<std::uint32_t> args;      // argument edge slots in order
    std::vector<std::uint32_t> out;       // output port edge slots in order
    std::vector<std::uint32_t> out_ctrl;  // control output edge slots
    std::vector<ValueId> alternatives;    // Choice: its values (empty: one of its inputs)
    // VarIsInitialized (a Read that tells whether the variable holds a value): its answers
    // false and true; kEmpty for every other node.
    std::array<ValueId, 2> initialized{kEmpty, kEmpty};
    // Update: its variables' slots, in argument order.
    std::vector<std::uint32_t> variable_slots;
    std::vector<std::uint32_t> reads;
    std::vector<std::uint32_t> writes;
  };

  // Where a Switch sends its data: by a bool scalar predicate, either way for a symbolic one;
  // Dead when an input is DEAD, Invalid for a predicate that is no bool scalar.
  enum class Route : std::uint8_t { False, True, Either, Dead, Invalid };
  static constexpr TransitionId kNoAlternative = 0xffffffffu;

  // Whether node's resource (queue, mutex, section) lets it fire in `state`.
  bool resource_allows(const Slot* state, std::uint32_t node) const;
  bool has_dead_input(const Slot* state, std::uint32_t node) const;
  Route switch_route(const Slot* state, const CompiledNode& n) const;
  // Whether t's alternative of its node may fire with the inputs in `state`: a Switch's the
  // one its predicate picks, a Merge's those of live inputs (the first when all are DEAD).
  bool alternative_enabled(const Slot* state, TransitionId t) const;
  // The effect of t with every input live: its results in scratch_results_, its resource
  // update in `out`, DEAD in `signal` when its control outputs carry DEAD.
  void fire_live(const Slot* state, TransitionId t, Slot* out, Slot& signal);
  bool inputs_full(const Slot* state, std::uint32_t node) const;
  // The arguments of an Update's f into scratch_args_: its variables' values, then its
  // tensors.
  void update_arguments(const Slot* state, const CompiledNode& n);
  // The section slot after node n fires, from its value before.
  Slot section_after(Slot before, const CompiledNode& n) const;
  GraphModel(const GraphModel&) = default;  // fork_model's

  const Program& program_;
  ValueStore& values_;
  FunctionApplier applier_;
  AssumptionSets assumptions_;
  std::int32_t assumption_slot_;  // kNone without a Switch
  std::size_t slot_count_;
  std::uint32_t section_instances_;  // how many section instances (at least 1)
  std::vector<CompiledNode> nodes_;
  // Transition t fires node node_of_[t], choosing alternative choice_of_[t].
  std::vector<std::uint32_t> node_of_;
  std::vector<std::uint32_t> choice_of_;
  std::vector<std::vector<TransitionId>> transitions_of_;  // per node, in choice order
  // Every node's incoming edge slots, node after node: enabled() scans these in one pass.
  std::vector<std::uint32_t> in_flat_;
  std::vector<std::uint32_t> in_begin_;  // node n's slots: in_flat_[in_begin_[n] .. [n + 1])
  std::vector<std::vector<TransitionId>> successors_;      // per node
  std::vector<std::vector<TransitionId>> racing_;          // per transition
  std::vector<std::vector<TransitionId>> excluded_;        // per transition: its siblings
  std::vector<std::vector<TransitionId>> racy_ancestors_;  // per node
  std::vector<std::uint32_t> topological_;  // every node after the producers of its inputs
  Concurrency concurrency_;
  std::vector<std::uint32_t> outcome_slots_;
  std::vector<Slot> initial_;
  std::vector<ValueId> scratch_args_;
  std::vector<ValueId> scratch_results_;
  std::vector<ValueId> scratch_updates_;  // an Update's new values
};

}  // namespace tfmc::sem
