// The slots of a Program's state whose contents can reach an outcome.
//
// An outcome is the named outputs and the variables (FORMAT.md, "What tfmc checks"), and what the
// resources hold decides what later reads and dequeues see, so every resource slot (variable,
// queue, mutex, section) counts, and so does the assumption slot (assumptions.h), part of
// every outcome. An edge counts when it is a named output, or when its
// consumer is a node that counts: one with an output edge that counts, or one that changes a
// resource (Assign, Enqueue, Dequeue, Lock, Unlock). A value on any other edge, such as a Read
// whose result no one uses, can never change an outcome. Control edges only ever hold GO.
#pragma once

#include <vector>

#include "semantics/program/program.h"

namespace tfmc::sem {

// One flag per slot of the model's states (model_slot_count).
std::vector<bool> outcome_relevant_slots(const Program& program);

}  // namespace tfmc::sem
