#!/usr/bin/env bash
# Symmetry reduction under --distributed (FORMAT.md, "Symmetry reduction"): on programs run
# with --concurrent 2 and 3, tfmc check --distributed --symmetry replicas must give the exit
# code, outcomes (but for witnesses) and races of tfmc check --symmetry none in one process,
# and store at least the states of --symmetry replicas in one process (each rank's canonical
# form sorts by its own value ids, so an orbit may be stored in two forms).
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

compared=0
for case in "specs/rfc/increment_read_compute_write.tfg --concurrent 3" \
  "specs/paper/figure4_lost_update.tfg --concurrent 2" \
  "specs/rfc/queue_blocking.tfg --concurrent 3" \
  "specs/sessions/sgd_read_compute_write.tfg --concurrent 3 --reduction none"; do
  read -r -a args <<<"$case"
  args[0]=$source_dir/${args[0]}
  plain=$(run "$work/plain.json" "$tfmc" check "${args[@]}" --symmetry none)
  local_replicas=$(run "$work/local.json" "$tfmc" check "${args[@]}" --symmetry replicas)
  ranked=$(run "$work/ranked.json" "$mpiexec" -n "$ranks" --oversubscribe "$tfmc" check \
    "${args[@]}" --symmetry replicas --distributed)
  [[ $plain == "$ranked" && $plain == "$local_replicas" ]] ||
    { echo "$case: exit $plain without symmetry, $ranked on $ranks ranks" >&2; exit 1; }
  python3 - "$work/plain.json" "$work/local.json" "$work/ranked.json" "$case" <<'PY'
import json, sys
plain, local, ranked = (json.load(open(p)) for p in sys.argv[1:4])
case = sys.argv[4]
def outcomes(d):
    return sorted(json.dumps({k: v for k, v in o.items() if k != "witness"}, sort_keys=True)
                  for o in d["outcomes"])
assert ranked["symmetry"] == "replicas" and plain["symmetry"] == "none", case
assert outcomes(plain) == outcomes(ranked), case + ": the outcomes differ"
assert plain["races"] == ranked["races"], case + ": the races differ"
assert local["stats"]["replica_classes"] == ranked["stats"]["replica_classes"], case
# Each rank sorts replicas by its own value ids: an orbit may be stored in more than one form.
assert ranked["stats"]["states"] >= local["stats"]["states"], case
PY
  compared=$((compared + 1))
done
[[ $compared -eq 4 ]]
echo "$compared programs compared on $ranks ranks"
