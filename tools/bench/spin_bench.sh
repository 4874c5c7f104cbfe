#!/usr/bin/env bash
# On-demand comparison with SPIN on the same graphs: lost_update N explored in full (tfmc
# --reduction none; SPIN without partial-order reduction, -DNOREDUCE) by tfmc on one thread
# and on every core, with its exact compressed store and with --store fingerprint, and by
# SPIN's exhaustive search with its default exact state storage, with -DCOLLAPSE (its exact
# compression) and with -DHC4 (its hash compaction, which may miss states as fingerprints
# may). tools/bench/lost_update_promela.py writes the
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
# Columns: the checker; states stored; seconds (tfmc's stats.seconds, SPIN's elapsed time);
# states/s; peak resident memory (GNU time) and that memory per state.
set -euo pipefail

build_dir=${1:-build}
sizes=${BENCH_SIZES:-5 6}
hash_bits=${BENCH_HASH:-}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
# shellcheck source=tools/bench/bench_rows.sh
source "$here/bench_rows.sh"
need_tools "spin gcc time" spin gcc /usr/bin/time
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

spin_row() {  # $1 Promela file, $2 name, then extra gcc flags
  local pml=$1 name=$2
  shift 2
  (cd "$work" && spin -a "$pml" >/dev/null &&
    gcc -O2 -DNOREDUCE -DSAFETY -DMEMLIM=20000 "$@" -o pan pan.c)
  (cd "$work" && /usr/bin/time -f %M -o "$work/peak" ./pan -w"$bits" >"$work/pan.txt" 2>&1)
  if grep -q "errors: [1-9]\|error:" "$work/pan.txt"; then
    echo "spin_bench.sh: SPIN reported an error:" >&2
    cat "$work/pan.txt" >&2
    exit 1
  fi
  local states secs
  states=$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' "$work/pan.txt")
  secs=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$work/pan.txt")
  row "$name" "$states" "$secs" "$(tail -n 1 "$work/peak")"
}

cores=$(nproc)
for n in $sizes; do
  "$gen" lost_update "$n" >"$work/lu.tfg"
  python3 "$here/lost_update_promela.py" "$n" >"$work/lu.pml"
  tfmc_rows "$work/lu.tfg" "$n" "$cores"
  bits=${hash_bits:-$(python3 -c 'import sys; print(max(18, (2 * int(sys.argv[1])).bit_length()))' \
    "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["stats"]["states"])' \
      "$work/tfmc-compressed.json")")}
  spin_row "$work/lu.pml" "SPIN (exact)"
  spin_row "$work/lu.pml" "SPIN -DCOLLAPSE" -DCOLLAPSE
  spin_row "$work/lu.pml" "SPIN -DHC4" -DHC4
  echo
done
