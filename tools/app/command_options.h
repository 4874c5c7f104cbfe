// The options of tfmc's commands, group by group: each group added to a CLI11 subcommand and
// bound to the command's options (commands.h), and what completes those options once the
// whole command line is parsed: an option that another contradicts (--json and --format,
// --full-values and --values), a default that depends on another option or on the machine
// (--values, --max-memory), a device that must exist (--eval gpu).
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

#include "tools/app/commands.h"

namespace tfmc::app {

// FILE... as check, races and dot take it.
void add_files(CLI::App* cmd, api::SessionOptions& session);

// The options that make the program from its files (checker/api/session.h), those of graph
// files included.
void add_session_options(CLI::App* cmd, api::SessionOptions& session);

// The options of TensorFlow graph files: the Session.run to check (specs/FORMAT.md,
// "TensorFlow graph files").
void add_graph_options(CLI::App* cmd, sem::GraphFileOptions& graph);

// --format, bound to a command's format, and its synonym --json, which finish_format
// resolves.
struct FormatFlags {
  const CLI::Option* format = nullptr;  // --format, to tell whether it was given
  bool json = false;
};

// --format text|json|sarif and --json for a command whose SARIF log holds `sarif_results`.
void add_format_options(CLI::App* cmd, OutputFormat& format, FormatFlags& flags,
                        const std::string& sarif_results);

// Makes `format` json under --json; false, with a message on `err`, when --json meets another
// --format.
bool finish_format(const FormatFlags& flags, OutputFormat& format, std::ostream& err);

// What of check's and compare's options finish_exploration completes.
struct ExplorationFlags {
  FormatFlags format;
  const CLI::Option* values = nullptr;  // --values, to tell whether it was given
  bool full_values = false;             // --full-values
  std::string memory;                   // --max-memory as given; empty when it is not
};

// Every option check and compare share: the session's, the output's, the exploration's and
// --distributed with its knobs.
void add_exploration_options(CLI::App* cmd, ExplorationOptions& options, ExplorationFlags& flags,
                             const std::string& sarif_results);

// Completes `options` from `flags`; false, with a message on `err`, on a malformed size, an
// option another contradicts, or --eval gpu without a device.
bool finish_exploration(const ExplorationFlags& flags, ExplorationOptions& options,
                        std::ostream& err);

}  // namespace tfmc::app
