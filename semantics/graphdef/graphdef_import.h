// The GraphDef front end: a TensorFlow graph (graphdef_reader.h) as a .tfg syntax tree, which
// the builder (semantics/build/program_builder.h) then makes a Program of, as for a .tfg file.
// specs/FORMAT.md ("TensorFlow graph files") documents the mapping for users.
//
// What is imported. Session.Run executes the fan-in of what it fetches and targets; so does
// tfmc: the nodes that the fetches, targets and init nodes reach backward through inputs of
// every kind (`n`, `n:k`, `^n`) are imported, in the file's node order, and no other; a
// lowered If or While (GraphFile::lowered_from) is imported whole once one of its nodes is,
// as TensorFlow prunes before it lowers. A fed placeholder cuts the fan-in (a fed
// PlaceholderWithDefault's default is not run). With no fetch, target or init the whole graph is
// imported, and every result no imported node consumes is an output (`whole_graph`).
//
// How nodes map (the op table in graphdef_import.cpp):
//   - TensorFlow's pure ops onto the built-in functions of their name and signature (AddV2 is
//     Add, RealDiv is Div, Snapshot and StopGradient are Identity ...), attributes translated
//     (MatMul's transpose_a/transpose_b, Sum's keep_dims, Pack's axis, Split's num_split,
//     Cast's DstT, Shape's out_type); TensorFlow's type attributes (T, Tidx, ...) are dropped.
//   - Const: its TensorProto as a literal (tf_tensors.h); a DT_STRING one as a symbol named
//     by its text, so that equal strings are one value.
//   - Placeholder: an `input` (fed, or the symbol of its name); a PlaceholderWithDefault that
//     is not fed: an Identity of its default. A control edge from a placeholder is dropped:
//     an input edge is full from the start.
//   - Resource variables: VarHandleOp is a `Var(X)` node of variable X, its shared_name when
//     set (two handles of one shared_name are one variable), else its node name;
//     ReadVariableOp, AssignVariableOp, AssignAddVariableOp, AssignSubVariableOp,
//     VarIsInitializedOp and ResourceApplyGradientDescent are Read, Write, AssignAdd,
//     AssignSub, VarIsInitialized and ApplyGradientDescent of it. Variables start
//     uninitialized.
//   - Ref variables: VariableV2 and Variable are a `Var(X)` node of variable X, the node name;
//     Assign, AssignAdd, AssignSub and ApplyGradientDescent update it. An op whose input is a
//     ref where it takes a tensor reads the variable when it runs, as TensorFlow's executor
//     dereferences it: a Read node `C~readI` (input I of node C) is added before it. The ref
//     output of an update is the variable after that update: using it adds the read after
//     the update. A fetch of a ref is read by `N~fetch`.
//     Under --refs alias (`alias_refs`), as TensorFlow's executor runs ref variables: an
//     Identity of a ref shares the variable's buffer, so its consumers read the variable
//     when they run (and a fetch of it reads after every node of the run), and an update
//     other than Assign whose use_locking is false (AssignAdd's default) is not atomic: a
//     Read `N~read`, the new value `N~update` (`N~step` = alpha * delta for
//     ApplyGradientDescent) and N, a Write. Assign's ref changing the variable's shape
//     (validate_shape=false) is not modelled: it would give the read the old buffer.
//   - Queues: FIFOQueueV2 and FIFOQueue are a `queue` (capacity -1, unbounded, becomes
//     65536, the language's largest) and a `Var(Q)` node; QueueEnqueueV2/QueueEnqueue and
//     QueueDequeueV2/QueueDequeue of one component are Enqueue and Dequeue.
//   - The other updates of optimizers (ResourceApply*, Apply*, SparseApply*): uninterpreted
//     updates: `N~args` applies the uninterpreted function `OP~args` to the tensor inputs,
//     and each variable input I (in order) is updated atomically by `Assign {f=OP~I}` with
//     it, as node N for the first and `N~updateI` for the others.
//   - Any other op: an uninterpreted function named by the op type (with `~K~L` for K inputs
//     and L outputs when the type occurs with several arities or is a built-in's name), one
//     warning per op type; with `strict`, an error at its first node.
//   - Control-flow ops (Switch, Merge, Enter, Exit, NextIteration, LoopCond and their Ref
//     forms) onto the language's; a handle they (or an IdentityN) pass on is a token tensor.
//     If and While come lowered to them (function_inlining.h); Case, StatelessCase and
//     ControlTrigger are errors naming each node.
// Names made here hold `~`, which TensorFlow's names cannot, so they never collide.
//
// Errors (reported to `diags`, located at the node's `name` line in a text file): a duplicate
// node name, a malformed input, an input naming a missing node, a fetch, target, init or feed
// naming a missing node, a feed of a node that is not a placeholder, a dtype or attribute
// that cannot be mapped, an op on a handle of the wrong kind, a cycle, Case or ControlTrigger.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// What a Session.Run of the graph executes (README "TensorFlow graphs").
struct GraphRun {
  std::vector<std::string> fetches;  // NAME or NAME:K, as written (the outputs' names)
  std::vector<std::string> targets;  // node names
  std::vector<std::string> inits;    // node names, each run to completion first
  std::set<std::string> fed;         // fed placeholders, by node name (a `:0` removed)
  bool strict = false;               // an op without a mapping is an error
  bool alias_refs = false;           // --refs alias (below)
};

struct ImportedGraph {
  struct Summary {
    bool whole_graph = false;  // no fetch, target or init: every node is imported
    std::size_t nodes = 0;     // graph nodes imported
    std::size_t outputs = 0;   // outputs named (whole graph: the unconsumed results)
  };
  Ast ast;
  std::vector<std::string> warnings;  // one line per op type without a mapping
  Summary summary;
};

ImportedGraph import_graph(const GraphFile& file, const GraphRun& run, DiagnosticList& diags);

// NAME for NAME and NAME:0 (how --feed and --init may name a node's first output).
std::string node_of(const std::string& tensor);

}  // namespace tfmc::sem
