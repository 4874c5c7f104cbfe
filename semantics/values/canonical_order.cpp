#include "semantics/values/canonical_order.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <string_view>
#include <vector>

namespace tfmc::sem {
namespace {

bool has_parts(const ValueStore& values, ValueId id) {
  if (id == kEmpty || id == kGo || id == kDead) return false;
  const ValueKind kind = values.get(id).kind;
  return kind == ValueKind::Term || kind == ValueKind::Sequence;
}

}  // namespace

const std::string& CanonicalOrder::leaf(ValueId id) {
  auto it = leaves_.find(id);
  if (it == leaves_.end()) it = leaves_.emplace(id, values_.print(id)).first;
  return it->second;
}

// One value's canonical text as a series of pieces, in order: a term's `Op(` (or `Op.j(`), its
// arguments' pieces with `, ` between them and `)`; a sequence's `[`, items and `]`; a value
// without parts as its kept text.
class CanonicalOrder::Cursor {
 public:
  Cursor(CanonicalOrder& order, ValueId root) : order_(order) { stack_.push_back({root}); }

  // The value whose text starts here, when the next piece is the start of a whole value not
  // yet begun; kEmpty otherwise (a separator, a closing bracket or the end comes next).
  ValueId upcoming() {
    settle();
    return !stack_.empty() && !stack_.back().opened ? stack_.back().id : kEmpty;
  }

  // Passes over the value upcoming() names, as if its pieces had been read.
  void skip() { stack_.pop_back(); }

  // The next piece, empty at the end. It stays valid until the next call.
  std::string_view next() {
    while (!stack_.empty()) {
      settle();
      Frame& f = stack_.back();
      if (!has_parts(order_.values_, f.id)) {
        const ValueId id = f.id;
        stack_.pop_back();
        return order_.leaf(id);
      }
      const Value& v = order_.values_.get(f.id);
      const bool term = v.kind == ValueKind::Term;
      if (!f.opened) {
        f.opened = true;
        opening_ = !term          ? std::string("[")
                   : v.output < 0 ? v.head + "("
                                  : fmt::format("{}.{}(", v.head, v.output);
        return opening_;
      }
      if (f.next < v.args.size()) {  // settle() left a separator to write
        f.separated = true;
        return ", ";
      }
      stack_.pop_back();
      return term ? ")" : "]";
    }
    return {};
  }

 private:
  struct Frame {
    ValueId id;
    std::size_t next = 0;
    bool opened = false;
    bool separated = false;
  };
  // Enters the next argument of the value being written while no separator is due before it.
  void settle() {
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      if (!f.opened || !has_parts(order_.values_, f.id)) return;
      const Value& v = order_.values_.get(f.id);
      if (f.next >= v.args.size() || (f.next > 0 && !f.separated)) return;
      f.separated = false;
      stack_.push_back({v.args[f.next++]});
    }
  }

  CanonicalOrder& order_;
  std::vector<Frame> stack_;
  std::string opening_;
};

int CanonicalOrder::compare(ValueId a, ValueId b) {
  if (a == b) return 0;
  Cursor x(*this, a), y(*this, b);
  std::string_view p, q;
  while (true) {
    // Where both texts start the same value, its text is the same in both: pass over it.
    while (p.empty() && q.empty() && x.upcoming() != kEmpty && x.upcoming() == y.upcoming()) {
      x.skip();
      y.skip();
    }
    if (p.empty()) p = x.next();
    if (q.empty()) q = y.next();
    if (p.empty() || q.empty()) return p.empty() ? (q.empty() ? 0 : -1) : 1;
    const std::size_t n = std::min(p.size(), q.size());
    if (const int c = std::memcmp(p.data(), q.data(), n); c != 0) return c;
    p.remove_prefix(n);
    q.remove_prefix(n);
  }
}

}  // namespace tfmc::sem
