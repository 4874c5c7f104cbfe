#!/usr/bin/env bash
# Builds the libFuzzer target tests/fuzz/tfg_fuzz.cpp with AddressSanitizer and
# UndefinedBehaviorSanitizer (clang++ directly, no CMake) and runs it on the seed corpus
# tests/fuzz/corpus for SECONDS seconds (default 60). New inputs go to build-fuzz/corpus;
# crashing, leaking or hanging inputs are written to build-fuzz/ as crash-*, leak-*, timeout-*
# (minimize one with: build-fuzz/tfg_fuzz -minimize_crash=1 -runs=100000 FILE).
#
# Usage: tools/fuzz.sh [SECONDS] [more libFuzzer options, e.g. -jobs=2 -workers=2]
# FUZZ_CXXFLAGS adds compiler flags, e.g. -fno-sanitize=nonnull-attribute to get past a known
# finding while looking for others. FUZZ_TARGET=records fuzzes the reader of the state records
# that ranks send each other instead (tests/fuzz/records_fuzz.cpp, seeds in
# tests/fuzz/records_corpus, build-fuzz/records_fuzz and build-fuzz/records_corpus);
# FUZZ_TARGET=checkpoint the checkpoint reader (tests/fuzz/checkpoint_fuzz.cpp, seeds in
# tests/fuzz/checkpoint_corpus: the checkpoints of testdata/checkpoint, packed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install_deps.sh
# clang with libFuzzer and the sanitizer runtimes (Debian ships those in libclang-rt-14-dev).
if ! command -v clang++ >/dev/null || ! dpkg-query -W libclang-rt-14-dev >/dev/null 2>&1; then
  echo "fuzz.sh: installing clang and its runtime libraries"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    clang libclang-rt-14-dev
fi

seconds="${1:-60}"
shift || true
out=build-fuzz
target=${FUZZ_TARGET:-tfg}
case $target in
  tfg)
    step=(tests/fuzz/fuzz_one.cpp tests/fuzz/tfg_fuzz.cpp tests/support/explore_fixture.cpp)
    seeds=tests/fuzz/corpus
    options=(-dict=tests/fuzz/tfg.dict -max_len=4096)
    ;;
  records)
    step=(tests/fuzz/records_fuzz_one.cpp tests/fuzz/records_fuzz.cpp)
    seeds=tests/fuzz/records_corpus
    options=(-max_len=65536)
    ;;
  checkpoint)
    step=(tests/fuzz/checkpoint_fuzz_one.cpp tests/fuzz/checkpoint_fuzz.cpp tests/support/files.cpp
      tests/semantics/checkpoint/bundle_writer.cpp)
    seeds=tests/fuzz/checkpoint_corpus
    options=(-max_len=65536)
    ;;
  *)
    echo "fuzz.sh: FUZZ_TARGET is tfg, records or checkpoint, not $target" >&2
    exit 2
    ;;
esac
binary=$out/${target}_fuzz
corpus=$out/corpus
if [[ $target != tfg ]]; then corpus=$out/${target}_corpus; fi
mkdir -p "$corpus"

# The GraphDef and checkpoint schemas' C++ code, generated as the CMake build does
# (semantics/CMakeLists.txt).
mkdir -p "$out/proto/semantics"
protoc -Isemantics --cpp_out="$out/proto/semantics" semantics/graphdef/tf_graph.proto \
  semantics/checkpoint/tf_checkpoint.proto
sources=(semantics/*/*.cpp gpu_eval/*.cpp checker/*.cpp "${step[@]}"
  "$out/proto/semantics/graphdef/tf_graph.pb.cc"
  "$out/proto/semantics/checkpoint/tf_checkpoint.pb.cc")
# Rebuilt when a source or header is newer than the binary.
newer="$(find semantics gpu_eval checker tests/fuzz tests/support -newer "$binary" \( -name '*.cpp' -o -name '*.h' -o -name '*.proto' \) \
  -print -quit 2>/dev/null || echo missing)"
if [[ ! -x $binary || -n "$newer" ]]; then
  echo "fuzz.sh: building $binary"
  # -ffp-contract=off as in the CMake build: float results must not depend on FMA contraction.
  # TFMC_SOURCE_DIR as the tests have it, for tests/support/files.cpp.
  # shellcheck disable=SC2086  # FUZZ_CXXFLAGS holds several flags
  clang++ -std=c++20 -O1 -g -fno-omit-frame-pointer -ffp-contract=off \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    ${FUZZ_CXXFLAGS:-} -DTFMC_SOURCE_DIR="\"$PWD\"" -I. -Itests -I"$out/proto" \
    -I"$out/proto/semantics" "${sources[@]}" \
    -lfmt -lxxhash -lprotobuf -o "$binary"
fi

# -timeout: an input taking longer than 10 s is a hang; -rss_limit_mb: literals may hold
# 2^24 elements, so allow a few of them.
"$binary" "$corpus" "$seeds" "${options[@]}" -max_total_time="$seconds" -timeout=10 \
  -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$out/" "$@"
