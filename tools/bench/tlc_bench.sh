#!/usr/bin/env bash
# On-demand comparison with TLC, the TLA+ model checker, on the same graphs: lost_update N
# explored in full by tfmc (--reduction none) on one thread and on every core, with its exact
# compressed store and with --store fingerprint, and by TLC's breadth-first search (which
# stores 64-bit fingerprints, as --store fingerprint does) with one worker and with a worker
# per core. tools/bench/lost_update_tla.py writes the TLA+ module, whose state space is
# tfmc's state for state; the script checks that TLC's "distinct states found" is tfmc's
# stats.states and its "states generated" tfmc's stats.transitions + 1, and fails otherwise.
# Needs Java 11 or later, TLC's tla2tools.jar (not part of tfmc: the tla2tools.jar of a TLA+
# release, https://github.com/tlaplus/tlaplus/releases) and GNU time for the memory columns.
# It builds nothing of tfmc:
#
#   TLC_JAR=/path/to/tla2tools.jar bash tools/bench/tlc_bench.sh [BUILD_DIR]   (default: build)
#
# Environment knobs:
#   TLC_JAR        TLC's tla2tools.jar (required)
#   BENCH_SIZES    the N of lost_update N (default "5 6": 1.6 and 37.4 million states)
#   TLC_JAVA       the java command (default: java)
#   TLC_JAVA_OPTS  JVM options (default -XX:+UseParallelGC, as TLC recommends; e.g. add
#                  -Xmx4g: the JVM's default heap is a quarter of the physical memory)
#   TLC_FPMEM      TLC's -fpmem: the fraction of the heap for its fingerprint set, which TLC
#                  allocates whole at start (default: TLC's own, 0.25)
# Columns: the checker; states stored; seconds (tfmc's stats.seconds, the exploration; TLC's
# "Finished in", its whole run from start, parsing the module included); states/s; peak
# resident memory (GNU time) and that memory per state. Under the table: the probability that
# a fingerprint collision lost a state, as tfmc --store fingerprint reports it
# (stats.collision_probability) and as TLC prints it ("calculated (optimistic)"), both
# n (m - n) / 2^64 with n the states stored and m the states generated (tfmc: transitions + 1).
set -euo pipefail

build_dir=${1:-build}
sizes=${BENCH_SIZES:-5 6}
java=${TLC_JAVA:-java}
read -r -a java_opts <<<"${TLC_JAVA_OPTS:--XX:+UseParallelGC}"
fpmem=${TLC_FPMEM:-}
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
if [[ -z ${TLC_JAR:-} || ! -f ${TLC_JAR:-} ]]; then
  echo "tlc_bench.sh: TLC_JAR must name TLC's tla2tools.jar (now: '${TLC_JAR:-}'); get the" \
    "tla2tools.jar of a TLA+ release, https://github.com/tlaplus/tlaplus/releases" >&2
  exit 2
fi
# shellcheck source=tools/bench/bench_rows.sh
source "$here/bench_rows.sh"
need_tools "default-jre-headless time python3" "$java" /usr/bin/time python3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tlc_row() {  # $1 workers; needs $work/tla/LostUpdate.{tla,cfg} and $want_states, $want_generated
  local name="TLC -workers $1${fpmem:+ -fpmem $fpmem}" rc=0 summary distinct generated secs
  rm -rf "$work/tlc-states"
  (cd "$work/tla" && /usr/bin/time -f %M -o "$work/peak" "$java" "${java_opts[@]}" \
    -Djava.io.tmpdir="$work" -cp "$TLC_JAR" tlc2.TLC -tool -workers "$1" \
    ${fpmem:+-fpmem "$fpmem"} -metadir "$work/tlc-states" -config LostUpdate.cfg LostUpdate \
    >"$work/tlc.txt" 2>&1) || rc=$?
  if [[ $rc -ne 0 ]]; then
    echo "tlc_bench.sh: $name exited with status $rc; its output:" >&2
    tail -c 6000 "$work/tlc.txt" >&2
    exit 1
  fi
  summary=$(python3 "$here/tlc_output.py" "$work/tlc.txt")
  read -r distinct generated _ secs tlc_prob <<<"$(head -n 1 <<<"$summary")"
  tlc_version=$(tail -n 1 <<<"$summary")
  if [[ $distinct -ne $want_states || $generated -ne $want_generated ]]; then
    echo "tlc_bench.sh: MISMATCH on lost_update $n: $name found $distinct distinct states" \
      "and generated $generated; tfmc stored $want_states states and examined" \
      "$((want_generated - 1)) transitions (TLC should generate transitions + 1)." \
      "The TLA+ model is not tfmc's state space (or a fingerprint collision lost states)." >&2
    exit 1
  fi
  tlc_distinct=$distinct tlc_generated=$generated
  row "$name" "$distinct" "$secs" "$(tail -n 1 "$work/peak")"
}

cores=$(nproc)
for n in $sizes; do
  "$gen" lost_update "$n" >"$work/lu.tfg"
  rm -rf "$work/tla" && mkdir "$work/tla"
  python3 "$here/lost_update_tla.py" "$n" "$work/tla"
  tfmc_rows "$work/lu.tfg" "$n" "$cores"
  read -r want_states want_generated tfmc_prob < <(python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["stats"]
print(s["states"], s["transitions"] + 1, s["collision_probability"])
' "$work/tfmc-fingerprint.json")
  tlc_row 1
  [[ $cores -gt 1 ]] && tlc_row "$cores"
  python3 -c '
import sys
tfmc_prob, tlc_val, n, m = float(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
print("collision probability: tfmc --store fingerprint %.3g; TLC \"calculated (optimistic):"
      " val = %s\" (n (m - n) / 2^64 of its n = %d distinct, m = %d generated: %.3g)"
      % (tfmc_prob, tlc_val, n, m, n * (m - n) / 2.0 ** 64))
' "$tfmc_prob" "$tlc_prob" "$tlc_distinct" "$tlc_generated"
  echo "TLC: $tlc_version"
  echo
done
