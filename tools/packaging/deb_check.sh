#!/usr/bin/env bash
# Checks tfmc's Debian package on a system that has never seen tfmc's build: makes the package
# from BUILD (cpack), makes a fresh minimal Debian 12 system in a chroot (debootstrap
# --variant=minbase, from the mirror apt uses here), installs the package there with apt (which
# must find every dependency the package names), and in the chroot runs `tfmc --version`,
# checks an example program (its expected exit code and outcome), reads the man page and loads
# the bash completion. Needs root (chroot) and the network to a Debian mirror; installs
# debootstrap when it is missing.
#
#   sudo bash tools/packaging/deb_check.sh [BUILD]     (default: build)
#
# Prints each step and "deb_check.sh: PASS" at the end; exits 1 at the first step that fails.
# DEB_CHECK_ROOT keeps the chroot in that folder (made anew when it lacks /usr/bin/apt); by
# default it is a temporary folder, removed at the end.
set -euo pipefail

build_dir=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
mirror=${DEB_CHECK_MIRROR:-http://deb.debian.org/debian}

fail() {
  echo "deb_check.sh: FAIL: $*" >&2
  exit 1
}

[[ $(id -u) == 0 ]] || fail "needs root (debootstrap and chroot)"
[[ -f $build_dir/CPackConfig.cmake ]] || fail "$build_dir has no CPackConfig.cmake: configure and build it first"

work=$(mktemp -d)
chroot_dir=${DEB_CHECK_ROOT:-$work/root}
cleanup() {
  for m in proc dev; do umount "$chroot_dir/$m" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "== the package"
cpack --config "$build_dir/CPackConfig.cmake" -B "$work/package" >/dev/null
deb=$(ls "$work"/package/tfmc_*.deb)
dpkg-deb -I "$deb" | sed -n 's/^ \(Package\|Version\|Depends\):/  \1:/p'

echo "== a fresh Debian 12 (minbase) in $chroot_dir"
if ! command -v debootstrap >/dev/null; then
  apt-get install -y -qq debootstrap >/dev/null || fail "cannot install debootstrap"
fi
if [[ ! -x $chroot_dir/usr/bin/apt ]]; then
  debootstrap --variant=minbase bookworm "$chroot_dir" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    fail "debootstrap: $(tail -n 3 "$work/debootstrap.log")"
fi
mount -t proc proc "$chroot_dir/proc"
mount --bind /dev "$chroot_dir/dev"
in_root() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
in_root which tfmc >/dev/null 2>&1 && fail "the fresh system already has a tfmc"

echo "== apt install ./$(basename "$deb")"
cp "$deb" "$chroot_dir/tmp/"
in_root apt-get update -qq >/dev/null || fail "apt-get update in the chroot"
in_root apt-get install -y -qq --no-install-recommends "/tmp/$(basename "$deb")" >"$work/apt.log" 2>&1 ||
  fail "apt-get install: $(tail -n 5 "$work/apt.log")"

echo "== tfmc --version"
in_root tfmc --version || fail "tfmc --version"

echo "== tfmc check on the paper's lost update (specs/paper/figure4_lost_update.tfg: exit 1)"
cp "$root/specs/paper/figure4_lost_update.tfg" "$chroot_dir/tmp/"
code=0
in_root tfmc check /tmp/figure4_lost_update.tfg >"$work/check.txt" 2>&1 || code=$?
head -n 3 "$work/check.txt"
[[ $code == 1 ]] || fail "tfmc check exited $code, not 1"
grep -q '^verdict: nondeterministic: 4 outcomes$' "$work/check.txt" ||
  fail "tfmc check did not find the paper's 4 outcomes"

echo "== the man page and the bash completion"
in_root test -s /usr/share/man/man1/tfmc.1.gz || fail "no man page"
in_root sh -c 'gzip -dc /usr/share/man/man1/tfmc.1.gz | grep -q "^.SH \"tfmc check\""' ||
  fail "the man page has no part on tfmc check"
# shellcheck disable=SC2016 # expanded by the chroot's bash
in_root bash -c 'source /usr/share/bash-completion/completions/tfmc &&
  COMP_WORDS=(tfmc check --max-st) COMP_CWORD=2 && _tfmc && [[ ${COMPREPLY[*]} == --max-states ]]' ||
  fail "the bash completion does not complete 'tfmc check --max-st'"
echo "deb_check.sh: PASS"
