#include "checker/distributed/sent_cache.h"

#include <algorithm>
#include <bit>

namespace tfmc::dist {

SentCache::SentCache(std::size_t destinations, std::size_t used, std::size_t bytes,
                     std::size_t words)
    : used_destinations_(std::max<std::size_t>(1, used)),
      budget_(bytes),
      by_destination_(destinations) {
  clear(words);
}

bool SentCache::seen(std::size_t to, std::uint64_t hash, const std::uint32_t* key) {
  Keys& keys = by_destination_[to];
  if (keys.used.empty()) {
    keys.words.assign(entries_ * words_, 0);
    keys.used.assign(entries_, 0);
  }
  const std::size_t entry = hash & (entries_ - 1);
  std::uint32_t* kept = keys.words.data() + entry * words_;
  // Compared word by word without an early exit: keys are a few words, and a call to memcmp
  // cost more than the comparison.
  std::uint32_t differ = 0;
  for (std::size_t k = 0; k < words_; ++k) differ |= key[k] ^ kept[k];
  if (keys.used[entry] != 0 && differ == 0) return true;
  std::copy(key, key + words_, kept);
  keys.used[entry] = 1;
  return false;
}

void SentCache::clear(std::size_t words) {
  words_ = words;
  const std::size_t per_entry = words * sizeof(std::uint32_t) + 1;
  entries_ = std::bit_floor(std::max<std::size_t>(64, budget_ / used_destinations_ / per_entry));
  for (Keys& keys : by_destination_) keys = Keys();
}

std::size_t SentCache::bytes() const {
  std::size_t bytes = 0;
  for (const Keys& keys : by_destination_) {
    bytes += keys.words.capacity() * sizeof(std::uint32_t) + keys.used.capacity();
  }
  return bytes;
}

}  // namespace tfmc::dist
