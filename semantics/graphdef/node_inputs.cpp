#include "semantics/graphdef/node_inputs.h"

#include <algorithm>
#include <string_view>

#include "semantics/graphdef/graphdef_import.h"

namespace tfmc::sem {

std::optional<NodeInput> parse_input(const std::string& text) {
  NodeInput in;
  in.text = text;
  std::string_view s = text;
  if (!s.empty() && s[0] == '^') {
    in.control = true;
    s.remove_prefix(1);
  }
  const std::size_t colon = s.rfind(':');
  if (colon != std::string_view::npos && !in.control) {
    const std::string_view digits = s.substr(colon + 1);
    if (digits.empty() || digits.size() > 6 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return std::nullopt;
    }
    in.port = std::stoi(std::string(digits));
    s = s.substr(0, colon);
  }
  if (s.empty() || s.find(':') != std::string_view::npos) return std::nullopt;
  in.node = std::string(s);
  return in;
}

std::pair<std::string, int> fetched(const std::string& fetch) {
  const auto in = parse_input(fetch);
  if (!in || in->control) return {fetch, 0};
  return {in->node, in->port};
}

std::string node_of(const std::string& tensor) {
  return tensor.size() > 2 && tensor.compare(tensor.size() - 2, 2, ":0") == 0
             ? tensor.substr(0, tensor.size() - 2)
             : tensor;
}

}  // namespace tfmc::sem
