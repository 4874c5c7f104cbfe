// Deterministic mutations of well-formed state records (changed bytes, truncations, deletions,
// insertions) through the reader of records between ranks: read_records_once's properties
// (records_fuzz_one.h) hold for every mutant, and the unmutated records read whole. The
// fuzzer's seeds and findings (records_corpus/) are replayed too.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "fuzz/records_fuzz_one.h"
#include "support/files.h"

namespace {

std::string as_text(const std::vector<unsigned char>& bytes) {
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

TEST_CASE("records between ranks: mutants are read or rejected, never misread", "[codec]") {
  std::mt19937 rng(11);
  int mutants = 0;
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    const std::vector<unsigned char> records = tfmc::test::valid_records(seed);
    REQUIRE(records.size() > 40);
    REQUIRE(tfmc::test::read_records_once(as_text(records)) == "");
    for (int round = 0; round < 250; ++round, ++mutants) {
      std::vector<unsigned char> bad = records;
      const int edits = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < edits && !bad.empty(); ++k) {
        const std::size_t at = rng() % bad.size();
        switch (rng() % 4) {
          case 0:
            bad[at] = static_cast<unsigned char>(rng());
            break;
          case 1:
            bad.resize(at);
            break;
          case 2:
            bad.erase(bad.begin() + static_cast<std::ptrdiff_t>(at));
            break;
          default:
            bad.insert(bad.begin() + static_cast<std::ptrdiff_t>(at),
                       static_cast<unsigned char>(rng()));
        }
      }
      INFO("seed " << seed << ", round " << round);
      REQUIRE(tfmc::test::read_records_once(as_text(bad)) == "");
    }
  }
  CHECK(mutants == 5000);
}

TEST_CASE("records between ranks: the fuzzer's seeds and findings replay", "[codec]") {
  int replayed = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(tfmc::test::source_path("tests/fuzz/records_corpus"))) {
    INFO(entry.path().string());
    CHECK(tfmc::test::read_records_once(tfmc::test::read_file(entry.path())) == "");
    ++replayed;
  }
  CHECK(replayed >= 3);
}
