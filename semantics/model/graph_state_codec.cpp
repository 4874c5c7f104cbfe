#include "semantics/model/graph_state_codec.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <bit>

#include "semantics/errors/invariant.h"
#include "semantics/model/assumptions.h"
#include "semantics/values/wire_codec.h"

namespace tfmc::sem {

GraphStateCodec::GraphStateCodec(const Program& program, ValueStore& values, std::size_t channels)
    : slot_count_(model_slot_count(program)),
      first_section_(program.slot_count() - program.sections.size()),
      end_sections_(program.slot_count()),
      digests_(values),
      senders_(channels, ValueSender(values)),
      receivers_(channels, ValueReceiver(values)) {}

std::uint64_t GraphStateCodec::slot_digest(std::size_t slot, Slot value) {
  const bool counter = slot >= first_section_ && slot < end_sections_;
  const std::uint64_t content = counter ? value : digests_.of(value);
  return XXH3_64bits_withSeed(&content, sizeof(content), slot);
}

void GraphStateCodec::slot_digests(const Slot* state, std::uint64_t* out) {
  for (std::size_t k = 0; k < slot_count_; ++k) out[k] = slot_digest(k, state[k]);
}

namespace {
// Bits of a record's slots: the fewest that hold its largest slot.
unsigned width_of(const Slot* state, std::size_t n) {
  Slot any = 0;
  for (std::size_t k = 0; k < n; ++k) any |= state[k];
  return static_cast<unsigned>(std::bit_width(any));
}
std::size_t packed_bytes(std::size_t slots, unsigned width) { return (slots * width + 7) / 8; }
}  // namespace

void GraphStateCodec::write(std::size_t channel, const Slot* state,
                            std::vector<unsigned char>& out) {
  TFMC_CHECK(channel < senders_.size(), "a write channel the codec was not made for");
  ValueSender& sender = senders_[channel];
  // The definitions' byte count goes before them: reserve it and fill it in once known.
  const std::size_t count_at = out.size();
  out.resize(count_at + sizeof(std::uint32_t));
  sender.ship_all(state, first_section_, out);
  sender.ship_all(state + end_sections_, slot_count_ - end_sections_, out);
  const std::size_t definitions = out.size() - count_at - sizeof(std::uint32_t);
  TFMC_CHECK(definitions <= UINT32_MAX, "a state's definitions over 4 GiB");
  const auto count = static_cast<std::uint32_t>(definitions);
  wire::put_at(out, count_at, count);
  // The slots packed, `width` bits each, from the lowest bit of the first byte up.
  const unsigned width = width_of(state, slot_count_);
  const std::size_t at = out.size();
  out.resize(at + 1 + packed_bytes(slot_count_, width));
  unsigned char* p = out.data() + at;
  *p++ = static_cast<unsigned char>(width);
  std::uint64_t bits = 0;
  unsigned held = 0;
  for (std::size_t k = 0; k < slot_count_; ++k) {
    bits |= std::uint64_t{state[k]} << held;  // held < 8, width <= 32: it fits
    for (held += width; held >= 8; held -= 8, bits >>= 8) *p++ = static_cast<unsigned char>(bits);
  }
  if (held > 0) *p = static_cast<unsigned char>(bits);
}

const unsigned char* GraphStateCodec::read(std::size_t channel, const unsigned char* data,
                                           const unsigned char* end, Slot* state) {
  TFMC_CHECK(channel < receivers_.size(), "a read channel the codec was not made for");
  ValueReceiver& receiver = receivers_[channel];
  // Every length is checked against what is left before anything is read.
  wire::Reader<ValueExchangeError> in(data, end, "a state record is cut short");
  in.require(sizeof(std::uint32_t), "a state record ends before its definitions' byte count");
  const auto definitions = in.get<std::uint32_t>();
  in.require(definitions, "a state record ends inside its definitions");
  receiver.read(in.at(), definitions);
  in.skip(definitions);
  in.require(1, "a state record ends before its slots' width");
  const unsigned width = in.get<unsigned char>();
  if (width > 32) throw ValueExchangeError("a state record's slots are over 32 bits wide");
  const std::size_t packed = packed_bytes(slot_count_, width);
  in.require(packed, "a state record ends inside its slots");
  data = in.at();
  const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
  std::uint64_t bits = 0;
  unsigned held = 0;
  for (std::size_t k = 0; k < slot_count_; ++k) {
    for (; held < width; held += 8) bits |= std::uint64_t{*data++} << held;
    state[k] = static_cast<Slot>(bits & mask);
    bits >>= width;
    held -= width;
  }
  // Value slots into this process's ids; the section counters mean the same everywhere.
  receiver.local_all(state, first_section_);
  receiver.local_all(state + end_sections_, slot_count_ - end_sections_);
  in.skip(packed);
  return in.at();
}

}  // namespace tfmc::sem
