#include "semantics/graphdef/canonical_input_order.h"

#include <algorithm>
#include <utility>

namespace tfmc::sem {

void sort_inputs_as_grappler(tf::NodeDef& node, const std::vector<std::string>& names) {
  if (node.op() != "AddN") return;
  std::vector<std::pair<std::string, std::string>> data;  // (name, input)
  std::vector<std::string> controls;
  for (const std::string& in : node.input()) {
    if (!in.empty() && in[0] == '^') {
      controls.push_back(in);
    } else {
      data.emplace_back(names.at(data.size()), in);
    }
  }
  // Equal names are one tensor, so which comes first cannot matter.
  std::stable_sort(data.begin(), data.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  node.clear_input();
  for (const auto& d : data) node.add_input(d.second);
  for (const std::string& c : controls) node.add_input(c);
}

std::string grappler_input_name(const std::string& text) {
  return text.ends_with(":0") ? text.substr(0, text.size() - 2) : text;
}

}  // namespace tfmc::sem
