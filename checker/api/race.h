// The races of a program as the checking API reports them: the pairs of the static analysis
// (semantics/model/happens_before.h) with the names and places of their nodes, and, once a
// check has classified them (race_classification.h), whether their order is observable.
//
// In a file with loops every race is between two node instances (`rd[0]` and `wr[1]`): the
// unit that is classified. Reports group them by node pair (race_groups): one group per pair
// of written statements, variable and kind, listing the iterations that race.
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
  // The nodes' iterations of their loop frames, outermost first (sem::Node::iterations):
  // empty outside loops.
  std::vector<std::uint32_t> first_iterations;
  std::vector<std::uint32_t> second_iterations;
  std::string variable;
  std::string kind;  // "read-write", "write-write" or "update-update"
  // Whether the order of the two nodes can change what the program computes: empty when
  // unknown, and then `unknown_reason` says why.
  std::optional<bool> observable;
  std::string unknown_reason;
};

// The races of `concurrency` (computed for `program`), in its order, not classified; without
// those of instances that run only in runs the iteration bound cuts short (beyond_bound.h).
std::vector<Race> races_of(const sem::Program& program, const sem::Concurrency& concurrency);

// The races of one node pair: the same two statements (instances of them in loops), variable
// and kind.
struct RaceGroup {
  // The pair as a whole: `first` and `second` are the statements' names (`rd`, `wr@2`), the
  // nodes, lines and files those of the group's first race. Observable when some race of the
  // group is; otherwise unknown (with the first unknown race's reason) when some race is;
  // otherwise benign.
  Race pair;
  // The group's races in the order of the races given; exactly one unless loops unrolled
  // the statements.
  std::vector<Race> instances;

  // Whether the group speaks of iterations: some race of it has a node in a loop.
  bool in_loops() const;
};

// `races` grouped by node pair, the groups in the order of their first races.
std::vector<RaceGroup> race_groups(const std::vector<Race>& races);

}  // namespace tfmc::api
