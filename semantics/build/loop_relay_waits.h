// Which constant Enters' relays wait for their iteration to start, for loop_unrolling.h: a
// constant Enter's value reaches iteration k >= 1 through `E~iter[k]`, which waits for
// `F~start[k]` only where some consumer of the Enter needs that.
//
// A node of a loop frame has *started* when it takes a NextIteration's value (a Merge at the
// head of the loop) or a value or control edge of a started node of its frame: in iteration
// k it cannot fire before the head of iteration k has taken the value of a NextIteration of
// iteration k-1, so not before iteration k has started, and it is DEAD when the loop ended
// before k. (Any other Merge has started only through its inputs.) A node that has not started is
// *harmless* when it is a function (built-in or declared with `fn`) whose consumers have all
// started or are harmless: firing it before its iteration starts changes no resource, and
// whatever it feeds still waits for the iteration (or is DEAD). A constant Enter's relay into
// iteration k need not wait for the iteration's start when each consumer of the Enter has started
// or is harmless: TensorFlow's executor starts an iteration on the first NextIteration value of
// the one before, and waiting for all of them (F~start) would rule out runs in which a body node
// reads a loop constant before a slower NextIteration of the previous iteration. Any other
// consumer keeps the wait.
#pragma once

#include <vector>

#include "semantics/build/loop_frames.h"
#include "semantics/build/names.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// Per node statement of `ast` (whose frames are `frames`): whether it is a constant Enter whose
// relays wait for the iteration's start.
std::vector<bool> relays_that_wait(const Ast& ast, const Names& names, const LoopFrames& frames);

}  // namespace tfmc::sem
