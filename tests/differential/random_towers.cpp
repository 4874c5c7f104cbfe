#include "differential/random_towers.h"

#include <utility>

namespace tfmc::difftest {
namespace {

// The node of `tower` the variant changes, or -1 where there is none.
int changed_node(const RandomProgram& tower, TowerVariant variant) {
  for (int n = 0; n < static_cast<int>(tower.nodes.size()); ++n) {
    const NodeDecl& node = tower.nodes[n];
    const bool fits =
        variant == TowerVariant::Constant    ? node.op == OpKind::Const
        : variant == TowerVariant::Attribute ? node.op == OpKind::AssignF
        : variant == TowerVariant::EdgeOrder
            ? node.args.size() >= 2 && (node.args[0].is_input != node.args[1].is_input ||
                                        node.args[0].index != node.args[1].index ||
                                        node.args[0].port != node.args[1].port)
            : false;
    if (fits) return n;
  }
  return -1;
}

void change(NodeDecl& node, TowerVariant variant) {
  switch (variant) {
    case TowerVariant::Constant:
      node.attribute = node.attribute == "i32{99}" ? "i32{98}" : "i32{99}";
      break;
    case TowerVariant::Attribute:
      node.attribute = node.attribute == "F" ? "Mul" : node.attribute == "Mul" ? "Div" : "F";
      break;
    case TowerVariant::EdgeOrder:
      std::swap(node.args[0], node.args[1]);
      break;
    case TowerVariant::Copies:
      break;
  }
}

}  // namespace

std::optional<Towers> duplicate_towers(const RandomProgram& tower, int copies,
                                       TowerVariant variant) {
  const int changed = variant == TowerVariant::Copies ? -1 : changed_node(tower, variant);
  if (variant != TowerVariant::Copies && changed < 0) return std::nullopt;
  Towers out;
  RandomProgram& p = out.program;
  p.vars = tower.vars;
  const auto nodes = static_cast<int>(tower.nodes.size());
  const auto inputs = static_cast<int>(tower.inputs.size());
  for (int k = 0; k < copies; ++k) {
    const std::string suffix = "_t" + std::to_string(k + 1);
    const auto moved = [&](TensorRef ref) {
      ref.index += ref.is_input ? k * inputs : k * nodes;
      return ref;
    };
    for (InputDecl input : tower.inputs) {
      input.name += suffix;
      if (!input.init) input.init = "i32{2}";
      p.inputs.push_back(std::move(input));
    }
    for (int n = 0; n < nodes; ++n) {
      NodeDecl node = tower.nodes[n];
      node.name += suffix;
      if (node.var_node >= 0) node.var_node += k * nodes;
      for (TensorRef& arg : node.args) arg = moved(arg);
      for (int& a : node.after) a += k * nodes;
      if (k == copies - 1 && n == changed) {
        change(node, variant);
        out.changed = node.name;
      }
      p.nodes.push_back(std::move(node));
    }
    for (int n : tower.print_order) p.print_order.push_back(n + k * nodes);
    for (OutputDecl output : tower.outputs) {
      output.ref = moved(output.ref);
      if (output.alias) *output.alias += suffix;
      p.outputs.push_back(std::move(output));
    }
  }
  return out;
}

}  // namespace tfmc::difftest
