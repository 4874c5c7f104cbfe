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

// The reference as written in the .tfg text (`P`, `n3`, `n3:1`); also the default output name.
std::string ref_text(const RandomProgram& program, const TensorRef& ref);

// The outcome name of an output: its alias, else the reference as written.
std::string output_name(const RandomProgram& program, const OutputDecl& output);

// Number of tensor results of a node (0 for Var and the Assign ops, 2 for S, else 1).
int result_count(OpKind op);

std::string to_tfg(const RandomProgram& program);

}  // namespace tfmc::difftest
