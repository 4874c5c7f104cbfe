// A naive reference for loops (loop_differential_test.cpp): it runs a program of
// random_loop_program.h the way TensorFlow's executor does, with frames instead of unrolling,
// independently of tfmc's builder, loop unrolling, successor generator and explorer (it shares
// only the parser).
//
// Values carry a tag: the root frame, or iteration k of the loop frame. A node instance (node,
// tag) fires once, when all its inputs of that tag have arrived; a Merge as soon as one live
// input has arrived (or all are DEAD). An Enter passes its value into iteration 0, or into
// every iteration that starts when it is constant; a NextIteration's live value starts the
// next iteration (a DEAD one does not), and with parallel_iterations P iteration k starts only
// once every node of iteration k-P has fired; an Exit's live value leaves the frame, and when
// nothing can fire any more the Exits that passed none pass DEAD. A live NextIteration of
// iteration N-1 (N = max_iterations) is recorded as the bound reached and starts nothing. The
// nodes of a critical section fired in one tag are one instance of it: no node of another
// tag's instance fires while one holds the section, from its first node's firing to its last.
// Every interleaving of firings is explored, with a set of visited states.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tfmc::difftest {

struct FrameOutcome {
  std::vector<std::pair<std::string, std::string>> outputs;    // by name, printed
  std::vector<std::pair<std::string, std::string>> variables;  // by name, printed
  std::vector<std::string> bounds;  // the NextIteration instances `n[k]` that hit the bound
  auto operator<=>(const FrameOutcome&) const = default;
};

// The outcomes of the program `text` with `max_iterations` iterations per frame.
std::set<FrameOutcome> frame_reference_outcomes(const std::string& text,
                                                std::uint32_t max_iterations);

}  // namespace tfmc::difftest
