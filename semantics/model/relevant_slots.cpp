#include "semantics/model/relevant_slots.h"

#include "semantics/model/assumptions.h"
#include "semantics/program/program_walks.h"
#include "semantics/program/resource_access.h"

namespace tfmc::sem {

std::vector<bool> outcome_relevant_slots(const Program& p) {
  std::vector<bool> relevant(model_slot_count(p), false);
  for (std::size_t s = p.edges.size(); s < relevant.size(); ++s) relevant[s] = true;
  // The nodes that count are those upstream of a named output or of a node that changes a
  // resource; every incoming edge of such a node counts.
  std::vector<std::int32_t> seeds;
  for (const NamedOutput& o : p.outputs) {
    relevant[o.edge] = true;
    seeds.push_back(p.edges[o.edge].src);
  }
  for (std::size_t n = 0; n < p.nodes.size(); ++n) {
    if (writes_resource(p.nodes[n].kind)) seeds.push_back(static_cast<std::int32_t>(n));
  }
  const std::vector<bool> counts = upstream_closure(p, seeds);
  for (std::size_t n = 0; n < p.nodes.size(); ++n) {
    if (!counts[n]) continue;
    for (std::int32_t e : p.nodes[n].inputs) relevant[e] = true;
    for (std::int32_t e : p.nodes[n].controls) relevant[e] = true;
  }
  return relevant;
}

}  // namespace tfmc::sem
