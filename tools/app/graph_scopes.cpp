#include "tools/app/graph_scopes.h"

#include <algorithm>
#include <map>
#include <set>

namespace tfmc::app {
namespace {

// The scopes of `name`, outermost first: the paths of its `/`-separated prefixes.
std::vector<std::string> scopes_of(const std::string& name) {
  std::vector<std::string> out;
  for (std::size_t at = name.find('/'); at != std::string::npos; at = name.find('/', at + 1)) {
    if (at > 0) out.push_back(name.substr(0, at));
  }
  return out;
}

// `path` without `prefix` and the `/` after it; `path` itself when `prefix` is empty.
std::string relative(const std::string& path, const std::string& prefix) {
  return prefix.empty() ? path : path.substr(prefix.size() + 1);
}

}  // namespace

ScopeLayout lay_out_scopes(const std::vector<std::string>& names, std::size_t cluster_from,
                           std::size_t max_items) {
  std::vector<std::vector<std::string>> scopes;
  for (const std::string& name : names) scopes.push_back(scopes_of(name));
  // Collapsing: each node's outermost collapsed scope (its index in `order`), if any.
  std::map<std::string, std::vector<std::size_t>> members;
  for (std::size_t i = 0; i < names.size(); ++i) {
    for (const std::string& scope : scopes[i]) members[scope].push_back(i);
  }
  std::vector<std::string> order;
  for (const auto& [scope, nodes] : members) order.push_back(scope);
  const auto depth = [](const std::string& scope) {
    return std::count(scope.begin(), scope.end(), '/');
  };
  std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
    const std::size_t na = members[a].size(), nb = members[b].size();
    return na != nb ? na < nb : depth(a) > depth(b);
  });
  std::vector<std::size_t> outermost(names.size(), kNoScope);
  std::size_t items = names.size();
  for (std::size_t k = 0; k < order.size() && items > max_items; ++k) {
    // The items inside the scope now: its nodes not collapsed, and its collapsed scopes.
    std::set<std::size_t> inside;
    std::size_t own = 0;
    for (const std::size_t i : members[order[k]]) {
      if (outermost[i] == kNoScope) {
        ++own;
      } else {
        inside.insert(outermost[i]);
      }
    }
    if (own + inside.size() <= 1) continue;
    items -= own + inside.size() - 1;
    for (const std::size_t i : members[order[k]]) outermost[i] = k;
  }
  // The items, and for each the scopes it lies in (a collapsed scope in those above it).
  ScopeLayout layout;
  std::vector<std::vector<std::string>> container;
  std::map<std::size_t, std::size_t> collapsed_item;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (outermost[i] == kNoScope) {
      layout.item_of.push_back(layout.items.size());
      layout.items.push_back({i, "", 1, names[i], kNoScope});
      container.push_back(scopes[i]);
      continue;
    }
    const auto [it, fresh] = collapsed_item.emplace(outermost[i], layout.items.size());
    layout.item_of.push_back(it->second);
    if (!fresh) {
      ++layout.items[it->second].nodes;
      continue;
    }
    const std::string& scope = order[outermost[i]];
    layout.items.push_back({kNoScope, scope, 1, scope, kNoScope});
    container.push_back(scopes_of(scope));
  }
  if (names.size() < cluster_from) return layout;
  // Scopes holding two or more items, but not the same items as a scope inside them.
  std::map<std::string, std::size_t> count;
  for (const std::vector<std::string>& c : container) {
    for (const std::string& s : c) ++count[s];
  }
  std::set<std::string> chained;  // a scope with a child scope of its own count
  for (const auto& [scope, n] : count) {
    const std::size_t slash = scope.rfind('/');
    if (slash == std::string::npos || slash == 0) continue;
    const auto parent = count.find(scope.substr(0, slash));
    if (parent != count.end() && parent->second == n) chained.insert(parent->first);
  }
  std::vector<std::string> clustered;
  for (const auto& [scope, n] : count) {
    if (n >= 2 && !chained.count(scope)) clustered.push_back(scope);
  }
  // Outer scopes first: each cluster's parent is made before it.
  std::stable_sort(clustered.begin(), clustered.end(), [](const auto& a, const auto& b) {
    return std::count(a.begin(), a.end(), '/') < std::count(b.begin(), b.end(), '/');
  });
  std::map<std::string, std::size_t> cluster_of;
  // The innermost cluster among the scopes `path`, outermost first.
  const auto innermost = [&](const std::vector<std::string>& path) {
    for (auto s = path.rbegin(); s != path.rend(); ++s) {
      const auto c = cluster_of.find(*s);
      if (c != cluster_of.end()) return c->second;
    }
    return kNoScope;
  };
  for (const std::string& scope : clustered) {
    std::vector<std::string> above = scopes_of(scope);
    const std::size_t parent = innermost(above);
    const std::string parent_path = parent == kNoScope ? "" : layout.clusters[parent].scope;
    cluster_of[scope] = layout.clusters.size();
    layout.clusters.push_back({scope, relative(scope, parent_path), parent});
  }
  for (std::size_t k = 0; k < layout.items.size(); ++k) {
    ScopeItem& item = layout.items[k];
    item.cluster = innermost(container[k]);
    if (item.cluster != kNoScope) {
      item.label = relative(item.label, layout.clusters[item.cluster].scope);
    }
  }
  return layout;
}

}  // namespace tfmc::app
