#include "semantics/graphdef/import_op_tables.h"

#include <initializer_list>

namespace tfmc::sem {

std::string control_flow_op(const std::string& op) {
  static const std::map<std::string, std::string> kOps = {{"Switch", "Switch"},
                                                          {"RefSwitch", "Switch"},
                                                          {"Merge", "Merge"},
                                                          {"RefMerge", "Merge"},
                                                          {"Enter", "Enter"},
                                                          {"RefEnter", "Enter"},
                                                          {"Exit", "Exit"},
                                                          {"RefExit", "Exit"},
                                                          {"NextIteration", "NextIteration"},
                                                          {"RefNextIteration", "NextIteration"},
                                                          {"LoopCond", "LoopCond"}};
  const auto it = kOps.find(op);
  return it == kOps.end() ? "" : it->second;
}

bool is_unlowered_control_flow(const std::string& op) {
  return op == "Case" || op == "StatelessCase" || op == "ControlTrigger";
}

bool is_placeholder(const std::string& op) {
  return op == "Placeholder" || op == "PlaceholderV2" || op == "PlaceholderWithDefault";
}

bool is_apply_op(const std::string& op) {
  for (const char* prefix : {"ResourceApply", "ResourceSparseApply", "Apply", "SparseApply"}) {
    if (op.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

const std::map<std::string, std::string>& pure_ops() {
  // The TensorFlow ops of each row of gpu_eval/builtin_ops.def, onto the row's op.
  static const std::map<std::string, std::string> kOps = [] {
    std::map<std::string, std::string> ops;
    const auto add = [&](const char* op, std::initializer_list<const char*> tensorflow) {
      for (const char* tf : tensorflow) ops.emplace(tf, op);
    };
#define TFMC_BUILTIN_OP(name, least, most, outputs, attributes, required, tensorflow) \
  add(#name, {TFMC_OP_ITEMS tensorflow});
#define TFMC_SEMANTICS_OP(name, least, most, kind, attributes, required, tensorflow) \
  add(#name, {TFMC_OP_ITEMS tensorflow});
#include "gpu_eval/builtin_ops.def"
    return ops;
  }();
  return kOps;
}

const std::map<std::string, OptimizerUpdate>& optimizer_updates() {
  static const std::map<std::string, OptimizerUpdate> kOps = [] {
    std::map<std::string, OptimizerUpdate> ops;
    const auto add = [&](const char* op, const char* step, std::size_t variables,
                         std::initializer_list<const char*> tensorflow) {
      for (const char* tf : tensorflow) ops.emplace(tf, OptimizerUpdate{op, step, variables});
    };
#define TFMC_UPDATE_OP(name, step, variables, tensorflow) \
  add(#name, #step, variables, {TFMC_OP_ITEMS tensorflow});
#include "gpu_eval/builtin_ops.def"
    return ops;
  }();
  return kOps;
}

const std::map<std::string, std::string>& resource_variable_ops() {
  static const std::map<std::string, std::string> kOps = {
      {"ReadVariableOp", "Read"},
      {"AssignVariableOp", "Write"},
      {"AssignAddVariableOp", "AssignAdd"},
      {"AssignSubVariableOp", "AssignSub"},
      {"VarIsInitializedOp", "VarIsInitialized"},
      {"ResourceApplyGradientDescent", "ApplyGradientDescent"}};
  return kOps;
}

const std::map<std::string, std::string>& ref_update_ops() {
  static const std::map<std::string, std::string> kOps = {
      {"Assign", "Write"},
      {"AssignAdd", "AssignAdd"},
      {"AssignSub", "AssignSub"},
      {"ApplyGradientDescent", "ApplyGradientDescent"}};
  return kOps;
}

bool is_update_op(const std::string& op) {
  return ref_update_ops().count(op) || is_apply_op(op) || optimizer_updates().count(op);
}

bool is_ref_update_op(const std::string& op) {
  return is_update_op(op) && op.rfind("Resource", 0) != 0;
}

bool locks_by_default(const std::string& op) {
  return op == "ScatterUpdate" || op == "ScatterNdUpdate";
}

bool is_gather_op(const std::string& op) {
  return op == "ResourceGather" || op == "ResourceGatherNd" || op == "Gather";
}

bool is_queue_op(const std::string& op) { return op == "FIFOQueueV2" || op == "FIFOQueue"; }
bool is_enqueue(const std::string& op) { return op == "QueueEnqueueV2" || op == "QueueEnqueue"; }
bool is_dequeue(const std::string& op) { return op == "QueueDequeueV2" || op == "QueueDequeue"; }

bool is_mapped_op(const std::string& op) {
  return pure_ops().count(op) || resource_variable_ops().count(op) || is_update_op(op) ||
         is_gather_op(op) || op == "Const" || is_placeholder(op) || !control_flow_op(op).empty() ||
         op == "VarHandleOp" || op == "VariableV2" || op == "Variable" || op == "RefIdentity" ||
         op == "VariableShape" || is_queue_op(op) || is_enqueue(op) || is_dequeue(op);
}

}  // namespace tfmc::sem
