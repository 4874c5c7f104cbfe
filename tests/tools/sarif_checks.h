// Helpers of the SARIF tests (sarif_test.cpp, sarif_races_compare_test.cpp): the schema's
// required properties at each level, the references inside a log, and its results as lines.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/json_reader.h"
#include "support/tfmc_run.h"

namespace sarif_checks {

using Result = tfmc::test::CliResult;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;

using tfmc::test::Json;
using Lines = std::vector<std::string>;

inline const Lines kCheckRules = {"tfmc/race-observable",  "tfmc/race-benign", "tfmc/race-unknown",
                                  "tfmc/nondeterministic", "tfmc/stuck",       "tfmc/incomplete",
                                  "tfmc/inconclusive"};
inline const Lines kRacesRules = {"tfmc/race"};
inline const Lines kCompareRules = {"tfmc/refinement-failure", "tfmc/lost-outcome",
                                    "tfmc/incomplete"};

inline bool is_integer(const Json& j) {
  return j.is(Json::Kind::Number) && j.text.find_first_of(".eE") == std::string::npos;
}

inline void check_text(const Json& j) {
  REQUIRE(j.is(Json::Kind::Object));
  const Json* text = j.find("text");
  REQUIRE(text != nullptr);
  CHECK(text->is(Json::Kind::String));
  CHECK(!text->text.empty());
}

// message: an object with "text" or "id" (tfmc always writes text).
inline void check_message(const Json& m) {
  REQUIRE(m.is(Json::Kind::Object));
  CHECK((m.find("text") != nullptr || m.find("id") != nullptr));
  check_text(m);
}

// The ids that the embedded links `[label](N)` of a message text refer to, or nothing when
// the text has a `[` or `]` that is neither escaped with a backslash nor part of a link.
inline std::optional<std::vector<int>> links_in(const std::string& text) {
  std::vector<int> ids;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\') {
      ++i;  // an escaped character
      continue;
    }
    if (text[i] == ']') return std::nullopt;
    if (text[i] != '[') continue;
    std::size_t close = i + 1;
    while (close < text.size() && text[close] != ']') close += text[close] == '\\' ? 2 : 1;
    if (close + 1 >= text.size() || text[close + 1] != '(') return std::nullopt;
    const std::size_t end = text.find(')', close + 2);
    if (end == std::string::npos) return std::nullopt;
    const std::string id = text.substr(close + 2, end - close - 2);
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    ids.push_back(std::stoi(id));
    i = end;
  }
  return ids;
}

// A URI reference as tfmc writes one: unreserved characters, sub-delimiters, `@`, `/` and
// percent-encoded bytes.
inline bool is_uri_reference(const std::string& uri) {
  for (std::size_t i = 0; i < uri.size(); ++i) {
    const char c = uri[i];
    if (c == '%') {
      if (i + 2 >= uri.size() || !std::isxdigit(static_cast<unsigned char>(uri[i + 1])) ||
          !std::isxdigit(static_cast<unsigned char>(uri[i + 2]))) {
        return false;
      }
      i += 2;
    } else if (!std::isalnum(static_cast<unsigned char>(c)) &&
               std::string("-._~!$&'()*+,;=@/").find(c) == std::string::npos) {
      return false;
    }
  }
  return !uri.empty();
}

// location: physicalLocation (artifactLocation with a uri, region with startLine >= 1); a
// related location also has an id and a message.
inline void check_location(const Json& location, bool related) {
  REQUIRE(location.is(Json::Kind::Object));
  const Json& physical = location.at("physicalLocation");
  REQUIRE(physical.is(Json::Kind::Object));
  const Json& artifact = physical.at("artifactLocation");
  REQUIRE(artifact.is(Json::Kind::Object));
  CHECK(is_uri_reference(artifact.at("uri").text));
  const Json& region = physical.at("region");
  REQUIRE(region.is(Json::Kind::Object));
  REQUIRE(is_integer(region.at("startLine")));
  CHECK(region.at("startLine").number >= 1);
  if (related) {
    REQUIRE(is_integer(location.at("id")));
    CHECK(location.at("id").number >= 0);
    check_message(location.at("message"));
  }
}

inline bool is_level(const std::string& level) {
  return level == "none" || level == "note" || level == "warning" || level == "error";
}

// Parses `text` as a SARIF 2.1.0 log with one run of tfmc whose driver lists `rules` in this
// order, checks every level of it, and returns it.
inline Json valid_sarif(const std::string& text, const Lines& rules) {
  const Json log = tfmc::test::parse_json(text);
  REQUIRE(log.is(Json::Kind::Object));
  CHECK(log.at("version").text == "2.1.0");
  CHECK(log.at("$schema").text == "https://json.schemastore.org/sarif-2.1.0.json");
  const Json& runs = log.at("runs");
  REQUIRE(runs.is(Json::Kind::Array));
  REQUIRE(runs.items.size() == 1);
  const Json& run = runs.items[0];
  REQUIRE(run.is(Json::Kind::Object));
  const Json& tool = run.at("tool");
  REQUIRE(tool.is(Json::Kind::Object));
  const Json& driver = tool.at("driver");
  REQUIRE(driver.is(Json::Kind::Object));
  CHECK(driver.at("name").text == "tfmc");
  CHECK("tfmc " + driver.at("version").text + "\n" == tfmc_run({"--version"}).out);
  CHECK(driver.at("version").text.rfind(driver.at("semanticVersion").text + " (commit ", 0) == 0);

  const Json& descriptors = driver.at("rules");
  REQUIRE(descriptors.is(Json::Kind::Array));
  Lines ids;
  for (const Json& rule : descriptors.items) {
    REQUIRE(rule.is(Json::Kind::Object));
    ids.push_back(rule.at("id").text);
    CHECK(!rule.at("name").text.empty());
    check_text(rule.at("shortDescription"));
    check_text(rule.at("fullDescription"));
    check_text(rule.at("help"));
    CHECK(is_level(rule.at("defaultConfiguration").at("level").text));
  }
  CHECK(ids == rules);

  const Json& results = run.at("results");
  REQUIRE(results.is(Json::Kind::Array));
  for (const Json& result : results.items) {
    REQUIRE(result.is(Json::Kind::Object));
    check_message(result.at("message"));
    const std::string& rule_id = result.at("ruleId").text;
    REQUIRE(is_integer(result.at("ruleIndex")));
    const auto index = static_cast<std::size_t>(result.at("ruleIndex").number);
    REQUIRE(index < descriptors.items.size());
    CHECK(descriptors.items[index].at("id").text == rule_id);
    CHECK(result.at("level").text ==
          descriptors.items[index].at("defaultConfiguration").at("level").text);
    const Json& locations = result.at("locations");
    REQUIRE(locations.is(Json::Kind::Array));
    REQUIRE(locations.items.size() == 1);
    check_location(locations.items[0], false);
    std::set<int> related_ids;
    if (const Json* related = result.find("relatedLocations")) {
      REQUIRE(related->is(Json::Kind::Array));
      for (const Json& location : related->items) {
        check_location(location, true);
        CHECK(related_ids.insert(static_cast<int>(location.at("id").number)).second);
        CHECK(links_in(location.at("message").at("text").text) == std::vector<int>{});
      }
    }
    // Every related location is linked from the message, and every link names one.
    const std::optional<std::vector<int>> links = links_in(result.at("message").at("text").text);
    REQUIRE(links.has_value());
    CHECK(std::set<int>(links->begin(), links->end()) == related_ids);
    const Json& fingerprints = result.at("partialFingerprints");
    REQUIRE(fingerprints.is(Json::Kind::Object));
    REQUIRE(fingerprints.members.size() == 1);
    CHECK(fingerprints.members[0].second.is(Json::Kind::String));
  }
  return log;
}

inline const Json& results_array(const Json& log) { return log.at("runs").items[0].at("results"); }

inline std::string place(const Json& location) {
  const Json& physical = location.at("physicalLocation");
  return physical.at("artifactLocation").at("uri").text + ":" +
         physical.at("region").at("startLine").text;
}

// Each result as "RULE LEVEL URI:LINE", then " -> URI:LINE" per related location.
inline Lines results_of(const Json& log) {
  Lines out;
  for (const Json& result : results_array(log).items) {
    std::string line = result.at("ruleId").text + " " + result.at("level").text + " " +
                       place(result.at("locations").items[0]);
    if (const Json* related = result.find("relatedLocations")) {
      for (const Json& location : related->items) line += " -> " + place(location);
    }
    out.push_back(line);
  }
  return out;
}

inline std::string message(const Json& log, std::size_t i) {
  return results_array(log).items.at(i).at("message").at("text").text;
}

inline std::string related_message(const Json& log, std::size_t i, std::size_t k) {
  return results_array(log)
      .items.at(i)
      .at("relatedLocations")
      .items.at(k)
      .at("message")
      .at("text")
      .text;
}

inline bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace sarif_checks
