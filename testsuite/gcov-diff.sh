#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# gcov-diff.sh -- whole programs as an oracle for the line and branch
# counts pathprof-dump derives from a path profile.
#
# Usage: gcov-diff.sh BUILD_DIR CC          (what "make gcov-diff" runs)
#
# For each program of make bench (bench/programs/NAME.sh), in the tree
# bench.sh prepares (BENCH_PREPARE_ONLY):
#   1. the program is built by its recipe three times: with CC -O0
#      --coverage (gcov's counts, the oracle), and with CC -fplugin=
#      BUILD/pathprof.so at -O0 and at -O2 (no other plugin argument:
#      what pathprof counts by default);
#   2. each build runs the recipe's training workload (recipe_train, or
#      recipe_deterministic_train where the program's threads would make
#      counts vary: the same commands for all three), with the address
#      space not
#      randomised (setarch -R) and the recipe's
#      recipe_deterministic_cflags (a fixed hash seed) added to CFLAGS;
#   3. "gcov --json-format -b" on the --coverage build's objects (those
#      the program has: with a .gcda) gives every line's count and every
#      branch's taken count (read with jq); "pathprof-dump --annotate
#      --branches" lists the same from each pathprof build's profiles;
#      both are read as (file, line) -> count and (file, line, n) ->
#      count, file by its base name (the branches of a line of several
#      functions, gcov's groups, as a set);
#   4. every line gcov counts and every branch gcov lists must read the
#      same in both pathprof builds (at -O2 too: pathprof's counts are the
#      source's, gcov's at -O0), and pathprof must count no line gcov does
#      not.  Each differing line or branch is listed in
#      CACHE/gcov-diff/NAME/diff.LEVEL.txt; one that
#      testsuite/gcov-diff.known names (with its reason) is counted as
#      known, any other fails.  A known-file entry may name a class
#      instead of a line: "always_inline" is every line of a function
#      GCC inlined before gcov's pass in the --coverage build (its
#      -fopt-info-inline-optimized messages name them and their calls)
#      and every line of such a call: gcov counts each inlined copy
#      apart, pathprof the function (doc/testing.md); "optimized_code",
#      above -O0, every line whose code the front end made otherwise than
#      at -O0 (another number of branches than in the -O0 pathprof build
#      of the same run, or code where it has none or none where it has)
#      and the lines gcov counts next to it.
# Prints per program and level "N of M lines identical, K of L branches
# identical" (and how many known differences).
#
# Exit status: 0 if nothing differed but the known, 1 if something else
# differed or a build or run failed, 2 if nothing could be set up, 77 if
# the only trouble was sources that could not be fetched ("cannot fetch
# the sources": no network, no apt-get source), which .ci/run tolerates.
#
# Environment (make gcov-diff VAR=VALUE passes these through):
#   GCOV_DIFF_PROGRAMS  names, comma- or space-separated (default: the six
#                       of make bench: bzip2 lua sqlite zstd gawk pcre2)
#   GCOV_DIFF_LEVELS    pathprof's optimisation levels (default "-O0 -O2");
#                       a level may be several flags joined by commas
#   GCOV_DIFF_CACHE     bench's cache, whose src/ and prep/ are shared
#                       (default: BENCH_CACHE, else
#                       ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/bench);
#                       the builds go to its gcov-diff/NAME/
#   GCOV_DIFF_KNOWN     the known differences (default
#                       testsuite/gcov-diff.known)

set -u
LC_ALL=C
export LC_ALL

if [ $# -ne 2 ] || [ ! -d "$1" ]; then
  echo "usage: gcov-diff.sh PATHPROF_BUILD_DIR CC" >&2
  exit 2
fi
BUILD=$(cd "$1" && pwd)
CC=$2
TOP=$(cd "$(dirname "$0")/.." && pwd)
BENCH_DIR=$TOP/bench
PROGRAMS=$(echo "${GCOV_DIFF_PROGRAMS:-bzip2 lua sqlite zstd gawk pcre2}" | tr ',' ' ')
LEVELS=${GCOV_DIFF_LEVELS:--O0 -O2}
CACHE=${GCOV_DIFF_CACHE:-${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/bench}}
KNOWN=${GCOV_DIFF_KNOWN:-$TOP/testsuite/gcov-diff.known}
GCOV=$(echo "$CC" | sed -n 's/^\(.*\)gcc\(-[0-9][0-9]*\)\{0,1\}$/\1gcov\2/p')
[ -n "$GCOV" ] || GCOV=gcov

for f in "$BUILD/pathprof.so" "$BUILD/libpathprof.a" "$BUILD/pathprof-dump"; do
  [ -f "$f" ] || { echo "gcov-diff: no $f: run make first" >&2; exit 2; }
done
command -v jq >/dev/null 2>&1 \
  || { echo "gcov-diff: no jq (Debian package jq), which reads gcov's JSON" >&2; exit 2; }
command -v "$GCOV" >/dev/null 2>&1 \
  || { echo "gcov-diff: no $GCOV for $CC" >&2; exit 2; }
[ -f "$KNOWN" ] || { echo "gcov-diff: no $KNOWN" >&2; exit 2; }

# The end of gcov_counts's and pp_counts's awk programs: the records of
# the lines LC (in ORDER, N of them) with their NB branches BR.
print_records='
    END {
      for (i = 0; i < n; i++) {
	k = order[i]
	print "L", k, lc[k]
	for (j = 0; j < nb[k]; j++) print "B", k, j, br[k, j]
	if (k in unordered) print "G", k
	if (k in outside) print "O", k
      }
    }'

# gcov_counts: "gcov --json-format -t -b" output on stdin (one JSON
# document per line), as records on stdout:
#   L FILE LINE COUNT        a line gcov counts
#   B FILE LINE N COUNT      the line's Nth branch from 0
#   G FILE LINE              the line's branches are in no order: those of
#                            several functions (gcov's groups: functions
#                            that start on one line, a static function of
#                            a header in several objects)
#   O FILE LINE              a line outside every function of FILE that
#                            gcov knows: only the blocks of some other
#                            file's function run it (an inlined copy)
# FILE is a base name.  A line listed several times (once per function
# of a group) adds up, as gcov's text listing does.
gcov_counts () {
  jq -r '.files[] | (.file | sub(".*/"; "")) as $f | .lines[]
	 | "\($f) \(.line_number) \(.count) \(if .function_name then "f" else "o" end) \([.branches[].count] | join(","))"' \
  | awk '
    {
      k = $1 " " $2
      if ($4 == "o" && !(k in lc)) outside[k] = 1
      if ($4 == "f") delete outside[k]
      $4 = $5
      if (!(k in lc)) order[n++] = k
      else if ($4 != "" && nb[k] > 0) unordered[k] = 1
      lc[k] += $3
      m = split($4, c, ",")
      for (i = 1; i <= m; i++) br[k, nb[k]++] = c[i]
    }
  '"$print_records"
}

# pp_counts: "pathprof-dump --annotate --branches" on stdin, as
# gcov_counts's records (##### is 0).  pathprof-dump lists each file once
# (its canonical name); files of one base name in several directories
# add up as in gcov_counts, their branches one after the other (G).
pp_counts () {
  awk '
    /^ *-: *0:Source:/ { f = $0; sub(/.*:Source:/, "", f); sub(/.*\//, "", f); next }
    /^branch / {
      c = ($3 == "taken") ? $4 + 0 : 0
      if (again) unordered[k] = 1
      br[k, nb[k]++] = c
      next
    }
    /^ *[-#0-9]+\*?: *[0-9]+:/ {
      split($0, p, ":")
      c = p[1]; gsub(/[ *]/, "", c)
      line = p[2] + 0
      k = ""
      if (c == "-" || line == 0) next
      if (c ~ /^#+$/) c = 0
      k = f " " line
      again = (k in lc) && nb[k] > 0
      if (!(k in lc)) order[n++] = k
      lc[k] += c
    }
  '"$print_records"
}

# inlined_lines SITES FUNCTIONS: on stdin, "pathprof-dump --lines"; on
# stdout, FILE:LINE (base name) of every line of the FUNCTIONS (one name
# a line) and every line of SITES (FILE:LINE already).  A FUNCTION field
# is the name, then for a name that several units share what tells them
# apart (" (zstd_compress.c)", " [C1]", " #2": doc/pathprof-dump.md,
# --tsv), which GCC's names have not.
inlined_lines () {
  awk -F '\t' -v sites="$1" -v fns="$2" '
    BEGIN {
      while ((getline w < sites) > 0) seen[w] = 1
      while ((getline f < fns) > 0) inl[f] = 1
    }
    {
      fn = $1
      sub(/ (\([^()]*\)|\[[^]]*\]|#[0-9]+)$/, "", fn)
      if (fn in inl) { f = $2; sub(/.*\//, "", f); seen[f ":" $3] = 1 }
    }
    END { for (w in seen) print w }'
}

# compare PROGRAM LEVEL GCOV_RECORDS PP_RECORDS DIFFS INLINED SITES O0: the
# differences
# into DIFFS ("FILE:LINE: line: gcov A, pathprof B" or "FILE:LINE:
# branch N: ..."), the summary on stdout: "lines SAME TOTAL branches
# SAME TOTAL known KNOWN unknown UNKNOWN".  INLINED: the lines of the
# always_inline class (inlined_lines); SITES: its calls' lines; O0: the
# -O0 build's PP_RECORDS above -O0 (the optimized_code class), or "".
compare () {
  awk -v prog="$1" -v level="$2" -v known="$KNOWN" -v diffs="$5" \
      -v inlined="$6" -v sites="$7" -v o0="$8" '
    BEGIN {
      printf "" > diffs
      while ((getline k < known) > 0) {
	if (k ~ /^#/ || k ~ /^[ \t]*$/) continue
	split(k, kw, /[ \t]+/)
	if ((kw[1] != prog && kw[1] != "*") \
	    || (kw[2] != level && kw[2] != "*")) continue
	if (kw[3] == "always_inline") {
	  while ((getline w < inlined) > 0) known_at[w] = 1
	  while ((getline w < sites) > 0) site[w] = 1
	  copies_outside = 1
	}
	else if (kw[3] == "optimized_code") {
	  # The -O0 build: how many branches it lists on each line.
	  while (o0 != "" && (getline w < o0) > 0) {
	    split(w, r, " ")
	    if (r[1] == "L") { o0line[r[2] ":" r[3]] = 1; o0nb[r[2] ":" r[3]] += 0 }
	    else if (r[1] == "B") o0nb[r[2] ":" r[3]]++
	  }
	  optimized = o0 != ""
	}
	else if (kw[3] ~ /:\*$/) known_file[substr(kw[3], 1, length(kw[3]) - 2)] = 1
	else known_at[kw[3]] = 1
      }
    }
    # The copies of a function pathprof has no record of (an extern
    # inline body: never a function of its own): lines of a file
    # pathprof counts nothing in, outside every function of it.
    # And the branches of the line before an inlined call, the last
    # that gcov counts: when the arguments went into the copy, no
    # statement of the call line is left in the block it merged with,
    # whose lines of the caller end there.
    # And above -O0, a line whose code GCC made otherwise than at -O0
    # (optimized_code): the build lists another number of branches on
    # it, or has or lacks it where the -O0 build does not; and the lines
    # gcov counts next to it, before and after, the rest of a condition
    # whose parts the folder merged.
    function is_known(where, branch,    w) {
      split(where, w, ":")
      return (where in known_at) || (w[1] in known_file) \
	     || (copies_outside && (where in outside) && !(w[1] in pfile)) \
	     || (branch && (where in before_site)) \
	     || (where in optimized_known)
    }
    function optimized_differ(k) {
      return (k in o0line) != (k in pl) || o0nb[k] + 0 != npb[k] + 0
    }
    # Mark K and the lines gcov counts next to it.
    function mark_optimized(k,    p, l) {
      optimized_known[k] = 1
      split(k, p, ":")
      for (l = p[2] - 1; l > 0 && l > p[2] - 50; l--)
	if ((p[1] ":" l) in gl) { optimized_known[p[1] ":" l] = 1; break }
      for (l = p[2] + 1; l < p[2] + 50; l++)
	if ((p[1] ":" l) in gl) { optimized_known[p[1] ":" l] = 1; break }
    }
    FNR == 1 { file++ }
    file == 1 && $1 == "L" { gl[$2 ":" $3] = $4; lines++ }
    file == 1 && $1 == "B" { gb[$2 ":" $3 ":" $4] = $5; nbr[$2 ":" $3] = $4 + 1; branches++ }
    file == 1 && $1 == "G" { unordered[$2 ":" $3] = 1 }
    file == 1 && $1 == "O" { outside[$2 ":" $3] = 1 }
    file == 2 && $1 == "L" { pl[$2 ":" $3] = $4; pfile[$2] = 1 }
    file == 2 && $1 == "B" { pb[$2 ":" $3 ":" $4] = $5; npb[$2 ":" $3] = $4 + 1 }
    function differ(where, what) {
      if (is_known(where, what ~ /^branch /)) { kn++; return }
      unk++
      print where ": " what > diffs
      if (unk <= 10)
	print "  " where ": " what > "/dev/stderr"
    }
    # Sort the branches of line K in A (N of them) by count.
    function sort_branches(a, k, n,    i, j, t) {
      for (i = 1; i < n; i++)
	for (j = i; j > 0 && a[k ":" (j - 1)] + 0 > a[k ":" j] + 0; j--) {
	  t = a[k ":" j]; a[k ":" j] = a[k ":" (j - 1)]; a[k ":" (j - 1)] = t
	}
    }
    END {
      if (optimized) {
	for (k in gl) if (optimized_differ(k)) mark_optimized(k)
	for (k in pl) if (!(k in gl) && optimized_differ(k)) mark_optimized(k)
      }
      for (w in site) {
	split(w, p, ":")
	for (l = p[2] - 1; l > 0 && l > p[2] - 100; l--)
	  if ((p[1] ":" l) in gl) { before_site[p[1] ":" l] = 1; break }
      }
      for (k in unordered) {
	sort_branches(gb, k, nbr[k])
	if (k in npb) sort_branches(pb, k, npb[k])
      }
      for (k in gl)
	if (!(k in pl)) differ(k, "line: gcov " gl[k] ", pathprof none")
	else if (pl[k] != gl[k]) differ(k, "line: gcov " gl[k] ", pathprof " pl[k])
	else same++
      for (k in pl)
	if (!(k in gl)) differ(k, "line: gcov none, pathprof " pl[k])
      for (k in gb) {
	split(k, p, ":")
	w = p[1] ":" p[2]
	if (!(k in pb)) differ(w, "branch " p[3] ": gcov " gb[k] ", pathprof none")
	else if (pb[k] != gb[k]) differ(w, "branch " p[3] ": gcov " gb[k] ", pathprof " pb[k])
	else bsame++
      }
      for (k in pb)
	if (!(k in gb)) {
	  split(k, p, ":")
	  differ(p[1] ":" p[2], "branch " p[3] ": gcov none, pathprof " pb[k])
	}
      printf "lines %d %d branches %d %d known %d unknown %d\n", same, lines, bsame, branches, kn, unk
    }' "$3" "$4"
}

# Each program's tree, prepared as make bench does.
mkdir -p "$CACHE" || { echo "gcov-diff: cannot create $CACHE" >&2; exit 2; }
BENCH_PREPARE_ONLY=1 BENCH_PROGRAMS="$PROGRAMS" BENCH_CACHE="$CACHE" \
  BENCH_DOC= BENCH_CC="$CC" BENCH_VARIANTS=plain \
  sh "$BENCH_DIR/bench.sh" "$BUILD" > "$CACHE/gcov-diff-prepare.log" 2>&1 \
  || echo "gcov-diff: preparing some program failed (see $CACHE/gcov-diff-prepare.log)" >&2

# Addresses the same from run to run, as far as the builds allow.
norandom=
setarch "$(uname -m)" -R true 2>/dev/null && norandom="setarch $(uname -m) -R"

# The drivers the recipes' inputs use (bench.sh built them).
export BENCH_DRIVERS="$CACHE/drivers" BENCH_WORKLOADS="$BENCH_DIR/workloads"

failed=0 unfetched=0
for name in $PROGRAMS; do
  (
    fail () { echo "gcov-diff: $name: FAILED: $*" >&2; exit 1; }
    recipe_prepare () { :; }
    recipe_tools () { :; }
    recipe_train_input () { :; }
    recipe_deterministic_cflags () { :; }
    recipe_deterministic_train () { recipe_train "$@"; }
    . "$BENCH_DIR/programs/$name.sh"
    prep=$CACHE/prep/$name
    if [ ! -f "$prep/.bench-stamp" ]; then
      if grep -q "$name: FAILED: cannot fetch source package" "$CACHE/gcov-diff-prepare.log"; then
	echo "gcov-diff: $name: cannot fetch the sources (see $CACHE/gcov-diff-prepare.log)" >&2
	exit 77
      fi
      fail "bench.sh could not prepare it (see $CACHE/gcov-diff-prepare.log)"
    fi
    top=$CACHE/gcov-diff/$name
    rm -rf "$top" && mkdir -p "$top/input" || fail "cannot create $top"
    (cd "$top/input" && recipe_train_input "$top/input") > "$top/input.log" 2>&1 \
      || fail "making the input failed (see $top/input.log)"
    # Above -O0 the optimized_code class needs the -O0 build: built
    # (not compared) when the levels lack it.
    variants="gcov"
    case " $LEVELS " in
      *" -O0 "*) ;;
      *) variants="$variants pathprof-O0" ;;
    esac
    for level in $LEVELS; do variants="$variants pathprof$level"; done
    for v in $variants; do
      out=$top/$v
      mkdir -p "$out/bin" "$out/run" || fail "cannot create $out"
      extra=$(recipe_deterministic_cflags)
      case $v in
	gcov) cflags="-O0 --coverage -fopt-info-inline-optimized" libs= ;;
	pathprof*) cflags="-fplugin=$BUILD/pathprof.so -fplugin-arg-pathprof-dir=$out/profiles $(echo "${v#pathprof}" | tr ',' ' ')"
		   libs=$BUILD/libpathprof.a ;;
      esac
      (CC=$CC BENCH_REAL_CC=$CC CFLAGS="$cflags $extra" LDLIBS=$libs \
       recipe_build "$prep" "$out/bin") > "$out/build.log" 2>&1 \
	|| fail "the $v build failed (see $out/build.log)"
      # Every build runs as $top/bin in $top/run, so that argv[0] and the
      # working directory, which programs may look at, are the same.
      rm -rf "$top/bin" "$top/run" && ln -s "$v/bin" "$top/bin" \
	&& mkdir "$top/run" || fail "cannot create $top/run"
      { echo "set -e"; recipe_deterministic_train "$top/bin" "$top/input"; } > "$out/run/train.sh"
      (cd "$top/run" && $norandom sh "$out/run/train.sh") > "$out/run.log" 2>&1 \
	|| fail "the $v run failed (see $out/run.log)"
      rm -rf "$top/bin" "$top/run"
      case $v in
	gcov)
	  # The objects the program has: gcov has no data for the others
	  # (an archive's members the link left out).
	  find "$out/bin" -name '*.gcda' | sed 's/\.gcda$/.gcno/' | sort > "$out/gcno.list"
	  xargs "$GCOV" --json-format -t -b < "$out/gcno.list" 2> "$out/gcov.log" \
	    | gcov_counts > "$out/counts" \
	    || fail "gcov failed (see $out/gcov.log)"
	  # What GCC inlined before gcov's pass: "FILE:LINE:COL: optimized:
	  # Inlining CALLEE/N into CALLER/M (always_inline)."
	  sed -n 's|^\([^:]*\):\([0-9]*\):[0-9]*: optimized: *Inlining \(.*\)/[0-9]* into .*(always_inline)\.$|\1:\2 \3|p' \
	    "$out/build.log" | sed 's|^.*/||' | sort -u > "$out/inlined"
	  cut -d' ' -f1 "$out/inlined" | sort -u > "$out/inlined-sites"
	  cut -d' ' -f2- "$out/inlined" | sort -u > "$out/inlined-functions" ;;
	*)
	  "$BUILD/pathprof-dump" --annotate --branches "$out/profiles" 2> "$out/dump.log" \
	    | pp_counts > "$out/counts" || fail "pathprof-dump failed (see $out/dump.log)"
	  "$BUILD/pathprof-dump" --lines "$out/profiles" 2>> "$out/dump.log" \
	    | inlined_lines "$top/gcov/inlined-sites" "$top/gcov/inlined-functions" \
	    > "$out/inlined-lines" || fail "pathprof-dump failed (see $out/dump.log)" ;;
      esac
      [ -s "$out/counts" ] || fail "no counts from the $v build (see $out/)"
    done
    bad=0
    for level in $LEVELS; do
      # Above -O0, the -O0 build's records, for the optimized_code class.
      o0_counts=
      [ "$level" != -O0 ] && [ -s "$top/pathprof-O0/counts" ] \
	&& o0_counts=$top/pathprof-O0/counts
      sum=$(compare "$name" "$level" "$top/gcov/counts" "$top/pathprof$level/counts" \
		    "$top/diff$level.txt" "$top/pathprof$level/inlined-lines" \
		    "$top/gcov/inlined-sites" "$o0_counts")
      set -- $sum
      printf '%s %s: %s of %s lines identical, %s of %s branches identical' \
	"$name" "$level" "$2" "$3" "$5" "$6"
      [ "$8" -eq 0 ] || printf ' (%s known differences)' "$8"
      if [ "${10}" -ne 0 ]; then
	printf '; %s not known: %s\n' "${10}" "$top/diff$level.txt"
	bad=1
      else
	echo
      fi
    done
    exit $bad
  )
  case $? in
    0) ;;
    77) unfetched=1 ;;
    *) failed=1 ;;
  esac
done
[ $failed -eq 0 ] && [ $unfetched -eq 1 ] && exit 77
exit $failed
