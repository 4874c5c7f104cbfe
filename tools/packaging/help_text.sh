# shellcheck shell=bash
# Sourced by make_man_page.sh and make_completion.sh: what both read off tfmc's help text.

# Prints tfmc's subcommands, one a line: the words that begin the lines under "Subcommands:"
# of `$1 --help`. Exits the script (status 1) when there are none, as a tfmc that cannot run
# would give.
subcommands_of() {
  local found
  found=$("$1" --help | awk '/^Subcommands:/ { on = 1; next }
    on && /^  [a-z]/ { print $1; next } on && !/^  / { on = 0 }')
  if [[ -z $found ]]; then
    echo "$(basename "$0"): no subcommands in '$1 --help'" >&2
    exit 1
  fi
  echo "$found"
}
