// The order of values by their canonical text (FORMAT.md, "How values print"), as the byte
// order of the two texts, without writing terms out whole.
//
// Outcomes are listed in the order of their values' texts (FORMAT.md, "The JSON result"), but
// a term that shares its parts can have a text of hundreds of megabytes (a model's output
// over a symbolic input). CanonicalOrder walks both values' texts piece by piece and stops at
// the first byte where they differ, so comparing costs what the common prefix costs, and
// memory holds only the texts of values without parts (tensors, symbols, errors), each once.
#pragma once

#include <string>
#include <unordered_map>

#include "semantics/values/value_store.h"

namespace tfmc::sem {

class CanonicalOrder {
 public:
  explicit CanonicalOrder(const ValueStore& values) : values_(values) {}

  // Negative, zero or positive as a's canonical text is before, equal to or after b's.
  int compare(ValueId a, ValueId b);

 private:
  class Cursor;
  // The canonical text of a value without parts, kept.
  const std::string& leaf(ValueId id);

  const ValueStore& values_;
  std::unordered_map<ValueId, std::string> leaves_;
};

}  // namespace tfmc::sem
