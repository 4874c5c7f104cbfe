#include "support/format_citations.h"

#include <algorithm>
#include <array>
#include <regex>
#include <string_view>
#include <utility>

namespace tfmc::test {
namespace {

namespace fs = std::filesystem;

// Runs of blanks as one space, none at either end.
std::string collapse_blanks(std::string_view s) {
  std::string out;
  for (const char c : s) {
    const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (!blank) {
      out += c;
    } else if (!out.empty() && out.back() != ' ') {
      out += ' ';
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A text's lines without their leading blanks and comment markers, joined by one space, with
// the offset in the joined text where each line starts.
struct JoinedText {
  std::string text;
  std::vector<std::size_t> line_starts;

  explicit JoinedText(const std::string& raw) {
    std::size_t begin = 0;
    while (begin <= raw.size()) {
      std::size_t end = raw.find('\n', begin);
      if (end == std::string::npos) end = raw.size();
      std::string_view line(raw.data() + begin, end - begin);
      const auto trim = [&line] {
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) {
          line.remove_prefix(1);
        }
      };
      trim();
      if (line.substr(0, 2) == "//") {
        line.remove_prefix(2);
      } else if (!line.empty() && (line.front() == '#' || line.front() == '*')) {
        const std::size_t marker_end = line.find_first_not_of(line.front());
        line.remove_prefix(marker_end == std::string_view::npos ? line.size() : marker_end);
      }
      trim();
      line_starts.push_back(text.size());
      text.append(line);
      text += ' ';
      begin = end + 1;
    }
  }

  int line_of(std::size_t offset) const {
    return static_cast<int>(std::upper_bound(line_starts.begin(), line_starts.end(), offset) -
                            line_starts.begin());
  }
};

// The quoted text that starts at the quote `open`, its blanks collapsed, and the offset after
// its closing quote; an unclosed quote (none within a heading's length) reads as "" at npos.
std::pair<std::string, std::size_t> read_quoted(const std::string& s, std::size_t open) {
  const std::size_t close = s.find('"', open + 1);
  if (close == std::string::npos || close - open > 200) return {"", std::string::npos};
  return {collapse_blanks(std::string_view(s).substr(open + 1, close - open - 1)), close + 1};
}

// Every heading cited from `key` (ending in an opening quote) on, with the headings that follow
// it in a list (`"A", "B" and "C"`, `"A" to "C"`), each with the offset of its opening quote.
void cite_from(const JoinedText& joined, std::string_view key,
               std::vector<std::pair<std::size_t, Citation>>& out) {
  static constexpr std::array<std::string_view, 4> kSeparators = {", and \"", " and \"", ", \"",
                                                                  " to \""};
  const std::string& s = joined.text;
  for (std::size_t at = s.find(key); at != std::string::npos; at = s.find(key, at + 1)) {
    const int line = joined.line_of(at);
    std::size_t open = at + key.size() - 1;
    while (true) {
      auto [heading, next] = read_quoted(s, open);
      out.push_back({open, {line, heading}});
      if (next == std::string::npos) break;
      const auto sep = std::find_if(kSeparators.begin(), kSeparators.end(),
                                    [&](auto p) { return s.compare(next, p.size(), p) == 0; });
      if (sep == kSeparators.end()) break;
      open = next + sep->size() - 1;
    }
  }
}

}  // namespace

std::set<std::string> markdown_headings(const std::string& markdown) {
  static const std::regex kNumber(R"(^\d+\.\s+)");
  std::set<std::string> headings;
  bool in_fence = false;
  std::size_t begin = 0;
  while (begin < markdown.size()) {
    std::size_t end = markdown.find('\n', begin);
    if (end == std::string::npos) end = markdown.size();
    const std::string_view line(markdown.data() + begin, end - begin);
    begin = end + 1;
    if (line.substr(0, 3) == "```") in_fence = !in_fence;
    if (in_fence || line.empty() || line.front() != '#') continue;
    const std::size_t text_start = line.find_first_not_of('#');
    if (text_start == std::string_view::npos) continue;
    const std::string heading = collapse_blanks(line.substr(text_start));
    headings.insert(heading);
    headings.insert(std::regex_replace(heading, kNumber, ""));
  }
  return headings;
}

std::vector<Citation> heading_citations(const std::string& text, bool self) {
  const JoinedText joined(text);
  std::vector<std::pair<std::size_t, Citation>> found;
  cite_from(joined, "FORMAT.md, \"", found);
  if (self) cite_from(joined, "see \"", found);
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Citation> out;
  for (auto& [offset, citation] : found) out.push_back(std::move(citation));
  return out;
}

std::vector<Citation> numbered_citations(const std::string& text, bool self) {
  static const std::regex kAfter(R"(^[,:]?\s*\(?(sections?|§)\s*\d+)");
  static const std::regex kBefore(R"((sections?|§)\s*\d+(\s*(,|and|to|or)\s*\d+)*\s+of\s+\S*$)");
  static const std::regex kSelf(R"(^(sections?|§)\s*\d+)");
  const JoinedText joined(text);
  const std::string& s = joined.text;
  std::vector<Citation> out;
  std::smatch m;
  for (std::size_t at = s.find("FORMAT.md"); at != std::string::npos;
       at = s.find("FORMAT.md", at + 1)) {
    const std::string after = s.substr(at + 9, 40);
    const std::size_t from = at >= 60 ? at - 60 : 0;
    const std::string before = s.substr(from, at - from);
    if (std::regex_search(after, m, kAfter)) {
      out.push_back({joined.line_of(at), "FORMAT.md" + m.str()});
    } else if (std::regex_search(before, m, kBefore)) {
      out.push_back({joined.line_of(from + m.position()), m.str() + "FORMAT.md"});
    }
  }
  if (self) {
    for (const std::string_view word : {"section", "§"}) {
      for (std::size_t at = s.find(word); at != std::string::npos; at = s.find(word, at + 1)) {
        const std::string here = s.substr(at, 24);
        const std::size_t from = at >= 16 ? at - 16 : 0;
        const bool paper = s.substr(from, at - from).find("paper") != std::string::npos;
        if (!paper && std::regex_search(here, m, kSelf))
          out.push_back({joined.line_of(at), m.str()});
      }
    }
  }
  return out;
}

std::vector<fs::path> citing_files(const fs::path& root) {
  static const std::set<std::string> kExtensions = {".h",   ".cpp", ".cu",  ".sh",  ".py",   ".md",
                                                    ".txt", ".tfg", ".yml", ".def", ".cmake"};
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path& path = it->path();
    if (it->is_directory()) {
      if (path.filename().string().front() == '.' || fs::exists(path / "CMakeCache.txt")) {
        it.disable_recursion_pending();
      }
    } else if (it->is_regular_file() && kExtensions.count(path.extension().string()) != 0) {
      files.push_back(fs::relative(path, root));
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace tfmc::test
