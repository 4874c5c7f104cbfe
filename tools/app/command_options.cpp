#include "tools/app/command_options.h"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>

#include "gpu_eval/cuda_device.h"
#include "tools/app/enum_option.h"

namespace tfmc::app {
namespace {

const OptionNames<sem::UpdateModel> kModels = {{"executor", sem::UpdateModel::Executor},
                                               {"rfc", sem::UpdateModel::Rfc}};
const OptionNames<bool> kRefs = {{"mapl", false}, {"alias", true}};  // true: alias_refs
const OptionNames<OutputFormat> kFormats = {{"text", OutputFormat::Text},
                                            {"json", OutputFormat::Json},
                                            {"sarif", OutputFormat::Sarif},
                                            {"html", OutputFormat::Html}};
const OptionNames<api::ValueForm> kValueForms = {{"full", api::ValueForm::Full},
                                                 {"summary", api::ValueForm::Summary},
                                                 {"digest", api::ValueForm::Digest}};
const OptionNames<OutcomeListing> kListings = {{"summary", OutcomeListing::Summary},
                                               {"all", OutcomeListing::All}};
const OptionNames<check::StoreMode> kStores = {{"compressed", check::StoreMode::Compressed},
                                               {"fingerprint", check::StoreMode::Fingerprint}};
const OptionNames<eval::EvalBackend> kBackends = {{"cpu", eval::EvalBackend::Cpu},
                                                  {"gpu", eval::EvalBackend::Gpu},
                                                  {"auto", eval::EvalBackend::Auto}};
const OptionNames<check::Scheduler> kSchedulers = {{"uniform", check::Scheduler::Uniform},
                                                   {"pct", check::Scheduler::Pct}};
const OptionNames<check::Reduction> kReductions = {{"none", check::Reduction::None},
                                                   {"eager", check::Reduction::Eager},
                                                   {"stubborn", check::Reduction::Stubborn}};
const OptionNames<api::Symmetry> kSymmetries = {{"none", api::Symmetry::None},
                                                {"replicas", api::Symmetry::Replicas},
                                                {"graph", api::Symmetry::Graph},
                                                {"auto", api::Symmetry::Auto}};

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

// --values and --full-values.
void add_value_options(CLI::App* cmd, api::ValueForm& form, ExplorationFlags& flags) {
  flags.values = add_enum_option(
      cmd, "--values", form, kValueForms,
      "how outcomes print values: full (every element, every term and witness whole), summary "
      "(a tensor of more than 32 elements as its dtype, shape, first and last elements and "
      "digest, and where outcomes differ in it; the default of text and SARIF) or digest (such "
      "a tensor as its dtype, shape and digest, for tools that only compare); JSON lists every "
      "element unless --values says otherwise; except under full, a term longer than 200 "
      "characters prints as numbered definitions of its parts (%1 = ...) and a witness of more "
      "than 64 firings is shortened in text and SARIF");
  cmd->add_flag("--full-values", flags.full_values, "the same as --values full");
}

// --outcomes (check and compare).
void add_listing_option(CLI::App* cmd, OutcomeListing& listing) {
  add_enum_option(cmd, "--outcomes", listing, kListings,
                  fmt::format("how the text report lists outcomes: summary (the default: a "
                              "list of more than {} shows its first {} in full, then each "
                              "output's and variable's values with how many outcomes hold "
                              "each) or all (every outcome in full); JSON lists every outcome "
                              "either way",
                              kOutcomesListedInFull, kOutcomesShownFirst))
      ->default_str(name_of(kListings, listing));
}

// The value form under --full-values, and the default for `format` when neither option is
// given; false, with a message on `err`, when --full-values meets another --values.
bool finish_value_form(const ExplorationFlags& flags, OutputFormat format, api::ValueForm& form,
                       std::ostream& err) {
  const bool given = flags.values->count() > 0;
  if (flags.full_values && given && form != api::ValueForm::Full) {
    fmt::print(err, "tfmc: --full-values contradicts --values {}\n", name_of(kValueForms, form));
    return false;
  }
  if (flags.full_values) form = api::ValueForm::Full;
  if (!given && !flags.full_values && format == OutputFormat::Json) form = api::ValueForm::Listed;
  return true;
}

// --max-seconds and --max-memory (check, compare and races).
void add_time_memory_options(CLI::App* cmd, check::Limits& limits, std::string& memory) {
  cmd->add_option("--max-seconds", limits.max_seconds,
                  "stop after this many seconds (exit 3); 0 = no limit")
      ->check(kNotNegative);
  cmd->add_option("--max-memory", memory,
                  "stop when the resident memory reaches this size, e.g. 512M or 4G "
                  "(exit 3); default: 90% of the physical memory, so that a run that "
                  "would exhaust it stops with its partial results instead of being "
                  "killed; 0 = no limit");
}

// The options of an exploration: threads, store, backend, limits, progress and reduction.
void add_limit_options(CLI::App* cmd, ExplorationOptions& options, std::string& memory) {
  cmd->add_option("--threads", options.parallel.threads,
                  "explore on N threads (at most 1024); 0, the default, uses every core this "
                  "process may run on; every count gives the same states, outcomes and "
                  "witnesses")
      ->check(CLI::Range(0u, 1024u));
  add_enum_option(cmd, "--store", options.store, kStores,
                  "how visited states are stored: compressed (exact: every state's parts "
                  "folded into 64 bits, about 8 to 16 bytes a state in memory) or fingerprint "
                  "(64-bit hashes, TLC's and SPIN's trade: a state whose hash equals a stored "
                  "one's is missed, and the report gives the probability of that); either way "
                  "the states and links also go to a temporary file in $TMPDIR")
      ->default_str(name_of(kStores, options.store));
  add_enum_option(cmd, "--eval", options.eval, kBackends,
                  "where tensor functions are evaluated: cpu, gpu (a CUDA device; an error "
                  "without one) or auto (the device for results of at least 65536 elements "
                  "when one exists, else the CPU); every choice gives the same bits")
      ->default_str(name_of(kBackends, options.eval));
  cmd->add_option("--max-states", options.limits.max_states,
                  "store at most N states, then stop (exit 3); 0 = no limit")
      ->check(kNotNegative);
  add_time_memory_options(cmd, options.limits, memory);
  cmd->add_flag("--quiet", options.quiet, "no progress lines on stderr during long runs");
  add_enum_option(cmd, "--reduction", options.reduction, kReductions,
                  "partial-order reduction: none (every interleaving), eager (transitions "
                  "that race with nothing unfired fire at once, between stored states) or "
                  "stubborn (eager, and only a stubborn set of the racing transitions is "
                  "explored in each state); the outcomes are the same at every level")
      ->default_str(name_of(kReductions, options.reduction));
  add_enum_option(cmd, "--symmetry", options.symmetry, kSymmetries,
                  "symmetry reduction: replicas (interchangeable executions, as --concurrent "
                  "K makes, are stored once per orbit: a state and the state with two "
                  "replicas swapped are one; an error where there are none), graph (the same "
                  "for identical towers inside one graph, found as automorphisms of the graph "
                  "that fix its variables; an error where there are none), none, or auto "
                  "(replicas where the session has them, else graph where the graph has "
                  "towers and at most 250,000 nodes and edges); the outcomes are the same "
                  "either way")
      ->default_str(name_of(kSymmetries, options.symmetry));
}

// --distributed and its knobs.
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

// The options of TensorFlow graph files: the Session.run to check (specs/FORMAT.md,
// "TensorFlow graph files").
void add_graph_options(CLI::App* cmd, sem::GraphFileOptions& graph) {
  cmd->add_option("--fetch", graph.run.fetches,
                  "NAME[:K]: (graph files) fetch output K of node NAME, as Session.run does; "
                  "the outcome's output is named as written (repeatable)");
  cmd->add_option("--target", graph.run.targets,
                  "NAME: (graph files) run node NAME too, as a Session.run target (repeatable)");
  cmd->add_option("--init", graph.run.inits,
                  "NAME: (graph files) first run node NAME to completion as a run of its own, "
                  "e.g. init (global_variables_initializer); without it variables start "
                  "uninitialized (repeatable, in order)");
  cmd->add_option("--tag", graph.tag,
                  "TAG: (SavedModel files) check the MetaGraph with this tag, not the first");
  cmd->add_option("--signature", graph.signature,
                  "KEY: (SavedModel files) run the signature KEY: feed its inputs by their keys "
                  "(--feed x=...), its outputs named by theirs (output_0); without --fetch, "
                  "--target or --init the default is serving_default where the file has it");
  cmd->add_option("--function", graph.function,
                  "NAME: (SavedModel files) run the tf.function saved as NAME on the model "
                  "(train_step, or a concrete function's name), with its captured variables; "
                  "inputs fed by their argument names, outputs named output_K");
  cmd->add_flag("--no-restore{false}", graph.restore,
                "(graph files) start the variables uninitialized instead of with the values of "
                "the checkpoint beside the file (a SavedModel's variables/, a NAME.meta's NAME)");
  add_enum_option(cmd, "--refs", graph.run.alias_refs, kRefs,
                  "(graph files) how ref variables (VariableV2) behave: alias (the default, as "
                  "TensorFlow runs them: an Identity shares the variable's buffer, unlocked "
                  "updates are not atomic) or mapl (the MAPL model: a read copies, updates are "
                  "atomic); the report's refs says which a file's ref variables followed")
      ->default_str(name_of(kRefs, graph.run.alias_refs));
  cmd->add_flag("--strict", graph.run.strict,
                "(graph files) an op without a mapping is an error, not an uninterpreted "
                "function");
}

// The options that make the program from its files (checker/api/session.h), those of graph
// files included.
void add_session_options(CLI::App* cmd, api::SessionOptions& session) {
  cmd->add_option("--feed", session.feeds,
                  "NAME=VALUE: give input NAME the literal or symbol VALUE in every FILE that "
                  "declares it (repeatable; a later feed of the same name wins)");
  cmd->add_option(
         "--runs", session.runs,
         "N sequential runs of the session, each starting from every final state of "
         "the previous one (variables, queues and mutexes persist); names get the suffix @r")
      ->check(CLI::Range(1u, 1000u));
  cmd->add_option("--concurrent", session.concurrent,
                  "K concurrent executions of each FILE, interleaved on shared variables; names "
                  "get the suffix @k")
      ->check(CLI::Range(1u, 1000u));
  add_enum_option(cmd, "--model", session.model, kModels,
                  "resource updates (AssignAdd, AssignSub, Assign, ApplyGradientDescent): "
                  "executor (one atomic step, as the graph executor runs them) or rfc (a "
                  "separate read, compute and write, the weaker semantics XLA relies on)")
      ->default_str(name_of(kModels, session.model));
  cmd->add_flag("--prune", session.prune,
                "keep only the nodes that the outputs and `target` statements need, as "
                "Session.Run does");
  cmd->add_option("--max-iterations", session.max_iterations,
                  "N iterations (0 to N-1, as TensorFlow numbers a frame's iterations) of every "
                  "loop frame, in each iteration of its parent; a run that would start "
                  "iteration N ends as an outcome marked 'iteration bound reached' and the "
                  "result is incomplete")
      ->capture_default_str()
      ->check(CLI::Range(1u, sem::kMaxMaxIterations));
  add_graph_options(cmd, session.graph);
}

// A subcommand on the program that FILE... and the session options make: check, races, dot.
CLI::App* add_program_command(CLI::App& app, const std::string& name,
                              const std::string& description, api::SessionOptions& session) {
  CLI::App* cmd = app.add_subcommand(name, description);
  cmd->add_option(
         "FILE", session.files,
         "the .tfg program or TensorFlow graph file (GraphDef, MetaGraphDef or SavedModel, "
         "text or binary); several FILEs run as concurrent executions that share "
         "variables, queues, mutexes and sections by name")
      ->required();
  add_session_options(cmd, session);
  return cmd;
}

// --format text|json|sarif and --json for a command whose SARIF log holds `sarif_results`.
void add_format_options(CLI::App* cmd, OutputFormat& format, FormatFlags& flags,
                        const std::string& sarif_results) {
  flags.format = add_enum_option(
      cmd, "--format", format, kFormats,
      "text (the default), json (one JSON document), sarif (a SARIF 2.1.0 log for "
      "code-scanning tools: " +
          sarif_results +
          "; see specs/FORMAT.md, SARIF output) or html (one self-contained page for a "
          "browser: the report's verdict, races, outcome table and witnesses, no network "
          "needed; write it to a file with > report.html)");
  cmd->add_flag("--json", flags.json, "the same as --format json");
}

// The options check and compare share after the session's: the output's, the exploration's
// and --distributed with its knobs.
void add_exploration_options(CLI::App* cmd, ExplorationOptions& options, ExplorationFlags& flags,
                             const std::string& sarif_results) {
  add_format_options(cmd, options.format, flags.format, sarif_results);
  add_value_options(cmd, options.values, flags);
  add_listing_option(cmd, options.outcomes);
  add_limit_options(cmd, options, flags.memory);
  add_distribution_options(cmd, options.distribution);
}

// `tfmc sample` and its options: the schedules', then --json, the values', and the limits,
// threads, backend, store and reduction as check's (the store's, the reduction's and
// --max-states only for the check of --compare-exhaustive).
void add_sample_command(CLI::App& app, CommandLine& line) {
  SampleOptions& o = line.sample;
  line.sample_cmd = add_program_command(
      app, "sample",
      "Run random schedules of FILE without storing states and report each outcome they reach "
      "with its frequency and a 95% confidence interval (Wilson score): how likely each "
      "outcome is, also for graphs too large to explore.",
      o.session);
  line.sample_cmd
      ->add_option("--schedules", o.schedules,
                   "N schedules, each from the initial state to a final state")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
  add_enum_option(line.sample_cmd, "--scheduler", o.scheduler, kSchedulers,
                  "uniform (each step fires one of the enabled transitions, all as likely: the "
                  "chances check --likelihood computes exactly) or pct (probabilistic "
                  "concurrency testing: random priorities and --depth - 1 priority change "
                  "points, which finds rare orders more often)")
      ->default_str(name_of(kSchedulers, o.scheduler));
  line.sample_cmd
      ->add_option("--depth", o.depth,
                   "with --scheduler pct: the bug depth d, d - 1 priority change points")
      ->capture_default_str()
      ->check(CLI::Range(1u, 1000u));
  line.sample_cmd
      ->add_option("--seed", o.seed,
                   "the seed of the schedules: the same seed gives the same counts and "
                   "witnesses on every thread count")
      ->capture_default_str();
  line.sample_cmd->add_flag(
      "--compare-exhaustive", o.compare_exhaustive,
      "also check FILE with the same limits (--max-states, --max-seconds, --max-memory, "
      "--reduction, --store) and list the outcomes sampling found that the check did not reach "
      "(and those it reached that sampling did not)");
  line.sample_cmd->add_flag("--json", line.sample_flags.format.json,
                            "print one JSON document (specs/FORMAT.md, tfmc sample)");
  add_value_options(line.sample_cmd, o.values, line.sample_flags);
  add_limit_options(line.sample_cmd, o, line.sample_flags.memory);
  // What check's options mean here: the schedules' threads, and the exhaustive run's limits.
  line.sample_cmd->get_option("--threads")
      ->description(
          "run the schedules (and the --compare-exhaustive check) on N threads (at most 1024); "
          "0, the default, uses every core this process may run on; every count gives the same "
          "counts and witnesses");
  line.sample_cmd->get_option("--max-states")
      ->description(
          "with --compare-exhaustive: its check stores at most N states (a stop there leaves "
          "the exit code as the schedules make it); 0 = no limit");
  for (const char* option : {"--store", "--reduction", "--quiet"}) {
    CLI::Option* given = line.sample_cmd->get_option(option);
    given->description("with --compare-exhaustive, for its check: " + given->get_description());
  }
}

}  // namespace

// Read by CLI11's AsSizeValue with binary multiples, after parsing, so that a bad size's error
// is tfmc's one line (specs/FORMAT.md, "Error messages") rather than the parser's. The count
// is decimal: CLI11 would read a leading 0 as octal ("010M" as 8M), "0x" as hex, a bare unit
// ("K") as one of it and "1 K" as 1K, so the text must be digits and a unit, and the digits'
// leading zeros go (but the last digit, so that "0K" stays 0).
bool memory_limit(std::string text, std::uint64_t& bytes) {
  if (text.empty()) {
    bytes = physical_memory_bytes() / 10 * 9;
    return true;
  }
  // Digits, then letters only: no sign, space, point or hex.
  const std::size_t digits = std::min(text.find_first_not_of("0123456789"), text.size());
  const auto is_letter = [](unsigned char c) { return std::isalpha(c) != 0; };
  if (digits == 0 || !std::all_of(text.begin() + digits, text.end(), is_letter)) return false;
  text.erase(0, std::min(text.find_first_not_of('0'), digits - 1));  // keeps one digit
  try {
    if (!CLI::AsSizeValue(false)(text).empty()) return false;
  } catch (const CLI::ValidationError&) {
    return false;
  }
  // AsSizeValue left the byte count, in decimal, in `text`.
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), bytes);
  return error == std::errc() && end == text.data() + text.size();
}

void add_commands(CLI::App& app, CommandLine& line) {
  line.check_cmd = add_program_command(
      app, "check", "Explore every interleaving of FILE and report the reachable outcomes.",
      line.check.session);
  add_exploration_options(line.check_cmd, line.check, line.check_flags,
                          "races, nondeterminism, stuck outcomes and a stopped exploration as "
                          "results at the lines of the nodes involved");
  line.check_cmd->add_flag(
      "--likelihood", line.check.likelihood,
      "also compute each outcome's exact probability under the uniform scheduler (every "
      "step fires one of the enabled transitions, all as likely; tfmc sample estimates the "
      "same chances) over the unreduced state graph, with the same limits");
  line.check_cmd->add_flag_callback(
      "--no-race-classification", [&line] { line.check.classify_races = false; },
      "list the races without classifying them: by default each race of a nondeterministic "
      "result is observable when its two nodes fail to commute in an explored state, and "
      "otherwise costs two more explorations (one per order of the two nodes, with the same "
      "limits) that tell whether its order changes the outcomes (observable) or not (benign)");

  line.compare_cmd = app.add_subcommand(
      "compare",
      "Explore BEFORE and AFTER (a rewrite of BEFORE) and tell whether AFTER refines BEFORE "
      "(every outcome of AFTER is one of BEFORE) or is equivalent (the same outcomes), listing "
      "the outcomes AFTER adds (with witnesses in AFTER) and those it loses.");
  CLI::App* compare = line.compare_cmd;
  compare
      ->add_option("BEFORE AFTER", line.compare.session.files,
                   "the two programs (.tfg or TensorFlow graph files)")
      ->required()
      ->expected(2);
  add_session_options(compare, line.compare.session);
  add_exploration_options(compare, line.compare, line.compare_flags,
                          "each outcome AFTER adds as an error and each one it loses as a note, "
                          "at AFTER's lines of the outputs and variables whose values differ");
  compare->add_option("--map", line.compare.maps,
                      "OLD=NEW: BEFORE's output or variable OLD is AFTER's NEW (repeatable)");
  compare->add_option("--ignore", line.compare.ignored,
                      "leave AFTER's output or variable NAME out of the comparison (repeatable)");
  compare->add_flag("--equivalent", line.compare.require_equivalent,
                    "exit 0 only when the outcome sets are equal, not merely refined");

  line.races_cmd = add_program_command(
      app, "races",
      "List the races of FILE without exploring it: pairs of unordered accesses to one "
      "variable, at least one of them a write, with their lines, variable and kind "
      "(read-write, write-write, update-update).",
      line.races.session);
  add_format_options(line.races_cmd, line.races.format, line.races_format,
                     "each race as a result at the lines of its two nodes");
  add_time_memory_options(line.races_cmd, line.races.limits, line.races_memory);

  add_sample_command(app, line);

  line.dot_cmd = add_program_command(app, "dot",
                                     "Write FILE as a Graphviz graph: tensor edges solid, "
                                     "variable edges dashed, control edges dotted.",
                                     line.dot.session);
  line.dot_cmd->add_option("-o,--output", line.dot.output, "write to this file instead of stdout");

  CLI::App* import = app.add_subcommand(
      "import",
      "Write the TensorFlow graph file FILE as a .tfg program: the run that --fetch, --target "
      "and --init select (the whole graph without them), names that are not .tfg names "
      "mangled reversibly.");
  import->add_option("FILE", line.import.session.files, "the TensorFlow graph file")
      ->required()
      ->expected(1);
  import->add_option("--feed", line.import.session.feeds,
                     "NAME=VALUE: the placeholder NAME is fed (an input of the program) with "
                     "VALUE (repeatable)");
  add_graph_options(import, line.import.session.graph);
  import->add_option("-o,--output", line.import.output, "write to this file instead of stdout");

  line.describe_cmd = app.add_subcommand(
      "describe",
      "List what the TensorFlow graph file FILE offers to check: its signatures and saved "
      "functions with their inputs and outputs and the command that checks each, its variables "
      "and whether its checkpoint restores them, its queues, and the ops without a mapping.");
  line.describe_cmd->add_option("FILE", line.describe.file, "the TensorFlow graph file")
      ->required();
  line.describe_cmd->add_option(
      "--tag", line.describe.tag,
      "TAG: (SavedModel files) describe the MetaGraph with this tag, not the first");
}

bool finish_format(const FormatFlags& flags, OutputFormat& format, std::ostream& err) {
  if (flags.json && flags.format->count() > 0 && format != OutputFormat::Json) {
    fmt::print(err, "tfmc: --json contradicts --format {}\n", name_of(kFormats, format));
    return false;
  }
  if (flags.json) format = OutputFormat::Json;
  return true;
}

// Sets limits.max_memory_bytes from --max-memory's text; false, with a message on `err`, when
// it is malformed.
bool finish_memory(const std::string& memory, check::Limits& limits, std::ostream& err) {
  if (memory_limit(memory, limits.max_memory_bytes)) return true;
  fmt::print(err, "tfmc: --max-memory: '{}' is not a size such as 512M or 4G\n", memory);
  return false;
}

// False, with a message on `err`, for --eval gpu without a device.
bool finish_eval(eval::EvalBackend backend, std::ostream& err) {
  if (backend == eval::EvalBackend::Gpu && !eval::cuda::available()) {
    fmt::print(err, "tfmc: --eval gpu: {}; use --eval cpu or auto\n", eval::cuda::describe());
    return false;
  }
  return true;
}

bool finish_races(const CommandLine& line, RacesOptions& options, std::ostream& err) {
  return finish_memory(line.races_memory, options.limits, err) &&
         finish_format(line.races_format, options.format, err);
}

bool finish_exploration(const ExplorationFlags& flags, ExplorationOptions& options,
                        std::ostream& err) {
  if (!finish_memory(flags.memory, options.limits, err)) return false;
  if (!finish_format(flags.format, options.format, err)) return false;
  if (!finish_value_form(flags, options.format, options.values, err)) return false;
  return finish_eval(options.eval, err);
}

bool finish_sample(const ExplorationFlags& flags, SampleOptions& options, std::ostream& err) {
  if (!finish_memory(flags.memory, options.limits, err)) return false;
  if (flags.format.json) options.format = OutputFormat::Json;
  if (!finish_value_form(flags, options.format, options.values, err)) return false;
  return finish_eval(options.eval, err);
}

bool finish_likelihood(const CheckOptions& options, std::ostream& err) {
  if (options.likelihood &&
      (options.format == OutputFormat::Sarif || options.format == OutputFormat::Html)) {
    fmt::print(err, "tfmc: --likelihood has no {} form; use --format text or json\n",
               options.format == OutputFormat::Sarif ? "SARIF" : "HTML");
    return false;
  }
  return true;
}

}  // namespace tfmc::app
