// Batched messages between ranks, a round at a time (a breadth-first level of a distributed
// exploration).
//
// Records for a rank are appended to its outbox; an outbox that reaches a batch is sent
// without blocking (MPI_Isend), and exploration goes on while it travels. What arrives is
// handed to a handler whenever the caller polls. end_round() sends what is left and an end
// mark to every other rank and receives until every other rank's end mark has come: MPI keeps
// the order of one sender's messages, so the round's records have all arrived then. A rank
// that ends its round early may send records of the next one before this rank has ended its
// own: they are held and handed over at the caller's first call in the next round, so a
// handler never sees records of two rounds mixed.
//
// Waits are bounded (BoundedWait, mpi_ranks.h): a wait in which nothing arrives and no send
// completes for timeout_s seconds throws RankTimeout.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <stdexcept>
#include <vector>

#include "checker/distributed/mpi_ranks.h"
#include "semantics/values/wire_codec.h"

namespace tfmc::dist {

// Reads the records of one message between ranks front to back; a record cut short is an
// error.
class MessageReader : public wire::Reader<std::runtime_error> {
 public:
  MessageReader(const unsigned char* data, std::size_t size)
      : Reader(data, size, "a message between ranks is cut short") {}
};

class Mailbox {
 public:
  // Receives the records of one message sent by rank `from`.
  using Handler = std::function<void(int from, const unsigned char* data, std::size_t size)>;

  // Outboxes are sent when they hold `batch_bytes` or more; a wait gives up after
  // `timeout_s` seconds in which nothing moved.
  Mailbox(const MpiRanks& ranks, std::size_t batch_bytes, double timeout_s);
  ~Mailbox();
  Mailbox(const Mailbox&) = delete;
  Mailbox& operator=(const Mailbox&) = delete;

  // Rank `to`'s outbox (not this rank's own): append whole records, then call send_if_full.
  std::vector<unsigned char>& outbox(int to) { return outboxes_[static_cast<std::size_t>(to)]; }
  // Sends rank `to`'s outbox if it holds a batch; may receive (to `handle`) while it waits for
  // room among the sends in flight.
  void send_if_full(int to, const Handler& handle);
  // Hands what has arrived of this round to `handle`, without waiting.
  void poll(const Handler& handle);
  // Ends the round as the header says; throws RankTimeout.
  void end_round(const Handler& handle);

  std::uint64_t messages_sent() const { return messages_sent_; }
  std::uint64_t bytes_sent() const { return bytes_sent_; }
  // Seconds end_round() waited with nothing arriving (for other ranks to end their round).
  double idle_seconds() const { return idle_seconds_; }

 private:
  struct InFlight;
  struct Held {
    int from;
    std::vector<unsigned char> data;  // the records, without the message's header
  };
  void send(int to, bool end);
  // Receives one message if one has come (true); records of this round go to `handle`.
  bool receive_one(const Handler& handle);
  // Completes the sends that have completed; true if any did.
  bool reap_sends();
  // Hands the records held for this round to `handle`.
  void deliver_held(const Handler& handle);

  const MpiRanks& ranks_;
  std::size_t batch_bytes_;
  double timeout_s_;
  std::vector<std::vector<unsigned char>> outboxes_;
  std::deque<InFlight> in_flight_;
  std::uint32_t round_ = 0;
  std::vector<std::uint32_t> ended_;  // by rank: the rounds whose end mark has come
  std::vector<Held> held_;            // next round's records, come early
  std::vector<unsigned char> inbox_;
  std::uint64_t messages_sent_ = 0;
  std::uint64_t bytes_sent_ = 0;
  double idle_seconds_ = 0;
};

}  // namespace tfmc::dist
