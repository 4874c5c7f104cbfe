#include "checker/state_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace tfmc::check {

namespace {
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

[[noreturn]] void fail(const std::string& what, const std::string& dir) {
  throw StorageError("cannot " + what + " the state file in " + dir +
                     " (set TMPDIR): " + std::strerror(errno));
}
}  // namespace

StateLog::StateLog(std::size_t key_bytes) : key_bytes_(key_bytes) {
  const char* tmp = std::getenv("TMPDIR");
  dir_ = tmp != nullptr && *tmp != '\0' ? tmp : "/tmp";
  fd_ = open(dir_.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd_ < 0) {
    // A file system without O_TMPFILE: a named file, unlinked at once.
    std::string name = dir_ + "/tfmc-states-XXXXXX";
    fd_ = mkostemp(name.data(), O_CLOEXEC);
    if (fd_ < 0) fail("make", dir_);
    unlink(name.c_str());
  }
}

StateLog::~StateLog() {
  if (fd_ >= 0) close(fd_);
}

void StateLog::write(std::uint64_t first, std::uint64_t count, const unsigned char* entries) {
  std::size_t bytes = count * entry_bytes();
  auto offset = static_cast<off_t>(first * entry_bytes());
  while (bytes > 0) {
    const ssize_t n = pwrite(fd_, entries, bytes, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("write", dir_);
    entries += n;
    bytes -= static_cast<std::size_t>(n);
    offset += n;
  }
  // Writers of distinct entries may race here; the length is a maximum either way.
  const std::size_t end = (first + count) * entry_bytes();
  std::size_t seen = __atomic_load_n(&disk_bytes_, __ATOMIC_RELAXED);
  while (end > seen && !__atomic_compare_exchange_n(&disk_bytes_, &seen, end, true,
                                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
}

std::uint64_t StateLog::id_in(const unsigned char* entry, std::size_t key_bytes) {
  std::uint64_t id;
  std::memcpy(&id, entry + key_bytes, sizeof(id));
  return id;
}

std::uint64_t StateLog::link_in(const unsigned char* entry, std::size_t key_bytes) {
  std::uint64_t link;
  std::memcpy(&link, entry + key_bytes + sizeof(std::uint64_t), sizeof(link));
  return link;
}

void StateLog::put(unsigned char* entry, std::size_t key_bytes, const unsigned char* key,
                   std::uint64_t id, std::uint64_t link) {
  std::memcpy(entry, key, key_bytes);
  std::memcpy(entry + key_bytes, &id, sizeof(id));
  std::memcpy(entry + key_bytes + sizeof(id), &link, sizeof(link));
}

void StateLog::append(std::uint64_t i, const unsigned char* key, std::uint64_t id,
                      std::uint64_t link) {
  if (buffer_.empty()) buffer_first_ = i;
  if (buffer_.size() + entry_bytes() > kBufferBytes) {
    flush();
    buffer_first_ = i;
  }
  buffer_.resize(buffer_.size() + entry_bytes());
  put(buffer_.data() + buffer_.size() - entry_bytes(), key_bytes_, key, id, link);
}

void StateLog::flush() {
  if (buffer_.empty()) return;
  write(buffer_first_, buffer_.size() / entry_bytes(), buffer_.data());
  buffer_.clear();
}

void StateLog::read(std::uint64_t first, std::uint64_t count, unsigned char* out) const {
  read_bytes(first * entry_bytes(), count * entry_bytes(), out);
}

void StateLog::read_bytes(std::uint64_t at, std::size_t bytes, unsigned char* out) const {
  auto offset = static_cast<off_t>(at);
  while (bytes > 0) {
    const ssize_t n = pread(fd_, out, bytes, offset);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;  // past the end: a broken invariant, reported as an I/O error
    if (n <= 0) fail("read", dir_);
    out += n;
    bytes -= static_cast<std::size_t>(n);
    offset += n;
  }
}

std::uint64_t StateLog::link(std::uint64_t i) const {
  std::uint64_t l;
  read_bytes(i * entry_bytes() + key_bytes_ + sizeof(std::uint64_t), sizeof(l),
             reinterpret_cast<unsigned char*>(&l));
  return l;
}

void StateLog::truncate(std::uint64_t count) {
  buffer_.clear();
  disk_bytes_ = std::min(disk_bytes_, static_cast<std::size_t>(count * entry_bytes()));
  if (ftruncate(fd_, static_cast<off_t>(disk_bytes_)) != 0) fail("shorten", dir_);
}

}  // namespace tfmc::check
