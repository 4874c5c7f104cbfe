// How the program a command works on is made from its files and options (FORMAT.md, "Sessions:
// several files, runs and concurrent executions", and "TensorFlow graph files"): the same for
// check, races, dot and each side of compare.
//
//   1. Each FILE is read and built (semantics/loading/file_loading.h load_files); a --feed goes
//      to every file that declares that input. A TensorFlow graph file is imported as the
//      run --fetch, --target and --init select (semantics/graphdef/graphdef_import.h) and
//      pruned to what --fetch and --target need, as Session.Run prunes; each --init NAME
//      becomes a run of its own, NAME and what it needs.
//   2. --model rfc splits every resource update into read, compute and write
//      (semantics/program/update_model.h); executor, the default, keeps each one atomic.
//   3. --prune keeps what the outputs and `target`s need (semantics/program/prune.h), per
//      file, as each Session.Run prunes its own graph.
//   4. With several FILEs, --concurrent K or --runs N, the executions are composed
//      (semantics/program/compose.h): each FILE K times, in argument order, all interleaved
//      in one run, and N such runs one after another; names get the suffix `@k`, `@r` or
//      `@r.k`. One run of one FILE is the program itself.
//   5. The --init runs go first, one after another, each to completion
//      (semantics/program/compose.h run_after): their nodes get the suffix `@init`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/loading/file_loading.h"
#include "semantics/program/program.h"
#include "semantics/program/update_model.h"
#include "semantics/values/value_store.h"

namespace tfmc::api {

struct SessionOptions {
  std::vector<std::string> files;
  std::vector<std::string> feeds;  // NAME=VALUE
  std::uint32_t runs = 1;
  std::uint32_t concurrent = 1;
  sem::UpdateModel model = sem::UpdateModel::Executor;
  bool prune = false;
  sem::GraphFileOptions graph;  // --fetch, --target, --init, --strict, --tag
  std::uint32_t max_iterations = sem::kDefaultMaxIterations;  // per loop frame
  // Files of `files` given by their bytes, not read from disk (file_loading.h FileContents).
  sem::FileContents contents;
};

// What loading found that a check's report states (FORMAT.md, "The JSON result": refs).
struct SessionFacts {
  // The model the graph files' ref variables follow, "alias" or "mapl" (--refs); empty when
  // no FILE has a ref variable.
  std::string refs;
};

// Throws sem::InputError on bad input, a bad feed or conflicting declarations. `notes`, when
// given, receives lines for stderr: ops of graph files without a mapping (`FILE: warning:`),
// what runs when a graph file's run is chosen by default and how its ref variables behave
// (`FILE: note:`); `facts`, when given, what the report states.
sem::Program load_session(const SessionOptions& options, sem::ValueStore& values,
                          std::vector<std::string>* notes = nullptr, SessionFacts* facts = nullptr);

// `tfmc import`: the one graph file of `options` imported as its graph options and feeds say
// (semantics/loading/file_loading.h load_graph_ast), as .tfg text
// (semantics/graphdef/tfg_export.h). Throws sem::InputError on bad input.
std::string import_tfg(const SessionOptions& options, sem::ValueStore& values);

// Parses --feed texts (NAME=VALUE); throws sem::InputError on the first bad one.
std::vector<sem::Feed> parse_feeds(const std::vector<std::string>& texts);

}  // namespace tfmc::api
