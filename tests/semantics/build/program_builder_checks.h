// Helpers of the program builder tests (program_builder_test.cpp, program_names_test.cpp):
// programs built from text and the nodes, edges and names they hold.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "semantics/build/program_builder.h"
#include "semantics/language/parser.h"

namespace program_builder_checks {

using tfmc::sem::EdgeKind;
using tfmc::sem::Feed;
using tfmc::sem::InputError;
using tfmc::sem::kGo;
using tfmc::sem::kNone;
using tfmc::sem::load_program_text;
using tfmc::sem::Node;
using tfmc::sem::NodeKind;
using tfmc::sem::Program;
using tfmc::sem::ValueStore;

// One line per edge, sorted: "K SRC -> DST" with K = T(ensor), V(ariable) or C(ontrol); SRC
// is `NODE:PORT`, `input NAME` or `GO`; DST is `NODE(argI)`, `NODE` for a control edge,
// `output NAME` or `unnamed output`.
inline std::vector<std::string> edge_lines(const Program& p) {
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < p.edges.size(); ++i) {
    const auto& e = p.edges[i];
    std::string kind = e.kind == EdgeKind::Tensor ? "T" : e.kind == EdgeKind::Variable ? "V" : "C";
    std::string src;
    if (e.src != kNone) {
      src = p.nodes[e.src].name +
            (e.kind == EdgeKind::Control ? "" : ":" + std::to_string(e.src_port));
    } else if (e.kind == EdgeKind::Control) {
      src = e.initial == kGo ? "GO" : "?";
    } else {
      src = "input " + e.input_name;
    }
    std::string dst = "unnamed output";
    if (e.dst != kNone) {
      const Node& n = p.nodes[e.dst];
      dst = n.name;
      if (e.kind != EdgeKind::Control) {
        const auto arg = std::find(n.inputs.begin(), n.inputs.end(), static_cast<int>(i));
        dst += "(arg" + std::to_string(arg - n.inputs.begin()) + ")";
      }
    }
    for (const auto& o : p.outputs) {
      if (o.edge == static_cast<int>(i)) dst = "output " + o.name;
    }
    lines.push_back(kind + " " + src + " -> " + dst);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline std::vector<std::string> node_names(const Program& p) {
  std::vector<std::string> names;
  for (const Node& n : p.nodes) names.push_back(n.name);
  return names;
}

inline const Node& node(const Program& p, const std::string& name) {
  const auto it =
      std::find_if(p.nodes.begin(), p.nodes.end(), [&](const Node& n) { return n.name == name; });
  REQUIRE(it != p.nodes.end());
  return *it;
}

// The value an input edge starts with, printed.
inline std::string input_value(const Program& p, const ValueStore& values,
                               const std::string& input) {
  for (const auto& e : p.edges) {
    if (e.src == kNone && e.input_name == input) return values.print(e.initial);
  }
  FAIL("no input edge " << input);
  return {};
}

// The first line of the InputError that loading `text` throws.
inline std::string load_error(const std::string& text, const std::vector<Feed>& feeds = {}) {
  ValueStore values;
  try {
    load_program_text("t.tfg", text, feeds, values);
  } catch (const InputError& e) {
    const std::string what = e.what();
    return what.substr(0, what.find('\n'));
  }
  FAIL("no InputError for:\n" << text);
  return {};
}

inline Feed feed(const std::string& name, const std::string& value) {
  std::string error;
  auto v = tfmc::sem::parse_init_value(value, error);
  REQUIRE(v.has_value());
  return {name, *v};
}

}  // namespace program_builder_checks
