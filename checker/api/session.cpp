#include "checker/api/session.h"

#include <fmt/format.h>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_import.h"
#include "semantics/graphdef/tfg_export.h"
#include "semantics/language/parser.h"
#include "semantics/loading/file_loading.h"
#include "semantics/program/compose.h"
#include "semantics/program/prune.h"
#include "semantics/program/resource_access.h"

namespace tfmc::api {

std::vector<sem::Feed> parse_feeds(const std::vector<std::string>& texts) {
  std::vector<sem::Feed> feeds;
  for (const std::string& text : texts) {
    const std::size_t eq = text.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw sem::InputError(fmt::format("tfmc: --feed '{}': expected NAME=VALUE\n", text));
    }
    std::string error;
    auto value = sem::parse_init_value(text.substr(eq + 1), error);
    if (!value) {
      throw sem::InputError(fmt::format(
          "tfmc: --feed '{}': the value is not a literal or a symbol name: {}\n", text, error));
    }
    feeds.push_back({text.substr(0, eq), std::move(*value)});
  }
  return feeds;
}

namespace {

// What the user should know about how a graph file's run was chosen and how its ref
// variables behave.
std::vector<std::string> graph_notes(const std::string& file, const sem::LoadedFile& loaded,
                                     const sem::GraphRun& run) {
  std::vector<std::string> notes;
  for (const std::string& w : loaded.warnings) notes.push_back(file + ": warning: " + w);
  if (!loaded.checkpoint.empty()) {
    notes.push_back(fmt::format("{}: note: {} variables restored from the checkpoint {}", file,
                                loaded.restored, loaded.checkpoint));
  }
  if (loaded.summary.ref_variables > 0) {
    notes.push_back(
        run.alias_refs
            ? fmt::format("{}: note: ref variables ({}) behave as TensorFlow runs them (--refs "
                          "alias, the default): an Identity shares the variable's buffer, "
                          "unlocked updates are not atomic; --refs mapl gives the MAPL model",
                          file, loaded.summary.ref_variables)
            : fmt::format("{}: note: ref variables ({}) follow the MAPL model (--refs mapl): a "
                          "read copies, updates are atomic",
                          file, loaded.summary.ref_variables));
  }
  if (!loaded.entry.empty()) {
    notes.push_back(fmt::format(
        "{}: note: the run is {}: inputs fed by their keys, outputs named by theirs (`tfmc "
        "describe {}` lists the file's signatures and functions)",
        file, loaded.entry, file));
  } else if (loaded.summary.whole_graph) {
    notes.push_back(fmt::format(
        "{}: note: no --fetch, --target or --init: the whole graph runs once ({} nodes), its "
        "{} unconsumed results as outputs; choose a Session.run with --fetch NAME[:K], --target "
        "NAME and --init NAME",
        file, loaded.summary.nodes, loaded.summary.outputs));
  } else if (run.fetches.empty() && run.targets.empty()) {
    notes.push_back(fmt::format(
        "{}: note: no --fetch or --target: the run after --init runs nothing, and the outcome "
        "is the variables as --init leaves them",
        file));
  }
  return notes;
}

// The init runs of a graph file's program: each --init node with what it needs.
std::vector<sem::Program> init_runs(const sem::Program& p, const std::vector<std::string>& inits) {
  std::vector<sem::Program> runs;
  for (const std::string& name : inits) {
    for (std::uint32_t i = 0; i < p.nodes.size(); ++i) {
      if (p.nodes[i].name == sem::node_of(name)) runs.push_back(sem::prune_to_target(p, i));
    }
  }
  return runs;
}

}  // namespace

sem::Program load_session(const SessionOptions& options, sem::ValueStore& values,
                          std::vector<std::string>* notes, SessionFacts* facts) {
  std::vector<sem::LoadedFile> files =
      sem::load_files(options.files, parse_feeds(options.feeds), options.graph, values,
                      options.max_iterations, options.contents);
  std::vector<sem::Program> programs;
  std::vector<sem::Program> setup;
  for (sem::LoadedFile& f : files) {
    sem::Program& p = f.program;
    if (options.model == sem::UpdateModel::Rfc) p = sem::split_updates(p);
    if (f.graph_file) {
      if (facts != nullptr && f.summary.ref_variables > 0) {
        facts->refs = options.graph.run.alias_refs ? "alias" : "mapl";
      }
      if (notes != nullptr) {
        for (std::string& n : graph_notes(p.file, f, options.graph.run)) notes->push_back(n);
      }
      for (sem::Program& run : init_runs(p, options.graph.run.inits)) setup.push_back(run);
      if (!f.summary.whole_graph) p = sem::prune(p);
    }
    if (options.prune) p = sem::prune(p);
    programs.push_back(std::move(p));
  }
  sem::Program session;
  if (programs.size() == 1 && options.concurrent == 1 && options.runs == 1) {
    session = std::move(programs[0]);
  } else {
    std::vector<sem::Program> executions;
    for (const sem::Program& p : programs) {
      for (std::uint32_t k = 0; k < options.concurrent; ++k) executions.push_back(p);
    }
    session = sem::compose(executions, options.runs, values);
  }
  if (!setup.empty()) session = sem::run_after(setup, session, values);
  sem::check_section_instances(session);
  return session;
}

std::string import_tfg(const SessionOptions& options, sem::ValueStore& values) {
  const std::string& file = options.files.at(0);
  return sem::export_tfg(
      sem::load_graph_ast(file, options.graph, parse_feeds(options.feeds), values), file);
}

}  // namespace tfmc::api
