#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# pathprof-tool merge, diff and overlap on a real program
# (tool/tests/programs/two-inputs.c, built at -O0 with the plugin), with every
# figure worked out by hand below, and its errors: message, exit status,
# and no output file left.
#
# The program classifies 0 .. N-1 (two-inputs.c).  Its executed paths:
#
#   N   classify Z  classify O  classify B  main first  main iter  main exit  total
#   3       1           2           0           1           2          1        7
#   6       2           3           1           1           5          1       13
#   2       1           1           0           1           1          1        5
#
# (Z: 0, 3; B: 5; O: the rest; main: first 1, iter N-1, exit 1.)
#
# diff A=run(3) B=run(6): only in A none; only in B classify's B path,
# count 1, share 1/13 = 7.69%; in both, by |change| (points, share in B
# minus share in A):
#   main iter   2/7 = 28.57% -> 5/13 = 38.46%  +9.89
#   main exit   1/7 = 14.29% -> 1/13 =  7.69%  -6.59
#   main first  1/7 = 14.29% -> 1/13 =  7.69%  -6.59 (tie: path order)
#   classify O  2/7 = 28.57% -> 3/13 = 23.08%  -5.49
#   classify Z  1/7 = 14.29% -> 2/13 = 15.38%  +1.10
# overlap: program: min(1/7,2/13) + min(2/7,3/13) + 0 + min(1/7,1/13)
#   + min(2/7,5/13) + min(1/7,1/13) = 1/7 + 3/13 + 1/13 + 2/7 + 1/13
#   = 0.813187: 81.32%; classify: min(1/3,2/6) + min(2/3,3/6) = 5/6:
#   83.33%; main: min(1/4,1/7) + min(2/4,5/7) + min(1/4,1/7) = 11/14:
#   78.57%, the lowest, listed first.
# Table 3: of B's 6 paths A executed 5 (83.33%); of B's 13 executions,
#   12 (92.31%: all but the B path's 1).
# merge -w 2,3 run(3) run(6): Z 1*2+2*3 = 8, O 2*2+3*3 = 13, B 0+1*3 = 3,
#   first 2+3 = 5, iter 2*2+5*3 = 19, exit 5; runs 2+3 = 5.
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"
tool=$PATHPROF_BUILD/pathprof-tool
export LC_ALL=C
unset COLUMNS

# check WHAT EXPECTED-STATUS COMMAND...: run COMMAND, its stdout in
# $work/out and stderr in $work/err; pass if it exits EXPECTED-STATUS.
check () {
  what=$1; want=$2; shift 2
  "$@" > "$work/out" 2> "$work/err"
  rc=$?
  [ "$rc" = "$want" ] && pass "$what: exit $want" \
    || fail "$what: exit status" "$want" "$rc ($(head -3 "$work/err"))"
}
# said WHAT REGEXP: stderr of the last check matches REGEXP.
said () {
  grep -q -e "$2" "$work/err" && pass "$1: says so" \
    || fail "$1: message" "/$2/" "$(head -3 "$work/err")"
}
# absent WHAT FILE: FILE does not exist, nor a temporary beside it.
absent () {
  if [ -e "$2" ] || ls "$2".?????? > /dev/null 2>&1; then
    fail "$1: no output" "no $2" "$(ls "$2"*)"
  else
    pass "$1: no output"
  fi
}

# build SRC EXE [CFLAG...]: SRC at -O0 with the plugin into EXE.
build () {
  bsrc=$1; bexe=$2; shift 2
  $CC -O0 -fplugin="$PATHPROF_BUILD/pathprof.so" \
    -fplugin-arg-pathprof-dir="$work/prof" "$@" -o "$bexe" "$bsrc" \
    "$PATHPROF_BUILD/libpathprof.a" -lpthread 2>> "$work/cc.log"
}
# run EXE DIR ARG...: run EXE with its profile written under DIR.
run () {
  rexe=$1; rdir=$2; shift 2
  mkdir -p "$rdir"
  PATHPROF_PREFIX=$rdir PATHPROF_PREFIX_STRIP=99 "$rexe" "$@"
}

mkdir -p "$work/src"
cp "$src/tool/tests/programs/two-inputs.c" "$work/src/prog.c"
if ! build "$work/src/prog.c" "$work/prog"; then
  fail "build two-inputs.c with the plugin" "no error" "$(cat "$work/cc.log")"
  finish
fi
run "$work/prog" "$work/r3" 3
run "$work/prog" "$work/r6" 6
run "$work/prog" "$work/r2" 2

# -- diff
check "diff" 0 "$tool" diff "$work/r3" "$work/r6"
same "diff: the lists, as text" "Paths executed in A only: 0, 0 executions (0.00% of A's)

Paths executed in B only: 1, 1 executions (7.69% of B's)
  count    share  function  path
      1    7.69%  classify  [entry] prog.c:14 (false) -> 16 (true) -> 17 [return]

Paths executed in both: 5; the largest changes in share first
  share A  share B   change  function  path
   28.57%   38.46%    +9.89  main      [loop head after backedge 27->27] prog.c:27 (true) -> 28 -> 27 [backedge 27->27]
   14.29%    7.69%    -6.59  main      [loop head after backedge 27->27] prog.c:27 (false) -> 29 [return]
   14.29%    7.69%    -6.59  main      [entry] prog.c:24 (true) -> 25 -> 27 (true) -> 28 -> 27 [backedge 27->27]
   28.57%   23.08%    -5.49  classify  [entry] prog.c:14 (false) -> 16 (false) -> 18 [return]
   14.29%   15.38%    +1.10  classify  [entry] prog.c:14 (true) -> 15 [return]" \
  "$(tail -n +4 "$work/out")"
check "diff -n 1" 0 "$tool" diff -n 1 "$work/r3" "$work/r6"
grep -q '^  \.\.\. 4 more' "$work/out" && pass "diff -n 1: 4 more" \
  || fail "diff -n 1" "... 4 more" "$(cat "$work/out")"
check "diff --json" 0 "$tool" diff --json "$work/r3" "$work/r6"
same "diff --json: only_b and both" "only_b 1
both 5
change 9.890110" \
  "$(sed -n 's/.*"only_b": {"paths": \([0-9]*\).*/only_b \1/p; s/.*"both": {"paths": \([0-9]*\).*/both \1/p' "$work/out"
     grep -o '"change": 9\.[0-9]*' "$work/out" | head -1 | sed 's/"change": /change /')"
if command -v python3 > /dev/null 2>&1; then
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/out" \
    && pass "diff --json: valid JSON" || fail "diff --json" "valid JSON" "$(head -5 "$work/out")"
fi

# -- names cut to the function column: two functions whose names differ
# only in the middle never read the same (the middle kept, or numbered
# with a legend, as in pathprof-dump's text report); overlap, whose last column is the
# function, writes the whole name; without a width (no terminal, no
# $COLUMNS) no name is cut.
cat > "$work/src/long.c" <<'EOF'
int classify_the_input_values_of_table_one_and_then_return_them_with_great_care (int x)
{ return x > 2 ? x : -x; }
int classify_the_input_values_of_table_two_and_then_return_them_with_great_care (int x)
{ return x > 4 ? x : -x; }
int main (int argc, char **argv)
{
  int n = argv[1][0] - '0', s = 0;
  for (int i = 0; i < n; i++)
    s += classify_the_input_values_of_table_one_and_then_return_them_with_great_care (i)
	 + classify_the_input_values_of_table_two_and_then_return_them_with_great_care (i);
  return s == 12345;
}
EOF
# both_names: the distinct function column texts of the list "in both".
both_names () {
  sed -n '/^Paths executed in both/,/^$/p' "$work/out" \
    | sed -n 's/^ *[0-9.]*% *[0-9.]*% *[-+0-9.]*  \(class.*\)\[entry\].*/\1/p' \
    | sed 's/ *$//' | sort -u
}
if build "$work/src/long.c" "$work/long"; then
  run "$work/long" "$work/l3" 3
  run "$work/long" "$work/l6" 6
  check "diff, long names" 0 env COLUMNS=100 "$tool" diff "$work/l3" "$work/l6"
  names=$(both_names)
  [ "$(echo "$names" | wc -l)" = 2 ] && echo "$names" | grep -q '\.\.\.' \
    && pass "diff, long names: cut, and still apart" \
    || fail "diff, long names" "two different cut names" "$names"
  # Numbered ones have a legend with the whole names.
  if echo "$names" | grep -q ' #[12]$'; then
    for f in one two; do
      grep -q "^  #[12]  classify_the_input_values_of_table_${f}_and_then_return_them_with_great_care\$" "$work/out" \
        && pass "diff, long names: the legend names $f in full" \
        || fail "diff, long names: legend" "#N  classify_..._${f}_..." "$(cat "$work/out")"
    done
  fi
  check "diff, long names, no width" 0 "$tool" diff "$work/l3" "$work/l6"
  same "diff, long names, no width: whole names" \
    "classify_the_input_values_of_table_one_and_then_return_them_with_great_care
classify_the_input_values_of_table_two_and_then_return_them_with_great_care" "$(both_names)"
  check "overlap, long names" 0 env COLUMNS=100 "$tool" overlap "$work/l3" "$work/l6"
  for f in one two; do
    grep -q "  classify_the_input_values_of_table_${f}_and_then_return_them_with_great_care\$" "$work/out" \
      && pass "overlap, long names: $f in full" \
      || fail "overlap, long names" "the whole name" "$(cat "$work/out")"
  done
else
  fail "build long.c with the plugin" "no error" "$(cat "$work/cc.log")"
fi

# -- overlap and Table 3
check "overlap" 0 "$tool" overlap "$work/r3" "$work/r6"
same "overlap: figures" "Overlap: 81.32% of path executions
78.57% 4 7 main
83.33% 3 6 classify
paths: 5 of 6 83.33%
path executions: 12 of 13 92.31%" \
  "$(grep '^Overlap' "$work/out"; sed -n 's/^  *\([0-9.]*%\)  *\([0-9]*\)  *\([0-9]*\)  *\(.*\)/\1 \2 \3 \4/p' "$work/out"
     sed -n 's/^  \(paths\|path executions\): *\(.*\)/\1: \2/p' "$work/out" | tr -s ' ')"
# The statement-weighted figure needs the metas' detail section: "-"
# without it, else "S1 of S2  P%" with S1 <= S2.
stm=$(sed -n 's/^  statements run: *//p' "$work/out")
case $stm in
  "-  (no statement counts in these profiles)") pass "overlap: statements: no detail, -" ;;
  *" of "*) set -- $stm
    [ "$1" -le "$3" ] && pass "overlap: statements $stm" \
      || fail "overlap: statements" "S1 <= S2" "$stm" ;;
  *) fail "overlap: statements" "- or S1 of S2" "$stm" ;;
esac
check "overlap --json" 0 "$tool" overlap --json "$work/r3" "$work/r6"
same "overlap --json: overlap and table3" '"overlap": 81.318681,
"paths_b": 6, "paths_both": 5, "paths": 83.333333,
"executions_b": 13, "executions_both": 12, "executions": 92.307692,' \
  "$(grep -o '"overlap": [0-9.]*,' "$work/out" | head -1
     grep -o '"paths_b": [0-9]*, "paths_both": [0-9]*, "paths": [0-9.]*,' "$work/out"
     grep -o '"executions_b": [0-9]*, "executions_both": [0-9]*, "executions": [0-9.]*,' "$work/out")"
# Identical sets overlap 100%, the program and every function: exactly
# (tool/overlap.c), where a sum of shares in floating point (1/13 +
# 2/13 + ...) lands a hair under 1 and read ">99.99%".
for r in r3 r6; do
  check "overlap A A ($r)" 0 "$tool" overlap "$work/$r" "$work/$r/"
  grep -q '^Overlap: 100.00%' "$work/out" && pass "overlap A A ($r): 100%" \
    || fail "overlap A A ($r)" "100.00%" "$(grep Overlap "$work/out")"
  rows=$(grep -c '^  .*%  ' "$work/out")
  full=$(grep -c '^  100.00%  ' "$work/out")
  [ "$rows" -gt 0 ] && [ "$rows" = "$full" ] \
    && pass "overlap A A ($r): every function 100.00%" \
    || fail "overlap A A ($r): every function" "100.00%" \
	    "$(grep '^  .*%  ' "$work/out")"
  check "overlap --json A A ($r)" 0 "$tool" overlap --json "$work/$r" "$work/$r/"
  same "overlap --json A A ($r): 100.000000" '"overlap": 100.000000,' \
    "$(grep -o '^  "overlap": [0-9.]*,' "$work/out" | sed 's/^  //')"
done

# -- runs are the program's: a program of two units (two .pathprof
# files) run once is 1 run, in diff's header as in pathprof-dump's; two
# such directories merged are 2 runs, not 4.
cat > "$work/src/unit1.c" <<'EOF'
int helper (int x);
int
main (int argc, char **argv)
{
  (void) argv;
  return helper (argc) - argc - 1;
}
EOF
cat > "$work/src/unit2.c" <<'EOF'
int
helper (int x)
{
  return x + 1;
}
EOF
if build "$work/src/unit1.c" "$work/units" "$work/src/unit2.c"; then
  run "$work/units" "$work/u1"
  run "$work/units" "$work/u2"
  same "two units, one run: two files" 2 \
    "$(find "$work/u1" -name '*.pathprof' | wc -l | tr -d ' ')"
  check "diff of two-unit runs" 0 "$tool" diff "$work/u1" "$work/u2"
  same "diff: a program of two files run once is 1 run" \
    "2 files, 1 run" \
    "$(sed -n 's/^A: .*: \(2 files, [0-9]* runs*\),.*/\1/p' "$work/out")"
  check "merge of two-unit runs" 0 "$tool" merge -o "$work/u.pathprof" \
    "$work/u1" "$work/u2"
  same "merge: two runs of a two-unit program are 2 runs" \
    "Profiles:    1 file, 2 runs" \
    "$("$dump" "$work/u.pathprof" 2>&1 | grep '^Profiles')"
  same "pathprof-dump of one two-unit run: 1 run" \
    "Profiles:    2 files, 1 run" \
    "$("$dump" "$work/u1" 2>&1 | grep '^Profiles')"
  same "pathprof-dump of two two-unit runs: 2 runs, as merge says" \
    "Profiles:    4 files, 2 runs" \
    "$("$dump" "$work/u1" "$work/u2" 2>&1 | grep '^Profiles')"
  check "merge -w 3 of one two-unit run" 0 "$tool" merge \
    -o "$work/u3.pathprof" -w 3 "$work/u1"
  same "merge -w 3: 3 runs" "Profiles:    1 file, 3 runs" \
    "$("$dump" "$work/u3.pathprof" 2>&1 | grep '^Profiles')"
else
  fail "build a two-unit program" "no error" "$(cat "$work/cc.log")"
fi

# -- merge with weights
check "merge -w 2,3" 0 "$tool" merge -o "$work/w.pathprof" -w 2,3 \
  "$work/r3" "$work/r6"
# (compared as sorted multisets, both sides)
got=$(profile_tsv "$work/w.pathprof" | awk '{ print $1, $3 }' | sort)
want=$(printf 'classify 8\nclassify 13\nclassify 3\nmain 5\nmain 19\nmain 5\n' | sort)
same "merge -w 2,3: counts, sorted" "$want" "$got"
same "merge -w 2,3: runs 2 + 3" "Profiles:    1 file, 5 runs" \
  "$("$dump" "$work/w.pathprof" 2>&1 | grep '^Profiles')"

# -- merge of N runs' profiles == the profile of N runs in one file,
# byte for byte
run "$work/prog" "$work/all" 3
run "$work/prog" "$work/all" 6
run "$work/prog" "$work/all" 2
check "merge 3 runs" 0 "$tool" merge -o "$work/m.pathprof" "$work/r3" "$work/r6" "$work/r2"
one=$(find "$work/all" -name '*.pathprof')
if cmp -s "$one" "$work/m.pathprof"; then
  pass "merge of 3 runs' profiles is byte for byte the profile of the 3 runs"
else
  fail "merge of 3 runs" "$(profile_tsv "$one" | tr '\n' ' ')" \
    "$(profile_tsv "$work/m.pathprof" | tr '\n' ' ')"
fi
# A directory is every .pathprof under it, and a file read twice once.
mkdir -p "$work/tree/x/y"
cp "$(find "$work/r3" -name '*.pathprof')" "$work/tree/x/a.pathprof"
cp "$(find "$work/r6" -name '*.pathprof')" "$work/tree/x/y/b.pathprof"
check "merge a directory" 0 "$tool" merge -o "$work/d.pathprof" "$work/tree" "$work/tree/x/a.pathprof"
profile_tsv "$work/r3" > "$work/r3.tsv"
profile_tsv "$work/r6" > "$work/r6.tsv"
same "merge a directory: counts" "$(add_tsv "$work/r3.tsv" "$work/r6.tsv")" \
  "$(profile_tsv "$work/d.pathprof")"

# -- several units: two programs whose functions share names
cat > "$work/src/a.c" <<'EOT'
static int __attribute__ ((noinline)) helper (int x) { return x ? 1 : 2; }
int main (int argc, char **argv) { return helper (argc) - 1; }
EOT
cat > "$work/src/b.c" <<'EOT'
static int __attribute__ ((noinline)) helper (int x) { return x > 1 ? 0 : 0; }
int main (int argc, char **argv) { return helper (argc); }
EOT
build "$work/src/a.c" "$work/a" && build "$work/src/b.c" "$work/b" \
  && run "$work/a" "$work/ra" && run "$work/b" "$work/rb" \
  || fail "build and run a.c, b.c" "no error" "$(tail -3 "$work/cc.log")"
check "merge two units" 0 "$tool" merge -o "$work/u.pathprof" "$work/ra" "$work/rb"
same "pathprof-dump names the merged units' functions" \
  "helper (a.c)
helper (b.c)
main (a.c)
main (b.c)" \
  "$("$dump" --coverage "$work/u.pathprof" 2>&1 | grep -o '[a-z]* ([ab].c)' | sort)"
check "merge a merged file with a unit's" 0 "$tool" merge -o "$work/u2.pathprof" "$work/u.pathprof" "$work/ra"
# u.pathprof holds each of the 4 functions' one path once; ra's a.c
# functions add 1 each.
same "merged units: counts add" "1 1 2 2" \
  "$(profile_tsv "$work/u2.pathprof" | awk '{ print $NF }' | sort -n | tr '\n' ' ' | sed 's/ $//')"

# -- errors
# Another build: the same unit and function names, other metas.
build "$work/src/prog.c" "$work/prog2" -DVARIANT -fno-inline -O1 \
  && run "$work/prog2" "$work/v3" 3
# Each function of another build is left out, the others are summed,
# and the output is written with exit status 1.
check "another build" 1 "$tool" merge -o "$work/e1.pathprof" "$work/r3" "$work/v3"
said "another build" "differs from the one in .*r3.*: another build; left out"
said "another build" "e1.pathprof written without [0-9]* function cop"
differing=$(sed -n 's/.*function \([a-z_]*\) differs.*/\1/p' "$work/err" | sort)
for f in $differing; do
  same "another build: $f is r3's alone" \
    "$(profile_tsv "$work/r3" | awk -v f="$f" '$1 == f')" \
    "$(profile_tsv "$work/e1.pathprof" | awk -v f="$f" '$1 == f')"
done
# Another program in the same unit.
cp "$work/src/b.c" "$work/src/prog.c"
build "$work/src/prog.c" "$work/prog3" && run "$work/prog3" "$work/o3"
check "another program" 1 "$tool" merge -o "$work/e2.pathprof" "$work/r3" "$work/o3"
said "another program" "function main differs from the one in .*: another build"
same "another program: main is r3's alone" \
  "$(profile_tsv "$work/r3" | awk '$1 == "main"')" \
  "$(profile_tsv "$work/e2.pathprof" | awk '$1 == "main"')"
check "diff of two builds" 1 "$tool" diff "$work/r3" "$work/v3"
said "diff of two builds" "another build; left out"
# An empty file and a damaged one.
: > "$work/empty.pathprof"
check "empty file" 1 "$tool" merge -o "$work/e3.pathprof" "$work/r3" "$work/empty.pathprof"
said "empty file" "empty.pathprof: empty file"
absent "empty file" "$work/e3.pathprof"
head -c 100 "$(find "$work/r3" -name '*.pathprof')" > "$work/torn.pathprof"
check "damaged file" 1 "$tool" merge -o "$work/e4.pathprof" "$work/torn.pathprof"
said "damaged file" "torn.pathprof: .*truncated"
absent "damaged file" "$work/e4.pathprof"
check "no input" 1 "$tool" merge -o "$work/e5.pathprof" "$work/nonexistent"
absent "no input" "$work/e5.pathprof"
# Weights.
for w in 0 -1 x 2,0 1,,2 ''; do
  check "weight '$w'" 2 "$tool" merge -o "$work/e6.pathprof" -w "$w" "$work/r3" "$work/r6"
  absent "weight '$w'" "$work/e6.pathprof"
done
said "weight ''" "invalid weight"
check "weights for 3 inputs, 2 given" 2 "$tool" merge -o "$work/e7.pathprof" -w 1,2 "$work/r3" "$work/r6" "$work/r2"
said "weights for 3 inputs, 2 given" "2 weights for 3 inputs"
absent "weights for 3 inputs, 2 given" "$work/e7.pathprof"
# Unwritable output.
check "unwritable output" 1 "$tool" merge -o "$work/no/such/dir/x.pathprof" "$work/r3"
said "unwritable output" "x.pathprof: cannot create"
# Into itself: the file is left as it was.
cp "$work/w.pathprof" "$work/self.pathprof"
check "merging a file into itself" 2 "$tool" merge -o "$work/self.pathprof" "$work/r3" "$work/self.pathprof"
said "merging a file into itself" "merging a file into itself"
cmp -s "$work/w.pathprof" "$work/self.pathprof" && pass "merging into itself: file untouched" \
  || fail "merging into itself" "file untouched" "changed"
# Usage.
check "no sub-command" 2 "$tool"
check "unknown sub-command" 2 "$tool" frobnicate x
check "diff with one input" 2 "$tool" diff "$work/r3"
check "-w for diff" 2 "$tool" diff -w 1 "$work/r3" "$work/r6"
said "-w for diff" "^pathprof-tool: -w (--weight): only for merge$"
check "--weight for overlap" 2 "$tool" overlap --weight=1 "$work/r3" "$work/r6"
said "--weight for overlap" "^pathprof-tool: -w (--weight): only for merge$"
check "-n for merge" 2 "$tool" merge -n 3 -o "$work/e8.pathprof" "$work/r3"
said "-n for merge" "^pathprof-tool: -n (--top): only for diff and overlap$"
check "--json for merge" 2 "$tool" merge --json -o "$work/e8.pathprof" "$work/r3"
said "--json for merge" "^pathprof-tool: --json: only for diff and overlap$"
check "--version" 0 "$tool" --version
same "--version" "pathprof-tool (pathprof) 0.1" "$(cat "$work/out")"
check "--help" 0 "$tool" --help
finish
