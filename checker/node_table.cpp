#include "checker/node_table.h"

#include <bit>
#include <utility>

#include "checker/hash_mix.h"
#include "semantics/errors/invariant.h"

namespace tfmc::check {

namespace {
constexpr std::size_t kInitialSlots = std::size_t{1} << 8;
}  // namespace

NodeTable::NodeTable(std::atomic<bool>* crowded, std::size_t room) : crowded_(crowded) {
  std::size_t slots = kInitialSlots;
  while (slots < 4 * room) slots *= 2;
  new_slots(slots);
}

void NodeTable::new_slots(std::size_t count) {
  region_ = MappedRegion(count * sizeof(Slot), count * sizeof(Slot) >= (std::size_t{2} << 20));
  slots_ = static_cast<Slot*>(region_.data());
  mask_ = count - 1;
  shift_ = 64 - static_cast<unsigned>(std::countr_zero(count));
}

std::uint32_t NodeTable::probe(std::uint64_t value) {
  for (std::uint64_t pos = spread64(value) >> shift_, probes = 0;; pos = (pos + 1) & mask_) {
    TFMC_CHECK(++probes <= mask_ + 1, "a state tree table is full");
    std::atomic_ref<std::uint64_t> ref(slots_[pos].ref);
    std::uint64_t r = ref.load(std::memory_order_acquire);
    if (r == 0 && ref.compare_exchange_strong(r, kBusy, std::memory_order_acquire)) {
      const std::uint64_t mine = next_.fetch_add(1, std::memory_order_relaxed);
      TFMC_CHECK(mine <= mask_, "a state tree table is full");
      TFMC_CHECK(mine < 0xffffffffu, "more state tree nodes than 32-bit references name");
      slots_[pos].value = value;
      ref.store(mine, std::memory_order_release);
      if (crowded_ != nullptr && mine * 4 > (mask_ + 1) * 3) {
        crowded_->store(true, std::memory_order_relaxed);
      }
      return static_cast<std::uint32_t>(mine);
    }
    while (r == kBusy) r = ref.load(std::memory_order_acquire);
    if (slots_[pos].value == value) return static_cast<std::uint32_t>(r);
  }
}

bool NodeTable::low(double fill) const {
  return static_cast<double>(size()) > fill * static_cast<double>(mask_ + 1);
}

std::size_t NodeTable::size_for_growth(double target) const {
  std::size_t count = mask_ + 1;
  while (static_cast<double>(size()) > target * static_cast<double>(count)) count *= 2;
  return count;
}

std::size_t NodeTable::growth_bytes(double fill, double target) const {
  return low(fill) ? size_for_growth(target) * sizeof(Slot) : 0;
}

void NodeTable::reserve(double fill, double target) {
  if (!low(fill)) return;
  const std::size_t count = size_for_growth(target);
  TFMC_CHECK(count <= (std::size_t{1} << 33), "a state tree table larger than 2^33 slots");
  const MappedRegion old = std::exchange(region_, MappedRegion());
  const auto* old_slots = static_cast<const Slot*>(old.data());
  const std::size_t old_count = mask_ + 1;
  new_slots(count);
  for (std::size_t k = 0; k < old_count; ++k) {
    if (old_slots[k].ref == 0) continue;
    std::uint64_t pos = spread64(old_slots[k].value) >> shift_;
    while (slots_[pos].ref != 0) pos = (pos + 1) & mask_;
    slots_[pos] = old_slots[k];
  }
}

}  // namespace tfmc::check
