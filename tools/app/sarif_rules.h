// The rules of tfmc's SARIF logs (specs/FORMAT.md, "SARIF output"): what each kind of result
// means, and which rules each command reports.
#pragma once

#include <vector>

namespace tfmc::app::sarif {

// A reportingDescriptor: what one kind of result means.
struct Rule {
  const char* id;
  const char* name;
  const char* level;  // defaultConfiguration.level, and the level of every result of the rule
  const char* short_description;
  const char* full_description;
  const char* help;
};

extern const Rule kRaceObservable;
extern const Rule kRaceBenign;
extern const Rule kRaceUnknown;
extern const Rule kRace;
extern const Rule kNondeterministic;
extern const Rule kInconclusive;
extern const Rule kStuck;
extern const Rule kIncomplete;
extern const Rule kRefinementFailure;
extern const Rule kLostOutcome;

// The rules each command can report; a result's ruleIndex is its rule's place in the list.
extern const std::vector<const Rule*> kCheckRules;
extern const std::vector<const Rule*> kRacesRules;
extern const std::vector<const Rule*> kCompareRules;

}  // namespace tfmc::app::sarif
