// The syntax tree of a .tfg file (FORMAT.md, "Statements"), as written: names are not resolved,
// implicit nodes are not yet made. program_builder.h turns it into a Program.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpu_eval/tensor.h"
#include "semantics/errors/diagnostics.h"

namespace tfmc::sem {

// An argument or output reference: `N`, `N:K` or `&X`.
struct Ref {
  std::string name;
  int port = 0;
  bool has_port = false;  // written as N:K
  bool variable = false;  // written as &X
  SourceLoc loc;
  std::string written;  // the source text (`s:01`, `s : 1`); empty in a hand-built Ast

  // As written in the source; for a hand-built Ast "N", "N:K" or "&X". Output names and Copy
  // names use this text as written (FORMAT.md, "References and the implicit parts of a graph").
  std::string text() const;
};

// INIT values and --feed values: a concrete literal or a symbol name.
struct InitValue {
  std::optional<eval::Tensor> literal;
  std::string symbol;  // when literal is empty
  SourceLoc loc;
};

struct AttrValue {
  enum class Kind : std::uint8_t { Integer, Name, List, Literal };
  Kind kind = Kind::Integer;
  std::int64_t integer = 0;
  std::string name;
  std::vector<std::int64_t> list;
  std::optional<eval::Tensor> literal;
  SourceLoc loc;
};

struct Attr {
  std::string key;
  AttrValue value;
  SourceLoc loc;
};

struct FnDecl {
  std::string name;
  int inputs = 0;
  int outputs = 0;
  SourceLoc loc;  // of the name
};

// `var NAME [= INIT]` and `input NAME [= INIT]`: a name with an optional value.
struct InitDecl {
  std::string name;
  std::optional<InitValue> init;
  SourceLoc loc;  // of the name
};
using VarDecl = InitDecl;
using InputDecl = InitDecl;

// `queue NAME {capacity=N}` or `mutex NAME`: a resource, named in the variables' namespace
// (`&NAME` is its handle edge, as for a variable).
struct ResourceDecl {
  enum class Kind : std::uint8_t { Queue, Mutex };
  Kind kind = Kind::Queue;
  std::string name;
  std::vector<Attr> attrs;
  SourceLoc loc;  // of the name
};

// `section NAME : N1, N2, ...`: a critical section over the named nodes.
struct SectionDecl {
  std::string name;
  std::vector<Ref> nodes;  // plain names
  SourceLoc loc;           // of the name
};

// `target N1, N2, ...`: nodes that a pruned run must fire although no output needs them.
struct TargetStmt {
  std::vector<Ref> nodes;  // plain names
  SourceLoc loc;           // of the keyword
};

struct NodeStmt {
  std::string name;
  SourceLoc loc;  // of the name
  std::string op;
  SourceLoc op_loc;
  std::vector<Ref> args;
  std::vector<Attr> attrs;
  std::vector<Ref> after;  // plain names only
};

struct OutputStmt {
  Ref ref;
  std::optional<std::string> as;
  SourceLoc loc;  // of the `output` keyword
};

// A statement the parser rejected after reading the name it declares. The builder counts the
// name as declared, so references to it elsewhere are not reported as follow-on errors.
struct BrokenDecl {
  enum class Space : std::uint8_t { Names, Resources, Sections };
  std::string name;
  Space space = Space::Names;  // Resources: `var`, `queue`, `mutex`; Names: nodes, inputs, fns
};

struct Ast {
  std::vector<FnDecl> fns;
  std::vector<VarDecl> vars;
  std::vector<ResourceDecl> resources;
  std::vector<InputDecl> inputs;
  std::vector<NodeStmt> nodes;
  std::vector<SectionDecl> sections;
  std::vector<TargetStmt> targets;
  std::vector<OutputStmt> outputs;
  std::vector<BrokenDecl> broken;
};

}  // namespace tfmc::sem
