// Several executions of programs in one Program: concurrent executions interleaved freely (the
// RFC's "N graphs running in the same TensorFlow session") and repeated runs one after
// another (Session.Run called N times), with the resources persisting between them.
//
// compose(programs, runs) makes runs x K executions, K = programs.size(): run r (1-based)
// holds one execution of every program, and all executions of one run interleave freely.
//   - Resources are shared by name: every variable, queue and mutex of that name in any
//     program is one slot. Declaring one name with a different INIT, capacity or resource kind
//     in two programs is an InputError naming both places (FILE:LINE:COL).
//   - Critical sections are shared by name: the section rule of program.h holds across all
//     executions.
//   - Everything else is copied per execution: nodes, edges (input edges with the same fed
//     values), named outputs and targets. Execution k (1-based) of run r has
//     Node::execution = (r - 1) * K + (k - 1), and its nodes, inputs and outputs get a suffix:
//       `@k`    with one run and K >= 2 executions (`w` -> `w@2`, `&x@w` -> `&x@w@2`),
//       `@r`    with N >= 2 runs of one execution (`r` -> `r@3`),
//       `@r.k`  with N >= 2 runs of K >= 2 executions (`w` -> `w@2.1`),
//       none    with one run of one execution (the program itself).
//   - Run r >= 2 starts only when run r-1 has fired every node: an implicit barrier node named
//     `~runR` (a function node of no inputs and no outputs, op `NoOp`, as TensorFlow writes
//     control-only nodes) has a control edge from every node of run r-1 that has no edge to
//     another node, and a control edge to every node of run r all of whose incoming edges are
//     input edges; every other node of run r waits for one of those. A run that ends stuck
//     therefore leaves the barrier and every later run unfired (blocked). The barrier's
//     Node::execution is that of run r's first execution.
// Suffixed and barrier names contain `@` or `~`, which user names cannot, so they never
// collide. The invariants of program.h hold for the result; each node still fires at most
// once, so the static order and the partial-order reduction apply unchanged.
//
// All programs must have been built with the same ValueStore (`values`): the composed program
// keeps their value ids (fed values, INITs, Choice alternatives, Const values) as they are.
// Functions are re-added to the composed FunctionTable. Program::file is the programs' files,
// each once, joined by ", ". Prune each program (prune.h) before composing, as each
// Session.Run call prunes its own graph.
#pragma once

#include <cstdint>
#include <span>

#include "semantics/program/program.h"
#include "semantics/values/value_store.h"

namespace tfmc::sem {

// `runs` >= 1 and at least one program; throws InputError on conflicting declarations.
Program compose(std::span<const Program> programs, std::uint32_t runs, const ValueStore& values);

// The Session.Run calls before the checked one (--init): each program of `setup` runs to
// completion, in order, and then `program` (itself possibly composed) runs. Resources are
// shared by name as in compose; setup i's nodes get the suffix `@init` (one setup program) or
// `@initI`, and for i >= 2 wait for the barrier `~initI` after setup i-1; the nodes of
// `program` keep their names and wait for the barrier `~run` after the last setup. Executions are
// numbered on: setup programs first, then `program`'s own, shifted.
Program run_after(std::span<const Program> setup, const Program& program, const ValueStore& values);

}  // namespace tfmc::sem
