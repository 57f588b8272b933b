#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# exit-time.sh ROUNDS PROGRAM...: what a short process costs, exit
# included (doc/performance.md, "The exit of a short process").  Each
# PROGRAM runs `BEGIN{x=1}` (an awk one-liner; any program that takes
# that argument will do) 20 times a round, the programs alternated
# round by round, each writing its profiles under its own fresh
# PATHPROF_PREFIX; prints the median over the rounds of the time per
# process, in microseconds.  Wall time, so run it on a quiet machine
# and compare only figures from one run.
set -eu
rounds=$1
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-exit-time.XXXXXX")
trap 'rm -rf "$work"' EXIT
n=0
for prog in "$@"; do
  n=$((n + 1))
  mkdir -p "$work/prefix$n"
done
r=0
while [ "$r" -lt "$rounds" ]; do
  r=$((r + 1))
  n=0
  for prog in "$@"; do
    n=$((n + 1))
    start=$(date +%s%N)
    i=0
    while [ "$i" -lt 20 ]; do
      PATHPROF_PREFIX=$work/prefix$n "$prog" 'BEGIN{x=1}' > /dev/null
      i=$((i + 1))
    done
    end=$(date +%s%N)
    echo "$n $(( (end - start) / 20000 ))"
  done
done > "$work/times"
n=0
for prog in "$@"; do
  n=$((n + 1))
  median=$(awk -v n="$n" '$1 == n { print $2 }' "$work/times" | sort -n \
	   | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
  printf '%8s us  %s\n' "$median" "$prog"
done
