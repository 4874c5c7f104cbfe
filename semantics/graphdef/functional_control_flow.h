// Lowering TF2's functional control flow (If, StatelessIf, While, StatelessWhile) to the
// primitives of control flow v1, as TensorFlow does before it runs a graph. The nodes made
// are named under the functional node N (specs/FORMAT.md, "TensorFlow graph files"):
//
// If(pred, x...) {then_branch, else_branch}:
//   N/switch_pred = Switch(pred, pred), N/pivot_t = Identity(:1), N/pivot_f = Identity(:0);
//   per input K, N/then_input_K = Identity(x_K) after N/pivot_t and N/else_input_K =
//   Identity(x_K) after N/pivot_f (where TensorFlow has a Switch(x_K, pred): the same for a
//   bool pred, but tfmc lets each Switch on a symbolic pred go its own way); the then branch
//   inlined as N/then on the then inputs, anchored to N/pivot_t, the else branch as N/else
//   on the else inputs, anchored to N/pivot_f; N/output_K = Merge(then result K, else result
//   K);
//   N/branch_executed = Merge(N/pivot_t, N/pivot_f) after ^N/then and ^N/else (the taken
//   branch's completion, side effects included); N = IdentityN of the outputs (NoOp without
//   outputs) after N/branch_executed. The If's control inputs go to N/switch_pred, which
//   everything else follows. A pred whose Tcond is not DT_BOOL is first N/pred_bool = Cast to bool.
//
// While(x...) {cond, body, parallel_iterations}: one frame named N; per loop variable K:
//   N/enter_K = Enter(x_K) {frame_name=N, parallel_iterations}, N/merge_K = Merge(N/enter_K,
//   N/next_iteration_K), N/switch_K = Switch(N/merge_K, N/loop_cond), N/exit_K =
//   Exit(N/switch_K:0), N/next_iteration_K = NextIteration(body result K). The cond is
//   inlined as N/cond on the merges, anchored to N/merge_0, and N/loop_cond = LoopCond of its
//   result (through N/cond_bool, a Cast to bool, when the cond returns another dtype); the
//   body is inlined as N/body on the :1 outputs of the switches, anchored to
//   N/loop_body_control = Identity(N/switch_0:1). N = IdentityN of the exits. The While's
//   control inputs go to N/loop_control_inputs, a NoOp that every Enter waits for.
//
// Consumers of N:K take the Merge or Exit K itself, as TensorFlow rewires them; `^N` and a
// fetch of N go through node N.
//
// Errors, reported at N: a missing attribute or function, a While without loop variables, an
// argument or result count that does not match the functions' signatures, a cond that
// returns other than one value, or a value of a dtype that is neither bool nor a number.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "semantics/graphdef/tf_graph.pb.h"

namespace tfmc::sem {

// If, StatelessIf, While and StatelessWhile.
bool is_lowered_control_flow(const std::string& op);

// What the lowering asks of the function inliner (function_inlining.h), for one node.
class LoweringTarget {
 public:
  virtual ~LoweringTarget() = default;
  // The library's function `name`, or nullptr.
  virtual const tf::FunctionDef* function(const std::string& name) const = 0;
  // Adds a node made by the lowering to the graph.
  virtual void add(tf::NodeDef node) = 0;
  // Inlines `f` under `prefix` with `args` and `anchors` (function_inlining.h): its results,
  // in output order, or nullopt after reporting an error.
  virtual std::optional<std::vector<std::string>> inline_body(
      const tf::FunctionDef& f, const std::string& prefix, const std::vector<std::string>& args,
      const std::vector<std::string>& anchors) = 0;
  // Every data input `tensor` (`N:K`; `N` is `N:0`) in the graph becomes `replacement`.
  virtual void redirect(const std::string& tensor, const std::string& replacement) = 0;
  // Reports an error at the node being lowered.
  virtual void error(const std::string& message) = 0;
};

// Adds the lowered form of `node` (an op is_lowered_control_flow accepts) to `target`.
void lower_control_flow(const tf::NodeDef& node, LoweringTarget& target);

}  // namespace tfmc::sem
