// The HTML report (tools/app/html_report.h, FORMAT.md, "The HTML report"): the exact page of
// a small program, escaping of names that hold HTML's special characters, a compare's page,
// and every page well formed: its tags balanced, its ids unique and every link to a place in
// the page landing on one.
#include <catch2/catch.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/tfmc_run.h"

namespace {

using tfmc::test::source_path;
using tfmc::test::tfmc_run;

// Elements without an end tag that the report writes.
const std::set<std::string> kVoid = {"meta"};

// Whether `html` is well formed as the report writes pages: after the doctype every start tag
// is closed by its end tag in order (void elements excepted), attribute values are quoted
// and hold no `<`, ids are unique, and every `href="#x"` names an id. Fails with the reason.
void check_well_formed(const std::string& html) {
  REQUIRE(html.rfind("<!DOCTYPE html>\n", 0) == 0);
  std::vector<std::string> open;
  std::set<std::string> ids;
  std::vector<std::string> links;
  const std::regex attribute(R"re(([a-z]+)(="([^"<]*)")?)re");
  for (std::size_t at = html.find('<', 1); at != std::string::npos; at = html.find('<', at + 1)) {
    const std::size_t end = html.find('>', at);
    REQUIRE(end != std::string::npos);
    const std::string tag = html.substr(at + 1, end - at - 1);
    INFO("tag <" << tag << ">");
    if (tag[0] == '/') {
      REQUIRE(!open.empty());
      CHECK(open.back() == tag.substr(1));
      open.pop_back();
      continue;
    }
    const std::size_t name_end = tag.find(' ');
    const std::string name = tag.substr(0, name_end);
    REQUIRE(std::regex_match(name, std::regex("[a-z][a-z0-9]*")));
    if (name_end != std::string::npos) {
      const std::string attributes = tag.substr(name_end + 1);
      for (std::sregex_iterator it(attributes.begin(), attributes.end(), attribute), last;
           it != last; ++it) {
        const std::string value = (*it)[3];
        if ((*it)[1] == "id") CHECK(ids.insert(value).second);
        if ((*it)[1] == "href" && value[0] == '#') links.push_back(value.substr(1));
      }
      CHECK(std::regex_match(attributes, std::regex(R"re(([a-z]+(="[^"<]*")? ?)+)re")));
    }
    if (!kVoid.count(name)) open.push_back(name);
  }
  CHECK(open.empty());
  for (const std::string& link : links) {
    INFO("link #" << link);
    CHECK(ids.count(link) == 1);
  }
}

// The page with `file` as FILE and the exploration's seconds as S.
std::string normalized(std::string html, const std::string& file) {
  for (std::size_t at; (at = html.find(file)) != std::string::npos;)
    html.replace(at, file.size(), "FILE");
  return std::regex_replace(html, std::regex("<th>seconds</th><td>[0-9.]+</td>"),
                            "<th>seconds</th><td>S</td>");
}

const char* const kFigure1Page = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tfmc check FILE</title>
<style>
body{font-family:sans-serif;margin:1.5em;line-height:1.4}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}
th{background:#eee}
code,.value{font-family:monospace;overflow-wrap:anywhere}
tr.observable td:first-child{background:#f8d0d0}
tr.benign td:first-child{background:#d4f0d4}
tr.unknown td:first-child{background:#f4ecc0}
dd{margin:0 0 .3em 2em}
:target{background:#ffef9e}
section{border-top:1px solid #ccc;margin-top:1em}
</style>
</head>
<body>
<h1>tfmc check FILE</h1>
<p class="verdict">verdict: <strong>nondeterministic: 2 outcomes</strong></p>
<h2>Exploration</h2>
<table class="stats">
<tr><th>states</th><td>3</td></tr>
<tr><th>transitions</th><td>2</td></tr>
<tr><th>final states</th><td>2</td></tr>
<tr><th>stuck final states</th><td>0</td></tr>
<tr><th>seconds</th><td>S</td></tr>
<tr><th>threads</th><td>1</td></tr>
<tr><th>reduction</th><td>stubborn</td></tr>
<tr><th>transitions fired eagerly</th><td>12</td></tr>
<tr><th>store</th><td>compressed</td></tr>
</table>
<h2>Races</h2>
<table class="races">
<tr><th>verdict</th><th>first</th><th>second</th><th>variable</th><th>kind</th></tr>
<tr class="observable"><td>observable</td><td><code>a1</code> (FILE:13)</td><td><code>a2</code> (FILE:14)</td><td><code>x</code></td><td>update-update</td></tr>
</table>
<h2>Outcomes (2)</h2>
<table class="outcomes">
<tr><th>outcome</th><th>output <code>r</code></th><th>variable <code>x</code></th></tr>
<tr><td><a href="#o1">1</a></td><td class="value">Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))</td><td class="value">Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))</td></tr>
<tr><td><a href="#o2">2</a></td><td class="value">Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))</td><td class="value">Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))</td></tr>
</table>
<section id="o1">
<h3>outcome 1 of 2</h3>
<dl class="values">
<dt>output <code>r</code></dt><dd class="value">Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))</dd>
<dt>variable <code>x</code></dt><dd class="value">Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))</dd>
</dl>
<details open><summary>witness: 11 firings</summary>
<ol class="witness">
<li><code>s</code></li>
<li><code>d</code></li>
<li><code>e</code></li>
<li><code>&amp;x@w</code></li>
<li><code>w</code></li>
<li><code>&amp;x@a1</code></li>
<li><code>&amp;x@a2</code></li>
<li><code>&amp;x@r</code></li>
<li><code>a1</code></li>
<li><code>a2</code></li>
<li><code>r</code></li>
</ol>
</details>
</section>
<section id="o2">
<h3>outcome 2 of 2</h3>
<dl class="values">
<dt>output <code>r</code></dt><dd class="value">Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))</dd>
<dt>variable <code>x</code></dt><dd class="value">Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))</dd>
</dl>
<details open><summary>witness: 11 firings</summary>
<ol class="witness">
<li><code>s</code></li>
<li><code>d</code></li>
<li><code>e</code></li>
<li><code>&amp;x@w</code></li>
<li><code>w</code></li>
<li><code>&amp;x@a1</code></li>
<li><code>&amp;x@a2</code></li>
<li><code>&amp;x@r</code></li>
<li><code>a2</code></li>
<li><code>a1</code></li>
<li><code>r</code></li>
</ol>
</details>
</section>
</body>
</html>
)html";

}  // namespace

TEST_CASE("the HTML report of figure 1 of the paper", "[tools][html]") {
  const std::string file = source_path("specs/paper/figure1.tfg");
  const auto r = tfmc_run({"check", file, "--format", "html", "--quiet", "--threads", "1"});
  CHECK(r.code == 1);
  CHECK(normalized(r.out, file) == kFigure1Page);
  check_well_formed(r.out);
}

TEST_CASE("the HTML report escapes names that hold HTML's special characters", "[tools][html]") {
  // A GraphDef whose variable and nodes are named with <, &, quotes and an apostrophe, read
  // from a file whose name holds them too.
  const std::string graph = tfmc::test::write_test_file(
      "names<&\"'.pbtxt",
      "node { name: \"v<&\\\"'\" op: \"VariableV2\" attr { key: \"dtype\" value { type: DT_INT32 "
      "} } attr { key: \"shape\" value { shape {} } } }\n"
      "node { name: \"one\" op: \"Const\" attr { key: \"dtype\" value { type: DT_INT32 } } attr "
      "{ key: \"value\" value { tensor { dtype: DT_INT32 tensor_shape {} int_val: 1 } } } }\n"
      "node { name: \"a<b\" op: \"Assign\" input: \"v<&\\\"'\" input: \"one\" attr { key: \"T\" "
      "value { type: DT_INT32 } } }\n"
      "node { name: \"r&d\" op: \"Identity\" input: \"v<&\\\"'\" attr { key: \"T\" value { type: "
      "DT_INT32 } } }\n");
  const auto r = tfmc_run({"check", graph, "--fetch", "r&d", "--target", "a<b", "--format", "html",
                           "--quiet", "--threads", "1"});
  CHECK(r.code == 0);
  check_well_formed(r.out);
  CHECK(r.out.find("names&lt;&amp;&quot;&#39;.pbtxt</title>") != std::string::npos);
  CHECK(r.out.find("<tr><th>output <code>r&amp;d</code></th><td class=\"value\">i32{1}</td></tr>\n"
                   "<tr><th>variable <code>v&lt;&amp;&quot;&#39;</code></th><td "
                   "class=\"value\">i32{1}</td></tr>\n") != std::string::npos);
  CHECK(r.out.find("<li><code>a&lt;b</code></li>\n") != std::string::npos);
  CHECK(r.out.find("a<b") == std::string::npos);
  CHECK(r.out.find("r&d") == std::string::npos);

  // A race's cells name the file, here a name with the same characters.
  const std::string figure1 = tfmc::test::write_test_file(
      "race<&\"'.tfg", tfmc::test::read_file(source_path("specs/paper/figure1.tfg")));
  const auto f = tfmc_run({"check", figure1, "--format", "html", "--quiet"});
  check_well_formed(f.out);
  CHECK(f.out.find("<td><code>a1</code> (") != std::string::npos);
  CHECK(f.out.find("race&lt;&amp;&quot;&#39;.tfg:13)</td>") != std::string::npos);
  CHECK(f.out.find("race<") == std::string::npos);
}

TEST_CASE("the HTML report of a compare lists its added outcomes", "[tools][html]") {
  const std::string before = source_path("specs/paper/write_read_ordered.tfg");
  const std::string after = source_path("specs/paper/write_read_unordered.tfg");
  const auto text = tfmc_run({"compare", before, after, "--quiet"});
  const auto r = tfmc_run({"compare", before, after, "--format", "html", "--quiet"});
  CHECK(r.code == text.code);
  check_well_formed(r.out);
  CHECK(r.out.find("<h2>Added outcomes (1)</h2>\n") != std::string::npos);
  CHECK(r.out.find("<h2>Lost outcomes (0)</h2>\n<p>none</p>\n") != std::string::npos);
  CHECK(r.out.find("<section id=\"added-o1\">\n<h3>added outcome 1 of 1 (reached by AFTER only; "
                   "witness in AFTER)</h3>\n") != std::string::npos);
  CHECK(text.out.find("added outcome 1 of 1 (reached by AFTER only; witness in AFTER):\n") !=
        std::string::npos);
  CHECK(r.out.find("<tr><th></th><th>BEFORE</th><th>AFTER</th></tr>\n<tr><th>outcomes</th><td>1</"
                   "td><td>2</td></tr>\n") != std::string::npos);
}

TEST_CASE("the HTML report links every name of a long term to its definition", "[tools][html]") {
  // Thirty-two outcomes whose values are long terms (as in long_terms_test.cpp): outcome 1
  // defines %1 to %5, outcome 2 defines %6, and the summary %9 and %10.
  std::string program =
      "input x\nvar w = f32[40]{0.5}\nr = Read(&w)\nm = Mul(x, r)\ns = Add(m, r)\n"
      "c = Mul(s, m)\nd = Sub(c, s)\n";
  const char* names[] = {"a", "b", "c2", "d2", "e"};
  for (int k = 0; k < 5; ++k) {
    const std::string v = names[k];
    program += "var " + v + " = f32[40]{" + std::to_string(k + 1) + "}\nw" + v + " = Write(&" + v +
               ", d)\nq" + v + " = Read(&" + v + ")\nr" + v + " = Mul(q" + v + ", d)\noutput r" +
               v + "\n";
  }
  const std::string file = tfmc::test::write_test_file("html_terms.tfg", program);
  const auto r = tfmc_run({"check", file, "--feed", "x=X", "--format", "html", "--quiet"});
  CHECK(r.code == 1);
  check_well_formed(r.out);
  CHECK(r.out.find(
            "<dt id=\"t2\">%2</dt><dd class=\"value\">Mul(X, <a href=\"#t1\">%1</a>)</dd>\n") !=
        std::string::npos);
  CHECK(
      r.out.find("<td class=\"value\">Mul(<a href=\"#t5\">%5</a>, <a href=\"#t5\">%5</a>)</td>") !=
      std::string::npos);
  CHECK(r.out.find("<dt id=\"t10\">%10</dt>") != std::string::npos);
  // The variables hold the same values in every outcome: one table of them, and the outcome
  // table's columns are the five outputs.
  CHECK(r.out.find("<p>the same in every outcome:</p>\n<table class=\"same\">\n<tr><th>variable "
                   "<code>a</code></th><td class=\"value\">Sub(<a href=\"#t4\">%4</a>, <a "
                   "href=\"#t3\">%3</a>)</td></tr>\n") != std::string::npos);
  CHECK(r.out.find("<table class=\"outcomes\">\n<tr><th>outcome</th><th>output <code>ra</code></"
                   "th><th>output <code>rb</code></th><th>output <code>rc2</code></th><th>output "
                   "<code>rd2</code></th><th>output <code>re</code></th></tr>\n") !=
        std::string::npos);
  CHECK(r.out.find("<h3>outcomes 6 to 32 of 32 not listed (--outcomes all lists them); the values "
                   "of all 32</h3>\n") != std::string::npos);
  CHECK(r.out.find("id=\"o6\"") == std::string::npos);
}

TEST_CASE("races takes --format html, and --likelihood refuses it", "[tools][html]") {
  const std::string file = source_path("specs/paper/figure1.tfg");
  const auto r = tfmc_run({"races", file, "--format", "html"});
  CHECK(r.code == 1);
  check_well_formed(r.out);
  CHECK(r.out.find("<tr><th>first</th><th>second</th><th>variable</th><th>kind</th></tr>\n<tr><td>"
                   "<code>a1</code> (") != std::string::npos);
  const auto l = tfmc_run({"check", file, "--likelihood", "--format", "html"});
  CHECK(l.code == 2);
  CHECK(l.err == "tfmc: --likelihood has no HTML form; use --format text or json\n");
}
