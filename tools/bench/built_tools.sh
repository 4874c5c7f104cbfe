# shellcheck shell=bash
# Sourced by the benchmarks, with the build folder as its argument: sets $tfmc and $gen, the
# tfmc binary and the benchmark generator built there, and stops the sourcing script (exit 2)
# with how to build them when one is missing. The benchmarks build nothing themselves.
tfmc=$1/tools/tfmc
gen=$1/tools/tfmc_gen_bench
for tool in "$tfmc" "$gen"; do
  if [[ ! -x $tool ]]; then
    echo "$(basename "$0"): $tool not found; build first: cmake --build $1" >&2
    exit 2
  fi
done
