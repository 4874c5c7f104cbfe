// The HTML report's picture of a program's graph (FORMAT.md, "The HTML report"), laid out by
// Graphviz (graphviz_svg.h): a node per graph node, labelled with its name (TensorFlow's, for
// an imported graph) and its operation, name scopes as clusters or collapsed into single
// nodes as graph_scopes.h says, variable handles (`Var` nodes) as blue cylinders and the nodes
// the builder added grey. Tensor edges are solid, variable edges dashed and control edges
// dotted, as `tfmc dot` draws them; a control edge that a path through other nodes already
// implies is left out (an imported function's control edges order every node of it, which
// would bury the picture under thousands of them), and edges of collapsed scopes join their
// single nodes. Each racing pair's nodes carry the CSS class `race` and are joined by a red
// edge `raceK` (K the pair's place in the list given).
#pragma once

#include <string>
#include <vector>

#include "checker/api/race.h"
#include "semantics/program/program.h"
#include "tools/app/graph_scopes.h"

namespace tfmc::app {

struct GraphPicture {
  std::string svg;                   // an `<svg>` element
  std::vector<std::string> element;  // per node: the id of the element that draws it
  std::vector<ScopeItem> collapsed;  // the scopes drawn as single nodes
};

GraphPicture draw_program(const sem::Program& program, const std::vector<api::RaceGroup>& races);

}  // namespace tfmc::app
