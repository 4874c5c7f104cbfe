// The GraphDef import's op tables: which TensorFlow ops it maps onto which of the language's
// ops and built-in functions (listed for users in specs/FORMAT.md ("TensorFlow graph files")).
// An op in none of them is an uninterpreted function (function_declarations.h).
#pragma once

#include <map>
#include <string>

namespace tfmc::sem {

// The language's op for a TensorFlow control-flow op (the Ref forms pass refs as the others
// pass tensors), or "" for another op.
std::string control_flow_op(const std::string& op);

// The functional control flow that function_inlining.h does not lower.
bool is_unlowered_control_flow(const std::string& op);

bool is_placeholder(const std::string& op);

// Optimizer updates (Apply*, ResourceApply*, SparseApply* ...): their variable inputs come
// first. Those of optimizer_updates() map onto the language's; the others are uninterpreted
// updates.
bool is_apply_op(const std::string& op);

// An optimizer update of the language (a TFMC_UPDATE_OP row of gpu_eval/builtin_ops.def): its
// op, its step function and how many variables it updates.
struct OptimizerUpdate {
  std::string op;
  std::string step;
  std::size_t variables = 1;
};
// TensorFlow's optimizer updates, ref and resource forms, onto the language's.
const std::map<std::string, OptimizerUpdate>& optimizer_updates();

// TensorFlow's pure ops onto the built-in function of the same signature.
const std::map<std::string, std::string>& pure_ops();

// Variable operations on a resource handle, onto the language's.
const std::map<std::string, std::string>& resource_variable_ops();

// Updates of ref variables; their output 0 is the variable's ref.
const std::map<std::string, std::string>& ref_update_ops();

// Whether the op updates variables: ref_update_ops(), the optimizer updates, the scatters.
bool is_update_op(const std::string& op);
// Whether it updates a ref variable (not a Resource* op); its output 0 is the variable's ref.
bool is_ref_update_op(const std::string& op);
// Whether an update of refs without a use_locking attribute locks: TensorFlow's default is
// true for ScatterUpdate and ScatterNdUpdate, false for the others.
bool locks_by_default(const std::string& op);

// The reads of a variable's rows (ResourceGather, ResourceGatherNd) and Gather, whose params
// may be a ref variable.
bool is_gather_op(const std::string& op);

bool is_queue_op(const std::string& op);
bool is_enqueue(const std::string& op);
bool is_dequeue(const std::string& op);

// Whether the op is in one of the tables above or is one that the import maps by itself
// (Const, the variable and queue ops, RefIdentity).
bool is_mapped_op(const std::string& op);

}  // namespace tfmc::sem
