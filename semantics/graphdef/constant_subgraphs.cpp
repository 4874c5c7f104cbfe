#include "semantics/graphdef/constant_subgraphs.h"

#include <string>

namespace tfmc::sem {

ConstantSubgraphs::ConstantSubgraphs(const GraphSelection& graph)
    : graph_(graph), state_(static_cast<std::size_t>(graph.size()), -1) {}

bool ConstantSubgraphs::folded(int i) {
  int& state = state_[static_cast<std::size_t>(i)];
  if (state != -1) return state == 1;
  state = 2;
  const std::string& op = graph_.node(i).op();
  bool constant =
      op == "Const" || (op != "PlaceholderWithDefault" && graph_.data_input_count(i) > 0);
  for (std::size_t j = 0; constant && j < graph_.data_input_count(i); ++j) {
    constant = folded(graph_.index(graph_.data_input(i, j)->node));
  }
  state = constant ? 1 : 0;
  return constant;
}

}  // namespace tfmc::sem
