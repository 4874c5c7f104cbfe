// The StateCodec (state_codec.h) of GraphModel's states: how a Program's state travels between
// processes that each number values in a ValueStore of their own.
//
// Every slot of the state (graph_model.h) holds a value id, whose meaning depends on the store
// (edges, variables, queues; a mutex holds the sentinels GO or EMPTY), except the critical
// section slots (Program::section_slot, the last Program::sections.size() slots): they hold a
// raw counter (who holds the section and how far it got, resource_access.h), the same number
// in every process, which is never translated and is digested as the number it is.
//
// - digest: per slot, the value's ValueDigests digest or the section's raw counter; XXH3 of
//   that array, so equal contents digest alike in every store and a permutation differs.
// - write: one ValueSender per write channel ships the definitions of the state's values that
//   this channel has not carried yet, then the state in the writer's ids.
// - read: one ValueReceiver per read channel interns the definitions and translates the ids.
//
// One record: u32 byte count N of the definitions, the N bytes of definitions
// (value_exchange.h layout; N = 0 when the channel has carried every value already), then
// slot_count u32 slots: the writer's value ids, the section slots raw. Numbers little-endian as
// the machine has them (value_exchange.h: one program on one kind of machine). Writer and
// reader must hold the same Program (same slot layout); the record does not repeat it.
//
// digest uses one scratch buffer and ValueDigests' memo: one thread. write on channel c touches
// only c's sender, read on channel c only c's receiver and the store (safe for several
// threads), so different channels may be written or read from different threads.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/model/state_codec.h"
#include "semantics/program/program.h"
#include "semantics/values/value_exchange.h"

namespace tfmc::sem {

class GraphStateCodec : public StateCodec {
 public:
  // Write channels and read channels 0 .. channels - 1 over `values`, which must outlive the
  // codec. Only the program's slot layout is kept, not the program.
  GraphStateCodec(const Program& program, ValueStore& values, std::size_t channels);

  std::uint64_t digest(const Slot* state) override;
  void write(std::size_t channel, const Slot* state, std::vector<unsigned char>& out) override;
  // Throws ValueExchangeError (a std::runtime_error) on a record cut short or one referring to
  // a value this channel never defined; never reads at or past `end`.
  const unsigned char* read(std::size_t channel, const unsigned char* data,
                            const unsigned char* end, Slot* state) override;

  // Slots per state (Program::slot_count).
  std::size_t slot_count() const { return slot_count_; }

 private:
  std::size_t slot_count_;
  std::size_t first_section_;  // slots [first_section_, slot_count_) are section counters
  ValueDigests digests_;
  std::vector<ValueSender> senders_;      // by write channel
  std::vector<ValueReceiver> receivers_;  // by read channel
  std::vector<std::uint64_t> scratch_;    // digest's per-slot digests
};

}  // namespace tfmc::sem
