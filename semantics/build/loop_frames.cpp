#include "semantics/build/loop_frames.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <utility>

#include "semantics/build/attribute_checks.h"

namespace tfmc::sem {
namespace {

LoopRole role_of(const NodeStmt& n) {
  if (n.op == "Enter") {
    const Attr* c = find_attr(n.attrs, "is_constant");
    const bool constant =
        c != nullptr && c->value.kind == AttrValue::Kind::Name && c->value.name == "true";
    return constant ? LoopRole::ConstantEnter : LoopRole::Enter;
  }
  if (n.op == "Exit") return LoopRole::Exit;
  if (n.op == "NextIteration") return LoopRole::NextIteration;
  if (n.op == "Merge") return LoopRole::Merge;
  return LoopRole::Plain;
}

bool is_enter(LoopRole r) { return r == LoopRole::Enter || r == LoopRole::ConstantEnter; }

// A value a statement takes: from node statement `node` (kNone: an input of the program).
struct Taken {
  std::int32_t node = kNone;
  std::string name;
  SourceLoc loc;
  bool data = true;  // an argument, not an `after` entry
};

// A Var node's handle is the same constant in every frame, as `&x` is: taking it says
// nothing of a node's frame.
std::vector<Taken> taken_by(const Ast& ast, const NodeStmt& n, const Names& names) {
  std::vector<Taken> out;
  const auto add = [&](const Ref& r, bool data) {
    const auto it = names.symbols.find(r.name);
    if (it == names.symbols.end()) return;
    if (it->second.kind == Symbol::Kind::Node) {
      if (data && ast.nodes[it->second.index].op == "Var") return;
      out.push_back({static_cast<std::int32_t>(it->second.index), r.name, r.loc, data});
    } else if (it->second.kind == Symbol::Kind::Input) {
      out.push_back({kNone, r.name, r.loc, data});
    }
  };
  if (n.op != "Var") {
    for (const Ref& r : n.args) {
      if (!r.variable) add(r, true);
    }
  }
  for (const Ref& r : n.after) add(r, false);
  return out;
}

class FrameFinder {
 public:
  FrameFinder(const Ast& ast, const Names& names, DiagnosticList& diags)
      : ast_(ast), names_(names), diags_(diags) {
    const std::size_t count = ast.nodes.size();
    out_.frames.push_back({});
    out_.frame_of.assign(count, 0);
    out_.entered.assign(count, 0);
    for (const NodeStmt& n : ast.nodes) out_.role.push_back(role_of(n));
    for (const NodeStmt& n : ast.nodes) taken_.push_back(taken_by(ast, n, names));
  }

  LoopFrames find() {
    for (std::uint32_t s : order()) place(s);
    check_back_edges();
    check_outputs();
    return std::move(out_);
  }

 private:
  // Statements with every producer first, back edges (out of NextIteration) left out; the
  // cycle check has rejected every other cycle.
  std::vector<std::uint32_t> order() const {
    const std::size_t count = ast_.nodes.size();
    std::vector<std::uint32_t> waiting(count, 0);
    std::vector<std::vector<std::uint32_t>> consumers(count);
    for (std::uint32_t s = 0; s < count; ++s) {
      for (const Taken& t : taken_[s]) {
        if (t.node == kNone || out_.role[t.node] == LoopRole::NextIteration) continue;
        ++waiting[s];
        consumers[t.node].push_back(s);
      }
    }
    std::vector<std::uint32_t> out;
    for (std::uint32_t s = 0; s < count; ++s) {
      if (waiting[s] == 0) out.push_back(s);
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
      for (std::uint32_t c : consumers[out[i]]) {
        if (--waiting[c] == 0) out.push_back(c);
      }
    }
    return out;
  }

  std::string frame_text(std::uint32_t f) const {
    return f == 0 ? "the root frame" : fmt::format("frame '{}'", out_.frames[f].name);
  }

  // The frame a value of `t` arrives in.
  std::optional<std::uint32_t> frame_from(const Taken& t) const {
    if (t.node == kNone) return 0;
    const std::uint32_t f = out_.frame_of[t.node];
    switch (out_.role[t.node]) {
      case LoopRole::Enter:
      case LoopRole::ConstantEnter:
        return out_.entered[t.node];
      case LoopRole::Exit:
        if (f == 0) return std::nullopt;  // reported at the Exit
        return static_cast<std::uint32_t>(out_.frames[f].parent);
      default:
        return f;
    }
  }

  std::uint32_t child_frame(std::uint32_t parent, const NodeStmt& enter) {
    const Attr* name = find_attr(enter.attrs, "frame_name");
    const std::string frame = name != nullptr ? name->value.name : std::string();
    const auto key = std::make_pair(parent, frame);
    const auto it = children_.find(key);
    if (it != children_.end()) return it->second;
    const Attr* p = find_attr(enter.attrs, "parallel_iterations");
    const auto parallel =
        p != nullptr && p->value.kind == AttrValue::Kind::Integer && p->value.integer > 0
            ? static_cast<std::uint32_t>(p->value.integer)
            : 10u;  // TensorFlow's default
    const auto id = static_cast<std::uint32_t>(out_.frames.size());
    out_.frames.push_back({frame, static_cast<std::int32_t>(parent), out_.frames[parent].depth + 1,
                           parallel, enter.loc});
    children_.emplace(key, id);
    return id;
  }

  void place(std::uint32_t s) {
    const NodeStmt& n = ast_.nodes[s];
    std::optional<std::uint32_t> frame;
    const Taken* from = nullptr;
    for (const Taken& t : taken_[s]) {
      if (t.node != kNone) check_consumer(s, t);
      if (t.node != kNone && out_.role[t.node] == LoopRole::NextIteration) continue;
      const std::optional<std::uint32_t> f = frame_from(t);
      if (!f) continue;
      if (!frame) {
        frame = f;
        from = &t;
      } else if (*frame != *f) {
        diags_.error(n.loc,
                     fmt::format("node '{}' takes values from {} (through '{}') and from "
                                 "{} (through '{}'): a value enters a loop frame through "
                                 "Enter and leaves it through Exit",
                                 n.name, frame_text(*frame), from->name, frame_text(*f), t.name));
        break;
      }
    }
    out_.frame_of[s] = frame.value_or(0);
    const LoopRole role = out_.role[s];
    if (is_enter(role)) out_.entered[s] = child_frame(out_.frame_of[s], n);
    if ((role == LoopRole::Exit || role == LoopRole::NextIteration) && out_.frame_of[s] == 0) {
      diags_.error(n.loc, fmt::format("{} '{}' is not inside a loop frame: its value comes from "
                                      "no Enter",
                                      n.op, n.name));
    }
  }

  // Only a Merge takes a NextIteration's value or a non-constant Enter's: they exist in one
  // iteration only (the next one, the first one).
  void check_consumer(std::uint32_t s, const Taken& t) {
    const LoopRole producer = out_.role[t.node];
    if (out_.role[s] == LoopRole::Merge && t.data) return;
    const NodeStmt& n = ast_.nodes[s];
    if (producer == LoopRole::NextIteration) {
      diags_.error(t.loc, fmt::format("only a Merge may take the value of NextIteration '{}' "
                                      "(the loop's back edge), not {} '{}'",
                                      t.name, n.op, n.name));
    } else if (producer == LoopRole::Enter) {
      diags_.error(t.loc, fmt::format("only a Merge may take the value of Enter '{}', which "
                                      "enters the first iteration only; a value every "
                                      "iteration uses needs {{is_constant=true}}",
                                      t.name));
    }
  }

  // A NextIteration's value stays in its frame.
  void check_back_edges() {
    for (std::uint32_t s = 0; s < ast_.nodes.size(); ++s) {
      for (const Taken& t : taken_[s]) {
        if (t.node == kNone || out_.role[t.node] != LoopRole::NextIteration) continue;
        if (out_.frame_of[t.node] == out_.frame_of[s]) continue;
        diags_.error(t.loc, fmt::format("NextIteration '{}' is in {}, and '{}' is in {}: a "
                                        "NextIteration's value goes to a Merge of its own frame",
                                        t.name, frame_text(out_.frame_of[t.node]),
                                        ast_.nodes[s].name, frame_text(out_.frame_of[s])));
      }
    }
  }

  void check_outputs() {
    for (const OutputStmt& o : ast_.outputs) {
      const auto it = names_.symbols.find(o.ref.name);
      if (it == names_.symbols.end() || it->second.kind != Symbol::Kind::Node) continue;
      const Taken t{static_cast<std::int32_t>(it->second.index), o.ref.name, o.ref.loc, true};
      const std::optional<std::uint32_t> f = frame_from(t);
      if (!f || *f == 0) continue;
      diags_.error(o.ref.loc, fmt::format("'{}' is inside loop {}: output the value its Exit "
                                          "passes out of the loop",
                                          o.ref.name, frame_text(*f)));
    }
  }

  const Ast& ast_;
  const Names& names_;
  DiagnosticList& diags_;
  LoopFrames out_;
  std::vector<std::vector<Taken>> taken_;
  std::map<std::pair<std::uint32_t, std::string>, std::uint32_t> children_;
};

}  // namespace

bool uses_frames(const Ast& ast) {
  for (const NodeStmt& n : ast.nodes) {
    const LoopRole r = role_of(n);
    if (is_enter(r) || r == LoopRole::Exit || r == LoopRole::NextIteration) return true;
  }
  return false;
}

LoopFrames find_loop_frames(const Ast& ast, const Names& names, DiagnosticList& diags) {
  return FrameFinder(ast, names, diags).find();
}

}  // namespace tfmc::sem
