// tfmc's subcommands and their options, each option bound to the command's options
// (commands.h); and what completes those options once the whole command line is parsed: an
// option that another contradicts (--json and --format, --full-values and --values), a default
// that depends on another option or on the machine (--values, --max-memory), a device that
// must exist (--eval gpu).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
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

// What the command line sets: every command's options, and the subcommand of each, to tell
// which one was given.
struct CommandLine {
  CheckOptions check;
  ExplorationFlags check_flags;
  CompareOptions compare;
  ExplorationFlags compare_flags;
  RacesOptions races;
  FormatFlags races_format;
  std::string races_memory;  // --max-memory as given; empty when it is not
  SampleOptions sample;
  ExplorationFlags sample_flags;
  DotOptions dot;
  ImportOptions import;
  DescribeOptions describe;
  CLI::App* check_cmd = nullptr;
  CLI::App* compare_cmd = nullptr;
  CLI::App* races_cmd = nullptr;
  CLI::App* sample_cmd = nullptr;
  CLI::App* dot_cmd = nullptr;
  CLI::App* describe_cmd = nullptr;  // import otherwise
};

// The --max-memory text as bytes: a decimal count with an optional binary unit (K, M, G, T, P,
// E, in any case, optionally with i, iB or B: "512M", "4GiB", "4g"); "" is 90% of the physical
// memory. False when malformed (a fraction, a sign, a space, hex, a bare unit, an unknown unit).
bool memory_limit(std::string text, std::uint64_t& bytes);

// Adds tfmc's subcommands to `app`, check, compare, races, sample, dot, import and describe, each
// with its description and its options in the order its help lists them, bound to `line`.
void add_commands(CLI::App& app, CommandLine& line);

// Makes `format` json under --json; false, with a message on `err`, when --json meets another
// --format.
bool finish_format(const FormatFlags& flags, OutputFormat& format, std::ostream& err);

// Completes races' options from the command line: its format and its --max-memory; false, with a
// message on `err`, on a malformed size or --json against another --format.
bool finish_races(const CommandLine& line, RacesOptions& options, std::ostream& err);

// Completes sample's options as finish_exploration does, and check's --likelihood: false, with
// a message on `err`, where --likelihood meets --format sarif.
bool finish_sample(const ExplorationFlags& flags, SampleOptions& options, std::ostream& err);
bool finish_likelihood(const CheckOptions& options, std::ostream& err);

// Completes `options` from `flags`; false, with a message on `err`, on a malformed size, an
// option another contradicts, or --eval gpu without a device.
bool finish_exploration(const ExplorationFlags& flags, ExplorationOptions& options,
                        std::ostream& err);

}  // namespace tfmc::app
