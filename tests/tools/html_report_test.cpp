// The HTML report (tools/app/html_report.h, FORMAT.md, "The HTML report"): the exact page of
// a small program, escaping of names that hold HTML's special characters, a compare's page,
// and every page well formed: its tags balanced, its ids unique and every link to a place in
// the page landing on one.
#include <catch2/catch.hpp>
#include <regex>
#include <string>
#include <vector>

#include "support/files.h"
#include "support/tfmc_run.h"
#include "tools/html_checks.h"

namespace {

using tfmc::test::check_well_formed;
using tfmc::test::source_path;
using tfmc::test::tfmc_run;

// The page with `file` as FILE and the exploration's seconds as S.
std::string normalized(std::string html, const std::string& file) {
  for (std::size_t at; (at = html.find(file)) != std::string::npos;)
    html.replace(at, file.size(), "FILE");
  return std::regex_replace(html, std::regex("<th>seconds</th><td>[0-9.]+</td>"),
                            "<th>seconds</th><td>S</td>");
}

// The page of figure 1, its picture as the Graphviz of Debian 12 (2.42) lays it out with its
// own font metrics (tools/app/graphviz_svg.h): another Graphviz may place the nodes elsewhere.
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
.picture{position:sticky;top:0;z-index:1;background:#fff;border:1px solid #ccc;max-height:55vh;overflow:auto}
g.race>polygon,g.race>ellipse,g.race>path{stroke:#d62728;stroke-width:3}
g.fired>polygon,g.fired>ellipse,g.fired>path{fill:#ffd54f}
g:target>polygon,g:target>ellipse,g:target>path{stroke-width:5}
ol.steps li{cursor:pointer;scroll-margin-top:60vh}
ol.steps li.current{background:#ffef9e}
ol.steps li.gap{list-style:none;font-style:italic}
dl.changes{margin:0}
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
<tr class="observable"><td>observable</td><td><a href="#n4"><code>a1</code></a> (FILE:13)</td><td><a href="#n5"><code>a2</code></a> (FILE:14)</td><td><code>x</code></td><td><a href="#race1">update-update</a></td></tr>
</table>
<h2>Graph</h2>
<div class="picture">
<svg width="334pt" height="218pt"
 viewBox="0.00 0.00 334.00 217.50" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
<g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 213.5)">
<title>tfmc</title>
<polygon fill="white" stroke="transparent" points="-4,4 -4,-213.5 330,-213.5 330,4 -4,4"/>
<g id="n0" class="node">
<title>w</title>
<polygon fill="none" stroke="black" points="190,-143.75 136,-143.75 136,-115.75 190,-115.75 190,-143.75"/>
<text text-anchor="middle" x="163" y="-132.75" font-family="Helvetica,sans-Serif" font-size="10.00">w</text>
<text text-anchor="middle" x="163" y="-120.75" font-family="Helvetica,sans-Serif" font-size="10.00">Write</text>
</g>
<g id="n4" class="node race">
<title>a1</title>
<polygon fill="none" stroke="black" points="244.79,-83.25 185.21,-83.25 185.21,-55.25 244.79,-55.25 244.79,-83.25"/>
<text text-anchor="middle" x="215" y="-72.25" font-family="Helvetica,sans-Serif" font-size="10.00">a1</text>
<text text-anchor="middle" x="215" y="-60.25" font-family="Helvetica,sans-Serif" font-size="10.00">AssignAdd</text>
</g>
<g id="edge9" class="edge">
<title>v0&#45;&gt;v4</title>
<path fill="none" stroke="black" stroke-dasharray="1,5" d="M174.8,-115.48C181.98,-107.4 191.24,-96.97 199.07,-88.17"/>
<polygon fill="black" stroke="black" points="200.83,-89.35 203.25,-83.47 197.69,-86.56 200.83,-89.35"/>
</g>
<g id="n5" class="node race">
<title>a2</title>
<polygon fill="none" stroke="black" points="155.79,-83.25 96.21,-83.25 96.21,-55.25 155.79,-55.25 155.79,-83.25"/>
<text text-anchor="middle" x="126" y="-72.25" font-family="Helvetica,sans-Serif" font-size="10.00">a2</text>
<text text-anchor="middle" x="126" y="-60.25" font-family="Helvetica,sans-Serif" font-size="10.00">AssignAdd</text>
</g>
<g id="edge10" class="edge">
<title>v0&#45;&gt;v5</title>
<path fill="none" stroke="black" stroke-dasharray="1,5" d="M154.6,-115.48C149.59,-107.55 143.15,-97.36 137.65,-88.66"/>
<polygon fill="black" stroke="black" points="139.34,-87.42 134.36,-83.47 135.8,-89.67 139.34,-87.42"/>
</g>
<g id="n1" class="node">
<title>s</title>
<polygon fill="none" stroke="black" points="258,-204.25 204,-204.25 204,-176.25 258,-176.25 258,-204.25"/>
<text text-anchor="middle" x="231" y="-193.25" font-family="Helvetica,sans-Serif" font-size="10.00">s</text>
<text text-anchor="middle" x="231" y="-181.25" font-family="Helvetica,sans-Serif" font-size="10.00">Split</text>
</g>
<g id="n2" class="node">
<title>d</title>
<polygon fill="none" stroke="black" points="258,-143.75 204,-143.75 204,-115.75 258,-115.75 258,-143.75"/>
<text text-anchor="middle" x="231" y="-132.75" font-family="Helvetica,sans-Serif" font-size="10.00">d</text>
<text text-anchor="middle" x="231" y="-120.75" font-family="Helvetica,sans-Serif" font-size="10.00">Project</text>
</g>
<g id="edge1" class="edge">
<title>v1&#45;&gt;v2</title>
<path fill="none" stroke="black" d="M231,-175.98C231,-168.35 231,-158.63 231,-150.15"/>
<polygon fill="black" stroke="black" points="233.1,-149.97 231,-143.97 228.9,-149.97 233.1,-149.97"/>
</g>
<g id="n3" class="node">
<title>e</title>
<polygon fill="none" stroke="black" points="54,-143.75 0,-143.75 0,-115.75 54,-115.75 54,-143.75"/>
<text text-anchor="middle" x="27" y="-132.75" font-family="Helvetica,sans-Serif" font-size="10.00">e</text>
<text text-anchor="middle" x="27" y="-120.75" font-family="Helvetica,sans-Serif" font-size="10.00">Project</text>
</g>
<g id="edge2" class="edge">
<title>v1&#45;&gt;v3</title>
<path fill="none" stroke="black" d="M209.17,-176.17C205.22,-174.2 201.06,-172.38 197,-171 139,-151.36 119,-168.64 61,-149 58.84,-148.27 56.66,-147.41 54.49,-146.47"/>
<polygon fill="black" stroke="black" points="55.16,-144.47 48.83,-143.83 53.38,-148.27 55.16,-144.47"/>
</g>
<g id="edge3" class="edge">
<title>v2&#45;&gt;v4</title>
<path fill="none" stroke="black" d="M227.37,-115.48C225.28,-107.85 222.62,-98.13 220.31,-89.65"/>
<polygon fill="black" stroke="black" points="222.22,-88.71 218.62,-83.47 218.17,-89.81 222.22,-88.71"/>
</g>
<g id="edge4" class="edge">
<title>v3&#45;&gt;v5</title>
<path fill="none" stroke="black" d="M49.46,-115.48C64,-106.89 83.01,-95.65 98.45,-86.53"/>
<polygon fill="black" stroke="black" points="99.87,-88.13 103.97,-83.27 97.73,-84.51 99.87,-88.13"/>
</g>
<g id="race1" class="edge race">
<title>v4&#45;&gt;v5</title>
<path fill="none" stroke="#d62728" stroke-width="2" d="M184.99,-69.25C175.29,-69.25 165.59,-69.25 155.9,-69.25"/>
</g>
<g id="n6" class="node">
<title>r</title>
<polygon fill="none" stroke="black" points="242,-28 188,-28 188,0 242,0 242,-28"/>
<text text-anchor="middle" x="215" y="-17" font-family="Helvetica,sans-Serif" font-size="10.00">r</text>
<text text-anchor="middle" x="215" y="-5" font-family="Helvetica,sans-Serif" font-size="10.00">Read</text>
</g>
<g id="edge11" class="edge">
<title>v4&#45;&gt;v6</title>
<path fill="none" stroke="black" stroke-dasharray="1,5" d="M215,-55.09C215,-48.77 215,-41.08 215,-34.12"/>
<polygon fill="black" stroke="black" points="217.1,-34.01 215,-28.01 212.9,-34.01 217.1,-34.01"/>
</g>
<g id="edge12" class="edge">
<title>v5&#45;&gt;v6</title>
<path fill="none" stroke="black" stroke-dasharray="1,5" d="M148,-55.09C160.07,-47.86 175.14,-38.85 187.93,-31.2"/>
<polygon fill="black" stroke="black" points="189.18,-32.89 193.25,-28.01 187.03,-29.29 189.18,-32.89"/>
</g>
<g id="n7" class="node">
<title>&amp;x@w</title>
<path fill="#d6e6f5" stroke="#7f7f7f" d="M190,-205.8C190,-207.7 177.9,-209.25 163,-209.25 148.1,-209.25 136,-207.7 136,-205.8 136,-205.8 136,-174.7 136,-174.7 136,-172.8 148.1,-171.25 163,-171.25 177.9,-171.25 190,-172.8 190,-174.7 190,-174.7 190,-205.8 190,-205.8"/>
<path fill="none" stroke="#7f7f7f" d="M190,-205.8C190,-203.89 177.9,-202.34 163,-202.34 148.1,-202.34 136,-203.89 136,-205.8"/>
<text text-anchor="middle" x="163" y="-193.25" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">&amp;x@w</text>
<text text-anchor="middle" x="163" y="-181.25" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">Var</text>
</g>
<g id="edge5" class="edge">
<title>v7&#45;&gt;v0</title>
<path fill="none" stroke="black" stroke-dasharray="5,2" d="M163,-171.06C163,-164.52 163,-157.11 163,-150.45"/>
<polygon fill="black" stroke="black" points="165.1,-150.1 163,-144.1 160.9,-150.1 165.1,-150.1"/>
</g>
<g id="n8" class="node">
<title>&amp;x@a1</title>
<path fill="#d6e6f5" stroke="#7f7f7f" d="M326,-145.3C326,-147.2 313.9,-148.75 299,-148.75 284.1,-148.75 272,-147.2 272,-145.3 272,-145.3 272,-114.2 272,-114.2 272,-112.3 284.1,-110.75 299,-110.75 313.9,-110.75 326,-112.3 326,-114.2 326,-114.2 326,-145.3 326,-145.3"/>
<path fill="none" stroke="#7f7f7f" d="M326,-145.3C326,-143.39 313.9,-141.84 299,-141.84 284.1,-141.84 272,-143.39 272,-145.3"/>
<text text-anchor="middle" x="299" y="-132.75" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">&amp;x@a1</text>
<text text-anchor="middle" x="299" y="-120.75" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">Var</text>
</g>
<g id="edge6" class="edge">
<title>v8&#45;&gt;v4</title>
<path fill="none" stroke="black" stroke-dasharray="5,2" d="M274.7,-111.83C263.44,-103.99 250.1,-94.7 238.89,-86.89"/>
<polygon fill="black" stroke="black" points="240.03,-85.12 233.91,-83.42 237.63,-88.57 240.03,-85.12"/>
</g>
<g id="n9" class="node">
<title>&amp;x@a2</title>
<path fill="#d6e6f5" stroke="#7f7f7f" d="M122,-145.3C122,-147.2 109.9,-148.75 95,-148.75 80.1,-148.75 68,-147.2 68,-145.3 68,-145.3 68,-114.2 68,-114.2 68,-112.3 80.1,-110.75 95,-110.75 109.9,-110.75 122,-112.3 122,-114.2 122,-114.2 122,-145.3 122,-145.3"/>
<path fill="none" stroke="#7f7f7f" d="M122,-145.3C122,-143.39 109.9,-141.84 95,-141.84 80.1,-141.84 68,-143.39 68,-145.3"/>
<text text-anchor="middle" x="95" y="-132.75" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">&amp;x@a2</text>
<text text-anchor="middle" x="95" y="-120.75" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">Var</text>
</g>
<g id="edge7" class="edge">
<title>v9&#45;&gt;v5</title>
<path fill="none" stroke="black" stroke-dasharray="5,2" d="M104.64,-110.56C108.25,-103.75 112.36,-96 116,-89.12"/>
<polygon fill="black" stroke="black" points="117.97,-89.88 118.93,-83.6 114.26,-87.91 117.97,-89.88"/>
</g>
<g id="n10" class="node">
<title>&amp;x@r</title>
<path fill="#d6e6f5" stroke="#7f7f7f" d="M313,-84.8C313,-86.7 300.9,-88.25 286,-88.25 271.1,-88.25 259,-86.7 259,-84.8 259,-84.8 259,-53.7 259,-53.7 259,-51.8 271.1,-50.25 286,-50.25 300.9,-50.25 313,-51.8 313,-53.7 313,-53.7 313,-84.8 313,-84.8"/>
<path fill="none" stroke="#7f7f7f" d="M313,-84.8C313,-82.89 300.9,-81.34 286,-81.34 271.1,-81.34 259,-82.89 259,-84.8"/>
<text text-anchor="middle" x="286" y="-72.25" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">&amp;x@r</text>
<text text-anchor="middle" x="286" y="-60.25" font-family="Helvetica,sans-Serif" font-size="10.00" fill="#4d4d4d">Var</text>
</g>
<g id="edge8" class="edge">
<title>v10&#45;&gt;v6</title>
<path fill="none" stroke="black" stroke-dasharray="5,2" d="M263.14,-51.11C254.95,-44.96 245.73,-38.05 237.56,-31.92"/>
<polygon fill="black" stroke="black" points="238.69,-30.14 232.63,-28.22 236.17,-33.5 238.69,-30.14"/>
</g>
</g>
</svg>
</div>
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
<div class="stepper" id="outcome-1-steps" data-firings="11" data-at="0">
<p class="controls"><button type="button" class="back">back</button> <button type="button" class="forward">forward</button> <span class="at">step 0 of 11: initial state</span></p>
<table class="now">
<tr><th>variable <code>x</code></th><td class="value" data-var="0">A</td></tr>
</table>
<ol class="steps">
<li id="outcome-1-step-0" value="0" class="current"><span class="what">initial state</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">A</dd></dl></li>
<li id="outcome-1-step-1" value="1" data-node="n1"><span class="what"><code>s</code> fired</span></li>
<li id="outcome-1-step-2" value="2" data-node="n2"><span class="what"><code>d</code> fired</span></li>
<li id="outcome-1-step-3" value="3" data-node="n3"><span class="what"><code>e</code> fired</span></li>
<li id="outcome-1-step-4" value="4" data-node="n7"><span class="what"><code>&amp;x@w</code> fired</span></li>
<li id="outcome-1-step-5" value="5" data-node="n0"><span class="what"><code>w</code> fired</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">B</dd></dl></li>
<li id="outcome-1-step-6" value="6" data-node="n8"><span class="what"><code>&amp;x@a1</code> fired</span></li>
<li id="outcome-1-step-7" value="7" data-node="n9"><span class="what"><code>&amp;x@a2</code> fired</span></li>
<li id="outcome-1-step-8" value="8" data-node="n10"><span class="what"><code>&amp;x@r</code> fired</span></li>
<li id="outcome-1-step-9" value="9" data-node="n4"><span class="what"><code>a1</code> fired</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">Add(B, Project(Split.0(C)))</dd></dl></li>
<li id="outcome-1-step-10" value="10" data-node="n5"><span class="what"><code>a2</code> fired</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">Add(Add(B, Project(Split.0(C))), Project(Split.1(C)))</dd></dl></li>
<li id="outcome-1-step-11" value="11" data-node="n6"><span class="what"><code>r</code> fired</span></li>
</ol>
</div>
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
<div class="stepper" id="outcome-2-steps" data-firings="11" data-at="0">
<p class="controls"><button type="button" class="back">back</button> <button type="button" class="forward">forward</button> <span class="at">step 0 of 11: initial state</span></p>
<table class="now">
<tr><th>variable <code>x</code></th><td class="value" data-var="0">A</td></tr>
</table>
<ol class="steps">
<li id="outcome-2-step-0" value="0" class="current"><span class="what">initial state</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">A</dd></dl></li>
<li id="outcome-2-step-1" value="1" data-node="n1"><span class="what"><code>s</code> fired</span></li>
<li id="outcome-2-step-2" value="2" data-node="n2"><span class="what"><code>d</code> fired</span></li>
<li id="outcome-2-step-3" value="3" data-node="n3"><span class="what"><code>e</code> fired</span></li>
<li id="outcome-2-step-4" value="4" data-node="n7"><span class="what"><code>&amp;x@w</code> fired</span></li>
<li id="outcome-2-step-5" value="5" data-node="n0"><span class="what"><code>w</code> fired</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">B</dd></dl></li>
<li id="outcome-2-step-6" value="6" data-node="n8"><span class="what"><code>&amp;x@a1</code> fired</span></li>
<li id="outcome-2-step-7" value="7" data-node="n9"><span class="what"><code>&amp;x@a2</code> fired</span></li>
<li id="outcome-2-step-8" value="8" data-node="n10"><span class="what"><code>&amp;x@r</code> fired</span></li>
<li id="outcome-2-step-9" value="9" data-node="n5"><span class="what"><code>a2</code> fired</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">Add(B, Project(Split.1(C)))</dd></dl></li>
<li id="outcome-2-step-10" value="10" data-node="n4"><span class="what"><code>a1</code> fired</span><dl class="changes"><dt>variable <code>x</code></dt><dd class="value" data-var="0">Add(Add(B, Project(Split.1(C))), Project(Split.0(C)))</dd></dl></li>
<li id="outcome-2-step-11" value="11" data-node="n6"><span class="what"><code>r</code> fired</span></li>
</ol>
</div>
</section>
<script>
(function () {
  function steps(stepper) { return stepper.querySelectorAll("ol.steps > li[id]"); }
  function show(stepper, at) {
    var list = steps(stepper);
    at = Math.max(0, Math.min(at, list.length - 1));
    stepper.dataset.at = at;
    document.querySelectorAll("svg .fired").forEach(function (e) { e.classList.remove("fired"); });
    var cells = stepper.querySelectorAll("table.now td[data-var]");
    list.forEach(function (step, i) {
      step.classList.toggle("current", i === at);
      if (i > at) return;
      step.querySelectorAll("dd[data-var]").forEach(function (d) {
        cells.forEach(function (c) { if (c.dataset.var === d.dataset.var) c.innerHTML = d.innerHTML; });
      });
    });
    var node = list[at].dataset.node;
    var drawn = node ? document.getElementById(node) : null;
    if (drawn) drawn.classList.add("fired");
    stepper.querySelector(".at").textContent = "step " + list[at].value + " of " +
        stepper.dataset.firings + ": " + list[at].querySelector(".what").textContent;
  }
  function fromFragment() {
    if (!/^#outcome-[0-9]+-step-[0-9]+$/.test(location.hash)) return;
    var step = document.getElementById(location.hash.slice(1));
    if (!step) return;
    var stepper = step.closest(".stepper");
    show(stepper, Array.prototype.indexOf.call(steps(stepper), step));
  }
  document.querySelectorAll(".stepper").forEach(function (s) {
    s.querySelector("button.back").addEventListener("click", function () { show(s, +s.dataset.at - 1); });
    s.querySelector("button.forward").addEventListener("click", function () { show(s, +s.dataset.at + 1); });
    steps(s).forEach(function (step, i) { step.addEventListener("click", function () { show(s, i); }); });
  });
  window.addEventListener("hashchange", fromFragment);
  fromFragment();
})();
</script>
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
  CHECK(f.out.find("<td><a href=\"#n4\"><code>a1</code></a> (") != std::string::npos);
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
                   "<a href=\"#n4\"><code>a1</code></a> (") != std::string::npos);
  const auto l = tfmc_run({"check", file, "--likelihood", "--format", "html"});
  CHECK(l.code == 2);
  CHECK(l.err == "tfmc: --likelihood has no HTML form; use --format text or json\n");
}
