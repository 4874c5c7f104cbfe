// The replay of the final states' witnesses keeps the command's deadline (checker/outcomes.h,
// FORMAT.md, "The command line", --max-seconds): past the grace after --max-seconds it replays
// no more, counts the final states it left, and marks the exploration incomplete; and the
// reports say so (stopped: line, stats.unreplayed_states, stats.stopped_in). The deadline is
// set in the past, so that the stop does not depend on the machine's speed.
#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>

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

}  // namespace

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
