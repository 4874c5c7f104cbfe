// TF2 graphs call functions of their `library` through StatefulPartitionedCall and
// PartitionedCall nodes (a SavedModel's graph, a tf.function's graph). tfmc checks the graph
// with every call inlined, as TensorFlow's own function inlining does before running it:
//   - the body's nodes are added under the call's name: body node `b` of call `N` is `N/b`;
//   - an argument of the body is the call's data input of that position;
//   - body nodes without inputs wait for the call's control inputs;
//   - the call itself becomes an IdentityN named N of the body's results, in output order,
//     that also waits for every body node nothing in the body consumes; so `N:k` is result
//     k, and `^N` waits for the whole body, as the call's completion does;
//   - calls in bodies are inlined too (a function that calls itself is an error).
// Body inputs are written `arg`, `node:out_arg:k` and `^node`; `node:out_arg:k` is taken as
// output k of the node, which holds for every op whose outputs form one list (every op tfmc
// maps does).
//
// Errors (a call of a function the library lacks, an argument count that differs from the
// signature, a result or input naming nothing, recursion) are reported to `diags` at the call
// node, which every node inlined from it is located at too.
#pragma once

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_reader.h"

namespace tfmc::sem {

// `file` with every call inlined (node_locs kept in step with the nodes).
GraphFile inline_functions(const GraphFile& file, DiagnosticList& diags);

}  // namespace tfmc::sem
