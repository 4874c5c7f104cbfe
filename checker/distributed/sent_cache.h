// The states a rank sent lately, by destination: a direct-mapped cache of their keys, so that
// a successor sent already (in this level or an earlier one) is not sent again. Its owner has
// it then, or stopped the run for lack of room, so skipping it changes no state, transition or
// outcome; only which parent a state keeps may differ. Keys are compared whole (in the
// sender's key layout, exact), never by hash.
//
// In breadth-first order a state is made once from each of its parents, all in one level
// (lost_update 5: 6.8 times a state), so a rank that expands several of them need send it
// once. The cache holds about `bytes` in all, split among the destinations that use it.
#pragma once

#include <cstdint>
#include <vector>

namespace tfmc::dist {

class SentCache {
 public:
  // For `destinations` destinations (`to` in [0, destinations)), of which at most `used` are
  // sent to, with keys of `words` words.
  SentCache(std::size_t destinations, std::size_t used, std::size_t bytes, std::size_t words);

  // Whether the key `key`, whose hash is `hash`, is in `to`'s cache; puts it there when not
  // (in place of the key at its position).
  bool seen(std::size_t to, std::uint64_t hash, const std::uint32_t* key);
  // Empties the cache, for keys of `words` words from now on (the key layout changed).
  void clear(std::size_t words);

  std::size_t bytes() const;

 private:
  struct Keys {
    std::vector<std::uint32_t> words;  // by entry: words_ each
    std::vector<std::uint8_t> used;    // by entry
  };
  std::size_t used_destinations_, budget_;
  std::size_t words_ = 0, entries_ = 0;  // per destination, a power of two
  std::vector<Keys> by_destination_;     // each made at its first use
};

}  // namespace tfmc::dist
