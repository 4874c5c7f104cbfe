#include "semantics/values/shared_terms.h"

#include <fmt/format.h>

#include "semantics/values/tensor_summary.h"

namespace tfmc::sem {
namespace {

// Lengths past this are all "too long"; the cap keeps sums of shared parts from overflowing.
constexpr std::uint64_t kLengthCap = std::uint64_t{1} << 40;

bool composite(const Value& v) {
  return v.kind == ValueKind::Term || v.kind == ValueKind::Sequence;
}

bool is_sentinel(ValueId id) { return id == kEmpty || id == kGo || id == kDead; }

// `Op(` or `Op.j(`: a term's text before its arguments.
std::string term_opening(const Value& v) {
  return v.output >= 0 ? fmt::format("{}.{}(", v.head, v.output) : v.head + "(";
}

// A term or sequence written with the given texts of its arguments.
std::string composite_text(const Value& v, const std::vector<std::string>& args) {
  return v.kind == ValueKind::Term ? fmt::format("{}{})", term_opening(v), fmt::join(args, ", "))
                                   : fmt::format("[{}]", fmt::join(args, ", "));
}

// Visits the parts of `root` after their own parts (post-order), each once per call, going
// into a part only while `enter(part)` says so; `root` is visited last.
template <class Enter, class Visit>
void post_order(const ValueStore& values, ValueId root, Enter enter, Visit visit) {
  struct Frame {
    ValueId id;
    std::size_t next = 0;
  };
  std::vector<Frame> stack{{root}};
  while (!stack.empty()) {
    Frame& top = stack.back();
    const Value* v = is_sentinel(top.id) ? nullptr : &values.get(top.id);
    if (v != nullptr && composite(*v) && top.next < v->args.size()) {
      const ValueId arg = v->args[top.next++];
      if (enter(arg)) stack.push_back({arg});
      continue;
    }
    const ValueId done = top.id;
    stack.pop_back();
    visit(done);
  }
}

}  // namespace

SharedTerms::SharedTerms(const ValueStore& values,
                         std::function<std::string(const eval::Tensor&)> tensor_text)
    : values_(values), tensor_text_fn_(std::move(tensor_text)) {}

const std::string& SharedTerms::tensor_text(ValueId id) {
  auto it = tensor_texts_.find(id);
  if (it == tensor_texts_.end()) {
    it = tensor_texts_.emplace(id, tensor_text_fn_(values_.get(id).tensor)).first;
  }
  return it->second;
}

bool SharedTerms::nameable(ValueId id) const {
  if (is_sentinel(id)) return false;
  const Value& v = values_.get(id);
  return v.kind == ValueKind::Term || (v.kind == ValueKind::Tensor && is_large(v.tensor));
}

std::uint64_t SharedTerms::inline_length(ValueId root) {
  post_order(
      values_, root, [&](ValueId part) { return !lengths_.contains(part); },
      [&](ValueId id) {
        if (lengths_.contains(id)) return;
        std::uint64_t n = 0;
        const Value* v = is_sentinel(id) ? nullptr : &values_.get(id);
        if (v != nullptr && composite(*v)) {
          n = v->kind == ValueKind::Term ? term_opening(*v).size() + 1 : 2;
          if (!v->args.empty()) n += 2 * (v->args.size() - 1);
          for (ValueId arg : v->args) n += lengths_.at(arg);
        } else if (v != nullptr && v->kind == ValueKind::Tensor) {
          n = tensor_text(id).size();
        } else {
          n = values_.print(id).size();
        }
        lengths_[id] = std::min(n, kLengthCap);
      });
  return lengths_.at(root);
}

std::string SharedTerms::text(ValueId id, bool use_names) {
  if (use_names) {
    if (const auto it = names_.find(id); it != names_.end()) return it->second;
  }
  const Value* v = is_sentinel(id) ? nullptr : &values_.get(id);
  if (v == nullptr) return values_.print(id);
  if (v->kind == ValueKind::Tensor) return tensor_text(id);
  if (!composite(*v)) return values_.print(id);
  std::vector<std::string> args;
  for (ValueId arg : v->args) args.push_back(text(arg, use_names));
  return composite_text(*v, args);
}

std::string SharedTerms::definition(ValueId id) {
  const Value& v = values_.get(id);
  if (!composite(v)) return text(id, false);
  std::vector<std::string> args;
  for (ValueId arg : v.args) args.push_back(text(arg, true));
  return composite_text(v, args);
}

std::string SharedTerms::print(ValueId id, std::vector<TermDefinition>& fresh) {
  // Values without parts are not kept: a report may print many large tensors.
  if (is_sentinel(id)) return values_.print(id);
  if (!composite(values_.get(id))) {
    return values_.is_concrete(id) ? tensor_text_fn_(values_.get(id).tensor) : values_.print(id);
  }
  if (inline_length(id) <= kInlineTermChars) return text(id, false);
  post_order(
      values_, id, [&](ValueId part) { return !names_.contains(part); },
      [&](ValueId part) {
        if (part == id || !nameable(part) || names_.contains(part)) return;
        const std::string name = fmt::format("%{}", ++defined_);
        fresh.emplace_back(name, definition(part));
        names_.emplace(part, name);
      });
  return definition(id);
}

}  // namespace tfmc::sem
