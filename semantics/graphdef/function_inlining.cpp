#include "semantics/graphdef/function_inlining.h"

#include <fmt/format.h>

#include <map>
#include <set>
#include <string>
#include <vector>

namespace tfmc::sem {
namespace {

bool is_call(const std::string& op) {
  return op == "StatefulPartitionedCall" || op == "PartitionedCall";
}

// Nested calls deeper than this are taken for recursion.
constexpr int kMaxDepth = 64;

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
    for (int i = 0; i < file_.graph.node_size(); ++i) {
      const SourceLoc at = static_cast<std::size_t>(i) < file_.node_locs.size()
                               ? file_.node_locs[static_cast<std::size_t>(i)]
                               : SourceLoc{};
      add(file_.graph.node(i), at, 0, out);
    }
    return out;
  }

 private:
  // Adds `node` to `out`, inlining it when it is a call.
  void add(const tf::NodeDef& node, SourceLoc at, int depth, GraphFile& out) {
    if (!is_call(node.op())) {
      *out.graph.add_node() = node;
      out.node_locs.push_back(at);
      return;
    }
    const auto error = [&](const std::string& message) {
      diags_.error(at, fmt::format("node '{}' ({}): {}", node.name(), node.op(), message));
    };
    if (depth >= kMaxDepth) return error("calls nest too deep (a function that calls itself?)");
    const auto f_attr = node.attr().find("f");
    const std::string fname = f_attr == node.attr().end() ? "" : f_attr->second.func().name();
    const auto found = functions_.find(fname);
    if (found == functions_.end()) {
      return error(fmt::format("calls the function '{}', which the graph's library lacks", fname));
    }
    const tf::FunctionDef& f = *found->second;
    std::vector<std::string> data, controls;
    for (const std::string& in : node.input()) {
      (!in.empty() && in[0] == '^' ? controls : data).push_back(in);
    }
    if (static_cast<int>(data.size()) != f.signature().input_arg_size()) {
      return error(fmt::format("passes {} arguments to '{}', which takes {}", data.size(), fname,
                               f.signature().input_arg_size()));
    }
    std::map<std::string, std::string> args;
    for (int k = 0; k < f.signature().input_arg_size(); ++k) {
      args[f.signature().input_arg(k).name()] = data[static_cast<std::size_t>(k)];
    }
    const std::string prefix = node.name() + "/";
    // A body input as a graph input: an argument, `node:out_arg:k`, or `^node`.
    const auto rename = [&](const std::string& in) -> std::string {
      const bool control = !in.empty() && in[0] == '^';
      const std::string body = control ? in.substr(1) : in;
      const std::size_t colon = body.find(':');
      const std::string name = body.substr(0, colon);
      if (colon == std::string::npos && args.count(name)) {
        const std::string& arg = args.at(name);
        return !control ? arg : fmt::format("^{}", arg.substr(0, arg.find(':')));
      }
      const std::size_t last = body.rfind(':');
      const std::string port =
          colon == std::string::npos || last == colon ? "" : body.substr(last + 1);
      return fmt::format("{}{}{}{}{}", control ? "^" : "", prefix, name,
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
      copy.set_name(prefix + b.name());
      copy.clear_input();
      bool has_input = false;
      for (const std::string& in : b.input()) {
        copy.add_input(rename(in));
        has_input = true;
      }
      if (!has_input) {
        for (const std::string& c : controls) copy.add_input(c);
      }
      add(copy, at, depth + 1, out);
    }
    // The call: the results, in output order, once the whole body has run.
    tf::NodeDef results;
    results.set_name(node.name());
    results.set_op(f.signature().output_arg_size() == 0 ? "NoOp" : "IdentityN");
    for (const tf::OpDef::ArgDef& o : f.signature().output_arg()) {
      const auto ret = f.ret().find(o.name());
      if (ret == f.ret().end())
        return error(fmt::format("'{}' has no result '{}'", fname, o.name()));
      results.add_input(rename(ret->second));
    }
    for (const tf::NodeDef& b : f.node_def()) {
      if (!consumed.count(b.name())) results.add_input("^" + prefix + b.name());
    }
    *out.graph.add_node() = results;
    out.node_locs.push_back(at);
  }

  const GraphFile& file_;
  DiagnosticList& diags_;
  std::map<std::string, const tf::FunctionDef*> functions_;
};

}  // namespace

GraphFile inline_functions(const GraphFile& file, DiagnosticList& diags) {
  return Inliner(file, diags).run();
}

}  // namespace tfmc::sem
