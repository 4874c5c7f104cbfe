// How the import reads the names of tensors and nodes it is given: the entries of a NodeDef's
// `input` (`n`, `n:k`, `^n`) and the --fetch, --feed and --init names of a run
// (graphdef_import.h GraphRun).
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace tfmc::sem {

// One entry of a NodeDef's `input`: `n`, `n:k` or `^n`.
struct NodeInput {
  std::string node;
  int port = 0;
  bool control = false;
  std::string text;  // as written
};

// The entry `text`, or nullopt when it is not NODE, NODE:PORT (at most 6 digits) or ^NODE.
std::optional<NodeInput> parse_input(const std::string& text);

// The node and port a --fetch names: NAME or NAME:K (anything else: the whole text, port 0).
std::pair<std::string, int> fetched(const std::string& fetch);

}  // namespace tfmc::sem
