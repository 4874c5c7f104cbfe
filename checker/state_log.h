// The stored states in index order, on disk: for each, its key, its identity (state_store.h)
// and its parent link, in an unlinked temporary file. The
// explorer reads a level back from it to expand it, witnesses and outcomes read it at the end;
// memory holds none of it but a write buffer. The file is made in $TMPDIR (else /tmp) and
// disappears with the process, however it ends.
//
// Writes and reads go through pwrite and pread at an entry's offset, so threads may write
// distinct entries and read written ones at once; append() buffers one thread's entries in
// order. An entry is read only after it is written and flushed (the explorer's level
// barriers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "checker/exploration.h"

namespace tfmc::check {

class StateLog {
 public:
  // Entries of `key_bytes` bytes of key, then 8 of identity and 8 of link. Throws
  // StorageError (exploration.h, with the directory and the system's reason) when the file cannot
  // be made, written or read.
  explicit StateLog(std::size_t key_bytes);
  ~StateLog();
  StateLog(const StateLog&) = delete;
  StateLog& operator=(const StateLog&) = delete;

  std::size_t key_bytes() const { return key_bytes_; }
  std::size_t entry_bytes() const { return key_bytes_ + 2 * sizeof(std::uint64_t); }
  // The fields of an entry.
  static std::uint64_t id_in(const unsigned char* entry, std::size_t key_bytes);
  static std::uint64_t link_in(const unsigned char* entry, std::size_t key_bytes);
  static void put(unsigned char* entry, std::size_t key_bytes, const unsigned char* key,
                  std::uint64_t id, std::uint64_t link);

  // Writes `count` entries from `entries` (entry_bytes() each) as entries first, first + 1, ...
  void write(std::uint64_t first, std::uint64_t count, const unsigned char* entries);
  // Buffers entry i (the one after the last appended, or the first of a run after flush()).
  void append(std::uint64_t i, const unsigned char* key, std::uint64_t id, std::uint64_t link);
  void flush();
  // Reads `count` entries from entry `first` into `out`.
  void read(std::uint64_t first, std::uint64_t count, unsigned char* out) const;
  std::uint64_t link(std::uint64_t i) const;
  // Forgets the entries from `count` on.
  void truncate(std::uint64_t count);

  // Bytes written to the file (its length), and of the write buffer in memory.
  std::size_t disk_bytes() const { return disk_bytes_; }
  std::size_t buffer_bytes() const { return buffer_.capacity(); }

 private:
  void read_bytes(std::uint64_t at, std::size_t bytes, unsigned char* out) const;

  std::size_t key_bytes_;
  int fd_ = -1;
  std::string dir_;
  std::size_t disk_bytes_ = 0;
  std::vector<unsigned char> buffer_;  // appended entries not yet written
  std::uint64_t buffer_first_ = 0;     // the index of the buffer's first entry
};

}  // namespace tfmc::check
