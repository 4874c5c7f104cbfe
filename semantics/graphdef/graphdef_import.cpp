// import_graph: the pipeline of graphdef_import.h, one stage after another, each stopping the
// import when it reported an error (the tree of a graph with errors is partial).
#include "semantics/graphdef/graphdef_import.h"

#include "semantics/graphdef/arithmetic_rewrites.h"
#include "semantics/graphdef/function_declarations.h"
#include "semantics/graphdef/function_inlining.h"
#include "semantics/graphdef/graph_emitter.h"
#include "semantics/graphdef/graph_selection.h"
#include "semantics/graphdef/handle_classification.h"
#include "semantics/graphdef/output_ports.h"

namespace tfmc::sem {

ImportedGraph import_graph(const GraphFile& file, const GraphRun& run, DiagnosticList& diags) {
  const GraphFile inlined = inline_functions(file, diags);
  if (!diags.empty()) return {};
  ImportedGraph out;
  const GraphSelection graph(inlined, run, diags);
  out.summary.whole_graph = graph.whole_graph();
  if (!diags.empty()) return out;
  const std::vector<int> order = graph.topological_order();
  if (!diags.empty()) return out;
  const GraphHandles handles(graph, order);
  const OutputPorts ports(graph, handles);
  const UninterpretedFunctions functions(graph, handles, ports, out);
  const ArithmeticRewrites rewrites(graph);
  GraphEmitter emitter(graph, handles, ports, functions, rewrites, out);
  for (int i = 0; i < graph.size(); ++i) {
    if (!graph.selected(i)) continue;
    emitter.emit(i);
    const std::string& op = graph.node(i).op();
    if (op == "VariableV2" || op == "Variable") ++out.summary.ref_variables;
  }
  emitter.emit_outputs();
  out.summary.nodes = graph.selected_count();
  out.summary.outputs = out.ast.outputs.size();
  return out;
}

}  // namespace tfmc::sem
