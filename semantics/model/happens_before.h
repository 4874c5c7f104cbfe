// Static happens-before analysis of a Program, and the races it leaves open.
//
// Node a happens before node b when a path of edges (tensor, variable or control) leads from a
// to b: every run fires a before b, since b cannot fire until everything upstream has. Two
// accesses of one variable (Read, Assign or Update nodes) race when no path orders them and at
// least one of them writes it: some run fires them in one order, another run in the other (the
// graph is a DAG without blocking, so every run fires every node, and two unordered nodes
// can be fired in either order).
//
// Race kinds, from the accesses' kinds (a Write ignores the old value, an update such as
// AssignAdd or an optimizer's Update reads and writes it atomically):
//   read-write    a Read against a Write or an update;
//   write-write   two Writes, or a Write against an update;
//   update-update two updates.
//
// The partial-order reduction (checker/reduced_model.h) uses the same relation, over every
// resource: two ops of one queue or one mutex, and two nodes of one critical section in
// different section instances (resource_access.h), conflict like a write and a read do. Its racing
// partners are the conflicting pairs that no path orders, and a racy ancestor is a racing node that
// always fires first. Only the races on variables are reported to the user.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "semantics/program/program.h"

namespace tfmc::sem {

enum class RaceKind : std::uint8_t { ReadWrite, WriteWrite, UpdateUpdate };

const char* race_kind_name(RaceKind kind);  // "read-write", "write-write", "update-update"

struct Race {
  std::uint32_t first = 0;   // node index; first's statement comes first in the file
  std::uint32_t second = 0;  // node index
  std::uint32_t variable = 0;
  RaceKind kind = RaceKind::ReadWrite;
};

struct Concurrency {
  // Every race on a variable, sorted by (first's location, second's location, indices).
  std::vector<Race> races;
  // Per node: the nodes it conflicts with and is not ordered with, on any resource or section,
  // in increasing index order (empty for most nodes).
  std::vector<std::vector<std::uint32_t>> racing;
  // Per node that races: the nodes that race (with anything) and happen before it, in
  // increasing index order. Empty for nodes that do not race. Here a Choice node with several
  // alternatives races too (they exclude each other).
  std::vector<std::vector<std::uint32_t>> racy_ancestors;
  // Whether `stop` ended the analysis early: then `races` and `racing` hold what was found
  // until then, and `racy_ancestors` nothing.
  bool stopped = false;
};

// The analysis costs one graph search per access, bounded by the nodes downstream of it.
// `stop`, when given, is asked before each search; when it answers true the analysis ends
// there (`tfmc races` under --max-seconds and --max-memory).
Concurrency analyze_concurrency(const Program& program,
                                const std::function<bool()>& stop = nullptr);

}  // namespace tfmc::sem
