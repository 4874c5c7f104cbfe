#!/usr/bin/env bash
# On-demand comparison with SPIN on the same graphs: lost_update N explored in full (tfmc
# --reduction none; SPIN without partial-order reduction, -DNOREDUCE) by tfmc on one thread
# and on every core, with its exact compressed store and with --store fingerprint, and by
# SPIN's exhaustive search with its default partial-order reduction, with its default exact
# state storage, with -DCOLLAPSE (its exact compression) and with -DHC4 (its hash compaction,
# which may miss states as fingerprints may). tools/bench/lost_update_promela.py writes the
# Promela model, whose state space is tfmc's state for state (the same state counts). Needs
# SPIN and a C compiler (apt-get install spin gcc), and GNU time for the memory columns. It
# builds nothing of tfmc:
#
#   bash tools/bench/spin_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs:
#   BENCH_SIZES   the N of lost_update N (default "5 6": 1.6 and 37.4 million states)
#   BENCH_HASH    SPIN's -w, log2 of its hash table slots (default: the first power of two
#                 above twice the state count tfmc found)
#   BENCH_CORES   the threads of tfmc's second rows (default: every core; 1: none)
#   BENCH_REPEAT  runs of each row (default 1); a row shows its run of median CPU time (tfmc's
#                 rows take turns: each row's first run, then each row's second, ...)
#   BENCH_SPIN    SPIN's rows, of "por exact collapse hc4" (default all four; "": none): with its
#                 default partial-order reduction, and without it (-DNOREDUCE) with its
#                 exact storage, -DCOLLAPSE and -DHC4
# Columns: the checker; states stored; seconds (tfmc's stats.seconds, SPIN's elapsed time);
# states/s; peak resident memory (GNU time) and that memory per state. Under each table, the
# store's figures on one thread in CPU seconds (user and system, GNU time's, which a loaded
# machine changes less than elapsed time): the compressed store's time over the fingerprint
# store's, the compressed store's bytes a state in memory (stats.store_bytes), and tfmc's
# states/s with the compressed store over SPIN's with its default partial-order reduction.
set -euo pipefail

build_dir=${1:-build}
sizes=${BENCH_SIZES:-5 6}
hash_bits=${BENCH_HASH:-}
cores=${BENCH_CORES:-$(nproc)}
spin_rows=${BENCH_SPIN-por exact collapse hc4}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
# shellcheck source=tools/bench/bench_rows.sh
source "$here/bench_rows.sh"
need_tools "spin gcc time" spin gcc /usr/bin/time
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

spin_row() {  # $1 Promela file, $2 name, $3 file for its CPU seconds, then gcc flags
  local pml=$1 name=$2 cpu=$3 k
  shift 3
  spin_pan "$work" "$pml" -DMEMLIM=20000 "$@"
  k=$(run_median "$cpu" sh -c 'cd "$0" && ./pan -w"$1" >"pan.txt.$RUN" 2>&1' "$work" "$bits")
  mv "$work/pan.txt.$k" "$work/pan.txt"
  rm -f "$work"/pan.txt.[0-9]*
  local counts states secs
  counts=$(spin_counts "$work/pan.txt")
  read -r states secs <<<"$counts"
  echo "$states" >"$cpu.states"
  row "$name" "$states" "$secs" "$(cat "$cpu.peak")"
}

# The store's figures of lost_update $1 on one thread, from the runs of tfmc_rows and of SPIN
# with its default partial-order reduction (when it ran).
store_summary() {
  python3 - "$work" "$1" <<'PY'
import json, os, sys
work, n = sys.argv[1], sys.argv[2]
def cpu(path):
    user, system = open(path).read().split()
    return float(user) + float(system)
stats = {s: json.load(open(f"{work}/tfmc-{s}-1.json"))["stats"] for s in ("compressed", "fingerprint")}
secs = {s: cpu(f"{work}/tfmc-{s}-1.json.cpu") for s in stats}
states = stats["compressed"]["states"]
spin = os.path.exists(f"{work}/spin-por.cpu")
if spin:
    secs["spin"] = cpu(f"{work}/spin-por.cpu")
print(f"lost_update {n}, one thread, CPU seconds:")
print(f"  compressed store {stats['compressed']['store_bytes'] / states:.1f} bytes a state "
      "in memory (target: at most 14)")
# GNU time counts CPU time in hundredths: shorter runs give no ratio worth printing.
if min(secs.values()) < 0.1:
    print("  runs under 0.1 s of CPU: too short for the ratios")
    sys.exit(0)
print(f"  compressed {secs['compressed']:.2f} s, fingerprint {secs['fingerprint']:.2f} s: "
      f"{secs['compressed'] / secs['fingerprint']:.2f} times (target: at most 1.25)")
if spin:
    tfmc_rate = states / secs["compressed"]
    spin_states = int(open(f"{work}/spin-por.cpu.states").read())
    spin_rate = spin_states / secs["spin"]
    print(f"  tfmc compressed {tfmc_rate:,.0f} states/s, SPIN with partial-order reduction "
          f"{spin_rate:,.0f} states/s ({spin_states} states): {tfmc_rate / spin_rate:.2f} times "
          "(target: at least 3)")
PY
}

for n in $sizes; do
  "$gen" lost_update "$n" >"$work/lu.tfg"
  python3 "$here/lost_update_promela.py" "$n" >"$work/lu.pml"
  tfmc_rows "$work/lu.tfg" "$n" "$cores"
  bits=${hash_bits:-$(python3 -c 'import sys; print(max(18, (2 * int(sys.argv[1])).bit_length()))' \
    "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["stats"]["states"])' \
      "$work/tfmc-compressed.json")")}
  rm -f "$work/spin-por.cpu"
  for spin in $spin_rows; do
    case $spin in
      por) spin_row "$work/lu.pml" "SPIN (partial-order reduction)" "$work/spin-por.cpu" ;;
      exact) spin_row "$work/lu.pml" "SPIN -DNOREDUCE" "$work/spin-exact.cpu" -DNOREDUCE ;;
      collapse)
        spin_row "$work/lu.pml" "SPIN -DNOREDUCE -DCOLLAPSE" "$work/spin-collapse.cpu" \
          -DNOREDUCE -DCOLLAPSE
        ;;
      hc4) spin_row "$work/lu.pml" "SPIN -DNOREDUCE -DHC4" "$work/spin-hc4.cpu" -DNOREDUCE -DHC4 ;;
      *)
        echo "spin_bench.sh: BENCH_SPIN: unknown row $spin (por exact collapse hc4)" >&2
        exit 2
        ;;
    esac
  done
  store_summary "$n"
  echo
done
