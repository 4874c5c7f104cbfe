// How the HTML report's picture groups a graph's nodes by their name scopes (FORMAT.md, "The
// HTML report"): the `/`-separated prefixes of TensorFlow's node names (`block_1/conv/Read` is
// in the scopes `block_1` and `block_1/conv`).
//
// From kClusterNodes nodes on, scopes are drawn as clusters: a scope that holds two or more
// of the drawn items gets one, unless one scope inside it holds the same items (a chain of
// scopes with one child is one cluster, labelled with the whole chain), and each item is
// labelled with its name relative to its innermost cluster. Past kDrawnNodes nodes, scopes are
// collapsed into single items, the smallest first (of equal ones the deepest first, then in
// name order), until at most kDrawnNodes items are left or no scope is left whose collapse
// draws fewer: small groups (a convolution and its weight's read, a batch norm's variables)
// become boxes and the larger structure stays drawn, so that dot's layout stays quick and the
// picture readable. A collapsed scope inside a scope collapsed later becomes part of it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tfmc::app {

inline constexpr std::size_t kClusterNodes = 30;
inline constexpr std::size_t kDrawnNodes = 250;
inline constexpr std::size_t kNoScope = static_cast<std::size_t>(-1);

// A drawn item: one node, or a collapsed scope standing for all the nodes in it.
struct ScopeItem {
  std::size_t node = kNoScope;     // the node's index; kNoScope for a collapsed scope
  std::string scope;               // a collapsed scope's path (`a/b`); empty for a node
  std::size_t nodes = 1;           // the nodes it stands for
  std::string label;               // the node's name or the scope's path, relative to its cluster
  std::size_t cluster = kNoScope;  // its innermost cluster
};

struct ScopeCluster {
  std::string scope;  // its path
  std::string label;  // its path relative to its parent cluster's
  std::size_t parent = kNoScope;
};

struct ScopeLayout {
  std::vector<ScopeItem> items;        // in the order of their first node
  std::vector<std::size_t> item_of;    // per node: the item that draws it
  std::vector<ScopeCluster> clusters;  // a parent before its children
};

ScopeLayout lay_out_scopes(const std::vector<std::string>& names,
                           std::size_t cluster_from = kClusterNodes,
                           std::size_t max_items = kDrawnNodes);

}  // namespace tfmc::app
