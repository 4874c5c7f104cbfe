// The renderings of a check (checker/api/check.h): the readable text report and the JSON
// document of FORMAT.md, "The JSON result" (required keys, plus "stop_reason" when incomplete,
// "refs" for graph files with ref variables, extra "stats", and "races"); and the two renderings of
// `tfmc races`. Values are printed from the value store the check was made into. Those of `tfmc
// compare` extend check's (below), and compare_report.cpp makes them.
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "checker/api/check.h"
#include "checker/api/compare.h"
#include "checker/api/printed_outcome.h"
#include "tools/app/json_document.h"
#include "tools/app/json_stream.h"
#include "tools/app/outcome_summary.h"

namespace tfmc::app {

// The verdict line of a check's report, after `verdict: `.
std::string check_verdict(const api::CheckResult& r);
// Where a limit stopped the check: lines (`stopped: by --max-states in the exploration`), or
// "" when none did.
std::string stop_text(const api::CheckResult& r);

// `form` says how values print (printed_outcome.h): the text report summarizes large tensors
// by default, JSON lists every element unless --values digest. Both write to `out` as they go,
// an outcome at a time, so that a report of many outcomes is never held whole; the text lists
// its outcomes as `listing` says (outcome_summary.h).
void write_text(std::ostream& out, const api::CheckResult& r, const sem::ValueStore& values,
                api::ValueForm form, OutcomeListing listing);
void write_json(std::ostream& out, const api::CheckResult& r, const sem::ValueStore& values,
                api::ValueForm form);
// The members of a check's JSON document, written into the object `doc` has open, for
// documents that hold one (compare's).
void write_check_members(JsonStream& doc, const api::CheckResult& r, const sem::ValueStore& values,
                         api::ValueForm form);

// A list of outcomes as the member `key` of the object `doc` has open ("outcomes" in FORMAT.md,
// "The JSON result"), printed and written one at a time; and one outcome of such a list.
void write_outcomes_member(JsonStream& doc, std::string_view key,
                           const std::vector<api::Outcome>& outcomes, const sem::ValueStore& values,
                           api::ValueForm form);
Json outcome_json(const api::PrintedOutcome& o);
// One outcome of the text report under `title` ("outcome 2 of 3"), with where its large values
// differ from the first outcome's.
std::string outcome_text(const api::PrintedOutcome& o, const std::string& title);
// The line that marks an exploration with a fingerprint store (--store fingerprint) and the
// probability that it missed a state; none for an exact store.
std::string store_text(const check::Exploration& e);
// The line on a distributed exploration's ranks and messages ("" for one process).
std::string ranks_text(const check::Exploration& e);

// `tfmc races`: one line per race in the given order, `A (FILE:LINE) and B (FILE:LINE) on X:
// KIND`, each node with its own file, then a count line ("no races", "1 race", "2 races").
std::string render_races_text(const std::vector<api::Race>& races);
// {"program": ..., "races": [...]}, each race as in check's "races" without "observable".
std::string render_races_json(const std::string& program, const std::vector<api::Race>& races);

// `tfmc compare` (checker/api/compare.h): a text report, and a JSON document that extends
// check's: its top-level keys describe AFTER, "before" holds the same keys for BEFORE, and
// "refines", "equivalent" (true, false, or null when a limit stopped either exploration),
// "added" and "lost" (outcome lists as in "outcomes") say how they relate. Values are printed
// from the value store both checks were made into; both are written as they go, as check's.
void write_compare_text(std::ostream& out, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form, OutcomeListing listing);
void write_compare_json(std::ostream& out, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form);
// Its verdict line, after `verdict: `, and its two lists of outcomes, titled as the text
// report titles them (`added outcome 1 of 2 (reached by AFTER only; witness in AFTER)`).
std::string compare_verdict(const api::CompareResult& r);
OutcomeList added_list(const api::CompareResult& r);
OutcomeList lost_list(const api::CompareResult& r);

}  // namespace tfmc::app
