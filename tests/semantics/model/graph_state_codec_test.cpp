// GraphStateCodec: GraphModel states between two value stores that number values differently:
// translated by content, section counters raw, digests alike, definitions shipped once per
// channel, records cut short rejected.
#include "semantics/model/graph_state_codec.h"

#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "gpu_eval/cpu_evaluator.h"
#include "semantics/build/program_builder.h"
#include "semantics/model/graph_model.h"

namespace {

using namespace tfmc;
using State = std::vector<Slot>;

// A variable, a queue, tensors on edges and a section S of five nodes whose counter reaches 4
// (GraphModel::section_after: one instance, four of its nodes fired), an id in either store.
const char* kProgram =
    "var x = i32{0}\n"
    "queue q {capacity=2}\n"
    "input A\n"
    "one = Const {value=i32{1}}\n"
    "two = Const {value=i32{2}}\n"
    "a = AssignAdd(&x, one)\n"
    "e = Enqueue(&q, A)\n"
    "b = Add(one, two)\n"
    "c = Mul(b, two)\n"
    "section S : one, two, a, b, c\n"
    "output c\n";

// One run, node by node (implicit Var and Copy nodes included).
const std::vector<std::string> kRun = {"one",       "two", "&x@a",      "&q@e", "e",
                                       "one~copy1", "a",   "two~copy1", "b",    "c"};

std::int32_t node_named(const sem::Program& p, const std::string& name) {
  for (std::size_t i = 0; i < p.nodes.size(); ++i) {
    if (p.nodes[i].name == name) return static_cast<std::int32_t>(i);
  }
  FAIL("no node " << name);
  return -1;
}

// The initial state and the state after each node of kRun.
std::vector<State> run_states(const sem::Program& p, sem::ValueStore& values) {
  eval::CpuEvaluator evaluator;
  sem::GraphModel m(p, values, evaluator);
  State s(m.slot_count());
  m.initial_state(s.data());
  std::vector<State> states = {s};
  for (const std::string& name : kRun) {
    const auto t = static_cast<TransitionId>(node_named(p, name));
    std::vector<TransitionId> enabled;
    m.enabled(s.data(), enabled);
    REQUIRE(std::find(enabled.begin(), enabled.end(), t) != enabled.end());
    m.fire(s.data(), t, s.data());
    states.push_back(s);
  }
  return states;
}

std::uint32_t definitions_bytes(const std::vector<unsigned char>& record) {
  std::uint32_t n;
  std::memcpy(&n, record.data(), sizeof(n));
  return n;
}

// Bytes of a record's slots: the width byte, then 18 slots of the bits of the largest.
std::size_t slots_bytes(const State& s) {
  const auto width =
      static_cast<std::size_t>(std::bit_width(*std::max_element(s.begin(), s.end())));
  return 1 + (s.size() * width + 7) / 8;
}

// Two processes: A writes, B reads. B met other values first, so its ids differ from A's.
struct Pair {
  sem::ValueStore store_a, store_b;
  sem::Program a, b;
  std::vector<State> states_a, states_b;  // the same run in each
  Pair() {
    store_b.symbol("Z");
    store_b.symbol("A");
    store_b.sequence({});
    a = sem::load_program_text("t.tfg", kProgram, {}, store_a);
    b = sem::load_program_text("t.tfg", kProgram, {}, store_b);
    states_a = run_states(a, store_a);
    states_b = run_states(b, store_b);
  }
};

}  // namespace

TEST_CASE("states travel between stores by content, section counters raw", "[codec]") {
  Pair pair;
  const sem::Program& p = pair.a;
  REQUIRE(p.slot_count() == 18);  // 15 edges, x, q, S
  const std::size_t x = p.variable_slot(0);
  const std::size_t q = p.resource_slot(sem::ResourceKind::Queue, 0);
  const std::size_t section = p.section_slot(0);
  REQUIRE(section == 17);
  sem::GraphStateCodec codec_a(pair.a, pair.store_a, 2), codec_b(pair.b, pair.store_b, 2);
  CHECK(codec_a.slot_count() == 18);

  // What the run holds, as the test relies on it: after b, x = 1, q = [A], b's output 3, and
  // the section counter 4; after c the section is free again.
  const State& after_b = pair.states_a[9];
  CHECK(pair.store_a.print(after_b[x]) == "i32{1}");
  CHECK(pair.store_a.print(after_b[q]) == "[A]");
  CHECK(pair.store_a.print(after_b[p.nodes[node_named(p, "b")].outputs[0]]) == "i32{3}");
  std::vector<Slot> counters;
  for (const State& s : pair.states_a) counters.push_back(s[section]);
  CHECK(counters == std::vector<Slot>{0, 1, 2, 2, 2, 2, 2, 3, 3, 4, 0});

  // Every state of the run, back to back on channel 0.
  std::vector<unsigned char> stream;
  std::vector<std::size_t> ends;
  for (const State& s : pair.states_a) {
    codec_a.write(0, s.data(), stream);
    ends.push_back(stream.size());
  }
  // The initial state's definitions: the symbol A (4 + 1 + 4 + 1 bytes), the tensor i32{0}
  // (4 + 1 + 1 + 4 + 8 + 4) and the empty sequence (4 + 1 + 4): value_exchange.h's layout.
  CHECK(ends[0] == 4 + 41 + slots_bytes(pair.states_a[0]));
  CHECK(definitions_bytes(stream) == 41);

  const unsigned char* at = stream.data();
  const unsigned char* const end = stream.data() + stream.size();
  bool some_id_differs = false;
  for (std::size_t i = 0; i < pair.states_a.size(); ++i) {
    const State& sent = pair.states_a[i];
    State got(18, 0xdeadbeef);
    at = codec_b.read(0, at, end, got.data());
    REQUIRE(at == stream.data() + ends[i]);
    // B's ids for the same contents: exactly the state B's own run reached.
    CHECK(got == pair.states_b[i]);
    for (std::size_t k = 0; k < section; ++k) {
      CHECK(pair.store_b.print(got[k]) == pair.store_a.print(sent[k]));
      if (sent[k] <= sem::kDead) CHECK(got[k] == sent[k]);  // sentinels as they are
      some_id_differs |= got[k] != sent[k];
    }
    CHECK(got[section] == sent[section]);
    CHECK(codec_b.digest(got.data()) == codec_a.digest(sent.data()));
  }
  CHECK(at == end);
  CHECK(some_id_differs);
  // The counter 4 came through raw (checked above), though id 4 names different values in
  // the two stores: translated as an id, it would have changed.
  CHECK(pair.store_a.print(4) != pair.store_b.print(4));

  // A state met again on the same channel ships no definitions.
  std::vector<unsigned char> again;
  codec_a.write(0, after_b.data(), again);
  CHECK(again.size() == 4 + slots_bytes(after_b));
  CHECK(definitions_bytes(again) == 0);
  State got(18);
  CHECK(codec_b.read(0, again.data(), again.data() + again.size(), got.data()) ==
        again.data() + again.size());
  CHECK(got == pair.states_b[9]);

  // Another channel has had nothing yet: the definitions go again, x's i32{1} among them.
  std::vector<unsigned char> other;
  codec_a.write(1, after_b.data(), other);
  CHECK(definitions_bytes(other) > 0);
  CHECK(other.size() == 4 + definitions_bytes(other) + slots_bytes(after_b));
  State got1(18);
  CHECK(codec_b.read(1, other.data(), other.data() + other.size(), got1.data()) ==
        other.data() + other.size());
  CHECK(got1 == pair.states_b[9]);
  CHECK(pair.store_b.print(got1[x]) == "i32{1}");
  CHECK(got1[section] == 4);
}

TEST_CASE("digests follow content, not ids or stores", "[codec]") {
  Pair pair;
  sem::GraphStateCodec codec_a(pair.a, pair.store_a, 1), codec_b(pair.b, pair.store_b, 1);
  std::vector<std::uint64_t> digests;
  for (std::size_t i = 0; i < pair.states_a.size(); ++i) {
    const std::uint64_t d = codec_a.digest(pair.states_a[i].data());
    // The same contents in B's numbering digest alike.
    CHECK(codec_b.digest(pair.states_b[i].data()) == d);
    CHECK(codec_a.digest(pair.states_a[i].data()) == d);  // the memo changes nothing
    digests.push_back(d);
  }
  // The run's eleven states are distinct, and so are their digests.
  std::sort(digests.begin(), digests.end());
  CHECK(std::adjacent_find(digests.begin(), digests.end()) == digests.end());
  // Swapping two value slots (one's i32{1} and two's i32{2}, after two fired) changes the
  // digest: positions count.
  State swapped = pair.states_a[2];
  const std::int32_t one_out = pair.a.nodes[node_named(pair.a, "one")].outputs[0];
  const std::int32_t two_out = pair.a.nodes[node_named(pair.a, "two")].outputs[0];
  REQUIRE(swapped[one_out] != swapped[two_out]);
  std::swap(swapped[one_out], swapped[two_out]);
  CHECK(codec_a.digest(swapped.data()) != codec_a.digest(pair.states_a[2].data()));
  // A section counter counts as the number it is: 3 differs from 4 with every value equal.
  State counter = pair.states_a[9];
  counter[pair.a.section_slot(0)] = 3;
  CHECK(codec_a.digest(counter.data()) != codec_a.digest(pair.states_a[9].data()));
}

TEST_CASE("slots pack at the width of the largest, from none to 32 bits", "[codec]") {
  Pair pair;
  sem::GraphStateCodec codec_a(pair.a, pair.store_a, 1), codec_b(pair.b, pair.store_b, 1);
  const std::size_t section = pair.a.section_slot(0);
  // Every slot EMPTY (0 bits), then only the counter set, to each width from 1 to 32 bits:
  // the bits of every other slot are zero, so a slot read off by one bit shows.
  for (unsigned width = 0; width <= 32; ++width) {
    State s(18, sem::kEmpty);
    s[section] = width == 0 ? 0 : static_cast<Slot>((std::uint64_t{1} << width) - 1);
    std::vector<unsigned char> record;
    codec_a.write(0, s.data(), record);
    REQUIRE(definitions_bytes(record) == 0);
    CHECK(record.size() == 4 + 1 + (18 * width + 7) / 8);
    CHECK(record[4] == width);
    State got(18, 0xdeadbeef);
    CHECK(codec_b.read(0, record.data(), record.data() + record.size(), got.data()) ==
          record.data() + record.size());
    CHECK(got == s);
  }
  // A width past 32 bits is an error.
  std::vector<unsigned char> record;
  codec_a.write(0, State(18, sem::kEmpty).data(), record);
  record[4] = 33;
  record.resize(4 + 1 + (18 * 33 + 7) / 8, 0);
  State got(18);
  CHECK_THROWS_AS(codec_b.read(0, record.data(), record.data() + record.size(), got.data()),
                  sem::ValueExchangeError);
}

TEST_CASE("records cut short or missing definitions are rejected", "[codec]") {
  Pair pair;
  sem::GraphStateCodec codec_a(pair.a, pair.store_a, 1);
  std::vector<unsigned char> record;
  codec_a.write(0, pair.states_a[9].data(), record);
  REQUIRE(definitions_bytes(record) > 0);
  // Cut anywhere (in the count, the definitions or the slots): an error, never a read past
  // the end. A fresh codec each time, so that no earlier cut's definitions help.
  for (std::size_t cut = 0; cut < record.size(); ++cut) {
    sem::GraphStateCodec codec_b(pair.b, pair.store_b, 1);
    State got(18);
    // A copy of exactly `cut` bytes, so that a read past it is a read past the allocation.
    const std::vector<unsigned char> part(record.begin(), record.begin() + cut);
    CHECK_THROWS_AS(codec_b.read(0, part.data(), part.data() + part.size(), got.data()),
                    sem::ValueExchangeError);
  }
  // A definitions' count beyond the record.
  {
    std::vector<unsigned char> bad = record;
    const std::uint32_t huge = 0xfffffff0u;
    std::memcpy(bad.data(), &huge, sizeof(huge));
    sem::GraphStateCodec codec_b(pair.b, pair.store_b, 1);
    State got(18);
    CHECK_THROWS_AS(codec_b.read(0, bad.data(), bad.data() + bad.size(), got.data()),
                    sem::ValueExchangeError);
  }
  // A record that relies on definitions this reader's channel never had.
  std::vector<unsigned char> again;
  codec_a.write(0, pair.states_a[9].data(), again);
  REQUIRE(definitions_bytes(again) == 0);
  sem::GraphStateCodec codec_b(pair.b, pair.store_b, 1);
  State got(18);
  CHECK_THROWS_AS(codec_b.read(0, again.data(), again.data() + again.size(), got.data()),
                  sem::ValueExchangeError);
  // The whole record reads, and then the short one does too.
  CHECK(codec_b.read(0, record.data(), record.data() + record.size(), got.data()) ==
        record.data() + record.size());
  CHECK(codec_b.read(0, again.data(), again.data() + again.size(), got.data()) ==
        again.data() + again.size());
  CHECK(got == pair.states_b[9]);
}
