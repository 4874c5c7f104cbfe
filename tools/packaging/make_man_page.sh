#!/usr/bin/env bash
# Writes tfmc's man page (section 1, gzip-compressed), made from its own help text so that it
# says what the built tfmc does: NAME and DESCRIPTION from the top-level help, one part per
# subcommand with that subcommand's whole help, EXIT STATUS from the top-level help's exit codes.
#
#   bash tools/packaging/make_man_page.sh TFMC OUT     (OUT: e.g. tfmc.1.gz)
#
# OUT is written whole, or not at all (exit 1 when tfmc's help cannot be read). Installed as
# share/man/man1/tfmc.1.gz (tools/packaging/).
set -euo pipefail

tfmc=$1
out=$2

# Help text as roff: a backslash is \e, and a line that would read as a request starts with \&.
roff() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }

top=$("$tfmc" --help)
version=$("$tfmc" --version)
# shellcheck source=SCRIPTDIR/help_text.sh
source "$(dirname "$0")/help_text.sh"
subcommands=$(subcommands_of "$tfmc")

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
  echo ".TH TFMC 1 \"\" \"$version\" \"User Commands\""
  echo ".SH NAME"
  echo "tfmc \\- exhaustive model checker for TensorFlow-style dataflow graphs with mutable state"
  echo ".SH SYNOPSIS"
  echo ".B tfmc"
  echo ".I SUBCOMMAND"
  printf '%s\n' '[\fIOPTIONS\fR] \fIFILE\fR...'
  echo ".SH DESCRIPTION"
  # The paragraph before "Usage:".
  sed '/^Usage:/,$d' <<<"$top" | roff
  echo ".PP"
  echo "The subcommands:"
  for sub in $subcommands; do
    echo ".TP"
    echo ".B $sub"
    awk -v name="$sub" '/^Subcommands:/ { on = 1; next } on && $1 == name {
      sub(/^  [a-z]+ +/, ""); print; exit }' <<<"$top" | roff
  done
  for sub in $subcommands; do
    echo ".SH \"tfmc $sub\""
    echo ".nf"
    "$tfmc" "$sub" --help | roff
    echo ".fi"
  done
  echo ".SH \"EXIT STATUS\""
  sed -n '/^Exit codes/,/^Every command exits/p' <<<"$top" | roff
  echo ".SH \"SEE ALSO\""
  echo "The .tfg language, the graph files tfmc reads, its reports and its exit codes are"
  echo "specified in specs/FORMAT.md of tfmc's sources."
} >"$tmp"
gzip -9 -n -c "$tmp" >"$out"
