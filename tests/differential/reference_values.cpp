#include "differential/reference_values.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfmc::difftest {
namespace {

const std::string kI32Prefix = "i32{";

// The integer of a concrete i32 scalar literal, or nothing for a symbol or term.
std::optional<std::int64_t> concrete_i32(const std::string& value) {
  if (value.rfind(kI32Prefix, 0) != 0) return std::nullopt;
  return std::stoll(value.substr(kI32Prefix.size(), value.size() - kI32Prefix.size() - 1));
}

// Two's complement wraparound of an exact result into i32.
std::string wrap_i32(std::int64_t exact) {
  const auto bits = static_cast<std::uint32_t>(static_cast<std::uint64_t>(exact));
  return kI32Prefix + std::to_string(static_cast<std::int32_t>(bits)) + "}";
}

std::string term(const std::string& op, const std::vector<std::string>& args) {
  std::string text = op + "(";
  for (std::size_t i = 0; i < args.size(); ++i) text += (i ? ", " : "") + args[i];
  return text + ")";
}

bool is_builtin_binary(const std::string& op) {
  return op == "Add" || op == "Sub" || op == "Mul" || op == "Div";
}

}  // namespace

bool is_error(const std::string& value) { return value.rfind("Error(", 0) == 0; }

std::vector<std::string> apply_update(const std::string& step, const std::vector<std::string>& args,
                                      int variables) {
  for (const std::string& a : args) {
    if (!concrete_i32(a)) return apply_uninterpreted(step, args, variables);
  }
  return std::vector<std::string>(variables, "Error(type)");
}

std::string apply_builtin(const std::string& op, const std::string& a, const std::string& b) {
  if (is_error(a)) return a;
  if (is_error(b)) return b;
  const std::optional<std::int64_t> x = concrete_i32(a);
  const std::optional<std::int64_t> y = concrete_i32(b);
  if (!x || !y) return term(op, {a, b});
  if (op == "Add") return wrap_i32(*x + *y);
  if (op == "Sub") return wrap_i32(*x - *y);
  if (op == "Mul") return wrap_i32(*x * *y);
  if (op == "Div") {
    if (*y == 0) return "Error(arithmetic)";
    return wrap_i32(*x / *y);  // C++ division truncates toward zero, as FORMAT.md requires
  }
  throw std::logic_error("not a built-in binary function: " + op);
}

std::vector<std::string> apply_uninterpreted(const std::string& op,
                                             const std::vector<std::string>& args, int results) {
  for (const std::string& arg : args) {
    if (is_error(arg)) return std::vector<std::string>(results, arg);
  }
  if (results == 1) return {term(op, args)};
  std::vector<std::string> values;
  for (int j = 0; j < results; ++j) values.push_back(term(op + "." + std::to_string(j), args));
  return values;
}

std::string apply_assign_function(const std::string& f, const std::string& old_value,
                                  const std::string& tensor) {
  if (is_builtin_binary(f)) return apply_builtin(f, old_value, tensor);
  return apply_uninterpreted(f, {old_value, tensor}, 1)[0];
}

}  // namespace tfmc::difftest
