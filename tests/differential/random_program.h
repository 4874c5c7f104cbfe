// Seeded random generator of .tfg programs for the differential tests.
//
// A RandomProgram is a plain description of a graph over i32 scalars, printable as .tfg text.
// generate_program gives small ones: 1-3 variables, 0-2 inputs, 3-9 nodes and 1-3 outputs
// (none when no tensor exists). generate_large_program gives 2-4 variables, 0-2 inputs, 10-20
// nodes and 1-3 outputs: its first nodes are one explicit Var node per variable, which most
// accesses share, and most nodes are ordered `after` some of the three nodes just before them.
// That keeps the graph narrow enough for an exhaustive exploration without reduction, while
// accesses a few nodes apart still race. A stateful node takes its variable edge from `&x` or
// from an explicit earlier `v = Var(x)` node (which may be shared). Node arguments only refer
// to inputs and to earlier nodes, and `after` only names earlier nodes, so every program is
// acyclic; the printed node order may still be shuffled (names may be used before their line).
// The same seed always gives the same program (the generator uses std::mt19937 with its own
// range reduction, not the implementation-defined standard distributions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tfmc::difftest {

// Declared functions every program carries: `fn F : 2 -> 1` (for Assign {f=F}),
// `fn G : 1 -> 1`, `fn H : 2 -> 1`, `fn S : 1 -> 2`.
enum class OpKind {
  Read,       // Read(&x)
  Write,      // Write(&x, t)
  AssignAdd,  // AssignAdd(&x, t)
  AssignSub,  // AssignSub(&x, t)
  AssignF,    // Assign(&x, t) {f=...}; the f is NodeDecl::attribute
  Add,
  Sub,
  Mul,
  Div,
  G,      // uninterpreted, one input, one output
  H,      // uninterpreted, two inputs, one output
  S,      // uninterpreted, one input, two outputs
  Const,  // Const {value=...}; the literal is NodeDecl::attribute
  Identity,
  Var,  // v = Var(x): its output is a variable edge, never a tensor
  // ApplyMomentum(&x, &y, lr, g, momentum): updates its variable and its slot, another
  // variable, in one step
  Momentum,
};

// A tensor source: an input, or output `port` of a node.
struct TensorRef {
  bool is_input = false;
  int index = 0;  // into RandomProgram::inputs or RandomProgram::nodes
  int port = 0;
  bool explicit_port = false;  // written `n:0` rather than `n` (only matters for port 0)
};

struct VarDecl {
  std::string name;
  std::optional<std::string> init;  // a literal (`i32{3}`) or a symbol; none: uninitialized
};

struct InputDecl {
  std::string name;
  std::optional<std::string> init;  // a literal; none: the symbolic tensor named like the input
};

struct NodeDecl {
  std::string name;
  OpKind op = OpKind::Const;
  int variable = -1;            // Var, Read, Write, Assign*: index into RandomProgram::vars
  int var_node = -1;            // Read, Write, Assign*: the Var node used, or -1 for `&x`
  int slot = -1;                // Momentum: its slot, another variable, used as `&y`
  std::vector<TensorRef> args;  // tensor arguments in order (after the variable edge)
  std::string attribute;        // Const: the value literal; AssignF: the function f
  std::vector<int> after;       // earlier nodes, each named once
};

struct OutputDecl {
  TensorRef ref;
  std::optional<std::string> alias;  // `as NAME`
};

struct RandomProgram {
  std::vector<VarDecl> vars;
  std::vector<InputDecl> inputs;
  std::vector<NodeDecl> nodes;
  std::vector<OutputDecl> outputs;
  std::vector<int> print_order;  // the order node statements are printed in
};

RandomProgram generate_program(std::uint32_t seed);
RandomProgram generate_large_program(std::uint32_t seed);

// Programs of the resource constructs (generate_resource_program): queues, mutexes, critical
// sections, targets and nondeterministic choice, alongside variables, over i32 scalars. Every
// tensor argument names an earlier node, and `after` names earlier nodes, so the graph is
// acyclic; nodes are printed in their order.
enum class ResourceOp {
  Read,                  // Read(&x)
  Write,                 // Write(&x, t)
  AssignAdd,             // AssignAdd(&x, t)
  ApplyGradientDescent,  // ApplyGradientDescent(&x, alpha, delta)
  Const,                 // Const {value=...}; the literal is ResourceNode::attribute
  Add,
  Sub,
  Mul,
  Choice,     // Choice(a, b[, c])
  RandomInt,  // RandomInt {min=A, max=B}; the attribute text is ResourceNode::attribute
  Enqueue,    // Enqueue(&q, t)
  Dequeue,    // Dequeue(&q)
  Lock,       // Lock(&m)
  Unlock,     // Unlock(&m)
};

struct ResourceNode {
  std::string name;
  ResourceOp op = ResourceOp::Const;
  std::string resource;   // the variable, queue or mutex of a stateful op; else empty
  std::vector<int> args;  // earlier nodes with a tensor result, in argument order
  std::string attribute;
  std::vector<int> after;  // earlier nodes, each named once
};

struct QueueDecl {
  std::string name;
  int capacity = 1;
};

struct SectionDecl {
  std::string name;
  std::vector<int> members;  // nodes, each in one section at most
};

struct ResourceProgram {
  std::vector<VarDecl> vars;
  std::vector<QueueDecl> queues;
  std::vector<std::string> mutexes;
  std::vector<ResourceNode> nodes;
  std::vector<SectionDecl> sections;
  std::vector<int> targets;  // distinct nodes
  std::vector<int> outputs;  // distinct nodes with a tensor result, printed `output NAME`
};

// 1-2 variables, at most one queue (capacity 1-2) and one mutex, 5-12 nodes. A Lock comes
// with an access `after` it and, most of the time, an Unlock `after` that access; Choice has
// 2-3 arguments and RandomInt 2-3 values. Some programs have a critical section of two nodes,
// a target, and 0-2 outputs. Dequeues without a matching Enqueue, Enqueues past the capacity
// and Locks without an Unlock make stuck outcomes reachable.
ResourceProgram generate_resource_program(std::uint32_t seed);

// Whether the op has a tensor result (Read, Const, Add, Sub, Mul, Choice, RandomInt, Dequeue).
bool has_result(ResourceOp op);

std::string to_tfg(const ResourceProgram& program);

// The reference as written in the .tfg text (`P`, `n3`, `n3:1`); also the default output name.
std::string ref_text(const RandomProgram& program, const TensorRef& ref);

// The outcome name of an output: its alias, else the reference as written.
std::string output_name(const RandomProgram& program, const OutputDecl& output);

// Number of tensor results of a node (0 for Var and the Assign ops, 2 for S, else 1).
int result_count(OpKind op);

std::string to_tfg(const RandomProgram& program);

}  // namespace tfmc::difftest
