#include "semantics/model/graph_model.h"

#include <algorithm>
#include <optional>

#include "semantics/program/program_walks.h"
#include "semantics/program/resource_access.h"

namespace tfmc::sem {
namespace {

// Section slots hold 0 while free, else 1 + i + instances * (fired - 1): held by section
// instance i (resource_access.h), which has fired `fired` of its nodes in the section.
constexpr Slot kSectionFree = 0;

eval::Tensor bool_scalar(bool v) {
  return eval::Tensor{eval::DType::Bool, {}, {static_cast<std::uint8_t>(v ? 1 : 0)}};
}

}  // namespace

GraphModel::GraphModel(const Program& program, ValueStore& values, eval::Evaluator& evaluator)
    : program_(program),
      values_(values),
      applier_(program.functions, values, evaluator),
      assumptions_(values),
      assumption_slot_(
          has_assumption_slot(program) ? static_cast<std::int32_t>(program.slot_count()) : kNone),
      slot_count_(model_slot_count(program)),
      concurrency_(analyze_concurrency(program)) {
  const std::size_t count = program.nodes.size();
  const SectionInstances instances = section_instances(program);
  section_instances_ = std::max<std::uint32_t>(instances.count, 1);
  // Section sizes per (section, section instance).
  std::vector<std::uint32_t> section_sizes(program.sections.size() * section_instances_, 0);
  for (std::uint32_t i = 0; i < count; ++i) {
    const Node& n = program.nodes[i];
    if (n.section != kNone) ++section_sizes[n.section * section_instances_ + instances.of_node[i]];
  }

  nodes_.reserve(count);
  in_begin_.push_back(0);
  transitions_of_.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const Node& n = program.nodes[i];
    CompiledNode c;
    c.kind = n.kind;
    c.function = n.function;
    c.resource_slot =
        names_resource(n.kind)
            ? static_cast<std::uint32_t>(program.resource_slot(n.resource_kind, n.variable))
            : 0;
    for (std::uint32_t v : n.variables) {
      c.variable_slots.push_back(static_cast<std::uint32_t>(program.variable_slot(v)));
    }
    c.handle = n.kind == NodeKind::Var ? values.handle(c.resource_slot) : kEmpty;
    c.capacity = n.kind == NodeKind::Enqueue ? program.queues[n.variable].capacity : 0;
    c.section_slot =
        n.section == kNone ? kNone : static_cast<std::int32_t>(program.section_slot(n.section));
    c.section_instance = instances.of_node[i];
    c.section_size =
        n.section == kNone ? 0 : section_sizes[n.section * section_instances_ + c.section_instance];
    c.alternatives = n.alternatives;
    if (n.kind == NodeKind::Read && n.op == "VarIsInitialized") {
      c.initialized = {values.tensor(bool_scalar(false)), values.tensor(bool_scalar(true))};
    }
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
    const ResourceAccess access = resource_access(program, n);
    c.reads.insert(c.reads.end(), access.reads.begin(), access.reads.end());
    c.writes.insert(c.writes.end(), access.writes.begin(), access.writes.end());
    if (n.kind == NodeKind::Switch) {
      c.reads.push_back(static_cast<std::uint32_t>(assumption_slot_));
      c.writes.push_back(static_cast<std::uint32_t>(assumption_slot_));
    }
    std::sort(c.reads.begin(), c.reads.end());
    std::sort(c.writes.begin(), c.writes.end());
    nodes_.push_back(std::move(c));
    node_of_.push_back(i);
    choice_of_.push_back(0);
    transitions_of_[i].push_back(i);
  }
  // The alternatives of a Choice, Switch or Merge node after the first get transition ids past
  // the nodes.
  for (std::uint32_t i = 0; i < count; ++i) {
    const Node& n = program.nodes[i];
    const std::size_t k = n.kind == NodeKind::Choice
                              ? (n.alternatives.empty() ? n.inputs.size() : n.alternatives.size())
                          : n.kind == NodeKind::Switch ? 2
                          : n.kind == NodeKind::Merge  ? n.inputs.size()
                                                       : 1;
    for (std::uint32_t j = 1; j < k; ++j) {
      transitions_of_[i].push_back(static_cast<TransitionId>(node_of_.size()));
      node_of_.push_back(i);
      choice_of_.push_back(j);
    }
  }
  // Successors, racing partners and racy ancestors, from nodes to transitions.
  const auto all_transitions = [&](const std::vector<std::uint32_t>& nodes) {
    std::vector<TransitionId> out;
    for (std::uint32_t v : nodes) {
      out.insert(out.end(), transitions_of_[v].begin(), transitions_of_[v].end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  successors_.resize(count);
  racy_ancestors_.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    successors_[i] = all_transitions(consumers(program, i));
    racy_ancestors_[i] = all_transitions(concurrency_.racy_ancestors[i]);
  }
  racing_.resize(node_of_.size());
  excluded_.resize(node_of_.size());
  for (TransitionId t = 0; t < node_of_.size(); ++t) {
    const std::uint32_t v = node_of_[t];
    for (TransitionId sibling : transitions_of_[v]) {
      if (sibling != t) excluded_[t].push_back(sibling);
    }
    racing_[t] = all_transitions(concurrency_.racing[v]);
    racing_[t].insert(racing_[t].end(), excluded_[t].begin(), excluded_[t].end());
    std::sort(racing_[t].begin(), racing_[t].end());
  }
  topological_ = topological_order(program);

  for (const NamedOutput& o : program.outputs) outcome_slots_.push_back(o.edge);
  for (std::size_t v = 0; v < program.variables.size(); ++v) {
    outcome_slots_.push_back(static_cast<std::uint32_t>(program.variable_slot(v)));
  }
  for (const LoopBound& b : program.bounds) outcome_slots_.push_back(b.edge);
  if (assumption_slot_ != kNone) {
    outcome_slots_.push_back(static_cast<std::uint32_t>(assumption_slot_));
  }
  initial_.assign(slot_count_, kEmpty);
  if (assumption_slot_ != kNone) initial_[assumption_slot_] = assumptions_.none();
  for (std::size_t e = 0; e < program.edges.size(); ++e) {
    if (program.edges[e].src == kNone) initial_[e] = program.edges[e].initial;
  }
  for (std::size_t v = 0; v < program.variables.size(); ++v) {
    initial_[program.variable_slot(v)] = program.variables[v].initial;
  }
  const ValueId empty_queue = values.sequence({});
  for (std::uint32_t q = 0; q < program.queues.size(); ++q) {
    initial_[program.resource_slot(ResourceKind::Queue, q)] = empty_queue;
  }
  for (std::uint32_t m = 0; m < program.mutexes.size(); ++m) {
    initial_[program.resource_slot(ResourceKind::Mutex, m)] = kGo;
  }
  for (std::uint32_t s = 0; s < program.sections.size(); ++s) {
    initial_[program.section_slot(s)] = kSectionFree;
  }
}

std::unique_ptr<DependencyModel> GraphModel::fork_model() const {
  return std::unique_ptr<DependencyModel>(new GraphModel(*this));
}

void GraphModel::initial_state(Slot* out) const {
  std::copy(initial_.begin(), initial_.end(), out);
}

bool GraphModel::inputs_full(const Slot* state, std::uint32_t node) const {
  for (std::uint32_t k = in_begin_[node]; k < in_begin_[node + 1]; ++k) {
    if (state[in_flat_[k]] == kEmpty) return false;
  }
  return true;
}

bool GraphModel::has_dead_input(const Slot* state, std::uint32_t node) const {
  for (std::uint32_t k = in_begin_[node]; k < in_begin_[node + 1]; ++k) {
    if (state[in_flat_[k]] == kDead) return true;
  }
  return false;
}

GraphModel::Route GraphModel::switch_route(const Slot* state, const CompiledNode& n) const {
  const ValueId pred = state[n.args[1]];
  if (state[n.args[0]] == kDead || pred == kDead) return Route::Dead;
  const Value& p = values_.get(pred);
  if (p.kind == ValueKind::Symbol || p.kind == ValueKind::Term) {
    const std::optional<bool> truth = assumptions_.assumed(state[assumption_slot_], pred);
    if (!truth) return Route::Either;
    return *truth ? Route::True : Route::False;
  }
  if (p.kind != ValueKind::Tensor) return Route::Invalid;
  if (p.tensor.dtype != eval::DType::Bool || !p.tensor.shape.empty()) return Route::Invalid;
  return p.tensor.bytes[0] != 0 ? Route::True : Route::False;
}

bool GraphModel::alternative_enabled(const Slot* state, TransitionId t) const {
  const CompiledNode& n = nodes_[node_of_[t]];
  const std::uint32_t j = choice_of_[t];
  if (n.kind == NodeKind::Switch) {
    switch (switch_route(state, n)) {
      case Route::Either:
        return true;
      case Route::True:
        return j == 1;
      default:  // False, Dead, Invalid: the one transition that sends output 0
        return j == 0;
    }
  }
  if (n.kind == NodeKind::Merge) {
    if (state[n.args[j]] != kDead) return true;
    // Every input DEAD: the first transition sends DEAD on.
    return j == 0 && std::all_of(n.args.begin(), n.args.end(),
                                 [&](std::uint32_t a) { return state[a] == kDead; });
  }
  return true;
}

bool GraphModel::resource_allows(const Slot* state, std::uint32_t node) const {
  const CompiledNode& n = nodes_[node];
  if (n.section_slot != kNone) {
    const Slot s = state[n.section_slot];
    if (s != kSectionFree && (s - 1) % section_instances_ != n.section_instance) return false;
  }
  // A node with a DEAD input does not run, so it waits for no queue or mutex.
  const bool blocking =
      n.kind == NodeKind::Enqueue || n.kind == NodeKind::Dequeue || n.kind == NodeKind::Lock;
  if (blocking && has_dead_input(state, node)) return true;
  switch (n.kind) {
    case NodeKind::Enqueue:
      return values_.get(state[n.resource_slot]).args.size() < n.capacity;
    case NodeKind::Dequeue:
      return !values_.get(state[n.resource_slot]).args.empty();
    case NodeKind::Lock:
      return state[n.resource_slot] == kGo;
    default:
      return true;
  }
}

Slot GraphModel::section_after(Slot before, const CompiledNode& n) const {
  const std::uint32_t fired = before == kSectionFree ? 1 : (before - 1) / section_instances_ + 2;
  if (fired == n.section_size) return kSectionFree;
  return 1 + n.section_instance + section_instances_ * (fired - 1);
}

void GraphModel::enabled(const Slot* state, std::vector<TransitionId>& out) const {
  const std::uint32_t* slots = in_flat_.data();
  const std::uint32_t* begin = in_begin_.data();
  const std::size_t count = nodes_.size();
  const std::size_t first = out.size();  // `out` may hold other states' transitions before
  for (std::size_t v = 0; v < count; ++v) {
    std::uint32_t k = begin[v];
    const std::uint32_t end = begin[v + 1];
    while (k < end && state[slots[k]] != kEmpty) ++k;
    if (k != end || !resource_allows(state, static_cast<std::uint32_t>(v))) continue;
    out.push_back(static_cast<TransitionId>(v));
  }
  // Alternatives past the first have ids past the nodes: append the enabled ones (and drop a
  // first alternative that is not), keeping the order.
  const std::size_t nodes_enabled = out.size();
  bool changed = false;
  for (std::size_t i = first; i < nodes_enabled; ++i) {
    const std::vector<TransitionId>& alts = transitions_of_[out[i]];
    if (alts.size() == 1) continue;
    changed = true;
    for (std::size_t a = 1; a < alts.size(); ++a) {
      if (alternative_enabled(state, alts[a])) out.push_back(alts[a]);
    }
    if (!alternative_enabled(state, alts[0])) out[i] = kNoAlternative;
  }
  if (changed) {
    out.erase(std::remove(out.begin() + first, out.end(), kNoAlternative), out.end());
    std::sort(out.begin() + first, out.end());
  }
}

bool GraphModel::is_inert(const Slot* state, TransitionId t) const {
  const CompiledNode& n = nodes_[node_of_[t]];
  return n.section_slot == kNone && n.kind != NodeKind::Merge && n.kind != NodeKind::Barrier &&
         has_dead_input(state, node_of_[t]);
}

bool GraphModel::is_ready(const Slot* state, TransitionId t) const {
  return inputs_full(state, node_of_[t]);
}

bool GraphModel::is_enabled(const Slot* state, TransitionId t) const {
  const std::uint32_t v = node_of_[t];
  return inputs_full(state, v) && resource_allows(state, v) && alternative_enabled(state, t);
}

// A node has fired exactly when its incoming edges are empty and the producers of those edges
// have fired: its edges were then filled and since consumed, by it alone. (An empty edge whose
// producer has not fired leaves the node waiting; an input edge has no producer and starts
// full.) Deciding nodes in topological order finds every producer decided first. Every
// alternative of a fired Choice node counts as fired: none of them can fire any more.
void GraphModel::fired(const Slot* state, std::vector<std::uint8_t>& out) const {
  out.assign(node_of_.size(), 0);
  for (std::uint32_t v : topological_) {
    bool done = true;
    for (std::uint32_t k = in_begin_[v]; k < in_begin_[v + 1] && done; ++k) {
      const std::uint32_t edge = in_flat_[k];
      const std::int32_t src = program_.edges[edge].src;
      done = state[edge] == kEmpty && (src == kNone || out[src] != 0);
    }
    if (done) {
      for (TransitionId t : transitions_of_[v]) out[t] = 1;
    }
  }
}

std::vector<TransitionId> GraphModel::unfired(std::span<const TransitionId> fired) const {
  std::vector<bool> done(nodes_.size(), false);
  for (TransitionId t : fired) done[node_of_[t]] = true;
  std::vector<TransitionId> out;
  for (std::size_t v = 0; v < nodes_.size(); ++v) {
    if (!done[v]) out.push_back(static_cast<TransitionId>(v));
  }
  return out;
}

std::span<const std::uint32_t> GraphModel::fire(const Slot* state, TransitionId t, Slot* out) {
  // Everything the node reads is taken from `state` before any slot of `out` changes, since
  // `out` may be `state`.
  const CompiledNode& n = nodes_[node_of_[t]];
  const std::uint32_t node = node_of_[t];
  scratch_results_.clear();
  Slot signal = kGo;  // what the control outputs carry
  const bool dead =
      n.kind != NodeKind::Merge && n.kind != NodeKind::Barrier && has_dead_input(state, node);
  if (dead) {
    scratch_results_.assign(n.out.size(), kDead);
    signal = kDead;
  } else {
    fire_live(state, t, out, signal);
  }
  if (n.section_slot != kNone) out[n.section_slot] = section_after(state[n.section_slot], n);
  for (std::uint32_t k = in_begin_[node]; k < in_begin_[node + 1]; ++k) out[in_flat_[k]] = kEmpty;
  for (std::uint32_t s : n.out_ctrl) out[s] = signal;
  for (std::size_t j = 0; j < n.out.size(); ++j) out[n.out[j]] = scratch_results_[j];
  return n.writes;
}

std::vector<GraphModel::Decision> GraphModel::decisions(std::span<const TransitionId> run) {
  std::vector<Decision> out;
  if (assumption_slot_ == kNone) return out;
  std::vector<Slot> s(slot_count_);
  initial_state(s.data());
  for (TransitionId t : run) {
    const Slot before = s[assumption_slot_];
    const ValueId pred =
        nodes_[node_of_[t]].kind == NodeKind::Switch ? s[nodes_[node_of_[t]].args[1]] : kEmpty;
    fire(s.data(), t, s.data());
    if (s[assumption_slot_] != before) out.push_back({t, pred, choice_of_[t] == 1});
  }
  return out;
}

void GraphModel::prefetch(const Slot* state, TransitionId t) {
  const std::uint32_t node = node_of_[t];
  const CompiledNode& n = nodes_[node];
  if (has_dead_input(state, node)) return;
  if (n.kind == NodeKind::Function) {
    scratch_args_.clear();
    for (std::uint32_t s : n.args) scratch_args_.push_back(state[s]);
  } else if (n.kind == NodeKind::Assign) {
    scratch_args_.assign(1, state[n.resource_slot]);  // as fire_live gives them to f
    for (std::size_t a = 1; a < n.args.size(); ++a) scratch_args_.push_back(state[n.args[a]]);
  } else if (n.kind == NodeKind::Update) {
    update_arguments(state, n);
  } else {
    return;
  }
  applier_.prefetch(n.function, scratch_args_);
}

void GraphModel::update_arguments(const Slot* state, const CompiledNode& n) {
  scratch_args_.clear();
  for (std::uint32_t s : n.variable_slots) scratch_args_.push_back(state[s]);
  for (std::size_t a = n.variable_slots.size(); a < n.args.size(); ++a) {
    scratch_args_.push_back(state[n.args[a]]);
  }
}

void GraphModel::fire_live(const Slot* state, TransitionId t, Slot* out, Slot& signal) {
  const CompiledNode& n = nodes_[node_of_[t]];
  switch (n.kind) {
    case NodeKind::Var:
      scratch_results_.push_back(n.handle);
      break;
    case NodeKind::Read: {
      const ValueId v = state[n.resource_slot];
      if (n.initialized[0] == kEmpty) {
        scratch_results_.push_back(v);
      } else {
        const bool uninitialized =
            values_.is_error(v) && values_.get(v).error == eval::ErrorKind::Uninitialized;
        scratch_results_.push_back(n.initialized[uninitialized ? 0 : 1]);
      }
      break;
    }
    case NodeKind::Assign: {
      // Arguments: the variable edge, then the tensors; f takes the old value first.
      scratch_args_.assign(1, state[n.resource_slot]);
      bool error_input = false;
      for (std::size_t a = 1; a < n.args.size(); ++a) {
        const ValueId v = state[n.args[a]];
        error_input = error_input || values_.is_error(v);
        scratch_args_.push_back(v);
      }
      if (error_input) break;  // an error input leaves the variable unchanged
      ValueId updated = kEmpty;
      applier_.apply(n.function, scratch_args_, &updated);
      out[n.resource_slot] = updated;
      break;
    }
    case NodeKind::Update: {
      // An error among the tensors or the variables' values changes no variable (a variable's
      // error stays, as for an Assign); otherwise f's outputs are the new values, in order.
      update_arguments(state, n);
      if (std::any_of(scratch_args_.begin(), scratch_args_.end(),
                      [&](ValueId v) { return values_.is_error(v); })) {
        break;
      }
      scratch_updates_.resize(n.variable_slots.size());
      applier_.apply(n.function, scratch_args_, scratch_updates_.data());
      for (std::size_t j = 0; j < n.variable_slots.size(); ++j) {
        out[n.variable_slots[j]] = scratch_updates_[j];
      }
      break;
    }
    case NodeKind::Enqueue: {
      std::vector<ValueId> items = values_.get(state[n.resource_slot]).args;
      items.push_back(state[n.args[1]]);
      out[n.resource_slot] = values_.sequence(std::move(items));
      break;
    }
    case NodeKind::Dequeue: {
      // A copy: interning the rest may move the store's values.
      std::vector<ValueId> items = values_.get(state[n.resource_slot]).args;
      scratch_results_.push_back(items.front());
      items.erase(items.begin());
      out[n.resource_slot] = values_.sequence(std::move(items));
      break;
    }
    case NodeKind::Lock:
      out[n.resource_slot] = kEmpty;
      break;
    case NodeKind::Unlock:
      out[n.resource_slot] = kGo;
      break;
    case NodeKind::Choice: {
      const std::uint32_t j = choice_of_[t];
      scratch_results_.push_back(n.alternatives.empty() ? state[n.args[j]] : n.alternatives[j]);
      break;
    }
    case NodeKind::Function:
      scratch_args_.clear();
      for (std::uint32_t s : n.args) scratch_args_.push_back(state[s]);
      scratch_results_.resize(n.out.size());
      applier_.apply(n.function, scratch_args_, scratch_results_.data());
      break;
    case NodeKind::Switch: {
      // Output 1 when the predicate is true, else output 0; a predicate that is not a bool
      // scalar sends its error (or the error it is) on output 0.
      scratch_results_.assign(2, kDead);
      const ValueId pred = state[n.args[1]];
      const Route route = switch_route(state, n);
      if (route == Route::Invalid) {
        const Value& p = values_.get(pred);
        scratch_results_[0] = p.kind == ValueKind::Error ? pred
                              : p.kind == ValueKind::Tensor && p.tensor.dtype == eval::DType::Bool
                                  ? values_.error(eval::ErrorKind::Shape)
                                  : values_.error(eval::ErrorKind::Type);
      } else {
        scratch_results_[choice_of_[t]] = state[n.args[0]];
        if (route == Route::Either) {
          out[assumption_slot_] =
              assumptions_.with(state[assumption_slot_], pred, choice_of_[t] == 1);
        }
      }
      break;
    }
    case NodeKind::Merge: {
      const std::uint32_t j = choice_of_[t];
      if (state[n.args[j]] == kDead) {  // every input DEAD
        scratch_results_.assign(2, kDead);
        signal = kDead;
      } else {
        scratch_results_ = {state[n.args[j]], n.alternatives[j]};
      }
      break;
    }
    case NodeKind::Barrier:
      break;
  }
}

}  // namespace tfmc::sem
