#include "tools/app/sarif_log.h"

#include <fmt/format.h>

#include <algorithm>

#include "tools/app/json_document.h"
#include "tools/app/version_info.h"

namespace tfmc::app::sarif {
namespace {

// A path as a URI reference: unreserved characters, sub-delimiters, `@` and `/` as they are,
// every other byte (`:` too, which would read as a scheme) percent-encoded.
std::string uri_reference(std::string_view path) {
  std::string out;
  for (char c : path) {
    const auto b = static_cast<unsigned char>(c);
    const bool keep = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                      std::string_view("-._~!$&'()*+,;=@/").find(c) != std::string_view::npos;
    out += keep ? std::string(1, c) : fmt::format("%{:02X}", b);
  }
  return out;
}

// 64-bit FNV-1a of the rule id and a key made of names (never lines), as 16 hex digits: the
// same finding keeps its fingerprint when lines move.
std::string fingerprint(const Rule& rule, std::string_view key) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  const auto add = [&h](std::string_view s) {
    for (char c : s) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ull;
    }
  };
  add(rule.id);
  add(std::string_view("\0", 1));
  add(key);
  return fmt::format("{:016x}", h);
}

Json message(const std::string& text) { return Json::object().set("text", text); }

// A location object; a related location (id > 0) has its id and a message.
Json location_json(const Place& p, int id = 0, const std::string& about = "") {
  Json out = Json::object();
  if (id > 0) out.set("id", id);
  out.set("physicalLocation",
          Json::object()
              .set("artifactLocation", Json::object().set("uri", uri_reference(p.file)))
              .set("region", Json::object().set("startLine", p.line)));
  if (id > 0) out.set("message", message(about));
  return out;
}

Json rule_json(const Rule& rule) {
  return Json::object()
      .set("id", rule.id)
      .set("name", rule.name)
      .set("shortDescription", message(rule.short_description))
      .set("fullDescription", message(rule.full_description))
      .set("help", message(rule.help))
      .set("defaultConfiguration", Json::object().set("level", rule.level));
}

Json result_json(const Result& r, const std::vector<const Rule*>& rules) {
  const auto index = std::find(rules.begin(), rules.end(), r.rule) - rules.begin();
  Json out = Json::object();
  out.set("ruleId", r.rule->id)
      .set("ruleIndex", static_cast<std::int64_t>(index))
      .set("level", r.rule->level)
      .set("message", message(r.message))
      .set("locations", Json::array().push(location_json(r.place)));
  if (!r.related.empty()) {
    Json related = Json::array();
    for (std::size_t i = 0; i < r.related.size(); ++i) {
      related.push(
          location_json(r.related[i].place, static_cast<int>(i + 1), r.related[i].message));
    }
    out.set("relatedLocations", std::move(related));
  }
  out.set("partialFingerprints", Json::object().set("tfmcFinding/v1", fingerprint(*r.rule, r.key)));
  return out;
}

}  // namespace

std::string text(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

std::string link(std::string_view label, int id) {
  return fmt::format("[{}]({})", text(label), id);
}

std::optional<Place> Sources::node(const sem::Program& program, std::size_t index) const {
  const sem::Node& n = program.nodes.at(index);
  if (n.loc.line < 1) return std::nullopt;
  return Place{n.file, n.loc.line};
}

Sources sources_of(const api::SessionOptions& session) {
  return {session.files, session.concurrent};
}

std::string render_log(const std::vector<const Rule*>& rules, const std::vector<Result>& results) {
  Json rule_list = Json::array(Json::Layout::Lines);
  for (const Rule* rule : rules) rule_list.push(rule_json(*rule));
  Json result_list = Json::array(Json::Layout::Lines);
  for (const Result& r : results) result_list.push(result_json(r, rules));
  Json driver = Json::object(Json::Layout::Lines);
  // `version` as --version says it (with the commit); `semanticVersion` the release alone.
  driver.set("name", "tfmc")
      .set("version", version_text())
      .set("semanticVersion", TFMC_VERSION)
      .set("rules", std::move(rule_list));
  Json run = Json::object(Json::Layout::Lines);
  run.set("tool", Json::object(Json::Layout::Lines).set("driver", std::move(driver)))
      .set("results", std::move(result_list));
  Json log = Json::object(Json::Layout::Lines);
  log.set("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
      .set("version", "2.1.0")
      .set("runs", Json::array(Json::Layout::Lines).push(std::move(run)));
  return log.write() + "\n";
}

}  // namespace tfmc::app::sarif
