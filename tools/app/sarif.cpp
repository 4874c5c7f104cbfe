#include "tools/app/sarif.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "checker/api/printed_outcome.h"
#include "tools/app/json_document.h"

namespace tfmc::app {
namespace {

// A reportingDescriptor: what one kind of result means.
struct Rule {
  const char* id;
  const char* name;
  const char* level;  // defaultConfiguration.level, and the level of every result of the rule
  const char* short_description;
  const char* full_description;
  const char* help;
};

const Rule kRaceObservable{
    "tfmc/race-observable",
    "ObservableRace",
    "warning",
    "Race whose order changes the outcomes",
    "Two nodes access one variable, at least one of them writes it, and no path of edges orders "
    "them; firing them in one order or the other changes the outcomes the program reaches.",
    "If one order is intended, add a control edge (`after`) from one node to the other; if both "
    "orders are, the race is the nondeterminism the program means to have."};
const Rule kRaceBenign{
    "tfmc/race-benign",
    "BenignRace",
    "note",
    "Race whose order does not change the outcomes",
    "Two nodes access one variable, at least one of them writes it, and no path of edges orders "
    "them; the program reaches the same outcomes whichever fires first, with the feeds checked.",
    "No change is needed for the feeds checked; other feeds or initial values may make the "
    "order matter."};
const Rule kRaceUnknown{
    "tfmc/race-unknown",
    "UnclassifiedRace",
    "note",
    "Race not classified",
    "Two nodes access one variable, at least one of them writes it, and no path of edges orders "
    "them; whether their order changes the outcomes is unknown, because a limit stopped an "
    "exploration or the classification was turned off.",
    "Raise the limits, or drop --no-race-classification, to classify the race."};
const Rule kRace{
    "tfmc/race",
    "Race",
    "warning",
    "Unordered accesses to one variable",
    "Two nodes access one variable, at least one of them writes it, and no path of edges "
    "(tensor, variable or control) leads from one to the other, so some runs fire them in one "
    "order and others in the other.",
    "Run `tfmc check` to learn whether the order changes the outcomes; add a control edge "
    "(`after`) if only one order is intended."};
const Rule kNondeterministic{
    "tfmc/nondeterministic",
    "Nondeterminism",
    "warning",
    "Program with several outcomes",
    "Different firing orders of the program reach different outcomes (values of the outputs and "
    "variables).",
    "The races reported with it show which unordered accesses can cause it; the text or JSON "
    "report gives a witness firing order for each outcome."};
const Rule kStuck{
    "tfmc/stuck",
    "StuckOutcome",
    "error",
    "Run that ends with nodes that can never fire",
    "Some firing order ends in a state where nodes are left unfired and can never fire, such as "
    "a Dequeue of an empty queue that nothing will fill or a Lock of a mutex that is never "
    "released.",
    "Follow the witness in the message to the state where the run stops."};
const Rule kIncomplete{
    "tfmc/incomplete",
    "IncompleteExploration",
    "warning",
    "Exploration stopped by a limit",
    "A limit (--max-states, --max-seconds or --max-memory) stopped an exploration before every "
    "reachable state was visited: the outcomes found may not be all, and the verdict is "
    "unknown.",
    "Raise the limit, or keep the default --reduction stubborn, which stores fewer states."};
const Rule kRefinementFailure{
    "tfmc/refinement-failure",
    "RefinementFailure",
    "error",
    "Rewrite reaches an outcome the original cannot",
    "AFTER, a rewrite of BEFORE, reaches an outcome (values of the outputs and variables, "
    "matched by name) that no firing order of BEFORE reaches: the rewrite adds behaviour.",
    "The witness in the message is a firing order of AFTER that reaches the outcome."};
const Rule kLostOutcome{
    "tfmc/lost-outcome",
    "LostOutcome",
    "note",
    "Rewrite no longer reaches an outcome of the original",
    "BEFORE reaches an outcome that AFTER, a rewrite of it, cannot. A rewrite may remove "
    "behaviour and still refine the original; with --equivalent it may not.",
    "The witness in the message is a firing order of BEFORE that reaches the outcome."};

// The rules each command can report; a result's ruleIndex is its rule's place in the list.
const std::vector<const Rule*> kCheckRules = {&kRaceObservable,   &kRaceBenign, &kRaceUnknown,
                                              &kNondeterministic, &kStuck,      &kIncomplete};
const std::vector<const Rule*> kRacesRules = {&kRace};
const std::vector<const Rule*> kCompareRules = {&kRefinementFailure, &kLostOutcome, &kIncomplete};

// Plain text for a SARIF message: `\`, `[` and `]` escaped, so that only the links the
// renderer writes read as embedded links.
std::string text(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '\\' || c == '[' || c == ']') out += '\\';
    out += c;
  }
  return out;
}

// An embedded link to the relatedLocation with this id.
std::string link(std::string_view label, int id) {
  return fmt::format("[{}]({})", text(label), id);
}

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
  std::optional<Place> node(const sem::Program& program, std::size_t index) const {
    const sem::Node& n = program.nodes.at(index);
    if (n.loc.line < 1) return std::nullopt;
    return Place{n.file, n.loc.line};
  }
};

Sources sources_of(const api::SessionOptions& session) {
  return {session.files, session.concurrent};
}

// A location object; a related location (id > 0) has its id and a message.
std::string location_json(const Place& p, int id = 0, const std::string& message = "") {
  std::string out = id > 0 ? fmt::format("{{\"id\": {}, ", id) : "{";
  out += fmt::format(
      "\"physicalLocation\": {{\"artifactLocation\": {{\"uri\": {}}}, \"region\": "
      "{{\"startLine\": {}}}}}",
      json_string(uri_reference(p.file)), p.line);
  if (id > 0) out += fmt::format(", \"message\": {{\"text\": {}}}", json_string(message));
  return out + "}";
}

std::string rule_json(const Rule& rule) {
  return fmt::format(
      "{{\"id\": {}, \"name\": {}, \"shortDescription\": {{\"text\": {}}}, "
      "\"fullDescription\": {{\"text\": {}}}, \"help\": {{\"text\": {}}}, "
      "\"defaultConfiguration\": {{\"level\": {}}}}}",
      json_string(rule.id), json_string(rule.name), json_string(rule.short_description),
      json_string(rule.full_description), json_string(rule.help), json_string(rule.level));
}

std::string result_json(const Result& r, const std::vector<const Rule*>& rules) {
  const auto index = std::find(rules.begin(), rules.end(), r.rule) - rules.begin();
  std::string out = fmt::format(
      "{{\"ruleId\": {}, \"ruleIndex\": {}, \"level\": {}, \"message\": {{\"text\": {}}}, "
      "\"locations\": [{}]",
      json_string(r.rule->id), index, json_string(r.rule->level), json_string(r.message),
      location_json(r.place));
  if (!r.related.empty()) {
    out += ", \"relatedLocations\": [";
    for (std::size_t i = 0; i < r.related.size(); ++i) {
      out += (i > 0 ? ", " : "") +
             location_json(r.related[i].place, static_cast<int>(i + 1), r.related[i].message);
    }
    out += "]";
  }
  out += fmt::format(", \"partialFingerprints\": {{\"tfmcFinding/v1\": {}}}}}",
                     json_string(fingerprint(*r.rule, r.key)));
  return out;
}

std::string render_log(const std::vector<const Rule*>& rules, const std::vector<Result>& results) {
  std::string out = "{\n";
  out += "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n";
  out += "  \"version\": \"2.1.0\",\n";
  out += "  \"runs\": [\n    {\n      \"tool\": {\n        \"driver\": {\n";
  out += fmt::format("          \"name\": \"tfmc\",\n          \"version\": {},\n",
                     json_string(TFMC_VERSION));
  out += "          \"rules\": [";
  for (std::size_t i = 0; i < rules.size(); ++i) {
    out += (i > 0 ? ",\n            " : "\n            ") + rule_json(*rules[i]);
  }
  out += "\n          ]\n        }\n      },\n      \"results\": [";
  for (std::size_t i = 0; i < results.size(); ++i) {
    out += (i > 0 ? ",\n        " : "\n        ") + result_json(results[i], rules);
  }
  out += results.empty() ? "]\n" : "\n      ]\n";
  out += "    }\n  ]\n}\n";
  return out;
}

// "output r = A, variable x = B"; with `mark_stuck`, ", stuck" added for a stuck outcome.
std::string summary(const api::PrintedOutcome& o, bool mark_stuck = true) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : o.outputs) {
    parts.push_back(fmt::format("output {} = {}", name, value));
  }
  for (const auto& [name, value] : o.variables) {
    parts.push_back(fmt::format("variable {} = {}", name, value));
  }
  if (o.stuck && mark_stuck) parts.push_back("stuck");
  return parts.empty() ? "no outputs or variables" : fmt::format("{}", fmt::join(parts, ", "));
}

std::string witness(const api::PrintedOutcome& o) {
  return o.witness.empty() ? "(no firing)" : fmt::format("{}", fmt::join(o.witness, " "));
}

std::string plural(std::size_t n, const char* word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

// The names a result mentions: the first one with a statement becomes the result's location,
// each later one with a statement a related location that the message links to.
class Mentions {
 public:
  explicit Mentions(Result& result) : result_(result) {}

  // `about` is the related location's message.
  void add(const std::string& name, const std::optional<Place>& place, const std::string& about) {
    if (!place || !first_) {
      if (place) first_ = place;
      names_.push_back(text(name));
      return;
    }
    result_.related.push_back({*place, text(about)});
    names_.push_back(link(name, static_cast<int>(result_.related.size())));
  }
  bool empty() const { return names_.empty(); }
  // The names for the message, joined by ", "; also sets the result's location, `fallback`
  // when no name has a statement.
  std::string finish(const Place& fallback) {
    result_.place = first_.value_or(fallback);
    return fmt::format("{}", fmt::join(names_, ", "));
  }

 private:
  Result& result_;
  std::optional<Place> first_;
  std::vector<std::string> names_;
};

// One race: the first node is the result's location, the second its relatedLocation 1.
Result race_result(const Rule& rule, const api::Race& race, const std::string& why,
                   const sem::Program& program, const Sources& sources) {
  Result r;
  r.rule = &rule;
  r.message = fmt::format("{} and {} race on {} ({}): {}.", text(race.first), link(race.second, 1),
                          text(race.variable), race.kind, text(why));
  r.place = sources.node(program, race.first_node).value_or(sources.whole());
  r.related.push_back(
      {sources.node(program, race.second_node).value_or(sources.whole()),
       text(fmt::format("{}, the other access to {}", race.second, race.variable))});
  r.key = fmt::format("{}\n{}\n{}\n{}", race.variable, race.first, race.second, race.kind);
  return r;
}

Result check_race_result(const api::Race& race, const sem::Program& program,
                         const Sources& sources) {
  if (!race.observable) {
    return race_result(
        kRaceUnknown, race,
        "whether their order changes the outcomes is unknown: " + race.unknown_reason, program,
        sources);
  }
  if (*race.observable) {
    return race_result(kRaceObservable, race, "their order changes the outcomes", program, sources);
  }
  return race_result(kRaceBenign, race, "their order does not change the outcomes", program,
                     sources);
}

using NodeIndex = std::unordered_map<std::string_view, std::size_t>;  // node name -> index

// A stuck outcome at its blocked nodes: the first one with a statement is the location, the
// others with one are related locations, linked from the message.
Result stuck_result(const api::PrintedOutcome& o, std::size_t number, std::size_t count,
                    const sem::Program& program, const NodeIndex& index, const Sources& sources) {
  Result r;
  r.rule = &kStuck;
  Mentions blocked(r);
  for (const std::string& name : o.blocked) {
    const auto it = index.find(name);
    blocked.add(name, it == index.end() ? std::nullopt : sources.node(program, it->second),
                name + " is blocked forever");
  }
  const std::string names = blocked.finish(sources.whole());
  r.message =
      fmt::format("Outcome {} of {} is stuck, blocked forever: {}. Values: {}. Witness: {}.",
                  number, count, names, text(summary(o, false)), text(witness(o)));
  r.key = fmt::format("{}", fmt::join(o.blocked, "\n"));
  return r;
}

// How one outcome differs from the nearest outcome of the other side of a comparison.
struct Difference {
  const api::PrintedOutcome* nearest = nullptr;  // null when the other side has no outcome
  std::vector<std::string> outputs;              // names whose values differ, in name order
  std::vector<std::string> variables;
};

std::vector<std::string> differing(const api::NamedValues& mine, const api::NamedValues& theirs) {
  std::vector<std::string> out;
  for (const auto& [name, value] : mine) {
    const auto it = std::find_if(theirs.begin(), theirs.end(),
                                 [&](const auto& nv) { return nv.first == name; });
    if (it == theirs.end() || it->second != value) out.push_back(name);
  }
  return out;
}

// The outcome of `others` that differs from `o` in the fewest names (the first such one).
Difference nearest(const api::PrintedOutcome& o, const std::vector<api::PrintedOutcome>& others) {
  Difference best;
  for (const api::PrintedOutcome& other : others) {
    Difference d{&other, differing(o.outputs, other.outputs),
                 differing(o.variables, other.variables)};
    if (best.nearest == nullptr ||
        d.outputs.size() + d.variables.size() < best.outputs.size() + best.variables.size()) {
      best = std::move(d);
    }
  }
  return best;
}

// The statement that gives output `name` its value in `program`: the node that produces it.
std::optional<Place> output_place(const sem::Program& program, const Sources& sources,
                                  const std::string& name) {
  for (const sem::NamedOutput& output : program.outputs) {
    if (output.name != name) continue;
    const std::int32_t src = program.edges.at(output.edge).src;
    if (src == sem::kNone) return std::nullopt;  // an input, output as it is
    return sources.node(program, static_cast<std::size_t>(src));
  }
  return std::nullopt;
}

// The declaration of variable `name` (compare's sides are one FILE each).
std::optional<Place> variable_place(const sem::Program& program, const std::string& name) {
  for (const sem::Variable& v : program.variables) {
    if (v.name == name && v.loc.line >= 1) return Place{v.file, v.loc.line};
  }
  return std::nullopt;
}

// An added or lost outcome of a comparison, at AFTER's statements of the outputs and
// variables whose values differ from the nearest outcome of the other side.
Result compare_result(const Rule& rule, const api::PrintedOutcome& o,
                      const std::vector<api::PrintedOutcome>& others, const std::string& lead,
                      const std::string& other_side, const std::string& witness_side,
                      const sem::Program& after, const Sources& sources) {
  Result r;
  r.rule = &rule;
  const Difference d = nearest(o, others);
  Mentions differing_names(r);
  for (const std::string& name : d.outputs) {
    differing_names.add(name, output_place(after, sources, name), "output " + name);
  }
  for (const std::string& name : d.variables) {
    differing_names.add(name, variable_place(after, name), "variable " + name);
  }
  const bool none_differ = differing_names.empty();
  const std::string names = differing_names.finish(sources.whole());
  std::string nearest_text;
  if (d.nearest != nullptr) {
    nearest_text =
        none_differ ? fmt::format(" The nearest outcome of {} has the same values but is {}stuck.",
                                  other_side, d.nearest->stuck ? "" : "not ")
                    : fmt::format(" The nearest outcome of {} differs in {}: {}.", other_side,
                                  names, text(summary(*d.nearest)));
  }
  r.message = fmt::format("{}: {}.{} Witness in {}: {}.", text(lead), text(summary(o)),
                          nearest_text, witness_side, text(witness(o)));
  r.key = summary(o);
  return r;
}

}  // namespace

std::string render_check_sarif(const api::CheckResult& r, const sem::ValueStore& values,
                               const sem::Program& program, const api::SessionOptions& session) {
  const std::vector<api::PrintedOutcome> outcomes = api::printed(r.outcomes, values);
  const Sources sources = sources_of(session);
  const check::Exploration& e = r.exploration;
  const std::size_t n = r.outcomes.size();
  std::vector<Result> results;
  if (!e.complete) {
    results.push_back(
        {&kIncomplete,
         text(fmt::format("The exploration of {} was stopped by --{} after {} stored: the {} "
                          "found may not be all, and the verdict is unknown.",
                          r.program, e.stop_reason, plural(e.states, "state"),
                          plural(n, "outcome"))),
         sources.whole(),
         {},
         r.program});
  }
  if (n >= 2) {
    std::string listed;
    for (std::size_t i = 0; i < 2; ++i) {
      listed += fmt::format(" Outcome {}: {}.", i + 1, summary(outcomes[i]));
    }
    if (n > 2) listed += fmt::format(" And {} more {}.", n - 2, n == 3 ? "outcome" : "outcomes");
    results.push_back(
        {&kNondeterministic,
         text(fmt::format("{} is nondeterministic: {}{}.{}", r.program,
                          e.complete ? "" : "at least ", plural(n, "outcome"), listed)),
         sources.whole(),
         {},
         r.program});
  }
  NodeIndex index;
  for (std::size_t i = 0; i < n; ++i) {
    if (!outcomes[i].stuck) continue;
    if (index.empty()) {
      for (std::size_t k = 0; k < program.nodes.size(); ++k)
        index.emplace(program.nodes[k].name, k);
    }
    results.push_back(stuck_result(outcomes[i], i + 1, n, program, index, sources));
  }
  for (const api::Race& race : r.races) {
    results.push_back(check_race_result(race, program, sources));
  }
  return render_log(kCheckRules, results);
}

std::string render_races_sarif(const std::vector<api::Race>& races, const sem::Program& program,
                               const api::SessionOptions& session) {
  const Sources sources = sources_of(session);
  std::vector<Result> results;
  for (const api::Race& race : races) {
    results.push_back(race_result(kRace, race, "no path of edges orders them", program, sources));
  }
  return render_log(kRacesRules, results);
}

std::string render_compare_sarif(const api::CompareResult& r, const sem::ValueStore& values,
                                 const sem::Program& after, const api::SessionOptions& session) {
  const Sources before_sources{{session.files.at(0)}, session.concurrent};
  const Sources after_sources{{session.files.at(1)}, session.concurrent};
  std::vector<Result> results;
  if (!r.complete) {
    for (const api::CheckResult* side : {&r.before, &r.after}) {
      if (side->exploration.complete) continue;
      const bool before = side == &r.before;
      results.push_back(
          {&kIncomplete,
           text(fmt::format("The exploration of {} ({}) was stopped by --{}: whether AFTER "
                            "refines BEFORE is unknown ({} of AFTER not reached by BEFORE and "
                            "{} of BEFORE not reached by AFTER so far).",
                            before ? "BEFORE" : "AFTER", side->program,
                            side->exploration.stop_reason, plural(r.added.size(), "outcome"),
                            plural(r.lost.size(), "outcome"))),
           (before ? before_sources : after_sources).whole(),
           {},
           fmt::format("{}\n{}", before ? "before" : "after", side->program)});
    }
    return render_log(kCompareRules, results);
  }
  const std::vector<api::PrintedOutcome> before = api::printed(r.before.outcomes, values);
  const std::vector<api::PrintedOutcome> after_outcomes = api::printed(r.after.outcomes, values);
  for (const api::PrintedOutcome& o : api::printed(r.added, values)) {
    results.push_back(compare_result(kRefinementFailure, o, before,
                                     "AFTER reaches an outcome that BEFORE cannot", "BEFORE",
                                     "AFTER", after, after_sources));
  }
  for (const api::PrintedOutcome& o : api::printed(r.lost, values)) {
    results.push_back(compare_result(kLostOutcome, o, after_outcomes,
                                     "AFTER no longer reaches an outcome of BEFORE", "AFTER",
                                     "BEFORE", after, after_sources));
  }
  return render_log(kCompareRules, results);
}

}  // namespace tfmc::app
