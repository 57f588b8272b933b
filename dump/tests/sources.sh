#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Sources found from anywhere, and never another text than the one
# compiled (doc/pathprof-dump.md, "Sources"): a program compiled with a
# relative file name (src/prog.c, as autotools and make give it) from
# its project directory, its profile kept elsewhere (-fplugin-arg-
# pathprof-dir), and pathprof-dump run from a third directory:
# - --annotate shows the source (found in the compilation directory the
#   profile records), --lcov names it by that absolute path, --json
#   gives the directory;
# - the source moved: not shown, and --source-dir=DIR finds it as
#   DIR/NAME or DIR/TAIL; several --source-dir are tried in order;
# - the source edited since: never shown, "is not the file compiled";
# - the compilation directory gone: the message says so;
# - --source-dir naming a missing directory: exit status 2, nothing on
#   stdout.
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"
export LC_ALL=C

mkdir -p "$work/proj/src" "$work/elsewhere" "$work/moved/a" "$work/other"
cat > "$work/proj/src/prog.c" <<'SRC'
#include <stdio.h>
static int twice (int x) { return 2 * x; }
int
main (void)
{
  int s = 0;
  for (int i = 0; i < 5; i++)
    s += twice (i);
  printf ("%d\n", s);
  return 0;
}
SRC
(cd "$work/proj" && cc_plugin "$work/prof" src/prog.c -o prog \
   "$PATHPROF_BUILD/libpathprof.a" -lpthread) \
  || { fail "build the program" "success" "$(tail -3 "$work/cc.log")"; finish; }
"$work/proj/prog" > /dev/null || { fail "run the program" "exit 0" "$?"; finish; }

line2="        5:    2:static int twice (int x) { return 2 * x; }"
# shown WHAT [OPTION...]: --annotate with OPTIONs exits 0, says nothing
# on stderr and shows line 2's text.
shown () {
  what=$1; shift
  "$dump" --annotate "$@" "$work/prof" > out 2> err
  same "$what" "0 |$line2" "$? $(cat err)|$(grep ':    2:' out)"
}
# why WHAT EXPECTED [OPTION...]: --annotate with OPTIONs says why the
# source is not shown: "Source is not readable (EXPECTED): ...".
why () {
  what=$1; expected=$2; shift 2
  "$dump" --annotate "$@" "$work/prof" > out 2> err
  same "$what" "Source is not readable ($expected): counted lines only" \
    "$(sed -n 's/^ *-: *0:\(Source is.*\)$/\1/p' out)"
}

cd "$work/elsewhere"
shown "from another directory: the source is shown"
"$dump" --lcov "$work/prof" > info 2> err
same "--lcov: SF is where the source was compiled" \
  "SF:$work/proj/src/prog.c" "$(grep '^SF:' info)"
"$dump" --json "$work/prof" > json 2> err
same "--json: each function's compilation directory" \
  "\"current_working_directory\": \"$work/proj\", 2" \
  "$(grep -o '"current_working_directory": "[^"]*"' json | sort | uniq -c \
     | sed 's/^ *\([0-9]*\) \(.*\)$/\2, \1/')"

# Moved: another tree, one directory deeper.
mv "$work/proj/src/prog.c" "$work/moved/a/prog.c"
why "moved: counted lines only, saying why" "No such file or directory"
shown "--source-dir: found as DIR/TAIL, the second directory tried" \
  --source-dir="$work/other" --source-dir="$work/moved/a"
"$dump" --lcov --source-dir="$work/moved/a" "$work/prof" > info 2> err
same "--source-dir: --lcov names the file found" \
  "SF:$work/moved/a/prog.c" "$(grep '^SF:' info)"

# Edited since it was compiled: same name, other text.
sed 's/2 \* x/x + x/' "$work/moved/a/prog.c" > "$work/other/prog.c"
shown "two candidates: the one compiled is shown, not the edited one" \
  --source-dir="$work/other" --source-dir="$work/moved/a"
why "edited: never shown, said so" \
  "$work/other/prog.c is not the file compiled: other contents" \
  --source-dir="$work/other"
same "edited: line 2 without its text" "        5:    2:" \
  "$(grep ':    2:' out)"

# The compilation directory gone.
rm -rf "$work/proj"
why "compilation directory gone: said so" \
  "No such file or directory; compiled in $work/proj, which no longer exists; --source-dir=DIR says where the sources are now"

# A --source-dir that does not exist.
"$dump" --annotate --source-dir="$work/nowhere" "$work/prof" > out 2> err
same "--source-dir missing: usage error, nothing written" \
  "2 0 pathprof-dump: --source-dir=$work/nowhere: No such file or directory" \
  "$? $(wc -c < out) $(head -1 err)"
finish
