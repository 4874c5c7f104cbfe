#include "semantics/build/loop_relay_waits.h"

#include <algorithm>
#include <cstdint>

#include "semantics/build/op_catalog.h"

namespace tfmc::sem {

std::vector<bool> relays_that_wait(const Ast& ast, const Names& names, const LoopFrames& frames) {
  const std::size_t count = ast.nodes.size();
  std::vector<bool> started(count, false);
  const auto refs = [&](std::uint32_t s, const auto& visit) {
    for (const Ref& r : ast.nodes[s].args) visit(r);
    for (const Ref& r : ast.nodes[s].after) visit(r);
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t s = 0; s < count; ++s) {
      if (started[s] || frames.frame_of[s] == 0) continue;
      bool now = false;
      refs(s, [&](const Ref& r) {
        const auto q = names.node_statement(r);
        now = now || (q && frames.role[*q] == LoopRole::NextIteration);
        now = now || (q && started[*q] && frames.frame_of[*q] == frames.frame_of[s] &&
                      frames.role[*q] != LoopRole::Exit);
      });
      if (now) {
        started[s] = true;
        changed = true;
      }
    }
  }
  std::vector<std::vector<std::uint32_t>> consumers(count);
  for (std::uint32_t s = 0; s < count; ++s) {
    refs(s, [&](const Ref& r) {
      if (const auto q = names.node_statement(r)) consumers[*q].push_back(s);
    });
  }
  std::vector<bool> harmless(count, false);
  for (std::uint32_t s = 0; s < count; ++s) {
    const std::string& op = ast.nodes[s].op;
    harmless[s] = frames.frame_of[s] != 0 && !started[s] && frames.role[s] == LoopRole::Plain &&
                  (is_builtin_function(op) || names.declared_fns.count(op) > 0);
  }
  const auto settled = [&](std::uint32_t c) { return started[c] || harmless[c]; };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t s = 0; s < count; ++s) {
      if (harmless[s] && !std::all_of(consumers[s].begin(), consumers[s].end(), settled)) {
        harmless[s] = false;
        changed = true;
      }
    }
  }
  std::vector<bool> waits(count, false);
  for (std::uint32_t p = 0; p < count; ++p) {
    waits[p] = frames.role[p] == LoopRole::ConstantEnter &&
               !std::all_of(consumers[p].begin(), consumers[p].end(), settled);
  }
  return waits;
}

}  // namespace tfmc::sem
