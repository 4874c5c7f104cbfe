// What the tests of the optimizers' steps (optimizer_step_test.cpp,
// sparse_optimizer_step_test.cpp) share: a case as tools/tf/step_cases.py records it from
// TensorFlow (the step, its boolean attributes, the arguments and TensorFlow's results as
// literals), the evaluation of a step with such attributes, and the check that every case gives
// exactly TensorFlow's results.
#pragma once

#include <catch2/catch.hpp>
#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "semantics/values/tensor_text.h"
#include "support/catalog_function.h"
#include "support/literals.h"

namespace tfmc::test {

using StepAttrs = std::vector<std::pair<const char*, bool>>;

struct StepCase {
  const char* step;
  StepAttrs attrs;
  std::vector<const char*> arguments;
  std::vector<const char*> results;  // TensorFlow's
};

// The attributes as a node writes them: `true` or `false`.
inline AttrTexts step_attribute_texts(const StepAttrs& attrs) {
  AttrTexts texts;
  for (const auto& [key, on] : attrs) texts.emplace_back(key, on ? "true" : "false");
  return texts;
}

inline eval::EvalResult evaluate_step(const std::string& step,
                                      const std::vector<eval::Tensor>& arguments,
                                      const StepAttrs& attrs = {}) {
  return evaluate_function(step, step_attribute_texts(attrs), arguments);
}

// Each case's step on its arguments gives exactly its results, bit for bit.
inline void check_step_cases(const std::vector<StepCase>& cases) {
  for (const StepCase& c : cases) {
    std::vector<eval::Tensor> arguments;
    for (const char* a : c.arguments) arguments.push_back(literal(a));
    INFO(c.step << " on " << c.arguments[0]);
    const eval::EvalResult r = evaluate_step(c.step, arguments, c.attrs);
    REQUIRE(std::holds_alternative<std::vector<eval::Tensor>>(r));
    const auto& got = std::get<std::vector<eval::Tensor>>(r);
    REQUIRE(got.size() == c.results.size());
    for (std::size_t v = 0; v < got.size(); ++v) {
      INFO("variable " << v << ": " << sem::format_tensor(got[v]));
      CHECK(got[v] == literal(c.results[v]));
    }
  }
}

}  // namespace tfmc::test
