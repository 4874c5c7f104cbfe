#include "semantics/program/resource_access.h"

#include <map>
#include <utility>

namespace tfmc::sem {

bool names_resource(NodeKind kind) {
  switch (kind) {
    case NodeKind::Var:
    case NodeKind::Read:
    case NodeKind::Assign:
    case NodeKind::Enqueue:
    case NodeKind::Dequeue:
    case NodeKind::Lock:
    case NodeKind::Unlock:
      return true;
    default:
      return false;
  }
}

bool reads_resource(NodeKind kind) { return names_resource(kind) && kind != NodeKind::Var; }

bool writes_resource(NodeKind kind) { return reads_resource(kind) && kind != NodeKind::Read; }

ResourceAccess resource_access(const Program& p, const Node& n) {
  ResourceAccess a;
  if (reads_resource(n.kind)) {
    const auto slot = static_cast<std::uint32_t>(p.resource_slot(n.resource_kind, n.variable));
    a.reads.push_back(slot);
    if (writes_resource(n.kind)) a.writes.push_back(slot);
  }
  if (n.section != kNone) {
    const auto slot = static_cast<std::uint32_t>(p.section_slot(n.section));
    a.reads.push_back(slot);
    a.writes.push_back(slot);
  }
  // Section slots follow every resource slot (program.h), so both lists are already sorted.
  return a;
}

SectionInstances section_instances(const Program& program) {
  SectionInstances out;
  std::map<std::pair<std::uint32_t, std::vector<std::uint32_t>>, std::uint32_t> numbers;
  out.of_node.reserve(program.nodes.size());
  for (const Node& n : program.nodes) {
    const auto [it, added] = numbers.try_emplace({n.execution, n.iterations}, out.count);
    if (added) ++out.count;
    out.of_node.push_back(it->second);
  }
  return out;
}

}  // namespace tfmc::sem
