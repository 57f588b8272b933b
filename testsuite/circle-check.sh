#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# circle-check.sh: within each part, the files call each other in one
# direction (doc/layers.md): from the objects of the build, which file's
# object uses a symbol another of the same directory defines; tsort finds
# any circle.  One PASS: or FAIL: line per directory; a FAIL names the
# files of the circle.  Not the plugin: its options (pathprof.cc) are
# read by every file and it registers every file's pass, as GCC's own
# toplev does.
# Usage: sh testsuite/circle-check.sh (PATHPROF_BUILD: the build
# directory, by default build/ beside this script's tree).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${PATHPROF_BUILD:-$top/build}
LC_ALL=C; export LC_ALL
failed=0
pass () { echo "PASS: $*"; }
fail () { echo "FAIL: $*"; failed=$((failed + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-circles.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

for dir in core format runtime report dump tool; do
  # The objects of today's sources, not those of a file since removed.
  set --
  for s in "$top/$dir"/*.c; do
    set -- "$@" "$build/$dir/$(basename "$s" .c).o"
  done
  if [ ! -f "$1" ]; then
    fail "$dir: no objects in $build/$dir (build first)"
    continue
  fi
  : > "$tmp/defs"; : > "$tmp/uses"
  for o in "$@"; do
    f=$(basename "$o" .o)
    nm -g --defined-only "$o" | awk -v f="$f" 'NF == 3 { print $3, f }' \
      >> "$tmp/defs"
    nm -u "$o" | awk -v f="$f" '{ print $NF, f }' >> "$tmp/uses"
    # Every file is a node, so that one calling no other is in the order.
    echo "$f $f" >> "$tmp/edges.$dir"
  done
  sort -u "$tmp/defs" > "$tmp/defs.s"; sort -u "$tmp/uses" > "$tmp/uses.s"
  # "caller callee" for each symbol a file uses and another defines.
  join "$tmp/uses.s" "$tmp/defs.s" | awk '$2 != $3 { print $2, $3 }' \
    | sort -u >> "$tmp/edges.$dir"
  if tsort "$tmp/edges.$dir" > /dev/null 2> "$tmp/err"; then
    pass "$dir: $# files, $(awk '$1 != $2' "$tmp/edges.$dir" | wc -l) calls between them, no circle"
  else
    fail "$dir: a circle among $(grep -v 'input contains a loop' "$tmp/err" \
      | sed 's/^tsort: //' | sort -u | tr '\n' ' ')"
  fi
done
[ "$failed" = 0 ]
