// SentCache (checker/distributed/sent_cache.h): a key is seen only when that very key was put
// in its destination's cache and not replaced or cleared since; keys are compared whole, so
// two keys at one position (one hash) are never taken for each other. Built into the MPI
// tests' binary, with the rest of the distributed layer; it calls no MPI.
#include "checker/distributed/sent_cache.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <vector>

using tfmc::dist::SentCache;

TEST_CASE("a sent key is seen again, exactly, until replaced or cleared", "[mpi]") {
  // 3 destinations, 2 used, 64 entries each at the least (a small budget).
  SentCache cache(3, 2, 1, 3);
  const std::vector<std::uint32_t> a = {1, 2, 3}, b = {1, 2, 4}, c = {7, 8, 9};
  CHECK_FALSE(cache.seen(0, 5, a.data()));
  CHECK(cache.seen(0, 5, a.data()));
  // Another destination keeps its own keys.
  CHECK_FALSE(cache.seen(2, 5, a.data()));
  // The same position, another key (a hash collision): not seen, and it takes the place.
  CHECK_FALSE(cache.seen(0, 5, b.data()));
  CHECK_FALSE(cache.seen(0, 5, a.data()));
  // Positions are the hash modulo the entries: 5 + 64 is 5's position.
  CHECK(cache.seen(0, 5 + 64, a.data()));
  CHECK_FALSE(cache.seen(0, 6, c.data()));
  CHECK(cache.seen(0, 6, c.data()));
  CHECK(cache.bytes() >= 2 * 64 * (3 * sizeof(std::uint32_t) + 1));
  // A cleared cache has seen nothing; keys of another width from then on.
  cache.clear(2);
  CHECK_FALSE(cache.seen(0, 6, c.data()));
  CHECK(cache.seen(0, 6, c.data()));
  const std::vector<std::uint32_t> c_other = {7, 8, 10};  // the first two words are c's
  CHECK(cache.seen(0, 6, c_other.data()));
}
