#include "support/outcome_list.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <tuple>

namespace tfmc::test {
namespace {

std::vector<std::pair<std::string, std::string>> named_values(const Json& object) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [name, value] : object.members) out.emplace_back(name, value.text);
  return out;
}

}  // namespace

std::vector<ListedOutcome> outcomes_in_json(const Json& document) {
  std::vector<ListedOutcome> out;
  for (const Json& o : document.at("outcomes").items) {
    ListedOutcome outcome{named_values(o.at("outputs")), named_values(o.at("variables"))};
    const bool stuck = o.at("stuck").boolean;
    CHECK((o.find("blocked") != nullptr) == stuck);
    if (stuck) {
      for (const Json& node : o.at("blocked").items) outcome.blocked.push_back(node.text);
      std::sort(outcome.blocked.begin(), outcome.blocked.end());
      CHECK_FALSE(outcome.blocked.empty());
    }
    out.push_back(std::move(outcome));
  }
  return out;
}

void check_outcome_list(const std::vector<ListedOutcome>& got, std::vector<ListedOutcome> want) {
  std::sort(want.begin(), want.end(), [](const ListedOutcome& a, const ListedOutcome& b) {
    return std::tie(a.outputs, a.variables, a.blocked) <
           std::tie(b.outputs, b.variables, b.blocked);
  });
  // Equal vectors: the same set, listed in the documented sorted order.
  CHECK(got.size() == want.size());
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    INFO("outcome " << i);
    CHECK(got[i].outputs == want[i].outputs);
    CHECK(got[i].variables == want[i].variables);
    CHECK(got[i].blocked == want[i].blocked);
  }
}

}  // namespace tfmc::test
