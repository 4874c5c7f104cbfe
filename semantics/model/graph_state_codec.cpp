#include "semantics/model/graph_state_codec.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <cstring>

#include "semantics/errors/invariant.h"

namespace tfmc::sem {

GraphStateCodec::GraphStateCodec(const Program& program, ValueStore& values, std::size_t channels)
    : slot_count_(program.slot_count()),
      first_section_(slot_count_ - program.sections.size()),
      digests_(values),
      senders_(channels, ValueSender(values)),
      receivers_(channels, ValueReceiver(values)),
      scratch_(slot_count_) {}

std::uint64_t GraphStateCodec::digest(const Slot* state) {
  for (std::size_t k = 0; k < first_section_; ++k) scratch_[k] = digests_.of(state[k]);
  for (std::size_t k = first_section_; k < slot_count_; ++k) scratch_[k] = state[k];
  // Hashing the array in slot order: the position of each digest counts.
  return XXH3_64bits(scratch_.data(), scratch_.size() * sizeof(std::uint64_t));
}

void GraphStateCodec::write(std::size_t channel, const Slot* state,
                            std::vector<unsigned char>& out) {
  TFMC_CHECK(channel < senders_.size(), "a write channel the codec was not made for");
  ValueSender& sender = senders_[channel];
  // The definitions' byte count goes before them: reserve it and fill it in once known.
  const std::size_t count_at = out.size();
  out.resize(count_at + sizeof(std::uint32_t));
  for (std::size_t k = 0; k < first_section_; ++k) sender.ship(state[k], out);
  const std::size_t definitions = out.size() - count_at - sizeof(std::uint32_t);
  TFMC_CHECK(definitions <= UINT32_MAX, "a state's definitions over 4 GiB");
  const auto count = static_cast<std::uint32_t>(definitions);
  std::memcpy(out.data() + count_at, &count, sizeof(count));
  const auto* slots = reinterpret_cast<const unsigned char*>(state);
  out.insert(out.end(), slots, slots + slot_count_ * sizeof(Slot));
}

const unsigned char* GraphStateCodec::read(std::size_t channel, const unsigned char* data,
                                           const unsigned char* end, Slot* state) {
  TFMC_CHECK(channel < receivers_.size(), "a read channel the codec was not made for");
  ValueReceiver& receiver = receivers_[channel];
  // Every length is checked against what is left before anything is read.
  const auto left = [&] { return static_cast<std::size_t>(end - data); };
  std::uint32_t definitions;
  if (data > end || left() < sizeof(definitions)) {
    throw ValueExchangeError("a state record ends before its definitions' byte count");
  }
  std::memcpy(&definitions, data, sizeof(definitions));
  data += sizeof(definitions);
  if (left() < definitions) throw ValueExchangeError("a state record ends inside its definitions");
  receiver.read(data, definitions);
  data += definitions;
  if (left() < slot_count_ * sizeof(Slot)) {
    throw ValueExchangeError("a state record ends inside its slots");
  }
  std::memcpy(state, data, slot_count_ * sizeof(Slot));
  // Value slots into this process's ids; the section counters mean the same everywhere.
  for (std::size_t k = 0; k < first_section_; ++k) state[k] = receiver.local(state[k]);
  return data + slot_count_ * sizeof(Slot);
}

}  // namespace tfmc::sem
