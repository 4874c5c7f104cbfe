#include "semantics/graphdef/functional_control_flow.h"

#include <fmt/format.h>

namespace tfmc::sem {
namespace {

tf::NodeDef make_node(const std::string& name, const std::string& op,
                      const std::vector<std::string>& inputs) {
  tf::NodeDef n;
  n.set_name(name);
  n.set_op(op);
  for (const std::string& in : inputs) n.add_input(in);
  return n;
}

bool is_number(tf::DataType t) {
  return t == tf::DT_FLOAT || t == tf::DT_DOUBLE || t == tf::DT_INT32 || t == tf::DT_INT64;
}

// The lowering of one If or While node N.
class Lowerer {
 public:
  Lowerer(const tf::NodeDef& node, LoweringTarget& target)
      : node_(node), target_(target), name_(node.name()) {
    for (const std::string& in : node.input()) {
      (!in.empty() && in[0] == '^' ? controls_ : data_).push_back(in);
    }
  }

  void lower() {
    const std::string& op = node_.op();
    if (op == "If" || op == "StatelessIf") return lower_if();
    lower_while();
  }

 private:
  // The function that attribute `key` names; nullptr after reporting a missing one.
  const tf::FunctionDef* function(const std::string& key) {
    const auto attr = node_.attr().find(key);
    if (attr == node_.attr().end() || attr->second.func().name().empty()) {
      target_.error(fmt::format("it needs a function attribute '{}'", key));
      return nullptr;
    }
    const std::string& fname = attr->second.func().name();
    const tf::FunctionDef* f = target_.function(fname);
    if (f == nullptr) {
      target_.error(fmt::format("its {} '{}' is a function the graph's library lacks", key, fname));
    }
    return f;
  }

  // Whether `f` (attribute `key`) takes `count` arguments; reports it if not.
  bool takes(const tf::FunctionDef& f, const std::string& key, std::size_t count,
             const char* what) {
    const auto takes = static_cast<std::size_t>(f.signature().input_arg_size());
    if (takes == count) return true;
    target_.error(fmt::format("passes {} {} to its {} '{}', which takes {}", count, what, key,
                              f.signature().name(), takes));
    return false;
  }

  // `value` as a bool: as it is when `type` is DT_BOOL (or not given), else through
  // `N/SUFFIX`, a Cast to bool (non-zero is true, as TensorFlow's ToBool takes a number);
  // nullopt after reporting a dtype that is neither.
  std::optional<std::string> as_bool(const std::string& value, tf::DataType type,
                                     const std::string& suffix, const std::string& what) {
    if (type == tf::DT_BOOL || type == tf::DT_INVALID) return value;
    if (!is_number(type)) {
      target_.error(fmt::format("{} is of dtype {}, which tfmc cannot take as a predicate", what,
                                tf::DataType_Name(type)));
      return std::nullopt;
    }
    tf::NodeDef cast = make_node(name_ + "/" + suffix, "Cast", {value});
    (*cast.mutable_attr())["DstT"].set_type(tf::DT_BOOL);
    target_.add(cast);
    return name_ + "/" + suffix;
  }

  void lower_if() {
    if (data_.empty()) return target_.error("an If needs a predicate input");
    const tf::FunctionDef* then_f = function("then_branch");
    const tf::FunctionDef* else_f = function("else_branch");
    if (then_f == nullptr || else_f == nullptr) return;
    const std::vector<std::string> inputs(data_.begin() + 1, data_.end());
    if (!takes(*then_f, "then_branch", inputs.size(), "inputs") ||
        !takes(*else_f, "else_branch", inputs.size(), "inputs")) {
      return;
    }
    const int outputs = then_f->signature().output_arg_size();
    if (else_f->signature().output_arg_size() != outputs) {
      return target_.error(
          fmt::format("its then_branch '{}' returns {} values and its else_branch '{}' {}",
                      then_f->signature().name(), outputs, else_f->signature().name(),
                      else_f->signature().output_arg_size()));
    }
    const auto tcond = node_.attr().find("Tcond");
    const auto pred =
        as_bool(data_[0], tcond == node_.attr().end() ? tf::DT_BOOL : tcond->second.type(),
                "pred_bool", "its predicate");
    if (!pred) return;
    // The pivots: every node of a branch depends on its pivot, so an untaken branch is DEAD.
    std::vector<std::string> switch_inputs = {*pred, *pred};
    switch_inputs.insert(switch_inputs.end(), controls_.begin(), controls_.end());
    target_.add(make_node(name_ + "/switch_pred", "Switch", switch_inputs));
    target_.add(make_node(name_ + "/pivot_t", "Identity", {name_ + "/switch_pred:1"}));
    target_.add(make_node(name_ + "/pivot_f", "Identity", {name_ + "/switch_pred"}));
    // Each input reaches a branch through an Identity anchored to its pivot, not through a
    // Switch of its own on pred: on a symbolic pred tfmc lets every Switch go its own way, and
    // an If decides once.
    std::vector<std::string> then_args, else_args;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
      then_args.push_back(fmt::format("{}/then_input_{}", name_, k));
      target_.add(make_node(then_args.back(), "Identity", {inputs[k], "^" + name_ + "/pivot_t"}));
      else_args.push_back(fmt::format("{}/else_input_{}", name_, k));
      target_.add(make_node(else_args.back(), "Identity", {inputs[k], "^" + name_ + "/pivot_f"}));
    }
    const auto then_results =
        target_.inline_body(*then_f, name_ + "/then", then_args, {"^" + name_ + "/pivot_t"});
    if (!then_results) return;  // reported; the else branch would only repeat it
    const auto else_results =
        target_.inline_body(*else_f, name_ + "/else", else_args, {"^" + name_ + "/pivot_f"});
    if (!else_results) return;
    tf::NodeDef result = make_node(name_, outputs == 0 ? "NoOp" : "IdentityN", {});
    for (int k = 0; k < outputs; ++k) {
      const std::string merge = fmt::format("{}/output_{}", name_, k);
      target_.add(make_node(merge, "Merge",
                            {then_results->at(static_cast<std::size_t>(k)),
                             else_results->at(static_cast<std::size_t>(k))}));
      target_.redirect(fmt::format("{}:{}", name_, k), merge);
      result.add_input(merge);
    }
    // The taken branch's completion, its side effects included, for `^N`.
    target_.add(make_node(
        name_ + "/branch_executed", "Merge",
        {name_ + "/pivot_t", name_ + "/pivot_f", "^" + name_ + "/then", "^" + name_ + "/else"}));
    result.add_input("^" + name_ + "/branch_executed");
    target_.add(result);
  }

  void lower_while() {
    if (data_.empty()) return target_.error("a While needs at least one loop variable");
    const tf::FunctionDef* cond_f = function("cond");
    const tf::FunctionDef* body_f = function("body");
    if (cond_f == nullptr || body_f == nullptr) return;
    const std::size_t n = data_.size();
    if (!takes(*cond_f, "cond", n, "loop variables") ||
        !takes(*body_f, "body", n, "loop variables")) {
      return;
    }
    if (static_cast<std::size_t>(body_f->signature().output_arg_size()) != n) {
      return target_.error(fmt::format("its body '{}' returns {} values for {} loop variables",
                                       body_f->signature().name(),
                                       body_f->signature().output_arg_size(), n));
    }
    if (cond_f->signature().output_arg_size() != 1) {
      return target_.error(fmt::format("its cond '{}' returns {} values, where a loop needs one",
                                       cond_f->signature().name(),
                                       cond_f->signature().output_arg_size()));
    }
    const auto parallel = node_.attr().find("parallel_iterations");
    const std::int64_t parallel_iterations =
        parallel == node_.attr().end() ? 10 : parallel->second.i();
    if (parallel_iterations < 1 || parallel_iterations > 2147483647) {
      return target_.error(fmt::format("parallel_iterations = {} is not between 1 and 2147483647",
                                       parallel_iterations));
    }
    // The While's control inputs hold back every Enter, hence the whole loop.
    std::vector<std::string> enter_controls;
    if (!controls_.empty()) {
      target_.add(make_node(name_ + "/loop_control_inputs", "NoOp", controls_));
      enter_controls.push_back("^" + name_ + "/loop_control_inputs");
    }
    std::vector<std::string> merges;
    for (std::size_t k = 0; k < n; ++k) {
      std::vector<std::string> enter_inputs = {data_[k]};
      enter_inputs.insert(enter_inputs.end(), enter_controls.begin(), enter_controls.end());
      tf::NodeDef enter = make_node(fmt::format("{}/enter_{}", name_, k), "Enter", enter_inputs);
      (*enter.mutable_attr())["frame_name"].set_s(name_);
      (*enter.mutable_attr())["parallel_iterations"].set_i(parallel_iterations);
      target_.add(enter);
      merges.push_back(fmt::format("{}/merge_{}", name_, k));
      target_.add(make_node(merges.back(), "Merge",
                            {enter.name(), fmt::format("{}/next_iteration_{}", name_, k)}));
    }
    // The cond's nodes without inputs are anchored into the frame by the first Merge.
    const auto cond_results =
        target_.inline_body(*cond_f, name_ + "/cond", merges, {"^" + merges[0]});
    if (!cond_results) return;
    const auto predicate =
        as_bool(cond_results->at(0), cond_f->signature().output_arg(0).type(), "cond_bool",
                fmt::format("the result of its cond '{}'", cond_f->signature().name()));
    if (!predicate) return;
    target_.add(make_node(name_ + "/loop_cond", "LoopCond", {*predicate}));
    std::vector<std::string> body_args;
    for (std::size_t k = 0; k < n; ++k) {
      const std::string sw = fmt::format("{}/switch_{}", name_, k);
      target_.add(make_node(sw, "Switch", {merges[k], name_ + "/loop_cond"}));
      const std::string exit = fmt::format("{}/exit_{}", name_, k);
      target_.add(make_node(exit, "Exit", {sw}));
      target_.redirect(fmt::format("{}:{}", name_, k), exit);
      body_args.push_back(sw + ":1");
    }
    // The body's nodes without inputs are anchored into the iteration by the pivot.
    target_.add(make_node(name_ + "/loop_body_control", "Identity", {body_args[0]}));
    const auto body_results = target_.inline_body(*body_f, name_ + "/body", body_args,
                                                  {"^" + name_ + "/loop_body_control"});
    if (!body_results) return;
    tf::NodeDef result = make_node(name_, "IdentityN", {});
    for (std::size_t k = 0; k < n; ++k) {
      target_.add(make_node(fmt::format("{}/next_iteration_{}", name_, k), "NextIteration",
                            {body_results->at(k)}));
      result.add_input(fmt::format("{}/exit_{}", name_, k));
    }
    target_.add(result);
  }

  const tf::NodeDef& node_;
  LoweringTarget& target_;
  const std::string name_;
  std::vector<std::string> data_;
  std::vector<std::string> controls_;
};

}  // namespace

bool is_lowered_control_flow(const std::string& op) {
  return op == "If" || op == "StatelessIf" || op == "While" || op == "StatelessWhile";
}

void lower_control_flow(const tf::NodeDef& node, LoweringTarget& target) {
  Lowerer(node, target).lower();
}

}  // namespace tfmc::sem
