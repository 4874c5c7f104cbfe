#include "checker/api/program_replicas.h"

#include <map>
#include <optional>
#include <vector>

#include "semantics/errors/invariant.h"

namespace tfmc::api {
namespace {

using sem::Edge;
using sem::kNone;
using sem::Node;
using sem::Program;

constexpr std::uint32_t kNoExecution = 0xffffffffu;

// The executions' nodes and each node's execution and place in it.
struct Executions {
  std::vector<std::vector<std::uint32_t>> nodes;  // per execution, in program order
  std::vector<std::uint32_t> of;                  // per node: its execution, or kNoExecution
  std::vector<std::uint32_t> place;               // per node: its index in its execution
};

Executions executions_of(const Program& p) {
  Executions e;
  e.of.assign(p.nodes.size(), kNoExecution);
  e.place.assign(p.nodes.size(), 0);
  for (std::uint32_t i = 0; i < p.nodes.size(); ++i) {
    const Node& n = p.nodes[i];
    if (n.name.starts_with('~')) continue;  // a run barrier, of no execution
    if (e.nodes.size() <= n.execution) e.nodes.resize(n.execution + 1);
    e.of[i] = n.execution;
    e.place[i] = static_cast<std::uint32_t>(e.nodes[n.execution].size());
    e.nodes[n.execution].push_back(i);
  }
  return e;
}

bool same_function(const Program& p, const Node& a, const Node& b) {
  const std::size_t size = p.functions.size();
  if (a.function < size && b.function < size) {
    return p.functions.get(a.function) == p.functions.get(b.function);
  }
  return a.function == b.function;
}

bool same_node(const Program& p, const Node& a, const Node& b) {
  return a.kind == b.kind && a.implicit == b.implicit && a.op == b.op &&
         a.resource_kind == b.resource_kind && a.variable == b.variable &&
         a.variables == b.variables && a.alternatives == b.alternatives && a.section == b.section &&
         a.instance_of == b.instance_of && a.iterations == b.iterations && a.frame == b.frame &&
         same_function(p, a, b) && a.inputs.size() == b.inputs.size() &&
         a.controls.size() == b.controls.size() && a.outputs.size() == b.outputs.size() &&
         a.control_outputs.size() == b.control_outputs.size();
}

// Pairs execution x's nodes with execution y's in order, and their edges by their places in
// the nodes' edge lists; the local edges of x in the order of that walk, with their images.
class Pairing {
 public:
  Pairing(const Program& p, const Executions& e, std::uint32_t x, std::uint32_t y)
      : p_(p), e_(e), x_(x), y_(y), image_(p.edges.size(), kNone) {}

  // Whether the pairing is an isomorphism (the header's conditions).
  bool isomorphic() {
    const std::vector<std::uint32_t>& xs = e_.nodes[x_];
    const std::vector<std::uint32_t>& ys = e_.nodes[y_];
    if (xs.size() != ys.size()) return false;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const Node& a = p_.nodes[xs[i]];
      const Node& b = p_.nodes[ys[i]];
      if (!same_node(p_, a, b)) return false;
      for (const auto list :
           {&Node::inputs, &Node::controls, &Node::outputs, &Node::control_outputs}) {
        for (std::size_t k = 0; k < (a.*list).size(); ++k) {
          if (!pair_edges((a.*list)[k], (b.*list)[k])) return false;
        }
      }
    }
    return true;
  }

  const std::vector<std::uint32_t>& local_edges() const { return local_; }
  const std::vector<std::int32_t>& image() const { return image_; }

 private:
  bool pair_edges(std::int32_t ex, std::int32_t ey) {
    if (image_[ex] != kNone) return image_[ex] == ey;
    const Edge& a = p_.edges[ex];
    const Edge& b = p_.edges[ey];
    if (a.kind != b.kind || a.src_port != b.src_port || a.initial != b.initial ||
        a.input_name.empty() != b.input_name.empty() || !same_end(a, a.src, b.src) ||
        !same_end(a, a.dst, b.dst)) {
      return false;
    }
    image_[ex] = ey;
    local_.push_back(static_cast<std::uint32_t>(ex));
    return true;
  }

  // Whether end `v` of edge `a` (of x's) and end `w` of its image correspond.
  bool same_end(const Edge& a, std::int32_t v, std::int32_t w) const {
    if (v == kNone || w == kNone) return v == w;
    const std::uint32_t ex = e_.of[v];
    if (ex == x_) return e_.of[w] == y_ && e_.place[w] == e_.place[v];
    // A node of no execution: a barrier, which orders whole executions only.
    return ex == kNoExecution && w == v && a.kind == sem::EdgeKind::Control;
  }

  const Program& p_;
  const Executions& e_;
  std::uint32_t x_, y_;
  std::vector<std::int32_t> image_;
  std::vector<std::uint32_t> local_;
};

}  // namespace

std::vector<std::vector<TransitionId>> node_transitions(const Program& program,
                                                        const TransitionSystem& model) {
  // A node's first transition is its index; its other alternatives lie past the nodes and are
  // named after their node, whose name is its own (implicit nodes may share names, but have
  // no alternatives).
  std::map<std::string, std::uint32_t> node_named;
  for (std::uint32_t i = 0; i < program.nodes.size(); ++i) {
    if (!program.nodes[i].implicit) node_named[program.nodes[i].name] = i;
  }
  std::vector<std::vector<TransitionId>> transitions(program.nodes.size());
  for (TransitionId t = 0; t < model.transition_count(); ++t) {
    const std::uint32_t node =
        t < program.nodes.size() ? t : node_named.at(model.transition_name(t));
    TFMC_CHECK(model.transition_name(t) == program.nodes[node].name,
               "a transition is named after its node");
    transitions[node].push_back(t);
  }
  return transitions;
}

std::unique_ptr<check::ReplicaSymmetry> program_replicas(const Program& program,
                                                         const TransitionSystem& model,
                                                         std::string& why_not) {
  if (!program.sections.empty()) {
    why_not = "the program has critical sections";
    return nullptr;
  }
  const Executions e = executions_of(program);
  const std::vector<std::vector<TransitionId>> transitions = node_transitions(program, model);
  std::vector<bool> is_outcome(model.slot_count(), false);
  for (std::uint32_t s : model.outcome_slots()) is_outcome[s] = true;

  // Classes: each execution joins the first class whose first member it is a replica of.
  std::vector<std::vector<check::ReplicaSymmetry::Replica>> classes;
  std::vector<std::uint32_t> first_of;  // per class: its first member's execution
  for (std::uint32_t x = 0; x < e.nodes.size(); ++x) {
    if (e.nodes[x].empty()) continue;
    std::optional<std::size_t> joined;
    check::ReplicaSymmetry::Replica replica;
    for (std::size_t c = 0; c < classes.size() && !joined; ++c) {
      Pairing pairing(program, e, first_of[c], x);
      if (!pairing.isomorphic()) continue;
      bool fits = true;
      for (std::uint32_t s : pairing.local_edges()) {
        const auto image = static_cast<std::uint32_t>(pairing.image()[s]);
        fits = fits && is_outcome[s] == is_outcome[image];
        replica.slots.push_back(image);
      }
      for (std::size_t i = 0; i < e.nodes[x].size() && fits; ++i) {
        const std::vector<TransitionId>& mine = transitions[e.nodes[x][i]];
        fits = mine.size() == transitions[e.nodes[first_of[c]][i]].size();
        replica.transitions.insert(replica.transitions.end(), mine.begin(), mine.end());
      }
      if (fits) {
        joined = c;
      } else {
        replica = {};
      }
    }
    if (joined) {
      classes[*joined].push_back(std::move(replica));
      continue;
    }
    // A class of its own: its local part in its own walk's order (the pairing with itself).
    Pairing self(program, e, x, x);
    TFMC_CHECK(self.isomorphic(), "an execution is a copy of itself");
    replica.slots = self.local_edges();
    for (std::uint32_t node : e.nodes[x]) {
      replica.transitions.insert(replica.transitions.end(), transitions[node].begin(),
                                 transitions[node].end());
    }
    classes.push_back({std::move(replica)});
    first_of.push_back(x);
  }
  std::erase_if(classes, [](const auto& c) { return c.size() < 2; });
  if (classes.empty()) {
    why_not = "no two executions of the program are copies of each other";
    return nullptr;
  }
  return std::make_unique<check::ReplicaSymmetry>(std::move(classes), model.slot_count(),
                                                  model.transition_count());
}

}  // namespace tfmc::api
