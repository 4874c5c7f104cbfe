#include "semantics/build/program_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "semantics/build/op_catalog.h"
#include "semantics/language/parser.h"
#include "semantics/program/program_edit.h"
#include "semantics/program/resource_access.h"

namespace tfmc::sem {
namespace {

// A UTF-8 byte-order mark, as some editors write, is not part of the first statement.
std::string_view without_bom(std::string_view text) {
  return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// What a name in the node/input/function namespace stands for.
struct Symbol {
  // Broken: declared by a statement with a syntax error (ast.h BrokenDecl); references to it
  // are not reported again.
  enum class Kind : std::uint8_t { Node, Input, Function, Broken } kind;
  std::size_t index;  // into ast.nodes / ast.inputs / ast.fns
};

// What a node produces: the kind of each output port.
struct NodeShape {
  bool valid = false;  // false when the node itself had errors; its uses are not re-checked
  NodeKind kind = NodeKind::Function;
  FunctionId function = 0;
  std::vector<EdgeKind> outputs;
  std::vector<EdgeKind> inputs;                    // expected argument kinds
  ResourceKind resource = ResourceKind::Variable;  // resource ops: the kind they need
  std::vector<ValueId> alternatives;               // RandomInt: its values
};

struct Resource {
  ResourceKind kind;
  std::uint32_t index;  // into the Program's variables, queues or mutexes
};

// The largest `queue` capacity and RandomInt range: beyond them the state space is surely
// not what the user meant.
constexpr std::int64_t kMaxCapacity = 1 << 16;
constexpr std::int64_t kMaxRandomRange = 1 << 12;

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

eval::Tensor i32_scalar(std::int32_t v) {
  eval::Tensor t;
  t.dtype = eval::DType::I32;
  t.bytes.resize(sizeof v);
  std::memcpy(t.bytes.data(), &v, sizeof v);
  return t;
}

class Builder {
 public:
  Builder(const Ast& ast, const std::vector<Feed>& feeds, ValueStore& values, DiagnosticList& diags)
      : ast_(ast), feeds_(feeds), values_(values), diags_(diags) {}

  Program build() {
    declare_names();
    shapes_.resize(ast_.nodes.size());
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) shapes_[i] = shape_node(ast_.nodes[i]);
    check_references();
    check_resources();
    check_sections_and_targets();
    check_cycles();
    std::vector<ValueId> input_values = resolve_input_values();
    if (!diags_.empty()) return std::move(program_);
    construct(input_values);
    return std::move(program_);
  }

 private:
  void declare_names() {
    // Statements in file order, so that the later duplicate is the one reported.
    struct Decl {
      SourceLoc loc;
      std::string name;
      Symbol sym;
    };
    std::vector<Decl> decls;
    for (std::size_t i = 0; i < ast_.fns.size(); ++i) {
      decls.push_back({ast_.fns[i].loc, ast_.fns[i].name, {Symbol::Kind::Function, i}});
    }
    for (std::size_t i = 0; i < ast_.inputs.size(); ++i) {
      decls.push_back({ast_.inputs[i].loc, ast_.inputs[i].name, {Symbol::Kind::Input, i}});
    }
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      decls.push_back({ast_.nodes[i].loc, ast_.nodes[i].name, {Symbol::Kind::Node, i}});
    }
    std::stable_sort(decls.begin(), decls.end(), [](const Decl& a, const Decl& b) {
      return std::tie(a.loc.line, a.loc.column) < std::tie(b.loc.line, b.loc.column);
    });
    for (const Decl& d : decls) {
      if (d.sym.kind == Symbol::Kind::Function && is_stateful_op(d.name)) {
        diags_.error(d.loc,
                     fmt::format("'{}' is a stateful operation and cannot be redeclared", d.name));
        continue;
      }
      if (!names_.emplace(d.name, d.sym).second) {
        diags_.error(d.loc, fmt::format("'{}' is already defined", d.name));
      }
    }
    // Sections before broken statements: a section statement with trailing text is both,
    // and must not count as its own duplicate.
    for (const SectionDecl& d : ast_.sections) {
      if (!sections_.emplace(d.name, static_cast<std::int32_t>(sections_.size())).second) {
        diags_.error(d.loc, fmt::format("section '{}' is already defined", d.name));
      }
    }
    for (const BrokenDecl& b : ast_.broken) {
      if (b.space == BrokenDecl::Space::Resources) {
        broken_resources_.insert(b.name);
      } else if (b.space == BrokenDecl::Space::Sections) {
        sections_.emplace(b.name, kNone);
      } else {
        names_.emplace(b.name, Symbol{Symbol::Kind::Broken, 0});
      }
    }
    for (std::size_t i = 0; i < ast_.fns.size(); ++i) {
      declared_fns_.emplace(ast_.fns[i].name, std::pair{ast_.fns[i].inputs, ast_.fns[i].outputs});
    }
    // Resources in file order too, so that the later duplicate is the one reported.
    struct ResourceName {
      SourceLoc loc;
      std::string name;
      Resource resource;
    };
    std::vector<ResourceName> resources;
    for (std::size_t i = 0; i < ast_.vars.size(); ++i) {
      resources.push_back({ast_.vars[i].loc,
                           ast_.vars[i].name,
                           {ResourceKind::Variable, static_cast<std::uint32_t>(i)}});
    }
    std::uint32_t queues = 0, mutexes = 0;
    for (const ResourceDecl& r : ast_.resources) {
      const bool queue = r.kind == ResourceDecl::Kind::Queue;
      resources.push_back(
          {r.loc,
           r.name,
           {queue ? ResourceKind::Queue : ResourceKind::Mutex, queue ? queues++ : mutexes++}});
    }
    std::stable_sort(resources.begin(), resources.end(), [](const auto& a, const auto& b) {
      return std::tie(a.loc.line, a.loc.column) < std::tie(b.loc.line, b.loc.column);
    });
    for (const ResourceName& r : resources) {
      const auto [it, fresh] = resources_.emplace(r.name, r.resource);
      if (fresh) continue;
      const ResourceKind first = it->second.kind;
      diags_.error(
          r.loc,
          first == r.resource.kind
              ? fmt::format("{} '{}' is already defined", resource_kind_name(first), r.name)
              : fmt::format("'{}' is already defined as a {}", r.name, resource_kind_name(first)));
    }
  }

  bool check_arity(const NodeStmt& n, int min, int max) {
    const int got = static_cast<int>(n.args.size());
    if (got >= min && (max < 0 || got <= max)) return true;
    std::string want = min == max ? std::to_string(min)
                       : max < 0  ? fmt::format("at least {}", min)
                                  : fmt::format("{} to {}", min, max);
    const int last = max < 0 ? min : max;  // the number the word follows
    diags_.error(n.op_loc, fmt::format("{} takes {} argument{} but {} given", n.op, want,
                                       last == 1 ? "" : "s", got));
    return false;
  }

  bool no_attributes(const NodeStmt& n) {
    if (n.attrs.empty()) return true;
    diags_.error(n.attrs.front().loc, fmt::format("{} takes no attributes", n.op));
    return false;
  }

  // The integer attribute `key` of `attrs` within [lo, hi], or nullopt after an error.
  std::optional<std::int64_t> integer_attr(const std::vector<Attr>& attrs, const char* key,
                                           std::int64_t lo, std::int64_t hi, const char* owner,
                                           SourceLoc owner_loc) {
    const auto it =
        std::find_if(attrs.begin(), attrs.end(), [&](const Attr& a) { return a.key == key; });
    if (it == attrs.end()) {
      diags_.error(owner_loc, fmt::format("{} needs the attribute '{}'", owner, key));
      return std::nullopt;
    }
    if (it->value.kind != AttrValue::Kind::Integer || it->value.integer < lo ||
        it->value.integer > hi) {
      diags_.error(it->value.loc, fmt::format("attribute '{}' of {} must be an integer in [{}, {}]",
                                              key, owner, lo, hi));
      return std::nullopt;
    }
    return it->value.integer;
  }

  bool only_attrs(const std::vector<Attr>& attrs, std::initializer_list<std::string_view> keys,
                  const char* owner) {
    bool ok = true;
    std::set<std::string> seen;
    for (const Attr& a : attrs) {
      if (std::find(keys.begin(), keys.end(), a.key) == keys.end()) {
        diags_.error(a.loc, fmt::format("unknown attribute '{}' for {} (expected {})", a.key, owner,
                                        fmt::join(keys, ", ")));
        ok = false;
      } else if (!seen.insert(a.key).second) {
        diags_.error(a.loc, fmt::format("attribute '{}' is given twice", a.key));
        ok = false;
      }
    }
    return ok;
  }

  // RandomInt {min=A, max=B}: the inclusive range, at most kMaxRandomRange values.
  std::optional<std::pair<std::int64_t, std::int64_t>> random_int_range(const NodeStmt& n) {
    constexpr std::int64_t lo = std::numeric_limits<std::int32_t>::min();
    constexpr std::int64_t hi = std::numeric_limits<std::int32_t>::max();
    if (!only_attrs(n.attrs, {"min", "max"}, "RandomInt")) return std::nullopt;
    const auto min = integer_attr(n.attrs, "min", lo, hi, "RandomInt", n.op_loc);
    const auto max = integer_attr(n.attrs, "max", lo, hi, "RandomInt", n.op_loc);
    if (!min || !max) return std::nullopt;
    if (*max < *min || *max - *min >= kMaxRandomRange) {
      diags_.error(n.op_loc, fmt::format("RandomInt needs min <= max and at most {} values, "
                                         "but has min={} and max={}",
                                         kMaxRandomRange, *min, *max));
      return std::nullopt;
    }
    return std::pair{*min, *max};
  }

  bool resource_declared(const std::string& name) const {
    return resources_.count(name) > 0 || broken_resources_.count(name) > 0;
  }

  // The resource a variable-edge argument carries: `&X`, or the X of a `v = Var(X)` node;
  // nullopt when that is not known (an error reported elsewhere).
  std::optional<Resource> resource_of(const Ref& r) const {
    std::string name = r.name;
    if (!r.variable) {
      const auto it = names_.find(r.name);
      if (it == names_.end() || it->second.kind != Symbol::Kind::Node) return std::nullopt;
      const NodeStmt& var = ast_.nodes[it->second.index];
      if (var.op != "Var" || var.args.size() != 1) return std::nullopt;
      name = var.args[0].name;
    }
    const auto it = resources_.find(name);
    if (it == resources_.end()) return std::nullopt;
    return it->second;
  }

  bool broken(const std::string& name) const {
    const auto it = names_.find(name);
    return it != names_.end() && it->second.kind == Symbol::Kind::Broken;
  }

  NodeShape shape_node(const NodeStmt& n) {
    NodeShape s;
    if (broken(n.op)) return s;  // a function whose `fn` line has a syntax error
    const bool declared = declared_fns_.count(n.op) > 0;
    if (n.op == "Var") {
      s.kind = NodeKind::Var;
      if (!check_arity(n, 1, 1)) return s;
      const Ref& a = n.args[0];
      if (a.variable || a.has_port) {
        diags_.error(a.loc, "Var takes a plain variable name, as in Var(x)");
        return s;
      }
      if (!resource_declared(a.name)) {
        diags_.error(a.loc, fmt::format("undefined variable '{}'", a.name));
        return s;
      }
      if (resources_.count(a.name) == 0) return s;  // declared by a broken statement
      if (!no_attributes(n)) return s;
      s.outputs = {EdgeKind::Variable};
    } else if (const ResourceOp* op = find_resource_op(n.op)) {
      s.kind = op->kind;
      s.resource = op->resource;
      if (!check_arity(n, op->tensors + 1, op->tensors + 1)) return s;
      if (op->kind == NodeKind::Assign) {
        auto f = make_assign_function(n.op, n.attrs, n.op_loc, declared_fns_, values_,
                                      program_.functions, diags_);
        if (!f) return s;
        s.function = program_.functions.add(std::move(*f));
      } else if (!no_attributes(n)) {
        return s;
      }
      s.inputs.assign(op->tensors + 1, EdgeKind::Tensor);
      s.inputs[0] = EdgeKind::Variable;
      s.outputs.assign(op->outputs, EdgeKind::Tensor);
    } else if (declared) {
      const auto [in, out] = declared_fns_.at(n.op);
      if (!check_arity(n, in, in)) return s;
      auto f = make_uninterpreted_function(n.op, out, n.attrs, diags_);
      if (!f) return s;
      s.function = program_.functions.add(std::move(*f));
      s.inputs.assign(in, EdgeKind::Tensor);
      s.outputs.assign(out, EdgeKind::Tensor);
    } else if (n.op == "Choice") {
      s.kind = NodeKind::Choice;
      if (!check_arity(n, 1, -1) || !no_attributes(n)) return s;
      s.inputs.assign(n.args.size(), EdgeKind::Tensor);
      s.outputs = {EdgeKind::Tensor};
    } else if (n.op == "RandomInt") {
      s.kind = NodeKind::Choice;
      if (!check_arity(n, 0, 0)) return s;
      auto range = random_int_range(n);
      if (!range) return s;
      for (std::int64_t v = range->first; v <= range->second; ++v) {
        s.alternatives.push_back(values_.tensor(i32_scalar(static_cast<std::int32_t>(v))));
      }
      s.outputs = {EdgeKind::Tensor};
    } else if (is_builtin_function(n.op)) {
      const auto [min, max] = builtin_arity(n.op);
      const bool arity_ok = check_arity(n, min, max);
      auto f = make_builtin_function(n.op, n.attrs, n.op_loc, values_, diags_);
      if (!arity_ok || !f) return s;
      const int outputs = f->outputs;
      s.function = program_.functions.add(std::move(*f));
      s.inputs.assign(n.args.size(), EdgeKind::Tensor);
      s.outputs.assign(outputs, EdgeKind::Tensor);
    } else {
      diags_.error(n.op_loc, fmt::format("unknown operation '{}'", n.op));
      return s;
    }
    s.valid = true;
    return s;
  }

  // The kind of value `r` carries, or nullopt after reporting why it names nothing usable.
  std::optional<EdgeKind> ref_kind(const Ref& r) {
    if (r.variable) {
      if (!resource_declared(r.name)) {
        diags_.error(r.loc, fmt::format("undefined variable '{}'", r.name));
        return std::nullopt;
      }
      return EdgeKind::Variable;
    }
    const auto it = names_.find(r.name);
    if (it == names_.end()) {
      if (resource_declared(r.name)) {
        const auto res = resources_.find(r.name);
        diags_.error(
            r.loc,
            fmt::format("'{}' is a {}: write &{} for its variable edge", r.name,
                        res == resources_.end() ? "variable" : resource_kind_name(res->second.kind),
                        r.name));
      } else {
        diags_.error(r.loc, fmt::format("undefined name '{}'", r.name));
      }
      return std::nullopt;
    }
    const Symbol& sym = it->second;
    if (sym.kind == Symbol::Kind::Broken) return std::nullopt;
    if (sym.kind == Symbol::Kind::Function) {
      diags_.error(r.loc, fmt::format("'{}' is a function, not a node or input", r.name));
      return std::nullopt;
    }
    if (sym.kind == Symbol::Kind::Input) {
      if (r.port != 0) {
        diags_.error(r.loc, fmt::format("input '{}' has only output 0", r.name));
        return std::nullopt;
      }
      return EdgeKind::Tensor;
    }
    const NodeShape& s = shapes_[sym.index];
    if (!s.valid) return std::nullopt;  // the node's own error was reported
    if (s.outputs.empty()) {
      diags_.error(r.loc,
                   fmt::format("node '{}' ({}) has no outputs", r.name, ast_.nodes[sym.index].op));
      return std::nullopt;
    }
    if (r.port >= static_cast<int>(s.outputs.size())) {
      diags_.error(r.loc, fmt::format("node '{}' has no output {} (it has {})", r.name, r.port,
                                      s.outputs.size()));
      return std::nullopt;
    }
    return s.outputs[r.port];
  }

  static const char* kind_name(EdgeKind k) {
    return k == EdgeKind::Variable ? "a variable edge" : "a tensor";
  }

  void check_references() {
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      const NodeStmt& n = ast_.nodes[i];
      const NodeShape& s = shapes_[i];
      if (s.valid && s.kind != NodeKind::Var) {
        for (std::size_t a = 0; a < n.args.size(); ++a) {
          const auto k = ref_kind(n.args[a]);
          if (k && *k != s.inputs[a]) {
            diags_.error(n.args[a].loc,
                         fmt::format("argument {} of {} must be {}, but '{}' is {}", a + 1, n.op,
                                     kind_name(s.inputs[a]), n.args[a].text(), kind_name(*k)));
          } else if (k && *k == EdgeKind::Variable) {
            const auto r = resource_of(n.args[a]);
            if (r && r->kind != s.resource) {
              diags_.error(n.args[a].loc,
                           fmt::format("{} needs a {}, but '{}' is a {}", n.op,
                                       resource_kind_name(s.resource), n.args[a].text(),
                                       resource_kind_name(r->kind)));
            }
          }
        }
      }
      for (const Ref& r : n.after) {
        const auto it = names_.find(r.name);
        if (broken(r.name)) continue;
        if (it == names_.end() || it->second.kind != Symbol::Kind::Node) {
          diags_.error(r.loc,
                       it == names_.end()
                           ? fmt::format("undefined node '{}' after 'after'", r.name)
                           : fmt::format("'after' names nodes only; '{}' is not a node", r.name));
        }
      }
    }
    std::set<std::string> output_names;
    for (const OutputStmt& o : ast_.outputs) {
      const auto k = ref_kind(o.ref);
      if (k && *k == EdgeKind::Variable) {
        diags_.error(o.ref.loc, fmt::format("output '{}' is a variable edge; outputs carry "
                                            "tensors (read it with Read)",
                                            o.ref.text()));
      }
      const std::string name = o.as.value_or(o.ref.text());
      if (!output_names.insert(name).second) {
        diags_.error(o.loc, fmt::format("output name '{}' is already used", name));
      }
    }
  }

  // Queue capacities and mutex attributes; fills capacities_.
  void check_resources() {
    for (const ResourceDecl& r : ast_.resources) {
      if (r.kind == ResourceDecl::Kind::Mutex) {
        if (!r.attrs.empty()) diags_.error(r.attrs.front().loc, "a mutex takes no attributes");
        continue;
      }
      const std::string owner = fmt::format("queue '{}'", r.name);
      const bool known = only_attrs(r.attrs, {"capacity"}, owner.c_str());
      const auto capacity =
          integer_attr(r.attrs, "capacity", 1, kMaxCapacity, owner.c_str(), r.loc);
      capacities_.push_back(known && capacity ? static_cast<std::uint32_t>(*capacity) : 1);
    }
  }

  // The node named by a `section` or `target` entry, or kNone after reporting why not.
  std::int32_t named_node(const Ref& r, const char* where) {
    if (broken(r.name)) return kNone;
    const auto it = names_.find(r.name);
    if (it == names_.end() || it->second.kind != Symbol::Kind::Node) {
      diags_.error(r.loc,
                   it == names_.end()
                       ? fmt::format("undefined node '{}' in {}", r.name, where)
                       : fmt::format("{} names nodes only; '{}' is not a node", where, r.name));
      return kNone;
    }
    return static_cast<std::int32_t>(it->second.index);
  }

  void check_sections_and_targets() {
    section_of_.assign(ast_.nodes.size(), kNone);
    for (std::size_t d = 0; d < ast_.sections.size(); ++d) {
      const SectionDecl& decl = ast_.sections[d];
      for (const Ref& r : decl.nodes) {
        const std::int32_t node = named_node(r, "a section");
        if (node == kNone) continue;
        if (section_of_[node] != kNone) {
          diags_.error(r.loc, fmt::format("node '{}' is already in section '{}'", r.name,
                                          ast_.sections[section_of_[node]].name));
          continue;
        }
        section_of_[node] = static_cast<std::int32_t>(d);
      }
    }
    for (const TargetStmt& t : ast_.targets) {
      for (const Ref& r : t.nodes) {
        const std::int32_t node = named_node(r, "a target");
        if (node != kNone) targets_.insert(static_cast<std::uint32_t>(node));
      }
    }
  }

  // Producer nodes of node i (data arguments and `after`), for the cycle check.
  std::vector<std::size_t> predecessors(std::size_t i) const {
    std::vector<std::size_t> out;
    const NodeStmt& n = ast_.nodes[i];
    const auto add = [&](const std::string& name) {
      const auto it = names_.find(name);
      if (it != names_.end() && it->second.kind == Symbol::Kind::Node) {
        out.push_back(it->second.index);
      }
    };
    if (n.op != "Var") {
      for (const Ref& r : n.args) {
        if (!r.variable) add(r.name);
      }
    }
    for (const Ref& r : n.after) add(r.name);
    return out;
  }

  void check_cycles() {
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    const std::size_t count = ast_.nodes.size();
    Graph g(count);
    std::vector<bool> self_loop(count, false);
    for (std::size_t i = 0; i < count; ++i) {
      for (std::size_t p : predecessors(i)) {
        boost::add_edge(p, i, g);
        if (p == i) self_loop[i] = true;
      }
    }
    std::vector<int> component(count);
    const int components = boost::strong_components(g, component.data());
    std::vector<std::vector<std::size_t>> members(components);
    for (std::size_t i = 0; i < count; ++i) members[component[i]].push_back(i);
    for (auto& m : members) {
      if (m.empty() || (m.size() == 1 && !self_loop[m[0]])) continue;
      std::sort(m.begin(), m.end(), [&](std::size_t a, std::size_t b) {
        return ast_.nodes[a].loc.line < ast_.nodes[b].loc.line;
      });
      std::vector<std::string> names;
      for (std::size_t i : m) names.push_back(ast_.nodes[i].name);
      diags_.error(
          ast_.nodes[m[0]].loc,
          m.size() == 1
              ? fmt::format("node '{}' depends on itself (the graph must be acyclic)", names[0])
              : fmt::format("cycle through nodes {} (the graph must be acyclic)",
                            fmt::join(names, ", ")));
    }
  }

  ValueId init_value(const InitValue& v) {
    return v.literal ? values_.tensor(*v.literal) : values_.symbol(v.symbol);
  }

  std::vector<ValueId> resolve_input_values() {
    std::vector<ValueId> out;
    for (const InputDecl& in : ast_.inputs) {
      out.push_back(in.init ? init_value(*in.init) : values_.symbol(in.name));
    }
    for (const Feed& f : feeds_) {
      const auto it = names_.find(f.name);
      if (broken(f.name)) continue;
      if (it == names_.end() || it->second.kind != Symbol::Kind::Input) {
        diags_.error(
            {}, fmt::format("--feed names '{}', which is not an input of the program", f.name));
        continue;
      }
      out[it->second.index] = init_value(f.value);
    }
    return out;
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
    Function f;
    f.kind = FunctionKind::Copy;
    f.head = "Copy";
    f.outputs = 2;
    return program_.functions.add(std::move(f));
  }

  void construct(const std::vector<ValueId>& input_values) {
    for (const VarDecl& v : ast_.vars) {
      program_.variables.push_back(
          {v.name, v.init ? init_value(*v.init) : values_.error(eval::ErrorKind::Uninitialized),
           v.loc, ""});  // the file is set by load_program_text
    }
    for (const ResourceDecl& r : ast_.resources) {
      if (r.kind == ResourceDecl::Kind::Queue) {
        program_.queues.push_back({r.name, capacities_[program_.queues.size()], r.loc});
      } else {
        program_.mutexes.push_back({r.name, r.loc});
      }
    }
    for (const SectionDecl& d : ast_.sections) program_.sections.push_back({d.name, d.loc});
    program_.targets.assign(targets_.begin(), targets_.end());
    // User nodes first, in file order, so node index i is statement i.
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      const NodeStmt& s = ast_.nodes[i];
      Node n;
      n.name = s.name;
      n.kind = shapes_[i].kind;
      n.loc = s.loc;
      n.op = s.op;
      n.function = shapes_[i].function;
      if (n.kind == NodeKind::Var) {
        const Resource r = resources_.at(s.args[0].name);
        n.resource_kind = r.kind;
        n.variable = r.index;
      }
      n.alternatives = shapes_[i].alternatives;
      n.section = section_of_[i];
      n.inputs.assign(shapes_[i].inputs.size(), kNone);
      n.outputs.assign(shapes_[i].outputs.size(), kNone);
      add_node(program_, std::move(n));
    }
    for (const OutputStmt& o : ast_.outputs) {
      program_.outputs.push_back({o.as.value_or(o.ref.text()), kNone});
    }
    // Uses of each producer in file order (by line, then column).
    std::map<Producer, std::vector<Use>> uses;
    std::map<Producer, std::pair<std::string, SourceLoc>> ref_texts;
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
    for (const Pending& p : pending) {
      Producer prod;
      if (p.ref->variable) {
        Node v;
        v.name = fmt::format("&{}@{}", p.ref->name,
                             p.use.node != kNone ? ast_.nodes[p.use.node].name : "output");
        v.kind = NodeKind::Var;
        v.implicit = true;
        v.loc = p.loc;
        v.op = "Var";
        const Resource r = resources_.at(p.ref->name);
        v.resource_kind = r.kind;
        v.variable = r.index;
        v.outputs = {kNone};
        prod = {Producer::Kind::ImplicitVar,
                static_cast<std::size_t>(add_node(program_, std::move(v))), 0};
      } else {
        const Symbol& sym = names_.at(p.ref->name);
        prod = {sym.kind == Symbol::Kind::Input ? Producer::Kind::Input : Producer::Kind::NodePort,
                sym.index, p.ref->port};
      }
      uses[prod].push_back(p.use);
      ref_texts.emplace(prod, std::pair{p.ref->text(), p.loc});
    }
    // Every port of every node gets its edge, used or not; so does every input.
    // Copy nodes made by wire() are appended past `producers` and need no visit.
    const std::size_t producers = program_.nodes.size();
    for (std::size_t i = 0; i < producers; ++i) {
      const bool implicit_var = program_.nodes[i].implicit;
      const std::size_t ports = program_.nodes[i].outputs.size();
      for (std::size_t port = 0; port < ports; ++port) {
        const Producer prod = implicit_var
                                  ? Producer{Producer::Kind::ImplicitVar, i, 0}
                                  : Producer{Producer::Kind::NodePort, i, static_cast<int>(port)};
        const auto it = uses.find(prod);
        const std::string text = port == 0 && ports == 1
                                     ? program_.nodes[i].name
                                     : fmt::format("{}:{}", program_.nodes[i].name, port);
        const EdgeKind kind =
            program_.nodes[i].kind == NodeKind::Var ? EdgeKind::Variable : EdgeKind::Tensor;
        wire(static_cast<std::int32_t>(i), static_cast<int>(port), kind,
             it != uses.end() ? ref_texts.at(prod).first : text, program_.nodes[i].loc,
             it != uses.end() ? it->second : std::vector<Use>{}, kEmpty, "");
      }
    }
    for (std::size_t i = 0; i < ast_.inputs.size(); ++i) {
      const Producer prod{Producer::Kind::Input, i, 0};
      const auto it = uses.find(prod);
      wire(kNone, 0, EdgeKind::Tensor, ast_.inputs[i].name, ast_.inputs[i].loc,
           it != uses.end() ? it->second : std::vector<Use>{}, input_values[i],
           ast_.inputs[i].name);
    }
    // The resource ops know their resource statically: their variable edge comes, through
    // Copies, from one Var node.
    for (Node& n : program_.nodes) {
      if (!reads_resource(n.kind)) continue;
      std::int32_t e = n.inputs[0];
      while (program_.nodes[program_.edges[e].src].kind == NodeKind::Function) {
        e = program_.nodes[program_.edges[e].src].inputs[0];  // through a Copy
      }
      const Node& var = program_.nodes[program_.edges[e].src];
      n.resource_kind = var.resource_kind;
      n.variable = var.variable;
    }
    // Control edges from `after`, then GO for nodes without any incoming edge.
    for (std::size_t i = 0; i < ast_.nodes.size(); ++i) {
      for (const Ref& r : ast_.nodes[i].after) {
        add_control_edge(program_, static_cast<std::int32_t>(names_.at(r.name).index),
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

  const Ast& ast_;
  const std::vector<Feed>& feeds_;
  ValueStore& values_;
  DiagnosticList& diags_;
  Program program_;
  std::map<std::string, Symbol> names_;
  std::map<std::string, Resource> resources_;
  std::set<std::string> broken_resources_;
  std::map<std::string, std::int32_t> sections_;  // kNone: declared by a broken statement
  std::map<std::string, std::pair<int, int>> declared_fns_;
  std::vector<NodeShape> shapes_;
  std::vector<std::uint32_t> capacities_;  // of the queues, in declaration order
  std::vector<std::int32_t> section_of_;   // per node statement: its section or kNone
  std::set<std::uint32_t> targets_;
};

}  // namespace

Program build_program(const Ast& ast, const std::vector<Feed>& feeds, ValueStore& values,
                      DiagnosticList& diags) {
  return Builder(ast, feeds, values, diags).build();
}

Program load_program_text(const std::string& file_name, const std::string& text,
                          const std::vector<Feed>& feeds, ValueStore& values) {
  const std::string body(without_bom(text));
  DiagnosticList diags(file_name, body);
  const Ast ast = parse_tfg(body, diags);
  // The statements that parsed are checked too, so that the first error printed is the first
  // in the file whatever its kind; names declared by broken statements count as declared.
  Program p = build_program(ast, feeds, values, diags);
  if (!diags.empty()) throw InputError(diags.render());
  p.file = file_name;
  for (Node& n : p.nodes) n.file = file_name;
  for (Variable& v : p.variables) v.file = file_name;
  return p;
}

namespace {

// The text of FILE; throws InputError when it cannot be read.
std::string read_program_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw InputError(fmt::format("{}: error: is a directory, not a .tfg file\n", path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: error: cannot read the file\n", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

Program load_program(const std::string& path, const std::vector<Feed>& feeds, ValueStore& values) {
  return load_program_text(path, read_program_file(path), feeds, values);
}

std::vector<Program> load_programs(const std::vector<std::string>& paths,
                                   const std::vector<Feed>& feeds, ValueStore& values) {
  if (paths.size() == 1) return {load_program(paths[0], feeds, values)};
  std::vector<std::string> texts;
  std::vector<std::set<std::string>> inputs;
  for (const std::string& path : paths) {
    texts.push_back(read_program_file(path));
    const std::string body(without_bom(texts.back()));
    DiagnosticList ignored(path, body);  // syntax errors are reported when building
    std::set<std::string> names;
    for (const InputDecl& in : parse_tfg(body, ignored).inputs) names.insert(in.name);
    inputs.push_back(std::move(names));
  }
  for (const Feed& f : feeds) {
    const bool known = std::any_of(inputs.begin(), inputs.end(),
                                   [&](const auto& names) { return names.count(f.name) > 0; });
    if (!known) {
      throw InputError(fmt::format(
          "tfmc: --feed names '{}', which is not an input of any of the programs\n", f.name));
    }
  }
  std::vector<Program> programs;
  std::string errors;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    std::vector<Feed> own;
    for (const Feed& f : feeds) {
      if (inputs[i].count(f.name) > 0) own.push_back(f);
    }
    try {
      programs.push_back(load_program_text(paths[i], texts[i], own, values));
    } catch (const InputError& e) {
      errors += e.what();
    }
  }
  if (!errors.empty()) throw InputError(errors);
  return programs;
}

}  // namespace tfmc::sem
