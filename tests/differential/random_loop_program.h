// Seeded random generator of .tfg programs with a loop (and conditionals) for the differential
// tests of control flow (loop_differential_test.cpp).
//
// Each program has two i32 variables x and y and one loop as tf.while_loop lowers it: a
// counter i from 0 while i < LIMIT, where LIMIT is a constant 0 or 1 or, in some programs, a
// Read of y in every iteration (so that the trip count depends on what the body and the root
// do to y, and may pass --max-iterations); parallel_iterations 1 or 2; and, in some programs,
// a second loop variable that adds up what the body reads. The body holds 1 or 2 of: a Read,
// an AssignAdd of 1, a Write of i, a read-compute-write increment (in some programs in a
// critical section), an AssignAdd of a loop constant (a constant Enter of 5, through an
// Identity), and a tf.cond on i < 1 whose branches update a variable differently (the untaken
// branch DEAD). Beside the loop,
// unordered with it, the root holds at most one of: a Write or an AssignAdd of a constant, and a
// Read that is an output. The same seed always gives the same program.
#pragma once

#include <cstdint>
#include <string>

namespace tfmc::difftest {

struct RandomLoopProgram {
  std::string text;
  bool variable_limit = false;  // the loop's limit is a Read of y
};

RandomLoopProgram generate_loop_program(std::uint32_t seed);

}  // namespace tfmc::difftest
