// A TF program (MAPL section 3.1): a DAG of labelled nodes with ordered tensor, variable and
// control edges, some without source (input edges) or destination (output edges).
//
// Invariants established by build_program:
//   - every node has at least one incoming edge (a GO input control edge is added if needed);
//   - every output port of every node has exactly one outgoing edge (several consumers share a
//     result through implicit Copy nodes; an unused result gets an unnamed output edge);
//   - arities and edge kinds match the node's label; the graph is acyclic;
//   - Read and Assign nodes know statically which variable their variable edge carries, Update
//     nodes which variables theirs carry, and the queue and mutex ops which queue or mutex
//     theirs carries.
// The state vector of the model has one slot per edge, then one per variable, per queue, per
// mutex and per critical section (resource_slot).
//
// program_edit.h adds nodes and edges keeping the node lists in agreement with the edges,
// program_walks.h walks the graph, and resource_access.h says which resources a node names,
// reads and writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/values/function.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// A Variable edge carries the handle of a resource: a variable, a queue or a mutex.
enum class EdgeKind : std::uint8_t { Tensor, Variable, Control };

inline constexpr std::int32_t kNone = -1;

struct Edge {
  EdgeKind kind = EdgeKind::Tensor;
  std::int32_t src = kNone;  // producing node, kNone for an input edge
  std::int32_t src_port = 0;
  std::int32_t dst = kNone;  // consuming node, kNone for an output edge
  ValueId initial = kEmpty;  // input edges: the fed value or GO
  std::string input_name;    // input edges declared with `input`
};

// Function: a (possibly uninterpreted) function of its tensor inputs. Var: outputs the handle
// of its resource. Read, Assign: the paper's variable ops. Update: Assign generalised to
// several variables (an optimizer's step): it reads them all and writes them all in one step.
// Enqueue, Dequeue: FIFO queue ops that block on a full or empty queue. Lock, Unlock: mutex ops;
// Lock blocks while the mutex is held. Choice: a nondeterministic function: it outputs any one of
// its alternatives. Switch: routes its data to output 1 when its predicate is true, to output 0
// otherwise, the other output DEAD. Merge: outputs one of its live inputs and that input's index
// (its alternatives), DEAD when every input is DEAD. Barrier: orders (GO on its control outputs)
// whether its inputs are live or DEAD; the loop unrolling's iteration barriers.
// Every other node with a DEAD input sends DEAD on every output and has no effect.
enum class NodeKind : std::uint8_t {
  Function,
  Var,
  Read,
  Assign,
  Enqueue,
  Dequeue,
  Lock,
  Unlock,
  Choice,
  Switch,
  Merge,
  Barrier,
  Update
};

enum class ResourceKind : std::uint8_t { Variable, Queue, Mutex };

struct Node {
  std::string name;
  NodeKind kind = NodeKind::Function;
  bool implicit = false;    // made by the builder: `&X` Var nodes and Copy nodes
  SourceLoc loc;            // statement of the node (for implicit nodes: of the use)
  std::string file;         // the file of that statement (set by load_program_text)
  std::string op;           // the operation as written (Copy, Var, Read, Write, Add, ...)
  FunctionId function = 0;  // Function: the function; Assign, Update: its f
  ResourceKind resource_kind = ResourceKind::Variable;
  std::uint32_t variable = 0;  // Var and the resource ops but Update: the resource (resolved
                               // statically), an index into variables, queues or mutexes by
                               // resource_kind
  // Update: its variables (resolved statically), one per variable edge, in argument order;
  // empty for every other kind.
  std::vector<std::uint32_t> variables;
  // Choice: the values it may output, or empty when it outputs one of its inputs. Merge: the
  // index it outputs (an i32 scalar) for each input.
  std::vector<ValueId> alternatives;
  std::int32_t section = kNone;  // the critical section the node belongs to, if any
  std::uint32_t execution = 0;   // which execution of a composed program (0 when not composed)
  // In a file with loops (loop_unrolling.h): the statement of the written file this node is
  // an instance of; kNone in a file without loops and for the nodes the unrolling adds.
  std::int32_t instance_of = kNone;
  // The node's iterations of its frames, outermost first: `add[2,0]` has {2, 0}; empty in the
  // root frame and in a file without loops.
  std::vector<std::uint32_t> iterations;
  // Its loop frame in the file it was built from (loop_frames.h numbering): 0 for the root
  // frame and in a file without loops.
  std::uint32_t frame = 0;
  std::vector<std::int32_t> inputs;    // incoming tensor/variable edges in argument order
  std::vector<std::int32_t> controls;  // incoming control edges
  std::vector<std::int32_t> outputs;   // outgoing tensor/variable edge per output port
  std::vector<std::int32_t> control_outputs;
};

struct Variable {
  std::string name;
  ValueId initial = kEmpty;  // Error(uninitialized) when declared without INIT
  SourceLoc loc;
  std::string file;  // the file of its declaration (set by load_program_text)
};

struct Queue {
  std::string name;
  std::uint32_t capacity = 1;
  SourceLoc loc;
};

struct Mutex {
  std::string name;
  SourceLoc loc;
};

// Nodes of one section, run by several executions (Node::execution), never interleave across
// executions: once an execution fires one of them, no other execution fires one until it has
// fired all of its own.
struct Section {
  std::string name;
  SourceLoc loc;
};

struct NamedOutput {
  std::string name;
  std::int32_t edge = kNone;
};

// A loop's iteration bound (loop_unrolling.h): the output edge of a NextIteration of a frame's
// last unrolled iteration. A live value there means the run would start one iteration more
// than --max-iterations allows.
struct LoopBound {
  std::int32_t edge = kNone;
  std::string node;   // the NextIteration instance
  std::string frame;  // its frame's name
  std::uint32_t iterations = 0;
};

struct Program {
  std::string file;
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  std::vector<Variable> variables;
  std::vector<NamedOutput> outputs;  // in file order
  std::vector<Queue> queues;
  std::vector<Mutex> mutexes;
  std::vector<Section> sections;
  std::vector<std::uint32_t> targets;  // nodes named by `target` (what --prune keeps)
  std::vector<LoopBound> bounds;       // in node order
  FunctionTable functions;

  std::size_t slot_count() const {
    return edges.size() + variables.size() + queues.size() + mutexes.size() + sections.size();
  }
  std::size_t variable_slot(std::uint32_t v) const { return edges.size() + v; }
  std::size_t resource_slot(ResourceKind kind, std::uint32_t i) const {
    switch (kind) {
      case ResourceKind::Variable:
        return edges.size() + i;
      case ResourceKind::Queue:
        return edges.size() + variables.size() + i;
      case ResourceKind::Mutex:
        return edges.size() + variables.size() + queues.size() + i;
    }
    return 0;
  }
  std::size_t section_slot(std::uint32_t s) const {
    return edges.size() + variables.size() + queues.size() + mutexes.size() + s;
  }
};

}  // namespace tfmc::sem
