// How the HTML report's picture groups nodes by name scope (tools/app/graph_scopes.h): no
// clusters below the node count that asks for them, a cluster per scope of two or more items
// with chains of one-child scopes made one, labels relative to the innermost cluster, and
// scopes collapsed at the deepest depth that leaves few enough items.
#include "tools/app/graph_scopes.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using tfmc::app::kNoScope;
using tfmc::app::lay_out_scopes;

namespace {

// Each item as `label@cluster-label` (`label@` outside clusters), collapsed ones with their
// node counts: `label(N)@...`.
std::vector<std::string> items(const tfmc::app::ScopeLayout& layout) {
  std::vector<std::string> out;
  for (const tfmc::app::ScopeItem& item : layout.items) {
    std::string text = item.label;
    if (item.node == kNoScope) text += fmt::format("({})", item.nodes);
    text += "@";
    if (item.cluster != kNoScope) text += layout.clusters[item.cluster].scope;
    out.push_back(text);
  }
  return out;
}

}  // namespace

TEST_CASE("few nodes are drawn with their whole names and no clusters", "[tools][html][scopes]") {
  const auto layout = lay_out_scopes({"a/b/x", "a/b/y", "d"}, 30, 400);
  CHECK(layout.clusters.empty());
  CHECK(items(layout) == std::vector<std::string>{"a/b/x@", "a/b/y@", "d@"});
  CHECK(layout.item_of == std::vector<std::size_t>{0, 1, 2});
}

TEST_CASE("scopes of two or more items are clusters, one-child chains one cluster",
          "[tools][html][scopes]") {
  const auto layout = lay_out_scopes({"a/b/x", "a/b/y", "a/c", "d", "f/m/x", "f/m/y"}, 0, 400);
  REQUIRE(layout.clusters.size() == 3);
  CHECK(layout.clusters[0].scope == "a");
  CHECK(layout.clusters[0].label == "a");
  CHECK(layout.clusters[0].parent == kNoScope);
  CHECK(layout.clusters[1].scope == "a/b");
  CHECK(layout.clusters[1].label == "b");
  CHECK(layout.clusters[1].parent == 0);
  // `f` holds the same two items as `f/m`: one cluster, labelled with the chain.
  CHECK(layout.clusters[2].scope == "f/m");
  CHECK(layout.clusters[2].label == "f/m");
  CHECK(layout.clusters[2].parent == kNoScope);
  CHECK(items(layout) == std::vector<std::string>{"x@a/b", "y@a/b", "c@a", "d@", "x@f/m", "y@f/m"});
}

TEST_CASE("past the item bound the smallest scopes collapse first", "[tools][html][scopes]") {
  // a: 2 nodes; b/c: 5 nodes, inside b: 6.
  const std::vector<std::string> names = {"b/c/y1", "a/x1",   "b/c/y2", "b/c/y3",
                                          "a/x2",   "b/c/y4", "b/c/y5", "b/z"};
  // Collapsing a leaves 7 items; b/c then leaves 3, b/c and b/z in the cluster b.
  const auto six = lay_out_scopes(names, 0, 6);
  CHECK(items(six) == std::vector<std::string>{"c(5)@b", "a(2)@", "z@b"});
  CHECK(six.item_of == std::vector<std::size_t>{0, 1, 0, 0, 1, 0, 0, 2});
  // Two items: b collapses too, and b/c becomes part of it.
  CHECK(items(lay_out_scopes(names, 0, 2)) == std::vector<std::string>{"b(6)@", "a(2)@"});
  // At the bound itself nothing collapses.
  CHECK(items(lay_out_scopes(names, 100, 8)).size() == 8);
}

TEST_CASE("a scope whose collapse draws no fewer items is left", "[tools][html][scopes]") {
  std::vector<std::string> names = {"top"};
  for (int s = 0; s < 3; ++s) {
    for (int n = 0; n < 4; ++n) names.push_back(fmt::format("s{}/g/n{}", s, n));
  }
  // The sK/g collapse (deepest first among scopes of 4); sK then holds one item each, so that
  // 3 items cannot be reached and 4 are drawn. Each collapsed scope is alone in its sK: no
  // cluster.
  const auto layout = lay_out_scopes(names, 0, 3);
  CHECK(items(layout) == std::vector<std::string>{"top@", "s0/g(4)@", "s1/g(4)@", "s2/g(4)@"});
  CHECK(layout.clusters.empty());
}
