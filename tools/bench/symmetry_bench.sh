#!/usr/bin/env bash
# On-demand benchmark of symmetry reduction (specs/FORMAT.md, "Symmetry reduction"): K
# concurrent copies of one program (--concurrent K), explored with --symmetry none and with
# --symmetry replicas, side by side, with race classification off. It builds nothing:
#
#   bash tools/bench/symmetry_bench.sh [BUILD_DIR]     (default: build)
#
# Workloads: one read-add-write tower of lost_update (K copies are lost_update K as replicas),
# under --reduction none and stubborn; lost_update K generated as one graph (no --concurrent:
# its K towers found by the graph's automorphisms, --symmetry graph), under stubborn; and Hogwild
# SGD train_steps of two 2-layer MLPs that TensorFlow saved: a 2-2-1 one whose steps train the
# output layer and return nothing (testdata/savedmodel/mlp_tiny_hogwild,
# tools/tf/make_tiny_hogwild_mlp.py: K steps have K! histories, 2,372 distinct outcomes at
# K = 8), and a 4-16-1 Keras one whose steps train its four weights and count iterations
# (testdata/savedmodel/mlp_hidden_hogwild: 198 outcomes at K = 2, and K = 3 beyond 120 s); and
# K Hogwild workers that TensorFlow built in one tf.Graph, each reading w and b and
# assign_sub-ing an SGD step of a linear model (testdata/graphdef/hogwild_workers, found as towers:
# --symmetry graph).
# Environment knobs:
#   BENCH_TOWERS     the K of the tower rows under --reduction none (default "2 3 4 5")
#   BENCH_STUBBORN   the K of the tower rows under --reduction stubborn (default "4 6 8 10 12")
#   BENCH_GRAPH      the K of the single-graph lost_update rows (default "8 10 12")
#   BENCH_STEPS      the K of the 2-2-1 MLP rows (default "2 4 8")
#   BENCH_HIDDEN     the K of the 4-16-1 MLP rows (default "2 3")
#   BENCH_WORKERS    the K of the one-graph Hogwild worker rows (default "2 3 4")
#   BENCH_SEARCH     the K of the rows that time the tower search: lost_update K as one graph
#                    stopped at its first state (--max-states 1), so that the command's seconds
#                    with graph less those with none are the search's (default "250 500")
#   BENCH_SECONDS    --max-seconds of each run (default 120): a run it stops is marked
#                    incomplete, with the states it stored by then
# Columns: workload; K; symmetry; states stored; stats.orbit_states (the states those stand
# for; "-" without symmetry); outcomes; seconds of exploration (stats.seconds); seconds of the
# whole command (outcomes, witnesses and the orbit count included); complete.
# The single-graph rows run on one thread (--threads 1), as the issue's figure asks.
set -euo pipefail

build_dir=${1:-build}
towers=${BENCH_TOWERS:-2 3 4 5}
stubborn=${BENCH_STUBBORN:-4 6 8 10 12}
graph=${BENCH_GRAPH:-8 10 12}
steps=${BENCH_STEPS:-2 4 8}
hidden=${BENCH_HIDDEN:-2 3}
workers=${BENCH_WORKERS:-2 3 4}
search=${BENCH_SEARCH:-250 500}
seconds=${BENCH_SECONDS:-120}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints one row: $1 workload name, $2 K, $3 symmetry, then tfmc check's arguments (with
# --concurrent for the rows of copies).
row() {
  local name=$1 k=$2 symmetry=$3
  shift 3
  local status=0 start end
  start=$(date +%s.%N)
  "$tfmc" check "$@" --symmetry "$symmetry" --no-race-classification \
    --max-seconds "$seconds" --json --quiet >"$work/out.json" 2>/dev/null || status=$?
  end=$(date +%s.%N)
  if [[ $status -ge 2 && $status -ne 3 ]]; then
    echo "symmetry_bench.sh: tfmc exited $status on $*" >&2
    exit 1
  fi
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
st = d["stats"]
name, k, sym, start, end = sys.argv[2:7]
print("%-34s %4s %9s %10d %11s %9d %9.2f %9.2f %9s" % (name, k, sym, st["states"],
      st.get("orbit_states", "-"), len(d["outcomes"]), st["seconds"],
      float(end) - float(start), "yes" if d["complete"] else "no"))
' "$work/out.json" "$name" "$k" "$symmetry" "$start" "$end"
}

header() {
  printf '%-34s %4s %9s %10s %11s %9s %9s %9s %9s\n' workload K symmetry states orbit_states \
    outcomes explore_s command_s complete
}

"$gen" lost_update 1 >"$work/tower.tfg"
header
for k in $towers; do
  for symmetry in none replicas; do
    row "lost_update tower, reduction none" "$k" "$symmetry" "$work/tower.tfg" --concurrent "$k" \
      --reduction none
  done
done
for k in $stubborn; do
  for symmetry in none replicas; do
    row "lost_update tower, stubborn" "$k" "$symmetry" "$work/tower.tfg" --concurrent "$k" \
      --reduction stubborn
  done
done
for k in $graph; do
  "$gen" lost_update "$k" >"$work/lost_update_$k.tfg"
  for symmetry in none graph; do
    row "lost_update one graph, stubborn" "$k" "$symmetry" "$work/lost_update_$k.tfg" \
      --reduction stubborn --threads 1
  done
done
for k in $search; do
  "$gen" lost_update "$k" >"$work/lost_update_$k.tfg"
  for symmetry in none graph; do
    row "lost_update one graph, search only" "$k" "$symmetry" "$work/lost_update_$k.tfg" \
      --max-states 1 --threads 1
  done
done
for k in $steps; do
  for symmetry in none replicas; do
    row "MLP 2-2-1 SGD step (TensorFlow)" "$k" "$symmetry" \
      "$root/testdata/savedmodel/mlp_tiny_hogwild" --function train_step --concurrent "$k" \
      --feed 'x=f32[1,2]{0.3, 1.2}' --feed 'y=f32[1,1]{0.7}'
  done
done
for k in $hidden; do
  for symmetry in none replicas; do
    row "MLP 4-16-1 SGD step (TensorFlow)" "$k" "$symmetry" \
      "$root/testdata/savedmodel/mlp_hidden_hogwild" --function train_step --concurrent "$k" \
      --feed 'x=f32[2,4]{0.3, -1.2, 0.7, 2.1, -0.4, 0.9, 1.6, -0.8}' \
      --feed 'y=f32[2,1]{0.5, -1.5}'
  done
done
for k in $workers; do
  dir="$root/testdata/graphdef/hogwild_workers"
  for symmetry in none graph; do
    # shellcheck disable=SC2046 # the .args file holds one argument a line
    row "Hogwild workers in one tf.Graph" "$k" "$symmetry" "$dir/workers$k.pbtxt" \
      $(cat "$dir/workers$k.args")
  done
done
