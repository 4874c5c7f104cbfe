// Reads of a variable's rows (graph_emitter.h), as specs/FORMAT.md ("TensorFlow graph files")
// maps them: ResourceGather N is `N~read`, a Read of the variable when N runs (TensorFlow's
// kernel gathers under the variable's lock, so every row comes from one value of it), then
// `N = GatherV2(N~read, indices, N~axis) {batch_dims}`; ResourceGatherNd is `N~read` then
// `N = GatherNd(N~read, indices)`; Gather, the V1 op, is `GatherV2(params, indices, N~axis)`,
// its params a ref variable read when it runs as any op's. `N~axis` is the constant 0, after
// the indices, so that it is in their frame.
#include "semantics/graphdef/graph_emitter.h"

namespace tfmc::sem {

void GraphEmitter::emit_gather(int i) {
  const std::string name = graph_.node(i).name();
  std::optional<Ref> params;
  const std::string& op = graph_.node(i).op();
  if (op != "Gather") {
    auto h = handle_arg(i, 0, ResourceKind::Variable);
    if (!h) return;
    add_read(name + "~read", *h, graph_.loc(i));
    std::vector<Ref>& after = out_.ast.nodes.back().after;
    const std::vector<Ref> run = run_refs(i, 0);
    after.insert(after.begin(), run.begin(), run.end());
    params = ref_to(name + "~read", 0, graph_.loc(i));
  } else {
    params = tensor_arg(i, 0);
    if (!params) return;
  }
  auto indices = tensor_arg(i, 1);
  if (!indices) return;
  if (op == "ResourceGatherNd") {
    NodeStmt s = statement(i, "GatherNd");
    s.after.clear();  // it waits for its read
    s.args = {*params, *indices};
    out_.ast.nodes.push_back(std::move(s));
    return;
  }
  NodeStmt axis = statement(i, "Const");
  axis.name = name + "~axis";
  axis.after = {ref_to(indices->name, 0, graph_.loc(i))};
  AttrValue zero;
  zero.kind = AttrValue::Kind::Literal;
  zero.literal = eval::Tensor{eval::DType::I32, {}, std::vector<std::uint8_t>(4, 0)};
  add_attr(axis, "value", std::move(zero));
  out_.ast.nodes.push_back(std::move(axis));
  NodeStmt s = statement(i, "GatherV2");
  if (op == "ResourceGather") s.after.clear();  // it waits for its read
  s.args = {*params, *indices, ref_to(name + "~axis", 0, graph_.loc(i))};
  emit_index_attrs(i, s);
  out_.ast.nodes.push_back(std::move(s));
}

}  // namespace tfmc::sem
