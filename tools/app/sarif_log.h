// A SARIF 2.1.0 log of tfmc's findings: one run of the tool "tfmc" with its rules
// (sarif_rules.h) and results that point at the FILE:LINE of the statements involved.
//
// Locations: artifactLocation.uri is the FILE as given on the command line (characters that a
// URI reference cannot hold percent-encoded), region.startLine the line of the node's
// statement. Every message text escapes `\`, `[` and `]` with a backslash, as SARIF requires
// of texts that may hold embedded links (`[r](1)` links to the relatedLocation with id 1).
// Each result carries a partialFingerprint made of the rule and names (never lines), so a
// finding keeps it when lines move.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checker/api/session.h"
#include "semantics/program/program.h"
#include "tools/app/sarif_rules.h"

namespace tfmc::app::sarif {

// Plain text for a SARIF message: `\`, `[` and `]` escaped, so that only the links the
// renderer writes read as embedded links.
std::string text(std::string_view s);

// An embedded link to the relatedLocation with this id.
std::string link(std::string_view label, int id);

struct Place {
  std::string file;
  int line = 1;
};

struct Related {
  Place place;
  std::string message;  // SARIF text (escaped)
};

struct Result {
  const Rule* rule = nullptr;
  std::string message;  // SARIF text (escaped, links written); relatedLocations ids 1, 2, ...
  Place place;
  std::vector<Related> related;
  std::string key;  // names that identify the finding (fingerprint)
};

// The files of a program, for findings about the whole program (at the first file's line 1);
// nodes know their own file (Node::file).
struct Sources {
  std::vector<std::string> files;
  std::uint32_t concurrent = 1;

  Place whole() const { return {files.at(0), 1}; }
  // The node's statement; empty for a node no statement made (a run barrier).
  std::optional<Place> node(const sem::Program& program, std::size_t index) const;
};

Sources sources_of(const api::SessionOptions& session);

// The log of `results`, each of a rule in `rules` (its ruleIndex is the rule's place there).
std::string render_log(const std::vector<const Rule*>& rules, const std::vector<Result>& results);

}  // namespace tfmc::app::sarif
