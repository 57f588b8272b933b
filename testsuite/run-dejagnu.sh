#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Run the DejaGnu suite (testsuite/pathprof.dg) against a build directory.
# Usage: run-dejagnu.sh BUILD_DIR CC CXX
#
# Works in BUILD_DIR/testsuite: writes a site.exp there (so that a later
# `cd BUILD_DIR/testsuite && runtest --tool pathprof fig1.c` reruns one
# test), runs runtest, prints the summary of pathprof.sum (the lines of
# every FAIL, UNRESOLVED, ERROR and the "# of expected passes"... totals)
# and exits non-zero if runtest failed or any test did not pass.
# RUNTESTFLAGS from the environment or make's command line is passed to
# runtest, e.g.
#   make dg-check RUNTESTFLAGS=dg.exp=fig1.c
#   make dg-check RUNTESTFLAGS="'dg.exp=fig1.c loops.c' PATHPROF_OPTION_SETS=-O2"
set -u
if [ $# -ne 3 ]; then
  echo "usage: $0 BUILD_DIR CC CXX" >&2
  exit 2
fi
build=$1; cc=$2; cxx=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
case $build in
  /*) ;;
  *) build=$(cd "$build" && pwd) ;;
esac

if ! command -v runtest >/dev/null 2>&1; then
  echo "run-dejagnu: runtest not found: install DejaGnu (make deps)" >&2
  echo "# of unresolved testcases	1"
  exit 1
fi

work=$build/testsuite
mkdir -p "$work" || exit 1
# Tcl-quote a value: braces keep spaces and special characters literal.
q() { printf '{%s}' "$1"; }
cat > "$work/site.exp" <<EOF
# Written by testsuite/run-dejagnu.sh; rewritten on every run.
set tool pathprof
set srcdir $(q "$here")
set objdir $(q "$work")
set PATHPROF_BUILD $(q "$build")
set PATHPROF_SRCDIR $(q "$top")
set PATHPROF_CC $(q "$cc")
set PATHPROF_CXX $(q "$cxx")
EOF

cd "$work" || exit 1
rm -f pathprof.sum pathprof.log
# RUNTESTFLAGS is split and unquoted by the shell, as GCC's "make check"
# does, so that 'dg.exp=fig1.c loops.c' can name several tests.
eval "runtest --tool pathprof --srcdir \"\$here\" ${RUNTESTFLAGS:-}" \
  >runtest.out 2>&1
rc=$?

if [ ! -f pathprof.sum ]; then
  echo "run-dejagnu: runtest wrote no pathprof.sum (exit $rc):"
  tail -20 runtest.out
  echo "# of unresolved testcases	1"
  exit 1
fi

# Every result that is not a pass, then the totals.
grep -E '^(FAIL|XPASS|UNRESOLVED|ERROR|WARNING|UNTESTED):' pathprof.sum
sed -n '/=== pathprof Summary ===/,$p' pathprof.sum
echo "run-dejagnu: details in $work/pathprof.log"

bad=$(grep -c -E '^(FAIL|XPASS|UNRESOLVED|ERROR|UNTESTED):' pathprof.sum)
passes=$(grep -c '^PASS:' pathprof.sum)
[ "$rc" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$passes" -gt 0 ]
