#include "semantics/build/loop_unrolling.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "semantics/build/loop_relay_waits.h"

namespace tfmc::sem {
namespace {

using Iterations = std::vector<std::uint32_t>;  // one per frame, outermost first

Iterations with(Iterations v, std::uint32_t k) {
  v.push_back(k);
  return v;
}

Iterations parent_of(const Iterations& v) { return {v.begin(), v.end() - 1}; }

Ref ref_to(std::string name, const Ref& like) {
  Ref r;
  r.name = std::move(name);
  r.port = like.port;
  r.has_port = like.has_port;
  r.loc = like.loc;
  return r;
}

class Unroller {
 public:
  Unroller(const Ast& ast, const Names& names, const LoopFrames& frames, std::uint32_t n)
      : ast_(ast), names_(names), frames_(frames), n_(n) {}

  // The number of nodes the unrolled file has at least: its statements' instances.
  std::uint64_t instances() const {
    std::uint64_t total = 0;
    for (std::uint32_t f : frames_.frame_of) {
      std::uint64_t count = 1;
      for (std::uint32_t d = 0; d < frames_.frames[f].depth && count <= kMaxUnrolledNodes; ++d) {
        count *= n_;
      }
      total += std::min(count, kMaxUnrolledNodes + 1);
    }
    return total;
  }

  UnrolledAst unroll() {
    relay_waits_ = relays_that_wait(ast_, names_, frames_);
    for (std::uint32_t s = 0; s < ast_.nodes.size(); ++s) {
      for (const Iterations& v : all_iterations(frames_.frames[frames_.frame_of[s]].depth)) {
        emit_instance(s, v);
      }
    }
    for (std::uint32_t s = 0; s < ast_.nodes.size(); ++s) {
      if (frames_.role[s] == LoopRole::Exit) emit_gathers(s);
    }
    emit_barriers();
    out_.ast.fns = ast_.fns;
    out_.ast.vars = ast_.vars;
    out_.ast.resources = ast_.resources;
    out_.ast.inputs = ast_.inputs;
    out_.ast.outputs = ast_.outputs;
    for (const SectionDecl& d : ast_.sections) {
      SectionDecl copy = d;
      copy.nodes = expanded(d.nodes);
      out_.ast.sections.push_back(std::move(copy));
    }
    for (const TargetStmt& t : ast_.targets) {
      TargetStmt copy = t;
      copy.nodes = expanded(t.nodes);
      out_.ast.targets.push_back(std::move(copy));
    }
    return std::move(out_);
  }

 private:
  struct Placed {
    std::uint32_t frame;
    Iterations iterations;
  };

  std::vector<Iterations> all_iterations(std::uint32_t depth) const {
    std::vector<Iterations> out{{}};
    for (std::uint32_t d = 0; d < depth; ++d) {
      std::vector<Iterations> next;
      for (const Iterations& v : out) {
        for (std::uint32_t k = 0; k < n_; ++k) next.push_back(with(v, k));
      }
      out = std::move(next);
    }
    return out;
  }

  const LoopFrame& frame(std::uint32_t f) const { return frames_.frames[f]; }
  bool gated(std::uint32_t f) const { return frame(f).parallel_iterations < n_; }

  // A frame's name for the nodes the unrolling adds: its frame_name, made unique.
  std::string frame_name(std::uint32_t f) const {
    const std::string& name = frame(f).name;
    const auto same = std::count_if(frames_.frames.begin(), frames_.frames.end(),
                                    [&](const LoopFrame& g) { return g.name == name; });
    return same == 1 ? name : fmt::format("{}#{}", name, f);
  }

  void add(NodeStmt n, std::uint32_t f, Iterations v, std::int32_t statement) {
    if (statement >= 0) instances_[statement].push_back(n.name);
    out_.ast.nodes.push_back(std::move(n));
    out_.statement_of.push_back(statement);
    out_.iterations.push_back(v);
    out_.frames.push_back(f);
    placed_.push_back({f, std::move(v)});
  }

  // The reference of statement s's instance at `v` to what `r` names, or nullopt when that
  // value does not reach this iteration (a Merge leaves the input out).
  std::optional<Ref> map_ref(const Iterations& v, const Ref& r) {
    const auto q = names_.node_statement(r);
    if (!q) {
      Ref same = r;
      same.written.clear();
      return same;
    }
    const std::uint32_t p = *q;
    const std::string& name = ast_.nodes[p].name;
    switch (frames_.role[p]) {
      case LoopRole::NextIteration:
        if (v.back() == 0) return std::nullopt;
        return ref_to(instance_name(name, with(parent_of(v), v.back() - 1)), r);
      case LoopRole::Enter:
        if (v.back() != 0) return std::nullopt;
        return ref_to(instance_name(name, parent_of(v)), r);
      case LoopRole::ConstantEnter:
        if (v.back() == 0) return ref_to(instance_name(name, parent_of(v)), r);
        return ref_to(relay(p, parent_of(v), v.back()), r);
      case LoopRole::Exit:  // its gather in the consumer's frame, named as the Exit
        return ref_to(instance_name(name, v), r);
      default: {  // the same frame, or a Var node's handle from an enclosing one
        const std::uint32_t depth = frame(frames_.frame_of[p]).depth;
        return ref_to(instance_name(name, Iterations(v.begin(), v.begin() + depth)), r);
      }
    }
  }

  void emit_instance(std::uint32_t s, const Iterations& v) {
    const NodeStmt& orig = ast_.nodes[s];
    const std::uint32_t f = frames_.frame_of[s];
    NodeStmt n = orig;
    n.name = instance_name(orig.name, v);
    n.args.clear();
    n.after.clear();
    std::vector<std::int64_t> kept;
    bool takes_next_iteration = false;
    const bool var = orig.op == "Var";
    for (std::size_t a = 0; a < orig.args.size(); ++a) {
      if (var) {
        n.args.push_back(orig.args[a]);
        continue;
      }
      takes_next_iteration = takes_next_iteration || is_next_iteration(orig.args[a]);
      if (auto r = map_ref(v, orig.args[a])) {
        n.args.push_back(std::move(*r));
        kept.push_back(static_cast<std::int64_t>(a));
      }
    }
    for (const Ref& r : orig.after) {
      if (auto mapped = map_ref(v, r)) n.after.push_back(std::move(*mapped));
    }
    if (kept.size() < orig.args.size() && !var) {
      Attr indices;
      indices.key = "~indices";
      indices.value.kind = AttrValue::Kind::List;
      indices.value.list = kept;
      n.attrs.push_back(std::move(indices));
    }
    // The next iteration starts when the one parallel_iterations before it is done.
    if (takes_next_iteration && gated(f) && v.back() >= frame(f).parallel_iterations) {
      Ref r;
      r.name = barrier_name(f, parent_of(v), v.back() - frame(f).parallel_iterations);
      r.loc = orig.loc;
      n.after.push_back(std::move(r));
    }
    if (frames_.role[s] == LoopRole::NextIteration && v.back() == n_ - 1) {
      out_.bounds.push_back({n.name, frame(f).name});
    }
    add(std::move(n), f, v, static_cast<std::int32_t>(s));
  }

  bool is_next_iteration(const Ref& r) const {
    const auto q = names_.node_statement(r);
    return q && frames_.role[*q] == LoopRole::NextIteration;
  }

  // The Identity that passes constant Enter p's value (at the parent iterations u) into
  // iteration k of its frame: once that iteration has started, when a consumer needs that
  // (loop_relay_waits.h).
  std::string relay(std::uint32_t p, const Iterations& u, std::uint32_t k) {
    const NodeStmt& enter = ast_.nodes[p];
    const std::string name = instance_name(enter.name + "~iter", with(u, k));
    if (!made_.insert(name).second) return name;
    NodeStmt n;
    n.name = name;
    n.loc = enter.loc;
    n.op = "Identity";
    n.op_loc = enter.op_loc;
    Ref value;
    value.name = instance_name(enter.name, u);
    value.loc = enter.loc;
    n.args.push_back(value);
    if (relay_waits_[p]) {
      Ref start;
      start.name = start_node(frames_.entered[p], u, k);
      start.loc = enter.loc;
      n.after.push_back(start);
    }
    add(std::move(n), frames_.entered[p], with(u, k), -1);
    return name;
  }

  // The NoOp after frame f's NextIterations of iteration k-1 (at the parent iterations u).
  std::string start_node(std::uint32_t f, const Iterations& u, std::uint32_t k) {
    const std::string name = instance_name(frame_name(f) + "~start", with(u, k));
    if (!made_.insert(name).second) return name;
    NodeStmt n;
    n.name = name;
    n.loc = frame(f).loc;
    n.op = "NoOp";
    n.op_loc = frame(f).loc;
    for (std::uint32_t s = 0; s < ast_.nodes.size(); ++s) {
      if (frames_.role[s] != LoopRole::NextIteration || frames_.frame_of[s] != f) continue;
      Ref r;
      r.name = instance_name(ast_.nodes[s].name, with(u, k - 1));
      r.loc = frame(f).loc;
      n.after.push_back(r);
    }
    if (gated(f) && k >= frame(f).parallel_iterations) {
      Ref r;
      r.name = barrier_name(f, u, k - frame(f).parallel_iterations);
      r.loc = frame(f).loc;
      n.after.push_back(r);
    }
    add(std::move(n), f, with(u, k), -1);
    return name;
  }

  std::string barrier_name(std::uint32_t f, const Iterations& u, std::uint32_t k) const {
    return instance_name(frame_name(f) + "~done", with(u, k));
  }

  // Exit statement s's value in each iteration of the parent frame: a Merge of its instances.
  void emit_gathers(std::uint32_t s) {
    const NodeStmt& exit = ast_.nodes[s];
    const std::uint32_t f = frames_.frame_of[s];
    const auto parent = static_cast<std::uint32_t>(frame(f).parent);
    for (const Iterations& v : all_iterations(frame(parent).depth)) {
      NodeStmt n;
      n.name = instance_name(exit.name, v);
      n.loc = exit.loc;
      n.op = "Merge";
      n.op_loc = exit.op_loc;
      for (std::uint32_t k = 0; k < n_; ++k) {
        Ref r;
        r.name = instance_name(exit.name, with(v, k));
        r.loc = exit.loc;
        n.args.push_back(r);
      }
      add(std::move(n), parent, v, -1);
    }
  }

  // The barriers of the gated frames, deepest frames first, so that a barrier of an outer
  // iteration waits for the barriers of the loops nested in it.
  void emit_barriers() {
    std::vector<std::uint32_t> order;
    for (std::uint32_t f = 1; f < frames_.frames.size(); ++f) {
      if (gated(f)) order.push_back(f);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return frame(a).depth > frame(b).depth;
    });
    for (std::uint32_t f : order) {
      const std::uint32_t last = n_ - 1 - frame(f).parallel_iterations;  // the last one needed
      std::map<Iterations, std::vector<std::string>> members;  // by the frame's iterations
      for (std::size_t i = 0; i < placed_.size(); ++i) {
        const Placed& p = placed_[i];
        if (!within(p.frame, f) || p.iterations.size() < frame(f).depth) continue;
        const Iterations at(p.iterations.begin(), p.iterations.begin() + frame(f).depth);
        if (at.back() <= last) members[at].push_back(out_.ast.nodes[i].name);
      }
      for (const Iterations& u : all_iterations(frame(f).depth - 1)) {
        for (std::uint32_t k = 0; k <= last; ++k) {
          NodeStmt n;
          n.name = barrier_name(f, u, k);
          n.loc = frame(f).loc;
          n.op = "~Barrier";
          n.op_loc = frame(f).loc;
          std::vector<std::string> after = members[with(u, k)];
          if (k > 0) after.push_back(barrier_name(f, u, k - 1));
          for (std::string& name : after) {
            Ref r;
            r.name = std::move(name);
            r.loc = frame(f).loc;
            n.after.push_back(std::move(r));
          }
          add(std::move(n), static_cast<std::uint32_t>(frame(f).parent), u, -1);
        }
      }
    }
  }

  // Whether frame g is f or nested in it.
  bool within(std::uint32_t g, std::uint32_t f) const {
    for (auto h = static_cast<std::int32_t>(g); h >= 0;
         h = frame(static_cast<std::uint32_t>(h)).parent) {
      if (static_cast<std::uint32_t>(h) == f) return true;
    }
    return false;
  }

  std::vector<Ref> expanded(const std::vector<Ref>& refs) const {
    std::vector<Ref> out;
    for (const Ref& r : refs) {
      const auto it = names_.symbols.find(r.name);
      if (it == names_.symbols.end() || it->second.kind != Symbol::Kind::Node) continue;
      const auto found = instances_.find(static_cast<std::int32_t>(it->second.index));
      if (found == instances_.end()) continue;
      for (const std::string& name : found->second) out.push_back(ref_to(name, r));
    }
    return out;
  }

  const Ast& ast_;
  const Names& names_;
  const LoopFrames& frames_;
  const std::uint32_t n_;
  UnrolledAst out_;
  std::vector<Placed> placed_;  // per node of out_.ast
  std::map<std::int32_t, std::vector<std::string>> instances_;
  std::set<std::string> made_;
  std::vector<bool> relay_waits_;  // per statement: a constant Enter whose relays wait
};

}  // namespace

std::string instance_name(const std::string& name, const std::vector<std::uint32_t>& iterations) {
  return iterations.empty() ? name : fmt::format("{}[{}]", name, fmt::join(iterations, ","));
}

// User names hold no '[' (FORMAT.md, "Lines, comments and names"): the first opens iterations.
std::string statement_name(const std::string& instance) {
  const std::size_t open = instance.find('[');
  if (open == std::string::npos) return instance;
  const std::size_t close = instance.find(']', open);
  return instance.substr(0, open) + (close == std::string::npos ? "" : instance.substr(close + 1));
}

std::optional<UnrolledAst> unroll_loops(const Ast& ast, const Names& names,
                                        const LoopFrames& frames, std::uint32_t max_iterations,
                                        DiagnosticList& diags) {
  Unroller unroller(ast, names, frames, max_iterations);
  const std::uint64_t count = unroller.instances();
  if (count > kMaxUnrolledNodes) {
    diags.error(frames.frames[1].loc,
                fmt::format("unrolling the loops {} times each makes more than {} nodes: lower "
                            "--max-iterations",
                            max_iterations, kMaxUnrolledNodes));
    return std::nullopt;
  }
  return unroller.unroll();
}

}  // namespace tfmc::sem
