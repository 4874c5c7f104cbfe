// User-facing errors in .tfg input, located as FILE:LINE:COL (1-based) with the source line.
//
// Contract: every rejection of user input (parse, name resolution, arity, kinds, attributes,
// literals, cycles, feeds) is a Diagnostic; the tool prints them sorted by position, the first
// error in file order first, each as
//   FILE:LINE:COL: error: MESSAGE
//     <source line>
//     <caret under COL>
// and exits with code 2. Programmer errors are not Diagnostics (see TFMC_CHECK in
// semantics/errors/invariant.h).
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace tfmc::sem {

struct SourceLoc {
  int line = 0;    // 1-based; 0 when the error has no position (e.g. a --feed option)
  int column = 0;  // 1-based
};

struct Diagnostic {
  SourceLoc loc;
  std::string message;
};

// The diagnostics of one input, with the text needed to render them.
class DiagnosticList {
 public:
  DiagnosticList(std::string file, std::string source);

  void error(SourceLoc loc, std::string message);
  bool empty() const { return items_.empty(); }
  std::size_t size() const { return items_.size(); }
  const std::vector<Diagnostic>& items() const { return items_; }

  // All diagnostics, sorted by position (stable for equal positions), rendered as above.
  std::string render() const;

 private:
  std::string file_;
  std::vector<std::string> lines_;
  std::vector<Diagnostic> items_;
};

// Thrown by front-end entry points when input is rejected; carries the rendered text.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& rendered) : std::runtime_error(rendered) {}
};

}  // namespace tfmc::sem
