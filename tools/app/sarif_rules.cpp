#include "tools/app/sarif_rules.h"

namespace tfmc::app::sarif {

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
const Rule kInconclusive{
    "tfmc/inconclusive",
    "Inconclusive",
    "warning",
    "Outcomes that depend on values tfmc does not know",
    "The program reaches several outcomes, but only by taking branches or loop conditions on "
    "values of uninterpreted functions (ops without a mapping, functions declared with fn) or "
    "of symbols (inputs without a value) one way or the other; under any one choice of those "
    "values the outcomes found do not differ. Whether the program is deterministic depends on "
    "values tfmc does not know.",
    "Each outcome lists the conditions it assumes and where the branch was taken; give the "
    "inputs values (--feed), or map the op, to decide them."};
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

const std::vector<const Rule*> kCheckRules = {&kRaceObservable,   &kRaceBenign, &kRaceUnknown,
                                              &kNondeterministic, &kStuck,      &kIncomplete,
                                              &kInconclusive};
const std::vector<const Rule*> kRacesRules = {&kRace};
const std::vector<const Rule*> kCompareRules = {&kRefinementFailure, &kLostOutcome, &kIncomplete};

}  // namespace tfmc::app::sarif
