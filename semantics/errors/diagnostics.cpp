#include "semantics/errors/diagnostics.h"

#include <fmt/format.h>

#include <algorithm>

namespace tfmc::sem {

DiagnosticList::DiagnosticList(std::string file, std::string source) : file_(std::move(file)) {
  std::size_t start = 0;
  while (start <= source.size()) {
    std::size_t end = source.find('\n', start);
    if (end == std::string::npos) end = source.size();
    std::string line = source.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines_.push_back(std::move(line));
    start = end + 1;
  }
}

void DiagnosticList::error(SourceLoc loc, std::string message) {
  items_.push_back({loc, std::move(message)});
}

std::string DiagnosticList::render() const {
  std::vector<Diagnostic> sorted = items_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.loc.line, a.loc.column) < std::tie(b.loc.line, b.loc.column);
  });
  std::string out;
  for (const Diagnostic& d : sorted) {
    if (d.loc.line == 0) {
      out += fmt::format("{}: error: {}\n", file_, d.message);
      continue;
    }
    out += fmt::format("{}:{}:{}: error: {}\n", file_, d.loc.line, d.loc.column, d.message);
    if (d.loc.line <= static_cast<int>(lines_.size())) {
      // Bytes that are not printable ASCII (binary garbage) echo as '?', one column each, so
      // the terminal is not fed control bytes and the caret still lines up.
      std::string text = lines_[d.loc.line - 1];
      for (char& c : text) {
        if (c != '\t' &&
            (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f))
          c = '?';
      }
      // Keep tabs in the caret line so the caret lines up under the source column.
      std::string caret;
      for (int i = 0; i + 1 < d.loc.column && i < static_cast<int>(text.size()); ++i) {
        caret += text[i] == '\t' ? '\t' : ' ';
      }
      out += fmt::format("  {}\n  {}^\n", text, caret);
    }
  }
  return out;
}

}  // namespace tfmc::sem
