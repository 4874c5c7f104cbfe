#!/usr/bin/env bash
# Every check that needs the lent machine (a CUDA GPU, 16 cores), in one run that ends within
# DEVICE_CHECK_SECONDS (default 450: under 8 minutes), with one summary at the end:
#
#   (a) the [cuda] tests with TFMC_REQUIRE_CUDA=1, so that a missing device fails them instead
#       of skipping (tests/gpu_eval/cuda_required.h);
#   (b) the MatMul of the CUDA backend against the CPU's (tools/tfmc_matmul_bench): CPU/GPU time
#       ratio by size, and the same bits;
#   (c) --eval cpu against --eval gpu on the sgd_matmul and hogwild programs (gpu_bench.sh):
#       whether the outcomes are the same bits (compared by digest) and the CPU/GPU time ratio;
#   (f) where the device beats one core, per kernel family (tfmc_threshold_bench): the
#       crossovers that --eval auto's thresholds come from, with the same bits;
#   (d) the threads curve (threads_bench.sh): states/s and speedup at each thread count;
#   (e) the MPI ranks curve (dist_bench.sh): states/s and efficiency at each rank count;
#   (g) where DEVICE_CHECK_MODELS names a folder of real models (tools/tf/op_coverage.py --keep
#       DIR --check, made where TensorFlow is and carried here), --eval cpu against --eval gpu
#       on each saved pass (model_gpu_check.sh): the same outcomes, and the time ratio.
#
#   bash tools/bench/device_check.sh [BUILD]     (default: build)
#
# It builds what it needs into BUILD first (tfmc, the benchmark tools and the tests; a BUILD
# without CMakeCache.txt is configured Release with CUDA and tests on and without -Werror, so
# that another compiler on the lent machine cannot stop it), then runs each part under
# `timeout`, bounded by its own limit and by what is left of the whole run: a part with under
# 10 seconds left, or after a failed build, is skipped, and says so. Every part's whole output
# goes to the terminal and to DEVICE_CHECK_LOG/PART.txt. Without a GPU, (b) and (c) run their
# CPU side and report NO-GPU, and (a) reports FAIL (that is what TFMC_REQUIRE_CUDA=1 is for).
# Exit status 0 when every part passed (or found no GPU: (a) fails then anyway), 1 otherwise.
#
# With the defaults, the parts after an up-to-date build took 134 s on a 2-core machine without
# a GPU (the threads curve 110 s of it); a build from nothing on 16 cores should take a few
# minutes (not measured yet). A quick run on a small machine, whose curves then mean little:
#
#   DEVICE_CHECK_MATMUL=256 DEVICE_CHECK_SGD_ROWS="2x64 2x128" DEVICE_CHECK_THREADS="1 2" \
#   DEVICE_CHECK_THREADS_SIZE=6 DEVICE_CHECK_THREADS_STATES=200000 \
#   DEVICE_CHECK_THREADS_COMPLETE=4 DEVICE_CHECK_THREADS_MEMORY=64M DEVICE_CHECK_RANKS="1 2" \
#   DEVICE_CHECK_RANKS_SIZE=4 bash tools/bench/device_check.sh build
#
# Environment knobs (the defaults fit the lent machine):
#   DEVICE_CHECK_SECONDS   the whole run's time limit in seconds (default 450)
#   DEVICE_CHECK_PARTS     the parts to run (default "build cuda matmul eval thresholds threads
#                          ranks models", the order they run in); a part left out is reported
#                          NOT-RUN, and so is models without DEVICE_CHECK_MODELS
#   DEVICE_CHECK_MODELS    (g) the folder of saved models (default: none)
#   DEVICE_CHECK_LOG       folder of each part's output (default BUILD/device_check)
#   DEVICE_CHECK_MATMUL    (b) the largest n of tfmc_matmul_bench (default 2048)
#   DEVICE_CHECK_SGD_ROWS  (c) gpu_bench.sh's BENCH_ROWS (default "2x256 2x512 4x512 2x1024")
#   DEVICE_CHECK_THREADS   (d) thread counts (default "1 2 4 8 16")
#   DEVICE_CHECK_THREADS_SIZE, DEVICE_CHECK_THREADS_STATES, DEVICE_CHECK_THREADS_COMPLETE,
#   DEVICE_CHECK_THREADS_MEMORY
#                          (d) threads_bench.sh's BENCH_SIZE (default 8), BENCH_STATES
#                          (default 12000000, as in tools/bench/README.md's figures),
#                          BENCH_COMPLETE (default 5; "" skips that table)
#                          and BENCH_MAX_MEMORY (default 512M); the store is compressed only
#   DEVICE_CHECK_RANKS     (e) rank counts (default "1 2 4 8 16")
#   DEVICE_CHECK_RANKS_SIZE, DEVICE_CHECK_MESSAGE_BYTES
#                          (e) dist_bench.sh's BENCH_SIZE (default 5) and BENCH_MESSAGE_BYTES
#                          (default 65536, tfmc's default)
# Each part's own limit in seconds: build 300, cuda 120, matmul 60, eval 90, thresholds 150,
# threads 150, ranks 120, models 120.
set -uo pipefail

build_dir=${1:-build}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
total=${DEVICE_CHECK_SECONDS:-450}
parts=${DEVICE_CHECK_PARTS:-build cuda matmul eval thresholds threads ranks models}
log_dir=${DEVICE_CHECK_LOG:-$build_dir/device_check}
mkdir -p "$log_dir"
cores=$(nproc)
summary=()
failed=0
took=""
built=yes  # "no" once the build part failed: the parts after it are then skipped

# Adds a line to the summary: $1 the part, $2 its status, the seconds it ran ($took, then
# cleared), $3 what it found. Statuses: PASS; FAIL;
# TIMEOUT (its limit ran out); SKIPPED (too little time was left to start it, or the build
# failed); NO-GPU (it needs a device and found none; its CPU side passed); NOT-RUN (left out
# of DEVICE_CHECK_PARTS). Any but PASS, NO-GPU and NOT-RUN makes the exit status 1.
report() {
  summary+=("$(printf '%-22s %-8s %5s %s' "$1" "$2" "${took:+${took}s}" "$3")")
  took=""
  case $2 in
    PASS | NO-GPU | NOT-RUN) ;;
    *) failed=1 ;;
  esac
}

# Runs "$3..." as part $1 under `timeout`, at most $2 seconds or what is left of the run; its
# output goes to the terminal and to $log_dir/$1.txt ($out). Sets $rc: the command's status
# (124 or 137 when its time ran out), or "skip" when it was not started, with $skipped saying
# why; and $took, the seconds it ran.
run_part() {
  local name=$1 limit=$2 left
  shift 2
  out=$log_dir/$name.txt
  left=$((total - SECONDS))
  if ((left < limit)); then limit=$left; fi
  skipped=""
  if [[ $built == no ]]; then
    skipped="the build failed"
  elif ((limit < 10)); then
    skipped="$left s left of DEVICE_CHECK_SECONDS=$total"
  fi
  if [[ -n $skipped ]]; then
    rc=skip
    echo "== $name: skipped: $skipped" | tee "$out"
    return
  fi
  echo "== $name (at most $limit s): $*"
  local start=$SECONDS
  timeout -k 10 "$limit" "$@" </dev/null 2>&1 | tee "$out"
  rc=${PIPESTATUS[0]}
  took=$((SECONDS - start))
}

# Reports part $1 (its summary label) when it did not run to its end, and then succeeds.
unfinished() {
  case $rc in
    skip) report "$1" SKIPPED "$skipped" ;;
    124 | 137) report "$1" TIMEOUT "its time ran out; see $out" ;;
    *) return 1 ;;
  esac
}

# Whether part $1 is in DEVICE_CHECK_PARTS; reports it NOT-RUN (label $2) when it is not.
asked() {
  [[ " $parts " == *" $1 "* ]] && return 0
  report "$2" NOT-RUN "not in DEVICE_CHECK_PARTS"
  return 1
}

# tfmc, the benchmark tools and the tests; configured first when BUILD is new. (Run by
# run_part through `bash -c`, so that `timeout` bounds it.)
# shellcheck disable=SC2317
build() {
  if [[ ! -f $build_dir/CMakeCache.txt ]]; then
    cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTFMC_ENABLE_CUDA=ON \
      -DTFMC_BUILD_TESTS=ON -DTFMC_WERROR=OFF || return 2
  fi
  cmake --build "$build_dir" -j "$cores" --target tfmc tfmc_gen_bench tfmc_matmul_bench \
    tfmc_threshold_bench tfmc_tests
}

gpu_line=$(nvidia-smi -L 2>/dev/null | head -n 1)
echo "device_check.sh: BUILD=$build_dir, $cores cores, GPU: ${gpu_line:-none that nvidia-smi lists}"

label="build"
if asked build "$label"; then
  export -f build
  export build_dir root cores
  run_part build 300 bash -c build
  if unfinished "$label"; then
    built=no
  elif [[ $rc != 0 ]]; then
    built=no
    report "$label" FAIL "cmake exited $rc; see $out"
  else
    type=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build_dir/CMakeCache.txt")
    note="CMAKE_BUILD_TYPE ${type:-(none)}"
    [[ $type != Release ]] && note+=" (timings want Release)"
    # The CUDA backend is built where nvcc was found (gpu_eval/CMakeLists.txt).
    if [[ -n $(find "$build_dir/gpu_eval" -name 'cuda_device.cu.o' -print -quit) ]]; then
      note+="; CUDA backend built"
    else
      note+="; CUDA backend NOT built (no nvcc found): the GPU parts cannot pass"
    fi
    report "$label" PASS "$note"
  fi
fi

label="(a) [cuda] tests"
if asked cuda "$label"; then
  run_part cuda 120 env TFMC_REQUIRE_CUDA=1 "$build_dir/tests/tfmc_tests" "[cuda]"
  if ! unfinished "$label"; then
    counts=$(grep -E '^(All tests passed|test cases:)' "$out" | tail -n 1)
    if [[ $rc == 0 ]]; then
      report "$label" PASS "TFMC_REQUIRE_CUDA=1: $counts"
    else
      why=$(grep -m 1 -o 'TFMC_REQUIRE_CUDA=1, but [^;]*' "$out")
      report "$label" FAIL "TFMC_REQUIRE_CUDA=1: ${counts:-exit $rc}${why:+ ($why)}"
    fi
  fi
fi

label="(b) GPU/CPU MatMul"
if asked matmul "$label"; then
  run_part matmul 60 "$build_dir/tools/tfmc_matmul_bench" "${DEVICE_CHECK_MATMUL:-2048}"
  if ! unfinished "$label"; then
    # The CUDA table follows the line "n gpu_s blocked_s ratio same": n and the CPU/GPU ratio.
    ratios=$(awk '$2 == "gpu_s" { on = 1; next } on && NF == 5 { printf "%s n=%s %sx", sep, $1,
      $4; sep = "," }' "$out")
    if [[ $rc != 0 ]]; then
      report "$label" FAIL "exit $rc (1: the bits differ); see $out"
    elif [[ -z $ratios ]]; then
      why=$(grep -m 1 '^GPU:' "$out")
      report "$label" NO-GPU "needs a CUDA device, skipped (${why:-no GPU line}); the CPU side \
passed (blocked MatMul bit for bit the element-by-element one)"
    else
      report "$label" PASS "same bits; CPU time / GPU time:$ratios; $(grep '^a batch' "$out" | tr '\n' ';')"
    fi
  fi
fi

label="(c) --eval cpu vs gpu"
if asked eval "$label"; then
  run_part eval 90 env BENCH_ROWS="${DEVICE_CHECK_SGD_ROWS:-2x256 2x512 4x512 2x1024}" \
    bash "$here/gpu_bench.sh" "$build_dir"
  if ! unfinished "$label"; then
    # Rows "FAMILY:SIZE cpu_s auto_s gpu_s evaluations cpu/auto cpu/gpu same".
    rows=$(awk '$1 ~ /^(sgd_matmul|hogwild):/ { printf "%s %s: cpu %ss", sep, $1, $2; if ($3 != "-")
      printf " auto %ss gpu %ss cpu/auto %sx cpu/gpu %sx same %s", $3, $4, $6, $7, $8; sep = ";" }' \
      "$out")
    if [[ $rc != 0 ]]; then
      report "$label" FAIL "exit $rc (1: the outcomes differ):$rows; see $out"
    elif grep -q '^GPU:' "$out"; then
      report "$label" NO-GPU "needs a CUDA device, skipped; the CPU runs:$rows"
    else
      report "$label" PASS "outcomes the same bits;$rows"
    fi
  fi
fi

label="(f) auto thresholds"
if asked thresholds "$label"; then
  run_part thresholds 150 "$build_dir/tools/tfmc_threshold_bench"
  if ! unfinished "$label"; then
    if [[ $rc != 0 ]]; then
      report "$label" FAIL "exit $rc (1: the bits differ); see $out"
    elif grep -q '^GPU:' "$out"; then
      report "$label" NO-GPU "needs a CUDA device, skipped; the CPU side ran"
    else
      report "$label" PASS "same bits; $(grep -m 1 '^crossovers' "$out")"
    fi
  fi
fi

label="(d) threads curve"
if asked threads "$label"; then
  run_part threads 150 env BENCH_THREADS="${DEVICE_CHECK_THREADS:-1 2 4 8 16}" \
    BENCH_SIZE="${DEVICE_CHECK_THREADS_SIZE:-8}" \
    BENCH_STATES="${DEVICE_CHECK_THREADS_STATES:-12000000}" \
    BENCH_COMPLETE="${DEVICE_CHECK_THREADS_COMPLETE-5}" \
    BENCH_MAX_MEMORY="${DEVICE_CHECK_THREADS_MEMORY:-512M}" BENCH_STORES=compressed \
    bash "$here/threads_bench.sh" "$build_dir"
  if ! unfinished "$label"; then
    # The first table's rows "threads store states seconds states/s speedup ...".
    curve=$(awk 'NF == 0 { if (on) exit } $1 == "threads" { on = 1; next } on { printf \
      "%s %s: %s st/s %s", sep, $1, $5, $6; sep = "," }' "$out")
    if [[ $rc != 0 ]]; then
      report "$label" FAIL "exit $rc; see $out"
    else
      report "$label" PASS "$cores cores;$curve"
    fi
  fi
fi

label="(e) MPI ranks curve"
if asked ranks "$label"; then
  run_part ranks 120 env BENCH_RANKS="${DEVICE_CHECK_RANKS:-1 2 4 8 16}" \
    BENCH_SIZE="${DEVICE_CHECK_RANKS_SIZE:-5}" \
    BENCH_MESSAGE_BYTES="${DEVICE_CHECK_MESSAGE_BYTES:-65536}" \
    bash "$here/dist_bench.sh" "$build_dir"
  if ! unfinished "$label"; then
    # The ranks table's rows "ranks states seconds states/s efficiency ...", without the
    # "1 process" row.
    curve=$(awk 'NF == 0 { if (on) exit } $1 == "ranks" { on = 1; next }
      on && $1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { printf "%s %s: %s st/s eff %s", sep, $1, $4,
      $5; sep = "," }' "$out")
    if [[ $rc == 2 ]] && grep -q 'not found' "$out"; then
      report "$label" SKIPPED "$(grep -m 1 'not found' "$out")"
    elif [[ $rc != 0 ]]; then
      report "$label" FAIL "exit $rc; see $out"
    else
      report "$label" PASS "$cores cores;$curve"
    fi
  fi
fi

label="(g) real models"
if asked models "$label"; then
  if [[ -z ${DEVICE_CHECK_MODELS:-} ]]; then
    report "$label" NOT-RUN "no DEVICE_CHECK_MODELS (tools/tf/op_coverage.py --keep DIR --check)"
  else
    run_part models 120 bash "$here/model_gpu_check.sh" "$DEVICE_CHECK_MODELS" "$build_dir"
    if ! unfinished "$label"; then
      # Rows "model pass exit cpu_wall gpu_wall cpu_eval gpu_eval cpu/gpu same".
      rows=$(awk 'NF == 9 && $1 != "model" { printf "%s %s %s: cpu/gpu %sx same %s", sep, $1,
        $2, $8, $9; sep = ";" }' "$out")
      if [[ $rc == 0 ]]; then
        report "$label" PASS "outcomes the same;$rows"
      elif [[ $rc == 2 ]] && grep -q 'no CUDA device' "$out"; then
        report "$label" NO-GPU "needs a CUDA device, skipped"
      else
        report "$label" FAIL "exit $rc (1: some outcomes differ):$rows; see $out"
      fi
    fi
  fi
fi

echo
echo "== device_check.sh summary: $build_dir, $cores cores, GPU: ${gpu_line:-none}, $SECONDS s" \
  "(logs in $log_dir)"
printf '%s\n' "${summary[@]}"
echo "Parts that need a CUDA device: (a), (b), (c), (f), (g); NO-GPU marks those that found none."
exit $failed
