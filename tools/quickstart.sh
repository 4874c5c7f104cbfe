#!/usr/bin/env bash
# One command from a fresh checkout: install what is missing, build tfmc, and check the MAPL
# paper's figure 1 program (two outcomes, so tfmc exits 1 by design; this script exits 0).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
cmake -S . -B build -G Ninja -DTFMC_BUILD_TESTS=OFF
cmake --build build --target tfmc
set +e
./build/tools/tfmc check specs/paper/figure1.tfg
code=$?
set -e
echo "tfmc exited with $code (1 = more than one outcome, as the paper describes)"
[ "$code" -eq 1 ]
