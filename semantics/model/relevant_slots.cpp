#include "semantics/model/relevant_slots.h"

namespace tfmc::sem {

std::vector<bool> outcome_relevant_slots(const Program& p) {
  std::vector<bool> relevant(p.slot_count(), false);
  for (std::size_t s = p.edges.size(); s < relevant.size(); ++s) relevant[s] = true;
  // Walk back from the edges that count to the nodes that produce them, marking the inputs of
  // every node that counts.
  std::vector<bool> counts(p.nodes.size(), false);
  std::vector<std::uint32_t> work;
  const auto count_node = [&](std::int32_t n) {
    if (n == kNone || counts[n]) return;
    counts[n] = true;
    work.push_back(static_cast<std::uint32_t>(n));
  };
  for (const NamedOutput& o : p.outputs) {
    relevant[o.edge] = true;
    count_node(p.edges[o.edge].src);
  }
  for (std::size_t n = 0; n < p.nodes.size(); ++n) {
    const NodeKind k = p.nodes[n].kind;
    if (k != NodeKind::Function && k != NodeKind::Var && k != NodeKind::Read &&
        k != NodeKind::Choice) {
      count_node(static_cast<std::int32_t>(n));
    }
  }
  while (!work.empty()) {
    const Node& n = p.nodes[work.back()];
    work.pop_back();
    for (const auto* edges : {&n.inputs, &n.controls}) {
      for (std::int32_t e : *edges) {
        relevant[e] = true;
        count_node(p.edges[e].src);
      }
    }
  }
  return relevant;
}

}  // namespace tfmc::sem
