#include "tools/app/cli.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <new>

#include "checker/exploration.h"
#include "tools/app/command_options.h"
#include "tools/app/commands.h"
#include "tools/app/exit_codes.h"
#include "tools/app/version_info.h"

namespace tfmc::app {
namespace {

const char* const kDescription =
    "tfmc: an exhaustive model checker for TensorFlow-style dataflow graphs with mutable\n"
    "state. It explores every legal firing order of a program and reports every reachable\n"
    "outcome (output and variable values) with a witness firing sequence. A program is a\n"
    ".tfg file or a graph file that TensorFlow writes: a GraphDef (text or binary), a\n"
    "MetaGraphDef (.meta) or a SavedModel, given as its directory or its saved_model.pb\n"
    "(its first MetaGraph, or the one --tag names).";

const char* const kFooter =
    "Exit codes of check: 0 complete with exactly one outcome; 1 complete with several\n"
    "outcomes or a stuck one; 2 bad usage or bad input; 3 a limit stopped exploration;\n"
    "5 several outcomes that only values of uninterpreted functions or symbols decide.\n"
    "Exit codes of compare: 0 AFTER refines BEFORE (is equivalent, with --equivalent); 1\n"
    "not; 2 bad usage, bad input or mismatched names; 3 a limit stopped an exploration.\n"
    "Exit codes of races: 0 no race; 1 races; 2 bad usage or bad input; 3 a limit stopped\n"
    "the analysis.\n"
    "Exit codes of sample: as check's, for the outcomes the schedules reached; 3 a limit\n"
    "stopped the schedules.\n"
    "Every command exits 4 on an internal error (a bug in tfmc; please report it).\n"
    "The .tfg language and the graph files are described in specs/FORMAT.md.";

// Parses `args` and runs the command they name.
int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  // --max-seconds bounds the whole command, from here (checker/limit_watch.h).
  const auto start = std::chrono::steady_clock::now();
  CLI::App app{kDescription, "tfmc"};
  app.set_version_flag("--version", std::string("tfmc ") + version_text());
  app.require_subcommand(1);
  app.footer(kFooter);
  CommandLine line;
  add_commands(app, line);

  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  line.check.limits.since = start;
  line.compare.limits.since = start;
  line.races.limits.since = start;
  line.sample.limits.since = start;
  if (line.check_cmd->parsed()) {
    return finish_exploration(line.check_flags, line.check, err) &&
                   finish_likelihood(line.check, err)
               ? run_check(line.check, out, err)
               : kExitBadInput;
  }
  if (line.compare_cmd->parsed()) {
    return finish_exploration(line.compare_flags, line.compare, err)
               ? run_compare(line.compare, out, err)
               : kExitBadInput;
  }
  if (line.races_cmd->parsed()) {
    return finish_races(line, line.races, err) ? run_races(line.races, out, err) : kExitBadInput;
  }
  if (line.sample_cmd->parsed()) {
    return finish_sample(line.sample_flags, line.sample, err) ? run_sample(line.sample, out, err)
                                                              : kExitBadInput;
  }
  if (line.dot_cmd->parsed()) return run_dot(line.dot, out, err);
  if (line.describe_cmd->parsed()) return run_describe(line.describe, out, err);
  return run_import(line.import, out, err);
}

}  // namespace

int guard_internal_errors(const std::function<int()>& command, std::ostream& out,
                          std::ostream& err) {
  // Input errors are handled where they are thrown; whatever reaches here is a bug in tfmc
  // (semantics/errors/invariant.h), exhausted memory, or a state file the machine cannot hold.
  try {
    return command();
  } catch (const std::bad_alloc&) {
    out.flush();
    fmt::print(err,
               "tfmc: internal error: out of memory before --max-memory stopped the run; please "
               "report it with the command line and its input files\n");
  } catch (const check::StorageError& e) {
    out.flush();
    fmt::print(err, "tfmc: error: {}\n", e.what());
  } catch (const std::exception& e) {
    out.flush();
    fmt::print(err,
               "tfmc: internal error: {}; this is a bug in tfmc, please report it with the "
               "command line and its input files\n",
               e.what());
  }
  return kExitInternalError;
}

int run_tfmc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return guard_internal_errors([&] { return run_command(args, out, err); }, out, err);
}

}  // namespace tfmc::app
