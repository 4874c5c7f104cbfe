#include "semantics/language/tfg_printer.h"

#include <fmt/format.h>

#include <algorithm>

#include "semantics/values/tensor_text.h"

namespace tfmc::sem {
namespace {

std::string init_text(const InitValue& v) {
  return v.literal ? format_tensor(*v.literal) : v.symbol;
}

std::string fn_text(const FnDecl& f) {
  return fmt::format("fn {} : {} -> {}", f.name, f.inputs, f.outputs);
}

std::string var_text(const VarDecl& v) {
  return v.init ? fmt::format("var {} = {}", v.name, init_text(*v.init)) : "var " + v.name;
}

std::string input_text(const InputDecl& in) {
  return in.init ? fmt::format("input {} = {}", in.name, init_text(*in.init)) : "input " + in.name;
}

std::string names_text(const std::vector<Ref>& refs) {
  std::vector<std::string> names;
  for (const Ref& r : refs) names.push_back(r.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

std::string attrs_text(const std::vector<Attr>& attrs) {
  std::vector<std::string> parts;
  for (const Attr& a : attrs) parts.push_back(a.key + "=" + attr_value_text(a.value));
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

std::string node_text(const NodeStmt& n) {
  std::vector<std::string> args;
  for (const Ref& r : n.args) args.push_back(r.text());
  std::string out = fmt::format("{} = {}({})", n.name, n.op, fmt::join(args, ", "));
  if (!n.attrs.empty()) out += fmt::format(" {}", attrs_text(n.attrs));
  if (!n.after.empty()) out += fmt::format(" after {}", names_text(n.after));
  return out;
}

std::string resource_text(const ResourceDecl& r) {
  const char* keyword = r.kind == ResourceDecl::Kind::Queue ? "queue" : "mutex";
  return r.attrs.empty() ? fmt::format("{} {}", keyword, r.name)
                         : fmt::format("{} {} {}", keyword, r.name, attrs_text(r.attrs));
}

std::string section_text(const SectionDecl& d) {
  return fmt::format("section {} : {}", d.name, names_text(d.nodes));
}

std::string output_text(const OutputStmt& o) {
  return o.as ? fmt::format("output {} as {}", o.ref.text(), *o.as) : "output " + o.ref.text();
}

}  // namespace

std::string attr_value_text(const AttrValue& v) {
  switch (v.kind) {
    case AttrValue::Kind::Integer:
      return std::to_string(v.integer);
    case AttrValue::Kind::Name:
      return v.name;
    case AttrValue::Kind::List:
      return fmt::format("[{}]", fmt::join(v.list, ","));
    case AttrValue::Kind::Literal:
      return format_tensor(*v.literal);
  }
  return {};
}

std::string print_tfg(const Ast& ast) {
  // Every statement with its line, collected kind by kind; the stable sort by line then
  // restores the file's interleaving of kinds.
  struct Line {
    int line;
    std::string text;
  };
  std::vector<Line> lines;
  for (const FnDecl& f : ast.fns) lines.push_back({f.loc.line, fn_text(f)});
  for (const VarDecl& v : ast.vars) lines.push_back({v.loc.line, var_text(v)});
  for (const ResourceDecl& r : ast.resources) lines.push_back({r.loc.line, resource_text(r)});
  for (const InputDecl& in : ast.inputs) lines.push_back({in.loc.line, input_text(in)});
  for (const NodeStmt& n : ast.nodes) lines.push_back({n.loc.line, node_text(n)});
  for (const SectionDecl& d : ast.sections) lines.push_back({d.loc.line, section_text(d)});
  for (const TargetStmt& t : ast.targets) {
    lines.push_back({t.loc.line, "target " + names_text(t.nodes)});
  }
  for (const OutputStmt& o : ast.outputs) lines.push_back({o.loc.line, output_text(o)});
  std::stable_sort(lines.begin(), lines.end(),
                   [](const Line& a, const Line& b) { return a.line < b.line; });
  std::string out;
  for (const Line& l : lines) {
    out += l.text;
    out += '\n';
  }
  return out;
}

}  // namespace tfmc::sem
