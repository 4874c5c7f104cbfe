#!/usr/bin/env bash
# On-demand benchmark: generates the tfmc_gen_bench families at a range of sizes, checks each
# twice with `tfmc check --json --quiet`, with partial-order reduction (`--reduction stubborn`,
# the default) and without (`--reduction none`), and prints one table row per program. It
# builds nothing:
#
#   bash tools/bench/run_bench.sh [BUILD_DIR]     (default: build)
#
# BUILD_DIR must hold tools/tfmc and tools/tfmc_gen_bench (a Release build gives meaningful
# numbers). Environment knobs:
#   BENCH_MAX_SECONDS       --max-seconds of each stubborn run (default 120)
#   BENCH_NONE_MAX_SECONDS  --max-seconds of each none run (default 60)
#   BENCH_MAX_MEMORY        --max-memory of each run (default 8G)
#   BENCH_THREADS           --threads of each run (default 1: the figures are per core;
#                           tools/bench/threads_bench.sh measures more threads)
#   BENCH_ROWS              rows to run instead of the default set, e.g.
#                           "lost_update:6 hogwild:3x4 chain:100000:stubborn"
# A row is FAMILY:SIZE (SIZE as tfmc_gen_bench takes it); a third field `stubborn` skips the
# none run. tools/bench/README.md explains the columns.
set -euo pipefail

build_dir=${1:-build}
max_seconds=${BENCH_MAX_SECONDS:-120}
none_max_seconds=${BENCH_NONE_MAX_SECONDS:-60}
max_memory=${BENCH_MAX_MEMORY:-8G}
threads=${BENCH_THREADS:-1}

# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"

# The none run is skipped (`:stubborn`) where it cannot finish and would only burn its time
# limit (lost_update 7 and up, the larger hogwild sizes) or where a single expansion outgrows
# memory before the limits are looked at (independent 1000 and up: thousands of successors of
# thousands of slots each).
default_rows=()
for n in 10 100; do default_rows+=("independent:$n"); done
for n in 1000 10000; do default_rows+=("independent:$n:stubborn"); done
for n in 1000 10000 100000; do default_rows+=("chain:$n"); done
for n in 2 3 4 5 6; do default_rows+=("lost_update:$n"); done
for n in 7 8 9 10; do default_rows+=("lost_update:$n:stubborn"); done
for n in 4 5 6 7 8 9 10; do default_rows+=("assign_add:$n"); done
for s in 2x2 2x3 3x2 3x3; do default_rows+=("hogwild:$s"); done
for s in 2x8 4x2 3x4 4x3 5x2; do default_rows+=("hogwild:$s:stubborn"); done
if [[ -n ${BENCH_ROWS:-} ]]; then
  read -r -a rows <<<"$BENCH_ROWS"
else
  rows=("${default_rows[@]}")
fi

# The benchmark measures exploration, so race classification is off: after a nondeterministic
# result it costs two more explorations per race, each with the row's limits, which would
# swamp the racy rows (lost_update 9 has over a hundred races) and `cpu_s`.
# Peak RSS needs GNU time (`apt-get install time`); without it those columns are left out.
use_time=0
if /usr/bin/time -v true >/dev/null 2>&1; then use_time=1; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the table header (`format_row header USE_TIME`) or one row from the two JSON results
# (the none one is `-` when skipped), the GNU time report of the stubborn run (may be absent)
# and the exit codes. Fixed-width columns, so each row shows as soon as its runs end. The
# expected outcome count follows from the family's semantics (see gen_bench.cpp): a different
# count from either run is flagged, so a fast but wrong checker does not pass.
format_row() {
  python3 - "$@" <<'EOF'
import json, re, sys

# (header, width, needs GNU time); the first two groups are the stubborn run, then none.
COLUMNS = [
    ("family", 12, False), ("size", 6, False), ("outcomes", 8, False),
    ("states", 11, False), ("transitions", 12, False), ("seconds", 8, False),
    ("states/s", 9, False), ("st/node", 8, False), ("bytes/state", 11, False),
    ("store/raw", 9, False), ("peak_MiB", 8, True), ("cpu_s", 6, True),
    ("states", 12, False), ("transitions", 13, False), ("seconds", 8, False),
    ("states/s", 9, False),
]
FIRST_NONE = 12  # index of the none group's first column


def emit(cells, use_time, status):
    kept = [(c, w) for c, (_, w, timed) in zip(cells, COLUMNS) if use_time == "1" or not timed]
    line = " ".join(str(c).rjust(w) if i > 0 else str(c).ljust(w)
                    for i, (c, w) in enumerate(kept))
    print(f"{line}  {status}", flush=True)


def group_line(use_time):
    # "------ stubborn ------" over the stubborn columns, "-- none --" over the none ones.
    widths = [w for _, w, timed in COLUMNS if use_time == "1" or not timed]
    first_none = FIRST_NONE - (0 if use_time == "1" else 2)
    lead = sum(widths[:3]) + 3
    stubborn = sum(widths[3:first_none]) + (first_none - 4)
    none = sum(widths[first_none:]) + (len(widths) - first_none - 1)
    return " " * lead + " stubborn (default) ".center(stubborn, "-") + " " + \
        " none ".center(none, "-")


if sys.argv[1] == "header":
    print(group_line(sys.argv[2]))
    emit([name for name, _, _ in COLUMNS], sys.argv[2], "status")
    sys.exit(0)

family, size, use_time, stub_json, time_path, stub_rc, none_json, none_rc = sys.argv[1:9]

if family == "lost_update":
    expected = int(size)
elif family == "hogwild":
    workers, params = size.split("x")
    expected = int(workers) ** int(params)
else:
    expected = 1


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def run_cells(result):
    # states, transitions, seconds, states/s; counts of a stopped run are lower bounds.
    stats = result["stats"]
    bound = "" if result["complete"] else ">="
    states, seconds = stats["states"], stats["seconds"]
    return [f"{bound}{states}", f"{bound}{stats['transitions']}", f"{seconds:.3f}",
            f"{states / seconds:.0f}" if seconds > 0 else "-"]


def verdict(result, name):
    # "" when complete with the expected outcome count, else what went wrong.
    if not result["complete"]:
        return f"{name} incomplete ({result.get('stop_reason', '?')})"
    found = len(result["outcomes"])
    if found != expected:
        return f"{name} WRONG: {found} outcomes, expected {expected}"
    return ""


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

notes = []
stub = load(stub_json)
if stub is None:
    cells = [family, size] + ["-"] * 8 + [peak, cpu]
    notes.append(f"stubborn error (exit {stub_rc})")
else:
    stats = stub["stats"]
    states = stats["states"]
    raw = states * stats["state_slots"] * 4
    # Every node fires once on the way to a final state that is not stuck, so such an
    # outcome's witness lists each node (implicit Var and Copy nodes included) once.
    nodes = next((len(o["witness"]) for o in stub["outcomes"] if not o["stuck"]), 0)
    cells = [family, size, len(stub["outcomes"])] + run_cells(stub) + [
        f"{states / nodes:.3f}" if nodes else "-",
        f"{stats['store_bytes'] / states:.1f}" if states else "-",
        f"{stats['store_bytes'] / raw:.2f}" if raw else "-",
        peak,
        cpu,
    ]
    notes.append(verdict(stub, "stubborn"))

if none_json == "-":
    cells += ["skipped", "-", "-", "-"]
else:
    none = load(none_json)
    if none is None:
        cells += ["-"] * 4
        notes.append(f"none error (exit {none_rc})")
    else:
        cells += run_cells(none)
        notes.append(verdict(none, "none"))

notes = [n for n in notes if n]
emit(cells, use_time, "; ".join(notes) if notes else "ok")
EOF
}

# Runs `tfmc check PROGRAM --reduction LEVEL` with MAX_SECONDS into RESULT_JSON, the exit code
# into RC_FILE; TIME_FILE (or "") receives the GNU time report. tfmc's messages are shown only
# when it failed (a limit stop already shows in the status).
check() {
  local program=$1 level=$2 limit=$3 result=$4 rc_file=$5 time_file=$6
  local command=("$tfmc" check "$program" --json --quiet --reduction "$level"
    --max-seconds "$limit" --max-memory "$max_memory" --no-race-classification
    --threads "$threads")
  local rc=0
  if [[ -n $time_file ]]; then
    /usr/bin/time -v -o "$time_file" "${command[@]}" >"$result" 2>"$work/stderr.txt" || rc=$?
  else
    "${command[@]}" >"$result" 2>"$work/stderr.txt" || rc=$?
  fi
  if ((rc != 0 && rc != 1 && rc != 3)); then cat "$work/stderr.txt" >&2; fi
  echo "$rc" >"$rc_file"
}

format_row header "$use_time"
for row in "${rows[@]}"; do
  IFS=: read -r family size only <<<"$row"
  if [[ -z $size || (-n $only && $only != stubborn) ]]; then
    echo "run_bench.sh: bad row '$row' (FAMILY:SIZE or FAMILY:SIZE:stubborn)" >&2
    exit 2
  fi
  program=$work/program.tfg
  "$gen" "$family" "$size" >"$program"
  rm -f "$work"/*.json "$work/time.txt"
  time_file=""
  if ((use_time)); then time_file=$work/time.txt; fi
  check "$program" stubborn "$max_seconds" "$work/stubborn.json" "$work/stubborn.rc" "$time_file"
  none_json=-
  echo 0 >"$work/none.rc"
  if [[ $only != stubborn ]]; then
    none_json=$work/none.json
    check "$program" none "$none_max_seconds" "$none_json" "$work/none.rc" ""
  fi
  format_row "$family" "$size" "$use_time" "$work/stubborn.json" "$work/time.txt" \
    "$(<"$work/stubborn.rc")" "$none_json" "$(<"$work/none.rc")"
done
