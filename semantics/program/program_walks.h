// Walks over a Program's nodes along its edges (tensor, variable and control alike): what the
// successor generator, the happens-before analysis, ordering, pruning and the slots that reach
// an outcome all need. Input edges (no source) and output edges (no destination) lead to no
// node. They read the node lists (Node::outputs, control_outputs, inputs, controls), which
// program_edit.h keeps consistent with the edges.
//
// Node a happens before node b when a non-empty path leads from a to b: every run fires a
// before b, since b cannot fire until everything upstream of it has.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "semantics/program/program.h"

namespace tfmc::sem {

// The nodes that consume an edge of `node`, in the order of its outputs and then its control
// outputs; a node fed by several of them appears once per edge.
std::vector<std::uint32_t> consumers(const Program& program, std::uint32_t node);

// The nodes that produce an edge into `node`, in the order of its inputs and then its
// controls; input edges have no producer. A node feeding it by several edges appears once per
// edge.
std::vector<std::uint32_t> producers(const Program& program, std::uint32_t node);

// Every node once, each after all of its producers: the nodes without producers in index
// order, then the others in the order their last producer is taken (Kahn's algorithm with a
// first-in first-out queue). The program must be acyclic (checked).
std::vector<std::uint32_t> topological_order(const Program& program);

// Per node: whether it is one of `seeds` or some seed is downstream of it (it happens before a
// seed). Seeds equal to kNone are skipped, so an output edge's source can be passed as is.
std::vector<bool> upstream_closure(const Program& program, std::span<const std::int32_t> seeds);

// True when `from` happens before `to`.
bool reaches(const Program& program, std::uint32_t from, std::uint32_t to);

// Repeated forward searches over one program. One stamp array serves every search: a node is
// reached by the current search when its mark equals the search's stamp, so a search costs
// only the nodes downstream of its source.
class DownstreamSearch {
 public:
  explicit DownstreamSearch(const Program& program);

  // Finds every node that `source` happens before (not `source` itself, the graph being
  // acyclic).
  void search(std::uint32_t source);
  // After search(): whether `node` was found, and every node found (in no particular order).
  bool reached(std::uint32_t node) const { return marks_[node] == stamp_; }
  const std::vector<std::uint32_t>& reached() const { return found_; }

 private:
  const Program& program_;
  std::vector<std::uint32_t> marks_;
  std::vector<std::uint32_t> stack_;
  std::vector<std::uint32_t> found_;
  std::uint32_t stamp_ = 0;
};

}  // namespace tfmc::sem
