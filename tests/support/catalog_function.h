// Test helper: the catalog's function of an op with attributes written as text, as a node
// `op(...) {key=value, ...}` of a .tfg file makes it, and its evaluation by the CPU evaluator.
// A value is a list of integers `[1,-2]`, an integer, or a name (`true`, `NHWC`, `DT_FLOAT`),
// as the .tfg parser reads them.
#pragma once

#include <catch2/catch.hpp>
#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/op_catalog.h"
#include "semantics/values/tensor_text.h"
#include "support/literals.h"

namespace tfmc::test {

// Attributes as (key, value) texts.
using AttrTexts = std::vector<std::pair<std::string, std::string>>;

inline sem::Attr attribute(std::string_view key, std::string_view value) {
  sem::Attr a;
  a.key = std::string(key);
  if (!value.empty() && value.front() == '[') {
    a.value.kind = sem::AttrValue::Kind::List;
    std::string_view rest = value.substr(1, value.size() - 2);
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      a.value.list.push_back(std::stoll(std::string(rest.substr(0, comma))));
      rest = comma == std::string_view::npos ? "" : rest.substr(comma + 1);
    }
  } else if (!value.empty() &&
             (value.front() == '-' || std::isdigit(static_cast<unsigned char>(value.front())))) {
    a.value.kind = sem::AttrValue::Kind::Integer;
    a.value.integer = std::stoll(std::string(value));
  } else {
    a.value.kind = sem::AttrValue::Kind::Name;
    a.value.name = std::string(value);
  }
  return a;
}

// Attributes written as the case tables write them: `key=value` joined by ';' ("" for none).
inline AttrTexts attribute_texts(const std::string& joined) {
  AttrTexts out;
  std::string rest = joined;
  while (!rest.empty()) {
    const std::string one = rest.substr(0, rest.find(';'));
    const auto eq = one.find('=');
    REQUIRE(eq != std::string::npos);
    out.emplace_back(one.substr(0, eq), one.substr(eq + 1));
    rest = one.size() == rest.size() ? "" : rest.substr(one.size() + 1);
  }
  return out;
}

// `attrs`: any range of (key, value) pairs of strings or C strings.
template <class Attrs>
std::vector<sem::Attr> attributes(const Attrs& attrs) {
  std::vector<sem::Attr> list;
  for (const auto& [key, value] : attrs) list.push_back(attribute(key, value));
  return list;
}

// The function, or nothing and the read-time errors that the catalog gave.
struct MadeFunction {
  std::optional<sem::Function> function;
  std::string errors;
};

template <class Attrs>
MadeFunction make_function(const std::string& op, const Attrs& attrs, std::size_t arguments) {
  sem::ValueStore values;
  sem::DiagnosticList diags("t.tfg", "");
  auto f = sem::make_builtin_function(op, attributes(attrs), arguments, {}, values, diags);
  return {std::move(f), diags.render()};
}

// Whether the catalog refuses `op` with `attrs` (`key=value` joined by ';') and `arguments`
// arguments when a file is read.
inline bool refused(const std::string& op, const std::string& attrs, std::size_t arguments) {
  return !make_function(op, attribute_texts(attrs), arguments).function;
}

// The function; the catalog's refusal fails the test.
template <class Attrs>
sem::Function catalog_function(const std::string& op, const Attrs& attrs, std::size_t arguments) {
  MadeFunction made = make_function(op, attrs, arguments);
  INFO(op << ": " << made.errors);
  REQUIRE(made.function.has_value());
  return *made.function;
}

// The CPU evaluator's result of the function on `arguments`.
template <class Attrs>
eval::EvalResult evaluate_function(const std::string& op, const Attrs& attrs,
                                   const std::vector<eval::Tensor>& arguments) {
  const sem::Function f = catalog_function(op, attrs, arguments.size());
  std::vector<const eval::Tensor*> pointers;
  for (const eval::Tensor& t : arguments) pointers.push_back(&t);
  eval::CpuEvaluator cpu;
  return cpu.evaluate(f.op, f.attrs, pointers);
}

// The results of `op` {attrs} on the tensors of literal `arguments`, printed canonically, or
// one `Error(kind)`; a result count other than the function's fails the test.
inline std::vector<std::string> printed_results(const std::string& op, const AttrTexts& attrs,
                                                const std::vector<std::string>& arguments) {
  std::vector<eval::Tensor> tensors;
  for (const std::string& a : arguments) tensors.push_back(literal(a));
  const sem::Function f = catalog_function(op, attrs, arguments.size());
  const eval::EvalResult r = evaluate_function(op, attrs, tensors);
  if (const auto* e = std::get_if<eval::ErrorKind>(&r)) {
    return {"Error(" + std::string(eval::error_kind_name(*e)) + ")"};
  }
  const auto& got = std::get<std::vector<eval::Tensor>>(r);
  CHECK(static_cast<int>(got.size()) == f.outputs);
  std::vector<std::string> out;
  for (const eval::Tensor& t : got) out.push_back(sem::format_tensor(t));
  return out;
}

}  // namespace tfmc::test
