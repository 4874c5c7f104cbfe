#!/usr/bin/env bash
# On-demand benchmark of distributed exploration (`tfmc check --distributed` under mpirun):
# `lost_update N` (default 5) without reduction (`--reduction none`, every interleaving),
# explored to the end by one plain process and by 1, 2, 4, ... MPI ranks, in one run, then at
# the largest rank count with several --message-bytes, to show how batching changes the message
# volume and the time. Every row must find the states and transitions of the plain process, or
# the script stops with an error. It builds nothing (tfmc must be built with Open MPI):
#
#   bash tools/bench/dist_bench.sh [BUILD_DIR]     (default: build)
#
# Environment knobs:
#   BENCH_SIZE           N of lost_update N (default 5, 1.6 million states, under a minute on
#                        2 cores; 6, 37 million states, about 25 minutes; 4 seconds)
#   BENCH_RANKS          rank counts (default "1 2 4"); counts above the cores are run with
#                        --oversubscribe (every rank explores on one thread)
#   BENCH_MESSAGE_BYTES  --message-bytes of the batching table (default "256 4096 65536";
#                        65536 is tfmc's default)
#   BENCH_BATCH_RANKS    rank count of the batching table (default: the largest of
#                        BENCH_RANKS, or 2 when that is 1)
#   MPIRUN               the launcher (default: mpirun)
#   Open MPI settings, each set here only when the environment has not set it:
#     OMPI_ALLOW_RUN_AS_ROOT=1, OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  (mpirun refuses root without
#                        them; set only when running as root)
#     OMPI_MCA_btl=self,vader,tcp, OMPI_MCA_btl_tcp_if_include=lo,
#     OMPI_MCA_oob_tcp_if_include=lo, OMPI_MCA_btl_vader_single_copy_mechanism=none
#                        (one host over loopback and shared memory without CMA/ptrace, which
#                        containers often forbid; export other values to override them)
# Columns of the ranks table: ranks ("1 process" is plain `tfmc check --threads 1`, without
# --distributed, for reference); states stored; seconds (tfmc's stats.seconds, the exploration
# alone: mpirun's start-up is not counted); states/s; efficiency, rate / (ranks * rate of the
# 1-rank row of the same run); bytes per state in memory (stats.store_bytes / states); states
# sent per state (the ranks' states_sent summed, over states); message bytes per state (the
# ranks' message_bytes summed, over states); messages (the ranks' messages summed); the peak
# resident memory of the largest rank in MiB (GNU time around each rank; "-" without it); the
# largest share of a rank's time, in percent, that it waited at the ends of levels for the
# other ranks (stats.ranks[].wait_seconds: what asynchronous termination could win back).
# Columns of the batching table: --message-bytes; messages; message bytes per state; seconds;
# states/s.
set -euo pipefail
shopt -s inherit_errexit

build_dir=${1:-build}
size=${BENCH_SIZE:-5}
ranks_list=${BENCH_RANKS:-1 2 4}
message_bytes_list=${BENCH_MESSAGE_BYTES:-256 4096 65536}
# shellcheck source=tools/bench/built_tools.sh
source "$(dirname "$0")/built_tools.sh" "$build_dir"
# shellcheck source=tools/bench/mpirun_env.sh
source "$(dirname "$0")/mpirun_env.sh"
if ! command -v "$mpirun" >/dev/null; then
  echo "dist_bench.sh: $mpirun not found; install Open MPI and build tfmc with it" >&2
  exit 2
fi
use_time=0
if /usr/bin/time -f %M true >/dev/null 2>&1; then use_time=1; fi
cores=$(nproc)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Stops the script unless tfmc's exit status $1 is 0, 1 (a nondeterministic result, as
# lost_update's) or 3 (a limit stopped it; the check of the counts then fails); $2 names the run.
check_status() {
  if [[ $1 -ge 2 && $1 -ne 3 ]]; then
    echo "dist_bench.sh: tfmc exited $1 on $2" >&2
    tail -n 20 "$work/err" >&2
    exit 1
  fi
}

# Prints "states transitions seconds store_bytes states_sent message_bytes messages peak_kib
# wait" from $work/out.json, the ranks' figures summed; peak_kib is the largest of
# $work/peak.* or "-", wait the largest share of a rank's time spent waiting at the ends of
# levels (stats.ranks[].wait_seconds / seconds) or "-". Stops the script when the run is incomplete or its counts differ from "$1 $2" (the plain
# process's states and transitions; none yet when empty).
summary() {
  python3 -c '
import glob, json, sys
want_states, want_transitions, work = sys.argv[1:4]
d = json.load(open(work + "/out.json"))
st = d["stats"]
if not d["complete"]:
    sys.exit("dist_bench.sh: tfmc stopped early: %s" % d.get("stop_reason"))
if want_states and (st["states"], st["transitions"]) != (int(want_states), int(want_transitions)):
    sys.exit("dist_bench.sh: %d states and %d transitions, but one process found %s and %s"
             % (st["states"], st["transitions"], want_states, want_transitions))
ranks = st.get("ranks", [])
if ranks and sum(r["states"] for r in ranks) != st["states"]:
    sys.exit("dist_bench.sh: the ranks store %d states, the total says %d"
             % (sum(r["states"] for r in ranks), st["states"]))
peaks = [int(open(p).read().split()[-1]) for p in glob.glob(work + "/peak.*")]
print(st["states"], st["transitions"], st["seconds"], st["store_bytes"],
      sum(r["states_sent"] for r in ranks), sum(r["message_bytes"] for r in ranks),
      sum(r["messages"] for r in ranks), max(peaks) if peaks else "-",
      "%.3f" % max(r["wait_seconds"] / max(r["seconds"], 1e-9) for r in ranks) if ranks else "-")
' "$1" "$2" "$work"
}

# Runs plain tfmc check on $1 with the remaining arguments (no MPI); prints summary's line.
run_plain() {
  local file=$1 status=0
  shift
  rm -f "$work"/peak.*
  local timer=()
  if [[ $use_time == 1 ]]; then timer=(/usr/bin/time -f %M -o "$work/peak.0"); fi
  "${timer[@]}" "$tfmc" check "$file" --json --quiet --no-race-classification --reduction none \
    "$@" >"$work/out.json" 2>"$work/err" || status=$?
  check_status "$status" "$file $*"
  summary "" ""
}

# Each rank runs under this wrapper: GNU time writes the rank's peak to $work/peak.RANK (when
# $1 is 1), and exit status 1 (a nondeterministic result, lost_update's) becomes 0, since
# mpirun ends the other ranks, rank 0 perhaps before it prints, when one exits other than 0.
cat >"$work/rank.sh" <<'EOF2'
use_time=$1 peak=$2
shift 2
if [ "$use_time" = 1 ]; then
  /usr/bin/time -f %M -o "$peak.$OMPI_COMM_WORLD_RANK" "$@"
else
  "$@"
fi
status=$?
if [ "$status" = 1 ]; then exit 0; fi
exit "$status"
EOF2

# Runs tfmc check --distributed on $3 over $2 ranks with the remaining arguments; $1 is
# "states transitions" of the plain process; prints summary's line.
run_ranks() {
  local want=$1 n=$2 file=$3 status=0
  shift 3
  rm -f "$work"/peak.*
  local over=()
  if [[ $n -gt $cores ]]; then over=(--oversubscribe); fi
  "$mpirun" -n "$n" "${over[@]}" sh "$work/rank.sh" "$use_time" "$work/peak" "$tfmc" check \
    "$file" --distributed --json --quiet --no-race-classification --reduction none "$@" \
    >"$work/out.json" 2>"$work/err" || status=$?
  check_status "$status" "$n ranks, $file $*"
  # shellcheck disable=SC2086  # "states transitions"
  summary $want
}

"$gen" lost_update "$size" >"$work/lu.tfg"
echo "lost_update $size, --reduction none, complete; $cores cores"
printf '%9s %11s %8s %10s %6s %8s %7s %8s %9s %9s %6s\n' ranks states seconds states/s effic \
  B/state sent/st msgB/st messages peak_MiB wait%
# Prints a row of the ranks table: $1 the ranks column, $2 the 1-rank rate ("" for none: the
# efficiency is then "-"), then summary's line.
rank_row() {
  python3 -c '
import sys
label, base, states, trans, secs, bytes_, sent, msg_bytes, messages, peak, wait = sys.argv[1:12]
n = int(states)
rate = n / max(float(secs), 1e-9)
effic = "-"
if label == "1":
    effic = "1.00"
elif label.isdigit() and base:
    effic = "%.2f" % (rate / (int(label) * float(base)))
peak_mib = "-" if peak == "-" else "%.0f" % (int(peak) / 1024)
dist = label.isdigit()
print("%9s %11d %8.2f %10.0f %6s %8.1f %7s %8s %9s %9s %6s" % (label, n, float(secs), rate,
      effic, int(bytes_) / n, "%.2f" % (int(sent) / n) if dist else "-",
      "%.1f" % (int(msg_bytes) / n) if dist else "-", messages if dist else "-", peak_mib,
      "%.1f" % (100 * float(wait)) if dist else "-"))
' "$@"
}

# (Command substitutions, not `< <(...)`, so that a failed run stops the script.)
line=$(run_plain "$work/lu.tfg" --threads 1)
read -r want_states want_transitions _ <<<"$line"
want="$want_states $want_transitions"
# shellcheck disable=SC2086  # summary's fields
rank_row "1 process" "" $line
base=""
largest=1
for n in $ranks_list; do
  line=$(run_ranks "$want" "$n" "$work/lu.tfg")
  # shellcheck disable=SC2086  # summary's fields
  rank_row "$n" "$base" $line
  if [[ $n == 1 ]]; then
    base=$(python3 -c 'import sys; f = sys.argv[1].split(); print(int(f[0]) / float(f[2]))' \
      "$line")
  fi
  if [[ $n -gt $largest ]]; then largest=$n; fi
done
echo

batch_ranks=${BENCH_BATCH_RANKS:-$largest}
if [[ $batch_ranks -lt 2 ]]; then batch_ranks=2; fi
echo "lost_update $size, $batch_ranks ranks, by --message-bytes"
printf '%14s %10s %8s %8s %10s\n' message-bytes messages msgB/st seconds states/s
for b in $message_bytes_list; do
  line=$(run_ranks "$want" "$batch_ranks" "$work/lu.tfg" --message-bytes "$b")
  read -r states _ secs _ _ msg_bytes messages _ <<<"$line"
  python3 -c '
import sys
b, states, secs, msg_bytes, messages = sys.argv[1:6]
n = int(states)
print("%14s %10s %8.1f %8.2f %10.0f" % (b, messages, int(msg_bytes) / n, float(secs),
      n / max(float(secs), 1e-9)))
' "$b" "$states" "$secs" "$msg_bytes" "$messages"
done
echo
echo "every row: $want_states states and $want_transitions transitions, as in the plain process"
