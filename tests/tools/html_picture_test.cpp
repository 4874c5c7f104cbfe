// The picture of the graph in the HTML report (tools/app/graph_picture.h, FORMAT.md, "The HTML
// report"): an SVG element drawn by Graphviz, a node per graph node with its name and
// operation, the racing nodes marked and joined and linked from the races table, names that
// hold HTML's special characters and Graphviz's escapes read as themselves, and a graph of
// many nodes drawn with its scopes collapsed and the page saying so.
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <regex>
#include <string>

#include "support/files.h"
#include "support/tfmc_run.h"
#include "tools/html_checks.h"

namespace {

using tfmc::test::check_well_formed;
using tfmc::test::element_with_id;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;

// The id of the picture's node or cluster whose title is `title`.
std::string element_titled(const std::string& html, const std::string& title) {
  std::smatch m;
  const std::regex group("<g id=\"([a-z0-9]+)\" class=\"(?:node|cluster)[a-z ]*\">\n<title>" +
                         title + "</title>");
  REQUIRE(std::regex_search(html, m, group));
  return m[1];
}

// A chain of Identity nodes in 30 scopes of 15 (`s7/i3`), after a Const `c`: 451 nodes.
std::string chain_graph() {
  const std::string dtype = "attr { key: \"T\" value { type: DT_INT32 } }";
  std::string text =
      "node { name: \"c\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } } attr { "
      "key: \"value\" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 7 } } } }\n";
  std::string previous = "c";
  for (int s = 0; s < 30; ++s) {
    for (int i = 0; i < 15; ++i) {
      const std::string name = fmt::format("s{}/i{}", s, i);
      text += fmt::format("node {{ name: \"{}\" op: \"Identity\" input: \"{}\" {} }}\n", name,
                          previous, dtype);
      previous = name;
    }
  }
  return text;
}

}  // namespace

TEST_CASE("the HTML report draws the graph and marks its racing nodes", "[tools][html][picture]") {
  const std::string file = source_path("specs/paper/figure1.tfg");
  const auto r = tfmc_run({"check", file, "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 1);
  check_well_formed(r.out);
  const std::string picture = element_with_id(r.out, "graph0");
  CHECK(r.out.find("<h2>Graph</h2>\n<div class=\"picture\">\n<svg ") != std::string::npos);
  // A node per graph node, named and with its operation: the two racing AssignAdds marked,
  // the variable handles cylinders (drawn with paths), the others not marked.
  for (const char* name : {"w", "s", "d", "e", "a1", "a2", "r", "&amp;x@w", "&amp;x@r"}) {
    INFO(name);
    const std::string node = element_with_id(picture, element_titled(picture, name));
    const bool racing = std::string(name) == "a1" || std::string(name) == "a2";
    CHECK((node.find("class=\"node race\"") != std::string::npos) == racing);
  }
  const std::string a1 = element_with_id(picture, element_titled(picture, "a1"));
  CHECK(a1.find(">a1</text>") != std::string::npos);
  CHECK(a1.find(">AssignAdd</text>") != std::string::npos);
  CHECK(element_with_id(picture, element_titled(picture, "&amp;x@w")).find("<path") !=
        std::string::npos);
  // The race's edge joins them, and the races table links to it and to both nodes.
  const std::string edge = element_with_id(picture, "race1");
  CHECK(edge.rfind("<g id=\"race1\" class=\"edge race\">", 0) == 0);
  CHECK(r.out.find("<td><a href=\"#" + element_titled(picture, "a1") +
                   "\"><code>a1</code></a> (") != std::string::npos);
  CHECK(r.out.find("<td><a href=\"#race1\">update-update</a></td></tr>") != std::string::npos);

  // tfmc races draws the same picture.
  const auto races = tfmc_run({"races", file, "--format", "html"});
  check_well_formed(races.out);
  CHECK(element_with_id(races.out, "graph0") == picture);
}

TEST_CASE("the picture writes names as themselves", "[tools][html][picture]") {
  // Names with HTML's special characters, one that looks like a character reference and one
  // with a Graphviz escape (`\N`, its node name).
  const std::string graph = tfmc::test::write_test_file(
      "picture_names.pbtxt",
      "node { name: \"v<&\\\"'\" op: \"VariableV2\" attr { key: \"dtype\" value { type: DT_INT32 "
      "} } attr { key: \"shape\" value { shape {} } } }\n"
      "node { name: \"one\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } } attr "
      "{ key: \"value\" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 1 } } } }\n"
      "node { name: \"a<b\" op: \"Assign\" input: \"v<&\\\"'\" input: \"one\" attr { key: \"T\" "
      "value { type: DT_INT32 } } }\n"
      "node { name: \"x&amp;\\\\N\" op: \"Identity\" input: \"v<&\\\"'\" attr { key: \"T\" value "
      "{ type: DT_INT32 } } }\n");
  const auto r = tfmc_run({"check", graph, "--fetch", "x&amp;\\N", "--target", "a<b", "--format",
                           "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 0);
  check_well_formed(r.out);
  const std::string picture = element_with_id(r.out, "graph0");
  const std::string x = element_with_id(picture, element_titled(picture, "x&amp;amp;\\\\N"));
  CHECK(x.find(">x&amp;amp;\\N</text>") != std::string::npos);
  const std::string a = element_with_id(picture, element_titled(picture, "a&lt;b"));
  CHECK(a.find(">a&lt;b</text>") != std::string::npos);
  CHECK(picture.find("v&lt;&amp;&quot;&#39;") != std::string::npos);
  CHECK(r.out.find("a<b") == std::string::npos);
  CHECK(r.out.find("x&amp;\\N") == std::string::npos);
}

TEST_CASE("a graph of many nodes is drawn with its scopes collapsed", "[tools][html][picture]") {
  const std::string graph = tfmc::test::write_test_file("chain.pbtxt", chain_graph());
  const auto r = tfmc_run(
      {"check", graph, "--fetch", "s29/i14", "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 0);
  check_well_formed(r.out);
  // 451 nodes, 250 at most drawn: scopes of 15 collapse, in name order, until 241 items are
  // left; the page lists them in the order of their nodes.
  std::string scopes;
  for (const int s : {0, 1, 2, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21}) {
    scopes += fmt::format("{}<code>s{}</code> (15)", scopes.empty() ? "" : ", ", s);
  }
  CHECK(r.out.find("<p class=\"collapsed\">The graph has 451 nodes, more than 250: the picture "
                   "draws each of these 15 scopes as one node, 225 nodes in all: " +
                   scopes + ".</p>\n") != std::string::npos);
  const std::string picture = element_with_id(r.out, "graph0");
  const std::string s7 = element_with_id(picture, element_titled(picture, "s17"));
  CHECK(s7.find("class=\"node scope\"") != std::string::npos);
  CHECK(s7.find(">15 nodes</text>") != std::string::npos);
  // The scopes not collapsed are clusters of their 15 nodes, each labelled with its name in
  // the scope.
  const std::string s3 = element_with_id(picture, element_titled(picture, "s3"));
  CHECK(s3.rfind("<g id=\"cluster", 0) == 0);
  CHECK(element_with_id(picture, element_titled(picture, "s3/i4")).find(">i4</text>") !=
        std::string::npos);
  // 241 nodes and the chain's 240 edges between them.
  const auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = picture.find(what); at != std::string::npos;
         at = picture.find(what, at + 1))
      ++n;
    return n;
  };
  CHECK(count("class=\"node") == 241);
  CHECK(count("class=\"edge") == 240);
  CHECK(count("class=\"cluster") == 15);
  // The steps of the witness show the scope's node when one of its nodes fires.
  CHECK(element_with_id(r.out, "outcome-1-step-17")
            .find("data-node=\"" + element_titled(picture, "s1") + "\"") != std::string::npos);
}
