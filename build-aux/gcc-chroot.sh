#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Run make with GCC N (11 to 15): natively when gcc-N and its plugin
# headers are installed, else in a Debian chroot that has them, made the
# first time (as root: debootstrap) and reused after.  The tree is
# bind-mounted into the chroot and built into build-gccN/, as natively.
#
#   sh build-aux/gcc-chroot.sh N [MAKE-ARGUMENT...]    (default: check)
#   make check-gcc GCC=N                               (the same)
#   sh build-aux/gcc-chroot.sh N --prepare             (only make the
#                                     chroot and install what it needs)
#
# Several GCCs may run at once, in one chroot or two (.ci/run does): each
# mounts the tree at its own place, /mnt/pathprof-gccN.  Prepare a chroot
# (--prepare) before running two GCCs of it at once: apt is not run
# twice at a time.
#
# Which Debian has which GCC: bookworm 11 and 12, trixie 13 and 14, sid
# 15 (doc/testing.md).  The chroots live in $PATHPROF_CHROOTS (default
# /var/cache/pathprof-chroots), one per suite.  The mirror is the one
# this system's apt sources name, read now: no host is written here.
# PATHPROF_CHROOT=1 forces the chroot even when gcc-N is installed.
set -eu
n=${1:?usage: gcc-chroot.sh N [MAKE-ARGUMENT...] (N: 11 to 15)}
shift
[ $# -gt 0 ] || set -- check
top=$(cd "$(dirname "$0")/.." && pwd)
root=${PATHPROF_CHROOTS:-/var/cache/pathprof-chroots}

case $n in
  11|12) suite=bookworm ;;
  13|14) suite=trixie ;;
  15) suite=sid ;;
  *) echo "gcc-chroot: GCC $n: pathprof supports GCC 11 to 15" >&2; exit 2 ;;
esac
vars="CC=gcc-$n CXX=g++-$n FC=gfortran-$n BUILD=build-gcc$n"

# Natively, when this system has that GCC and its plugin headers.
if [ "${PATHPROF_CHROOT:-0}" != 1 ] && command -v "gcc-$n" >/dev/null 2>&1 \
   && [ -f "$(gcc-$n -print-file-name=plugin)/include/gcc-plugin.h" ]; then
  echo "gcc-chroot: gcc-$n is installed here: no chroot"
  [ "$1" = --prepare ] && exit 0
  cd "$top"
  # shellcheck disable=SC2086
  exec make $vars "$@"
fi

if [ "$(id -u)" != 0 ]; then
  echo "gcc-chroot: gcc-$n (with gcc-$n-plugin-dev) is not installed here," \
       "and making or entering a chroot for it needs root" >&2
  exit 1
fi

# The Debian archive this system's apt uses: deb822 sources first, then
# one-line ones; not the security archive.
mirror () {
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++)
	   if ($i !~ /security/) { print $i; exit } }' "$f"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {
	   if ($i !~ /security/) print $i; break } }' "$f"
  done
}

dir=$root/$suite
# What make check uses beyond the compilers: DejaGnu, Graphviz (--dot),
# CMake (the README's CMake lines, pathprof.project), groff (man-check).
packages="gcc-$n g++-$n gcc-$n-plugin-dev gfortran-$n make dejagnu
  python3 graphviz cmake groff-base file binutils ca-certificates"
apt_opts=
# sid's Release files expire within days; a snapshot of it often has.
[ "$suite" = sid ] && apt_opts="-o Acquire::Check-Valid-Until=false"

if [ ! -x "$dir/usr/bin/apt-get" ]; then
  url=$(mirror | head -n 1)
  if [ -z "$url" ]; then
    echo "gcc-chroot: no Debian mirror in this system's apt sources" >&2
    exit 1
  fi
  if ! command -v debootstrap >/dev/null 2>&1; then
    echo "gcc-chroot: installing debootstrap"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap \
      >/dev/null
  fi
  echo "gcc-chroot: making a Debian $suite chroot in $dir (a few minutes)"
  mkdir -p "$root"
  rm -rf "$dir.tmp"
  debootstrap --variant=minbase "$suite" "$dir.tmp" "$url" \
    > "$root/$suite-debootstrap.log" 2>&1 || {
      echo "gcc-chroot: debootstrap failed: $root/$suite-debootstrap.log" >&2
      exit 1
    }
  mv "$dir.tmp" "$dir"
fi

# Each run mounts its own /proc (stacked on another run's, if any) and
# its own view of the tree, and unmounts them.
mnt=/mnt/pathprof-gcc$n
mounted=
cleanup () {
  for m in $mounted; do umount "$m" 2>/dev/null || umount -l "$m" || :; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
mkdir -p "$dir$mnt"
mount -t proc proc "$dir/proc" && mounted="$dir/proc"
mount --bind "$top" "$dir$mnt" && mounted="$dir$mnt $mounted"
cp /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || :

missing=
for p in $packages; do
  chroot "$dir" dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "gcc-chroot: installing in the $suite chroot:$missing"
  # shellcheck disable=SC2086
  chroot "$dir" sh -c "DEBIAN_FRONTEND=noninteractive; export DEBIAN_FRONTEND
    apt-get $apt_opts update -q >/dev/null &&
    apt-get $apt_opts install -y -q --no-install-recommends $missing \
      >/dev/null" || {
    echo "gcc-chroot: could not install$missing in $dir" >&2
    exit 1
  }
fi

echo "gcc-chroot: $(chroot "$dir" "gcc-$n" --version | head -n 1), in $dir"
[ "$1" = --prepare ] && exit 0
# shellcheck disable=SC2086
chroot "$dir" sh -c 'cd "$0" && make "$@"' "$mnt" $vars "$@"
