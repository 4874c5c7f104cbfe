#include "checker/distributed/mailbox.h"

#include <mpi.h>

#include <chrono>
#include <stdexcept>
#include <string>

#include "checker/distributed/mpi_wait.h"
#include "semantics/errors/invariant.h"
#include "semantics/values/wire_codec.h"

namespace tfmc::dist {

namespace {
constexpr int kTag = 7;
// A message: its kind, its round, then its records.
constexpr std::size_t kHeader = 1 + sizeof(std::uint32_t);
constexpr unsigned char kRecords = 0, kEnd = 1;
// Sends in flight before a sender waits for one to complete (receiving meanwhile).
constexpr std::size_t kMaxInFlight = 64;

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

struct Mailbox::InFlight {
  MPI_Request request;
  std::vector<unsigned char> data;
};

Mailbox::Mailbox(const MpiRanks& ranks, std::size_t batch_bytes, double timeout_s)
    : ranks_(ranks),
      batch_bytes_(batch_bytes),
      timeout_s_(timeout_s),
      outboxes_(static_cast<std::size_t>(ranks.size())),
      ended_(static_cast<std::size_t>(ranks.size()), 0) {}

Mailbox::~Mailbox() {
  // Only after an error (a round always ends with its sends complete): the requests go.
  for (InFlight& f : in_flight_) {
    MPI_Cancel(&f.request);
    MPI_Request_free(&f.request);
  }
}

void Mailbox::send(int to, bool end) {
  std::vector<unsigned char>& box = outboxes_[static_cast<std::size_t>(to)];
  InFlight f;
  f.data.reserve(kHeader + box.size());
  wire::put(f.data, end ? kEnd : kRecords);
  wire::put(f.data, round_);
  wire::put_bytes(f.data, box.data(), box.size());
  box.clear();
  TFMC_CHECK(f.data.size() < (std::size_t{1} << 31), "a message under 2 GiB");
  in_flight_.push_back(std::move(f));
  InFlight& sent = in_flight_.back();
  MPI_Isend(sent.data.data(), static_cast<int>(sent.data.size()), MPI_BYTE, to, kTag,
            MPI_COMM_WORLD, &sent.request);
  ++messages_sent_;
  bytes_sent_ += sent.data.size();
}

bool Mailbox::reap_sends() {
  bool any = false;
  // Sends complete in no particular order; each is tested.
  for (auto it = in_flight_.begin(); it != in_flight_.end();) {
    int done = 0;
    MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
    if (done != 0) {
      it = in_flight_.erase(it);
      any = true;
    } else {
      ++it;
    }
  }
  return any;
}

bool Mailbox::receive_one(const Handler& handle) {
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, kTag, MPI_COMM_WORLD, &arrived, &status);
  if (arrived == 0) return false;
  int size = 0;
  MPI_Get_count(&status, MPI_BYTE, &size);
  inbox_.resize(static_cast<std::size_t>(size));
  // A large message arrives in pieces, each sent when the receiver asks: a sender that stops
  // half-way must not hold this rank forever.
  MPI_Request request;
  MPI_Irecv(inbox_.data(), size, MPI_BYTE, status.MPI_SOURCE, kTag, MPI_COMM_WORLD, &request);
  wait_bounded(request, timeout_s_, [&] {
    return "rank " + std::to_string(ranks_.rank()) + ": a message from rank " +
           std::to_string(status.MPI_SOURCE) + " stopped coming";
  });
  TFMC_CHECK(inbox_.size() >= kHeader, "a message holds its header");
  const int from = status.MPI_SOURCE;
  wire::Reader<std::runtime_error> header(inbox_.data(), kHeader, "a message's header");
  const auto kind = header.get<unsigned char>();
  const auto round = header.get<std::uint32_t>();
  // A sender is at most one round ahead: it ends a round only once this rank has ended it.
  TFMC_CHECK(round == round_ || round == round_ + 1, "a message of this round or the next");
  if (kind == kEnd) {
    ended_[static_cast<std::size_t>(from)] = round + 1;
  } else if (round == round_) {
    handle(from, inbox_.data() + kHeader, inbox_.size() - kHeader);
  } else {
    held_.push_back({from, std::vector<unsigned char>(inbox_.begin() + kHeader, inbox_.end())});
  }
  return true;
}

void Mailbox::send_if_full(int to, const Handler& handle) {
  if (outboxes_[static_cast<std::size_t>(to)].size() < batch_bytes_) return;
  deliver_held(handle);
  // Too many sends in flight: the receivers are slow, so this rank receives too while it
  // waits, lest two ranks wait on each other's sends.
  BoundedWait wait(timeout_s_);
  while (in_flight_.size() >= kMaxInFlight) {
    if (reap_sends() || receive_one(handle)) {
      wait.moved();
    } else {
      wait.idle([&] { return "rank " + std::to_string(ranks_.rank()) + ": no send completed"; });
    }
  }
  send(to, false);
}

void Mailbox::poll(const Handler& handle) {
  deliver_held(handle);
  reap_sends();
  while (receive_one(handle)) {
  }
}

void Mailbox::end_round(const Handler& handle) {
  deliver_held(handle);
  const int size = ranks_.size();
  const int me = ranks_.rank();
  for (int r = 0; r < size; ++r) {
    if (r == me) continue;
    if (!outboxes_[static_cast<std::size_t>(r)].empty()) send(r, false);
    send(r, true);
  }
  const auto all_ended = [&] {
    for (int r = 0; r < size; ++r) {
      if (r != me && ended_[static_cast<std::size_t>(r)] <= round_) return false;
    }
    return true;
  };
  BoundedWait wait(timeout_s_);
  // The time spent with nothing arriving: from the first idle look of a streak to what ends it.
  // (A flag beside the time, not a std::optional: GCC 12 warns, wrongly, that the optional's
  // time may be read uninitialized.)
  bool idle = false;
  std::chrono::steady_clock::time_point idle_since;
  const auto busy = [&] {
    if (idle) idle_seconds_ += seconds_since(idle_since);
    idle = false;
  };
  while (!all_ended() || !in_flight_.empty()) {
    if (reap_sends() | receive_one(handle)) {
      busy();
      wait.moved();
      continue;
    }
    if (!idle) {
      idle_since = std::chrono::steady_clock::now();
      idle = true;
    }
    wait.idle([&] {
      std::string silent;
      for (int r = 0; r < size; ++r) {
        if (r != me && ended_[static_cast<std::size_t>(r)] <= round_) {
          silent += (silent.empty() ? "" : ", ") + std::to_string(r);
        }
      }
      return "rank " + std::to_string(me) + ": nothing from rank(s) " +
             (silent.empty() ? std::string("(sends pending)") : silent);
    });
  }
  busy();
  ++round_;  // what came early is the new round's: the caller's next call hands it over
}

void Mailbox::deliver_held(const Handler& handle) {
  std::vector<Held> early = std::move(held_);
  held_.clear();
  for (const Held& h : early) handle(h.from, h.data.data(), h.data.size());
}

}  // namespace tfmc::dist
