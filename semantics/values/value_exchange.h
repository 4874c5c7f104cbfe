// Values between processes that each hold a ValueStore of their own (distributed
// exploration): the same value has different ids in different stores, since each numbers
// values in the order it meets them. So values travel by content, and states by ids that the
// receiver translates.
//
// - ValueDigests: a 64-bit hash of a value's content, the same in every store (a term's and a
//   sequence's from their parts' digests, not their ids). Which process owns a state is
//   decided by its values' digests, so that every process sends a state to the same owner.
// - ValueSender (one per destination): ship(id) writes the definition of a value, and first of
//   the parts it is built from, unless that destination has had it already.
// - ValueReceiver (one per source): read() interns the definitions of one message in the
//   receiver's store, in order, and local(id) then translates the source's ids.
// The slot sentinels EMPTY, GO and DEAD (ids 0 to 2) are the same everywhere: never shipped,
// translated to themselves.
//
// A message's definitions: for each, the sender's id (4 bytes), the kind (1), then a tensor's
// dtype (1), rank (4), dimensions (8 each) and byte count (8) with its bytes; a symbol's
// name; a term's head, result index (4) and argument ids; an error's kind (1); a handle's
// resource slot (4); a sequence's item ids (a string or a list: its length (4), then its
// bytes or its ids, 4 each). Numbers little-endian as the machine has them: every process of
// one run is the same program on the same kind of machine.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "semantics/values/value_store.h"

namespace tfmc::sem {

// A message that does not hold well-formed definitions, or refers to a value not defined.
class ValueExchangeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class ValueDigests {
 public:
  explicit ValueDigests(const ValueStore& values);
  // The digest of value `id`, memoized (a state's digest asks for every slot's: the memoized
  // ones, sentinels included, are read inline). One thread.
  std::uint64_t of(ValueId id) {
    return id < memo_.size() && memo_[id] != 0 ? memo_[id] : compute(id);
  }

 private:
  std::uint64_t compute(ValueId id);

  const ValueStore& values_;
  std::vector<std::uint64_t> memo_;  // by id; 0: not computed yet
};

class ValueSender {
 public:
  explicit ValueSender(const ValueStore& values) : values_(values) {}
  // Appends to `out` the definition of `id` and of its parts, those this destination has not
  // had yet, parts first. (Every slot of every state sent asks: those shipped already are
  // answered inline.)
  void ship(ValueId id, std::vector<unsigned char>& out) {
    if (id >= shipped_.size() || shipped_[id] == 0) define(id, out);
  }
  // ship() for each of ids[0 .. n): a tight pass while they are shipped already, as nearly
  // all are once a destination has had a few states.
  void ship_all(const ValueId* ids, std::size_t n, std::vector<unsigned char>& out) {
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint8_t* shipped = shipped_.data();
      const std::size_t size = shipped_.size();
      while (k < n && ids[k] < size && shipped[ids[k]] != 0) ++k;
      if (k < n) define(ids[k], out);
    }
  }

 private:
  // Ships `id`, not shipped yet, and first its parts.
  void define(ValueId id, std::vector<unsigned char>& out);

  const ValueStore& values_;
  // By id: 1 where shipped; the sentinels (ids up to kDead) never go.
  std::vector<std::uint8_t> shipped_ = std::vector<std::uint8_t>(kDead + 1, 1);
};

class ValueReceiver {
 public:
  explicit ValueReceiver(ValueStore& values) : values_(values) {}
  // Interns the definitions in [data, data + size). Throws ValueExchangeError on a malformed
  // message.
  void read(const unsigned char* data, std::size_t size);
  // The receiver's id of the source's value `remote`, defined in this or an earlier message.
  // (Every slot of every state received asks: a table indexed by the source's ids.)
  ValueId local(ValueId remote) const {
    local_all(&remote, 1);
    return remote;
  }
  // local() for each of ids[0 .. n), in place, without a branch per id.
  void local_all(ValueId* ids, std::size_t n) const {
    // The table read once (a store to ids might otherwise alias it for the compiler).
    const ValueId* table = near_.data();
    const std::size_t size = near_.size();
    bool defined = true;
    for (std::size_t k = 0; k < n; ++k) {
      ids[k] = ids[k] < size ? table[ids[k]] : far(ids[k]);
      defined &= ids[k] != kUndefined;
    }
    if (!defined) undefined();
  }

 private:
  static constexpr ValueId kUndefined = ~ValueId{0};
  // The source's ids below this are kept in a table (4 MiB at most); those above, which only
  // a source with over a million values has (or a corrupt message), in a map.
  static constexpr ValueId kNearIds = ValueId{1} << 20;

  ValueId far(ValueId remote) const;
  [[noreturn]] static void undefined();

  ValueStore& values_;
  // By the source's id: the receiver's, kUndefined where not defined; the sentinels are
  // themselves.
  std::vector<ValueId> near_{kEmpty, kGo, kDead};
  std::unordered_map<ValueId, ValueId> far_;
};

}  // namespace tfmc::sem
