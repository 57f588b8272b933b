#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# man-check.sh: the manual pages in doc/man against what they describe.
#
# For every doc/man/PROG.1 whose program is built ($PATHPROF_BUILD/PROG):
# the options of "PROG --help" (and of "PROG CMD --help" for each
# sub-command CMD the help lists) against the options the page documents,
# both ways.  For doc/man/pathprof.1: the plugin arguments the plugin
# accepts (the list its unknown-argument error gives, which is the table
# its parser uses) and the PATHPROF_* variables the runtime reads (the
# string literals "PATHPROF_*" of runtime/*.c; the PATHPROF_TEST_* hooks
# are left out of the page) against the page, both ways.  Every page
# renders without a warning (groff -man -ww; mandoc -T lint if installed).
#
# A page documents an option, argument or variable as the tag of a .TP
# item ("\fB\-f\fR, \fB\-\-function\fR=\fIFUNC\fR", ".B PATHPROF_QUIET");
# pathprof.1 may not name an argument or variable elsewhere that does not
# exist.  One PASS: line per check that holds, one FAIL: line per mismatch,
# naming the page and the option.
#
# Usage: sh testsuite/man-check.sh (PATHPROF_BUILD: the build directory,
# as testsuite/run-unit.sh sets it; CC: the GCC the plugin was built for).
set -u
build=${PATHPROF_BUILD:?PATHPROF_BUILD must name the build directory}
top=${PATHPROF_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
mandir=$top/doc/man
cc=${CC:-gcc}
LC_ALL=C; export LC_ALL
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
failed=0

pass () { echo "PASS: $*"; }
fail () { echo "FAIL: $*"; failed=$((failed + 1)); }

# The text of troff source on stdin, without comment lines, font changes
# and escapes that do not stand for a character: "\fB\-\-all\fR" is
# "--all".
troff_text () {
  sed -e '/^\.\\"/d' -e 's/\\f[BIRP]//g' -e 's/\\f([A-Z][A-Z]//g' \
    -e 's/\\f\[[^]]*\]//g' -e 's/\\-/-/g' -e 's/\\[%&]//g' -e 's/\\c$//'
}

# The tag lines of the .TP items of troff source on stdin, as text.
tp_tags () {
  awk '/^\.TP/ { tag = 1; next }
       tag && /^\.\\"/ { next }
       tag { print; tag = 0 }' | troff_text | sed 's/^\.[A-Z][A-Z]* *//'
}

# The option names (-x, --long) at the start of tag lines or after a
# comma, one a line, sorted.
tag_options () {
  grep -oE '(^|[ ,[])--?[A-Za-z0-9][-A-Za-z0-9]*' \
    | sed -e 's/^[ ,[]//' | sort -u
}

# The options listed in --help text on stdin: on each line that starts
# with blanks and a dash, the options before the description
# ("  -f, --function=FUNC   ...", "      --annotate[=FILE] ..."), one a
# line, sorted.
help_options () {
  awk '/^[ \t]+-/ {
         line = $0; sub(/^[ \t]+/, "", line)
         while (match(line, /^--?[A-Za-z0-9][-A-Za-z0-9]*/)) {
           print substr(line, 1, RLENGTH)
           line = substr(line, RLENGTH + 1)
           sub(/^(\[=[A-Za-z_|]*\]|=[A-Za-z_|]*| [A-Z][A-Z_]*)/, "", line)
           if (substr(line, 1, 2) != ", ")
             break
           line = substr(line, 3)
         }
       }' | sort -u
}

# The lines of the sorted file $1 that the sorted file $2 lacks.
missing () {
  comm -23 "$1" "$2"
}

# check_both SOURCE-LIST DOC-LIST LABEL NOUN ORIGIN DOC: a FAIL line for
# each name in one sorted list and not the other, else one PASS line.
check_both () {
  src=$1; doc=$2; label=$3; noun=$4; origin=$5; docname=$6
  bad=0
  for item in $(missing "$src" "$doc"); do
    fail "$label: $noun $item ($origin) is not in $docname"
    bad=1
  done
  for item in $(missing "$doc" "$src"); do
    fail "$label: $noun $item is in $docname but not in $origin"
    bad=1
  done
  if [ ! -s "$src" ]; then
    fail "$label: no ${noun}s found in $origin"
  elif [ "$bad" -eq 0 ]; then
    pass "$label: the $(wc -l < "$src" | tr -d ' ') ${noun}s of $origin match $docname"
  fi
}

# ---------------------------------------------------------------- programs
# PROG --help, and for each word CMD at the start of a help line that
# PROG CMD --help answers with a help of its own, that help too.
check_program_page () {
  page=$1; prog=$2; name=$(basename "$page")
  if ! "$prog" --help > "$tmp/help" 2>&1; then
    fail "$name: $prog --help failed"
    return
  fi
  help_options < "$tmp/help" > "$tmp/help.opts"
  origin="$(basename "$prog") --help"
  cmds=""
  for cmd in $(sed -n 's/^  \{1,3\}\([a-z][-a-z0-9]*\)\( .*\)\{0,1\}$/\1/p' \
                 "$tmp/help" | sort -u); do
    "$prog" "$cmd" --help > "$tmp/cmd.help" 2>/dev/null || continue
    cmp -s "$tmp/help" "$tmp/cmd.help" && continue
    help_options < "$tmp/cmd.help" >> "$tmp/help.opts"
    cmds="$cmds $cmd"
  done
  [ -n "$cmds" ] && origin="$origin and its sub-commands' ($cmds ) --help"
  sort -u -o "$tmp/help.opts" "$tmp/help.opts"
  tp_tags < "$page" | tag_options > "$tmp/page.opts"
  check_both "$tmp/help.opts" "$tmp/page.opts" "$name" option "$origin" \
    "the page's .TP tags"
}

# ---------------------------------------------------------------- pathprof.1
check_pathprof_page () {
  page=$1; name=$(basename "$page")
  plugin=$build/pathprof.so
  printf 'int man_check;\n' > "$tmp/t.c"
  # The plugin's accepted keys: its unknown-argument error lists them.
  "$cc" -fplugin="$plugin" -fplugin-arg-pathprof-no-such-key-man-check \
    -c "$tmp/t.c" -o "$tmp/t.o" > "$tmp/err" 2>&1
  sed -n 's/.*unknown argument.*; the arguments are: \([^(]*\) (.*/\1/p' \
    "$tmp/err" | tr ',' '\n' | sed -e 's/^ *//' -e 's/ *$//' \
    | sed '/^$/d' | sort -u > "$tmp/plugin.keys"
  if [ ! -s "$tmp/plugin.keys" ]; then
    fail "$name: no argument list in the plugin's unknown-argument error:"
    sed 's/^/  /' "$tmp/err"
    return
  fi
  # Its help (-fplugin-arg-pathprof-help) should explain each of them.
  "$cc" -fplugin="$plugin" -fplugin-arg-pathprof-help \
    -c "$tmp/t.c" -o "$tmp/t.o" > "$tmp/err" 2>&1
  sed -n 's/^  \([a-z][-a-z0-9]*\).*/\1/p' "$tmp/err" | sort -u \
    > "$tmp/plugin.help"
  check_both "$tmp/plugin.keys" "$tmp/plugin.help" \
    "plugin/pathprof.cc" "argument" "the plugin's parser" \
    "-fplugin-arg-pathprof-help"
  prefix=-fplugin-arg-pathprof-
  tp_tags < "$page" | grep -oE -- "$prefix[a-z][-a-z0-9]*" \
    | sed "s/^$prefix//" | sort -u > "$tmp/page.tags"
  troff_text < "$page" | grep -oE -- "$prefix[a-z][-a-z0-9]*" \
    | sed "s/^$prefix//" | sort -u > "$tmp/page.all"
  # Documented (a tag) each accepted key; named nowhere another.
  for key in $(missing "$tmp/plugin.keys" "$tmp/page.tags"); do
    fail "$name: plugin argument $prefix$key is not documented in the page"
  done
  for key in $(missing "$tmp/page.all" "$tmp/plugin.keys"); do
    fail "$name: plugin argument $prefix$key is in the page but the plugin does not accept it"
  done
  if [ -z "$(missing "$tmp/plugin.keys" "$tmp/page.tags")$(missing "$tmp/page.all" "$tmp/plugin.keys")" ]; then
    pass "$name: the $(wc -l < "$tmp/plugin.keys" | tr -d ' ') plugin arguments match the page"
  fi

  # The variables the runtime reads: the "PATHPROF_*" literals of its
  # sources, but the test hooks.
  grep -ohE '"PATHPROF_[A-Z0-9_]+"' "$top"/runtime/*.c | tr -d '"' \
    | grep -v '^PATHPROF_TEST_' | sort -u > "$tmp/runtime.env"
  tp_tags < "$page" | grep -oE '^PATHPROF_[A-Z0-9_]+' | sort -u \
    > "$tmp/page.tags"
  troff_text < "$page" | grep -oE 'PATHPROF_[A-Z0-9_]+' | sort -u \
    > "$tmp/page.all"
  for var in $(missing "$tmp/runtime.env" "$tmp/page.tags"); do
    fail "$name: environment variable $var (read by runtime/*.c) is not documented in the page"
  done
  for var in $(missing "$tmp/page.all" "$tmp/runtime.env"); do
    fail "$name: environment variable $var is in the page but runtime/*.c does not read it (PATHPROF_TEST_* hooks are not documented)"
  done
  if [ ! -s "$tmp/runtime.env" ]; then
    fail "$name: no PATHPROF_* variable found in runtime/*.c"
  elif [ -z "$(missing "$tmp/runtime.env" "$tmp/page.tags")$(missing "$tmp/page.all" "$tmp/runtime.env")" ]; then
    pass "$name: the $(wc -l < "$tmp/runtime.env" | tr -d ' ') environment variables of the runtime match the page"
  fi
}

# ---------------------------------------------------------------- rendering
if command -v groff > /dev/null 2>&1; then
  render="groff"
elif command -v man > /dev/null 2>&1; then
  render="man"
else
  render=""
  echo "NOTE: neither groff nor man is installed: pages not rendered"
fi
command -v mandoc > /dev/null 2>&1 || echo "NOTE: mandoc is not installed: no mandoc -T lint"

check_rendering () {
  page=$1; name=$(basename "$page")
  case $render in
    groff) groff -man -Tutf8 -ww -z "$page" > "$tmp/render" 2>&1 ;;
    man) man --warnings -E UTF-8 -l "$page" 2>&1 > /dev/null \
           | cat > "$tmp/render" ;;
    *) : > "$tmp/render" ;;
  esac
  if [ -n "$render" ]; then
    if [ -s "$tmp/render" ]; then
      fail "$name: $render warns:"
      sed 's/^/  /' "$tmp/render"
    else
      pass "$name: $render renders it without a warning"
    fi
  fi
  if command -v mandoc > /dev/null 2>&1; then
    if mandoc -T lint -W warning "$page" > "$tmp/render" 2>&1 \
       && [ ! -s "$tmp/render" ]; then
      pass "$name: mandoc -T lint finds nothing"
    else
      fail "$name: mandoc -T lint warns:"
      sed 's/^/  /' "$tmp/render"
    fi
  fi
  stem=${name%.1}
  title=$(sed -n 's/^\.TH \([^ ]*\) .*/\1/p' "$page" | head -1)
  if [ "$title" = "$(echo "$stem" | tr a-z A-Z)" ]; then
    pass "$name: .TH names $title"
  else
    fail "$name: .TH names '$title', not $(echo "$stem" | tr a-z A-Z)"
  fi
}

# ---------------------------------------------------------------- pages
pages=0
for page in "$mandir"/*.1; do
  [ -f "$page" ] || continue
  pages=$((pages + 1))
  stem=$(basename "$page" .1)
  check_rendering "$page"
  if [ "$stem" = pathprof ]; then
    check_pathprof_page "$page"
  elif [ -x "$build/$stem" ]; then
    check_program_page "$page" "$build/$stem"
  else
    echo "NOTE: $(basename "$page"): no $build/$stem: options not checked"
  fi
done
[ "$pages" -gt 0 ] || fail "no manual page in $mandir"
for prog in pathprof-dump; do
  [ -f "$mandir/$prog.1" ] || fail "$prog has no manual page doc/man/$prog.1"
done
[ -f "$mandir/pathprof.1" ] || fail "no manual page doc/man/pathprof.1"

[ "$failed" -eq 0 ]
