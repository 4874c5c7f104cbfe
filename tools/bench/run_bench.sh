#!/usr/bin/env bash
# On-demand benchmark: generates the tfmc_gen_bench families at a range of sizes, checks each
# with `tfmc check --json --quiet` and prints one table row per program. It builds nothing:
#
#   bash tools/bench/run_bench.sh [BUILD_DIR]     (default: build)
#
# BUILD_DIR must hold tools/tfmc and tools/tfmc_gen_bench (a Release build gives meaningful
# numbers). Environment knobs:
#   BENCH_MAX_SECONDS  --max-seconds for each row (default 120)
#   BENCH_MAX_MEMORY   --max-memory for each row (default 16G)
#   BENCH_ROWS         rows to run instead of the default set, e.g. "lost_update:6 chain:1000"
# tools/bench/README.md explains the columns.
set -euo pipefail

build_dir=${1:-build}
tfmc=$build_dir/tools/tfmc
gen=$build_dir/tools/tfmc_gen_bench
max_seconds=${BENCH_MAX_SECONDS:-120}
max_memory=${BENCH_MAX_MEMORY:-16G}

for tool in "$tfmc" "$gen"; do
  if [[ ! -x $tool ]]; then
    echo "run_bench.sh: $tool not found; build first: cmake --build $build_dir" >&2
    exit 2
  fi
done

default_rows=()
for n in 2 3 4 5 6; do default_rows+=("lost_update:$n"); done
for n in 4 5 6 7 8 9 10; do default_rows+=("assign_add:$n"); done
for n in 2 3 4 5 6 7 8; do default_rows+=("independent:$n"); done
for n in 10 100 1000; do default_rows+=("chain:$n"); done
if [[ -n ${BENCH_ROWS:-} ]]; then
  read -r -a rows <<<"$BENCH_ROWS"
else
  rows=("${default_rows[@]}")
fi

# Peak RSS needs GNU time (`apt-get install time`); without it that column is left out.
use_time=0
if /usr/bin/time -v true >/dev/null 2>&1; then use_time=1; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the table header (`format_row header USE_TIME`) or one row from the JSON result, the
# GNU time report (may be absent) and the exit code. Fixed-width columns, so each row shows as
# soon as its run ends. The expected outcome count follows from the family's semantics (see
# gen_bench.cpp): a different count is flagged, so a fast but wrong checker does not pass.
format_row() {
  python3 - "$@" <<'EOF'
import json, re, sys

WIDTHS = [12, 5, 10, 11, 8, 8, 10, 11, 9, 9, 7]
HEADER = ["family", "N", "states", "transitions", "outcomes", "seconds", "states/s",
          "bytes/state", "store/raw", "peak_MiB", "cpu_s"]


def emit(cells, use_time, status):
    if use_time != "1":
        cells = cells[:9]
    line = " ".join(str(c).rjust(w) if i > 0 else str(c).ljust(w)
                    for i, (c, w) in enumerate(zip(cells, WIDTHS)))
    print(f"{line}  {status}", flush=True)


if sys.argv[1] == "header":
    emit(HEADER, sys.argv[2], "status")
    sys.exit(0)

family, n, json_path, time_path, rc, use_time = sys.argv[1:7]
n, rc = int(n), int(rc)
peak, cpu = "?", "?"
try:
    report = open(time_path).read()
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    if match:
        peak = f"{int(match.group(1)) / 1024:.1f}"
    times = re.findall(r"(?:User|System) time \(seconds\): ([0-9.]+)", report)
    if len(times) == 2:
        cpu = f"{float(times[0]) + float(times[1]):.2f}"
except OSError:
    pass
try:
    result = json.load(open(json_path))
except (OSError, ValueError):
    emit([family, n] + ["-"] * 7 + [peak, cpu], use_time, f"error (exit {rc})")
    sys.exit(0)

stats = result["stats"]
states, seconds = stats["states"], stats["seconds"]
outcomes = len(result["outcomes"])
raw = states * stats["state_slots"] * 4
expected = n if family == "lost_update" else 1
if not result["complete"]:
    status = f"incomplete ({result.get('stop_reason', '?')})"
elif outcomes != expected:
    status = f"WRONG: expected {expected} outcomes"
else:
    status = "ok"
emit([
    family,
    n,
    states,
    stats["transitions"],
    outcomes,
    f"{seconds:.3f}",
    f"{states / seconds:.0f}" if seconds > 0 else "-",
    f"{stats['store_bytes'] / states:.1f}" if states else "-",
    f"{stats['store_bytes'] / raw:.2f}" if raw else "-",
    peak,
    cpu,
], use_time, status)
EOF
}

format_row header "$use_time"
for row in "${rows[@]}"; do
  family=${row%%:*}
  n=${row#*:}
  program=$work/${family}_$n.tfg
  "$gen" "$family" "$n" >"$program"
  command=("$tfmc" check "$program" --json --quiet --max-seconds "$max_seconds"
    --max-memory "$max_memory")
  rc=0
  rm -f "$work/time.txt"
  if ((use_time)); then
    /usr/bin/time -v -o "$work/time.txt" "${command[@]}" >"$work/result.json" 2>"$work/stderr.txt" ||
      rc=$?
  else
    "${command[@]}" >"$work/result.json" 2>"$work/stderr.txt" || rc=$?
  fi
  # tfmc's messages matter only when it failed (a limit stop already shows as the status).
  if ((rc != 0 && rc != 1 && rc != 3)); then cat "$work/stderr.txt" >&2; fi
  format_row "$family" "$n" "$work/result.json" "$work/time.txt" "$rc" "$use_time"
done
