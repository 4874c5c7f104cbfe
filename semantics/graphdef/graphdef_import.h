// The GraphDef front end: a TensorFlow graph (graphdef_reader.h) as a .tfg syntax tree, which
// the builder (semantics/build/program_builder.h) then makes a Program of, as for a .tfg file;
// the loader (semantics/loading/file_loading.h) calls it. Which nodes are imported and how each
// op maps is documented for users in specs/FORMAT.md, "TensorFlow graph files".
//
// The contract: the nodes a Session.Run of `run` executes (its fan-in), in the file's node
// order, each as statements of the tree; the fetches as outputs named as written, the targets
// as targets; with no fetch, target or init the whole graph, every unconsumed result an
// output. An op without a mapping is an uninterpreted function (one warning per op type; with
// `strict`, an error). Names made here hold `~`, which TensorFlow's names cannot, so they
// never collide. Every error goes to `diags`, located at the node's `name` line in a text
// file; the tree is then partial.
//
// The pipeline, a file per stage: functions inlined and If/While lowered
// (function_inlining.h); the nodes selected and sorted (graph_selection.h, NodeDef inputs read
// by node_inputs.h); handles classified (handle_classification.h); output ports counted
// (output_ports.h); uninterpreted functions declared (function_declarations.h); statements
// emitted by op family, then the outputs (graph_emitter.h), by the op tables of
// import_op_tables.h.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/language/ast.h"

namespace tfmc::sem {

// What a Session.Run of the graph executes (FORMAT.md, "TensorFlow graph files").
struct GraphRun {
  std::vector<std::string> fetches;  // NAME or NAME:K, as written (the outputs' names)
  // Fetches whose output has another name: a signature's or function's output key.
  std::map<std::string, std::string> output_names;
  std::vector<std::string> targets;  // node names
  std::vector<std::string> inits;    // node names, each run to completion first
  std::set<std::string> fed;         // fed placeholders, by node name (a `:0` removed)
  bool strict = false;               // an op without a mapping is an error
  // Ref variables as TensorFlow's executor runs them (--refs alias, the default: an Identity
  // shares the buffer, unlocked updates are not atomic); false: the MAPL model (--refs mapl).
  bool alias_refs = true;
  // Initial values of variables, by the variable's name (handle_classification.h
  // variable_resource): restored from a checkpoint, or fed to a DT_RESOURCE placeholder. A
  // variable without one starts uninitialized, except a DT_RESOURCE placeholder (a variable a
  // concrete function captured), which starts as the symbol of its name.
  std::map<std::string, InitValue> variable_values;
};

struct ImportedGraph {
  struct Summary {
    bool whole_graph = false;       // no fetch, target or init: every node is imported
    std::size_t nodes = 0;          // graph nodes imported
    std::size_t outputs = 0;        // outputs named (whole graph: the unconsumed results)
    std::size_t ref_variables = 0;  // ref variables (VariableV2) imported: --refs matters
  };
  Ast ast;
  std::vector<std::string> warnings;  // one line per op type without a mapping
  Summary summary;
};

ImportedGraph import_graph(const GraphFile& file, const GraphRun& run, DiagnosticList& diags);

// NAME for NAME and NAME:0 (how --feed and --init may name a node's first output).
std::string node_of(const std::string& tensor);

}  // namespace tfmc::sem
