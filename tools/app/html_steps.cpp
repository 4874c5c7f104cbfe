#include "tools/app/html_steps.h"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include "tools/app/html_text.h"

namespace tfmc::app {
namespace {

// Selects a step: marks its list entry `current`, its node `fired` on the picture (and no
// other), fills the table of variables from the changes of the steps up to it, and says which
// step it is. Written without a library, for any browser of the last years.
const char* const kStepScript = R"js(<script>
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
)js";

}  // namespace

void write_steps(std::ostream& out, std::size_t number, const std::vector<WitnessStep>& steps,
                 std::size_t firings, const sem::Program& program,
                 const std::vector<std::string>& element, const sem::ValueStore& values,
                 api::ValueForm form) {
  const std::string prefix = fmt::format("outcome-{}-", number);
  api::OutcomePrinter printer(values, form);
  std::vector<sem::TermDefinition> terms;
  const auto variable = [&](std::size_t v) {
    return fmt::format("variable <code>{}</code>", escaped(program.variables[v].name));
  };
  fmt::print(out,
             "<div class=\"stepper\" id=\"{0}steps\" data-firings=\"{1}\" data-at=\"0\">\n"
             "<p class=\"controls\"><button type=\"button\" class=\"back\">back</button> "
             "<button type=\"button\" class=\"forward\">forward</button> <span class=\"at\">step "
             "0 of {1}: initial state</span></p>\n",
             prefix, firings);
  // Every step's values printed in order, so that names of long terms' parts come in the order
  // the steps use them; the initial state's are the table's too.
  std::vector<std::vector<std::string>> printed;
  for (const WitnessStep& step : steps) {
    std::vector<std::string>& texts = printed.emplace_back();
    for (const auto& [v, id] : step.changed)
      texts.push_back(linked(printer.value(id, terms), prefix));
  }
  if (!program.variables.empty()) {
    out << "<table class=\"now\">\n";
    for (std::size_t k = 0; k < steps.front().changed.size(); ++k) {
      fmt::print(out, "<tr><th>{}</th><td class=\"value\" data-var=\"{}\">{}</td></tr>\n",
                 variable(steps.front().changed[k].first), steps.front().changed[k].first,
                 printed.front()[k]);
    }
    out << "</table>\n";
  }
  out << "<ol class=\"steps\">\n";
  std::size_t last = 0;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    const WitnessStep& step = steps[s];
    if (step.firing > last + 1) {
      fmt::print(out, "<li class=\"gap\">firings {} to {} not shown</li>\n", last + 1,
                 step.firing - 1);
    }
    last = step.firing;
    if (step.firing == 0) {
      fmt::print(out,
                 "<li id=\"{}step-0\" value=\"0\" class=\"current\"><span class=\"what\">initial "
                 "state</span>",
                 prefix);
    } else {
      fmt::print(out,
                 "<li id=\"{}step-{}\" value=\"{}\" data-node=\"{}\"><span class=\"what\"><code>{}"
                 "</code> fired</span>",
                 prefix, step.firing, step.firing, element[step.node],
                 escaped(program.nodes[step.node].name));
    }
    if (!step.changed.empty()) {
      out << "<dl class=\"changes\">";
      for (std::size_t k = 0; k < step.changed.size(); ++k) {
        fmt::print(out, "<dt>{}</dt><dd class=\"value\" data-var=\"{}\">{}</dd>",
                   variable(step.changed[k].first), step.changed[k].first, printed[s][k]);
      }
      out << "</dl>";
    }
    out << "</li>\n";
  }
  out << "</ol>\n";
  write_definitions(out, terms, prefix);
  out << "</div>\n";
}

void write_step_script(std::ostream& out) { out << kStepScript; }

}  // namespace tfmc::app
