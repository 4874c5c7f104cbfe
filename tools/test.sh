#!/usr/bin/env bash
# One command from a fresh checkout: install what is missing, build everything, and run the
# whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
cmake -S . -B build -G Ninja -DTFMC_BUILD_TESTS=ON
cmake --build build
ctest --test-dir build --output-on-failure -j "$(nproc)"
