#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Run unit-test programs and scripts; each prints PASS:/FAIL: lines and
# exits non-zero on failure, or prints one SKIP: line (and no PASS:) when
# it cannot run on this machine.  Prints one line per program and a total.
# Usage: run-unit.sh BUILD_DIR TEST...
# Exit status: 0 if every test passed.
set -u
build=$1; shift
PATHPROF_BUILD=$build; export PATHPROF_BUILD
top=$(cd "$(dirname "$0")/.." && pwd)
PATHPROF_SRCDIR=$top; export PATHPROF_SRCDIR
log=$build/unit.log
: > "$log"
passed=0; failed=0; bad=0
for t in "$@"; do
  case $t in
    *.sh) cmd="sh $t" ;;
    *) cmd="$t" ;;
  esac
  out=$($cmd 2>&1); rc=$?
  printf '=== %s (exit %d)\n%s\n' "$t" "$rc" "$out" >> "$log"
  p=$(printf '%s\n' "$out" | grep -c '^PASS:')
  f=$(printf '%s\n' "$out" | grep -c '^FAIL:')
  s=$(printf '%s\n' "$out" | grep '^SKIP:' | head -1)
  passed=$((passed + p)); failed=$((failed + f))
  # A test that cannot run here (a program it needs is not installed)
  # says so in one SKIP: line, and neither passes nor fails.
  if [ "$rc" -eq 0 ] && [ "$f" -eq 0 ] && [ "$p" -eq 0 ] && [ -n "$s" ]; then
    echo "unit: $t: skipped (${s#SKIP: })"
  elif [ "$rc" -ne 0 ] || [ "$f" -ne 0 ] || [ "$p" -eq 0 ]; then
    bad=$((bad + 1))
    echo "unit: $t: FAILED (exit $rc, $p passed, $f failed)"
    printf '%s\n' "$out" | grep -E '^FAIL:' | head -20
    [ "$f" -eq 0 ] && failed=$((failed + 1)) && printf '%s\n' "$out" | tail -5
  else
    echo "unit: $t: $p passed"
  fi
done
echo "unit tests: $passed passed, $failed failed (log: $log)"
[ "$bad" -eq 0 ]
