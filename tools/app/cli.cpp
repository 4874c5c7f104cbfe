#include "tools/app/cli.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <new>

#include "checker/state_log.h"
#include "gpu_eval/cuda_device.h"
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

// FILE... as check, races and dot take it.
void add_files(CLI::App* cmd, api::SessionOptions& s) {
  cmd->add_option(
         "FILE", s.files,
         "the .tfg program or TensorFlow graph file (GraphDef, MetaGraphDef or SavedModel, "
         "text or binary); several FILEs run as concurrent executions that share "
         "variables, queues, mutexes and sections by name")
      ->required();
}

// The options of TensorFlow graph files: the Session.run to check (specs/FORMAT.md,
// "TensorFlow graph files").
void add_graph_options(CLI::App* cmd, sem::GraphFileOptions& g) {
  cmd->add_option("--fetch", g.run.fetches,
                  "NAME[:K]: (graph files) fetch output K of node NAME, as Session.run does; "
                  "the outcome's output is named as written (repeatable)");
  cmd->add_option("--target", g.run.targets,
                  "NAME: (graph files) run node NAME too, as a Session.run target (repeatable)");
  cmd->add_option("--init", g.run.inits,
                  "NAME: (graph files) first run node NAME to completion as a run of its own, "
                  "e.g. init (global_variables_initializer); without it variables start "
                  "uninitialized (repeatable, in order)");
  cmd->add_option("--tag", g.tag,
                  "TAG: (SavedModel files) check the MetaGraph with this tag, not the first");
  cmd->add_option_function<std::string>(
         "--refs", [&g](const std::string& model) { g.run.alias_refs = model == "alias"; },
         "(graph files) how ref variables (VariableV2) behave: mapl (the default: a "
         "read copies, updates are atomic) or alias (as TensorFlow runs them: an "
         "Identity shares the variable's buffer, unlocked updates are not atomic)")
      ->check(CLI::IsMember({"mapl", "alias"}));
  cmd->add_flag("--strict", g.run.strict,
                "(graph files) an op without a mapping is an error, not an uninterpreted "
                "function");
}

// The options that make the program from its files (session.h). `model` receives the
// --model text.
void add_session_options(CLI::App* cmd, api::SessionOptions& s, std::string& model) {
  cmd->add_option("--feed", s.feeds,
                  "NAME=VALUE: give input NAME the literal or symbol VALUE in every FILE that "
                  "declares it (repeatable; a later feed of the same name wins)");
  cmd->add_option(
         "--runs", s.runs,
         "N sequential runs of the session, each starting from every final state of "
         "the previous one (variables, queues and mutexes persist); names get the suffix @r")
      ->check(CLI::Range(1u, 1000u));
  cmd->add_option("--concurrent", s.concurrent,
                  "K concurrent executions of each FILE, interleaved on shared variables; names "
                  "get the suffix @k")
      ->check(CLI::Range(1u, 1000u));
  cmd->add_option("--model", model,
                  "resource updates (AssignAdd, AssignSub, Assign, ApplyGradientDescent): "
                  "executor (one atomic step, as the graph executor runs them) or rfc (a "
                  "separate read, compute and write, the weaker semantics XLA relies on)")
      ->capture_default_str()
      ->check(CLI::IsMember({"executor", "rfc"}));
  cmd->add_flag("--prune", s.prune,
                "keep only the nodes that the outputs and `target` statements need, as "
                "Session.Run does");
  cmd->add_option("--max-iterations", s.max_iterations,
                  "N iterations (0 to N-1, as TensorFlow numbers a frame's iterations) of every "
                  "loop frame, in each iteration of its parent; a run that would start "
                  "iteration N ends as an outcome marked 'iteration bound reached' and the "
                  "result is incomplete")
      ->capture_default_str()
      ->check(CLI::Range(1u, sem::kMaxMaxIterations));
  add_graph_options(cmd, s.graph);
}

// --format and its synonym --json as given; output_format resolves them after parsing.
struct FormatFlags {
  std::string format;  // empty when --format is not given
  bool json = false;
};

// --format text|json|sarif and --json for a command whose SARIF log holds `sarif_results`.
void add_format_options(CLI::App* cmd, FormatFlags& flags, const std::string& sarif_results) {
  cmd->add_option("--format", flags.format,
                  "text (the default), json (one JSON document) or sarif (a SARIF 2.1.0 log for "
                  "code-scanning tools: " +
                      sarif_results + "; see specs/FORMAT.md, SARIF output)")
      ->check(CLI::IsMember({"text", "json", "sarif"}));
  cmd->add_flag("--json", flags.json, "the same as --format json");
}

// The format `flags` choose; false, with a message on `err`, when --json meets another
// --format.
bool output_format(const FormatFlags& flags, OutputFormat& format, std::ostream& err) {
  if (flags.json && !flags.format.empty() && flags.format != "json") {
    fmt::print(err, "tfmc: --json contradicts --format {}\n", flags.format);
    return false;
  }
  const std::string name = flags.json ? "json" : flags.format;
  format = name == "json"    ? OutputFormat::Json
           : name == "sarif" ? OutputFormat::Sarif
                             : OutputFormat::Text;
  return true;
}

// --values and --full-values as given; value_form resolves them once the format is known.
struct ValueFlags {
  std::string values;  // empty when --values is not given
  bool full = false;
};

void add_value_options(CLI::App* cmd, ValueFlags& flags) {
  cmd->add_option("--values", flags.values,
                  "how outcomes print values: full (every element), summary (a tensor of more "
                  "than 32 elements as its dtype, shape, first and last elements and digest, "
                  "and where outcomes differ in it; the default of text and SARIF) or digest "
                  "(such a tensor as its dtype, shape and digest, for tools that only compare); "
                  "JSON lists every element unless --values says otherwise")
      ->check(CLI::IsMember({"full", "summary", "digest"}));
  cmd->add_flag("--full-values", flags.full, "the same as --values full");
}

// The value form `flags` choose for `format`; false, with a message on `err`, when
// --full-values meets another --values.
bool value_form(const ValueFlags& flags, OutputFormat format, api::ValueForm& form,
                std::ostream& err) {
  if (flags.full && !flags.values.empty() && flags.values != "full") {
    fmt::print(err, "tfmc: --full-values contradicts --values {}\n", flags.values);
    return false;
  }
  const std::string name = flags.full                     ? "full"
                           : !flags.values.empty()        ? flags.values
                           : format == OutputFormat::Json ? "full"
                                                          : "summary";
  form = name == "full"     ? api::ValueForm::Full
         : name == "digest" ? api::ValueForm::Digest
                            : api::ValueForm::Summary;
  return true;
}

// The options of an exploration (check and compare). `memory`, `reduction` and `eval` receive
// the --max-memory, --reduction and --eval texts.
void add_exploration_options(CLI::App* cmd, bool& quiet, check::Limits& limits,
                             check::Parallelism& parallel, std::string& memory,
                             std::string& reduction, std::string& eval, std::string& store) {
  cmd->add_option("--threads", parallel.threads,
                  "explore on N threads (at most 1024); 0, the default, uses every core this "
                  "process may run on; every count gives the same states, outcomes and "
                  "witnesses")
      ->check(CLI::Range(0u, 1024u));
  cmd->add_option("--store", store,
                  "how visited states are stored: compressed (exact: every state's parts "
                  "folded into 64 bits, about 8 to 16 bytes a state in memory) or fingerprint "
                  "(64-bit hashes, TLC's and SPIN's trade: a state whose hash equals a stored "
                  "one's is missed, and the report gives the probability of that); either way "
                  "the states and links also go to a temporary file in $TMPDIR")
      ->capture_default_str()
      ->check(CLI::IsMember({"compressed", "fingerprint"}));
  cmd->add_option("--eval", eval,
                  "where tensor functions are evaluated: cpu, gpu (a CUDA device; an error "
                  "without one) or auto (the device for results of at least 65536 elements "
                  "when one exists, else the CPU); every choice gives the same bits")
      ->capture_default_str()
      ->check(CLI::IsMember({"cpu", "gpu", "auto"}));
  cmd->add_option("--max-states", limits.max_states,
                  "store at most N states, then stop (exit 3); 0 = no limit")
      ->check(kNotNegative);
  cmd->add_option("--max-seconds", limits.max_seconds,
                  "stop after this many seconds (exit 3); 0 = no limit")
      ->check(kNotNegative);
  cmd->add_option("--max-memory", memory,
                  "stop when the resident memory reaches this size, e.g. 512M or 4G "
                  "(exit 3); default: 90% of the physical memory, so that a run that "
                  "would exhaust it stops with its partial results instead of being "
                  "killed; 0 = no limit");
  cmd->add_flag("--quiet", quiet, "no progress lines on stderr during long runs");
  cmd->add_option("--reduction", reduction,
                  "partial-order reduction: none (every interleaving), eager (transitions "
                  "that race with nothing unfired fire at once, between stored states) or "
                  "stubborn (eager, and only a stubborn set of the racing transitions is "
                  "explored in each state); the outcomes are the same at every level")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "eager", "stubborn"}));
}

// --distributed and its knobs (check and compare).
void add_distribution_options(CLI::App* cmd, Distribution& d) {
  cmd->add_flag("--distributed", d.on,
                "explore over the ranks of an MPI run (mpirun -n N tfmc ... --distributed): each "
                "rank stores the states whose hash falls to it and sends the others' to them; "
                "every rank explores on one thread (run a rank per core) and rank 0 prints "
                "the report; the outcomes and counts are those of one process");
  cmd->add_option("--rank-timeout", d.rank_timeout_s,
                  "with --distributed: a wait on other ranks in which nothing arrives for this "
                  "many seconds ends the run with an error (exit 4) instead of a hang")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--message-bytes", d.message_bytes,
                  "with --distributed: states for another rank are sent in messages of about "
                  "this many bytes")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 30));
}

// The --eval text as a backend; false, with a message on `err`, for gpu without a device.
bool eval_backend(const std::string& text, eval::EvalBackend& backend, std::ostream& err) {
  backend = eval::parse_eval_backend(text).value_or(eval::EvalBackend::Auto);
  if (backend == eval::EvalBackend::Gpu && !eval::cuda::available()) {
    fmt::print(err, "tfmc: --eval gpu: {}; use --eval cpu or auto\n", eval::cuda::describe());
    return false;
  }
  return true;
}

// The --max-memory text as bytes (default 90% of the physical memory); false when malformed.
bool memory_limit(const std::string& text, std::uint64_t& bytes) {
  if (text.empty()) {
    bytes = physical_memory_bytes() / 10 * 9;
    return true;
  }
  return parse_bytes(text, bytes);
}

// Parses `args` and runs the command they name.
int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
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
      "Exit codes of compare: 0 AFTER refines BEFORE (is equivalent, with --equivalent); 1\n"
      "not; 2 bad usage, bad input or mismatched names; 3 a limit stopped an exploration.\n"
      "Exit codes of races: 0 no race; 1 races; 2 bad usage or bad input.\n"
      "Every command exits 4 on an internal error (a bug in tfmc; please report it).\n"
      "The language is described in specs/FORMAT.md.");

  CheckOptions check;
  std::string check_model = "executor", check_memory, check_reduction = "stubborn",
              check_eval = "auto", check_store = "compressed";
  CLI::App* check_cmd = app.add_subcommand(
      "check", "Explore every interleaving of FILE and report the reachable outcomes.");
  add_files(check_cmd, check.session);
  add_session_options(check_cmd, check.session, check_model);
  FormatFlags check_format;
  add_format_options(check_cmd, check_format,
                     "races, nondeterminism, stuck outcomes and a stopped exploration as results "
                     "at the lines of the nodes involved");
  ValueFlags check_values;
  add_value_options(check_cmd, check_values);
  add_exploration_options(check_cmd, check.quiet, check.limits, check.parallel, check_memory,
                          check_reduction, check_eval, check_store);
  add_distribution_options(check_cmd, check.distribution);
  bool no_race_classification = false;
  check_cmd->add_flag("--no-race-classification", no_race_classification,
                      "list the races without classifying them: by default each race of a "
                      "nondeterministic result is observable when its two nodes fail to "
                      "commute in an explored state, and otherwise costs two more "
                      "explorations (one per order of the two nodes, with the same limits) "
                      "that tell whether its order changes the outcomes (observable) or not "
                      "(benign)");

  CompareOptions compare;
  std::string compare_model = "executor", compare_memory, compare_reduction = "stubborn",
              compare_eval = "auto", compare_store = "compressed";
  CLI::App* compare_cmd = app.add_subcommand(
      "compare",
      "Explore BEFORE and AFTER (a rewrite of BEFORE) and tell whether AFTER refines BEFORE "
      "(every outcome of AFTER is one of BEFORE) or is equivalent (the same outcomes), listing "
      "the outcomes AFTER adds (with witnesses in AFTER) and those it loses.");
  compare_cmd
      ->add_option("BEFORE AFTER", compare.session.files,
                   "the two programs (.tfg or TensorFlow graph files)")
      ->required()
      ->expected(2);
  add_session_options(compare_cmd, compare.session, compare_model);
  FormatFlags compare_format;
  add_format_options(compare_cmd, compare_format,
                     "each outcome AFTER adds as an error and each one it loses as a note, at "
                     "AFTER's lines of the outputs and variables whose values differ");
  ValueFlags compare_values;
  add_value_options(compare_cmd, compare_values);
  add_exploration_options(compare_cmd, compare.quiet, compare.limits, compare.parallel,
                          compare_memory, compare_reduction, compare_eval, compare_store);
  add_distribution_options(compare_cmd, compare.distribution);
  compare_cmd->add_option("--map", compare.maps,
                          "OLD=NEW: BEFORE's output or variable OLD is AFTER's NEW (repeatable)");
  compare_cmd->add_option("--ignore", compare.ignored,
                          "leave AFTER's output or variable NAME out of the comparison "
                          "(repeatable)");
  compare_cmd->add_flag("--equivalent", compare.require_equivalent,
                        "exit 0 only when the outcome sets are equal, not merely refined");

  RacesOptions races;
  std::string races_model = "executor";
  CLI::App* races_cmd = app.add_subcommand(
      "races",
      "List the races of FILE without exploring it: pairs of unordered accesses to one "
      "variable, at least one of them a write, with their lines, variable and kind "
      "(read-write, write-write, update-update).");
  add_files(races_cmd, races.session);
  add_session_options(races_cmd, races.session, races_model);
  FormatFlags races_format;
  add_format_options(races_cmd, races_format,
                     "each race as a result at the lines of its two nodes");

  DotOptions dot;
  std::string dot_model = "executor";
  CLI::App* dot_cmd = app.add_subcommand(
      "dot",
      "Write FILE as a Graphviz graph: tensor edges solid, variable edges dashed, "
      "control edges dotted.");
  add_files(dot_cmd, dot.session);
  add_session_options(dot_cmd, dot.session, dot_model);
  dot_cmd->add_option("-o,--output", dot.output, "write to this file instead of stdout");

  ImportOptions import;
  CLI::App* import_cmd = app.add_subcommand(
      "import",
      "Write the TensorFlow graph file FILE as a .tfg program: the run that --fetch, --target "
      "and --init select (the whole graph without them), names that are not .tfg names "
      "mangled reversibly.");
  import_cmd->add_option("FILE", import.session.files, "the TensorFlow graph file")
      ->required()
      ->expected(1);
  import_cmd->add_option("--feed", import.session.feeds,
                         "NAME=VALUE: the placeholder NAME is fed (an input of the program) "
                         "with VALUE (repeatable)");
  add_graph_options(import_cmd, import.session.graph);
  import_cmd->add_option("-o,--output", import.output, "write to this file instead of stdout");

  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e, out, err);
    return code == 0 ? kExitOk : kExitBadInput;
  }
  // IsMember admitted only valid names, so the parse_* calls below succeed.
  if (check_cmd->parsed() || compare_cmd->parsed()) {
    const bool is_check = check_cmd->parsed();
    const std::string& memory = is_check ? check_memory : compare_memory;
    std::uint64_t& bytes =
        is_check ? check.limits.max_memory_bytes : compare.limits.max_memory_bytes;
    if (!memory_limit(memory, bytes)) {
      fmt::print(err, "tfmc: --max-memory: '{}' is not a size such as 512M or 4G\n", memory);
      return kExitBadInput;
    }
  }
  if (check_cmd->parsed()) {
    if (!output_format(check_format, check.format, err)) return kExitBadInput;
    if (!value_form(check_values, check.format, check.values, err)) return kExitBadInput;
    sem::parse_update_model(check_model, check.session.model);
    check::parse_reduction(check_reduction, check.reduction);
    check::parse_store_mode(check_store, check.store);
    if (!eval_backend(check_eval, check.eval, err)) return kExitBadInput;
    check.classify_races = !no_race_classification;
    return run_check(check, out, err);
  }
  if (compare_cmd->parsed()) {
    if (!output_format(compare_format, compare.format, err)) return kExitBadInput;
    if (!value_form(compare_values, compare.format, compare.values, err)) return kExitBadInput;
    sem::parse_update_model(compare_model, compare.session.model);
    check::parse_reduction(compare_reduction, compare.reduction);
    check::parse_store_mode(compare_store, compare.store);
    if (!eval_backend(compare_eval, compare.eval, err)) return kExitBadInput;
    return run_compare(compare, out, err);
  }
  if (races_cmd->parsed()) {
    if (!output_format(races_format, races.format, err)) return kExitBadInput;
    sem::parse_update_model(races_model, races.session.model);
    return run_races(races, out, err);
  }
  if (import_cmd->parsed()) return run_import(import, out, err);
  sem::parse_update_model(dot_model, dot.session.model);
  return run_dot(dot, out, err);
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
