// Deterministic mutations of the specs programs (byte changes, truncations, deletions,
// insertions of .tfg tokens, line swaps) through the front end: loading may only ever throw
// InputError, and fuzz_one's properties (fuzz_one.h) hold for every mutant.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_one.h"
#include "semantics/build/program_builder.h"
#include "support/files.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> specs_programs() {
  std::vector<fs::path> paths;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(TFMC_SOURCE_DIR) / "specs")) {
    if (e.path().extension() == ".tfg") paths.push_back(e.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> texts;
  for (const fs::path& p : paths) texts.push_back(tfmc::test::read_file(p));
  return texts;
}

const std::vector<std::string> kTokens = {"fn ",
                                          "var ",
                                          "input ",
                                          "output ",
                                          " after ",
                                          " as ",
                                          "=",
                                          "(",
                                          ")",
                                          "{",
                                          "}",
                                          "[",
                                          "]",
                                          ",",
                                          ":",
                                          "->",
                                          "&",
                                          "#",
                                          "\n",
                                          "\r\n",
                                          " ",
                                          "\t",
                                          "-1",
                                          "0",
                                          "1",
                                          "2",
                                          "65536",
                                          "99999999999999999999",
                                          "x",
                                          "s:1",
                                          "&x",
                                          "Var",
                                          "Read",
                                          "Write",
                                          "Assign",
                                          "AssignAdd",
                                          "Const",
                                          "Split",
                                          "Concat",
                                          "Reshape",
                                          "Cast",
                                          "Sum",
                                          "MatMul",
                                          "Copy",
                                          "{num=2}",
                                          "{axis=-1}",
                                          "{shape=[2,-1]}",
                                          "{to=i32}",
                                          "{f=Add}",
                                          "{value=f32[2]{1}}",
                                          "f32{nan}",
                                          "i32[2]{1, 2}",
                                          "f64[0]{}",
                                          "bool{true}",
                                          "i64{-9223372036854775808}",
                                          "0x1p-1074",
                                          std::string(1, '\0'),
                                          "\xff"};

std::string mutate(std::string text, std::mt19937& rng) {
  const auto pick = [&](std::size_t n) { return n == 0 ? 0 : rng() % n; };
  const int steps = 1 + static_cast<int>(rng() % 4);
  for (int s = 0; s < steps; ++s) {
    const std::size_t at = pick(text.size() + 1);
    switch (rng() % 6) {
      case 0:  // replace a byte
        if (at < text.size()) text[at] = static_cast<char>(rng() % 256);
        break;
      case 1:  // flip a bit
        if (at < text.size()) text[at] = static_cast<char>(text[at] ^ (1 << (rng() % 8)));
        break;
      case 2:  // truncate
        text.resize(at);
        break;
      case 3:  // delete a range
        text.erase(at, 1 + pick(16));
        break;
      case 4:  // insert a token
        text.insert(at, kTokens[pick(kTokens.size())]);
        break;
      case 5: {  // swap two lines
        std::vector<std::string> lines;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        if (lines.size() >= 2) std::swap(lines[pick(lines.size())], lines[pick(lines.size())]);
        text.clear();
        for (const std::string& line : lines) text += line + "\n";
        break;
      }
    }
  }
  return text;
}

}  // namespace

TEST_CASE("mutated specs programs only ever raise InputError", "[fuzz]") {
  const std::vector<std::string> programs = specs_programs();
  REQUIRE_FALSE(programs.empty());
  std::mt19937 rng(20170618);
  constexpr int kMutants = 5000;
  int rejected = 0;
  for (int i = 0; i < kMutants; ++i) {
    const std::string text = mutate(programs[i % programs.size()], rng);
    INFO("mutant " << i << ":\n" << text);
    tfmc::sem::ValueStore values;
    try {
      tfmc::sem::load_program_text("mutant.tfg", text, {}, values);
    } catch (const tfmc::sem::InputError& e) {
      ++rejected;
      CHECK(std::string(e.what()).rfind("mutant.tfg:", 0) == 0);
    } catch (const std::exception& e) {
      FAIL("unexpected exception: " << e.what());
    }
    const std::string problem = tfmc::test::fuzz_one(text);
    CHECK(problem.empty());
  }
  // The mutations must exercise both paths (many land in comments and change nothing).
  CHECK(rejected > kMutants / 4);
  CHECK(rejected < kMutants);
}
