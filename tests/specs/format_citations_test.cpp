// Code and docs cite specs/FORMAT.md by heading, never by section number (support/
// format_citations.h): every cited heading exists, and no citation by number remains. The
// scanner's own files are left out of the scan, since they spell out the forms it looks for.
#include "support/format_citations.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"

namespace {

namespace fs = std::filesystem;
using tfmc::test::Citation;

const std::string kFormat = "specs/FORMAT.md";

// The files to scan, without the scanner's own.
std::vector<fs::path> scanned_files() {
  std::vector<fs::path> files;
  for (const fs::path& f : tfmc::test::citing_files(TFMC_SOURCE_DIR)) {
    if (f.filename().string().rfind("format_citations", 0) != 0) files.push_back(f);
  }
  return files;
}

std::vector<std::string> texts(const std::vector<Citation>& citations) {
  std::vector<std::string> out;
  for (const Citation& c : citations) out.push_back(std::to_string(c.line) + ": " + c.text);
  return out;
}

}  // namespace

TEST_CASE("FORMAT.md citations: every cited heading exists in specs/FORMAT.md", "[specs][docs]") {
  const std::set<std::string> headings =
      tfmc::test::markdown_headings(tfmc::test::read_file(tfmc::test::source_path(kFormat)));
  std::string missing;
  std::size_t cited = 0;
  for (const fs::path& file : scanned_files()) {
    const std::string text = tfmc::test::read_file(fs::path(TFMC_SOURCE_DIR) / file);
    for (const Citation& c : tfmc::test::heading_citations(text, file == kFormat)) {
      ++cited;
      if (headings.count(c.text) == 0) {
        missing += file.string() + ":" + std::to_string(c.line) + ": no heading \"" + c.text +
                   "\" in " + kFormat + "\n";
      }
    }
  }
  INFO(missing);
  CHECK(missing.empty());
  // The scan found the citations the sources hold (dozens), not none by some mistake.
  CHECK(cited > 40);
}

TEST_CASE("FORMAT.md citations: none by section number", "[specs][docs]") {
  std::string numbered;
  for (const fs::path& file : scanned_files()) {
    const std::string text = tfmc::test::read_file(fs::path(TFMC_SOURCE_DIR) / file);
    for (const Citation& c : tfmc::test::numbered_citations(text, file == kFormat)) {
      numbered += file.string() + ":" + std::to_string(c.line) + ": \"" + c.text +
                  "\": cite its heading instead (FORMAT.md, \"Heading\")\n";
    }
  }
  INFO(numbered);
  CHECK(numbered.empty());
}

TEST_CASE("FORMAT.md citations: the scanner reads headings and citations", "[specs][docs]") {
  SECTION("headings, with and without their numbers, outside code fences") {
    const auto headings = tfmc::test::markdown_headings(
        "# Title\n## 5. Values\n```\n# not a heading\n```\n"
        "### Large   tensors\ntext # not a heading\n");
    CHECK(headings == std::set<std::string>{"Title", "5. Values", "Values", "Large tensors"});
  }
  SECTION("a citation, a list of them, one wrapped across comment lines, an unclosed one") {
    const std::string text =
        "// See FORMAT.md, \"Values\" and \"Errors\".\n"
        "x = 1;  // FORMAT.md, \"A\", \"B\", and \"C\" to \"D\"\n"
        "// as FORMAT.md, \"Control flow:\n"
        "//   conditionals and loops\" says\n"
        "# FORMAT.md, \"open\n";
    CHECK(texts(tfmc::test::heading_citations(text, false)) ==
          std::vector<std::string>{"1: Values", "1: Errors", "2: A", "2: B", "2: C", "2: D",
                                   "3: Control flow: conditionals and loops", "5: "});
  }
  SECTION("FORMAT.md cites its own headings with see") {
    const std::string text = "as below (see \"Values\"); see \"Errors\" and \"Races\"\n";
    CHECK(texts(tfmc::test::heading_citations(text, true)) ==
          std::vector<std::string>{"1: Values", "1: Errors", "1: Races"});
    CHECK(tfmc::test::heading_citations(text, false).empty());
  }
  SECTION("citations by number, wherever they are") {
    const std::string text =
        "// FORMAT.md section 3\n"
        "# (FORMAT.md, sections 1 and 6)\n"
        "as section 4 of\n"
        "specs/FORMAT.md completes it\n"
        "FORMAT.md \xC2\xA7"
        "7\n"
        "FORMAT.md, \"Values\" (fine)\n";
    CHECK(texts(tfmc::test::numbered_citations(text, false)) ==
          std::vector<std::string>{"1: FORMAT.md section 3", "2: FORMAT.md, sections 1",
                                   "3: section 4 of specs/FORMAT.md",
                                   "5: FORMAT.md \xC2\xA7"
                                   "7"});
  }
  SECTION("in FORMAT.md itself, every section number but the paper's") {
    const std::string text =
        "the MAPL paper, section 3 and the paper's section 3.2;\n"
        "critical sections (section 6); `section NAME : N1`\n";
    CHECK(texts(tfmc::test::numbered_citations(text, true)) ==
          std::vector<std::string>{"2: section 6"});
  }
}
