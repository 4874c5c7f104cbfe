// An option of the command line whose value is one of a few names (--store, --reduction,
// --eval, --model, --format, --values, --refs): one table of its names and the values they
// stand for, from which CLI11 binds the option to its variable. The help lists the names
// (`TEXT:{none,eager,stubborn}`), and a name outside them is a usage error in IsMember's words
// (`--reduction: bogus not in {none,eager,stubborn}`, specs/FORMAT.md, "Error messages").
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <utility>
#include <vector>

namespace tfmc::app {

// The names of an option's values, in the order the help lists them.
template <typename Value>
using OptionNames = std::vector<std::pair<std::string, Value>>;

// The name of `value` in `names` (which holds it).
template <typename Value>
const std::string& name_of(const OptionNames<Value>& names, Value value) {
  for (const auto& [name, named] : names) {
    if (named == value) return name;
  }
  return names.front().first;
}

// Adds option `name` to `cmd`, its value a name of `names` stored as the value it stands for.
// CLI11's CheckedTransformer turns the name into the value; it would also take the value's
// number ("--reduction 2"), so IsMember admits the names first, and words the error.
template <typename Value>
CLI::Option* add_enum_option(CLI::App* cmd, const std::string& name, Value& value,
                             const OptionNames<Value>& names, const std::string& help) {
  std::vector<std::string> spelled;
  for (const auto& entry : names) spelled.push_back(entry.first);
  const CLI::Validator is_name = CLI::IsMember(spelled);
  const CLI::Validator to_value = CLI::CheckedTransformer(names);
  const CLI::Validator named_value(
      [is_name, to_value](std::string& text) {
        const std::string error = is_name(text);
        return error.empty() ? to_value(text) : error;
      },
      is_name.get_description());
  // The type the help shows is what is typed, a name, not the enum it becomes.
  return cmd->add_option(name, value, help)->type_name("TEXT")->transform(named_value);
}

}  // namespace tfmc::app
