#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# licence-check.sh: every source file says its licence (LICENSE).
#
# LICENSE, COPYING (the GPL, version 3) and COPYING.RUNTIME (the GCC
# Runtime Library Exception 3.1) are there; every source file (C, C++,
# headers, shell, Tcl, awk, Lua, Fortran, JavaScript, CSS, Makefiles:
# benches' workloads, the fuzz corpus and doc/ are data) has one
# SPDX-License-Identifier line, in its first three lines or, for a
# program that tests, benches and examples instrument (its line numbers
# are test data), its last; the runtime library's files (those linked
# into instrumented programs) name the exception and no other file does.
#
# One PASS: line per check that holds, one FAIL: line per file that
# does not.  Usage: sh testsuite/licence-check.sh (PATHPROF_SRCDIR: the
# source tree, by default this script's).
set -u
top=${PATHPROF_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
LC_ALL=C; export LC_ALL
failed=0
pass () { echo "PASS: $*"; }
fail () { echo "FAIL: $*"; failed=$((failed + 1)); }

gpl='GPL-3.0-or-later'
runtime="$gpl WITH GCC-exception-3.1"

[ -f "$top/LICENSE" ] && pass "LICENSE" || fail "LICENSE: missing"
grep -q 'GNU GENERAL PUBLIC LICENSE' "$top/COPYING" 2> /dev/null \
  && grep -q 'Version 3, 29 June 2007' "$top/COPYING" \
  && pass "COPYING: the GPL, version 3" \
  || fail "COPYING: not the GPL, version 3"
grep -q 'GCC RUNTIME LIBRARY EXCEPTION' "$top/COPYING.RUNTIME" 2> /dev/null \
  && grep -q 'Version 3.1, 31 March 2009' "$top/COPYING.RUNTIME" \
  && pass "COPYING.RUNTIME: the GCC Runtime Library Exception 3.1" \
  || fail "COPYING.RUNTIME: not the GCC Runtime Library Exception 3.1"

# A tag line: a comment that holds nothing else.
tag='^\(# \|/\* \|// \|! \|-- \)SPDX-License-Identifier: '

# The identifier FILE (relative to $top) says, or nothing.
spdx_of () {
  { head -n 3 "$top/$1"; tail -n 1 "$top/$1"; } | grep "$tag" \
    | sed -n 's/.*Identifier: \([^*]*[^* ]\).*/\1/p' | head -n 1
}

checked=0
wrong=0
list=$(cd "$top" && find . \( -name build -o -name 'build-gcc*' -o -path ./.git \
  -o -path ./doc -o -path ./fuzz -o -path ./bench/workloads \) -prune \
  -o -type f \( -name '*.[chC]' -o -name '*.cc' -o -name '*.sh' \
  -o -name '*.exp' -o -name '*.tcl' -o -name '*.awk' -o -name '*.lua' \
  -o -name '*.f90' -o -name '*.js' -o -name '*.css' -o -name '*.shinc' \
  -o -name Makefile -o -path ./.ci/run \) -print | sed 's|^\./||' | sort)
for f in $list; do
  checked=$((checked + 1))
  case $f in
    runtime/tests/*) want=$gpl ;;
    runtime/*.[ch] | runtime/link/* | format/ppformat.[ch] \
      | format/ppformat-internal.h | format/ppio.c | format/ppmeta.c \
      | format/ppfile.c | format/ppmerge.c \
      | format/ppjournal.[ch]) want=$runtime ;;
    *) want=$gpl ;;
  esac
  n=$(grep -c "$tag" "$top/$f")
  got=$(spdx_of "$f")
  if [ "$n" != 1 ]; then
    fail "$f: $n SPDX-License-Identifier lines, not 1"
    wrong=$((wrong + 1))
  elif [ "$got" != "$want" ]; then
    fail "$f: SPDX-License-Identifier '${got:-(not in the first three lines or the last)}', not '$want'"
    wrong=$((wrong + 1))
  fi
done
[ "$checked" -gt 300 ] \
  && pass "$checked source files found" \
  || fail "only $checked source files found"
[ "$wrong" = 0 ] \
  && pass "every source file names its licence, the runtime library's the exception"
[ "$failed" = 0 ]
