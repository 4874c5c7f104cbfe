// The CUDA backend's host-side shares (gpu_eval/host_shares.h), without a device: every index
// of a range is worked on exactly once, whatever the split; small work stays in one share; and
// a list of copies cut across shares lands byte for byte as copying each whole would.
#include "gpu_eval/host_shares.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <mutex>
#include <random>
#include <vector>

using namespace tfmc::eval::host;

TEST_CASE("shares cover every index once", "[host_shares]") {
  for (const std::size_t n : {0, 1, 2, 7, 64, 1000}) {
    for (const std::size_t bytes :
         {std::size_t{0}, kMinShareBytes - 1, 3 * kMinShareBytes, 100 * kMinShareBytes}) {
      std::vector<int> seen(n, 0);
      std::mutex lock;
      std::size_t calls = 0;
      for_shares(n, bytes, [&](std::size_t begin, std::size_t end) {
        const std::lock_guard<std::mutex> hold(lock);
        ++calls;
        REQUIRE(begin <= end);
        for (std::size_t i = begin; i < end; ++i) ++seen[i];
      });
      CHECK(seen == std::vector<int>(n, 1));
      CHECK(calls == std::min<std::size_t>(share_count(bytes), std::max<std::size_t>(n, 1)));
    }
  }
}

TEST_CASE("small work is one share", "[host_shares]") {
  CHECK(share_count(0) == 1);
  CHECK(share_count(kMinShareBytes - 1) == 1);
  CHECK(share_count(2 * kMinShareBytes) <= 2);
  CHECK(share_count(std::size_t{1} << 40) <= kMaxShares);
}

TEST_CASE("copies cut across shares land whole", "[host_shares]") {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    // Sizes from empty to several shares long, so that cuts fall inside copies and between them.
    std::uniform_int_distribution<std::size_t> size(0, round % 2 == 0 ? 4096 : 3 * kMinShareBytes);
    std::vector<std::vector<std::uint8_t>> sources(1 + round % 7);
    std::size_t total = 0;
    for (auto& s : sources) {
      s.resize(size(rng));
      for (auto& b : s) b = static_cast<std::uint8_t>(rng());
      total += s.size();
    }
    std::vector<std::uint8_t> packed(total + 1, 0xAB);
    std::vector<ByteCopy> copies;
    std::vector<std::uint8_t> expected;
    std::size_t at = 0;
    for (const auto& s : sources) {
      copies.push_back({packed.data() + at, s.data(), s.size()});
      expected.insert(expected.end(), s.begin(), s.end());
      at += s.size();
    }
    expected.push_back(0xAB);  // the byte past the last copy stays untouched
    copy_all(copies);
    CHECK(packed == expected);
  }
}
