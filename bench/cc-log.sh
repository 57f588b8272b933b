#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# cc-log.sh -- the compiler the benchmark builds see: runs the real
# compiler and, for every compilation of one C file (-c FILE.c), appends
# to $BENCH_CC_LOG one line
#
#   SECONDS <tab> SIZE <tab> SOURCE <tab> DIR <tab> COMMAND
#
# SECONDS the compilation's wall time, SIZE the source's size in bytes,
# SOURCE its name relative to $BENCH_CC_ROOT (the variant's build
# directory) when it is below it, absolute otherwise, DIR the directory
# the compiler ran in and COMMAND the compilation again, quoted for sh,
# with "-o OBJECT" turned into "-o @OBJ@" and the plugin's verbose flag
# left out.  bench.sh times the longest compilation of the plain build
# again on its own, per variant (the compile-time ratio).
#
# Usage: BENCH_REAL_CC=gcc BENCH_CC_LOG=FILE BENCH_CC_ROOT=DIR cc-log.sh ARGS...
set -u

quote () {
  case $1 in
    *[!A-Za-z0-9_./=,+:%@-]* | '')
      printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
  esac
}

[ -n "${BENCH_CC_LOG:-}" ] || exec $BENCH_REAL_CC "$@"

compile=no source='' command='' after_o=no
for arg in "$@"; do
  if [ $after_o = yes ]; then
    command="$command @OBJ@"
    after_o=no
    continue
  fi
  case $arg in
    -c) compile=yes ;;
    -o) after_o=yes ;;
    -fplugin-arg-pathprof-verbose) continue ;;
    -*) ;;
    *.c) source=$arg ;;
  esac
  command="$command $(quote "$arg")"
done
[ $compile = yes ] && [ -n "$source" ] && [ -f "$source" ] \
  || exec $BENCH_REAL_CC "$@"

start=$(date +%s.%N)
$BENCH_REAL_CC "$@"
status=$?
end=$(date +%s.%N)
case $source in /*) ;; *) source=$PWD/$source ;; esac
size=$(wc -c < "$source" | tr -d ' ')
key=${source#"${BENCH_CC_ROOT:-/nonexistent}/"}
printf '%s\t%s\t%s\t%s\t%s\n' "$(echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }')" \
  "$size" "$key" "$PWD" "$BENCH_REAL_CC$command" >> "$BENCH_CC_LOG"
exit $status
