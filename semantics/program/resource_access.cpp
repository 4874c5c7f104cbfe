#include "semantics/program/resource_access.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

#include "semantics/errors/diagnostics.h"

namespace tfmc::sem {

bool names_resource(NodeKind kind) {
  switch (kind) {
    case NodeKind::Var:
    case NodeKind::Read:
    case NodeKind::Assign:
    case NodeKind::Update:
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

std::vector<std::uint32_t> named_resources(const Node& n) {
  if (n.kind == NodeKind::Update) return n.variables;
  if (names_resource(n.kind)) return {n.variable};
  return {};
}

ResourceAccess resource_access(const Program& p, const Node& n) {
  ResourceAccess a;
  if (reads_resource(n.kind)) {
    for (std::uint32_t r : named_resources(n)) {
      a.reads.push_back(static_cast<std::uint32_t>(p.resource_slot(n.resource_kind, r)));
    }
    // An Update may name a variable twice.
    std::sort(a.reads.begin(), a.reads.end());
    a.reads.erase(std::unique(a.reads.begin(), a.reads.end()), a.reads.end());
    if (writes_resource(n.kind)) a.writes = a.reads;
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
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::vector<std::uint32_t>>;
  std::map<Key, std::uint32_t> numbers;
  std::map<std::pair<std::int32_t, std::uint32_t>, std::uint32_t> sizes;  // (section, instance)
  out.of_node.reserve(program.nodes.size());
  for (const Node& n : program.nodes) {
    if (n.section == kNone) {
      out.of_node.push_back(kNoSectionInstance);
      continue;
    }
    const auto [it, added] = numbers.try_emplace({n.execution, n.frame, n.iterations}, out.count);
    if (added) ++out.count;
    out.of_node.push_back(it->second);
    out.largest = std::max(out.largest, ++sizes[{n.section, it->second}]);
  }
  return out;
}

void check_section_instances(const Program& program) {
  const SectionInstances s = section_instances(program);
  if (std::uint64_t{s.count} * s.largest < (std::uint64_t{1} << 32) - 1) return;
  throw InputError(fmt::format(
      "{}: error: the critical sections have {} instances (one per execution and iteration) of "
      "up to {} nodes each: more than tfmc can count (their product must stay below 2^32); "
      "use a smaller --max-iterations or fewer executions\n",
      program.file, s.count, s.largest));
}

}  // namespace tfmc::sem
