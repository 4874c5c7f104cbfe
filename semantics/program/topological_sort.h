// The project's one topological sort, over any graph whose nodes are numbered 0..count-1:
// Kahn's algorithm with a first-in first-out queue. Programs (program_walks.h
// topological_order) and the GraphDef import (graphdef/graph_selection.h) both sort with it.
//
// The order is part of what tfmc prints (state numbering, the import's statement order), so it
// is fixed: the nodes without producers in index order, then the others in the order their
// last producer is taken, consumers visited in the order `for_each_consumer` gives them.
// Boost.Graph's topological_sort is depth-first (reverse postorder) and would give other
// orders; the cycle check (build/cycle_check.h) uses Boost.Graph's strong components instead,
// to name every node of each cycle.
#pragma once

#include <cstddef>
#include <vector>

namespace tfmc::sem {

// The nodes v < count with `member(v)`, each after all of its producers.
// `for_each_consumer(v, visit)` calls visit(c) once per edge from member v to member c (an
// edge repeated is visited as often). A node on a cycle, or downstream of one, is left out:
// the order is shorter than the members when the graph has a cycle.
template <typename Index, typename Member, typename ForEachConsumer>
std::vector<Index> topological_sort(std::size_t count, Member&& member,
                                    ForEachConsumer&& for_each_consumer) {
  std::vector<std::size_t> waiting(count, 0);
  for (std::size_t v = 0; v < count; ++v) {
    if (member(v)) for_each_consumer(static_cast<Index>(v), [&](Index c) { ++waiting[c]; });
  }
  std::vector<Index> order;
  for (std::size_t v = 0; v < count; ++v) {
    if (member(v) && waiting[v] == 0) order.push_back(static_cast<Index>(v));
  }
  // `order` is the queue: the nodes past k are those ready and not yet taken.
  for (std::size_t k = 0; k < order.size(); ++k) {
    for_each_consumer(order[k], [&](Index c) {
      if (--waiting[c] == 0) order.push_back(c);
    });
  }
  return order;
}

}  // namespace tfmc::sem
