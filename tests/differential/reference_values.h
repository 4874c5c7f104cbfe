// Value computation of the differential test's reference, written from FORMAT.md, "Values" and "How
// functions and assignments compute", alone: every value is held as its canonical string (`i32{5}`,
// `A`, `Add(A, i32{1})`, `S.1(A)`, `Error(arithmetic)`), and functions are applied to those strings
// directly. Only what the random programs use is covered: i32 scalars, symbols and terms, errors.
#pragma once

#include <string>
#include <vector>

namespace tfmc::difftest {

inline const std::string kUninitialized = "Error(uninitialized)";

// A built-in binary function (`Add`, `Sub`, `Mul`, `Div`): the first error argument if any;
// else i32 arithmetic with wraparound (Div truncates toward zero, a zero divisor gives
// Error(arithmetic)) when both are concrete; else the term `Op(a, b)`.
std::string apply_builtin(const std::string& op, const std::string& a, const std::string& b);

// An uninterpreted function with `results` outputs: the first error argument on every output
// if any; else `Op(args)` for one output, `Op.j(args)` for output j of several.
std::vector<std::string> apply_uninterpreted(const std::string& op,
                                             const std::vector<std::string>& args, int results);

// Applies Assign's f (a built-in binary name or a declared `fn`) to (old value, tensor).
std::string apply_assign_function(const std::string& f, const std::string& old_value,
                                  const std::string& tensor);

bool is_error(const std::string& value);

}  // namespace tfmc::difftest
