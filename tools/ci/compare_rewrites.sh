#!/usr/bin/env bash
# compare_rewrites.sh TFMC DIR [SARIF_DIR]: runs `TFMC compare` on every rewrite pair in DIR and
# exits 0 only when each one exits 0 (README.md, "Gating graph rewrites in CI").
#
# A pair is DIR/NAME.before.tfg (the graph) and DIR/NAME.after.tfg (the graph rewritten). An
# optional DIR/NAME.args holds more arguments of `tfmc compare` for that pair, one per line,
# blank lines skipped: `--equivalent` to require equal outcome sets, `--map OLD=NEW`,
# `--ignore NAME`, `--feed NAME=VALUE`, `--model rfc`, `--max-seconds S` ...
#
# Each pair's text report goes to stdout in a collapsible group of the GitHub Actions log, and
# a pair that does not exit 0 gets an error annotation on its AFTER file. With SARIF_DIR, each
# pair is compared once more with `--format sarif` into SARIF_DIR/NAME.sarif, whose run gets
# the category `tfmc-compare/NAME/` (runs[].automationDetails.id): code scanning takes one
# upload of several logs only when their categories differ. That needs jq.
set -euo pipefail

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: compare_rewrites.sh TFMC DIR [SARIF_DIR]" >&2
  exit 2
fi
tfmc=$1
dir=$2
sarif_dir=${3:-}

shopt -s nullglob
befores=("$dir"/*.before.tfg)
if [ ${#befores[@]} -eq 0 ]; then
  echo "compare_rewrites.sh: no NAME.before.tfg in $dir" >&2
  exit 2
fi
if [ -n "$sarif_dir" ]; then mkdir -p "$sarif_dir"; fi

# What an exit code of `tfmc compare` means (specs/FORMAT.md, "compare").
meaning() {
  case $1 in
    1) echo "AFTER does not refine BEFORE (or, with --equivalent, is not equivalent)" ;;
    2) echo "bad input, or names, dtypes or shapes that do not match" ;;
    3) echo "a limit stopped an exploration: the verdict is unknown" ;;
    *) echo "unexpected exit code" ;;
  esac
}

failed=0
for before in "${befores[@]}"; do
  stem=${before%.before.tfg}
  name=$(basename "$stem")
  after=$stem.after.tfg
  args=()
  if [ -f "$stem.args" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      if [ -n "$line" ]; then args+=("$line"); fi
    done <"$stem.args"
  fi

  echo "::group::$name"
  code=0
  "$tfmc" compare "$before" "$after" --quiet "${args[@]}" || code=$?
  echo "::endgroup::"
  if [ "$code" -eq 0 ]; then
    echo "$name: ok"
  else
    echo "::error file=$after::$name: tfmc compare exited $code: $(meaning "$code")"
    failed=1
  fi

  if [ -n "$sarif_dir" ]; then
    log=$sarif_dir/$name.sarif
    # Exit 1 and 3 still print a log; exit 2 prints none, and the text run above said why.
    "$tfmc" compare "$before" "$after" --quiet "${args[@]}" --format sarif >"$log" 2>/dev/null ||
      true
    if [ -s "$log" ]; then
      jq --arg id "tfmc-compare/$name/" '.runs[].automationDetails.id = $id' "$log" >"$log.tmp"
      mv "$log.tmp" "$log"
    else
      rm -f "$log"
    fi
  fi
done
exit "$failed"
