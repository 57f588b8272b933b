#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make check: the unit tests of every part, then the DejaGnu suite, then
# one closing line "check: N passed, M failed".  Exit status 0 only if
# everything passed.
# Usage: check.sh BUILD_DIR CC CXX UNIT_TEST...
set -u
build=$1; cc=$2; cxx=$3; shift 3
here=$(cd "$(dirname "$0")" && pwd)
unit_out=$(sh "$here/run-unit.sh" "$build" "$@"); unit_rc=$?
printf '%s\n' "$unit_out"
unit_line=$(printf '%s\n' "$unit_out" | tail -1)
up=$(printf '%s\n' "$unit_line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
uf=$(printf '%s\n' "$unit_line" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
dg_out=$(sh "$here/run-dejagnu.sh" "$build" "$cc" "$cxx"); dg_rc=$?
printf '%s\n' "$dg_out"
dp=$(printf '%s\n' "$dg_out" | sed -n 's/^# of expected passes[[:space:]]*\([0-9]*\)/\1/p' | awk '{s+=$1} END {print s+0}')
df=$(printf '%s\n' "$dg_out" | sed -n 's/^# of \(unexpected failures\|unresolved testcases\|unexpected successes\|expected failures\|untested testcases\)[[:space:]]*\([0-9]*\)/\2/p' | awk '{s+=$1} END {print s+0}')
[ "$dg_rc" -ne 0 ] && [ "$df" -eq 0 ] && df=1
total_p=$(( ${up:-0} + dp )); total_f=$(( ${uf:-0} + df ))
[ "$unit_rc" -ne 0 ] && [ "$total_f" -eq 0 ] && total_f=1
echo "check: $total_p passed, $total_f failed"
[ "$unit_rc" -eq 0 ] && [ "$dg_rc" -eq 0 ] && [ "$total_f" -eq 0 ]
