#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# longest-functions.sh: the longest functions of the C and C++ sources, in
# GNU style (the name at the start of a line, the body's braces alone at
# the start of theirs), as "LINES FILE FUNCTION", longest first.  LINES
# counts from the name's line to the closing brace, blank and comment
# lines included.
#
# Usage: sh build-aux/longest-functions.sh [-n N] [FILE...]
# (default: the top 20 of the parts' sources, tests left out).
n=20
if [ "${1:-}" = -n ]; then n=$2; shift 2; fi
if [ $# -eq 0 ]; then
  top=$(cd "$(dirname "$0")/.." && pwd)
  cd "$top" || exit 1
  set -- $(ls core/*.c format/*.c runtime/*.c report/*.c dump/*.c \
	     tool/*.c plugin/*.cc 2> /dev/null)
fi
LC_ALL=C awk '
  FNR == 1 { name = ""; body = 0 }
  # A name at the start of a line: a definition, unless a ";" ends its
  # declaration before a "{" opens a body.
  /^[A-Za-z_][A-Za-z0-9_:~]* \(/ && !body { name = $1; start = FNR }
  /;[ \t]*$/ && !body { name = "" }
  /^{/ { body = 1 }
  /^}/ {
    if (name != "")
      print FNR - start + 1, FILENAME, name
    name = ""; body = 0
  }
' "$@" | sort -k1,1nr -k2 | head -n "$n"
