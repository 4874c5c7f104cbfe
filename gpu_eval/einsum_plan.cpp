#include "gpu_eval/einsum_plan.h"

#include <algorithm>
#include <numeric>
#include <optional>

#include "gpu_eval/cpu_batch_matmul.h"
#include "gpu_eval/cpu_reductions.h"
#include "gpu_eval/cpu_tensor_access.h"
#include "gpu_eval/cpu_tf_ops.h"

namespace tfmc::eval::cpu {
namespace {

// TensorFlow's dimension types, in the order an operand's dimensions are sorted.
enum class LabelType { Batch, Free, Contract, Reduce };

bool is_label(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// A labelled tensor.
struct Labelled {
  Tensor t;
  std::vector<int> labels;
};

// `a` with its dimensions in the order of `to`, which holds the same labels.
Labelled arranged(Labelled a, const std::vector<int>& to) {
  std::vector<std::size_t> perm;
  for (int l : to) {
    perm.push_back(static_cast<std::size_t>(std::find(a.labels.begin(), a.labels.end(), l) -
                                            a.labels.begin()));
  }
  return {transpose(a.t, perm), to};
}

// `t` with the same elements under another shape.
Tensor reshaped(Tensor t, Shape shape) {
  t.shape = std::move(shape);
  return t;
}

}  // namespace

std::variant<EinsumPlan, std::string> plan_einsum(std::string_view equation) {
  const std::size_t arrow = equation.find("->");
  if (arrow == std::string_view::npos) return "an explicit output (\"->\")";
  if (equation.find('.') != std::string_view::npos) return "no ellipsis (\"...\")";
  EinsumPlan plan;
  std::string names;  // label number -> letter
  const auto parse = [&](std::string_view part,
                         std::vector<int>& out) -> std::optional<std::string> {
    for (char c : part) {
      if (!is_label(c)) return std::string("letters for labels");
      std::size_t n = names.find(c);
      if (n == std::string::npos) {
        n = names.size();
        names.push_back(c);
      }
      if (std::find(out.begin(), out.end(), static_cast<int>(n)) != out.end()) {
        return std::string("no label twice in one operand or the output");
      }
      out.push_back(static_cast<int>(n));
    }
    return std::nullopt;
  };
  std::string_view inputs = equation.substr(0, arrow);
  while (true) {
    const std::size_t comma = inputs.find(',');
    plan.operands.emplace_back();
    if (auto e = parse(inputs.substr(0, comma), plan.operands.back())) return *e;
    if (comma == std::string_view::npos) break;
    inputs.remove_prefix(comma + 1);
  }
  if (plan.operands.size() > 2) return "one or two operands";
  const std::size_t known = names.size();
  if (auto e = parse(equation.substr(arrow + 2), plan.output)) return *e;
  if (names.size() != known) return "every output label in an operand";
  plan.labels = static_cast<int>(names.size());
  return plan;
}

std::string equation_from_name(std::string_view name) {
  std::string out;
  for (char c : name) {
    if (c == '.') {
      out += ',';
    } else if (c == '-') {
      out += "->";
    } else {
      out += c;
    }
  }
  return out;
}

std::string equation_name(std::string_view equation) {
  std::string out;
  for (std::size_t i = 0; i < equation.size(); ++i) {
    if (equation[i] == ',') {
      out += '.';
    } else if (equation.substr(i, 2) == "->") {
      out += '-';
      ++i;
    } else {
      out += equation[i];
    }
  }
  return out;
}

EvalResult einsum(std::string_view equation, std::span<const Tensor* const> args) {
  const auto planned = plan_einsum(equation);
  if (!std::holds_alternative<EinsumPlan>(planned)) return ErrorKind::Shape;
  const EinsumPlan& plan = std::get<EinsumPlan>(planned);
  for (const Tensor* t : args) {
    if (t->dtype != args[0]->dtype || (t->dtype != DType::F32 && t->dtype != DType::F64)) {
      return ErrorKind::Type;
    }
  }
  if (args.size() != plan.operands.size()) return ErrorKind::Shape;
  Shape sizes(static_cast<std::size_t>(plan.labels), -1);
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i]->shape.size() != plan.operands[i].size()) return ErrorKind::Shape;
    for (std::size_t d = 0; d < args[i]->shape.size(); ++d) {
      std::int64_t& size = sizes[static_cast<std::size_t>(plan.operands[i][d])];
      if (size != -1 && size != args[i]->shape[d]) return ErrorKind::Shape;
      size = args[i]->shape[d];
    }
  }
  const auto in = [&](const std::vector<int>& labels, int l) {
    return std::find(labels.begin(), labels.end(), l) != labels.end();
  };
  std::vector<LabelType> types;
  for (int l = 0; l < plan.labels; ++l) {
    const bool unique =
        plan.operands.size() == 1 || !in(plan.operands[0], l) || !in(plan.operands[1], l);
    const bool removed = !in(plan.output, l);
    types.push_back(removed ? (unique ? LabelType::Reduce : LabelType::Contract)
                            : (unique ? LabelType::Free : LabelType::Batch));
  }
  const auto of_type = [&](const std::vector<int>& labels, LabelType type) {
    std::vector<int> out;
    for (int l : labels) {
      if (types[static_cast<std::size_t>(l)] == type) out.push_back(l);
    }
    return out;
  };
  const auto dims = [&](const std::vector<int>& labels) {
    Shape out;
    for (int l : labels) out.push_back(sizes[static_cast<std::size_t>(l)]);
    return out;
  };
  const auto count = [&](const std::vector<int>& labels) {
    const Shape d = dims(labels);
    return product(d.begin(), d.end());
  };
  // Each operand's reduced labels summed away as Sum sums those axes (TensorFlow sums before it
  // transposes: measured), then the rest sorted by (type, number).
  std::vector<Labelled> reduced;
  for (std::size_t i = 0; i < args.size(); ++i) {
    Labelled a{*args[i], plan.operands[i]};
    std::vector<std::int64_t> axes;
    std::vector<int> kept;
    for (std::size_t d = 0; d < a.labels.size(); ++d) {
      if (types[static_cast<std::size_t>(a.labels[d])] == LabelType::Reduce) {
        axes.push_back(static_cast<std::int64_t>(d));
      } else {
        kept.push_back(a.labels[d]);
      }
    }
    if (!axes.empty()) {
      EvalResult r = reduce_axes(a.t, axes, false, Reduction::Sum);
      if (const auto* e = std::get_if<ErrorKind>(&r)) return *e;
      a = {std::get<std::vector<Tensor>>(r).front(), kept};
    }
    std::vector<int> sorted = kept;
    std::sort(sorted.begin(), sorted.end(), [&](int x, int y) {
      return std::pair(types[static_cast<std::size_t>(x)], x) <
             std::pair(types[static_cast<std::size_t>(y)], y);
    });
    reduced.push_back(arranged(std::move(a), sorted));
  }
  Labelled result = std::move(reduced[0]);
  if (reduced.size() == 2) {
    const std::vector<int> batch = of_type(result.labels, LabelType::Batch);
    const std::vector<int> contract = of_type(result.labels, LabelType::Contract);
    const std::vector<int> free_x = of_type(result.labels, LabelType::Free);
    const std::vector<int> free_y = of_type(reduced[1].labels, LabelType::Free);
    const auto as_matrices = [&](const Tensor& t, const std::vector<int>& free) {
      Shape shape = dims(batch);
      shape.push_back(count(free));
      shape.push_back(count(contract));
      return reshaped(t, shape);
    };
    EvalResult r =
        batch_matmul(as_matrices(result.t, free_x), as_matrices(reduced[1].t, free_y), false, true);
    if (const auto* e = std::get_if<ErrorKind>(&r)) return *e;
    std::vector<int> labels = batch;
    labels.insert(labels.end(), free_x.begin(), free_x.end());
    labels.insert(labels.end(), free_y.begin(), free_y.end());
    result = {reshaped(std::get<std::vector<Tensor>>(r).front(), dims(labels)), labels};
  }
  return single(arranged(std::move(result), plan.output).t);
}

}  // namespace tfmc::eval::cpu
