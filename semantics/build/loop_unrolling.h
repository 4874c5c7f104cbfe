// Bounded loops by unrolling (FORMAT.md, "Control flow: conditionals and loops"): a file with loop
// frames (loop_frames.h) becomes a file without cycles in which each statement of a frame is one
// node per iteration, as TensorFlow's executor runs one instance per (node, frame,
// iteration). Every frame runs iterations 0 to N-1 (N = --max-iterations), each of them in
// every iteration of its parent frame.
//
// Instances are named by the statement and the iterations of its frames, outermost first:
// `body/add[2]`, `inner/add[1,0]`; a statement of the root frame keeps its name. Between the
// iterations:
//   - a Merge takes a non-constant Enter's value in iteration 0 and a NextIteration's value of
//     iteration k-1 in iteration k; the inputs it does not take in an iteration are left out,
//     and its index output still numbers its inputs as written;
//   - a constant Enter's value reaches iteration k >= 1 through `E~iter[k]`, an Identity. When
//     some consumer of the Enter takes nothing downstream of the frame's Merges, the Identity
//     waits for the iteration to start: for `F~start[k]`, a NoOp after the frame's
//     NextIterations of iteration k-1 (DEAD when the loop ended before k). Otherwise it does
//     not wait: its consumers wait for a Merge of iteration k, which TensorFlow's executor may
//     run as soon as the first NextIteration of iteration k-1 arrives;
//   - an Exit's value reaches the parent frame through a Merge of its instances, which takes
//     the Exit's own name in the parent frame (`E` for a loop of the root frame);
//   - with parallel_iterations P < N, iteration k waits for `F~done[k-P]`, a Barrier after
//     every node of iteration k-P (its nested frames included) and after `F~done[k-P-1]`: the
//     Merges and the start of iteration k take it as a control input;
//   - a NextIteration of iteration N-1 has no consumer: its output edge is a loop bound
//     (program.h LoopBound), live when the run would start iteration N.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/build/loop_frames.h"
#include "semantics/build/names.h"
#include "semantics/errors/diagnostics.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

inline constexpr std::uint32_t kDefaultMaxIterations = 16;
inline constexpr std::uint32_t kMaxMaxIterations = 100000;
// More nodes than this after unrolling is an error that asks for a smaller bound.
inline constexpr std::uint64_t kMaxUnrolledNodes = 200000;

struct UnrolledAst {
  Ast ast;
  // The NextIteration instances of the last iteration, with their frames.
  struct Bound {
    std::string node;
    std::string frame;
  };
  std::vector<Bound> bounds;
  // Per node statement of `ast`: the statement of the written file it is an instance of, or
  // -1 for the nodes the unrolling adds.
  std::vector<std::int32_t> statement_of;
  // Per node statement of `ast`: the iterations of its frames, outermost first (empty in the
  // root frame).
  std::vector<std::vector<std::uint32_t>> iterations;
  // Per node statement of `ast`: its frame (an index into LoopFrames::frames, 0 for the root).
  std::vector<std::uint32_t> frames;
};

// The name of the instance of node statement `name` at `iterations` (outermost first):
// `add[2]`, `inner/add[1,0]`, or `name` itself in the root frame.
std::string instance_name(const std::string& name, const std::vector<std::uint32_t>& iterations);

// The statement's name in an instance's name, as a composed program suffixes it (`add[2]@1`
// -> `add@1`): the name without its iterations. Names without iterations stay as they are.
std::string statement_name(const std::string& instance);

// `ast` unrolled with `max_iterations` iterations per frame; nullopt after reporting a file too
// large to unroll. `frames` are ast's frames, found without errors.
std::optional<UnrolledAst> unroll_loops(const Ast& ast, const Names& names,
                                        const LoopFrames& frames, std::uint32_t max_iterations,
                                        DiagnosticList& diags);

}  // namespace tfmc::sem
