#!/usr/bin/env bash
# Symmetry reduction under --distributed (FORMAT.md, "Symmetry reduction"): on programs run
# with --concurrent 2 and 3 (--symmetry replicas), and on one graph of four read-add-write
# towers with an output each (--symmetry graph), tfmc check --distributed with that symmetry
# must give the exit code, outcomes (but for witnesses) and races of tfmc check --symmetry
# none in one process, and store at least the states of that symmetry in one process (each
# rank's canonical form sorts by its own value ids, so an orbit may be stored in two forms).
#
#   cli_symmetry_distributed_test.sh TFMC MPIEXEC RANKS SOURCE_DIR
set -euo pipefail
tfmc=$1 mpiexec=$2 ranks=$3 source_dir=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Exit codes 0 and 1 are the complete results these programs give.
run() {
  local out=$1
  shift
  local status=0
  "$@" --json --quiet >"$out" 2>"$work/err" || status=$?
  [[ $status -le 1 ]] || { echo "exit $status: $*" >&2; cat "$work/err" >&2; exit 1; }
  echo "$status"
}

# Four towers of x = x + 1, each with its read as an output.
towers=$work/towers.tfg
{
  echo "var x = i32{0}"
  for i in 1 2 3 4; do
    printf 'r%s = Read(&x)\nc%s = Const {value=i32{1}}\n' "$i" "$i"
    printf 'a%s = Add(r%s, c%s)\nw%s = Write(&x, a%s)\noutput r%s\n' "$i" "$i" "$i" "$i" "$i" "$i"
  done
} >"$towers"

compared=0
for case in "replicas specs/rfc/increment_read_compute_write.tfg --concurrent 3" \
  "replicas specs/paper/figure4_lost_update.tfg --concurrent 2" \
  "replicas specs/rfc/queue_blocking.tfg --concurrent 3" \
  "replicas specs/sessions/sgd_read_compute_write.tfg --concurrent 3 --reduction none" \
  "graph $towers --reduction none"; do
  read -r -a args <<<"$case"
  symmetry=${args[0]}
  args=("${args[@]:1}")
  [[ ${args[0]} == /* ]] || args[0]=$source_dir/${args[0]}
  plain=$(run "$work/plain.json" "$tfmc" check "${args[@]}" --symmetry none)
  local_reduced=$(run "$work/local.json" "$tfmc" check "${args[@]}" --symmetry "$symmetry")
  ranked=$(run "$work/ranked.json" "$mpiexec" -n "$ranks" --oversubscribe "$tfmc" check \
    "${args[@]}" --symmetry "$symmetry" --distributed)
  [[ $plain == "$ranked" && $plain == "$local_reduced" ]] ||
    { echo "$case: exit $plain without symmetry, $ranked on $ranks ranks" >&2; exit 1; }
  python3 - "$work/plain.json" "$work/local.json" "$work/ranked.json" "$case" "$symmetry" <<'PY'
import json, sys
plain, local, ranked = (json.load(open(p)) for p in sys.argv[1:4])
case, symmetry = sys.argv[4:6]
def outcomes(d):
    return sorted(json.dumps({k: v for k, v in o.items() if k != "witness"}, sort_keys=True)
                  for o in d["outcomes"])
assert ranked["symmetry"] == symmetry and plain["symmetry"] == "none", case
assert outcomes(plain) == outcomes(ranked), case + ": the outcomes differ"
assert plain["races"] == ranked["races"], case + ": the races differ"
assert local["stats"]["replica_classes"] == ranked["stats"]["replica_classes"], case
# Each rank sorts replicas by its own value ids: an orbit may be stored in more than one form.
assert ranked["stats"]["states"] >= local["stats"]["states"], case
PY
  compared=$((compared + 1))
done
[[ $compared -eq 5 ]]
echo "$compared programs compared on $ranks ranks"
