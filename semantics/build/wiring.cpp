#include "semantics/build/wiring.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "semantics/program/program_edit.h"
#include "semantics/program/resource_access.h"

namespace tfmc::sem {
namespace {

// A producer of a value: a node port, an input, or the implicit Var of an `&X` argument.
struct Producer {
  enum class Kind : std::uint8_t { NodePort, Input, ImplicitVar } kind;
  std::size_t index = 0;  // node statement, input, or implicit Var node index in Program
  int port = 0;
  bool operator<(const Producer& o) const {
    return std::tie(kind, index, port) < std::tie(o.kind, o.index, o.port);
  }
};

// A consumer of a value: argument `arg` of a program node, or named output `output`.
struct Use {
  std::int32_t node = kNone;
  int arg = 0;
  std::int32_t output = kNone;
};

class Wirer {
 public:
  Wirer(const Ast& ast, const CheckedFile& checked, ValueStore& values, Program& program)
      : ast_(ast), checked_(checked), values_(values), program_(program) {}

  void wire_all() {
    add_declarations();
    add_statement_nodes();
    wire_producers(collect_uses());
    resolve_resources();
    add_control_edges();
  }

 private:
  // Uses of each producer in file order (by line, then column), and the reference text of its
  // first use, which names its Copy nodes.
  struct Uses {
    std::map<Producer, std::vector<Use>> uses;
    std::map<Producer, std::string> ref_texts;
  };

  void add_declarations() {
    for (const VarDecl& v : ast_.vars) {
      program_.variables.push_back(
          {v.name,
           v.init ? init_value(*v.init, values_) : values_.error(eval::ErrorKind::Uninitialized),
           v.loc, ""});  // the file is set by load_program_text
    }
    for (const ResourceDecl& r : ast_.resources) {
      if (r.kind == ResourceDecl::Kind::Queue) {
        program_.queues.push_back({r.name, checked_.capacities[program_.queues.size()], r.loc});
      } else {
        program_.mutexes.push_back({r.name, r.loc});
      }
    }
    for (const SectionDecl& d : ast_.sections) program_.sections.push_back({d.name, d.loc});
    program_.targets.assign(checked_.placement.targets.begin(), checked_.placement.targets.end());
    for (const OutputStmt& o : ast_.outputs) {
      program_.outputs.push_back({o.as.value_or(o.ref.text()), kNone});
    }
  }

  // User nodes first, in file order, so node index i is statement i.
  void add_statement_nodes() {
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      const NodeStmt& s = ast_.nodes[i];
      const NodeShape& shape = checked_.shapes[i];
      Node n;
      n.name = s.name;
      n.kind = shape.kind;
      n.loc = s.loc;
      n.op = s.op;
      n.function = shape.function;
      if (n.kind == NodeKind::Var) {
        const Resource r = checked_.names.resources.at(s.args[0].name);
        n.resource_kind = r.kind;
        n.variable = r.index;
      }
      n.alternatives = shape.alternatives;
      n.section = checked_.placement.section_of[i];
      n.inputs.assign(shape.inputs.size(), kNone);
      n.outputs.assign(shape.outputs.size(), kNone);
      add_node(program_, std::move(n));
    }
  }

  // Finds the producer of every argument and output in file order, making the implicit Var
  // node of each `&X` use on the way.
  Uses collect_uses() {
    struct Pending {
      SourceLoc loc;
      const Ref* ref;
      Use use;
    };
    std::vector<Pending> pending;
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      if (program_.nodes[i].kind == NodeKind::Var) continue;
      const auto& args = ast_.nodes[i].args;
      for (std::size_t a = 0; a < args.size(); ++a) {
        pending.push_back(
            {args[a].loc, &args[a], {static_cast<std::int32_t>(i), static_cast<int>(a), kNone}});
      }
    }
    for (std::size_t o = 0; o < ast_.outputs.size(); ++o) {
      pending.push_back({ast_.outputs[o].ref.loc,
                         &ast_.outputs[o].ref,
                         {kNone, 0, static_cast<std::int32_t>(o)}});
    }
    std::stable_sort(pending.begin(), pending.end(), [](const Pending& a, const Pending& b) {
      return std::tie(a.loc.line, a.loc.column) < std::tie(b.loc.line, b.loc.column);
    });
    Uses out;
    for (const Pending& p : pending) {
      Producer prod;
      if (p.ref->variable) {
        prod = {Producer::Kind::ImplicitVar,
                static_cast<std::size_t>(add_implicit_var(p.ref->name, p.use, p.loc)), 0};
      } else {
        const Symbol& sym = checked_.names.symbols.at(p.ref->name);
        prod = {sym.kind == Symbol::Kind::Input ? Producer::Kind::Input : Producer::Kind::NodePort,
                sym.index, p.ref->port};
      }
      out.uses[prod].push_back(p.use);
      out.ref_texts.emplace(prod, p.ref->text());
    }
    return out;
  }

  // The Var node `&X@N` of resource X for its use by node N (or by an output).
  std::int32_t add_implicit_var(const std::string& resource, const Use& use, SourceLoc loc) {
    Node v;
    v.name =
        fmt::format("&{}@{}", resource, use.node != kNone ? ast_.nodes[use.node].name : "output");
    v.kind = NodeKind::Var;
    v.implicit = true;
    v.loc = loc;
    v.op = "Var";
    const Resource r = checked_.names.resources.at(resource);
    v.resource_kind = r.kind;
    v.variable = r.index;
    v.outputs = {kNone};
    return add_node(program_, std::move(v));
  }

  // Every port of every node gets its edge, used or not; so does every input.
  void wire_producers(const Uses& u) {
    const auto uses_of = [&](const Producer& prod) {
      const auto it = u.uses.find(prod);
      return it != u.uses.end() ? it->second : std::vector<Use>{};
    };
    // Copy nodes made by wire() are appended past `producers` and need no visit.
    const std::size_t producers = program_.nodes.size();
    for (std::size_t i = 0; i < producers; ++i) {
      const bool implicit_var = program_.nodes[i].implicit;
      const std::size_t ports = program_.nodes[i].outputs.size();
      for (std::size_t port = 0; port < ports; ++port) {
        const Producer prod = implicit_var
                                  ? Producer{Producer::Kind::ImplicitVar, i, 0}
                                  : Producer{Producer::Kind::NodePort, i, static_cast<int>(port)};
        const auto text = u.ref_texts.find(prod);
        const std::string own_text = port == 0 && ports == 1
                                         ? program_.nodes[i].name
                                         : fmt::format("{}:{}", program_.nodes[i].name, port);
        const EdgeKind kind =
            program_.nodes[i].kind == NodeKind::Var ? EdgeKind::Variable : EdgeKind::Tensor;
        wire(static_cast<std::int32_t>(i), static_cast<int>(port), kind,
             text != u.ref_texts.end() ? text->second : own_text, program_.nodes[i].loc,
             uses_of(prod), kEmpty, "");
      }
    }
    for (std::size_t i = 0; i < ast_.inputs.size(); ++i) {
      wire(kNone, 0, EdgeKind::Tensor, ast_.inputs[i].name, ast_.inputs[i].loc,
           uses_of({Producer::Kind::Input, i, 0}), checked_.input_values[i], ast_.inputs[i].name);
    }
  }

  // The resource ops know their resources statically: each variable edge comes, through
  // Copies, from one Var node.
  void resolve_resources() {
    for (Node& n : program_.nodes) {
      if (!reads_resource(n.kind)) continue;
      const Node& var = var_node(n.inputs[0]);
      n.resource_kind = var.resource_kind;
      if (n.kind != NodeKind::Update) {
        n.variable = var.variable;
        continue;
      }
      for (std::int32_t e : n.inputs) {
        if (program_.edges[e].kind != EdgeKind::Variable) break;  // the tensors follow
        n.variables.push_back(var_node(e).variable);
      }
    }
  }

  // The Var node a variable edge comes from, through Copies.
  const Node& var_node(std::int32_t e) const {
    while (program_.nodes[program_.edges[e].src].kind == NodeKind::Function) {
      e = program_.nodes[program_.edges[e].src].inputs[0];  // through a Copy
    }
    return program_.nodes[program_.edges[e].src];
  }

  // Control edges from `after`, then GO for nodes without any incoming edge.
  void add_control_edges() {
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      for (const Ref& r : ast_.nodes[i].after) {
        add_control_edge(program_,
                         static_cast<std::int32_t>(checked_.names.symbols.at(r.name).index),
                         static_cast<std::int32_t>(i));
      }
    }
    for (std::size_t i = 0; i < program_.nodes.size(); ++i) {
      const Node& n = program_.nodes[i];
      if (!n.inputs.empty() || !n.controls.empty()) continue;
      const std::int32_t go =
          add_edge(program_, EdgeKind::Control, {}, {static_cast<std::int32_t>(i), 0});
      program_.edges[go].initial = kGo;
    }
  }

  // Points `edge` at the use: a node argument or a named output.
  void connect(std::int32_t edge, const Use& use) {
    if (use.output != kNone) {
      program_.outputs[use.output].edge = edge;
      return;
    }
    set_destination(program_, edge, {use.node, use.arg});
  }

  // Makes the edges from a producer's port to all its uses, with a Copy chain for k >= 2.
  void wire(std::int32_t src_node, int src_port, EdgeKind kind, const std::string& ref_text,
            SourceLoc loc, const std::vector<Use>& uses, ValueId input_value,
            const std::string& input_name) {
    std::int32_t edge = add_edge(program_, kind, {src_node, src_port}, {});
    program_.edges[edge].initial = input_value;
    program_.edges[edge].input_name = input_name;
    if (uses.empty()) return;
    const FunctionId copy = copy_function();
    for (std::size_t i = 0; i + 1 < uses.size(); ++i) {
      Node c;
      c.name = fmt::format("{}~copy{}", ref_text, i + 1);
      c.kind = NodeKind::Function;
      c.implicit = true;
      c.loc = loc;
      c.op = "Copy";
      c.function = copy;
      const std::int32_t id = add_node(program_, std::move(c));
      set_destination(program_, edge, {id, 0});
      connect(add_edge(program_, kind, {id, 0}, {}), uses[i]);
      edge = add_edge(program_, kind, {id, 1}, {});
    }
    connect(edge, uses.back());
  }

  FunctionId copy_function() {
    return program_.functions.add(plain_function(FunctionKind::Copy, "Copy", 2));
  }

  const Ast& ast_;
  const CheckedFile& checked_;
  ValueStore& values_;
  Program& program_;
};

}  // namespace

ValueId init_value(const InitValue& v, ValueStore& values) {
  return v.literal ? values.tensor(*v.literal) : values.symbol(v.symbol);
}

void wire_program(const Ast& ast, const CheckedFile& checked, ValueStore& values,
                  Program& program) {
  Wirer(ast, checked, values, program).wire_all();
}

}  // namespace tfmc::sem
