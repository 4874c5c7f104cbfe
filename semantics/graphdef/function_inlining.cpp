#include "semantics/graphdef/function_inlining.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "semantics/graphdef/canonical_input_order.h"
#include "semantics/graphdef/functional_control_flow.h"
#include "semantics/graphdef/output_args.h"

namespace tfmc::sem {
namespace {

bool is_call(const std::string& op) {
  return op == "StatefulPartitionedCall" || op == "PartitionedCall";
}

// Nested calls deeper than this are an error, as is a graph that inlining makes bigger than
// kMaxInlinedNodes (a few calls per body, nested, multiply: functions that each call the next
// twice make 2^depth copies).
constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxInlinedNodes = 200000;

// `N` as `N:0`: the key under which a data input is redirected.
std::string with_port(const std::string& tensor) {
  return tensor.find(':') == std::string::npos ? tensor + ":0" : tensor;
}

class Inliner {
 public:
  Inliner(const GraphFile& file, DiagnosticList& diags) : file_(file), diags_(diags) {
    for (const tf::FunctionDef& f : file.graph.library().function()) {
      functions_.emplace(f.signature().name(), &f);
    }
  }

  GraphFile run() {
    GraphFile out = file_;
    out.graph.clear_node();
    out.node_locs.clear();
    out.lowered_from.clear();
    for (int i = 0; i < file_.graph.node_size(); ++i) {
      const SourceLoc at = static_cast<std::size_t>(i) < file_.node_locs.size()
                               ? file_.node_locs[static_cast<std::size_t>(i)]
                               : SourceLoc{};
      const tf::NodeDef& node = file_.graph.node(i);
      if (node.op() != "AddN") {
        add(node, at, 0, out);
        continue;
      }
      tf::NodeDef sorted = node;
      std::vector<std::string> names;
      for (const std::string& in : node.input()) {
        if (in.empty() || in[0] != '^') names.push_back(grappler_input_name(in));
      }
      sort_inputs_as_grappler(sorted, names);
      add(sorted, at, 0, out);
    }
    redirect_inputs(out);
    return out;
  }

 private:
  // The lowering of one functional node, at `at`, `depth` calls deep.
  class Lowering : public LoweringTarget {
   public:
    Lowering(Inliner& inliner, const tf::NodeDef& node, SourceLoc at, int depth, GraphFile& out)
        : inliner_(inliner), node_(node), at_(at), depth_(depth), out_(out) {}
    const tf::FunctionDef* function(const std::string& name) const override {
      const auto found = inliner_.functions_.find(name);
      return found == inliner_.functions_.end() ? nullptr : found->second;
    }
    void add(tf::NodeDef node) override { inliner_.add(node, at_, depth_ + 1, out_); }
    std::optional<std::vector<std::string>> inline_body(
        const tf::FunctionDef& f, const std::string& prefix, const std::vector<std::string>& args,
        const std::vector<std::string>& anchors) override {
      return inliner_.inline_body(node_, f, prefix, args, anchors, at_, depth_ + 1, out_);
    }
    void redirect(const std::string& tensor, const std::string& replacement) override {
      inliner_.redirects_[with_port(tensor)] = replacement;
    }
    void error(const std::string& message) override { inliner_.error(node_, at_, message); }

   private:
    Inliner& inliner_;
    const tf::NodeDef& node_;
    SourceLoc at_;
    int depth_;
    GraphFile& out_;
  };

  void error(const tf::NodeDef& node, SourceLoc at, const std::string& message) {
    diags_.error(at, fmt::format("node '{}' ({}): {}", node.name(), node.op(), message));
  }

  // Adds `node` to `out`: a call inlined, an If or While lowered, any other node as it is.
  void add(const tf::NodeDef& node, SourceLoc at, int depth, GraphFile& out) {
    const bool call = is_call(node.op());
    if (!call && !is_lowered_control_flow(node.op())) return append(node, at, out);
    if (depth >= kMaxDepth) {
      return error(node, at, "calls nest deeper than 64 levels");
    }
    if (!call) {
      const bool outermost = lowering_.empty();
      if (outermost) lowering_ = node.name();
      Lowering lowering(*this, node, at, depth, out);
      lower_control_flow(node, lowering);
      if (outermost) lowering_.clear();
      return;
    }
    const auto f_attr = node.attr().find("f");
    const std::string fname = f_attr == node.attr().end() ? "" : f_attr->second.func().name();
    const auto found = functions_.find(fname);
    if (found == functions_.end()) {
      return error(node, at,
                   fmt::format("calls the function '{}', which the graph's library lacks", fname));
    }
    std::vector<std::string> data, controls;
    for (const std::string& in : node.input()) {
      (!in.empty() && in[0] == '^' ? controls : data).push_back(in);
    }
    const tf::FunctionDef& f = *found->second;
    if (static_cast<int>(data.size()) != f.signature().input_arg_size()) {
      return error(node, at,
                   fmt::format("passes {} arguments to '{}', which takes {}", data.size(), fname,
                               f.signature().input_arg_size()));
    }
    // A call runs once its inputs are there: its body's nodes without inputs wait for them too,
    // which keeps them in the call's loop frame and makes them DEAD on an untaken branch.
    std::vector<std::string> anchors = controls;
    for (const std::string& in : data) {
      const std::string anchor = fmt::format("^{}", in.substr(0, in.find(':')));
      if (std::find(anchors.begin(), anchors.end(), anchor) == anchors.end()) {
        anchors.push_back(anchor);
      }
    }
    inline_body(node, f, node.name(), data, anchors, at, depth, out);
  }

  // Inlines `f` under `prefix` for `caller` (function_inlining.h): its results as graph
  // tensors, in output order, or nullopt after reporting an error at the caller.
  std::optional<std::vector<std::string>> inline_body(const tf::NodeDef& caller,
                                                      const tf::FunctionDef& f,
                                                      const std::string& prefix,
                                                      const std::vector<std::string>& args,
                                                      const std::vector<std::string>& anchors,
                                                      SourceLoc at, int depth, GraphFile& out) {
    const std::string& name = f.signature().name();
    if (std::find(expanding_.begin(), expanding_.end(), name) != expanding_.end()) {
      error(caller, at,
            fmt::format("'{}' calls itself (through {})", name, fmt::join(expanding_, " -> ")));
      return std::nullopt;
    }
    if (out.graph.node_size() + f.node_def_size() > static_cast<int>(kMaxInlinedNodes)) {
      error(caller, at,
            fmt::format("inlining '{}' makes the graph larger than {} nodes", name,
                        kMaxInlinedNodes));
      return std::nullopt;
    }
    // `f` is being inlined until its completion is added: a call of it in its body recurses.
    expanding_.push_back(name);
    std::map<std::string, std::string> arg_of;
    for (int k = 0; k < f.signature().input_arg_size(); ++k) {
      arg_of[f.signature().input_arg(k).name()] = args.at(static_cast<std::size_t>(k));
    }
    std::map<std::string, std::string> op_of;
    for (const tf::NodeDef& b : f.node_def()) op_of[b.name()] = b.op();
    // A body input as a graph input: an argument, `node:out_arg:k` (output_args.h), or `^node`.
    const auto rename = [&](const std::string& in) -> std::string {
      const bool control = !in.empty() && in[0] == '^';
      const std::string body = control ? in.substr(1) : in;
      const std::size_t colon = body.find(':');
      const std::string name = body.substr(0, colon);
      if (colon == std::string::npos && arg_of.count(name)) {
        const std::string& arg = arg_of.at(name);
        return !control ? arg : fmt::format("^{}", arg.substr(0, arg.find(':')));
      }
      const std::size_t last = body.rfind(':');
      std::string port = colon == std::string::npos || last == colon ? "" : body.substr(last + 1);
      const bool numbered = !port.empty() && port.size() < 9 &&
                            port.find_first_not_of("0123456789") == std::string::npos;
      if (const auto op = op_of.find(name); numbered && op != op_of.end()) {
        const int first = output_arg_port(op->second, body.substr(colon + 1, last - colon - 1));
        if (first > 0) port = std::to_string(first + std::stoi(port));
      }
      return fmt::format("{}{}/{}{}{}", control ? "^" : "", prefix, name,
                         port.empty() || port == "0" ? "" : ":", port == "0" ? "" : port);
    };
    std::set<std::string> consumed;
    for (const tf::NodeDef& b : f.node_def()) {
      for (const std::string& in : b.input()) {
        const std::string body = in[0] == '^' ? in.substr(1) : in;
        consumed.insert(body.substr(0, body.find(':')));
      }
    }
    for (const tf::NodeDef& b : f.node_def()) {
      tf::NodeDef copy = b;
      copy.set_name(prefix + "/" + b.name());
      copy.clear_input();
      // The names Grappler knows the data inputs by, in the body as it optimizes it.
      std::vector<std::string> names;
      for (const std::string& in : b.input()) {
        copy.add_input(rename(in));
        if (in.empty() || in[0] == '^') continue;
        names.push_back(
            arg_of.count(in)
                ? in
                : grappler_input_name(copy.input(copy.input_size() - 1).substr(prefix.size() + 1)));
      }
      if (b.input().empty()) {
        for (const std::string& a : anchors) copy.add_input(a);
      }
      sort_inputs_as_grappler(copy, names);
      add(copy, at, depth + 1, out);
    }
    // The completion: the results, in output order, once the whole body has run.
    std::vector<std::string> results;
    tf::NodeDef completion;
    completion.set_name(prefix);
    completion.set_op(f.signature().output_arg_size() == 0 ? "NoOp" : "IdentityN");
    for (const tf::OpDef::ArgDef& o : f.signature().output_arg()) {
      const auto ret = f.ret().find(o.name());
      if (ret == f.ret().end()) {
        error(caller, at, fmt::format("'{}' has no result '{}'", f.signature().name(), o.name()));
        expanding_.pop_back();
        return std::nullopt;
      }
      results.push_back(rename(ret->second));
      completion.add_input(results.back());
    }
    for (const tf::NodeDef& b : f.node_def()) {
      if (!consumed.count(b.name())) completion.add_input("^" + prefix + "/" + b.name());
    }
    append(completion, at, out);
    expanding_.pop_back();
    return results;
  }

  void append(const tf::NodeDef& node, SourceLoc at, GraphFile& out) const {
    *out.graph.add_node() = node;
    out.node_locs.push_back(at);
    out.lowered_from.push_back(lowering_);
  }

  // Points the data inputs that the lowering redirected at their replacements.
  void redirect_inputs(GraphFile& out) const {
    if (redirects_.empty()) return;
    for (tf::NodeDef& n : *out.graph.mutable_node()) {
      for (std::string& in : *n.mutable_input()) {
        if (in.empty() || in[0] == '^') continue;
        const auto it = redirects_.find(with_port(in));
        if (it != redirects_.end()) in = it->second;
      }
    }
  }

  const GraphFile& file_;
  DiagnosticList& diags_;
  std::map<std::string, const tf::FunctionDef*> functions_;
  std::map<std::string, std::string> redirects_;  // `N:K` -> its replacement
  std::string lowering_;                          // the outermost If or While being lowered, or ""
  std::vector<std::string> expanding_;            // the functions being inlined, outermost first
};

}  // namespace

GraphFile inline_functions(const GraphFile& file, DiagnosticList& diags) {
  return Inliner(file, diags).run();
}

}  // namespace tfmc::sem
