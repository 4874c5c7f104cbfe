// The SARIF 2.1.0 renderings of check, races and compare (`--format sarif`): one log with one
// run of the tool "tfmc", whose results point at the FILE:LINE of the statements involved, so
// that code-scanning services (GitHub's among them) show races, nondeterminism, stuck runs and
// refinement failures as alerts on the .tfg source. specs/FORMAT.md, "SARIF output", is the
// contract: the rules of each command, what each result holds, where it points.
//
// This file makes each command's results; sarif_log.h writes the log. A node points at its
// statement (sem::Node::loc; an implicit node has the line of the statement that made it); a
// node of a composed program (checker/api/session.h) points into the FILE its execution was
// copied from; a result about the whole program points at line 1 of the first FILE.
#pragma once

#include <string>
#include <vector>

#include "checker/api/compare.h"
#include "checker/api/printed_outcome.h"
#include "checker/api/session.h"
#include "semantics/program/program.h"

namespace tfmc::app {

// `tfmc check --format sarif`: `r` is the check of `program`, made from `session`.
std::string render_check_sarif(const api::CheckResult& r, const sem::ValueStore& values,
                               const sem::Program& program, const api::SessionOptions& session,
                               api::ValueForm form);

// `tfmc races --format sarif`: the races of `program`, made from `session`.
std::string render_races_sarif(const std::vector<api::Race>& races, const sem::Program& program,
                               const api::SessionOptions& session);

// `tfmc compare --format sarif`: `session.files` holds BEFORE and AFTER; `after` is the
// program made from AFTER, whose statements the added and lost outcomes point at.
std::string render_compare_sarif(const api::CompareResult& r, const sem::ValueStore& values,
                                 const sem::Program& after, const api::SessionOptions& session,
                                 api::ValueForm form);

}  // namespace tfmc::app
