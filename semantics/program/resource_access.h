// Which resources a node names, reads and writes: the one place that answers "does this node
// touch a resource" for the builder, composition, the happens-before analysis, the slots that
// reach an outcome and the successor generator.
//
// Two questions with different answers, both needed:
//   - names_resource: Node::resource_kind and Node::variable (Node::variables for Update) name
//     resources. True for Var nodes (they output that resource's handle) and for the resource
//     ops (Read, Assign, Update, Enqueue, Dequeue, Lock, Unlock). Composition renumbers these;
//     the builder sets them.
//   - reads_resource / writes_resource: firing the node reads or writes the resource's state
//     slot. A Var node only outputs a constant handle and touches no state, so it names a
//     resource without accessing it. Read reads; the other resource ops read and write (an
//     Update every variable it names).
// Function, Choice and the control-flow nodes (Switch, Merge, Barrier) name no resource and
// access none.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/program/program.h"

namespace tfmc::sem {

bool names_resource(NodeKind kind);
bool reads_resource(NodeKind kind);
bool writes_resource(NodeKind kind);

// The resources a node names (names_resource), in argument order: Node::variables for an
// Update, else Node::variable; none for the other kinds.
std::vector<std::uint32_t> named_resources(const Node& node);

// The state slots beyond the edges that firing `node` reads and writes: its resources' slots
// (as reads_resource and writes_resource say) and its critical section's slot (read and
// written: entering and leaving a section changes who holds it). Each list is in increasing
// slot order.
struct ResourceAccess {
  std::vector<std::uint32_t> reads;
  std::vector<std::uint32_t> writes;
};
ResourceAccess resource_access(const Program& program, const Node& node);

// Who holds a critical section (the RFC's rule 2, which orders (node, frame) instances): the
// section's nodes of one execution and one frame instance (a frame and one iteration of it and
// of each frame around it) form one instance, which enters the section at its first node and
// leaves it after its last. So the iterations of a loop exclude each other in a section as
// concurrent executions do, and nodes of different frames are in different instances.
// `of_node[v]` numbers the instance of section node v (the same number exactly for section
// nodes with equal Node::execution, Node::frame and Node::iterations), from 0 to count - 1;
// kNoSectionInstance for a node outside every section. `largest` is the most nodes one
// instance has in one section.
inline constexpr std::uint32_t kNoSectionInstance = 0xffffffffu;
struct SectionInstances {
  std::vector<std::uint32_t> of_node;
  std::uint32_t count = 0;
  std::uint32_t largest = 0;
};
SectionInstances section_instances(const Program& program);

// The state holds a section's holder and progress in one 32-bit slot (semantics/model
// graph_model.h), so count * largest must stay below 2^32: throws InputError naming the
// figures when a program (loops unrolled, sessions composed) has more.
void check_section_instances(const Program& program);

}  // namespace tfmc::sem
