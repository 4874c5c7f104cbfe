#!/usr/bin/env bash
# tfmc check --distributed under mpirun against tfmc check in one process, on every testdata
# graph (tests/CMakeLists.txt runs it with 2 ranks): the same exit code, and for the graphs
# that explore, the same JSON but for the witnesses, the times and the figures that are a
# rank's or the ranks' (stats.ranks, threads, store_bytes, disk_bytes, and values and
# evaluations, which are rank 0's). Then `compare --distributed`, the figures of stats.ranks,
# a rank that stops answering: exit 4 and the error on stderr, no hang, and --max-seconds
# stops: in the eager firings from the initial state, and of a whole command in time.
#
#   cli_distributed_test.sh TFMC MPIEXEC RANKS SOURCE_DIR
set -euo pipefail
tfmc=$1 mpiexec=$2 ranks=$3 source_dir=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
distributed() { "$mpiexec" -n "$ranks" --oversubscribe "$tfmc" "$@" --distributed; }

# The JSON with what may differ removed.
same_json() {
  python3 - "$1" "$2" <<'PY'
import json, sys
def canon(path):
    d = json.load(open(path))
    docs = [d] + ([d["before"]] if "before" in d else [])
    for doc in docs:
        for key in ("seconds", "store_bytes", "disk_bytes", "ranks", "threads", "values",
                    "evaluations"):
            doc["stats"].pop(key, None)
        for list_key in ("outcomes", "added", "lost"):
            for o in doc.get(list_key, []):
                o.pop("witness", None)
    return d
a, b = canon(sys.argv[1]), canon(sys.argv[2])
if a != b:
    print(json.dumps(a, indent=1)[:3000]); print(json.dumps(b, indent=1)[:3000]); sys.exit(1)
PY
}

compared=0
for dir in "$source_dir"/testdata/*/; do
  [[ -f $dir/graph.tfg ]] || continue
  opts=()
  if [[ -f $dir/options ]]; then read -r -d '' -a opts <"$dir/options" || true; fi
  one=0 many=0
  "$tfmc" check "$dir/graph.tfg" "${opts[@]}" --json --quiet >"$work/one.json" 2>/dev/null || one=$?
  distributed check "$dir/graph.tfg" "${opts[@]}" --json --quiet >"$work/many.json" \
    2>"$work/many.err" || many=$?
  if [[ $one != "$many" ]]; then
    echo "$dir: exit $one in one process, $many on $ranks ranks" >&2
    cat "$work/many.err" >&2
    exit 1
  fi
  if [[ $one -lt 2 || $one -eq 3 ]]; then
    same_json "$work/one.json" "$work/many.json" || { echo "$dir: the reports differ" >&2; exit 1; }
    compared=$((compared + 1))
  fi
done
[[ $compared -ge 10 ]] || { echo "only $compared graphs compared" >&2; exit 1; }

# compare: lost_update with its race fixed by an `after`, against the racy one.
printf 'var x = i32{0}\nr1 = Read(&x)\nr2 = Read(&x)\nc = Const {value=i32{1}}\ns1 = Add(r1, c)\ns2 = Add(r2, c)\nw1 = Write(&x, s1)\nw2 = Write(&x, s2)\n' >"$work/racy.tfg"
sed 's/^r2 = Read(&x)$/r2 = Read(\&x) after w1/' "$work/racy.tfg" >"$work/fixed.tfg"
one=0 many=0
"$tfmc" compare "$work/racy.tfg" "$work/fixed.tfg" --json --quiet >"$work/one.json" || one=$?
distributed compare "$work/racy.tfg" "$work/fixed.tfg" --json --quiet >"$work/many.json" || many=$?
[[ $one == "$many" ]] || { echo "compare: exit $one against $many" >&2; exit 1; }
same_json "$work/one.json" "$work/many.json" || { echo "compare: the reports differ" >&2; exit 1; }

# stats.ranks as FORMAT.md has it: one entry a rank, with every figure, adding up.
distributed check "$work/racy.tfg" --json --quiet >"$work/many.json" || true
python3 - "$work/many.json" "$ranks" <<'PY'
import json, sys
stats = json.load(open(sys.argv[1]))["stats"]
ranks = stats["ranks"]
assert len(ranks) == int(sys.argv[2]), ranks
keys = {"states", "transitions", "store_bytes", "disk_bytes", "states_sent", "messages",
        "message_bytes", "seconds", "wait_seconds"}
for r in ranks:
    assert set(r) == keys, sorted(r)
    assert 0 <= r["wait_seconds"] <= r["seconds"], r
for total in ("states", "transitions", "store_bytes", "disk_bytes"):
    assert sum(r[total] for r in ranks) == stats[total], total
PY

# A rank that stops answering (rank 1 is stopped for 30 s in the middle of a long run: six
# towers, without the symmetry reduction that would make it short): rank 0 gives up after
# --rank-timeout (10 s), and the run ends with exit 4 and the error, not a hang.
{
  echo 'var x = i32{0}'
  for w in 0 1 2 3 4 5; do
    echo "r$w = Read(&x)"
    echo "c$w = Const {value=i32{1}}"
    echo "s$w = Add(r$w, c$w)"
    echo "w$w = Write(&x, s$w)"
  done
} >"$work/long.tfg"
# Waits (up to 60 s) until rank 1 has run 2 s of CPU time, so that it is exploring (a rank
# stopped while MPI starts stops the others in MPI_Init, which is MPI's wait, not tfmc's),
# stops it for 30 s (three times --rank-timeout), then lets it go on, so that mpirun can end it
# once rank 0 has ended the run (a stopped process does not act on the signal that ends it).
stop_rank_1() {
  local ticks
  ticks=$(($(getconf CLK_TCK) * 2))
  for _ in $(seq 600); do
    for pid in $(pgrep -f "tfmc check $work/long.tfg"); do
      if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1' &&
        [[ $(awk '{print $14}' "/proc/$pid/stat" 2>/dev/null || echo 0) -ge $ticks ]]; then
        kill -STOP "$pid"
        sleep 30
        kill -CONT "$pid" 2>/dev/null || true
        return
      fi
    done
    sleep 0.1
  done
}
stop_rank_1 &
stopper=$!
status=0
timeout 120 "$mpiexec" -n "$ranks" --oversubscribe "$tfmc" check "$work/long.tfg" --reduction none \
  --symmetry none --quiet --distributed --rank-timeout 10 >/dev/null 2>"$work/stopped.err" ||
  status=$?
wait "$stopper" || true
pkill -CONT -f "tfmc check $work/long.tfg" || true
pkill -KILL -f "tfmc check $work/long.tfg" || true
if [[ $status != 4 ]] || ! grep -q 'a rank died or cannot be reached' "$work/stopped.err"; then
  echo "a stopped rank: exit $status" >&2
  cat "$work/stopped.err" >&2
  exit 1
fi
# --max-seconds stops the ranks' eager firings from the initial state too: a race-free chain of
# 1024 x 1024 MatMuls, several seconds long, stops with no state stored.
{
  echo 'x = Const {value=f32[1024,1024]{1}}'
  echo 'w = Const {value=f32[1024,1024]{0.001}}'
  echo 'm0 = MatMul(x, w)'
  for i in $(seq 1 199); do echo "m$i = MatMul(m$((i - 1)), w)"; done
  echo 'output m199'
} >"$work/chain.tfg"
status=0
distributed check "$work/chain.tfg" --max-seconds 0.5 --json --quiet >"$work/chain.json" \
  2>/dev/null || status=$?
if [[ $status != 3 ]] || ! grep -q '"stopped_in": "initial-state"' "$work/chain.json" ||
  ! grep -q '"states": 0,' "$work/chain.json"; then
  echo "a MatMul chain under --max-seconds 0.5: exit $status" >&2
  head -c 2000 "$work/chain.json" >&2
  exit 1
fi
# --max-seconds bounds the whole distributed command: lost_update 12, far too large to finish
# without symmetry reduction, stops at 1.5 s with exit 3 and ends within a margin of 2.5 s
# (mpirun's start included; its wait for the ranks it kills after rank 0 exits 3 is turned off,
# as FORMAT.md says to).
{
  echo 'var x = i32{0}'
  for w in $(seq 12); do
    echo "r$w = Read(&x)"
    echo "c$w = Const {value=i32{1}}"
    echo "s$w = Add(r$w, c$w)"
    echo "w$w = Write(&x, s$w)"
  done
} >"$work/big.tfg"
status=0
start=$(date +%s.%N)
"$mpiexec" --mca odls_base_sigkill_timeout 0 -n "$ranks" --oversubscribe "$tfmc" check \
  "$work/big.tfg" --distributed --max-seconds 1.5 --json --quiet --no-race-classification \
  --symmetry none >"$work/big.json" 2>/dev/null || status=$?
end=$(date +%s.%N)
if [[ $status != 3 ]] || ! grep -q '"stop_reason": "max-seconds"' "$work/big.json" ||
  ! grep -Eq '"stopped_in": "(exploration|final-state-scan)"' "$work/big.json" ||
  ! awk -v a="$start" -v b="$end" 'BEGIN { exit (b - a < 1.5 + 2.5 ? 0 : 1) }'; then
  echo "lost_update 12 under --max-seconds 1.5: exit $status after $start to $end" >&2
  head -c 2000 "$work/big.json" >&2
  exit 1
fi
echo "cli_distributed_test: $compared graphs and a compare agree on $ranks ranks; a stopped rank ends the run; --max-seconds stops the initial state's eager firings and the whole command"
