#include "tools/app/html_report.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tools/app/graph_picture.h"
#include "tools/app/html_steps.h"
#include "tools/app/html_text.h"
#include "tools/app/report.h"
#include "tools/app/witness_steps.h"

namespace tfmc::app {
namespace {

const char* const kStyle =
    "body{font-family:sans-serif;margin:1.5em;line-height:1.4}\n"
    "table{border-collapse:collapse;margin:.5em 0}\n"
    "th,td{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}\n"
    "th{background:#eee}\n"
    "code,.value{font-family:monospace;overflow-wrap:anywhere}\n"
    "tr.observable td:first-child{background:#f8d0d0}\n"
    "tr.benign td:first-child{background:#d4f0d4}\n"
    "tr.unknown td:first-child{background:#f4ecc0}\n"
    "dd{margin:0 0 .3em 2em}\n"
    ":target{background:#ffef9e}\n"
    "section{border-top:1px solid #ccc;margin-top:1em}\n"
    ".picture{position:sticky;top:0;z-index:1;background:#fff;border:1px solid #ccc;"
    "max-height:55vh;overflow:auto}\n"
    "g.race>polygon,g.race>ellipse,g.race>path{stroke:#d62728;stroke-width:3}\n"
    "g.fired>polygon,g.fired>ellipse,g.fired>path{fill:#ffd54f}\n"
    "g:target>polygon,g:target>ellipse,g:target>path{stroke-width:5}\n"
    "ol.steps li{cursor:pointer;scroll-margin-top:60vh}\n"
    "ol.steps li.current{background:#ffef9e}\n"
    "ol.steps li.gap{list-style:none;font-style:italic}\n"
    "dl.changes{margin:0}\n";

void write_head(std::ostream& out, const std::string& title) {
  fmt::print(out,
             "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
             "<title>{0}</title>\n<style>\n{1}</style>\n</head>\n<body>\n<h1>{0}</h1>\n",
             escaped(title), kStyle);
}

void write_tail(std::ostream& out) { out << "</body>\n</html>\n"; }

// Each line of `lines` (text report lines, ending in newlines) as a paragraph of `css_class`.
void write_lines(std::ostream& out, const std::string& lines, const char* css_class) {
  for (std::size_t at = 0; at < lines.size();) {
    const std::size_t end = lines.find('\n', at);
    const std::size_t stop = end == std::string::npos ? lines.size() : end;
    fmt::print(out, "<p class=\"{}\">{}</p>\n", css_class, escaped(lines.substr(at, stop - at)));
    at = stop + 1;
  }
}

// A table of figures, one row each: a label and its values.
void write_figures(std::ostream& out, const std::vector<std::string>& header,
                   const std::vector<std::vector<std::string>>& rows) {
  out << "<table class=\"stats\">\n";
  if (!header.empty()) {
    out << "<tr>";
    for (const std::string& h : header) fmt::print(out, "<th>{}</th>", escaped(h));
    out << "</tr>\n";
  }
  for (const std::vector<std::string>& row : rows) {
    fmt::print(out, "<tr><th>{}</th>", escaped(row.front()));
    for (std::size_t i = 1; i < row.size(); ++i) fmt::print(out, "<td>{}</td>", escaped(row[i]));
    out << "</tr>\n";
  }
  out << "</table>\n";
}

// Where a race group's verdict puts it in the table: observable, benign, unknown.
int rank(const api::RaceGroup& g) { return !g.pair.observable ? 2 : *g.pair.observable ? 0 : 1; }

// A race's node: its name, a link to its element on the picture, and its place.
std::string node_cell(const std::string& node, const std::string& element, const std::string& file,
                      int line) {
  const std::string place = line >= 1 ? fmt::format("{}:{}", file, line) : file;
  return fmt::format("<a href=\"#{}\"><code>{}</code></a> ({})", element, escaped(node),
                     escaped(place));
}

// The races as the table lists them, a row per node pair (api::race_groups). Classified
// (check's): observable ones first, then benign, then unknown, as the text report orders them;
// else (`tfmc races`) in the analysis's order. The picture's race edges are numbered alike.
std::vector<api::RaceGroup> table_order(const std::vector<api::Race>& races, bool classified) {
  std::vector<api::RaceGroup> groups = api::race_groups(races);
  if (classified) {
    std::stable_sort(
        groups.begin(), groups.end(),
        [](const api::RaceGroup& a, const api::RaceGroup& b) { return rank(a) < rank(b); });
  }
  return groups;
}

// The races of `groups` (table_order), one row per node pair, their nodes linked to their
// elements on the picture and their kind to the edge that joins them there. Classified: with
// their verdicts, an unknown one with the reason.
void write_races(std::ostream& out, const std::vector<api::RaceGroup>& groups, bool classified,
                 const GraphPicture& picture) {
  out << "<h2>Races</h2>\n";
  if (groups.empty()) {
    out << "<p>none</p>\n";
    return;
  }
  fmt::print(out,
             "<table class=\"races\">\n<tr>{}<th>first</th><th>second</th><th>variable</th>"
             "<th>kind</th></tr>\n",
             classified ? "<th>verdict</th>" : "");
  for (std::size_t k = 0; k < groups.size(); ++k) {
    const api::Race& race = groups[k].pair;
    if (classified) {
      const char* name = rank(groups[k]) == 0   ? "observable"
                         : rank(groups[k]) == 1 ? "benign"
                                                : "unknown";
      const std::string reason =
          race.observable ? "" : fmt::format(" ({})", escaped(race.unknown_reason));
      fmt::print(out, "<tr class=\"{0}\"><td>{0}{1}</td>", name, reason);
    } else {
      out << "<tr>";
    }
    fmt::print(
        out,
        "<td>{}</td><td>{}</td><td><code>{}</code></td><td><a href=\"#race{}\">{}</a></td>"
        "</tr>\n",
        node_cell(race.first, picture.element[race.first_node], race.first_file, race.first_line),
        node_cell(race.second, picture.element[race.second_node], race.second_file,
                  race.second_line),
        escaped(race.variable), k + 1, escaped(race.kind));
  }
  out << "</table>\n";
}

// The picture of the graph, and which scopes it collapsed into single nodes.
void write_picture(std::ostream& out, const GraphPicture& picture) {
  out << "<h2>Graph</h2>\n";
  if (!picture.collapsed.empty()) {
    std::size_t nodes = 0;
    std::vector<std::string> scopes;
    for (const ScopeItem& s : picture.collapsed) {
      nodes += s.nodes;
      scopes.push_back(fmt::format("<code>{}</code> ({})", escaped(s.scope), s.nodes));
    }
    fmt::print(out,
               "<p class=\"collapsed\">The graph has {} nodes, more than {}: the picture draws "
               "each of these {} scopes as one node, {} nodes in all: {}.</p>\n",
               picture.element.size(), kDrawnNodes, scopes.size(), nodes, fmt::join(scopes, ", "));
  }
  fmt::print(out, "<div class=\"picture\">\n{}</div>\n", picture.svg);
}

// `(stuck)`, `(iteration bound reached)`, both, or nothing, as the text report marks titles.
std::string mark(const api::PrintedOutcome& o) {
  return o.stuck && !o.bounds.empty() ? " (stuck, iteration bound reached)"
         : o.stuck                    ? " (stuck)"
         : !o.bounds.empty()          ? " (iteration bound reached)"
                                      : "";
}

// Per output, then variable (as the list's first outcome names them): whether its value differs
// between two outcomes of the list.
std::vector<bool> varying(const std::vector<api::Outcome>& outcomes) {
  const api::Outcome& first = outcomes.front();
  const std::size_t n_outputs = first.outputs.size();
  std::vector<bool> out(n_outputs + first.variables.size(), false);
  for (const api::Outcome& o : outcomes) {
    for (std::size_t k = 0; k < out.size(); ++k) {
      const bool differs =
          k < n_outputs ? o.outputs[k].value != first.outputs[k].value
                        : o.variables[k - n_outputs].value != first.variables[k - n_outputs].value;
      out[k] = out[k] || differs;
    }
  }
  return out;
}

// The names of `o`'s values with `css`-classed cells, those whose `varying` entry is `which`:
// for each, "output <code>r</code>" and its value.
std::vector<std::pair<std::string, std::string>> cells(const api::PrintedOutcome& o,
                                                       const std::vector<bool>& varying, bool which,
                                                       const std::string& prefix) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t k = 0;
  for (const auto& [what, named] : {std::pair{"output", &o.outputs}, {"variable", &o.variables}}) {
    for (const auto& [name, value] : *named) {
      if (varying[k++] == which) {
        out.emplace_back(fmt::format("{} <code>{}</code>", what, escaped(name)),
                         linked(value, prefix));
      }
    }
  }
  return out;
}

// The outcomes shown as tables: first the outputs and variables whose value is the same in
// every outcome of the list, one row each; then one row per outcome with a column per output
// and variable whose value differs. The first outcome is printed before either table, so that
// names of long terms' parts are made in the order the outcome's section makes them.
void write_table(std::ostream& out, const OutcomeList& list, std::size_t shown,
                 api::OutcomePrinter& printer, const std::string& prefix) {
  const std::vector<api::Outcome>& outcomes = list.outcomes;
  const std::vector<bool> varies = varying(outcomes);
  for (std::size_t i = 0; i < shown; ++i) {
    const api::PrintedOutcome p = printer.outcome(outcomes[i], outcomes.front());
    if (i == 0) {
      const auto same = cells(p, varies, false, prefix);
      if (!same.empty()) {
        fmt::print(out, "<p>the same in every {}:</p>\n<table class=\"same\">\n",
                   escaped(list.list));
        for (const auto& [name, value] : same) {
          fmt::print(out, "<tr><th>{}</th><td class=\"value\">{}</td></tr>\n", name, value);
        }
        out << "</table>\n";
      }
      out << "<table class=\"outcomes\">\n<tr><th>outcome</th>";
      for (const auto& [name, value] : cells(p, varies, true, prefix)) {
        fmt::print(out, "<th>{}</th>", name);
      }
      out << "</tr>\n";
    }
    fmt::print(out, "<tr><td><a href=\"#{}o{}\">{}</a>{}</td>", prefix, i + 1, i + 1, mark(p));
    for (const auto& [name, value] : cells(p, varies, true, prefix)) {
      fmt::print(out, "<td class=\"value\">{}</td>", value);
    }
    out << "</tr>\n";
  }
  out << "</table>\n";
}

// The summary of a long list, as the text report's: each name's values with their counts.
void write_summary(std::ostream& out, const OutcomeList& list, std::size_t shown,
                   api::OutcomePrinter& printer, const std::string& prefix) {
  const std::size_t n = list.outcomes.size();
  fmt::print(out,
             "<h3>{}s {} to {} of {} not listed (--outcomes all lists them); the values of all "
             "{}</h3>\n",
             escaped(list.list), shown + 1, n, n, n);
  for (const NameSummary& v : summarize(list)) {
    fmt::print(out, "<h4>{} <code>{}</code>: {} value{}</h4>\n", v.what, escaped(v.name),
               v.distinct, v.distinct == 1 ? "" : "s");
    out << "<table class=\"summary\">\n<tr><th>value</th><th>outcomes</th></tr>\n";
    std::vector<sem::TermDefinition> fresh;
    for (std::size_t i = 0; i < v.values.size(); ++i) {
      fmt::print(out, "<tr><td class=\"value\">{}</td><td>{}</td></tr>\n",
                 linked(printer.value(v.values[i], fresh), prefix), v.counts[i]);
    }
    if (v.rest_outcomes > 0) {
      const std::size_t more = v.distinct - v.values.size();
      fmt::print(out, "<tr><td>{} more value{}</td><td>{}</td></tr>\n", more, more == 1 ? "" : "s",
                 v.rest_outcomes);
    }
    out << "</table>\n";
    write_definitions(out, fresh, prefix);
    if (!v.splitting) continue;
    std::vector<std::string> races;
    for (const std::string& race : *v.splitting) races.push_back(escaped(race));
    fmt::print(out, "<p>split by the order in the witnesses of: {}</p>\n",
               races.empty() ? "no race" : fmt::format("{}", fmt::join(races, "; ")));
  }
}

void write_witness(std::ostream& out, const std::vector<std::string>& witness) {
  if (witness.empty()) {
    out << "<p>witness: (no firing)</p>\n";
    return;
  }
  fmt::print(out, "<details{}><summary>witness: {} firing{}</summary>\n<ol class=\"witness\">\n",
             witness.size() <= api::kWitnessShown ? " open" : "", witness.size(),
             witness.size() == 1 ? "" : "s");
  for (const std::string& node : witness)
    fmt::print(out, "<li><code>{}</code></li>\n", escaped(node));
  out << "</ol>\n</details>\n";
}

// What a check's page needs to step through its outcomes' witnesses (html_steps.h).
struct Stepping {
  const sem::Program& program;
  sem::ValueStore& values;
  const GraphPicture& picture;
};

// One outcome shown: its values, the definitions it makes, what else the text report says of
// it, and its witness; the section is left open, for the witness's steps.
void write_outcome(std::ostream& out, const api::PrintedOutcome& o, const std::string& title,
                   const std::string& id, const std::string& prefix) {
  fmt::print(out, "<section id=\"{}\">\n<h3>{}{}</h3>\n<dl class=\"values\">\n", id, escaped(title),
             mark(o));
  for (const auto& [name, value] : o.outputs) {
    fmt::print(out, "<dt>output <code>{}</code></dt><dd class=\"value\">{}</dd>\n", escaped(name),
               linked(value, prefix));
  }
  for (const auto& [name, value] : o.variables) {
    fmt::print(out, "<dt>variable <code>{}</code></dt><dd class=\"value\">{}</dd>\n", escaped(name),
               linked(value, prefix));
  }
  out << "</dl>\n";
  write_definitions(out, o.terms, prefix);
  for (const std::string& d : o.differences) fmt::print(out, "<p>{}</p>\n", escaped(d));
  if (o.stuck) {
    std::vector<std::string> blocked;
    for (const std::string& node : o.blocked)
      blocked.push_back("<code>" + escaped(node) + "</code>");
    fmt::print(out, "<p>blocked: {}</p>\n", fmt::join(blocked, ", "));
  }
  for (const api::BoundReached& b : o.bounds) {
    fmt::print(out,
               "<p>iteration bound: <code>{}</code> would start another iteration of frame "
               "<code>{}</code></p>\n",
               escaped(b.node), escaped(b.frame));
  }
  for (std::size_t i = 0; i < o.assumptions.size(); ++i) {
    std::vector<std::string> parts;
    for (const api::PrintedAssumption& a : o.assumptions[i]) {
      parts.push_back(linked(api::assumption_text(a), prefix));
    }
    fmt::print(out, "<p>{}assumes: {}</p>\n", i == 0 ? "" : "or ", fmt::join(parts, "; "));
  }
  write_witness(out, o.witness);
}

// A list of outcomes under `heading`: the table, the summary of a long list, then each
// outcome shown. The table and the sections print the same outcomes with printers of their
// own, which name the parts of long terms alike; the summary's new names follow the table's.
// With `stepping`, each outcome shown whose witness fires a node has its steps.
void write_list(std::ostream& out, const std::string& heading, const OutcomeList& list,
                const sem::ValueStore& values, api::ValueForm form, OutcomeListing listing,
                const std::string& prefix, const Stepping* stepping) {
  fmt::print(out, "<h2>{}</h2>\n", escaped(heading));
  const std::vector<api::Outcome>& outcomes = list.outcomes;
  if (outcomes.empty()) {
    out << "<p>none</p>\n";
    return;
  }
  const std::size_t shown = outcomes_shown(outcomes.size(), listing);
  api::OutcomePrinter table_printer(values, form, list.list);
  write_table(out, list, shown, table_printer, prefix);
  if (shown < outcomes.size()) write_summary(out, list, shown, table_printer, prefix);
  api::OutcomePrinter printer(values, form, list.list);
  for (std::size_t i = 0; i < shown; ++i) {
    write_outcome(out, printer.outcome(outcomes[i], outcomes.front()), list.title(i),
                  fmt::format("{}o{}", prefix, i + 1), prefix);
    if (stepping != nullptr && !outcomes[i].witness.empty()) {
      write_steps(out, i + 1, witness_steps(stepping->program, stepping->values, outcomes[i]),
                  outcomes[i].witness.size(), stepping->program, stepping->picture.element, values,
                  form);
    }
    out << "</section>\n";
  }
}

std::vector<std::vector<std::string>> exploration_rows(const api::CheckResult& r) {
  const check::Exploration& e = r.exploration;
  return {{"states", std::to_string(e.states)},
          {"transitions", std::to_string(e.transitions)},
          {"final states", std::to_string(e.final_states)},
          {"stuck final states", std::to_string(r.stuck_states)},
          {"seconds", fmt::format("{:.3f}", e.seconds)},
          {"threads", std::to_string(e.threads)},
          {"reduction", check::reduction_name(r.reduction)},
          {"transitions fired eagerly", std::to_string(r.eager_firings)},
          {"store", check::store_mode_name(e.store)}};
}

}  // namespace

void write_check_html(std::ostream& out, const api::CheckResult& r, const sem::Program& program,
                      sem::ValueStore& values, api::ValueForm form, OutcomeListing listing) {
  write_head(out, "tfmc check " + r.program);
  fmt::print(out, "<p class=\"verdict\">verdict: <strong>{}</strong></p>\n",
             escaped(check_verdict(r)));
  write_lines(out, store_text(r.exploration) + ranks_text(r.exploration) + stop_text(r), "stopped");
  for (const std::string& w : r.warnings)
    fmt::print(out, "<p class=\"warning\">warning: {}</p>\n", escaped(w));
  out << "<h2>Exploration</h2>\n";
  write_figures(out, {}, exploration_rows(r));
  const std::vector<api::RaceGroup> groups = table_order(r.races, true);
  const GraphPicture picture = draw_program(program, groups);
  write_races(out, groups, true, picture);
  write_picture(out, picture);
  const std::size_t n = r.outcomes.size();
  const OutcomeList list{r.outcomes, "outcome",
                         [n](std::size_t i) { return fmt::format("outcome {} of {}", i + 1, n); },
                         &r.races};
  const Stepping stepping{program, values, picture};
  write_list(out, fmt::format("Outcomes ({})", n), list, values, form, listing, "", &stepping);
  write_step_script(out);
  write_tail(out);
}

void write_compare_html(std::ostream& out, const api::CompareResult& r,
                        const sem::ValueStore& values, api::ValueForm form,
                        OutcomeListing listing) {
  write_head(out, fmt::format("tfmc compare {} {}", r.before.program, r.after.program));
  fmt::print(out, "<p class=\"verdict\">verdict: <strong>{}</strong></p>\n",
             escaped(compare_verdict(r)));
  for (const api::CheckResult* side : {&r.before, &r.after}) {
    write_lines(out,
                store_text(side->exploration) + ranks_text(side->exploration) + stop_text(*side),
                "stopped");
  }
  out << "<h2>Explorations</h2>\n";
  std::vector<std::vector<std::string>> rows = {{"outcomes",
                                                 std::to_string(r.before.outcomes.size()),
                                                 std::to_string(r.after.outcomes.size())}};
  const std::vector<std::vector<std::string>> before = exploration_rows(r.before);
  const std::vector<std::vector<std::string>> after = exploration_rows(r.after);
  for (std::size_t i = 0; i < before.size(); ++i)
    rows.push_back({before[i][0], before[i][1], after[i][1]});
  write_figures(out, {"", "BEFORE", "AFTER"}, rows);
  write_list(out, fmt::format("Added outcomes ({})", r.added.size()), added_list(r), values, form,
             listing, "added-", nullptr);
  write_list(out, fmt::format("Lost outcomes ({})", r.lost.size()), lost_list(r), values, form,
             listing, "lost-", nullptr);
  write_tail(out);
}

void write_races_html(std::ostream& out, const sem::Program& program,
                      const std::vector<api::Race>& races) {
  write_head(out, "tfmc races " + program.file);
  const std::vector<api::RaceGroup> groups = table_order(races, false);
  const GraphPicture picture = draw_program(program, groups);
  write_races(out, groups, false, picture);
  write_picture(out, picture);
  write_tail(out);
}

}  // namespace tfmc::app
