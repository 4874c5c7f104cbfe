#!/usr/bin/env bash
# On-demand comparison of tfmc, SPIN and TLC on lost_update N, in one table: tfmc as a user runs
# it (default settings, one thread: its stubborn sets and the symmetry of the graph's towers,
# --symmetry auto) on lost_update 8, 9, 10 and 12; tfmc without symmetry (--symmetry none) on 8
# and 9; SPIN with its default partial-order reduction on 8 and 9, on its fastest model (one
# process a replica, lost_update_promela.py --replica-processes) and on 8 on the model of
# tfmc's state space; TLC's breadth-first search on 8 and 9. Every run is one after another,
# on one core each (tfmc --threads 1, SPIN's one process, TLC -workers 1), under the same
# wall-clock limit and resident-memory limit (limited_run.py), and a run a limit stopped is
# marked incomplete with the limit's name and what it had reached. SPIN's one-process model
# (lost_update_promela.py) and TLC's (lost_update_tla.py) are tfmc's state space without
# reduction, state for state; before the table the script checks that on a small N (the three
# explore every state there) and stops (exit 1) otherwise. SPIN's model of a process a replica
# fixes the order of each replica's nodes, so its states are not tfmc's; its outcomes are.
# Needs SPIN, a C compiler and GNU time (apt-get install spin gcc time), Java 11 or later and
# TLC's tla2tools.jar (not part of tfmc: the tla2tools.jar of a TLA+ release,
# https://github.com/tlaplus/tlaplus/releases). It builds nothing of tfmc:
#
#   TLC_JAR=/path/to/tla2tools.jar bash tools/bench/checkers_bench.sh [BUILD_DIR]  (default: build)
#
# Environment knobs:
#   BENCH_SECONDS     wall-clock limit of each run (default 300)
#   BENCH_MEMORY_MIB  resident-memory limit of each run, in MiB (default 6144)
#   BENCH_TFMC        the N of the rows of tfmc as a user runs it (default "8 9 10 12")
#   BENCH_NONE        the N of the rows of tfmc --symmetry none (default "8 9")
#   BENCH_SPIN        the N of SPIN's rows on its model of a process a replica (default "8 9")
#   BENCH_SPIN_GRAPH  the N of SPIN's rows on its one-process model, tfmc's state space (default
#                     "8": it explores every state, its partial-order reduction having nothing
#                     to reduce in one process)
#   BENCH_TLC         the N of TLC's rows (default "8 9"; "" skips TLC, and TLC_JAR is not needed)
#   BENCH_CHECK_SIZE  the N on which the three state spaces are compared first (default 4)
#   BENCH_HASH        SPIN's -w, log2 of its hash table's slots (default: the most whose table,
#                     8 bytes a slot, takes at most an eighth of BENCH_MEMORY_MIB)
#   TLC_JAR           TLC's tla2tools.jar
#   TLC_JAVA          the java command (default: java)
#   TLC_JAVA_OPTS     JVM options (default -XX:+UseParallelGC -Xmx of three quarters of
#                     BENCH_MEMORY_MIB, so that the JVM's heap and its other memory fit the limit)
# The limits: tfmc gets them as --max-seconds and --max-memory and stops itself; SPIN gets the
# memory limit as -DMEMLIM (it stops itself) and is interrupted (SIGINT, after which it prints
# its statistics) at the time limit; TLC gets the time limit as -Dtlc2.TLC.stopAfter (it stops
# itself) and the heap above. limited_run.py stops whatever passes either limit all the same.
# Columns: the checker and its settings; N; states stored; the states those stand for under
# symmetry (stats.orbit_states; "-" without); outcomes (tfmc's; "-" for SPIN and TLC, whose
# models keep no outcomes); seconds as the checker counts them (tfmc's stats.seconds, the
# exploration; SPIN's elapsed time; TLC's "Finished in", its whole run); the wall-clock seconds
# of the whole process; peak resident memory; complete ("yes", or "no (time)", "no (memory)":
# the limit that stopped the run, whose states are then a lower bound).
set -euo pipefail

build_dir=${1:-build}
seconds=${BENCH_SECONDS:-300}
memory_mib=${BENCH_MEMORY_MIB:-6144}
tfmc_sizes=${BENCH_TFMC-8 9 10 12}
none_sizes=${BENCH_NONE-8 9}
spin_sizes=${BENCH_SPIN-8 9}
spin_graph_sizes=${BENCH_SPIN_GRAPH-8}
tlc_sizes=${BENCH_TLC-8 9}
check_size=${BENCH_CHECK_SIZE:-4}
java=${TLC_JAVA:-java}
read -r -a java_opts <<<"${TLC_JAVA_OPTS:--XX:+UseParallelGC -Xmx$((memory_mib * 3 / 4))m}"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
# shellcheck source=tools/bench/bench_rows.sh
source "$here/bench_rows.sh"
need_tools "spin gcc python3 time" spin gcc python3 /usr/bin/time
if [[ -n $tlc_sizes ]]; then
  if [[ -z ${TLC_JAR:-} || ! -f ${TLC_JAR:-} ]]; then
    echo "checkers_bench.sh: TLC_JAR must name TLC's tla2tools.jar (now: '${TLC_JAR:-}'); get" \
      "the tla2tools.jar of a TLA+ release, https://github.com/tlaplus/tlaplus/releases" \
      "(or set BENCH_TLC=\"\" to leave TLC out)" >&2
    exit 2
  fi
  need_tools "default-jre-headless" "$java"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a command under the limits ($1: seconds of wall clock; further options of
# limited_run.py, then -- and the command), leaving limited_run.py's report in $work/limits.
limited() {
  local secs=$1
  shift
  python3 "$here/limited_run.py" "$secs" "$memory_mib" "$work/limits" "$@"
}

# Prints the table's header, and one row of it; $9 is "yes" or the limit that stopped the run.
header() {
  printf '%-38s %2s %11s %12s %8s %9s %8s %8s  %s\n' checker N states orbit_states outcomes \
    seconds wall_s peak_MiB complete
}
table_row() {
  local complete=yes
  [[ $9 != yes ]] && complete="no ($9)"
  printf '%-38s %2s %11s %12s %8s %9s %8s %8s  %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" \
    "$complete"
}

# Writes lost_update $1 for the three checkers: $work/lu$1.tfg, $work/lu$1.pml (one process),
# $work/lu$1-replicas.pml (a process a replica) and $work/tla$1/LostUpdate.{tla,cfg}.
write_models() {
  "$gen" lost_update "$1" >"$work/lu$1.tfg"
  python3 "$here/lost_update_promela.py" "$1" >"$work/lu$1.pml"
  python3 "$here/lost_update_promela.py" --replica-processes "$1" >"$work/lu$1-replicas.pml"
  mkdir -p "$work/tla$1"
  python3 "$here/lost_update_tla.py" "$1" "$work/tla$1"
}

# tfmc check of lost_update $2 on one thread under the limits, with the options $3...; prints
# its row named $1 and leaves its JSON in $work/tfmc.json. Stops the script (exit 1) when tfmc
# gave no report or a complete run's outcome count is not N.
tfmc_limited_row() {
  local name=$1 n=$2
  shift 2
  # tfmc stops itself at the limits; limited_run.py only if that failed, 30 s or 1/16 of the
  # memory later (so that its watch, which polls, does not stop tfmc before tfmc's own does).
  limited $((seconds + 30)) -- "$tfmc" check "$work/lu$n.tfg" --threads 1 \
    --max-seconds "$seconds" --max-memory "$((memory_mib * 15 / 16))M" --json --quiet "$@" \
    >"$work/tfmc.json" 2>"$work/tfmc.err"
  local fields
  fields=$(python3 -c '
import json, sys
n, limits = int(sys.argv[2]), open(sys.argv[3]).read().split()
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit("checkers_bench.sh: tfmc gave no report on lost_update %d (stopped: %s, exit %s): %s"
             % (n, limits[0], limits[3], open(sys.argv[4]).read()[-2000:]))
st = d["stats"]
if d["complete"] and len(d["outcomes"]) != n:
    sys.exit("checkers_bench.sh: tfmc found %d outcomes on lost_update %d, expected %d"
             % (len(d["outcomes"]), n, n))
reason = d.get("stop_reason")
stop = {"max-seconds": "time", "max-memory": "memory"}.get(reason, reason)
print(st["states"], st.get("orbit_states", "-"), len(d["outcomes"]), "%.2f" % st["seconds"],
      limits[2], "%.0f" % (int(limits[1]) / 1024), "yes" if d["complete"] else stop)
' "$work/tfmc.json" "$n" "$work/limits" "$work/tfmc.err")
  # shellcheck disable=SC2086  # the fields are words
  table_row "$name" "$n" $fields
}

# The largest SPIN -w whose hash table (8 bytes a slot) takes at most an eighth of the memory
# limit, so that the states have the rest.
spin_hash_bits() {
  python3 -c 'import sys; print((int(sys.argv[1]) * 2**20 // 64).bit_length() - 1)' "$memory_mib"
}

# SPIN, default partial-order reduction, on lost_update $2 (Promela file $3) under the limits;
# prints its row named $1 and leaves its states in $work/spin.states.
spin_limited_row() {
  local name=$1 n=$2 pml=$3 counts states secs reason peak wall
  spin_pan "$work" "$pml" -DMEMLIM="$memory_mib"
  (cd "$work" && limited "$seconds" --signal INT -- ./pan -w"${BENCH_HASH:-$(spin_hash_bits)}" \
    >"$work/pan.txt" 2>&1)
  counts=$(spin_counts "$work/pan.txt")
  read -r states secs <<<"$counts"
  read -r reason peak wall _ <"$work/limits"
  grep -q "reached -DMEMLIM bound" "$work/pan.txt" && reason=memory
  [[ $reason == "done" ]] && reason=yes
  echo "$states" >"$work/spin.states"
  table_row "$name" "$n" "$states" - - "$(printf %.2f "$secs")" \
    "$wall" "$((peak / 1024))" "$reason"
}

# TLC, one worker, on lost_update $1 under the limits; prints its row and leaves its
# "DISTINCT GENERATED" in $work/tlc.counts and its version line in $work/tlc.version.
tlc_limited_row() {
  local n=$1 summary distinct generated left secs reason peak wall
  rm -rf "$work/tlc-states"
  # TLC stops itself at the time limit; limited_run.py only if that failed, 60 s later.
  (cd "$work/tla$n" && limited $((seconds + 60)) -- "$java" "${java_opts[@]}" \
    -Dtlc2.TLC.stopAfter="$seconds" -Dtlc2.TLC.progressInterval=10 -Djava.io.tmpdir="$work" \
    -cp "$TLC_JAR" tlc2.TLC -tool -workers 1 -metadir "$work/tlc-states" \
    -config LostUpdate.cfg LostUpdate >"$work/tlc.txt" 2>&1)
  summary=$(python3 "$here/tlc_output.py" --partial "$work/tlc.txt")
  read -r distinct generated left secs _ <<<"$(head -n 1 <<<"$summary")"
  tail -n 1 <<<"$summary" >"$work/tlc.version"
  echo "$distinct $generated" >"$work/tlc.counts"
  read -r reason peak wall _ <"$work/limits"
  if grep -q "java.lang.OutOfMemoryError" "$work/tlc.txt"; then
    reason=memory
  elif [[ $left -gt 0 && $reason == "done" ]]; then
    reason="time"  # -Dtlc2.TLC.stopAfter
  elif [[ $left -eq 0 && $reason == "done" ]]; then
    reason=yes
  fi
  [[ $secs == - ]] && secs=$wall
  table_row "TLC, 1 worker" "$n" "$distinct" - - "$(printf %.2f "$secs")" "$wall" \
    "$((peak / 1024))" "$reason"
}

# The three state spaces of lost_update $check_size, without reduction, must be one: tfmc's
# states are SPIN's states stored and TLC's distinct states, and tfmc's transitions + 1 TLC's
# states generated (its initial state counts as generated).
check_state_spaces() {
  local n=$check_size tfmc_states tfmc_transitions spin_states tlc_distinct tlc_generated
  write_models "$n"
  echo "Checking that the three state spaces of lost_update $n agree (every state explored):"
  header
  tfmc_limited_row "tfmc --reduction none --symmetry none" "$n" --reduction none \
    --symmetry none --no-race-classification
  read -r tfmc_states tfmc_transitions < <(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["stats"]
print(s["states"], s["transitions"])
' "$work/tfmc.json")
  spin_limited_row "SPIN, one process, POR" "$n" "$work/lu$n.pml"
  spin_states=$(cat "$work/spin.states")
  local verdict="agree"
  if [[ $spin_states -ne $tfmc_states ]]; then
    verdict="DIFFER: SPIN stored $spin_states states, tfmc $tfmc_states"
  fi
  if [[ -n $tlc_sizes ]]; then
    tlc_limited_row "$n"
    read -r tlc_distinct tlc_generated <"$work/tlc.counts"
    if [[ $tlc_distinct -ne $tfmc_states || $tlc_generated -ne $((tfmc_transitions + 1)) ]]; then
      verdict="DIFFER: TLC found $tlc_distinct distinct states and generated $tlc_generated;"
      verdict+=" tfmc stored $tfmc_states states and examined $tfmc_transitions transitions"
    fi
  fi
  echo "state spaces of lost_update $n: $verdict"
  [[ $verdict == agree ]] || exit 1
  echo
}

echo "checkers_bench.sh, $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores," \
  "$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1);" \
  "$(free -g | awk '/^Mem:/ {print $2}') GiB; load $(cut -d ' ' -f 1-3 /proc/loadavg)"
echo "$("$tfmc" --version); $(spin -V)"
[[ -n $tlc_sizes ]] && echo "$("$java" -version 2>&1 | head -n 1); java options: ${java_opts[*]}"
echo "limits of each run: $seconds s of wall clock, $memory_mib MiB resident"
echo
check_state_spaces
header
for n in $tfmc_sizes; do
  write_models "$n"
  tfmc_limited_row "tfmc (defaults, --threads 1)" "$n"
done
for n in $none_sizes; do
  write_models "$n"
  tfmc_limited_row "tfmc --symmetry none (--threads 1)" "$n" --symmetry none
done
for n in $spin_sizes; do
  write_models "$n"
  spin_limited_row "SPIN, process a replica, POR" "$n" "$work/lu$n-replicas.pml"
done
for n in $spin_graph_sizes; do
  write_models "$n"
  spin_limited_row "SPIN, one process, POR" "$n" "$work/lu$n.pml"
done
for n in $tlc_sizes; do
  write_models "$n"
  tlc_limited_row "$n"
done
[[ -n $tlc_sizes ]] && echo "TLC: $(cat "$work/tlc.version")"
exit 0
