#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# pathprof-dump --lcov and --gcov against the tools users publish coverage
# with: the wordcount example (examples/wordcount) built at -O0 once with
# the plugin and once with --coverage, both run on the same two inputs.
#
# --lcov: the tracefile has a record of every kind for wordcount.c;
# genhtml renders it without a warning; lcov --summary reads the same
# lines, functions and branches (found and hit) from it as from the
# tracefile lcov --capture makes from gcov's data of the same runs.
# --lcov=FILE writes FILE, and with another -o is a usage error.
#
# --gcov=DIR: DIR/wordcount.c.gcov, in gcov's format (its header lines,
# a "function" line per function); gcovr --use-gcov-files reads the same
# line, function and branch summary from it as from the .gcov files gcov
# -b -c writes of the --coverage build.  --gcov with -o is a usage error.
#
# The lcov and gcovr parts skip (one SKIP: line each) when the tools are
# not installed: .ci/run installs them.
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

mkdir -p "$work/pg"
"$dump" --gcov="$work/pg" "$work/prof" 2> "$work/dump.err"
same "--gcov=DIR: exit status, nothing on stderr" "0 " \
  "$? $(cat "$work/dump.err")"
same "--gcov=DIR: wordcount.c.gcov" "wordcount.c.gcov" "$(ls "$work/pg")"
same "--gcov: gcov's header" \
  "Source:$work/wordcount.c|Runs:2" \
  "$(sed -n 's/^ *-: *0:\(Source:.*\|Runs:.*\)$/\1/p' "$work/pg/wordcount.c.gcov" | tr '\n' '|' | sed 's/|$//')"
same "--gcov: a function line per function" 4 \
  "$(grep -c '^function .* called [0-9]* returned [0-9]*% blocks executed [0-9]*%$' "$work/pg/wordcount.c.gcov")"
"$dump" --gcov="$work/pg" -o "$work/x" "$work/prof" 2> "$work/err"
same "--gcov -o: usage error" "2" "$?"

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
GCOV=${GCOV:-gcov}

if command -v gcovr > /dev/null 2>&1; then
  # gcov writes wordcount.c.gcov beside the source, which it names
  # relative to the compilation's directory, as gcovr expects.
  (cd "$work/gcov" && "$GCOV" -b -c wc-gcov-wordcount.gcda > /dev/null 2>&1 \
     || "$GCOV" -b -c wordcount.gcda > /dev/null 2>&1)
  # gcovr_summary DIR ROOT: gcovr's summary of the .gcov files in DIR.
  gcovr_summary () {
    gcovr -r "$2" -g -k -b -s "$1" 2>&1 | sed -n '/^\(lines\|functions\|branches\):/p'
  }
  want=$(gcovr_summary "$work/gcov" "$work/gcov")
  case $want in
    *lines*functions*branches*) pass "gcovr's summary of gcov's files" ;;
    *) fail "gcovr's summary of gcov's files" "three figures" "$want" ;;
  esac
  same "gcovr -g: pathprof's .gcov file reads as gcov's" "$want" \
    "$(gcovr_summary "$work/pg" "$work")"
else
  echo "SKIP: gcov-formats: gcovr not installed (apt-get install gcovr)"
fi

if ! command -v genhtml > /dev/null 2>&1 || ! command -v lcov > /dev/null 2>&1
then
  echo "SKIP: gcov-formats: lcov not installed (apt-get install lcov)"
  finish
fi

genhtml --branch-coverage -o "$work/html" "$work/p.info" > "$work/genhtml.log" 2>&1
same "genhtml renders it: exit status" 0 "$?"
same "genhtml: no warning" "" \
  "$(grep -i 'warning\|error' "$work/genhtml.log")"
[ -f "$work/html/index.html" ] && pass "genhtml: index.html" \
  || fail "genhtml: index.html" "written" "absent"

(cd "$work/gcov" && lcov --capture --rc lcov_branch_coverage=1 \
   --gcov-tool "$GCOV" -d . -o "$work/g.info") > "$work/lcov.log" 2>&1
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
