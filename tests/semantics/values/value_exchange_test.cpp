// Values between two stores that number them differently: shipped by content, translated,
// digested alike; malformed messages rejected.
#include "semantics/values/value_exchange.h"

#include <catch2/catch.hpp>
#include <cstring>
#include <random>
#include <vector>

namespace {

using tfmc::eval::DType;
using tfmc::eval::ErrorKind;
using tfmc::eval::Tensor;
using tfmc::sem::ValueDigests;
using tfmc::sem::ValueExchangeError;
using tfmc::sem::ValueId;
using tfmc::sem::ValueReceiver;
using tfmc::sem::ValueSender;
using tfmc::sem::ValueStore;

Tensor i32(std::vector<std::int32_t> v, std::vector<std::int64_t> shape = {}) {
  Tensor t;
  t.dtype = DType::I32;
  t.shape = std::move(shape);
  t.bytes.resize(v.size() * 4);
  std::memcpy(t.bytes.data(), v.data(), t.bytes.size());
  return t;
}

// Every kind of value, nested, interned into `s`.
std::vector<ValueId> every_kind(ValueStore& s) {
  const ValueId one = s.tensor(i32({1}));
  const ValueId row = s.tensor(i32({1, 2, 3}, {3}));
  const ValueId a = s.symbol("A");
  const ValueId sum = s.term("Add", -1, {a, one});
  const ValueId second = s.term("Split{num=2}", 1, {sum});
  return {one,
          row,
          a,
          sum,
          second,
          s.error(ErrorKind::Shape),
          s.handle(4),
          s.sequence({second, row, one}),
          s.sequence({})};
}

}  // namespace

TEST_CASE("values travel by content and translate to the receiver's ids", "[values]") {
  ValueStore from, to;
  // The receiver has met other values first, so that its ids differ.
  to.symbol("Z");
  to.tensor(i32({7}));
  to.symbol("A");
  const std::vector<ValueId> sent = every_kind(from);
  ValueSender sender(from);
  ValueReceiver receiver(to);
  std::vector<unsigned char> message;
  // The last value first: its parts go before it all the same.
  for (auto it = sent.rbegin(); it != sent.rend(); ++it) sender.ship(*it, message);
  receiver.read(message.data(), message.size());
  ValueDigests from_digests(from), to_digests(to);
  bool some_id_differs = false;
  for (const ValueId id : sent) {
    const ValueId local = receiver.local(id);
    CHECK(to.print(local) == from.print(id));
    CHECK(to_digests.of(local) == from_digests.of(id));
    some_id_differs |= local != id;
  }
  CHECK(some_id_differs);
  // The sentinels are the same everywhere and never shipped.
  for (const ValueId sentinel : {tfmc::sem::kEmpty, tfmc::sem::kGo, tfmc::sem::kDead}) {
    CHECK(receiver.local(sentinel) == sentinel);
  }
  // What a destination has had is not shipped again.
  std::vector<unsigned char> again;
  for (const ValueId id : sent) sender.ship(id, again);
  CHECK(again.empty());
  // A value met later ships alone, and refers to parts shipped before.
  std::vector<unsigned char> more;
  const ValueId later = from.term("Mul", -1, {sent[3], sent[0]});
  sender.ship(later, more);
  receiver.read(more.data(), more.size());
  CHECK(to.print(receiver.local(later)) == from.print(later));
}

TEST_CASE("digests tell distinct values apart", "[values]") {
  ValueStore s;
  const std::vector<ValueId> ids = every_kind(s);
  ValueDigests digests(s);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    for (std::size_t j = i + 1; j < ids.size(); ++j)
      CHECK(digests.of(ids[i]) != digests.of(ids[j]));
  }
  CHECK(digests.of(s.tensor(i32({1}))) != digests.of(s.tensor(i32({1}, {1}))));
  CHECK(digests.of(tfmc::sem::kEmpty) != digests.of(tfmc::sem::kGo));
}

TEST_CASE("a source's ids past a million translate as the others do", "[values]") {
  // A source with that many values is large; its ids past 2^20 go to the receiver's map
  // rather than its table. The symbol A's definition, its id set to 2^21.
  ValueStore from;
  const ValueId a = from.symbol("A");
  ValueSender sender(from);
  std::vector<unsigned char> message;
  sender.ship(a, message);
  const ValueId far = ValueId{1} << 21;
  std::memcpy(message.data(), &far, sizeof(far));
  ValueStore to;
  to.symbol("Z");
  ValueReceiver receiver(to);
  receiver.read(message.data(), message.size());
  CHECK(to.print(receiver.local(far)) == "A");
  CHECK_THROWS_AS(receiver.local(far + 1), ValueExchangeError);
  // In a state's slots, beside the sentinels.
  std::vector<ValueId> slots = {tfmc::sem::kGo, far, tfmc::sem::kEmpty, far};
  receiver.local_all(slots.data(), slots.size());
  CHECK(slots == std::vector<ValueId>{tfmc::sem::kGo, receiver.local(far), tfmc::sem::kEmpty,
                                      receiver.local(far)});
  slots = {far, far - 1};
  CHECK_THROWS_AS(receiver.local_all(slots.data(), slots.size()), ValueExchangeError);
}

TEST_CASE("malformed value messages are rejected", "[values]") {
  ValueStore from;
  const std::vector<ValueId> sent = every_kind(from);
  ValueSender sender(from);
  std::vector<unsigned char> message;
  for (const ValueId id : sent) sender.ship(id, message);
  SECTION("cut short anywhere") {
    for (std::size_t cut = 1; cut < message.size(); ++cut) {
      ValueStore to;
      ValueReceiver receiver(to);
      // A cut at a definition's end is a shorter, well-formed message.
      try {
        receiver.read(message.data(), cut);
      } catch (const ValueExchangeError&) {
      }
    }
    ValueStore to;
    ValueReceiver receiver(to);
    CHECK_THROWS_AS(receiver.read(message.data(), message.size() - 1), ValueExchangeError);
  }
  SECTION("a reference to a value never defined") {
    ValueStore to;
    ValueReceiver receiver(to);
    CHECK_THROWS_AS(receiver.local(sent[3]), ValueExchangeError);
    // The term's definition alone, without its arguments'.
    ValueSender term_only(from);
    std::vector<unsigned char> parts, term;
    term_only.ship(sent[0], parts);
    term_only.ship(sent[2], parts);
    term_only.ship(sent[3], term);
    CHECK_THROWS_AS(receiver.read(term.data(), term.size()), ValueExchangeError);
  }
  SECTION("random corruption") {
    std::mt19937 rng(3);
    for (int round = 0; round < 2000; ++round) {
      std::vector<unsigned char> bad = message;
      for (int k = 0; k < 4; ++k) bad[rng() % bad.size()] = static_cast<unsigned char>(rng());
      ValueStore to;
      ValueReceiver receiver(to);
      try {
        receiver.read(bad.data(), bad.size());
      } catch (const ValueExchangeError&) {
      }
    }
  }
}
