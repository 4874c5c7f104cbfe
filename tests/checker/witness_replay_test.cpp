// The replay of the final states' witnesses, and the naming of their outcomes, keep the
// command's deadline and memory bound (checker/outcomes.h, checker/api/check.h; FORMAT.md,
// "The command line", --max-seconds and --max-memory): past the grace after --max-seconds, or
// at --max-memory, they replay no more, count the final states they left, and mark the
// exploration incomplete; and the reports say so (stopped: line, stats.unreplayed_states,
// stats.stopped_in). The deadline is set in the past and the memory bound at 1 byte, so that
// the stop does not depend on the machine.
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>

#include "checker/api/check.h"
#include "checker/api/exploration_run.h"
#include "checker/outcomes.h"
#include "support/explore_fixture.h"
#include "support/json_reader.h"
#include "tools/app/report.h"

using namespace tfmc;

namespace {

// Four independent write-read races: 16 final states, one outcome each.
const char* kFourRaces =
    "one = Const {value=i32{1}}\n"
    "var a = i32{0}\nwa = Write(&a, one)\nra = Read(&a)\noutput ra\n"
    "var b = i32{0}\nwb = Write(&b, one)\nrb = Read(&b)\noutput rb\n"
    "var c = i32{0}\nwc = Write(&c, one)\nrc = Read(&c)\noutput rc\n"
    "var d = i32{0}\nwd = Write(&d, one)\nrd = Read(&d)\noutput rd\n";

// --max-seconds 1 counted from 10 s ago: past its grace (half a second) already.
check::Limits expired() {
  check::Limits limits;
  limits.max_seconds = 1;
  limits.since = std::chrono::steady_clock::now() - std::chrono::seconds(10);
  return limits;
}

// --max-memory 1 byte: any process is over it.
check::Limits no_memory() {
  check::Limits limits;
  limits.max_memory_bytes = 1;
  return limits;
}

}  // namespace

TEST_CASE("the replay of witnesses stops at the memory bound and counts what it left",
          "[checker][replay]") {
  const test::ExploredText t(kFourRaces, check::Reduction::Stubborn);
  check::Exploration full = t.explored.result();
  CHECK(
      check::collect_outcomes(t.explored.explored_model(), t.explored.explorer(), full, no_memory())
          .empty());
  CHECK(full.unreplayed == 16);
  CHECK_FALSE(full.complete);
  CHECK(full.stop_reason == check::StopReason::MaxMemory);
  CHECK(full.replay_stop == check::StopReason::MaxMemory);
  CHECK(full.stopped_in == check::StopPhase::Replay);

  api::CheckResult r;
  r.program = "four.tfg";
  r.exploration = full;
  std::ostringstream text;
  app::write_text(text, r, t.values, api::ValueForm::Summary, app::OutcomeListing::Summary);
  CHECK(text.str().find("stopped: by --max-memory in the replay of the witnesses: 16 final "
                        "states not replayed (their outcomes are missing)\n") != std::string::npos);
  std::ostringstream json;
  app::write_json(json, r, t.values, api::ValueForm::Full);
  const test::Json doc = test::parse_json(json.str());
  CHECK(doc.at("stop_reason").text == "max-memory");
  CHECK(doc.at("stats").at("stopped_in").text == "witness-replay");
  CHECK(doc.at("stats").at("unreplayed_states").text == "16");
}

TEST_CASE("the naming of a check's outcomes stops at the memory bound", "[checker][replay]") {
  // The exploration and the replay run without limits (their engine drops them), so that
  // only the naming of the 16 outcomes, which keeps the check's --max-memory, stops.
  api::CheckOptions options;
  options.limits = no_memory();
  options.engine = [](TransitionSystem& explored, const sem::Program& program,
                      sem::ValueStore& values, const api::CheckOptions& check,
                      const std::string& label) {
    api::CheckOptions unlimited = check;
    unlimited.limits = {};
    return api::local_run(explored, program, values, unlimited, label);
  };
  sem::ValueStore values;
  const api::CheckResult r = api::check_text("four.tfg", kFourRaces, {}, values, options);
  CHECK(r.outcomes.empty());
  CHECK(r.exploration.final_states == 16);
  CHECK(r.exploration.unreplayed == 16);
  CHECK_FALSE(r.exploration.complete);
  CHECK(r.exploration.stop_reason == check::StopReason::MaxMemory);
  CHECK(r.exploration.stopped_in == check::StopPhase::Replay);

  // Without the bound, the same engine names all 16.
  options.limits = {};
  sem::ValueStore all_values;
  const api::CheckResult all = api::check_text("four.tfg", kFourRaces, {}, all_values, options);
  CHECK(all.outcomes.size() == 16);
  CHECK(all.exploration.complete);
  CHECK(all.exploration.unreplayed == 0);
}

TEST_CASE("the replay of witnesses stops past the deadline and counts what it left",
          "[checker][replay]") {
  const test::ExploredText t(kFourRaces, check::Reduction::Stubborn);
  REQUIRE(t.explored.result().complete);
  REQUIRE(t.explored.result().finals.size() == 16);

  check::Exploration late = t.explored.result();
  const auto none =
      check::collect_outcomes(t.explored.explored_model(), t.explored.explorer(), late, expired());
  CHECK(none.empty());
  CHECK(late.unreplayed == 16);
  CHECK_FALSE(late.complete);
  CHECK(late.stop_reason == check::StopReason::MaxSeconds);
  CHECK(late.replay_stop == check::StopReason::MaxSeconds);
  CHECK(late.stopped_in == check::StopPhase::Replay);

  // With time left, every witness is replayed and the exploration stays complete.
  check::Limits ample;
  ample.max_seconds = 3600;
  ample.since = std::chrono::steady_clock::now();
  check::Exploration whole = t.explored.result();
  const auto all =
      check::collect_outcomes(t.explored.explored_model(), t.explored.explorer(), whole, ample);
  CHECK(all.size() == 16);
  CHECK(whole.unreplayed == 0);
  CHECK(whole.complete);
  CHECK(whole.stopped_in == check::StopPhase::None);

  // After an earlier stop, the replay's stop keeps the reason and the phase of the first.
  check::Exploration stopped = t.explored.result();
  stopped.complete = false;
  stopped.stop_reason = check::StopReason::MaxStates;
  stopped.stopped_in = check::StopPhase::Exploration;
  check::collect_outcomes(t.explored.explored_model(), t.explored.explorer(), stopped, expired());
  CHECK(stopped.unreplayed == 16);
  CHECK(stopped.stop_reason == check::StopReason::MaxStates);
  CHECK(stopped.stopped_in == check::StopPhase::Exploration);
}

TEST_CASE("the reports say which final states the replay left", "[tools][replay]") {
  const test::ExploredText t(kFourRaces, check::Reduction::Stubborn);
  api::CheckResult r;
  r.program = "four.tfg";
  r.exploration = t.explored.result();
  check::collect_outcomes(t.explored.explored_model(), t.explored.explorer(), r.exploration,
                          expired());
  std::ostringstream text;
  app::write_text(text, r, t.values, api::ValueForm::Summary, app::OutcomeListing::Summary);
  CHECK(text.str().find("verdict: INCOMPLETE: stopped by --max-seconds after 0 outcomes found\n") !=
        std::string::npos);
  CHECK(text.str().find("stopped: by --max-seconds in the replay of the witnesses: 16 final "
                        "states not replayed (their outcomes are missing)\n") != std::string::npos);
  std::ostringstream json;
  app::write_json(json, r, t.values, api::ValueForm::Full);
  const test::Json doc = test::parse_json(json.str());
  CHECK(doc.at("complete").boolean == false);
  CHECK(doc.at("stop_reason").text == "max-seconds");
  CHECK(doc.at("stats").at("stopped_in").text == "witness-replay");
  CHECK(doc.at("stats").at("unreplayed_states").text == "16");
  CHECK(doc.at("outcomes").items.empty());

  // After a stop in the exploration, a second line.
  r.exploration = t.explored.result();
  r.exploration.complete = false;
  r.exploration.stop_reason = check::StopReason::MaxStates;
  r.exploration.stopped_in = check::StopPhase::Exploration;
  check::collect_outcomes(t.explored.explored_model(), t.explored.explorer(), r.exploration,
                          expired());
  std::ostringstream both;
  app::write_text(both, r, t.values, api::ValueForm::Summary, app::OutcomeListing::Summary);
  CHECK(both.str().find("stopped: by --max-states in the exploration\nstopped: then by "
                        "--max-seconds in the replay of the witnesses: 16 final states not "
                        "replayed (their outcomes are missing)\n") != std::string::npos);
}
