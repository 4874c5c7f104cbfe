// TF2 graphs call functions of their `library` through StatefulPartitionedCall and
// PartitionedCall nodes (a SavedModel's graph, a tf.function's graph), and run them in the
// functional control-flow ops If and While. tfmc checks the graph with every call inlined and
// every If and While lowered to Switch, Merge, Enter, Exit, NextIteration and LoopCond, as
// TensorFlow's own function inlining and lowering do before running it.
//
// Inlining a function body under a prefix P (one piece of code for calls and for the bodies
// of the lowered If and While, functional_control_flow.h):
//   - body node `b` is `P/b`;
//   - an argument of the body is the graph tensor given for that position;
//   - body nodes without inputs wait for the anchors given (a call's control inputs; the
//     pivot of a branch or of a loop's body);
//   - node P is the body's completion: an IdentityN of the results, in output order (a NoOp
//     without results), that also waits for every body node nothing in the body consumes;
//   - calls, Ifs and Whiles in bodies are expanded too (a function that calls itself, or nests
//     deeper than 64 levels, is an error).
// A call N is inlined under the prefix N, anchored to its control inputs and to the nodes of
// its data inputs (a call runs once its inputs are there: so a Const of a body called in a
// loop is in the loop's frame, and one on an untaken branch is DEAD). `N:k` is result k and
// `^N` waits for the whole body, as the call's completion does. Body inputs are written `arg`,
// `node:out_arg:k` and
// `^node`; `node:out_arg:k` is output k of the node, after the outputs of the arguments before
// out_arg for an op whose outputs are several arguments (output_args.h).
//
// Errors (a call of a function the library lacks, an argument count that differs from the
// signature, a result or input naming nothing, recursion, and those of the lowering) are
// reported to `diags` at the call or functional node, which every node made from it is
// located at too.
#pragma once

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_reader.h"

namespace tfmc::sem {

// `file` with every call inlined and every If and While lowered (node_locs kept in step with
// the nodes).
GraphFile inline_functions(const GraphFile& file, DiagnosticList& diags);

}  // namespace tfmc::sem
