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

  // A 64-bit hash of the content of `state`: equal on every process for states with equal
  // contents, whatever their ids. One thread.
  virtual std::uint64_t digest(const Slot* state) = 0;

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
