// The StateCodec (state_codec.h) of GraphModel's states: how a Program's state travels between
// processes that each number values in a ValueStore of their own.
//
// Every slot of the state (graph_model.h) holds a value id, whose meaning depends on the store
// (edges, variables, queues; a mutex holds the sentinels GO or EMPTY), except the critical
// section slots (Program::section_slot, the last Program::sections.size() slots of the
// Program's, before the assumption slot of assumptions.h, a value like the others): they hold a
// raw counter (who holds the section and how far it got, resource_access.h), the same number
// in every process, which is never translated and is digested as the number it is.
//
// - slot_digest: XXH3 of the value's ValueDigests digest, or of the section's raw counter,
//   seeded with the slot's position, so equal contents digest alike in every store and a
//   permutation of a state differs.
// - write: one ValueSender per write channel ships the definitions of the state's values that
//   this channel has not carried yet, then the state in the writer's ids.
// - read: one ValueReceiver per read channel interns the definitions and translates the ids.
//
// One record: u32 byte count N of the definitions, the N bytes of definitions
// (value_exchange.h layout; N = 0 when the channel has carried every value already), a byte W,
// the bits of the record's largest slot (0 to 32), then the slot_count slots packed W bits
// each, from the lowest bit of the first byte up, ceil(slot_count * W / 8) bytes: the writer's
// value ids, the section slots raw. (lost_update 5's 41 slots of 3 or 4 bits take 16 or 21
// bytes where whole slots take 164.) Numbers little-endian as the machine has them
// (value_exchange.h: one program on one kind of machine). Writer and reader must hold the
// same Program (same slot layout); the record does not repeat it.
//
// slot_digest uses ValueDigests' memo: one thread. write on channel c touches
// only c's sender, read on channel c only c's receiver and the store (safe for several
// threads), so different channels may be written or read from different threads.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/model/state_codec.h"
#include "semantics/program/program.h"
#include "semantics/values/value_exchange.h"

namespace tfmc::sem {

class GraphStateCodec final : public StateCodec {
 public:
  // Write channels and read channels 0 .. channels - 1 over `values`, which must outlive the
  // codec. Only the program's slot layout is kept, not the program.
  GraphStateCodec(const Program& program, ValueStore& values, std::size_t channels);

  std::size_t slot_count() const override { return slot_count_; }
  std::uint64_t slot_digest(std::size_t slot, Slot value) override;
  void slot_digests(const Slot* state, std::uint64_t* out) override;
  void write(std::size_t channel, const Slot* state, std::vector<unsigned char>& out) override;
  // Throws ValueExchangeError (a std::runtime_error) on a record cut short or one referring to
  // a value this channel never defined; never reads at or past `end`.
  const unsigned char* read(std::size_t channel, const unsigned char* data,
                            const unsigned char* end, Slot* state) override;

 private:
  std::size_t slot_count_;
  std::size_t first_section_;  // slots [first_section_, end_sections_) are section counters
  std::size_t end_sections_;   // Program::slot_count(): the assumption slot, if any, follows
  ValueDigests digests_;
  std::vector<ValueSender> senders_;      // by write channel
  std::vector<ValueReceiver> receivers_;  // by read channel
};

}  // namespace tfmc::sem
