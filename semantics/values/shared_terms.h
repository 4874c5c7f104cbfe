// Long terms printed as numbered definitions of their parts (FORMAT.md, "Long terms").
//
// A term is a graph: the weights of a model and the sub-terms that several ops read appear
// once in the value store however often they are used, but a term's canonical text writes
// each use out in full, so the text of a model's output term can be hundreds of megabytes.
// SharedTerms prints a value whose inline text would be longer than kInlineTermChars
// characters as its application with numbered names for its parts instead: every sub-term
// and every large tensor inside it is defined once, as `%N = Op(args)`, its arguments being
// names of earlier definitions or short values written out (symbols, small tensors, errors).
// Numbers count from 1 in the order the definitions are made, a sub-term's parts before the
// sub-term; one SharedTerms serves a whole list of outcomes, so a part that several values
// share is defined once, with the first value that needs it. A value whose inline text is at
// most kInlineTermChars prints as its canonical text, so short terms read as before.
//
// Each value is visited once however often it is shared, and traversal uses an explicit
// stack, so a term thousands of applications deep neither overflows the stack nor takes time
// proportional to its unshared size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "semantics/values/value_store.h"

namespace tfmc::sem {

inline constexpr std::size_t kInlineTermChars = 200;

// A name and the text it stands for: `%3` and `Conv2D(X, %2)`.
using TermDefinition = std::pair<std::string, std::string>;

class SharedTerms {
 public:
  // `tensor_text` prints a concrete tensor as the report's value rules say (every element,
  // its summary or its digest form); the same tensor must always give the same text.
  SharedTerms(const ValueStore& values,
              std::function<std::string(const eval::Tensor&)> tensor_text);

  // The text of value `id`. When it is printed with names, the definitions it needs that no
  // earlier call made are appended to `fresh`, in order.
  std::string print(ValueId id, std::vector<TermDefinition>& fresh);

 private:
  // The length of id's inline text, saturating at kLengthCap.
  std::uint64_t inline_length(ValueId id);
  // id's text: with `use_names`, a part that has a name is written as its name.
  std::string text(ValueId id, bool use_names);
  // What a name stands for: a large tensor's text, or an application with its arguments'
  // names.
  std::string definition(ValueId id);
  // Whether id is defined by name inside a long value: terms and large tensors.
  bool nameable(ValueId id) const;
  const std::string& tensor_text(ValueId id);

  const ValueStore& values_;
  std::function<std::string(const eval::Tensor&)> tensor_text_fn_;
  std::unordered_map<ValueId, std::uint64_t> lengths_;
  std::unordered_map<ValueId, std::string> tensor_texts_;
  std::unordered_map<ValueId, std::string> names_;
  std::size_t defined_ = 0;
};

}  // namespace tfmc::sem
