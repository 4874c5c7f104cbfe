// TF values (MAPL paper section 3.1 and footnotes 2, 4) held once in a content-addressed store.
//
// A value is a concrete tensor, a symbol (an opaque tensor named by the user), a term (an
// applied function with at least one symbolic argument, or an uninterpreted function), an
// error, a resource handle (what a variable edge carries), or a sequence of values (the
// contents of a queue). Each distinct value gets one
// ValueId; equal content always gives the same id, so ids compare values exactly. Floats are
// compared by bits except that every NaN is one value (canonicalized on entry).
//
// Ids 0, 1 and 2 are not values: they are the slot contents EMPTY, GO and DEAD of the state
// vector. DEAD is what an untaken branch of a Switch carries (FORMAT.md, "Control flow:
// conditionals and loops"): a node with a DEAD input does not run and sends DEAD on.
//
// Threads. Several threads may intern and read values at once (multi-core exploration): a
// value never moves once stored (values live in segments of doubling size that are never
// reallocated), so get() takes no lock; interning locks one of kShards shards of the index,
// chosen by the value's hash, and id allocation. A thread may read a value whose id it got
// from another thread only after synchronizing with it (as the explorer's state store and
// level barriers do): ids are numbered in the order of interning, which threads can change,
// but equal content still gets one id, so states and outcomes are the same.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "gpu_eval/tensor.h"

namespace tfmc::sem {

using ValueId = std::uint32_t;
inline constexpr ValueId kEmpty = 0;
inline constexpr ValueId kGo = 1;
inline constexpr ValueId kDead = 2;

enum class ValueKind : std::uint8_t { Tensor, Symbol, Term, Error, Handle, Sequence };

struct Value {
  ValueKind kind = ValueKind::Tensor;
  eval::Tensor tensor;         // Tensor
  std::string head;            // Symbol: its name; Term: "Op{attrs}"
  std::int32_t output = -1;    // Term: j for result j of a function of several results
  std::vector<ValueId> args;   // Term: argument ids; Sequence: the items, first to last
  eval::ErrorKind error{};     // Error
  std::uint32_t variable = 0;  // Handle: the state slot of the resource

  friend bool operator==(const Value&, const Value&) = default;
};

class ValueStore {
 public:
  ValueStore();
  ~ValueStore();
  ValueStore(const ValueStore&) = delete;
  ValueStore& operator=(const ValueStore&) = delete;

  ValueId tensor(eval::Tensor t);
  ValueId symbol(std::string name);
  // `head(args)`, or `head.j(args)` for result j >= 0 of a function of several results. The
  // result index is part of the value apart from the head, so `F.1(A)` of a declared
  // function named `F.1` and result 1 of `F` are different values (they print alike).
  ValueId term(std::string head, std::int32_t output, std::vector<ValueId> args);
  ValueId error(eval::ErrorKind e);
  ValueId handle(std::uint32_t resource_slot);
  ValueId sequence(std::vector<ValueId> items);

  const Value& get(ValueId id) const {
    const unsigned s = segment_of(id);
    return segments_[s].load(std::memory_order_acquire)[id - segment_base(s)];
  }
  bool is_error(ValueId id) const { return get(id).kind == ValueKind::Error; }
  bool is_concrete(ValueId id) const { return get(id).kind == ValueKind::Tensor; }
  std::size_t size() const { return size_.load(std::memory_order_acquire); }

  // Canonical text (FORMAT.md, "How values print"). "EMPTY", "GO" and "DEAD" for the slot
  // sentinels; a sequence prints as `[a, b]`.
  std::string print(ValueId id) const;

 private:
  ValueId intern(Value v);

  // Segment 0 holds ids [0, 1024); segment s >= 1 holds [1024 << (s - 1), 1024 << s).
  static constexpr unsigned kSegments = 23;  // ids up to 2^32
  static unsigned segment_of(ValueId id) { return static_cast<unsigned>(std::bit_width(id >> 10)); }
  static ValueId segment_base(unsigned s) { return s == 0 ? 0 : ValueId{1024} << (s - 1); }
  static std::size_t segment_size(unsigned s) {
    return s == 0 ? 1024 : std::size_t{1024} << (s - 1);
  }

  static constexpr std::size_t kShards = 64;
  struct Shard {
    std::mutex lock;
    std::unordered_multimap<std::uint64_t, ValueId> index;  // hash -> ids with that hash
  };

  std::array<std::atomic<Value*>, kSegments> segments_{};  // raw storage, values constructed
  std::atomic<std::uint32_t> size_{0};                     // ids constructed: [0, size_)
  std::mutex append_;                                      // id allocation and segment creation
  std::unique_ptr<std::array<Shard, kShards>> shards_;
};

}  // namespace tfmc::sem
