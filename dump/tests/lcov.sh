#!/bin/sh
# pathprof-dump --lcov against lcov's own tools: the wordcount example
# (examples/wordcount) built at -O0 once with the plugin and once with
# --coverage, both run on the same two inputs.  The tracefile has a
# record of every kind for wordcount.c; genhtml renders it without a
# warning; and lcov --summary reads the same lines, functions and
# branches (found and hit) from it as from the tracefile lcov --capture
# makes from gcov's data of the same runs.  --lcov=FILE writes FILE, and
# --lcov=FILE with another -o is a usage error.
#
# The lcov parts skip (one SKIP: line) when lcov is not installed:
# .ci/run installs it.
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"
export LC_ALL=C

src=$PATHPROF_SRCDIR/examples/wordcount
cp "$src/wordcount.c" "$work/wordcount.c"
cc_plugin "$work/prof" -O0 "$work/wordcount.c" -o "$work/wc-pathprof" \
  "$PATHPROF_BUILD/libpathprof.a" -lpthread \
  || { fail "build wordcount" "success" "$(tail -3 "$work/cc.log")"; finish; }
"$work/wc-pathprof" "$src/input.txt" > /dev/null \
  && "$work/wc-pathprof" -k "$src/input.txt" > /dev/null \
  || { fail "run wordcount" "exit 0" "failure"; finish; }

"$dump" --lcov="$work/p.info" "$work/prof" 2> "$work/dump.err"
same "--lcov=FILE: exit status, nothing on stderr" "0 " \
  "$? $(cat "$work/dump.err")"
"$dump" --lcov "$work/prof" > "$work/p-stdout.info" 2> /dev/null
same "--lcov: the same on stdout" "$(cat "$work/p.info")" \
  "$(cat "$work/p-stdout.info")"
for record in TN SF FN FNDA FNF FNH BRDA BRF BRH DA LF LH; do
  grep -q "^$record:" "$work/p.info" && pass "--lcov: a $record record" \
    || fail "--lcov: a $record record" "one" "none"
done
same "--lcov: one record, ended" "1 1" \
  "$(grep -c '^SF:.*wordcount\.c$' "$work/p.info") $(grep -c '^end_of_record$' "$work/p.info")"
"$dump" --lcov="$work/x.info" -o "$work/y.info" "$work/prof" 2> "$work/err"
same "--lcov=FILE -o OTHER: usage error" "2" "$?"

if ! command -v genhtml > /dev/null 2>&1 || ! command -v lcov > /dev/null 2>&1
then
  echo "SKIP: lcov: lcov not installed (apt-get install lcov)"
  finish
fi

genhtml --branch-coverage -o "$work/html" "$work/p.info" > "$work/genhtml.log" 2>&1
same "genhtml renders it: exit status" 0 "$?"
same "genhtml: no warning" "" \
  "$(grep -i 'warning\|error' "$work/genhtml.log")"
[ -f "$work/html/index.html" ] && pass "genhtml: index.html" \
  || fail "genhtml: index.html" "written" "absent"

# gcov's side: the same program with --coverage, the same runs.
mkdir -p "$work/gcov"
cp "$work/wordcount.c" "$work/gcov/wordcount.c"
(cd "$work/gcov" && $CC -O0 --coverage wordcount.c -o wc-gcov) \
  2>> "$work/cc.log" \
  || { fail "build wordcount --coverage" "success" "$(tail -3 "$work/cc.log")"; finish; }
"$work/gcov/wc-gcov" "$src/input.txt" > /dev/null \
  && "$work/gcov/wc-gcov" -k "$src/input.txt" > /dev/null \
  || { fail "run wordcount --coverage" "exit 0" "failure"; finish; }
GCOV=$(echo "$CC" | sed -n 's/^\(.*\)gcc\(-[0-9][0-9]*\)\{0,1\}$/\1gcov\2/p')
(cd "$work/gcov" && lcov --capture --rc lcov_branch_coverage=1 \
   --gcov-tool "${GCOV:-gcov}" -d . -o "$work/g.info") > "$work/lcov.log" 2>&1
same "lcov --capture of gcov's data: exit status" 0 "$?"
# summary FILE: lcov --summary's three figures.
summary () {
  lcov --summary --rc lcov_branch_coverage=1 "$1" 2>&1 \
    | sed -n 's/^ *\(lines\|functions\|branches\)\.*: /\1 /p'
}
want=$(summary "$work/g.info")
case $want in
  *lines*functions*branches*) pass "lcov --summary of gcov's tracefile" ;;
  *) fail "lcov --summary of gcov's tracefile" "three figures" "$want" ;;
esac
same "lcov --summary: pathprof's tracefile reads as gcov's" "$want" \
  "$(summary "$work/p.info")"
finish
