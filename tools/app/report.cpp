#include "tools/app/report.h"

#include <fmt/format.h>

#include "tools/app/json_document.h"
#include "tools/app/json_stream.h"
#include "tools/app/race_iterations.h"

namespace tfmc::app {
namespace {

Json json_object(const api::NamedValues& values) {
  Json out = Json::object();
  for (const auto& [name, value] : values) out.set(name, value);
  return out;
}

Json json_list(const std::vector<std::string>& items) {
  Json out = Json::array();
  for (const std::string& item : items) out.push(item);
  return out;
}

}  // namespace

std::string check_verdict(const api::CheckResult& r) {
  const std::size_t n = r.outcomes.size();
  std::size_t stuck = 0;
  for (const auto& o : r.outcomes) stuck += o.stuck ? 1 : 0;
  if (!r.exploration.complete && r.exploration.stop_reason == check::StopReason::MaxIterations &&
      r.nondeterminism_proven()) {
    std::size_t bounded = 0;
    for (const auto& o : r.outcomes) bounded += o.bounds.empty() ? 0 : 1;
    return fmt::format("nondeterministic: {} outcomes, {} of them cut short by the iteration bound",
                       n, bounded);
  }
  if (!r.exploration.complete) {
    return fmt::format("INCOMPLETE: stopped by --{} after {} outcome{} found",
                       r.exploration.stop_reason, n, n == 1 ? "" : "s");
  }
  if (r.deterministic()) return "deterministic: exactly one outcome";
  if (r.inconclusive()) {
    return fmt::format("inconclusive: {} outcomes depend on uninterpreted values", n);
  }
  // Several outcomes, some of them under assumptions: how many.
  const std::size_t assuming = r.assuming();
  const std::string note =
      assuming == 0
          ? ""
          : fmt::format(", {} of them under assumptions about uninterpreted values", assuming);
  if (n == 1) return "one outcome, stuck";
  if (stuck > 0) return fmt::format("{} outcomes, {} of them stuck{}", n, stuck, note);
  return fmt::format("nondeterministic: {} outcomes{}", n, note);
}

namespace {

// One assumption set: `COND is true at NODE; ...`.
std::string assumptions_text(const std::vector<api::PrintedAssumption>& set) {
  std::vector<std::string> parts;
  for (const api::PrintedAssumption& a : set) {
    parts.push_back(api::assumption_text(a));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

// For check, the classification of `race`: "observable" (true, false or null) and, when
// null, "unknown_reason".
void set_classification(Json& out, const api::Race& race) {
  if (race.observable) {
    out.set("observable", *race.observable);
  } else {
    out.set("observable", Json()).set("unknown_reason", race.unknown_reason);
  }
}

Json iterations_json(const std::vector<std::uint32_t>& iterations) {
  Json out = Json::array();
  for (std::uint32_t k : iterations) out.push(std::uint64_t{k});
  return out;
}

// {"first": {...}, "second": {...}, "variable": ..., "kind": ...}, for check the
// classification, and for a node pair in loops its "instances": the races of the pair's
// iterations, each with its node names, iterations and (for check) classification.
Json race_json(const api::RaceGroup& group, bool classified) {
  const api::Race& race = group.pair;
  Json out = Json::object();
  out.set("first", Json::object().set("node", race.first).set("line", race.first_line));
  out.set("second", Json::object().set("node", race.second).set("line", race.second_line));
  out.set("variable", race.variable).set("kind", race.kind);
  if (classified) set_classification(out, race);
  if (group.in_loops()) {
    Json instances = Json::array(Json::Layout::Lines);
    for (const api::Race& r : group.instances) {
      Json item = Json::object();
      item.set("first", r.first).set("first_iterations", iterations_json(r.first_iterations));
      item.set("second", r.second).set("second_iterations", iterations_json(r.second_iterations));
      if (classified) set_classification(item, r);
      instances.push(std::move(item));
    }
    out.set("instances", std::move(instances));
  }
  return out;
}

Json races_json(const std::vector<api::Race>& races, bool classified) {
  Json out = Json::array(Json::Layout::Lines);
  for (const api::RaceGroup& group : api::race_groups(races)) {
    out.push(race_json(group, classified));
  }
  return out;
}

// Where a node's statement is: FILE:LINE, or FILE alone for a binary graph file, which has no
// lines (the node's name, printed beside it, says which node).
std::string place(const std::string& file, int line) {
  return line >= 1 ? fmt::format("{}:{}", file, line) : file;
}

// The pair's line and, in loops, one indented line per pattern of its iterations.
std::string race_text(const api::RaceGroup& group, bool classified, const std::string& indent) {
  const api::Race& race = group.pair;
  std::string out = fmt::format(
      "{} ({}) and {} ({}) on {}: {}\n", race.first, place(race.first_file, race.first_line),
      race.second, place(race.second_file, race.second_line), race.variable, race.kind);
  for (const std::string& line : race_iteration_lines(group, classified)) {
    out += fmt::format("{}  iterations {}\n", indent, line);
  }
  return out;
}

// The races section of the text report, one entry per node pair: the observable pairs first,
// then the benign ones, then those left unknown with the reason; each group in the order of
// the analysis.
std::string races_text(const api::CheckResult& r) {
  if (r.races.empty()) return "races: none\n";
  std::vector<api::RaceGroup> observable, benign, unknown;
  for (api::RaceGroup& group : api::race_groups(r.races)) {
    if (!group.pair.observable) {
      unknown.push_back(std::move(group));
    } else {
      (*group.pair.observable ? observable : benign).push_back(std::move(group));
    }
  }
  std::vector<std::string> counts;
  if (!observable.empty()) counts.push_back(fmt::format("{} observable", observable.size()));
  if (!benign.empty()) counts.push_back(fmt::format("{} benign", benign.size()));
  if (!unknown.empty()) counts.push_back(fmt::format("{} unknown", unknown.size()));
  const std::size_t pairs = observable.size() + benign.size() + unknown.size();
  std::string out = fmt::format("races: {} ({})\n", pairs, fmt::join(counts, ", "));
  for (const api::RaceGroup& g : observable) out += "  observable: " + race_text(g, true, "  ");
  for (const api::RaceGroup& g : benign) out += "  benign: " + race_text(g, true, "  ");
  for (const api::RaceGroup& g : unknown) {
    std::string text = race_text(g, true, "  ");
    text.insert(text.find('\n'), fmt::format(" ({})", g.pair.unknown_reason));
    out += "  unknown: " + text;
  }
  return out;
}

}  // namespace

std::string store_text(const check::Exploration& e) {
  if (e.store != check::StoreMode::Fingerprint) return "";
  return fmt::format(
      "store: fingerprint (64-bit hashes): states whose hash equals a stored one's are taken "
      "for it; the probability that one was missed is about {:.2g} (TLC's estimate)\n",
      e.fingerprint_probability);
}

// A distributed exploration's share of each rank (FORMAT.md, "The JSON result": stats.ranks).
Json ranks_json(const std::vector<check::RankShare>& ranks) {
  Json out = Json::array(Json::Layout::Lines);
  for (const check::RankShare& r : ranks) {
    out.push(Json::object()
                 .set("states", r.states)
                 .set("transitions", r.transitions)
                 .set("store_bytes", std::uint64_t{r.store_bytes})
                 .set("disk_bytes", std::uint64_t{r.disk_bytes})
                 .set("states_sent", r.states_sent)
                 .set("messages", r.messages_sent)
                 .set("message_bytes", r.bytes_sent)
                 .set("seconds", r.seconds)
                 .set("wait_seconds", r.wait_seconds));
  }
  return out;
}

// The final states whose witnesses a stop left unreplayed, as the stopped: line says them.
std::string unreplayed_text(const check::Exploration& e) {
  return fmt::format("{} final state{} not replayed (their outcomes are missing)", e.unreplayed,
                     e.unreplayed == 1 ? "" : "s");
}

// Where a limit stopped the check's phases, when one did: a line.
std::string phase_text(const api::CheckResult& r) {
  const check::Exploration& e = r.exploration;
  switch (r.stopped_in()) {
    case check::StopPhase::None:
      return "";
    case check::StopPhase::InitialState:
      return fmt::format(
          "stopped: by --{} in the eager firings from the initial state; no state stored\n",
          e.stop_reason);
    case check::StopPhase::Exploration:
      return fmt::format("stopped: by --{} in the exploration\n", e.stop_reason);
    case check::StopPhase::Scan:
      return fmt::format(
          "stopped: by --{}, then in the scan for final states: {} unexpanded state{} not "
          "scanned (any may be final)\n",
          e.stop_reason, e.unscanned, e.unscanned == 1 ? "" : "s");
    case check::StopPhase::RaceClassification:
      return fmt::format("stopped: by --{} in race classification; the races left are unknown\n",
                         r.classification_stop);
    case check::StopPhase::Replay:
      return fmt::format("stopped: by --{} in the replay of the witnesses: {}\n", e.replay_stop,
                         unreplayed_text(e));
  }
  return "";
}

// Where a limit stopped the check, when one did: a line, and one more when an earlier stop
// also left witnesses unreplayed.
std::string stop_text(const api::CheckResult& r) {
  const check::Exploration& e = r.exploration;
  std::string out = phase_text(r);
  if (e.unreplayed > 0 && r.stopped_in() != check::StopPhase::Replay) {
    out += fmt::format("stopped: then by --{} in the replay of the witnesses: {}\n", e.replay_stop,
                       unreplayed_text(e));
  }
  return out;
}

std::string ranks_text(const check::Exploration& e) {
  if (e.ranks.empty()) return "";
  std::uint64_t sent = 0, messages = 0, bytes = 0;
  for (const check::RankShare& r : e.ranks) {
    sent += r.states_sent;
    messages += r.messages_sent;
    bytes += r.bytes_sent;
  }
  return fmt::format(
      "distributed: {} ranks; {} states sent to their owners in {} messages ({} "
      "bytes)\n",
      e.ranks.size(), sent, messages, bytes);
}

void write_check_members(JsonStream& doc, const api::CheckResult& r, const sem::ValueStore& values,
                         api::ValueForm form) {
  const check::Exploration& e = r.exploration;
  doc.member("program", r.program);
  doc.member("complete", e.complete);
  if (!e.complete) doc.member("stop_reason", check::stop_reason_name(e.stop_reason));
  doc.member("deterministic", r.deterministic());
  doc.member("inconclusive", r.inconclusive());
  doc.member("reduction", check::reduction_name(r.reduction));
  doc.member("symmetry", r.symmetry == api::Symmetry::Replicas ? "replicas"
                         : r.symmetry == api::Symmetry::Graph  ? "graph"
                                                               : "none");
  if (!r.refs.empty()) doc.member("refs", r.refs);
  Json stats = Json::object()
                   .set("states", e.states)
                   .set("transitions", e.transitions)
                   .set("final_states", e.final_states)
                   .set("stuck_states", r.stuck_states)
                   .set("seconds", e.seconds)
                   .set("threads", std::uint64_t{e.threads})
                   .set("state_slots", std::uint64_t{e.slots})
                   .set("store", check::store_mode_name(e.store))
                   .set("store_bytes", std::uint64_t{e.store_bytes})
                   .set("disk_bytes", std::uint64_t{e.disk_bytes})
                   .set("values", std::uint64_t{r.values})
                   .set("evaluations", r.evaluations)
                   .set("eager_firings", r.eager_firings);
  if (e.store == check::StoreMode::Fingerprint) {
    stats.set("collision_probability", e.fingerprint_probability);
  }
  if (r.symmetry != api::Symmetry::None) {
    Json classes = Json::array();
    for (std::size_t size : r.replica_classes) classes.push(std::uint64_t{size});
    stats.set("replica_classes", classes).set("orbit_states", r.orbit_states);
  }
  if (r.symmetry == api::Symmetry::Graph) {
    stats.set("automorphism_generators", std::uint64_t{r.automorphism_generators})
        .set("ignored_generators", std::uint64_t{r.ignored_generators});
  }
  if (r.stopped_in() != check::StopPhase::None) {
    stats.set("stopped_in", check::stop_phase_name(r.stopped_in()));
  }
  if (e.unscanned > 0) stats.set("unscanned_states", e.unscanned);
  if (e.unreplayed > 0) stats.set("unreplayed_states", e.unreplayed);
  if (!e.ranks.empty()) stats.set("ranks", ranks_json(e.ranks));
  doc.member("stats", stats);
  write_outcomes_member(doc, "outcomes", r.outcomes, values, form);
  doc.member("races", races_json(r.races, true));
  if (!r.warnings.empty()) doc.member("warnings", json_list(r.warnings));
}

void write_json(std::ostream& out, const api::CheckResult& r, const sem::ValueStore& values,
                api::ValueForm form) {
  JsonStream doc(out);
  doc.open_object();
  write_check_members(doc, r, values, form);
  doc.close();
  out << '\n';
}

void write_outcomes_member(JsonStream& doc, std::string_view key,
                           const std::vector<api::Outcome>& outcomes, const sem::ValueStore& values,
                           api::ValueForm form) {
  doc.open_array(key);
  api::OutcomePrinter printer(values, form);
  for (const api::Outcome& o : outcomes)
    doc.element(outcome_json(printer.outcome(o, outcomes.front())));
  doc.close();
}

Json outcome_json(const api::PrintedOutcome& o) {
  Json item = Json::object();
  item.set("outputs", json_object(o.outputs))
      .set("variables", json_object(o.variables))
      .set("stuck", o.stuck);
  if (o.stuck) item.set("blocked", json_list(o.blocked));
  if (!o.bounds.empty()) {
    Json bounds = Json::array();
    for (const api::BoundReached& b : o.bounds) {
      bounds.push(Json::object().set("node", b.node).set("frame", b.frame));
    }
    item.set("iteration_bound", std::move(bounds));
  }
  if (!o.assumptions.empty()) {
    Json sets = Json::array();
    for (const std::vector<api::PrintedAssumption>& set : o.assumptions) {
      Json items = Json::array();
      for (const api::PrintedAssumption& a : set) {
        items.push(Json::object()
                       .set("node", a.node)
                       .set("condition", a.condition)
                       .set("assumed", a.truth));
      }
      sets.push(std::move(items));
    }
    item.set("assumptions", std::move(sets));
  }
  item.set("witness", json_list(o.witness));
  if (!o.terms.empty()) {
    Json terms = Json::object(Json::Layout::Lines);
    for (const auto& [name, text] : o.terms) terms.set(name, text);
    item.set("terms", std::move(terms));
  }
  return item;
}

std::string outcome_text(const api::PrintedOutcome& o, const std::string& title) {
  const char* mark = o.stuck && !o.bounds.empty() ? " (stuck, iteration bound reached)"
                     : o.stuck                    ? " (stuck)"
                     : !o.bounds.empty()          ? " (iteration bound reached)"
                                                  : "";
  std::string out = fmt::format("\n{}{}:\n", title, mark);
  for (const auto& [name, value] : o.outputs) out += fmt::format("  output {} = {}\n", name, value);
  for (const auto& [name, value] : o.variables) {
    out += fmt::format("  variable {} = {}\n", name, value);
  }
  if (!o.terms.empty()) out += "  where:\n";
  for (const auto& [name, text] : o.terms) out += fmt::format("    {} = {}\n", name, text);
  for (const std::string& d : o.differences) out += fmt::format("  {}\n", d);
  if (o.stuck) out += fmt::format("  blocked: {}\n", fmt::join(o.blocked, ", "));
  for (const api::BoundReached& b : o.bounds) {
    out += fmt::format("  iteration bound: {} would start another iteration of frame {}\n", b.node,
                       b.frame);
  }
  for (std::size_t i = 0; i < o.assumptions.size(); ++i) {
    out +=
        fmt::format("  {}assumes: {}\n", i == 0 ? "" : "or ", assumptions_text(o.assumptions[i]));
  }
  out += fmt::format("  witness: {}\n", api::witness_text(o));
  return out;
}

void write_text(std::ostream& stream, const api::CheckResult& r, const sem::ValueStore& values,
                api::ValueForm form, OutcomeListing listing) {
  const check::Exploration& e = r.exploration;
  std::string out = fmt::format("tfmc check {}\n", r.program);
  out += fmt::format("verdict: {}\n", check_verdict(r));
  out +=
      fmt::format("explored: {} states, {} transitions, {} final states ({} stuck) in {:.3f} s{}\n",
                  e.states, e.transitions, e.final_states, r.stuck_states, e.seconds,
                  e.complete || e.stop_reason == check::StopReason::MaxIterations
                      ? ""
                      : " (incomplete: more states remain)");
  out += fmt::format("reduction: {}", check::reduction_name(r.reduction));
  out +=
      r.reduction == check::Reduction::None
          ? "\n"
          : fmt::format(" ({} transitions fired eagerly between stored states)\n", r.eager_firings);
  if (r.symmetry == api::Symmetry::Replicas) {
    out += fmt::format(
        "symmetry: replicas (interchangeable executions: {}; the {} states stored stand for {})\n",
        fmt::join(r.replica_classes, ", "), e.states, r.orbit_states);
  }
  if (r.symmetry == api::Symmetry::Graph) {
    out += fmt::format(
        "symmetry: graph (towers per class: {}; {} automorphism generators, {} not permutations "
        "of whole towers and unused; the {} states stored stand for {})\n",
        fmt::join(r.replica_classes, ", "), r.automorphism_generators, r.ignored_generators,
        e.states, r.orbit_states);
  }
  if (!r.refs.empty()) out += fmt::format("refs: {}\n", r.refs);
  out += store_text(e);
  out += ranks_text(e);
  out += stop_text(r);
  out += '\n';
  out += races_text(r);
  stream << out;
  const std::size_t n = r.outcomes.size();
  const OutcomeList list{r.outcomes, "outcome",
                         [n](std::size_t i) { return fmt::format("outcome {} of {}", i + 1, n); },
                         &r.races};
  write_outcome_list(stream, list, values, form, listing);
}

std::string render_races_text(const std::vector<api::Race>& races) {
  if (races.empty()) return "no races\n";
  const std::vector<api::RaceGroup> groups = api::race_groups(races);
  std::string out;
  for (const api::RaceGroup& group : groups) out += race_text(group, false, "");
  return out + fmt::format("{} race{}\n", groups.size(), groups.size() == 1 ? "" : "s");
}

std::string render_races_json(const std::string& program, const std::vector<api::Race>& races) {
  Json doc = Json::object(Json::Layout::Lines);
  doc.set("program", program).set("races", races_json(races, false));
  return doc.write() + "\n";
}

}  // namespace tfmc::app
