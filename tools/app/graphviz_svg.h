// A drawing laid out by Graphviz's dot and rendered as an SVG element to embed in an HTML page
// (FORMAT.md, "The HTML report"). The drawing says what each node, cluster and edge is; Graphviz
// only places them.
//
// Graphviz runs in the process, from its libraries (Debian's libgraphviz-dev), rather than as
// the `dot` program: tfmc then needs no program on PATH, and it loads only dot's layout and the
// core SVG renderer, not the plugins a machine has configured. Without the pango plugin, text
// widths come from Graphviz's own metrics of its standard fonts instead of the fonts a machine
// has installed, so a graph gives the same picture, to the byte, on every machine.
//
// Every text in the SVG (node labels, titles, cluster labels) is written by tfmc, escaped for
// HTML, in place of the text Graphviz wrote: Graphviz decodes character references in labels
// and keeps entity-like text as it is, so a name such as `a&amp;b` would not read as itself.
// The SVG holds no XML prolog and no comments; its elements are those of Graphviz's SVG.
// Graphviz writes `-` in ids as `&#45;`, so the ids given here hold none.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tfmc::app {

inline constexpr std::size_t kNoCluster = static_cast<std::size_t>(-1);

struct DrawnNode {
  std::string id;                  // the SVG element's id, unique in the page, without `-`
  std::vector<std::string> lines;  // the label, a line each
  std::string title;               // the SVG title (what a browser shows on hover)
  std::string classes;             // CSS classes beside Graphviz's `node`; may be empty
  std::vector<std::pair<std::string, std::string>> attributes;  // Graphviz's (shape, style...)
  std::size_t cluster = kNoCluster;                             // the innermost cluster
};

struct DrawnCluster {
  std::string id;     // the SVG element's id, without `-`
  std::string label;  // one line
  std::size_t parent = kNoCluster;
};

struct DrawnEdge {
  std::size_t from = 0;  // indices into Drawing::nodes
  std::size_t to = 0;
  std::string classes;  // CSS classes beside Graphviz's `edge`; may be empty
  std::vector<std::pair<std::string, std::string>> attributes;
};

struct Drawing {
  std::vector<DrawnNode> nodes;
  std::vector<DrawnCluster> clusters;  // a cluster's parent comes before it
  std::vector<DrawnEdge> edges;
};

// The drawing laid out top to bottom by dot, as an `<svg>` element and its content.
std::string render_svg(const Drawing& drawing);

}  // namespace tfmc::app
