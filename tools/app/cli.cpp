#include "tools/app/cli.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "tools/app/commands.h"
#include "tools/app/exit_codes.h"

namespace tfmc::app {
namespace {

// "123", "512K", "64M", "4G" (binary multiples) -> bytes; false when malformed.
bool parse_bytes(const std::string& text, std::uint64_t& bytes) {
  std::size_t used = 0;
  unsigned long long value = 0;
  try {
    value = std::stoull(text, &used);
  } catch (const std::exception&) {
    return false;
  }
  std::uint64_t scale = 1;
  const std::string suffix = text.substr(used);
  if (suffix == "K" || suffix == "KiB")
    scale = 1ull << 10;
  else if (suffix == "M" || suffix == "MiB")
    scale = 1ull << 20;
  else if (suffix == "G" || suffix == "GiB")
    scale = 1ull << 30;
  else if (!suffix.empty())
    return false;
  if (value > (~0ull) / scale) return false;
  bytes = value * scale;
  return true;
}

// CLI11's NonNegativeNumber prints the whole double range in its message; say it plainly.
const CLI::Validator kNotNegative(
    [](const std::string& text) {
      return text.find('-') == std::string::npos ? std::string() : "must not be negative";
    },
    "N >= 0");

// Total physical memory in bytes (0 where unknown, which leaves the default unlimited).
std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<std::uint64_t>(pages) * page : 0;
}

}  // namespace

int run_tfmc(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{
      "tfmc: an exhaustive model checker for TensorFlow-style dataflow graphs with mutable\n"
      "state. It explores every legal firing order of a .tfg program and reports every\n"
      "reachable outcome (output and variable values) with a witness firing sequence.",
      "tfmc"};
  app.set_version_flag("--version", std::string("tfmc ") + TFMC_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit codes of check: 0 complete with exactly one outcome; 1 complete with several\n"
      "outcomes or a stuck one; 2 bad usage or bad input; 3 a limit stopped exploration.\n"
      "Exit codes of races: 0 no race; 1 races; 2 bad usage or bad input.\n"
      "The language is described in specs/FORMAT.md.");

  CheckOptions check;
  std::string max_memory;
  CLI::App* check_cmd = app.add_subcommand(
      "check", "Explore every interleaving of FILE and report the reachable outcomes.");
  check_cmd->add_option("FILE", check.file, "the .tfg program")->required();
  check_cmd->add_option("--feed", check.feeds,
                        "NAME=VALUE: give input NAME the literal or symbol VALUE (repeatable; "
                        "a later feed of the same name wins)");
  check_cmd->add_flag("--json", check.json, "print one JSON document instead of the text report");
  check_cmd
      ->add_option("--max-states", check.limits.max_states,
                   "store at most N states, then stop (exit 3); 0 = no limit")
      ->check(kNotNegative);
  check_cmd
      ->add_option("--max-seconds", check.limits.max_seconds,
                   "stop after this many seconds (exit 3); 0 = no limit")
      ->check(kNotNegative);
  check_cmd->add_option("--max-memory", max_memory,
                        "stop when the resident memory reaches this size, e.g. 512M or 4G "
                        "(exit 3); default: 90% of the physical memory, so that a run that "
                        "would exhaust it stops with its partial results instead of being "
                        "killed; 0 = no limit");
  check_cmd->add_flag("--quiet", check.quiet, "no progress lines on stderr during long runs");
  std::string reduction = "stubborn";
  check_cmd
      ->add_option("--reduction", reduction,
                   "partial-order reduction: none (every interleaving), eager (transitions "
                   "that race with nothing unfired fire at once, between stored states) or "
                   "stubborn (eager, and only a stubborn set of the racing transitions is "
                   "explored in each state); the outcomes are the same at every level")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "eager", "stubborn"}));
  bool no_race_classification = false;
  check_cmd->add_flag("--no-race-classification", no_race_classification,
                      "list the races without classifying them: by default each race of a "
                      "nondeterministic result costs two more explorations (one per order of "
                      "the two nodes, with the same limits) that tell whether its order "
                      "changes the outcomes (observable) or not (benign)");

  RacesOptions races;
  CLI::App* races_cmd = app.add_subcommand(
      "races",
      "List the races of FILE without exploring it: pairs of unordered accesses to one "
      "variable, at least one of them a write, with their lines, variable and kind "
      "(read-write, write-write, update-update).");
  races_cmd->add_option("FILE", races.file, "the .tfg program")->required();
  races_cmd->add_option("--feed", races.feeds,
                        "NAME=VALUE: as for check (checked; races do not depend on inputs)");
  races_cmd->add_flag("--json", races.json, "print one JSON document instead of the text list");

  DotOptions dot;
  CLI::App* dot_cmd = app.add_subcommand(
      "dot",
      "Write FILE as a Graphviz graph: tensor edges solid, variable edges dashed, "
      "control edges dotted.");
  dot_cmd->add_option("FILE", dot.file, "the .tfg program")->required();
  dot_cmd->add_option("-o,--output", dot.output, "write to this file instead of stdout");

  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  if (max_memory.empty()) {
    check.limits.max_memory_bytes = physical_memory_bytes() / 10 * 9;
  } else if (!parse_bytes(max_memory, check.limits.max_memory_bytes)) {
    fmt::print(err, "tfmc: --max-memory: '{}' is not a size such as 512M or 4G\n", max_memory);
    return kExitBadInput;
  }
  if (check_cmd->parsed()) {
    check::parse_reduction(reduction, check.reduction);  // IsMember admitted only valid names
    check.classify_races = !no_race_classification;
    return run_check(check, out, err);
  }
  if (races_cmd->parsed()) return run_races(races, out, err);
  return run_dot(dot, out, err);
}

}  // namespace tfmc::app
