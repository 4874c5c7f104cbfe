// Name declaration and resolution for the builder: the namespaces of a .tfg file and what each
// declared name stands for. Names declared by statements with a syntax error (ast.h
// BrokenDecl) count as declared, so that references to them are not reported again.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"
#include "semantics/program/program.h"

namespace tfmc::sem {

// What a name in the node/input/function namespace stands for.
struct Symbol {
  // Broken: declared by a statement with a syntax error; references to it are not reported.
  enum class Kind : std::uint8_t { Node, Input, Function, Broken } kind;
  std::size_t index;  // into ast.nodes / ast.inputs / ast.fns
};

// A variable, queue or mutex: its kind and its index among the Program's resources of that kind.
struct Resource {
  ResourceKind kind;
  std::uint32_t index;
};

struct Names {
  std::map<std::string, Symbol> symbols;      // nodes, inputs, functions
  std::map<std::string, Resource> resources;  // variables, queues, mutexes
  std::set<std::string> broken_resources;
  std::map<std::string, std::int32_t> sections;             // kNone: declared by a broken statement
  std::map<std::string, std::pair<int, int>> declared_fns;  // `fn` name -> {inputs, outputs}

  bool broken(const std::string& name) const;
  bool resource_declared(const std::string& name) const;
  // The resource a variable-edge argument carries: `&X`, or the X of a `v = Var(X)` node;
  // nullopt when that is not known (an error reported elsewhere).
  std::optional<Resource> resource_of(const Ref& r, const Ast& ast) const;
  // The node statement `r` names (not through `&X`), if it names one.
  std::optional<std::uint32_t> node_statement(const Ref& r) const;
  // The node statement named by a `section` or `target` entry (`where` says which, as
  // "a section"), or kNone after reporting why not.
  std::int32_t named_node(const Ref& r, const char* where, DiagnosticList& diags) const;
};

// Declares every name of `ast`, reporting redefinitions (the later statement in the file is
// the one reported) and `fn` declarations of stateful operations.
Names declare_names(const Ast& ast, DiagnosticList& diags);

}  // namespace tfmc::sem
