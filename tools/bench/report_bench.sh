#!/usr/bin/env bash
# On-demand benchmark of the reports of a check with many outcomes: two concurrent train steps
# of testdata/savedmodel/mlp_adam (a Keras Dense 2->1 with Keras Adam), checked once per
# report: the text report (summarized past 20 outcomes), the text with --outcomes all, and the
# JSON document. It prints per row the bytes of the report, the wall seconds and the peak
# resident memory of the whole tfmc process (/usr/bin/time). It builds nothing:
#
#   bash tools/bench/report_bench.sh [BUILD_DIR]     (default: build)
#
# BENCH_REPORTS picks the rows: any of "text all json" (default all three).
set -euo pipefail

build_dir=${1:-build}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
if [[ ! -x /usr/bin/time ]]; then
  echo "report_bench.sh: /usr/bin/time not found (apt-get install time)" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-6s %14s %9s %14s\n' report bytes seconds peak_kbytes
for report in ${BENCH_REPORTS:-text all json}; do
  case $report in
    text) flags=() ;;
    all) flags=(--outcomes all) ;;
    json) flags=(--json) ;;
    *)
      echo "report_bench.sh: unknown report '$report' (text, all or json)" >&2
      exit 2
      ;;
  esac
  code=0
  /usr/bin/time -f '%e %M' -o "$work/time" "$tfmc" check "$root/testdata/savedmodel/mlp_adam" \
    --function train_step --feed 'x=f32[1,2]{1, 2}' --feed 'y=f32[1,1]{1}' --concurrent 2 \
    --quiet --no-race-classification --threads 1 "${flags[@]}" >"$work/report" 2>/dev/null ||
    code=$?
  if ((code != 1)); then
    echo "report_bench.sh: tfmc check exited $code (expected 1, several outcomes)" >&2
    exit 2
  fi
  # The last line: /usr/bin/time writes a line on the exit status before it.
  read -r seconds peak < <(tail -n 1 "$work/time")
  printf '%-6s %14s %9s %14s\n' "$report" "$(stat -c %s "$work/report")" "$seconds" "$peak"
done
