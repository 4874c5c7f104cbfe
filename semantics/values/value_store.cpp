#include "semantics/values/value_store.h"

// Inline XXH3 so the hot hashing calls are not out-of-line calls into the shared library.
#define XXH_INLINE_ALL
#include <fmt/format.h>
#include <xxhash.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "semantics/errors/invariant.h"
#include "semantics/values/tensor_text.h"

namespace tfmc::sem {
namespace {

// Every NaN is one value (FORMAT.md, "Arithmetic on concrete tensors"): rewrite payloads and signs
// to one pattern.
void canonicalize_nans(eval::Tensor& t) {
  if (t.dtype == eval::DType::F32) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (std::size_t i = 0; i < t.bytes.size(); i += 4) {
      float v;
      std::memcpy(&v, &t.bytes[i], 4);
      if (std::isnan(v)) std::memcpy(&t.bytes[i], &nan, 4);
    }
  } else if (t.dtype == eval::DType::F64) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i = 0; i < t.bytes.size(); i += 8) {
      double v;
      std::memcpy(&v, &t.bytes[i], 8);
      if (std::isnan(v)) std::memcpy(&t.bytes[i], &nan, 8);
    }
  }
}

std::uint64_t hash_value(const Value& v) {
  XXH3_state_t* st = XXH3_createState();
  XXH3_64bits_reset(st);
  const auto add = [st](const void* p, std::size_t n) { XXH3_64bits_update(st, p, n); };
  add(&v.kind, sizeof v.kind);
  switch (v.kind) {
    case ValueKind::Tensor: {
      add(&v.tensor.dtype, sizeof v.tensor.dtype);
      const std::uint64_t rank = v.tensor.shape.size();
      add(&rank, sizeof rank);
      add(v.tensor.shape.data(), rank * sizeof(std::int64_t));
      add(v.tensor.bytes.data(), v.tensor.bytes.size());
      break;
    }
    case ValueKind::Symbol:
      add(v.head.data(), v.head.size());
      break;
    case ValueKind::Term: {
      const std::uint64_t n = v.head.size();
      add(&n, sizeof n);
      add(v.head.data(), v.head.size());
      add(&v.output, sizeof v.output);
      add(v.args.data(), v.args.size() * sizeof(ValueId));
      break;
    }
    case ValueKind::Error:
      add(&v.error, sizeof v.error);
      break;
    case ValueKind::Handle:
      add(&v.variable, sizeof v.variable);
      break;
    case ValueKind::Sequence:
      add(v.args.data(), v.args.size() * sizeof(ValueId));
      break;
  }
  const std::uint64_t h = XXH3_64bits_digest(st);
  XXH3_freeState(st);
  return h;
}

}  // namespace

ValueStore::ValueStore() : shards_(std::make_unique<std::array<Shard, kShards>>()) {
  // Ids 0, 1 and 2 are the EMPTY, GO and DEAD sentinels; occupy them so real values start at 3.
  std::allocator<Value> alloc;
  Value* first = alloc.allocate(segment_size(0));
  for (ValueId id = 0; id < 3; ++id) new (first + id) Value();
  segments_[0].store(first, std::memory_order_release);
  size_.store(3, std::memory_order_release);
}

ValueStore::~ValueStore() {
  std::allocator<Value> alloc;
  const std::uint32_t n = size_.load();
  for (unsigned s = 0; s < kSegments; ++s) {
    Value* seg = segments_[s].load();
    if (seg == nullptr) continue;
    for (ValueId id = segment_base(s); id < n && id - segment_base(s) < segment_size(s); ++id) {
      seg[id - segment_base(s)].~Value();
    }
    alloc.deallocate(seg, segment_size(s));
  }
}

ValueId ValueStore::intern(Value v) {
  const std::uint64_t h = hash_value(v);
  // The shard by the hash's top bits (the multimap buckets by its low ones): one value is
  // interned in one shard, so two threads interning it meet under one lock.
  Shard& shard = (*shards_)[h >> 58];
  const std::lock_guard<std::mutex> hold(shard.lock);
  auto [lo, hi] = shard.index.equal_range(h);
  for (auto it = lo; it != hi; ++it) {
    if (get(it->second) == v) return it->second;
  }
  ValueId id;
  {
    const std::lock_guard<std::mutex> append(append_);
    const std::uint32_t n = size_.load(std::memory_order_relaxed);
    TFMC_CHECK(n < std::numeric_limits<ValueId>::max(), "value id space exhausted");
    id = n;
    const unsigned s = segment_of(id);
    if (segments_[s].load(std::memory_order_relaxed) == nullptr) {
      segments_[s].store(std::allocator<Value>().allocate(segment_size(s)),
                         std::memory_order_release);
    }
    new (segments_[s].load(std::memory_order_relaxed) + (id - segment_base(s))) Value(std::move(v));
    size_.store(n + 1, std::memory_order_release);
  }
  shard.index.emplace(h, id);
  return id;
}

ValueId ValueStore::tensor(eval::Tensor t) {
  canonicalize_nans(t);
  Value v;
  v.kind = ValueKind::Tensor;
  v.tensor = std::move(t);
  return intern(std::move(v));
}

ValueId ValueStore::symbol(std::string name) {
  Value v;
  v.kind = ValueKind::Symbol;
  v.head = std::move(name);
  return intern(std::move(v));
}

ValueId ValueStore::term(std::string head, std::int32_t output, std::vector<ValueId> args) {
  Value v;
  v.kind = ValueKind::Term;
  v.head = std::move(head);
  v.output = output;
  v.args = std::move(args);
  return intern(std::move(v));
}

ValueId ValueStore::error(eval::ErrorKind e) {
  Value v;
  v.kind = ValueKind::Error;
  v.error = e;
  return intern(std::move(v));
}

ValueId ValueStore::handle(std::uint32_t resource_slot) {
  Value v;
  v.kind = ValueKind::Handle;
  v.variable = resource_slot;
  return intern(std::move(v));
}

ValueId ValueStore::sequence(std::vector<ValueId> items) {
  Value v;
  v.kind = ValueKind::Sequence;
  v.args = std::move(items);
  return intern(std::move(v));
}

std::string ValueStore::print(ValueId id) const {
  if (id == kEmpty) return "EMPTY";
  if (id == kGo) return "GO";
  if (id == kDead) return "DEAD";
  const Value& v = get(id);
  switch (v.kind) {
    case ValueKind::Tensor:
      return format_tensor(v.tensor);
    case ValueKind::Symbol:
      return v.head;
    case ValueKind::Term: {
      std::string out =
          v.output >= 0 ? fmt::format("{}.{}(", v.head, v.output) : fmt::format("{}(", v.head);
      for (std::size_t i = 0; i < v.args.size(); ++i) {
        if (i > 0) out += ", ";
        out += print(v.args[i]);
      }
      out += ')';
      return out;
    }
    case ValueKind::Error:
      return fmt::format("Error({})", eval::error_kind_name(v.error));
    case ValueKind::Handle:
      return fmt::format("&{}", v.variable);
    case ValueKind::Sequence: {
      std::vector<std::string> items;
      for (ValueId item : v.args) items.push_back(print(item));
      return fmt::format("[{}]", fmt::join(items, ", "));
    }
  }
  TFMC_CHECK(false, "unknown value kind");
}

}  // namespace tfmc::sem
