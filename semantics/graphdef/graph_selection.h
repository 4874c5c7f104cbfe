// The first stage of the GraphDef import (graphdef_import.h): the nodes a run imports and the
// questions every later stage asks about them.
//
// Session.Run executes the fan-in of what it fetches and targets; so does tfmc: the nodes that
// the fetches, targets, init nodes and fed placeholders reach backward through inputs of every
// kind (`n`, `n:k`, `^n`) are selected, and no other; a lowered If or While
// (GraphFile::lowered_from) is selected whole once one of its nodes is, as TensorFlow prunes
// before it lowers. A fed placeholder cuts the fan-in (a fed PlaceholderWithDefault's default
// is not run). With no fetch, target or init every node is selected (`whole_graph`).
//
// Errors (to the DiagnosticList, at the node's line in a text file): a node without a name, a
// duplicate name, a malformed input, an input naming a missing node, a fetch, target, init or
// feed naming a missing node, a feed of a node that is not a placeholder, Case,
// StatelessCase and ControlTrigger, and (topological_order) a cycle.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "semantics/errors/diagnostics.h"
#include "semantics/graphdef/graphdef_import.h"
#include "semantics/graphdef/graphdef_reader.h"
#include "semantics/graphdef/node_inputs.h"

namespace tfmc::sem {

// Whether `node` is a DT_RESOURCE placeholder: a variable that a concrete function captured.
bool is_resource_placeholder(const tf::NodeDef& node);

class GraphSelection {
 public:
  // Indexes the nodes of `file`, parses their inputs and selects what `run` executes; the
  // stages after it run only when `diags` stays empty. `file` and `run` must outlive it.
  GraphSelection(const GraphFile& file, const GraphRun& run, DiagnosticList& diags);

  const GraphRun& run() const { return run_; }
  int size() const { return g_.node_size(); }
  const tf::NodeDef& node(int i) const { return g_.node(i); }
  SourceLoc loc(int i) const;
  // An error at node i: its line in a text file; the message names the node either way.
  void error(int i, const std::string& message) const;
  // The node named `name`, which must exist.
  int index(const std::string& name) const { return index_.at(name); }

  bool selected(int i) const { return selected_[i]; }
  std::size_t selected_count() const;
  // Whether node i is in the checked run: the fan-in of the fetches and targets.
  bool in_run(int i) const { return in_run_[i]; }
  bool whole_graph() const { return whole_graph_; }

  const std::vector<NodeInput>& inputs(int i) const { return inputs_[i]; }
  // Data input j of node i (control inputs not counted), or nullptr past the last.
  const NodeInput* data_input(int i, std::size_t j) const;
  std::size_t data_input_count(int i) const;
  // The data and control producers of node i that are imported, but for a NextIteration: its
  // value goes to the next iteration (the loop's back edge).
  std::vector<int> producers(int i) const;

  // A placeholder that the run feeds.
  bool fed(int i) const;
  // A DT_RESOURCE placeholder: a variable a tf.function captured, named by the placeholder.
  bool is_resource_placeholder(int i) const;
  // A placeholder that is an `input` of the program: fed, or without a default.
  bool is_input(int i) const;

  std::optional<std::int64_t> attr_int(int i, const char* key) const;
  bool attr_bool(int i, const char* key) const;

  // The selected nodes, each after its producers (topological_sort.h), or an error at the
  // first node (in file order) on or after a cycle.
  std::vector<int> topological_order() const;

 private:
  std::string lowered_from(int i) const;
  void index_nodes();
  void parse_inputs();
  // The node a fetch, target, init or feed names; reports a missing one.
  std::optional<int> named(const std::string& name, const char* option);
  void select();
  // The nodes that `roots` reach backward through inputs of every kind, a fed placeholder's
  // producers left out; `report` reports inputs naming no node.
  std::vector<bool> fan_in(const std::vector<int>& roots, bool report) const;

  const GraphFile& file_;
  const GraphRun& run_;
  const tf::GraphDef& g_;
  DiagnosticList& diags_;
  std::map<std::string, int> index_;
  std::map<std::string, std::vector<int>> lowered_groups_;  // the nodes of each lowered If, While
  std::vector<std::vector<NodeInput>> inputs_;
  std::vector<bool> selected_;
  std::vector<bool> in_run_;
  bool whole_graph_ = false;
};

}  // namespace tfmc::sem
