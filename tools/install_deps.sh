#!/usr/bin/env bash
# Installs, from Debian's packages, whatever tfmc needs to build and test that is missing.
# Run as root or with sudo available. The CUDA toolkit is optional and is not installed here.
# Open MPI is installed for distributed exploration and its tests under mpirun; tfmc also
# builds without it. pybind11 and Python's headers build the Python module (tools/python/);
# NumPy and pytest run its tests with Debian's python3. Graphviz's libraries draw the HTML
# report's picture of the graph; bliss finds the symmetries of a graph (--symmetry graph).
set -euo pipefail
packages=(cmake ninja-build g++ libboost-graph-dev libfmt-dev libcli11-dev catch2 libxxhash-dev
  libprotobuf-dev protobuf-compiler libopenmpi-dev openmpi-bin libbliss-dev pkg-config
  pybind11-dev python3-dev python3-numpy python3-pytest libgraphviz-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "tfmc: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
