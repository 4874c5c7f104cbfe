// The outputs (graph_emitter.h): each --fetch as an output named as written, or as the run
// names it (a signature's output key), a ref variable's read by `N~fetch` (after every node of
// the run under --refs alias); each --target as a target; a --target or --init naming a
// placeholder is an error. With no fetch, target or init, every result that no imported node
// consumes is an output, but those inside loops.
#include <fmt/format.h>

#include "semantics/graphdef/graph_emitter.h"

namespace tfmc::sem {

void GraphEmitter::emit_outputs() {
  for (const std::string& f : graph_.run().fetches) {
    const auto [name, port] = fetched(f);
    const bool has_port = name != f;
    const int i = graph_.index(name);
    OutputStmt o;
    if (const ResourceHandle* fetched_handle = handles_.handle(i); fetched_handle && port == 0) {
      if (!fetched_handle->ref) {
        graph_.error(
            i, fmt::format("--fetch '{}' names the handle of {} '{}'; fetch a read of it", f,
                           resource_kind_name(fetched_handle->kind), fetched_handle->resource));
        continue;
      }
      ResourceHandle h = *fetched_handle;
      // A fetched buffer (--refs alias) holds what the variable holds when the run ends.
      if (graph_.run().alias_refs) {
        for (int k = 0; k < graph_.size(); ++k) {
          if (graph_.in_run(k) && !handles_.ready_from_start(k)) {
            h.after.push_back(graph_.node(k).name());
          }
        }
      }
      add_read(name + "~fetch", h, graph_.loc(i));
      o.ref = ref_to(name + "~fetch", 0, graph_.loc(i));
      o.as = f;
    } else {
      // Named as written: `y`, or `y:0` written with its port.
      o.ref = ref_to(name, port, graph_.loc(i));
      o.ref.has_port = has_port;
      o.ref.written = f;
    }
    if (const auto named = graph_.run().output_names.find(f);
        named != graph_.run().output_names.end()) {
      o.as = named->second;
    }
    out_.ast.outputs.push_back(std::move(o));
  }
  for (const std::string& t : graph_.run().targets) {
    const int i = graph_.index(t);
    if (graph_.is_input(i)) {
      graph_.error(i, fmt::format("--target '{}' names a placeholder, which does not run", t));
      continue;
    }
    out_.ast.targets.push_back({{ref_to(t, 0, graph_.loc(i))}, graph_.loc(i)});
  }
  for (const std::string& t : graph_.run().inits) {
    if (graph_.is_input(graph_.index(t))) {
      graph_.error(graph_.index(t),
                   fmt::format("--init '{}' names a placeholder, which does not run", t));
    }
  }
  if (!graph_.whole_graph()) return;
  for (int i = 0; i < graph_.size(); ++i) {
    if (handles_.output_depth(i) > 0) continue;
    const int outputs = ports_.tensor_outputs(i);
    for (int port = 0; port < outputs; ++port) {
      if (ports_.used(i, port) || handles_.carries_token(i, port)) continue;  // no tensor
      OutputStmt o;
      o.ref = ref_to(graph_.node(i).name(), port, graph_.loc(i));
      out_.ast.outputs.push_back(std::move(o));
    }
  }
}

}  // namespace tfmc::sem
