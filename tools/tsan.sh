#!/usr/bin/env bash
# The multi-core explorer under ThreadSanitizer: builds the tests with -fsanitize=thread (in
# build-tsan/, without the CUDA backend, which the sanitizer cannot see into) and runs the
# tests that explore on several threads. Any data race fails the run. Usage:
#   bash tools/tsan.sh            # the [threads], [store], [pool] and [explorer] tests
#   bash tools/tsan.sh "[checker]" # other Catch2 test specs
set -euo pipefail
cd "$(dirname "$0")/.."
# Without -Werror: the instrumentation and -O2 change what GCC's flow-based warnings see, and
# this build looks for data races (the warnings are the default build's to catch).
cmake -S . -B build-tsan -G Ninja -DTFMC_BUILD_TESTS=ON -DTFMC_ENABLE_CUDA=OFF \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS="-fsanitize=thread" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" -DTFMC_WERROR=OFF
cmake --build build-tsan --target tfmc_tests
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ./build-tsan/tests/tfmc_tests "${1:-[threads],[store],[pool],[explorer]}"
