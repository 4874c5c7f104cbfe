#!/usr/bin/env bash
# On-demand benchmark of how well --max-seconds bounds a whole command: `lost_update N`
# (default 12, far too large to finish) checked with --max-seconds S (default 5) at each
# reduction level and thread count, `--quiet --no-race-classification`, then a check whose
# races all need classification (lost_update 8 beside 5 pairs of same-value Writes) with race
# classification on, and a compare of lost_update N with itself. It prints per row the wall
# seconds of the whole tfmc process, the overshoot past S, whether it is within
# S + max(1 s, 5% of S) (FORMAT.md, "The command line"), and where the limit stopped it
# (stats.stopped_in). It builds nothing:
#
#   bash tools/bench/limits_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs: BENCH_SIZE (N, default 12), BENCH_SECONDS (S, default 5).
# Exit status 1 when a row is over its bound.
set -euo pipefail

build_dir=${1:-build}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
size=${BENCH_SIZE:-12}
limit=${BENCH_SECONDS:-5}
bound=$(awk -v s="$limit" 'BEGIN { m = 0.05 * s; if (m < 1) m = 1; print s + m }')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$gen" lost_update "$size" >"$work/big.tfg"
{
  "$gen" lost_update 8
  for k in 1 2 3 4 5; do
    printf 'var y%s = i32{0}\nd%s = Const {value=i32{7}}\n' "$k" "$k"
    printf 'p%s = Write(&y%s, d%s)\nq%s = Write(&y%s, d%s)\n' "$k" "$k" "$k" "$k" "$k" "$k"
  done
} >"$work/classify.tfg"

status=0
printf '%-50s %8s %9s %7s %s\n' run seconds overshoot within stopped_in
# row LABEL ARGS...: one tfmc run; exit 0, 1 or 3 is a result, anything else stops the
# benchmark.
row() {
  local label=$1 start end code=0
  shift
  start=$(date +%s.%N)
  "$tfmc" "$@" --max-seconds "$limit" --quiet >"$work/out.json" 2>/dev/null || code=$?
  end=$(date +%s.%N)
  if ((code == 2 || code > 3)); then
    echo "limits_bench.sh: tfmc $* exited $code" >&2
    exit 2
  fi
  local phase
  phase=$(grep -o '"stopped_in": "[a-z-]*"' "$work/out.json" | head -1 | sed 's/.*: "//; s/"//')
  awk -v l="$label" -v a="$start" -v b="$end" -v s="$limit" -v m="$bound" -v p="${phase:--}" \
    'BEGIN { t = b - a; printf "%-50s %8.2f %9.2f %7s %s\n", l, t, t - s, (t <= m ? "yes" : "NO"), p;
             exit (t <= m ? 0 : 1) }' || status=1
}

for reduction in stubborn eager none; do
  for threads in 1 2; do
    row "lost_update $size --reduction $reduction --threads $threads" check "$work/big.tfg" \
      --json --no-race-classification --reduction "$reduction" --threads "$threads"
  done
done
row "classification: lost_update 8 + 5 benign races" check "$work/classify.tfg" --json
row "compare lost_update $size with itself" compare "$work/big.tfg" "$work/big.tfg" --json
echo "bound: S + max(1 s, 5% of S) = $bound s"
exit $status
