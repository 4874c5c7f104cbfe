#!/usr/bin/env bash
# On-demand benchmark of `tfmc sample`: schedules a second on one core and on every core, on
# the generated lost_update N programs (tfmc_gen_bench) and on the TensorFlow corpus's lost
# update (testdata/graphdef/lost_update.pbtxt). It builds nothing:
#
#   bash tools/bench/sample_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs:
#   BENCH_SCHEDULES   schedules of each run (default 200000)
#   BENCH_SIZES       N of the lost_update N rows (default "2 4 8")
#   BENCH_SCHEDULER   uniform or pct (default uniform)
# One line a program and thread count: program; threads (stats.threads); schedules; seconds
# (stats.seconds, the schedules alone); schedules/s; the process's CPU seconds (user and system,
# GNU time; loading included) and schedules per CPU second, which a machine shared with other
# jobs leaves steadier than the wall clock's rate; transitions fired a schedule; outcomes.
set -euo pipefail

build_dir=${1:-build}
schedules=${BENCH_SCHEDULES:-200000}
sizes=${BENCH_SIZES:-2 4 8}
scheduler=${BENCH_SCHEDULER:-uniform}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Samples $2... with --threads $1 and prints its line, named $name.
row() {
  local threads=$1
  shift
  /usr/bin/time -f "%U %S" -o "$work/time" "$tfmc" sample "$@" --schedules "$schedules" \
    --scheduler "$scheduler" --threads "$threads" --json >"$work/out.json" || [[ $? -le 1 ]]
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = d["stats"]
n, secs, steps = s["schedules"], s["seconds"], s["steps"]
cpu = sum(float(x) for x in open(sys.argv[3]).read().splitlines()[-1].split())  # after a status line
print("%-20s threads %3d  schedules %8d  %7.3f s  %8.0f /s  cpu %7.3f s  %8.0f /cpu-s  "
      "%5.1f steps each  %d outcomes" % (sys.argv[2], s["threads"], n, secs, n / secs, cpu,
                                         n / cpu, steps / n, len(d["outcomes"])))
' "$work/out.json" "$name" "$work/time"
}

for n in $sizes; do
  "$gen" lost_update "$n" >"$work/lost_update_$n.tfg"
  name="lost_update $n"
  row 1 "$work/lost_update_$n.tfg"
  row 0 "$work/lost_update_$n.tfg"
done
corpus="$(dirname "$0")/../../testdata/graphdef"
name="corpus lost_update"
mapfile -t args <"$corpus/lost_update.args"
row 1 "$corpus/lost_update.pbtxt" "${args[@]}"
row 0 "$corpus/lost_update.pbtxt" "${args[@]}"
