// The byte codec of every message between processes (a distributed exploration's records of
// states, witnesses and outcomes, value definitions, state records): numbers and enums
// appended as the machine holds them (every process of one run is the same program on the same
// kind of machine), and read back front to back with every read checked against the bytes
// left. Header-only, so that the engine (checker/) and the semantics both use it without either
// linking the other; in values/, the lowest layer of the semantics that writes messages (the
// value exchange), below the state codec of model/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace tfmc::wire {

// Appends the bytes of `v`.
template <typename T>
void put(std::vector<unsigned char>& out, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  const auto* p = reinterpret_cast<const unsigned char*>(&v);
  out.insert(out.end(), p, p + sizeof(T));
}

// Writes the bytes of `v` over out[at, at + sizeof(T)), which must exist (a count known only
// once what it counts is written).
template <typename T>
void put_at(std::vector<unsigned char>& out, std::size_t at, const T& v) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::memcpy(out.data() + at, &v, sizeof(T));
}

// Appends `count` bytes from `data` (which may be null when count is 0).
inline void put_bytes(std::vector<unsigned char>& out, const void* data, std::size_t count) {
  if (count == 0) return;
  const auto* p = static_cast<const unsigned char*>(data);
  out.insert(out.end(), p, p + count);
}

// Reads the bytes [at, end) front to back. A read past the end throws Error with the message
// given for the whole (`cut_short`) or for the one check (require()).
template <typename Error>
class Reader {
 public:
  Reader(const unsigned char* at, const unsigned char* end, const char* cut_short)
      : at_(at), end_(end), cut_short_(cut_short) {}
  Reader(const unsigned char* data, std::size_t size, const char* cut_short)
      : Reader(data, data + size, cut_short) {}

  bool done() const { return at_ == end_; }
  // The bytes left (0 where the start lies past the end).
  std::size_t left() const { return at_ < end_ ? static_cast<std::size_t>(end_ - at_) : 0; }
  // Throws Error(what) unless `count` bytes are left.
  void require(std::uint64_t count, const char* what) const {
    if (left() < count) throw Error(what);
  }

  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T v;
    take(&v, sizeof(T));
    return v;
  }
  // Copies the next `count` bytes to `out` (which may be null when count is 0).
  void take(void* out, std::size_t count) {
    require(count, cut_short_);
    if (count == 0) return;
    std::memcpy(out, at_, count);
    at_ += count;
  }
  std::vector<unsigned char> bytes(std::uint64_t count) {
    require(count, cut_short_);
    std::vector<unsigned char> out(static_cast<std::size_t>(count));
    take(out.data(), out.size());
    return out;
  }

  // For a reader of its own (a record within the message): where the next byte is, the end,
  // and a move past the `count` bytes it read.
  const unsigned char* at() const { return at_; }
  const unsigned char* end() const { return end_; }
  void skip(std::uint64_t count) {
    require(count, cut_short_);
    at_ += count;
  }
  void skip_to(const unsigned char* p) { skip(static_cast<std::uint64_t>(p - at_)); }

 private:
  const unsigned char* at_;
  const unsigned char* end_;
  const char* cut_short_;
};

}  // namespace tfmc::wire
