#include "semantics/values/value_exchange.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

#include <string>

#include "semantics/values/wire_codec.h"

namespace tfmc::sem {

namespace {
constexpr ValueId kFirstValue = kDead + 1;  // ids below are the slot sentinels

// Digests of the sentinels and of each kind, folded with the parts' (never 0, which marks a
// digest not computed yet).
std::uint64_t fold(std::uint64_t seed, const void* data, std::size_t bytes) {
  const std::uint64_t h = XXH3_64bits_withSeed(data, bytes, seed);
  return h == 0 ? 1 : h;
}

using wire::put;

// A name's bytes, after their count.
void put_counted(std::vector<unsigned char>& out, const void* data, std::size_t bytes) {
  put(out, static_cast<std::uint32_t>(bytes));
  wire::put_bytes(out, data, bytes);
}
}  // namespace

ValueDigests::ValueDigests(const ValueStore& values) : values_(values), memo_(kFirstValue) {
  for (ValueId s = 0; s < kFirstValue; ++s) memo_[s] = fold(0, &s, sizeof(s));
}

std::uint64_t ValueDigests::compute(ValueId id) {
  if (memo_.size() <= id) memo_.resize(static_cast<std::size_t>(id) + 1, 0);
  if (memo_[id] != 0) return memo_[id];
  const Value& v = values_.get(id);
  std::uint64_t h = fold(static_cast<std::uint64_t>(v.kind) + 1, nullptr, 0);
  switch (v.kind) {
    case ValueKind::Tensor:
      h = fold(h, &v.tensor.dtype, sizeof(v.tensor.dtype));
      h = fold(h, v.tensor.shape.data(), v.tensor.shape.size() * sizeof(std::int64_t));
      h = fold(h, v.tensor.bytes.data(), v.tensor.bytes.size());
      break;
    case ValueKind::Symbol:
      h = fold(h, v.head.data(), v.head.size());
      break;
    case ValueKind::Term:
      h = fold(h, v.head.data(), v.head.size());
      h = fold(h, &v.output, sizeof(v.output));
      [[fallthrough]];
    case ValueKind::Sequence:
      for (const ValueId part : v.args) {
        const std::uint64_t d = of(part);
        h = fold(h, &d, sizeof(d));
      }
      break;
    case ValueKind::Error:
      h = fold(h, &v.error, sizeof(v.error));
      break;
    case ValueKind::Handle:
      h = fold(h, &v.variable, sizeof(v.variable));
      break;
  }
  memo_[id] = h;
  return h;
}

void ValueSender::define(ValueId id, std::vector<unsigned char>& out) {
  if (shipped_.size() <= id) shipped_.resize(static_cast<std::size_t>(id) + 1, 0);
  const Value& v = values_.get(id);
  for (const ValueId part : v.args) ship(part, out);  // a term's arguments, a sequence's items
  shipped_[id] = 1;
  put(out, id);
  put(out, v.kind);
  switch (v.kind) {
    case ValueKind::Tensor:
      put(out, v.tensor.dtype);
      put(out, static_cast<std::uint32_t>(v.tensor.shape.size()));
      for (const std::int64_t d : v.tensor.shape) put(out, d);
      put(out, static_cast<std::uint64_t>(v.tensor.bytes.size()));
      wire::put_bytes(out, v.tensor.bytes.data(), v.tensor.bytes.size());
      break;
    case ValueKind::Symbol:
      put_counted(out, v.head.data(), v.head.size());
      break;
    case ValueKind::Term:
      put_counted(out, v.head.data(), v.head.size());
      put(out, v.output);
      [[fallthrough]];
    case ValueKind::Sequence:
      put(out, static_cast<std::uint32_t>(v.args.size()));
      for (const ValueId part : v.args) put(out, part);
      break;
    case ValueKind::Error:
      put(out, v.error);
      break;
    case ValueKind::Handle:
      put(out, v.variable);
      break;
  }
}

void ValueReceiver::read(const unsigned char* data, std::size_t size) {
  wire::Reader<ValueExchangeError> in(data, size, "a value message ends inside a definition");
  const auto ids = [&] {
    const auto count = in.get<std::uint32_t>();
    std::vector<ValueId> parts;
    for (std::uint32_t k = 0; k < count; ++k) parts.push_back(local(in.get<ValueId>()));
    return parts;
  };
  const auto text = [&] {
    const std::vector<unsigned char> b = in.bytes(in.get<std::uint32_t>());
    return std::string(b.begin(), b.end());
  };
  while (!in.done()) {
    const auto remote = in.get<ValueId>();
    if (remote < kFirstValue) throw ValueExchangeError("a value message defines a sentinel");
    const auto kind = in.get<ValueKind>();
    ValueId id;
    switch (kind) {
      case ValueKind::Tensor: {
        eval::Tensor t;
        t.dtype = in.get<eval::DType>();
        if (static_cast<unsigned>(t.dtype) > static_cast<unsigned>(eval::DType::Bool)) {
          throw ValueExchangeError("a value message holds an unknown dtype");
        }
        const auto rank = in.get<std::uint32_t>();
        std::uint64_t elements = 1;
        for (std::uint32_t k = 0; k < rank; ++k) {
          const auto d = in.get<std::int64_t>();
          if (d < 0 ||
              (d > 0 && elements > (std::uint64_t{1} << 40) / static_cast<std::uint64_t>(d))) {
            throw ValueExchangeError("a value message holds a tensor of an impossible shape");
          }
          elements *= static_cast<std::uint64_t>(d);
          t.shape.push_back(d);
        }
        const auto bytes = in.get<std::uint64_t>();
        if (bytes != elements * eval::dtype_size(t.dtype)) {
          throw ValueExchangeError("a value message holds a tensor of the wrong size");
        }
        t.bytes = in.bytes(bytes);
        id = values_.tensor(std::move(t));
        break;
      }
      case ValueKind::Symbol:
        id = values_.symbol(text());
        break;
      case ValueKind::Term: {
        std::string head = text();
        const auto output = in.get<std::int32_t>();
        id = values_.term(std::move(head), output, ids());
        break;
      }
      case ValueKind::Sequence:
        id = values_.sequence(ids());
        break;
      case ValueKind::Error: {
        const auto error = in.get<eval::ErrorKind>();
        if (static_cast<unsigned>(error) > static_cast<unsigned>(eval::ErrorKind::Arithmetic)) {
          throw ValueExchangeError("a value message holds an unknown error");
        }
        id = values_.error(error);
        break;
      }
      case ValueKind::Handle:
        id = values_.handle(in.get<std::uint32_t>());
        break;
      default:
        throw ValueExchangeError("a value message holds an unknown kind of value");
    }
    if (remote >= kNearIds) {
      far_[remote] = id;
      continue;
    }
    if (near_.size() <= remote) near_.resize(static_cast<std::size_t>(remote) + 1, kUndefined);
    near_[remote] = id;
  }
}

ValueId ValueReceiver::far(ValueId remote) const {
  const auto it = far_.find(remote);
  return it == far_.end() ? kUndefined : it->second;
}

void ValueReceiver::undefined() {
  throw ValueExchangeError("a message refers to a value it never defined");
}

}  // namespace tfmc::sem
