// States between processes (distributed exploration, checker/distributed/): what the explorer
// needs to send a TransitionSystem's states to another process and to decide which process
// owns a state, without knowing what the slots hold.
//
// Each process numbers its own values (a slot may hold a value id that means something else in
// another process), so a state travels by content: write() appends what the reader lacks to
// understand it, read() rebuilds it in the reader's numbering. A channel is one direction of
// one pair of processes, and keeps what was sent on it: the writer and the reader of a channel
// must see the same messages, in the same order (MPI keeps one sender's order). A codec made
// for `channels` channels has write channels and read channels 0 .. channels - 1, apart.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/model/transition_system.h"

namespace tfmc {

class StateCodec {
 public:
  virtual ~StateCodec() = default;

  // Slots per state.
  virtual std::size_t slot_count() const = 0;

  // A 64-bit hash of slot `slot` holding `value`: equal on every process for equal contents,
  // whatever their ids. One thread.
  virtual std::uint64_t slot_digest(std::size_t slot, Slot value) = 0;
  // slot_digest() of every slot of `state`, into out[0 .. slot_count()).
  virtual void slot_digests(const Slot* state, std::uint64_t* out) = 0;

  // A 64-bit hash of the content of `state`: the sum of its slots' digests modulo 2^64, so
  // that a successor's digest is its parent's plus the change of each slot it writes (an
  // owner is found without hashing the whole state). One thread.
  std::uint64_t digest(const Slot* state) {
    std::vector<std::uint64_t> digests(slot_count());
    slot_digests(state, digests.data());
    std::uint64_t sum = 0;
    for (const std::uint64_t d : digests) sum += d;
    return sum;
  }

  // Appends `state` to `out` for the reader of write channel `channel`: first whatever that
  // reader has not had on this channel, then the state.
  virtual void write(std::size_t channel, const Slot* state, std::vector<unsigned char>& out) = 0;

  // Reads one state that the writer of read channel `channel` wrote, from [data, end), into
  // `state` (slot_count() slots, in this process's numbering). Returns where the state ends.
  // Throws std::runtime_error on bytes that do not hold one well-formed state.
  virtual const unsigned char* read(std::size_t channel, const unsigned char* data,
                                    const unsigned char* end, Slot* state) = 0;
};

}  // namespace tfmc
