#include "tools/app/describe_report.h"

#include <fmt/format.h>

namespace tfmc::app {
namespace {

std::string tensors(const std::vector<sem::NamedTensor>& list) {
  std::vector<std::string> items;
  for (const sem::NamedTensor& t : list) items.push_back(fmt::format("{}: {}", t.name, t.type));
  return items.empty() ? "none" : fmt::format("{}", fmt::join(items, ", "));
}

// `--feed x=NAME` for each input: a placeholder of the user's (a symbol of the input's name).
std::string feeds(const std::vector<sem::NamedTensor>& inputs) {
  std::string out;
  for (const sem::NamedTensor& t : inputs) out += fmt::format(" --feed {}=VALUE", t.name);
  return out;
}

}  // namespace

std::string describe_text(const std::string& file, const sem::GraphDescription& d) {
  std::string out = fmt::format("{}: {}\n", file, d.kind);
  out += d.checkpoint.empty() ? "checkpoint: none (variables start uninitialized)\n"
                              : fmt::format("checkpoint: {}\n", d.checkpoint);
  out += fmt::format("\nsignatures: {}\n", d.signatures.size());
  for (const sem::Signature& s : d.signatures) {
    out += fmt::format("  {}\n    inputs: {}\n    outputs: {}\n", s.key, tensors(s.inputs),
                       tensors(s.outputs));
    out += fmt::format("    check: tfmc check {} --signature {}{}\n", file, s.key, feeds(s.inputs));
  }
  out += fmt::format("\nfunctions: {}\n", d.functions.size());
  for (const sem::SavedFunction& f : d.functions) {
    out += fmt::format("  {} ({})\n    inputs: {}\n    outputs: {}\n", f.path, f.concrete,
                       tensors(f.inputs),
                       f.outputs == 0   ? std::string("none")
                       : f.outputs == 1 ? std::string("output_0")
                                        : fmt::format("output_0 ... output_{}", f.outputs - 1));
    out +=
        fmt::format("    captures: {}\n",
                    f.captured.empty() ? "none" : fmt::format("{}", fmt::join(f.captured, ", ")));
    out += fmt::format("    check: tfmc check {} --function {}{}\n", file, f.path, feeds(f.inputs));
  }
  out += fmt::format("\nvariables: {}\n", d.variables.size());
  for (const auto& v : d.variables) {
    std::string from = v.captured ? "captured: --feed " + v.node + "=VALUE gives its value"
                       : v.restored.empty() ? "not restored: starts uninitialized"
                                            : "restored from '" + v.restored + "'";
    const std::string node = v.node == v.name ? "" : fmt::format(" (node {})", v.node);
    out += fmt::format("  {}{}: {}, {}\n", v.name, node, v.type, from);
  }
  out += fmt::format("\nqueues: {}\n", d.queues.size());
  for (const std::string& q : d.queues) out += fmt::format("  {}\n", q);
  out += fmt::format("\nops without a mapping: {}\n", d.unmapped_ops.size());
  for (const auto& [op, count] : d.unmapped_ops) {
    out += fmt::format("  {} ({} node{}): uninterpreted\n", op, count, count == 1 ? "" : "s");
  }
  return out;
}

}  // namespace tfmc::app
