// How the program a command works on is made from its files and options (FORMAT.md section
// 5): the same for check, races, dot and each side of compare.
//
//   1. Each FILE is read and built (semantics/build/program_builder.h load_programs); a --feed goes
//      to every file that declares that input.
//   2. --model rfc splits every resource update into read, compute and write
//      (semantics/program/update_model.h); executor, the default, keeps each one atomic.
//   3. --prune keeps what the outputs and `target`s need (semantics/program/prune.h), per
//      file, as each Session.Run prunes its own graph.
//   4. With several FILEs, --concurrent K or --runs N, the executions are composed
//      (semantics/program/compose.h): each FILE K times, in argument order, all interleaved
//      in one run, and N such runs one after another; names get the suffix `@k`, `@r` or
//      `@r.k`. One run of one FILE is the program itself.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
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
};

// Throws sem::InputError on bad input, a bad feed or conflicting declarations.
sem::Program load_session(const SessionOptions& options, sem::ValueStore& values);

// Parses --feed texts (NAME=VALUE); throws sem::InputError on the first bad one.
std::vector<sem::Feed> parse_feeds(const std::vector<std::string>& texts);

}  // namespace tfmc::api
