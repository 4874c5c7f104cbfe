// Replays the fuzzing corpus and every minimized crash input found by tools/fuzz.sh through
// fuzz_one (fuzz_one.h): each must pass every front-end property without throwing.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "fuzz/fuzz_one.h"
#include "support/files.h"

namespace {

namespace fs = std::filesystem;

// The regular files of tests/fuzz/FOLDER, sorted by name.
std::vector<fs::path> files_in(const std::string& folder) {
  std::vector<fs::path> files;
  const fs::path dir = fs::path(TFMC_SOURCE_DIR) / "tests" / "fuzz" / folder;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().filename() != "README.md") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

void replay(const std::vector<fs::path>& files) {
  for (const fs::path& f : files) {
    INFO(f.string());
    std::string problem;
    CHECK_NOTHROW(problem = tfmc::test::fuzz_one(tfmc::test::read_file(f)));
    CHECK(problem.empty());
  }
}

}  // namespace

TEST_CASE("every fuzzing corpus input passes the front-end properties", "[fuzz]") {
  const auto files = files_in("corpus");
  CHECK(files.size() >= 10);
  replay(files);
}

TEST_CASE("every minimized fuzzing crash input now passes", "[fuzz]") {
  replay(files_in("crashes"));
}
