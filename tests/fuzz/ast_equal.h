// Structural comparison of two parsed programs for the printer round-trip tests: everything
// the parser records except source locations, plus the order of the statements by line.
// Literals compare element by element with every NaN equal to every NaN (FORMAT.md, "Arithmetic on
// concrete tensors": NaN payloads and signs are not distinguished), -0 and +0 distinct.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "semantics/language/ast.h"

namespace tfmc::test {

namespace ast_equal_detail {

template <class F>
bool same_floats(const eval::Tensor& a, const eval::Tensor& b) {
  for (std::size_t i = 0; i + sizeof(F) <= a.bytes.size(); i += sizeof(F)) {
    F x;
    F y;
    std::memcpy(&x, a.bytes.data() + i, sizeof(F));
    std::memcpy(&y, b.bytes.data() + i, sizeof(F));
    const bool both_nan = std::isnan(x) && std::isnan(y);
    if (!both_nan && std::memcmp(&x, &y, sizeof(F)) != 0) return false;
  }
  return true;
}

inline bool same_tensor(const eval::Tensor& a, const eval::Tensor& b) {
  if (a.dtype != b.dtype || a.shape != b.shape || a.bytes.size() != b.bytes.size()) return false;
  if (a.dtype == eval::DType::F32) return same_floats<float>(a, b);
  if (a.dtype == eval::DType::F64) return same_floats<double>(a, b);
  return a.bytes == b.bytes;
}

inline bool same_literal(const std::optional<eval::Tensor>& a,
                         const std::optional<eval::Tensor>& b) {
  return a.has_value() == b.has_value() && (!a || same_tensor(*a, *b));
}

inline bool same_ref(const sem::Ref& a, const sem::Ref& b) {
  return a.name == b.name && a.port == b.port && a.has_port == b.has_port &&
         a.variable == b.variable;
}

inline bool same_refs(const std::vector<sem::Ref>& a, const std::vector<sem::Ref>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), same_ref);
}

inline bool same_init(const std::optional<sem::InitValue>& a,
                      const std::optional<sem::InitValue>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (same_literal(a->literal, b->literal) && a->symbol == b->symbol);
}

inline bool same_attr(const sem::Attr& a, const sem::Attr& b) {
  const sem::AttrValue& x = a.value;
  const sem::AttrValue& y = b.value;
  return a.key == b.key && x.kind == y.kind && x.integer == y.integer && x.name == y.name &&
         x.list == y.list && same_literal(x.literal, y.literal);
}

inline bool same_node(const sem::NodeStmt& a, const sem::NodeStmt& b) {
  return a.name == b.name && a.op == b.op && same_refs(a.args, b.args) &&
         std::equal(a.attrs.begin(), a.attrs.end(), b.attrs.begin(), b.attrs.end(), same_attr) &&
         same_refs(a.after, b.after);
}

// The statement kinds in line order: 'f'n, 'v'ar, 'r'esource (queue, mutex), 'i'nput,
// 'n'ode, 's'ection, 't'arget, 'o'utput.
inline std::string kinds_by_line(const sem::Ast& ast) {
  std::vector<std::pair<int, char>> lines;
  for (const auto& s : ast.fns) lines.emplace_back(s.loc.line, 'f');
  for (const auto& s : ast.vars) lines.emplace_back(s.loc.line, 'v');
  for (const auto& s : ast.resources) lines.emplace_back(s.loc.line, 'r');
  for (const auto& s : ast.inputs) lines.emplace_back(s.loc.line, 'i');
  for (const auto& s : ast.nodes) lines.emplace_back(s.loc.line, 'n');
  for (const auto& s : ast.sections) lines.emplace_back(s.loc.line, 's');
  for (const auto& s : ast.targets) lines.emplace_back(s.loc.line, 't');
  for (const auto& s : ast.outputs) lines.emplace_back(s.loc.line, 'o');
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::string out;
  for (const auto& l : lines) out += l.second;
  return out;
}

template <class T, class Same>
std::string compare_list(const char* what, const std::vector<T>& a, const std::vector<T>& b,
                         Same same) {
  if (a.size() != b.size()) {
    return std::string(what) + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) +
           " statements";
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!same(a[i], b[i]))
      return std::string(what) + " statement " + std::to_string(i) + " differs";
  }
  return {};
}

}  // namespace ast_equal_detail

// Empty when `a` and `b` are the same program up to locations; else the first difference.
inline std::string ast_difference(const sem::Ast& a, const sem::Ast& b) {
  using namespace ast_equal_detail;
  std::string d = compare_list("fn", a.fns, b.fns, [](const auto& x, const auto& y) {
    return x.name == y.name && x.inputs == y.inputs && x.outputs == y.outputs;
  });
  if (d.empty()) {
    d = compare_list("var", a.vars, b.vars, [](const auto& x, const auto& y) {
      return x.name == y.name && same_init(x.init, y.init);
    });
  }
  if (d.empty()) {
    d = compare_list("input", a.inputs, b.inputs, [](const auto& x, const auto& y) {
      return x.name == y.name && same_init(x.init, y.init);
    });
  }
  if (d.empty()) {
    d = compare_list("resource", a.resources, b.resources, [](const auto& x, const auto& y) {
      return x.kind == y.kind && x.name == y.name &&
             std::equal(x.attrs.begin(), x.attrs.end(), y.attrs.begin(), y.attrs.end(), same_attr);
    });
  }
  if (d.empty()) d = compare_list("node", a.nodes, b.nodes, same_node);
  if (d.empty()) {
    d = compare_list("section", a.sections, b.sections, [](const auto& x, const auto& y) {
      return x.name == y.name && same_refs(x.nodes, y.nodes);
    });
  }
  if (d.empty()) {
    d = compare_list("target", a.targets, b.targets,
                     [](const auto& x, const auto& y) { return same_refs(x.nodes, y.nodes); });
  }
  if (d.empty()) {
    d = compare_list("output", a.outputs, b.outputs, [](const auto& x, const auto& y) {
      return same_ref(x.ref, y.ref) && x.as == y.as;
    });
  }
  if (d.empty() && kinds_by_line(a) != kinds_by_line(b)) {
    d = "statement order " + kinds_by_line(a) + " vs " + kinds_by_line(b);
  }
  return d;
}

}  // namespace tfmc::test
