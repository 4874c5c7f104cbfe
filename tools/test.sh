#!/usr/bin/env bash
# One command from a fresh checkout: install what is missing, build everything, and run the
# whole test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
# The Python module is built by the same build, for Debian's python3, to which the NumPy and
# pytest that install_deps.sh installs belong.
python=/usr/bin/python3
cmake -S . -B build -G Ninja -DTFMC_BUILD_TESTS=ON -DTFMC_BUILD_PYTHON=ON \
  -DPython_EXECUTABLE="$python"
cmake --build build
# CTest registers one test per Catch2 test case and runs it by name. A name that CMake's list
# syntax cannot carry (a ';', an unbalanced '[' or ']') splits or merges cases, and a name that
# starts with '-' reads as an option: refuse both rather than run tests that test nothing.
# (Catch2 v2 exits with the number of test cases it listed, so that status is not an error.)
names=$(./build/tests/tfmc_tests --list-test-names-only || true)
cases=$(grep -c . <<<"$names")
# The tests labelled mpi are programs of their own under mpirun (tests/CMakeLists.txt).
registered=$(ctest --test-dir build -N -LE mpi | sed -n 's/^Total Tests: //p')
if [ "$cases" != "$registered" ] || grep -q '^-' <<<"$names"; then
  echo "tools/test.sh: $cases Catch2 test cases, $registered CTest tests: check test names" >&2
  exit 1
fi
ctest --test-dir build --output-on-failure -j "$(nproc)"
# The Python package's tests, on the module just built (build/python); those that need
# TensorFlow skip themselves here and run in tools/tf/run_tf_checks.sh.
PYTHONPATH="$PWD/build/python" "$python" -m pytest -q -p no:cacheprovider tests/python
# tfmc installs like a tool: `cmake --install` puts it in PREFIX/bin, where it runs, with its
# man page and bash completion (tools/packaging/), which know its subcommands.
prefix=$(mktemp -d)
cmake --install build --prefix "$prefix" >/dev/null
"$prefix/bin/tfmc" --version
gzip -dc "$prefix/share/man/man1/tfmc.1.gz" | grep -q '^.SH "tfmc check"'
# shellcheck disable=SC2016 # expanded by the inner bash
bash -c 'source "$1" && COMP_WORDS=(tfmc com) COMP_CWORD=1 && _tfmc && [[ ${COMPREPLY[*]} == compare ]]' \
  - "$prefix/share/bash-completion/completions/tfmc"
rm -rf "$prefix"
