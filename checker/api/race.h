// The races of a program as the checking API reports them: the pairs of the static analysis
// (semantics/model/happens_before.h) with the names and places of their nodes, and, once a
// check has classified them (race_classification.h), whether their order is observable.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/model/happens_before.h"
#include "semantics/program/program.h"

namespace tfmc::api {

struct Race {
  std::uint32_t first_node = 0;  // node indices in the program
  std::uint32_t second_node = 0;
  std::string first;  // node names; first's statement comes first in the file
  std::string second;
  int first_line = 0;  // the nodes' statement lines
  int second_line = 0;
  std::string first_file;  // the files of those statements
  std::string second_file;
  std::string variable;
  std::string kind;  // "read-write", "write-write" or "update-update"
  // Whether the order of the two nodes can change what the program computes: empty when
  // unknown, and then `unknown_reason` says why.
  std::optional<bool> observable;
  std::string unknown_reason;
};

// The races of `concurrency` (computed for `program`), in its order, not classified.
std::vector<Race> races_of(const sem::Program& program, const sem::Concurrency& concurrency);

}  // namespace tfmc::api
