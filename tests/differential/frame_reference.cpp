#include "differential/frame_reference.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <stdexcept>

#include "semantics/errors/diagnostics.h"
#include "semantics/language/parser.h"

namespace tfmc::difftest {
namespace {

// A slot's content: nothing yet, an i32 or bool, DEAD, or GO (a live control input).
struct Val {
  enum Kind : std::uint8_t { Empty, Int, Bool, Dead, Go } kind = Empty;
  std::int32_t v = 0;
  auto operator<=>(const Val&) const = default;
  bool present() const { return kind != Empty; }
  bool dead() const { return kind == Dead; }
};

std::string printed(const Val& x) {
  switch (x.kind) {
    case Val::Int:
      return "i32{" + std::to_string(x.v) + "}";
    case Val::Bool:
      return x.v != 0 ? "bool{true}" : "bool{false}";
    case Val::Dead:
      return "DEAD";
    default:
      return "EMPTY";
  }
}

struct Arg {
  int producer = -1;  // a node, or -1 for `&x`
  int port = 0;
  std::string variable;  // `&x`: x
};

struct RefNode {
  std::string name, op;
  std::vector<Arg> args;
  std::vector<int> after;
  std::int32_t value = 0;  // Const
  bool constant = false;   // Enter {is_constant=true}
  int parallel = 10;       // Enter's parallel_iterations
  bool in_loop = false;
  int section = -1;  // its critical section, if any
};

struct State {
  std::vector<std::vector<std::vector<Val>>>
      slot;                                      // [node][slot][tag]; tag 0 root, k+1 iteration k
  std::vector<std::vector<std::uint8_t>> fired;  // [node][tag]
  std::map<std::string, std::int32_t> vars;
  std::vector<std::uint8_t> started;                // per iteration
  std::vector<std::uint8_t> exit_done;              // per node: an Exit that passed its value
  std::vector<std::tuple<int, int, Val>> deferred;  // NextIteration, next iteration, value
  std::vector<Val> constants;                       // per node: a constant Enter's value
  std::vector<Val> outputs;
  std::vector<std::string> bounds;
  // Per critical section: the tag whose instance holds it (-1 when free) and how many of that
  // instance's nodes have fired.
  std::vector<std::pair<int, int>> sections;
  auto operator<=>(const State&) const = default;
};

class FrameRunner {
 public:
  FrameRunner(const std::string& text, std::uint32_t n) : n_(static_cast<int>(n)) {
    sem::DiagnosticList diags("loop.tfg", text);
    const sem::Ast ast = sem::parse_tfg(text, diags);
    if (!diags.empty()) throw std::runtime_error(diags.render());
    std::map<std::string, int> index;
    for (std::size_t i = 0; i < ast.nodes.size(); ++i)
      index[ast.nodes[i].name] = static_cast<int>(i);
    for (const sem::NodeStmt& s : ast.nodes) {
      RefNode r;
      r.name = s.name;
      r.op = s.op;
      for (const sem::Ref& a : s.args) {
        r.args.push_back(a.variable ? Arg{-1, 0, a.name} : Arg{index.at(a.name), a.port, ""});
      }
      for (const sem::Ref& a : s.after) r.after.push_back(index.at(a.name));
      for (const sem::Attr& a : s.attrs) {
        if (a.key == "value") std::memcpy(&r.value, a.value.literal->bytes.data(), 4);
        if (a.key == "is_constant") r.constant = a.value.name == "true";
        if (a.key == "parallel_iterations") r.parallel = static_cast<int>(a.value.integer);
      }
      nodes_.push_back(std::move(r));
    }
    for (const sem::VarDecl& v : ast.vars) {
      std::int32_t init = 0;
      std::memcpy(&init, v.init->literal->bytes.data(), 4);
      initial_vars_[v.name] = init;
    }
    for (const sem::SectionDecl& d : ast.sections) {
      for (const sem::Ref& r : d.nodes)
        nodes_[index.at(r.name)].section = static_cast<int>(section_sizes_.size());
      section_sizes_.push_back(static_cast<int>(d.nodes.size()));
    }
    for (const sem::OutputStmt& o : ast.outputs) {
      outputs_.push_back({o.as.value_or(o.ref.text()), index.at(o.ref.name), o.ref.port});
    }
    place_in_loop();
  }

  std::set<FrameOutcome> run() {
    State s;
    const std::size_t count = nodes_.size();
    s.slot.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
      s.slot[i].assign(nodes_[i].args.size() + nodes_[i].after.size(),
                       std::vector<Val>(static_cast<std::size_t>(n_) + 1));
      // `&x` arguments are there from the start, in every tag.
      for (std::size_t a = 0; a < nodes_[i].args.size(); ++a) {
        if (nodes_[i].args[a].producer < 0) {
          for (Val& v : s.slot[i][a]) v = {Val::Go, 0};
        }
      }
    }
    s.fired.assign(count, std::vector<std::uint8_t>(static_cast<std::size_t>(n_) + 1, 0));
    s.vars = initial_vars_;
    s.started.assign(static_cast<std::size_t>(n_), 0);
    s.exit_done.assign(count, 0);
    s.constants.assign(count, {});
    s.outputs.assign(outputs_.size(), {});
    s.sections.assign(section_sizes_.size(), {-1, 0});
    explore(std::move(s));
    return outcomes_;
  }

 private:
  struct Output {
    std::string name;
    int node;
    int port;
  };

  void place_in_loop() {
    for (bool changed = true; changed;) {
      changed = false;
      for (RefNode& r : nodes_) {
        bool in = false;
        const auto from = [&](int p) {
          const RefNode& q = nodes_[p];
          return q.op == "Enter" || (q.in_loop && q.op != "Exit");
        };
        for (const Arg& a : r.args) in = in || (a.producer >= 0 && from(a.producer));
        for (int p : r.after) in = in || from(p);
        if (in && !r.in_loop) r.in_loop = changed = true;
      }
    }
  }

  int slot_count(int i) const {
    return static_cast<int>(nodes_[i].args.size() + nodes_[i].after.size());
  }

  // The node instances that may fire, and for a Merge which input it takes.
  std::vector<std::pair<int, int>> ready(const State& s, int tag) const {
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
      if (s.fired[i][tag] || nodes_[i].in_loop != (tag > 0)) continue;
      // A section node waits while another tag's instance of its section holds it (the RFC's
      // rule 2: instances are (node, frame) pairs), DEAD or not.
      const int section = nodes_[i].section;
      if (section >= 0 && s.sections[section].first >= 0 && s.sections[section].first != tag) {
        continue;
      }
      const auto& slots = s.slot[i];
      const int args = static_cast<int>(nodes_[i].args.size());
      bool controls = true;
      for (int k = args; k < slot_count(i); ++k) controls = controls && slots[k][tag].present();
      if (nodes_[i].op == "Merge") {
        bool all_dead = controls;
        for (int a = 0; a < args; ++a) {
          if (controls && slots[a][tag].present() && !slots[a][tag].dead()) out.push_back({i, a});
          all_dead = all_dead && slots[a][tag].dead();
        }
        if (all_dead) out.push_back({i, -1});
        continue;
      }
      bool full = true;
      for (int k = 0; k < slot_count(i); ++k) full = full && slots[k][tag].present();
      if (full) out.push_back({i, 0});
    }
    return out;
  }

  void explore(State s) {
    if (!visited_.insert(s).second) return;
    bool any = false;
    for (int tag = 0; tag <= n_; ++tag) {
      if (tag > 0 && !s.started[tag - 1]) continue;
      for (const auto& [i, choice] : ready(s, tag)) {
        any = true;
        State next = s;
        fire(next, i, tag, choice);
        explore(std::move(next));
      }
    }
    if (any) return;
    // Nothing can fire: the Exits that passed no value pass DEAD, as a finished frame does.
    bool dead_exits = false;
    for (int i = 0; i < static_cast<int>(nodes_.size()); ++i) {
      if (nodes_[i].op != "Exit" || s.exit_done[i]) continue;
      s.exit_done[i] = 1;
      deliver(s, i, 0, 0, {Val::Dead, 0}, true);
      dead_exits = true;
    }
    if (dead_exits) return explore(std::move(s));
    FrameOutcome o;
    for (std::size_t k = 0; k < outputs_.size(); ++k) {
      o.outputs.push_back({outputs_[k].name, printed(s.outputs[k])});
    }
    std::sort(o.outputs.begin(), o.outputs.end());
    for (const auto& [name, v] : s.vars) o.variables.push_back({name, printed({Val::Int, v})});
    o.bounds = s.bounds;
    std::sort(o.bounds.begin(), o.bounds.end());
    outcomes_.insert(std::move(o));
  }

  void fire(State& s, int i, int tag, int choice) {
    const RefNode& r = nodes_[i];
    s.fired[i][tag] = 1;
    if (r.section >= 0) {
      auto& [holder, fired] = s.sections[r.section];
      holder = tag;
      if (++fired == section_sizes_[r.section]) {
        holder = -1;
        fired = 0;
      }
    }
    auto& slots = s.slot[i];
    const auto in = [&](int a) { return slots[a][tag]; };
    bool dead = false;
    for (int k = 0; k < slot_count(i); ++k) dead = dead || in(k).dead();
    std::vector<Val> out(r.op == "Switch" || r.op == "Merge" ? 2 : 1, Val{Val::Dead, 0});
    Val signal{Val::Go, 0};
    if (r.op == "Merge") {
      if (choice >= 0) out = {in(choice), {Val::Int, choice}};
      signal = choice >= 0 ? Val{Val::Go, 0} : Val{Val::Dead, 0};
    } else if (dead) {
      signal = {Val::Dead, 0};
    } else if (r.op == "Const") {
      out[0] = {Val::Int, r.value};
    } else if (r.op == "Switch") {
      out[in(1).v != 0 ? 1 : 0] = in(0);
    } else if (r.op == "Less") {
      out[0] = {Val::Bool, in(0).v < in(1).v ? 1 : 0};
    } else if (r.op == "Add") {
      out[0] = {Val::Int, static_cast<std::int32_t>(static_cast<std::uint32_t>(in(0).v) +
                                                    static_cast<std::uint32_t>(in(1).v))};
    } else if (r.op == "Read") {
      out[0] = {Val::Int, s.vars.at(r.args[0].variable)};
    } else if (r.op == "Write") {
      s.vars.at(r.args[0].variable) = in(1).v;
    } else if (r.op == "AssignAdd") {
      std::int32_t& x = s.vars.at(r.args[0].variable);
      x = static_cast<std::int32_t>(static_cast<std::uint32_t>(x) +
                                    static_cast<std::uint32_t>(in(1).v));
    } else {  // Identity, LoopCond, Enter, Exit, NextIteration
      out[0] = in(0);
    }
    if (r.op == "Enter") s.started[0] = 1;
    for (int p = 0; p < static_cast<int>(out.size()); ++p) deliver(s, i, p, tag, out[p], false);
    for (std::size_t c = 0; c < nodes_.size(); ++c) {
      for (std::size_t k = 0; k < nodes_[c].after.size(); ++k) {
        if (nodes_[c].after[k] == i) s.slot[c][nodes_[c].args.size() + k][tag] = signal;
      }
    }
    release_deferred(s);
  }

  // Output `port` of node i, fired in `tag`, to its consumers in the tag the value goes to.
  void deliver(State& s, int i, int port, int tag, Val v, bool exit_dead) {
    const RefNode& r = nodes_[i];
    if (r.op == "Exit" && !exit_dead) {
      if (v.dead()) return;  // the frame passes DEAD only when it is done
      s.exit_done[i] = 1;
      tag = 0;
    } else if (r.op == "NextIteration") {
      if (v.dead()) return;
      const int next = tag;  // iteration tag - 1 continues into iteration `tag`
      if (next >= n_) {
        s.bounds.push_back(r.name + "[" + std::to_string(next - 1) + "]");
        return;
      }
      s.deferred.emplace_back(i, next, v);
      return;
    } else if (r.op == "Enter") {
      if (r.constant) {
        s.constants[i] = v;
        for (int k = 0; k < n_; ++k) {
          if (s.started[k]) to_consumers(s, i, port, k + 1, v);
        }
        return;
      }
      tag = 1;
    }
    to_consumers(s, i, port, tag, v);
  }

  void to_consumers(State& s, int i, int port, int tag, Val v) {
    for (std::size_t c = 0; c < nodes_.size(); ++c) {
      for (std::size_t a = 0; a < nodes_[c].args.size(); ++a) {
        const Arg& arg = nodes_[c].args[a];
        if (arg.producer == i && arg.port == port) s.slot[c][a][tag] = v;
      }
    }
    if (tag != 0) return;
    for (std::size_t k = 0; k < outputs_.size(); ++k) {
      if (outputs_[k].node == i && outputs_[k].port == port) s.outputs[k] = v;
    }
  }

  // A NextIteration's value starts iteration k once iteration k - parallel_iterations is done.
  void release_deferred(State& s) {
    for (bool moved = true; moved;) {
      moved = false;
      for (std::size_t d = 0; d < s.deferred.size(); ++d) {
        const auto [ni, k, v] = s.deferred[d];
        const int gate = k - parallel();
        if (gate >= 0 && !iteration_done(s, gate)) continue;
        s.deferred.erase(s.deferred.begin() + static_cast<std::ptrdiff_t>(d));
        if (!s.started[k]) {
          s.started[k] = 1;
          for (int e = 0; e < static_cast<int>(nodes_.size()); ++e) {
            if (nodes_[e].op == "Enter" && nodes_[e].constant && s.constants[e].present()) {
              to_consumers(s, e, 0, k + 1, s.constants[e]);
            }
          }
        }
        to_consumers(s, ni, 0, k + 1, v);
        moved = true;
        break;
      }
    }
  }

  int parallel() const {
    for (const RefNode& r : nodes_) {
      if (r.op == "Enter") return r.parallel;
    }
    return 10;
  }

  bool iteration_done(const State& s, int k) const {
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_[i].in_loop && !s.fired[i][k + 1]) return false;
    }
    return true;
  }

  const int n_;
  std::vector<RefNode> nodes_;
  std::vector<int> section_sizes_;  // per critical section: its nodes (all of one frame)
  std::map<std::string, std::int32_t> initial_vars_;
  std::vector<Output> outputs_;
  std::set<State> visited_;
  std::set<FrameOutcome> outcomes_;
};

}  // namespace

std::set<FrameOutcome> frame_reference_outcomes(const std::string& text,
                                                std::uint32_t max_iterations) {
  return FrameRunner(text, max_iterations).run();
}

}  // namespace tfmc::difftest
