#include "tools/app/cli.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <CLI/CLI.hpp>
#include <new>

#include "checker/state_log.h"
#include "tools/app/command_options.h"
#include "tools/app/commands.h"
#include "tools/app/exit_codes.h"

namespace tfmc::app {
namespace {

const char* const kDescription =
    "tfmc: an exhaustive model checker for TensorFlow-style dataflow graphs with mutable\n"
    "state. It explores every legal firing order of a program and reports every reachable\n"
    "outcome (output and variable values) with a witness firing sequence. A program is a\n"
    ".tfg file or a graph file that TensorFlow writes: a GraphDef (text or binary), a\n"
    "MetaGraphDef (.meta) or a SavedModel's saved_model.pb (its first MetaGraph, or the\n"
    "one --tag names).";

const char* const kFooter =
    "Exit codes of check: 0 complete with exactly one outcome; 1 complete with several\n"
    "outcomes or a stuck one; 2 bad usage or bad input; 3 a limit stopped exploration.\n"
    "Exit codes of compare: 0 AFTER refines BEFORE (is equivalent, with --equivalent); 1\n"
    "not; 2 bad usage, bad input or mismatched names; 3 a limit stopped an exploration.\n"
    "Exit codes of races: 0 no race; 1 races; 2 bad usage or bad input.\n"
    "Every command exits 4 on an internal error (a bug in tfmc; please report it).\n"
    "The .tfg language and the graph files are described in specs/FORMAT.md.";

const CLI::App* add_check(CLI::App& app, CheckOptions& check, ExplorationFlags& flags) {
  CLI::App* cmd = app.add_subcommand(
      "check", "Explore every interleaving of FILE and report the reachable outcomes.");
  add_files(cmd, check.session);
  add_exploration_options(cmd, check, flags,
                          "races, nondeterminism, stuck outcomes and a stopped exploration as "
                          "results at the lines of the nodes involved");
  cmd->add_flag_callback(
      "--no-race-classification", [&check] { check.classify_races = false; },
      "list the races without classifying them: by default each race of a nondeterministic "
      "result is observable when its two nodes fail to commute in an explored state, and "
      "otherwise costs two more explorations (one per order of the two nodes, with the same "
      "limits) that tell whether its order changes the outcomes (observable) or not (benign)");
  return cmd;
}

const CLI::App* add_compare(CLI::App& app, CompareOptions& compare, ExplorationFlags& flags) {
  CLI::App* cmd = app.add_subcommand(
      "compare",
      "Explore BEFORE and AFTER (a rewrite of BEFORE) and tell whether AFTER refines BEFORE "
      "(every outcome of AFTER is one of BEFORE) or is equivalent (the same outcomes), listing "
      "the outcomes AFTER adds (with witnesses in AFTER) and those it loses.");
  cmd->add_option("BEFORE AFTER", compare.session.files,
                  "the two programs (.tfg or TensorFlow graph files)")
      ->required()
      ->expected(2);
  add_exploration_options(cmd, compare, flags,
                          "each outcome AFTER adds as an error and each one it loses as a note, "
                          "at AFTER's lines of the outputs and variables whose values differ");
  cmd->add_option("--map", compare.maps,
                  "OLD=NEW: BEFORE's output or variable OLD is AFTER's NEW (repeatable)");
  cmd->add_option("--ignore", compare.ignored,
                  "leave AFTER's output or variable NAME out of the comparison (repeatable)");
  cmd->add_flag("--equivalent", compare.require_equivalent,
                "exit 0 only when the outcome sets are equal, not merely refined");
  return cmd;
}

const CLI::App* add_races(CLI::App& app, RacesOptions& races, FormatFlags& format) {
  CLI::App* cmd = app.add_subcommand(
      "races",
      "List the races of FILE without exploring it: pairs of unordered accesses to one "
      "variable, at least one of them a write, with their lines, variable and kind "
      "(read-write, write-write, update-update).");
  add_files(cmd, races.session);
  add_session_options(cmd, races.session);
  add_format_options(cmd, races.format, format,
                     "each race as a result at the lines of its two nodes");
  return cmd;
}

const CLI::App* add_dot(CLI::App& app, DotOptions& dot) {
  CLI::App* cmd = app.add_subcommand(
      "dot",
      "Write FILE as a Graphviz graph: tensor edges solid, variable edges dashed, "
      "control edges dotted.");
  add_files(cmd, dot.session);
  add_session_options(cmd, dot.session);
  cmd->add_option("-o,--output", dot.output, "write to this file instead of stdout");
  return cmd;
}

const CLI::App* add_import(CLI::App& app, ImportOptions& import) {
  CLI::App* cmd = app.add_subcommand(
      "import",
      "Write the TensorFlow graph file FILE as a .tfg program: the run that --fetch, --target "
      "and --init select (the whole graph without them), names that are not .tfg names "
      "mangled reversibly.");
  cmd->add_option("FILE", import.session.files, "the TensorFlow graph file")
      ->required()
      ->expected(1);
  cmd->add_option("--feed", import.session.feeds,
                  "NAME=VALUE: the placeholder NAME is fed (an input of the program) with VALUE "
                  "(repeatable)");
  add_graph_options(cmd, import.session.graph);
  cmd->add_option("-o,--output", import.output, "write to this file instead of stdout");
  return cmd;
}

// Parses `args` and runs the command they name.
int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{kDescription, "tfmc"};
  app.set_version_flag("--version", std::string("tfmc ") + TFMC_VERSION);
  app.require_subcommand(1);
  app.footer(kFooter);
  CheckOptions check;
  ExplorationFlags check_flags;
  const CLI::App* check_cmd = add_check(app, check, check_flags);
  CompareOptions compare;
  ExplorationFlags compare_flags;
  const CLI::App* compare_cmd = add_compare(app, compare, compare_flags);
  RacesOptions races;
  FormatFlags races_format;
  const CLI::App* races_cmd = add_races(app, races, races_format);
  DotOptions dot;
  const CLI::App* dot_cmd = add_dot(app, dot);
  ImportOptions import;
  add_import(app, import);

  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  if (check_cmd->parsed()) {
    return finish_exploration(check_flags, check, err) ? run_check(check, out, err) : kExitBadInput;
  }
  if (compare_cmd->parsed()) {
    return finish_exploration(compare_flags, compare, err) ? run_compare(compare, out, err)
                                                           : kExitBadInput;
  }
  if (races_cmd->parsed()) {
    return finish_format(races_format, races.format, err) ? run_races(races, out, err)
                                                          : kExitBadInput;
  }
  if (dot_cmd->parsed()) return run_dot(dot, out, err);
  return run_import(import, out, err);
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
