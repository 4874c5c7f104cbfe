// The MPI layer of distributed exploration, run under mpirun with 2 and 3 ranks
// (tests/CMakeLists.txt): batched messages arrive whole, once each, within their round; a
// rank that runs ahead holds nothing up; collectives agree; a rank that does not take part
// ends the wait with RankTimeout instead of a hang.
//
// The main is mpi_test_main.cpp's.
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <set>
#include <tuple>
#include <vector>

#include "checker/distributed/mailbox.h"
#include "checker/distributed/mpi_ranks.h"
#include "mpi/mpi_world.h"

namespace {

using tfmc::dist::Mailbox;
using tfmc::testing::world;

// A record: the sender, the round and a sequence number, 12 bytes.
struct Record {
  std::uint32_t from, round, seq;
};

void append(std::vector<unsigned char>& box, const Record& r) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&r);
  box.insert(box.end(), bytes, bytes + sizeof(r));
}

}  // namespace

TEST_CASE("records reach their rank once each, in their round", "[mpi]") {
  const int me = world().rank();
  const int size = world().size();
  REQUIRE(size >= 2);
  // Small batches, so that each round sends many messages to each rank.
  Mailbox mail(world(), 64 * sizeof(Record), 60);
  std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> got;
  std::uint32_t round = 0;
  bool mixed = false;
  const Mailbox::Handler handle = [&](int from, const unsigned char* data, std::size_t size_bytes) {
    REQUIRE(size_bytes % sizeof(Record) == 0);
    for (std::size_t k = 0; k < size_bytes; k += sizeof(Record)) {
      Record r;
      std::memcpy(&r, data + k, sizeof(r));
      if (r.round != round || static_cast<int>(r.from) != from) mixed = true;
      CHECK(got.emplace(r.from, r.round, r.seq).second);
    }
  };
  // Rank r sends (r + 1) * 1000 + round records to every other rank in each round; rank 0
  // polls between sends, the others only at the end of the round, so some run ahead.
  std::uint64_t records_sent = 0, messages = 0;
  for (round = 0; round < 5; ++round) {
    got.clear();
    const std::uint32_t count = static_cast<std::uint32_t>(me + 1) * 1000 + round;
    records_sent += std::uint64_t{count} * static_cast<std::uint64_t>(size - 1);
    // To each rank: the full batches, the rest at the end of the round, and the end mark.
    messages += (count / 64 + (count % 64 != 0 ? 1 : 0) + 1) * static_cast<std::uint64_t>(size - 1);
    for (std::uint32_t seq = 0; seq < count; ++seq) {
      for (int to = 0; to < size; ++to) {
        if (to == me) continue;
        append(mail.outbox(to), {static_cast<std::uint32_t>(me), round, seq});
        mail.send_if_full(to, handle);
      }
      if (me == 0 && seq % 100 == 0) mail.poll(handle);
    }
    mail.end_round(handle);
    CHECK_FALSE(mixed);
    std::size_t expected = 0;
    for (int from = 0; from < size; ++from) {
      if (from == me) continue;
      const std::uint32_t sent = static_cast<std::uint32_t>(from + 1) * 1000 + round;
      expected += sent;
      for (std::uint32_t seq = 0; seq < sent; ++seq) {
        REQUIRE(got.count({static_cast<std::uint32_t>(from), round, seq}) == 1);
      }
    }
    CHECK(got.size() == expected);
  }
  // Each message carries a header of 5 bytes on top of its records.
  CHECK(mail.messages_sent() == messages);
  CHECK(mail.bytes_sent() == records_sent * sizeof(Record) + 5 * mail.messages_sent());
}

TEST_CASE("collectives sum, take maxima and gather in rank order", "[mpi]") {
  const auto me = static_cast<std::uint64_t>(world().rank());
  const auto size = static_cast<std::uint64_t>(world().size());
  const std::vector<std::uint64_t> mine = {1, me, me * me};
  CHECK(world().sum(mine) == std::vector<std::uint64_t>{size, size * (size - 1) / 2,
                                                        (size - 1) * size * (2 * size - 1) / 6});
  CHECK(world().max(mine) == std::vector<std::uint64_t>{1, size - 1, (size - 1) * (size - 1)});
  const std::vector<unsigned char> part(me + 1, static_cast<unsigned char>('a' + me));
  const auto all = world().all_gather(part);
  REQUIRE(all.size() == size);
  for (std::uint64_t r = 0; r < size; ++r) {
    CHECK(all[r] == std::vector<unsigned char>(r + 1, static_cast<unsigned char>('a' + r)));
  }
}

// Last: it leaves the ranks out of step.
TEST_CASE("a rank that does not end its round ends the others' wait", "[mpi]") {
  Mailbox mail(world(), 1024, 2);
  const Mailbox::Handler ignore = [](int, const unsigned char*, std::size_t) {};
  if (world().rank() == world().size() - 1) return;  // never ends the round
  CHECK_THROWS_AS(mail.end_round(ignore), tfmc::dist::RankTimeout);
}
