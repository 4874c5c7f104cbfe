# shellcheck shell=bash disable=SC2154  # $tfmc and $work are the sourcing script's
# Sourced by spin_bench.sh and tlc_bench.sh: what both need before they run, and the rows of
# their tables, tfmc's and the other checker's alike. Needs $tfmc (the tfmc binary) and $work
# (a scratch folder), GNU time and python3.

# Stops the sourcing script (exit 2) when one of the commands $2... is missing, naming the
# packages $1 that provide them.
need_tools() {
  local packages=$1 tool
  shift
  for tool in "$@"; do
    if ! command -v "$tool" >/dev/null; then
      echo "$(basename "$0"): $tool not found: apt-get install $packages" >&2
      exit 2
    fi
  done
}

# Prints one row: $1 the checker's name, $2 states, $3 seconds, $4 peak KiB.
row() {
  python3 -c '
import sys
name, states, secs, peak = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
print("%-32s %12d %9.2f %12.0f %9.0f %8.1f" % (name, states, secs, states / max(secs, 1e-9),
      peak / 1024, peak * 1024 / states))
' "$@"
}

# Runs command $2... once under GNU time, as run $3 (RUN=$3 in its environment, so that its
# own output files can be kept apart), keeping its "USER SYSTEM" CPU seconds and its peak KiB
# in $1.run$3.
timed_run() {
  local out=$1 k=$2
  shift 2
  RUN=$k /usr/bin/time -f '%U %S
%M' -o "$out.run$k" "$@" || true
}

# Of the runs timed_run kept for $1, keeps in $1 the "USER SYSTEM" CPU seconds and in $1.peak
# the peak KiB of the run with the median CPU time (of an even count, the lower of the middle
# two), and prints its number.
keep_median() {
  local out=$1 k
  k=$(for f in "$out".run*; do
    echo "$(tail -n 2 "$f" | head -n 1 | awk '{print $1 + $2}') ${f##*.run}"
  done | sort -n | awk '{r[NR] = $2} END {print r[int((NR + 1) / 2)]}')
  tail -n 2 "$out.run$k" | head -n 1 >"$out"
  tail -n 1 "$out.run$k" >"$out.peak"
  rm -f "$out".run*
  echo "$k"
}

# Runs command $2... $BENCH_REPEAT times (default 1) and keeps the median run's figures in $1
# as keep_median does, printing its number. One run on a loaded machine can be 7% off either
# way: repeats make a ratio of two rows steadier.
run_median() {
  local out=$1 k
  shift
  for ((k = 1; k <= ${BENCH_REPEAT:-1}; k++)); do timed_run "$out" "$k" "$@"; done
  keep_median "$out"
}

# Run $5 of program $1 explored in full (no reduction, no symmetry) on $2 threads with store
# $3: its JSON in $4.$5, its CPU seconds and peak beside it (timed_run's $4.cpu.run$5).
tfmc_run() {
  timed_run "$4.cpu" "$5" sh -c '"$0" check "$1" --json --quiet --no-race-classification \
    --reduction none --symmetry none --threads "$2" --store "$3" >"$4.$RUN"' \
    "$tfmc" "$1" "$2" "$3" "$4"
}

# Of tfmc_run's runs into $4 (of $2 threads, store $3), keeps the median run's JSON in $4 and
# its CPU seconds in $4.cpu, and prints its row; stops the script when the run is incomplete.
tfmc_row() {
  local json=$4 states secs k
  k=$(keep_median "$json.cpu")
  mv "$json.$k" "$json"
  rm -f "$json".[0-9]*
  read -r states secs < <(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
if not d["complete"]:
    sys.exit(sys.argv[2] + ": tfmc stopped early: " + d["stop_reason"])
print(d["stats"]["states"], d["stats"]["seconds"])
' "$json" "$(basename "$0")")
  row "tfmc --threads $2 $3" "$states" "$secs" "$(cat "$json.cpu.peak")"
}

# Starts the table of lost_update $2, whose program is $1, with tfmc's rows: the exact
# compressed store and --store fingerprint, each on one thread and on $3 threads (when more
# than one). The JSON of each store's run on T threads is left in $work/tfmc-STORE-T.json (its
# CPU seconds beside it, as tfmc_row leaves them), and of its last in $work/tfmc-STORE.json.
tfmc_rows() {
  local store threads k
  echo "lost_update $2, every interleaving"
  printf '%-32s %12s %9s %12s %9s %8s\n' checker states seconds states/s peak_MiB B/state
  threads=1
  [[ $3 -gt 1 ]] && threads="1 $3"
  # With BENCH_REPEAT, the rows' runs take turns (each row's first, then each row's second,
  # ...), so that a machine that slows down for a while slows every row alike, and the ratios
  # of rows stay steady.
  for ((k = 1; k <= ${BENCH_REPEAT:-1}; k++)); do
    for store in compressed fingerprint; do
      for t in $threads; do tfmc_run "$1" "$t" "$store" "$work/tfmc-$store-$t.json" "$k"; done
    done
  done
  for store in compressed fingerprint; do
    for t in $threads; do tfmc_row "$1" "$t" "$store" "$work/tfmc-$store-$t.json"; done
    cp "$work/tfmc-$store-${threads##* }.json" "$work/tfmc-$store.json"
  done
  return 0
}

# Compiles SPIN's verifier of Promela file $2 as $1/pan, exhaustive search for safety
# (-DSAFETY), with the gcc flags $3... (e.g. -DNOREDUCE, -DMEMLIM=MIB).
spin_pan() {
  local dir=$1 pml=$2
  shift 2
  (cd "$dir" && spin -a "$pml" >/dev/null && gcc -O2 -DSAFETY "$@" -o pan pan.c)
}

# Reads the output of SPIN's pan ($1) and prints "STATES SECONDS": the states stored and its
# elapsed time; stops the sourcing script (exit 1), showing the output, when SPIN reported an
# error.
spin_counts() {
  if grep -q "errors: [1-9]\|error:" "$1"; then
    echo "$(basename "$0"): SPIN reported an error:" >&2
    cat "$1" >&2
    exit 1
  fi
  echo "$(sed -n 's/^ *\([0-9]*\) states, stored.*/\1/p' "$1")" \
    "$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$1")"
}
