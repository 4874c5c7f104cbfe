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

// An optimizer's update of `variables` variables (FORMAT.md, "How functions and assignments
// compute") applied to error-free arguments, the variables' values first: on concrete i32
// tensors its step fails with Error(type) (it takes floats), stored in every variable; with a
// symbolic argument each new value is the term `Step.j(args)`.
std::vector<std::string> apply_update(const std::string& step, const std::vector<std::string>& args,
                                      int variables);

bool is_error(const std::string& value);

}  // namespace tfmc::difftest
