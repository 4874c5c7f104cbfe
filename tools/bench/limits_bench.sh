#!/usr/bin/env bash
# On-demand benchmark of how well --max-seconds bounds a whole command: `lost_update N`
# (default 12, far too large to finish) checked with --max-seconds S (default 5) at each
# reduction level and thread count, `--quiet --no-race-classification`, and on 2 ranks under
# mpirun (--distributed, stubborn; skipped without mpirun); then a complete check whose races
# all need classification (lost_update 5 beside 60 pairs of same-value Writes, explored in
# about 0.2 s, classified in about 25 s) with race classification on, and a compare of
# lost_update N with itself. It prints per row the wall seconds of the whole process (mpirun's
# for the distributed row), the overshoot past S, whether it is within S + max(1 s, 5% of S)
# (FORMAT.md, "The command line"), where the limit stopped it (stats.stopped_in) and, for the
# classification row, whether the exploration was complete and how many races it left
# unclassified. It builds nothing:
#
#   bash tools/bench/limits_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs: BENCH_SIZE (N, default 12), BENCH_SECONDS (S, default 5), MPIRUN (the
# launcher, default mpirun). The distributed row runs mpirun with
# `--mca odls_base_sigkill_timeout 0`: Open MPI's mpirun otherwise waits 1 s more for the
# ranks it kills after rank 0 exits 3 (FORMAT.md, "The command line", --distributed). As
# dist_bench.sh does, it sets the OMPI_MCA_* variables for one machine and allows root.
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
# shellcheck source=tools/bench/mpirun_env.sh
source "$(dirname "$0")/mpirun_env.sh"

"$gen" lost_update "$size" >"$work/big.tfg"
# Each pair of Writes of one value to its own variable commutes in every state, so each of
# the program's races needs its two forced-order explorations of the whole program.
{
  "$gen" lost_update 5
  for k in $(seq 60); do
    printf 'var y%s = i32{0}\nd%s = Const {value=i32{7}}\n' "$k" "$k"
    printf 'p%s = Write(&y%s, d%s)\nq%s = Write(&y%s, d%s)\n' "$k" "$k" "$k" "$k" "$k" "$k"
  done
} >"$work/classify.tfg"

status=0
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
printf '%-50s %8s %9s %7s %s\n' run seconds overshoot within stopped_in
# row LABEL COMMAND...: one run of COMMAND (tfmc, or mpirun running it) with --max-seconds S
# added; exit 0, 1 or 3 is a result, anything else stops the benchmark.
row() {
  local label=$1 start end code=0
  shift
  start=$(date +%s.%N)
  "$@" --max-seconds "$limit" --quiet >"$work/out.json" 2>"$work/err" || code=$?
  end=$(date +%s.%N)
  if ((code == 2 || code > 3)); then
    echo "limits_bench.sh: $* exited $code" >&2
    cat "$work/err" >&2
    exit 2
  fi
  local phase note=""
  # A run that ends before the limit has no stopped_in: its phase prints as -.
  phase=$(grep -o '"stopped_in": "[a-z-]*"' "$work/out.json" | head -1 | sed 's/.*: "//; s/"//' || true)
  if [[ $label == classification* ]]; then
    note="; complete: $(grep -o '"complete": [a-z]*' "$work/out.json" | head -1 | sed 's/.*: //')"
    note+=", $(grep -c '"unknown_reason": "not classified: --max-seconds' "$work/out.json" || true)"
    note+=" of $(grep -c '"observable": ' "$work/out.json" || true) races"
    note+=" not classified"
  fi
  awk -v l="$label" -v a="$start" -v b="$end" -v s="$limit" -v m="$bound" -v p="${phase:--}$note" \
    'BEGIN { t = b - a; printf "%-50s %8.2f %9.2f %7s %s\n", l, t, t - s, (t <= m ? "yes" : "NO"), p;
             exit (t <= m ? 0 : 1) }' || status=1
}

for reduction in stubborn eager none; do
  for threads in 1 2; do
    row "lost_update $size --reduction $reduction --threads $threads" "$tfmc" check \
      "$work/big.tfg" --json --no-race-classification --reduction "$reduction" --threads "$threads"
  done
done
if command -v "$mpirun" >/dev/null; then
  row "lost_update $size --distributed on 2 ranks" "$mpirun" --mca odls_base_sigkill_timeout 0 \
    -n 2 --oversubscribe "$tfmc" check "$work/big.tfg" --distributed --json \
    --no-race-classification
else
  echo "lost_update $size --distributed: skipped ($mpirun not found)"
fi
row "classification: lost_update 5 + 60 benign races" "$tfmc" check "$work/classify.tfg" --json
row "compare lost_update $size with itself" "$tfmc" compare "$work/big.tfg" "$work/big.tfg" --json
echo "bound: S + max(1 s, 5% of S) = $bound s"
exit $status
