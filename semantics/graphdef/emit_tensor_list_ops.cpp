// The attributes of the TensorList ops (FORMAT.md, "TensorLists") as GraphDef nodes carry
// them: element_dtype as a .tfg dtype, TensorListStack's num_elements where it bounds the
// list, TensorListElementShape's shape_type where it is not its default DT_INT32; a
// TensorListSetItem that resizes its list is refused, as tfmc does not resize lists.
#include <fmt/format.h>

#include "semantics/graphdef/graph_emitter.h"
#include "semantics/graphdef/tf_tensors.h"

namespace tfmc::sem {

bool GraphEmitter::emit_tensor_list_attrs(int i, NodeStmt& s) {
  const std::string& op = graph_.node(i).op();
  const auto& attrs = graph_.node(i).attr();
  // A dtype attribute: its .tfg name, or nothing after reporting one tfmc lacks.
  const auto dtype = [&](const char* key, tf::DataType absent) -> std::optional<std::string> {
    const auto it = attrs.find(key);
    const tf::DataType type = it == attrs.end() ? absent : it->second.type();
    if (const auto t = dtype_of(type)) return std::string(eval::dtype_name(*t));
    graph_.error(i, fmt::format("its attribute {} = {} cannot be mapped: tfmc has DT_FLOAT, "
                                "DT_DOUBLE, DT_INT32, DT_INT64 and DT_BOOL elements",
                                key, tf_type_name(type)));
    return std::nullopt;
  };
  if (op == "TensorListElementShape") {
    const auto type = dtype("shape_type", tf::DT_INT32);
    if (!type) return false;
    if (*type != "i32") add_attr(s, "shape_type", name_value(*type));
    return true;
  }
  if (op == "TensorListLength") return true;
  const auto element = dtype("element_dtype", tf::DT_INVALID);
  if (!element) return false;
  add_attr(s, "element_dtype", name_value(*element));
  if (op == "TensorListStack") {
    if (const auto n = graph_.attr_int(i, "num_elements"); n && *n != -1) {
      add_attr(s, "num_elements", integer_value(*n));
    }
  }
  if (op == "TensorListSetItem" && graph_.attr_bool(i, "resize_if_index_out_of_bounds")) {
    graph_.error(i,
                 "its attribute resize_if_index_out_of_bounds = true cannot be mapped: tfmc's "
                 "TensorListSetItem does not resize its list");
    return false;
  }
  return true;
}

}  // namespace tfmc::sem
