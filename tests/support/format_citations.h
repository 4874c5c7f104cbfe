// Test helpers for the citations of specs/FORMAT.md in the sources and docs. Code and docs cite
// FORMAT.md by heading, `FORMAT.md, "Values"` (several: `FORMAT.md, "Values" and "Errors"`), and
// FORMAT.md cites its own parts as `see "Values"`; a citation by section number goes stale
// whenever a section is added, so none may remain.
//
// A citation may break across lines: each line's leading blanks and comment marker (`//`, `#`,
// `*`) are dropped and the lines joined with one space, as a reader sees a wrapped comment.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace tfmc::test {

// The headings of a Markdown document, outside code fences, each with its blanks collapsed; a
// numbered heading (`## 5. Values`) also without its number (`Values`).
std::set<std::string> markdown_headings(const std::string& markdown);

// One citation found in a file: the 1-based line where it starts, and what it cites (a heading,
// or the citation by number as written).
struct Citation {
  int line = 0;
  std::string text;
};

// The headings that `text` cites as `FORMAT.md, "X"`, plus, when `self` (the text is FORMAT.md
// itself), those it cites as `see "X"`. A quote left open cites the heading "" (never one that
// exists).
std::vector<Citation> heading_citations(const std::string& text, bool self);

// The citations of FORMAT.md by section number in `text`: `FORMAT.md section 3`,
// `FORMAT.md, sections 1 and 6`, `section 4 of specs/FORMAT.md`, `FORMAT.md §3`; when `self`,
// every `section N` not about the MAPL paper (`the paper's section 3.2`).
std::vector<Citation> numbered_citations(const std::string& text, bool self);

// The files of the source tree whose citations count: sources, scripts and docs (.h, .cpp, .cu,
// .sh, .py, .md, .txt, .tfg, .cmake, .yml, .def), outside hidden folders and build trees (a
// folder holding CMakeCache.txt), as paths relative to `root`, sorted.
std::vector<std::filesystem::path> citing_files(const std::filesystem::path& root);

}  // namespace tfmc::test
