// Deterministic mutations of the real checkpoints (changed bytes, truncations, deletions,
// insertions, with the checksums kept or recomputed) through the checkpoint
// reader: read_bundle_once's properties (checkpoint_fuzz_one.h) hold for every mutant, and
// the unmutated checkpoints read whole. The fuzzer's seeds (checkpoint_corpus/, which must be
// the packed checkpoints of testdata/checkpoint/) and findings are replayed too.
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <random>
#include <string>

#include "fuzz/checkpoint_fuzz_one.h"
#include "support/files.h"

namespace {

// The real checkpoints and how many of their tensors tfmc reads (all but the DT_STRING object
// graph), plus 1 for the object graph where there is one.
const std::map<std::string, int> kSeeds{
    {"keras_adam", 14 + 1}, {"sharded", 3 + 1}, {"tf1_saver", 6}, {"v1_slots", 2 + 1}};

std::string packed(const std::string& name, char mode) {
  return tfmc::test::packed_bundle(tfmc::test::source_path("testdata/checkpoint/" + name), mode);
}

}  // namespace

TEST_CASE("checkpoint fuzzing: the seeds are the real checkpoints and read whole",
          "[checkpoint][fuzz]") {
  for (const auto& [name, tensors] : kSeeds) {
    INFO(name);
    // The corpus holds each with its checksums as they are (NAME.bin) and recomputed
    // (NAME_checksums_fixed.bin, mode 3): they were right already.
    for (const auto& [file, mode] :
         {std::pair{name + ".bin", '\0'}, {name + "_checksums_fixed.bin", '\3'}}) {
      const std::string seed = packed(name, mode);
      CHECK(tfmc::test::read_file(
                tfmc::test::source_path("tests/fuzz/checkpoint_corpus/" + file)) == seed);
      int read = 0;
      CHECK(tfmc::test::read_bundle_once(seed, &read) == "");
      CHECK(read == tensors);
    }
  }
}

TEST_CASE("checkpoint fuzzing: mutants are read or rejected and never misread",
          "[checkpoint][fuzz]") {
  std::map<std::string, std::string> seeds;
  for (const auto& [name, tensors] : kSeeds) seeds[name] = packed(name, '\0');
  std::mt19937 rng(17);
  int mutants = 0;
  int opened = 0;  // mutants that opened and had a tensor or object graph read
  for (int round = 0; round < 1250; ++round) {
    for (const auto& [name, seed] : seeds) {
      std::string bad = seed;
      bad[0] = static_cast<char>(rng() % 4);
      const int edits = 1 + static_cast<int>(rng() % 4);
      for (int k = 0; k < edits && bad.size() > 1; ++k) {
        const std::size_t at = 1 + rng() % (bad.size() - 1);
        switch (rng() % 4) {
          case 0:
            bad[at] = static_cast<char>(rng());
            break;
          case 1:
            bad.resize(at);
            break;
          case 2:
            bad.erase(at, 1);
            break;
          default:
            bad.insert(at, 1, static_cast<char>(rng()));
        }
      }
      INFO(name << ", round " << round);
      int read = 0;
      REQUIRE(tfmc::test::read_bundle_once(bad, &read) == "");
      if (read > 0) ++opened;
      ++mutants;
    }
  }
  CHECK(mutants == 5000);
  // Most mutants are rejected; enough get through to reach the tensors.
  CHECK(opened > 100);
}

TEST_CASE("checkpoint fuzzing: the fuzzer's seeds and findings replay", "[checkpoint][fuzz]") {
  int replayed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(
           tfmc::test::source_path("tests/fuzz/checkpoint_corpus"))) {
    INFO(entry.path().string());
    CHECK(tfmc::test::read_bundle_once(tfmc::test::read_file(entry.path())) == "");
    ++replayed;
  }
  CHECK(replayed >= 8);
}
