#include "tools/app/graphviz_svg.h"

#include <fmt/format.h>
#include <gvc.h>

#include <map>
#include <memory>

#include "semantics/errors/invariant.h"
#include "tools/app/html_text.h"

// The two plugins tfmc draws with, linked in (graphviz_svg.h says why).
extern "C" {
extern gvplugin_library_t gvplugin_dot_layout_LTX_library;
extern gvplugin_library_t gvplugin_core_LTX_library;
}

namespace tfmc::app {
namespace {

// The texts tfmc writes into an SVG element in place of Graphviz's: its title, then its label's
// lines in order.
struct Texts {
  const std::string* title;
  const std::vector<std::string>* lines;
};

// A label as Graphviz reads it, for its size: the lines joined by Graphviz's line break, with
// backslashes (Graphviz's escapes) doubled, ampersands written as references (Graphviz decodes
// them) and line breaks within a line made spaces, so that it has exactly one text line per
// line.
std::string graphviz_label(const std::vector<std::string>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += "\\n";
    for (const char c : lines[i]) {
      if (c == '\\') {
        out += "\\\\";
      } else if (c == '&') {
        out += "&amp;";
      } else if (c == '\n' || c == '\r') {
        out += ' ';
      } else {
        out += c;
      }
    }
  }
  return out;
}

// Sets Graphviz attribute `name` of `object` (a graph, node or edge) to `value`.
void set(void* object, std::string name, std::string value) {
  std::string none;
  agsafeset(object, name.data(), value.data(), none.data());
}

// Replaces the content of the first element `tag` at or after `from` in `svg` by `text`
// (escaped), appending what comes from `at` to it and the new element to `out`; returns the
// place after its end tag.
std::size_t replace_content(const std::string& svg, std::size_t at, std::size_t from,
                            const std::string& tag, const std::string& text, std::string& out) {
  const std::size_t start = svg.find("<" + tag, from);
  const std::size_t open_end = svg.find('>', start);
  const std::string close = "</" + tag + ">";
  const std::size_t end = svg.find(close, open_end);
  TFMC_CHECK(start != std::string::npos && end != std::string::npos,
             "Graphviz's SVG element lacks a " + tag);
  out.append(svg, at, open_end + 1 - at);
  out += escaped(text);
  out += close;
  return end + close.size();
}

// Graphviz's SVG without its prolog and comments, each element of `texts` with tfmc's texts.
// A node's or cluster's group (`<g id="..." class="node">`) holds its title and one text
// element per label line, and no group of its own.
std::string with_texts(const std::string& svg, const std::map<std::string, Texts>& texts) {
  std::string bare;
  for (std::size_t at = svg.find("<svg"); at < svg.size();) {
    const std::size_t comment = svg.find("<!--", at);
    bare.append(svg, at, comment == std::string::npos ? std::string::npos : comment - at);
    if (comment == std::string::npos) break;
    const std::size_t end = svg.find("-->", comment);
    at = end + 3;
    if (at < svg.size() && svg[at] == '\n') ++at;
  }
  std::string out;
  out.reserve(bare.size());
  std::size_t at = 0;
  const std::string group = "<g id=\"";
  for (std::size_t g; (g = bare.find(group, at)) != std::string::npos;) {
    const std::size_t id_start = g + group.size();
    const std::size_t id_end = bare.find('"', id_start);
    const auto found = texts.find(bare.substr(id_start, id_end - id_start));
    if (found == texts.end()) {
      out.append(bare, at, id_end - at);
      at = id_end;
      continue;
    }
    const std::size_t group_end = bare.find("</g>", id_end);
    at = replace_content(bare, at, id_end, "title", *found->second.title, out);
    for (const std::string& line : *found->second.lines) {
      at = replace_content(bare, at, at, "text", line, out);
    }
    TFMC_CHECK(at < group_end && bare.find("<text", at) > group_end,
               "Graphviz wrote another number of text lines than the label has");
  }
  out.append(bare, at);
  return out;
}

}  // namespace

std::string render_svg(const Drawing& drawing) {
  static const lt_symlist_t kBuiltins[] = {
      {"gvplugin_dot_layout_LTX_library", &gvplugin_dot_layout_LTX_library},
      {"gvplugin_core_LTX_library", &gvplugin_core_LTX_library},
      {nullptr, nullptr}};
  const std::unique_ptr<GVC_t, int (*)(GVC_t*)> gvc(gvContextPlugins(kBuiltins, 0), gvFreeContext);
  std::string name = "tfmc";
  const std::unique_ptr<Agraph_t, int (*)(Agraph_t*)> graph(
      agopen(name.data(), Agdirected, nullptr), agclose);
  Agraph_t* g = graph.get();
  set(g, "rankdir", "TB");
  set(g, "nodesep", "0.2");
  set(g, "ranksep", "0.3");
  set(g, "fontname", "Helvetica");
  set(g, "fontsize", "11");
  std::string node_attr = "fontname", helvetica = "Helvetica";
  agattr(g, AGNODE, node_attr.data(), helvetica.data());
  const std::vector<std::pair<std::string, std::string>> node_defaults = {
      {"shape", "box"}, {"fontsize", "10"}, {"height", "0.3"}, {"margin", "0.08,0.03"}};
  for (auto [key, value] : node_defaults) agattr(g, AGNODE, key.data(), value.data());
  std::string arrowsize = "arrowsize", small = "0.6";
  agattr(g, AGEDGE, arrowsize.data(), small.data());

  std::map<std::string, Texts> texts;
  // A cluster's group holds its title and its label's one line.
  std::vector<std::vector<std::string>> cluster_lines;
  cluster_lines.reserve(drawing.clusters.size());
  std::vector<Agraph_t*> clusters;
  for (std::size_t k = 0; k < drawing.clusters.size(); ++k) {
    const DrawnCluster& c = drawing.clusters[k];
    std::string sub = fmt::format("cluster_{}", k);
    Agraph_t* parent = c.parent == kNoCluster ? g : clusters.at(c.parent);
    clusters.push_back(agsubg(parent, sub.data(), 1));
    set(clusters.back(), "id", c.id);
    set(clusters.back(), "label", graphviz_label({c.label}));
    set(clusters.back(), "labeljust", "l");
    cluster_lines.push_back({c.label});
    texts[c.id] = {&c.label, &cluster_lines.back()};
  }
  std::vector<Agnode_t*> nodes;
  nodes.reserve(drawing.nodes.size());
  for (std::size_t i = 0; i < drawing.nodes.size(); ++i) {
    const DrawnNode& n = drawing.nodes[i];
    std::string node_name = fmt::format("v{}", i);
    Agraph_t* home = n.cluster == kNoCluster ? g : clusters.at(n.cluster);
    nodes.push_back(agnode(home, node_name.data(), 1));
    set(nodes.back(), "id", n.id);
    set(nodes.back(), "label", graphviz_label(n.lines));
    if (!n.classes.empty()) set(nodes.back(), "class", n.classes);
    for (const auto& [key, value] : n.attributes) set(nodes.back(), key, value);
    texts[n.id] = {&n.title, &n.lines};
  }
  for (const DrawnEdge& e : drawing.edges) {
    Agedge_t* edge = agedge(g, nodes.at(e.from), nodes.at(e.to), nullptr, 1);
    if (!e.classes.empty()) set(edge, "class", e.classes);
    for (const auto& [key, value] : e.attributes) set(edge, key, value);
  }
  std::string dot = "dot", svg_format = "svg";
  TFMC_CHECK(gvLayout(gvc.get(), g, dot.data()) == 0, "Graphviz could not lay out the graph");
  char* data = nullptr;
  unsigned int length = 0;
  TFMC_CHECK(gvRenderData(gvc.get(), g, svg_format.data(), &data, &length) == 0,
             "Graphviz could not render the graph");
  const std::string svg(data, length);
  gvFreeRenderData(data);
  gvFreeLayout(gvc.get(), g);
  return with_texts(svg, texts);
}

}  // namespace tfmc::app
