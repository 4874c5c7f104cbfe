// The options of tfmc's commands, each added to the command's CLI11 subcommand and bound to
// its options (commands.h), and what completes those options once the whole command line is
// parsed: an option that another contradicts (--json and --format,
// --full-values and --values), a default that depends on another option or on the machine
// (--values, --max-memory), a device that must exist (--eval gpu).
#pragma once

#include <CLI/CLI.hpp>
#include <ostream>
#include <string>

#include "tools/app/commands.h"

namespace tfmc::app {

// --format, bound to a command's format, and its synonym --json, which finish_format
// resolves.
struct FormatFlags {
  const CLI::Option* format = nullptr;  // --format, to tell whether it was given
  bool json = false;
};

// What of check's and compare's options finish_exploration completes.
struct ExplorationFlags {
  FormatFlags format;
  const CLI::Option* values = nullptr;  // --values, to tell whether it was given
  bool full_values = false;             // --full-values
  std::string memory;                   // --max-memory as given; empty when it is not
};

// The options of each command, added to its subcommand `cmd` in the order its help lists
// them: check and compare share all but a few, races and dot take the session's, import the
// graph files' alone.
void add_check_options(CLI::App* cmd, CheckOptions& check, ExplorationFlags& flags);
void add_compare_options(CLI::App* cmd, CompareOptions& compare, ExplorationFlags& flags);
void add_races_options(CLI::App* cmd, RacesOptions& races, FormatFlags& format);
void add_dot_options(CLI::App* cmd, DotOptions& dot);
void add_import_options(CLI::App* cmd, ImportOptions& import);

// Makes `format` json under --json; false, with a message on `err`, when --json meets another
// --format.
bool finish_format(const FormatFlags& flags, OutputFormat& format, std::ostream& err);

// Completes `options` from `flags`; false, with a message on `err`, on a malformed size, an
// option another contradicts, or --eval gpu without a device.
bool finish_exploration(const ExplorationFlags& flags, ExplorationOptions& options,
                        std::ostream& err);

}  // namespace tfmc::app
