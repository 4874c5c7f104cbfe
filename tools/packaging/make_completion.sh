#!/usr/bin/env bash
# Writes the bash completion of tfmc, read off its own help text so that it never lags behind
# the command line: the subcommands, each subcommand's options, the values of an option whose
# help lists them (`TEXT:{text,json,sarif}`), and file names everywhere else.
#
#   bash tools/packaging/make_completion.sh TFMC OUT
#
# TFMC is the built tfmc; OUT is written whole, or not at all (exit 1 when tfmc's help cannot
# be read). Installed as share/bash-completion/completions/tfmc (tools/packaging/).
set -euo pipefail

tfmc=$1
out=$2

# shellcheck source=SCRIPTDIR/help_text.sh
source "$(dirname "$0")/help_text.sh"
subcommands=$(subcommands_of "$tfmc")

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
  cat <<'HEAD'
# bash completion for tfmc, made from its help text by tools/packaging/make_completion.sh.
_tfmc() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} options=""
  if ((COMP_CWORD == 1)); then
HEAD
  printf '    options="%s --help --version"\n' "$(paste -s -d ' ' <<<"$subcommands")"
  cat <<'VALUES'
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return
  fi
  case "${COMP_WORDS[1]} $prev" in
VALUES
  for sub in $subcommands; do
    # An option line: "  [-x,]--name TYPE:{a,b}..." gives the option and, with braces, its values.
    "$tfmc" "$sub" --help | awk -v sub_name="$sub" '
      /^  (-[a-zA-Z],)?--[a-z]/ && match($0, /:\{[^}]*\}/) {
        n = split($1, names, ",")
        values = substr($0, RSTART + 2, RLENGTH - 3)
        gsub(",", " ", values)
        printf "    \"%s %s\") options=\"%s\" ;;\n", sub_name, names[n], values
      }'
  done
  cat <<'OPTIONS'
  esac
  if [[ -n $options ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return
  fi
  if [[ $cur == -* ]]; then
    case ${COMP_WORDS[1]} in
OPTIONS
  for sub in $subcommands; do
    options=$("$tfmc" "$sub" --help | awk '/^  (-[a-zA-Z],)?--[a-z]/ {
      n = split($1, names, ","); for (i = 1; i <= n; ++i) printf "%s ", names[i] }')
    printf '      %s) options="%s" ;;\n' "$sub" "${options% }"
  done
  cat <<'FILES'
    esac
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return
  fi
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -o filenames -F _tfmc tfmc
FILES
} >"$tmp"
mv "$tmp" "$out"
trap - EXIT
