// A stage of the GraphDef import (graphdef_import.h): the tensor outputs of each selected node
// and which of them the imported nodes and the fetches use as data. An op without a mapping has
// as many outputs as its highest port used.
#pragma once

#include <map>
#include <set>

#include "semantics/graphdef/graph_selection.h"
#include "semantics/graphdef/handle_classification.h"

namespace tfmc::sem {

class OutputPorts {
 public:
  // Counts the uses; `graph` and `handles` must outlive it.
  OutputPorts(const GraphSelection& graph, const GraphHandles& handles);

  // Whether an imported node or a fetch uses output `port` of node i as data.
  bool used(int i, int port) const;
  // The number of tensor outputs of node i (0 for handles and updates).
  int tensor_outputs(int i) const;

 private:
  const GraphSelection& graph_;
  const GraphHandles& handles_;
  std::map<int, std::set<int>> used_;
};

}  // namespace tfmc::sem
