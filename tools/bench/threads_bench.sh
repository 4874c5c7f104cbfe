#!/usr/bin/env bash
# On-demand benchmark of multi-core exploration and of the state store: `lost_update N`
# (default 8) without reduction (`--reduction none`, every interleaving), explored on 1 thread
# and on more, with each store, in one run, and a `--max-memory` run, which shows the peak
# resident memory against the limit. It builds nothing:
#
#   bash tools/bench/threads_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs:
#   BENCH_THREADS      thread counts (default "1 2"; on a 16-core machine "1 2 4 8 16")
#   BENCH_SIZE         N of lost_update N (default 8)
#   BENCH_STATES       --max-states of each run (default 12000000): lost_update 8 does not
#                      finish, so every run stores the same first states (one thread's), and
#                      states/s is that number over the run's seconds
#   BENCH_COMPLETE     N of a lost_update N run to finish at every thread count (default 6,
#                      37 million states; "" skips it)
#   BENCH_MAX_MEMORY   --max-memory of the memory row (default 2G)
#   BENCH_STORES       the --store values (default "compressed fingerprint")
# Columns: threads; store; states stored; seconds (tfmc's stats.seconds); states/s; speedup
# against the same store's first row; bytes per state in memory (stats.store_bytes / states)
# and on disk (stats.disk_bytes / states); the peak resident memory of the whole process (GNU
# time; "-" without it) and per state.
set -euo pipefail

build_dir=${1:-build}
threads=${BENCH_THREADS:-1 2}
size=${BENCH_SIZE:-8}
states_cap=${BENCH_STATES:-12000000}
complete=${BENCH_COMPLETE-6}
max_memory=${BENCH_MAX_MEMORY:-2G}
stores=${BENCH_STORES:-compressed fingerprint}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
use_time=0
if /usr/bin/time -v true >/dev/null 2>&1; then use_time=1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs tfmc check on $1 with the remaining arguments; prints "states seconds store_bytes
# disk_bytes complete peak_kib".
run() {
  local file=$1
  shift
  local status=0
  if [[ $use_time == 1 ]]; then
    /usr/bin/time -v -o "$work/time" "$tfmc" check "$file" --json --quiet \
      --no-race-classification --reduction none "$@" >"$work/out.json" 2>/dev/null || status=$?
  else
    "$tfmc" check "$file" --json --quiet --no-race-classification --reduction none "$@" \
      >"$work/out.json" 2>/dev/null || status=$?
  fi
  if [[ $status -ge 2 && $status -ne 3 ]]; then
    echo "threads_bench.sh: tfmc exited $status on $file $*" >&2
    exit 1
  fi
  local peak=-
  if [[ $use_time == 1 ]]; then
    peak=$(sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$work/time")
  fi
  python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
st = s["stats"]
print(st["states"], st["seconds"], st["store_bytes"], st["disk_bytes"], s["complete"], sys.argv[2])
' "$work/out.json" "$peak"
}

table() {  # $1: file, $2: title, then extra arguments for tfmc
  local file=$1 title=$2
  shift 2
  echo "$title"
  printf '%7s %11s %11s %8s %11s %8s %8s %8s %9s %8s\n' threads store states seconds \
    states/s speedup B/state disk_B peak_MiB peak_B
  for store in $stores; do
    local base=""
    for t in $threads; do
      read -r states secs bytes disk done peak < <(run "$file" --threads "$t" --store "$store" "$@")
      python3 -c '
import sys
t, store, states, secs, bytes_, disk, peak, base = sys.argv[1:9]
n = int(states)
rate = n / float(secs)
speed = rate / float(base) if base else 1.0
peak_mib = "-" if peak == "-" else "%.0f" % (int(peak) / 1024)
peak_b = "-" if peak == "-" else "%.1f" % (int(peak) * 1024 / n)
print("%7s %11s %11d %8.2f %11.0f %7.2fx %8.1f %8.1f %9s %8s" % (t, store, n, float(secs), rate,
      speed, int(bytes_) / n, int(disk) / n, peak_mib, peak_b))
' "$t" "$store" "$states" "$secs" "$bytes" "$disk" "$peak" "$base"
      [[ -z $base ]] && base=$(python3 -c "print(int('$states') / float('$secs'))")
    done
  done
  echo
}

"$gen" lost_update "$size" >"$work/lu.tfg"
table "$work/lu.tfg" "lost_update $size, --reduction none, --max-states $states_cap" \
  --max-states "$states_cap"
if [[ -n $complete ]]; then
  "$gen" lost_update "$complete" >"$work/complete.tfg"
  table "$work/complete.tfg" "lost_update $complete, --reduction none, complete"
fi
max_threads=${threads##* }
echo "lost_update $size, --reduction none, --max-memory $max_memory, $max_threads threads"
read -r states secs bytes disk done peak < <(run "$work/lu.tfg" --threads "$max_threads" \
  --max-memory "$max_memory")
python3 -c '
import sys, re
states, bytes_, peak, limit = sys.argv[1:5]
m = re.fullmatch(r"(\d+)([KMG]?)", limit)
scale = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2)]
limit_b = int(m.group(1)) * scale
print("states %s, store %.0f MiB, limit %.0f MiB" % (states, int(bytes_) / 2**20, limit_b / 2**20),
      end="")
if peak != "-":
    print(", peak resident %.0f MiB (%.1f%% of the limit)" % (int(peak) / 1024,
          100 * int(peak) * 1024 / limit_b))
else:
    print()
' "$states" "$bytes" "$peak" "$max_memory"
