#!/usr/bin/env bash
# Checks the HTML report (FORMAT.md, "The HTML report") in a real browser, headless Chromium
# from Debian's packages (installed with apt-get when missing); not part of the default tests,
# which need no browser. It builds nothing:
#
#   bash tools/html/browser_check.sh [BUILD_DIR]     (default: build)
#
# It writes the report of specs/paper/figure4_lost_update.tfg (a lost update: four outcomes),
# loads it in Chromium after the page's script ran (--dump-dom) and checks what is displayed:
# the picture is there; every node the races table links to carries the class `race`; and at
# `#outcome-1-step-K`, K the step of outcome 1 at which `w` fires, that step is the current one,
# `w` is the one node marked `fired`, and the table of variables shows `x = B`, where a step
# earlier it shows `A` (`w` writes B over the initial A). It saves a screenshot of that step to
# a path it prints (BROWSER_CHECK_OUT, default BUILD_DIR/browser_check) and exits 0 when every
# check passes, 1 when one fails, 2 when it cannot run.
set -euo pipefail

build_dir=$(cd "${1:-build}" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tfmc="$build_dir/tools/tfmc"
if [[ ! -x $tfmc ]]; then
  echo "browser_check.sh: $tfmc not found: build tfmc first" >&2
  exit 2
fi
browser=""
for name in chromium chromium-headless-shell; do
  if command -v "$name" >/dev/null; then
    browser=$(command -v "$name")
    break
  fi
done
if [[ -z $browser ]]; then
  echo "browser_check.sh: installing Debian's chromium" >&2
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium
  browser=$(command -v chromium)
fi
out=${BROWSER_CHECK_OUT:-$build_dir/browser_check}
mkdir -p "$out"
page="$out/figure4_lost_update.html"
code=0
"$tfmc" check "$root/specs/paper/figure4_lost_update.tfg" --format html --quiet >"$page" || code=$?
if ((code != 1)); then
  echo "browser_check.sh: tfmc check exited $code (expected 1: several outcomes)" >&2
  exit 2
fi
# The step of outcome 1 at which w fires, from the page's list of steps.
step=$(grep -o '<li id="outcome-1-step-[0-9]*" value="[0-9]*" data-node="[a-z0-9-]*"><span class="what"><code>w</code> fired' "$page" |
  sed 's/.*step-\([0-9]*\)".*/\1/')
if [[ -z $step ]]; then
  echo "browser_check.sh: the page has no step of outcome 1 at which w fires" >&2
  exit 1
fi
# The page as the browser shows it at a fragment, after its script ran.
show() {
  "$browser" --headless --no-sandbox --disable-gpu --virtual-time-budget=3000 --dump-dom \
    "file://$page#$1" 2>/dev/null
}
show "outcome-1-step-$step" >"$out/at_w.html"
show "outcome-1-step-$((step - 1))" >"$out/before_w.html"
python3 - "$out/at_w.html" "$out/before_w.html" "$step" <<'PY'
import html.parser
import sys


class Page(html.parser.HTMLParser):
    """The elements of a page: tag, attributes, text, and the ids of the elements around each."""

    def __init__(self, text):
        super().__init__()
        self.elements = []  # [tag, attrs, text, index of parent]
        self.stack = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.elements.append([tag, dict(attrs), "", self.stack[-1] if self.stack else None])
        if tag not in ("meta", "br", "img", "input", "link"):
            self.stack.append(len(self.elements) - 1)

    def handle_startendtag(self, tag, attrs):
        self.elements.append([tag, dict(attrs), "", self.stack[-1] if self.stack else None])

    def handle_endtag(self, tag):
        while self.stack:
            if self.elements[self.stack.pop()][0] == tag:
                break

    def handle_data(self, data):
        for i in self.stack:
            self.elements[i][2] += data

    def by_id(self, id):
        return next(e for e in self.elements if e[1].get("id") == id)

    def inside(self, element, ancestor):
        at = element[3]
        while at is not None:
            if self.elements[at] is ancestor:
                return True
            at = self.elements[at][3]
        return False

    def classes(self, element):
        return element[1].get("class", "").split()


failures = []


def check(ok, what):
    print(("ok:     " if ok else "FAILED: ") + what)
    if not ok:
        failures.append(what)


at_w, before_w, step = Page(open(sys.argv[1]).read()), Page(open(sys.argv[2]).read()), sys.argv[3]
svg = [e for e in at_w.elements if e[0] == "svg"]
check(len(svg) == 1, "the page holds one SVG picture")
nodes = [e for e in at_w.elements if e[0] == "g" and "node" in at_w.classes(e)]
check(len(nodes) > 0, "the picture has %d nodes" % len(nodes))
races = at_w.by_id("race1") if any(e[1].get("id") == "race1" for e in at_w.elements) else None
check(races is not None, "the picture joins the first racing pair")
table = next(e for e in at_w.elements if e[0] == "table" and "races" in at_w.classes(e))
linked = {e[1]["href"][1:] for e in at_w.elements
          if e[0] == "a" and at_w.inside(e, table) and e[1].get("href", "").startswith("#n")}
check(len(linked) > 0 and all("race" in at_w.classes(at_w.by_id(i)) for i in linked),
      "the %d racing nodes the races table links to carry the class race" % len(linked))
current = at_w.by_id("outcome-1-step-" + step)
check("current" in at_w.classes(current), "step %s of outcome 1 is the current one" % step)
fired = [e for e in at_w.elements if e[0] == "g" and "fired" in at_w.classes(e)]
w = at_w.by_id(current[1]["data-node"])
check(len(fired) == 1 and fired[0] is w, "w's node is the one node marked fired")
check(next(e for e in at_w.elements if e[0] == "title" and at_w.inside(e, w))[2] == "w",
      "the node marked fired is titled w")


def shown(page):
    stepper = page.by_id("outcome-1-steps")
    cell = next(e for e in page.elements
                if e[0] == "td" and e[1].get("data-var") is not None and page.inside(e, stepper))
    return cell[2]


check(shown(at_w) == "B", "after step %s the table shows x = B (shows %r)" % (step, shown(at_w)))
check(shown(before_w) == "A", "a step earlier it shows x = A (shows %r)" % shown(before_w))
sys.exit(1 if failures else 0)
PY
# The screenshot is of the page as the browser showed it at the step (its DOM after the script
# ran, without the script, opened without a fragment): headless Chromium paints a page that
# it scrolled to a fragment blank. The window holds the picture and outcome 1's steps.
python3 -c 'import re, sys; sys.stdout.write(re.sub(r"<script>.*?</script>", "", open(sys.argv[1]).read(), flags=re.S))' \
  "$out/at_w.html" >"$out/at_w_shown.html"
shot="$out/outcome-1-step-$step.png"
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1100,2600 \
  --screenshot="$shot" "file://$out/at_w_shown.html" 2>/dev/null
echo "browser_check.sh: screenshot of outcome 1 at step $step: $shot"
