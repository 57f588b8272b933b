#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# gcov-oracle.sh -- GCC's own gcov tests as an oracle for the line counts
# pathprof-dump derives from a path profile.
#
# Usage: gcov-oracle.sh BUILD_DIR CC          (what "make gcov-check" runs)
#
# GCC's gcc.misc-tests/gcov-*.c programs carry their expected line counts
# in their source, as "count(N)" annotations that GCC's lib/gcov.exp
# checks against gcov's listing.  Here the same annotations are checked
# against the listing pathprof-dump derives from a path profile.  For
# each test that gcov.exp would run (dg-do run) and that asks for no
# option beyond -fprofile-arcs -ftest-coverage (testsuite/gcov-oracle.tcl
# reads the directives; the others are listed with the reason):
#   1. Each of its sources (its dg-additional-sources too) is compiled by
#      CC with -O0 -fchecking -fplugin=BUILD/pathprof.so
#      -fplugin-arg-pathprof-dir=DIR plus the test's extra plugin
#      arguments (plugin_args below), linked with BUILD/libpathprof.a, and
#      run (GCOV_ORACLE_TIMEOUT seconds, default 20) in a directory of
#      its own.
#   2. For each file its "run-gcov" directives name,
#      "pathprof-dump --annotate=FILE DIR" writes gcov's layout, and each
#      count() annotation of that file is one PASS or FAIL, as gcov.exp's
#      verify-lines: "FAIL: gcov-6.c:35: expected 4, seen 3; gcov: 4".
#   3. For reference, the test is also built as gcov.exp does (-O0 and its
#      own options, no plugin), run, and "gcov -t" lists the same file:
#      each FAIL says what gcov itself counts on that line.  A missing
#      gcov only loses that reference.
# A build or run that fails makes every annotation of the test fail,
# saying so.  Nothing is expected to fail: GCC's "{ xfail ... }" after an
# annotation is quoted in the message, not honoured; an annotation xfail
# on every target ("*-*-*"), which gcov itself does not meet, is checked
# against gcov's own count for the line instead (gcov-oracle.tcl).
#
# Extra plugin arguments: none is needed now (tests whose path in
# progress is cut short in a callee -- exit, abort or longjmp below the
# caller, gcov-3.c, gcov-6.c, gcov-7.c, gcov-pr85372.c -- needed
# partial-paths until it became the default).  Each extra argument is first tried on an empty program; when the plugin
# rejects it (an unknown key), the test is built without it, and each of
# its failures says so.
#
# Exit status: 0 if every annotation passed, 1 if one failed, 2 if the
# suite could not be set up, 77 if the GCC testsuite could not be had
# (no network, no apt-get: the message says "could not download" or
# "cannot fetch"), which .ci/run tolerates.
#
# Environment (make gcov-check VAR=VALUE passes these through):
#   GCOV_ORACLE_FILTER   only the tests whose file name matches one of
#                        these space-separated globs: "gcov-6.c gcov-pr*"
#   GCOV_ORACLE_TIMEOUT  seconds each program may run (default 20)
#   GCOV_ORACLE_CACHE    where gcc-MAJOR-source is fetched and extracted
#                        (default: TORTURE_CACHE, else
#                        ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof)
#   GCOV_ORACLE_SRCDIR   a gcc.misc-tests directory to use instead
#   GCOV                 the gcov of CC (default: CC with gcc -> gcov)
#
# The tests come from Debian's gcc-MAJOR-source (testsuite/gcc-source.sh,
# shared with torture.sh); nothing of GCC is written into the source
# tree.  The work directory is BUILD_DIR/gcov-oracle: results.txt (every
# line printed), and per test NAME/pathprof/ and NAME/gcov/ with the
# commands, compiler output, program output, profile, pathprof-dump's
# and gcov's listings.
#
# Debugging: sh testsuite/gcov-oracle.sh build gcc with
# GCOV_ORACLE_FILTER=gcov-6.c, then read build/gcov-oracle/gcov-6/*/commands.

set -u
tab=$(printf '\t')

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR CC" >&2
  exit 2
fi
build=$1
cc=$2
here=$(cd "$(dirname "$0")" && pwd)
case $build in
  /*) ;;
  *) build=$(cd "$build" && pwd) ;;
esac
work=$build/gcov-oracle
timeout_seconds=${GCOV_ORACLE_TIMEOUT:-20}

say () { printf 'gcov-oracle: %s\n' "$*" >&2; }

# plugin_args TEST: the extra -fplugin-arg-pathprof-KEY[=VALUE] keys TEST
# needs (none today: each test is built as a user builds it).
plugin_args () {
  case $1 in
    *) ;;
  esac
}

for tool in timeout awk; do
  command -v $tool > /dev/null 2>&1 || { say "$tool not found"; exit 2; }
done
tcl=
for candidate in tclsh tclsh8.6 expect; do
  command -v $candidate > /dev/null 2>&1 && { tcl=$candidate; break; }
done
[ -n "$tcl" ] || { say "no Tcl interpreter (tclsh): install DejaGnu (make deps)"; exit 2; }
for file in pathprof.so libpathprof.a pathprof-dump; do
  [ -f "$build/$file" ] || { say "$build/$file missing: make first"; exit 2; }
done
gcov=${GCOV:-$(printf '%s\n' "$cc" | sed -e 's/gcc\([^/]*\)$/gcov\1/')}
if ! command -v "${gcov%% *}" > /dev/null 2>&1; then
  say "$gcov not found: failures will not say what gcov counts"
  gcov=
fi

# The tests: GCOV_ORACLE_SRCDIR, or the cached extraction of
# gcc-MAJOR-source.
. "$here/gcc-source.sh"
if [ -n "${GCOV_ORACLE_SRCDIR:-}" ]; then
  [ -d "$GCOV_ORACLE_SRCDIR" ] || { say "GCOV_ORACLE_SRCDIR $GCOV_ORACLE_SRCDIR: no such directory"; exit 2; }
  srcdir=$(cd "$GCOV_ORACLE_SRCDIR" && pwd)
else
  cache=${GCOV_ORACLE_CACHE:-${TORTURE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof}}
  top=$(gcc_source_tree "$cc" "$cache") || {
    say "no GCC gcov tests: GCC's testsuite could not be had (or set GCOV_ORACLE_SRCDIR)"
    exit 77
  }
  srcdir=$top/gcc/testsuite/gcc.misc-tests
fi

rm -rf "$work"
mkdir -p "$work" || exit 2
results=$work/results.txt
: > "$results"
# Every result line goes to the terminal and to results.txt.
report () { printf '%s\n' "$*" | tee -a "$results"; }

# shell_quote WORD...: the words, quoted for sh, on one line.
shell_quote () {
  for word in "$@"; do
    printf "'%s' " "$(printf '%s' "$word" | sed "s/'/'\\\\''/g")"
  done
  echo
}

# logged DIR LOG COMMAND...: run COMMAND (appended to DIR/commands), its
# output into LOG; its exit status.
logged () {
  logged_dir=$1
  logged_log=$2
  shift 2
  shell_quote "$@" >> "$logged_dir/commands"
  timeout -k 10 300 "$@" > "$logged_log" 2>&1
}

# run_in DIR EXE: run EXE in DIR under the timeout, stdin empty, output
# into DIR/run.out; its exit status.
run_in () {
  printf 'cd %s && %s\n' "$1" "$2" >> "$1/commands"
  (cd "$1" && exec timeout -k 5 "$timeout_seconds" "$2" \
    < /dev/null > "$1/run.out" 2>&1)
}

# The first error line of a compiler's output.
error_line () {
  line=$(grep -m1 -E 'internal compiler error|: (fatal )?error: |undefined reference' "$1")
  [ -n "$line" ] || line=$(head -n 1 "$1")
  printf '%s\n' "$line" | sed "s|$srcdir/||g" | cut -c1-300
}

# Which extra plugin keys this plugin knows: each is tried on an empty
# program (an unknown key is an error, plugin_init rejects it).
mkdir -p "$work/probe"
printf 'int main (void) { return 0; }\n' > "$work/probe/empty.c"
key_supported () {
  [ -f "$work/probe/$1.yes" ] && return 0
  [ -f "$work/probe/$1.no" ] && return 1
  if $cc -fplugin="$build/pathprof.so" -fplugin-arg-pathprof-"$1" \
      -c "$work/probe/empty.c" -o "$work/probe/empty.o" \
      > "$work/probe/$1.log" 2>&1; then
    : > "$work/probe/$1.yes"
    return 0
  fi
  : > "$work/probe/$1.no"
  say "the plugin does not know '$1' ($(head -n 1 "$work/probe/$1.log" | cut -c1-160)): tests that need it are built without it"
  return 1
}

(cd "$srcdir" && ls gcov-*.c) | sort > "$work/tests.all" 2>/dev/null
gcc_source_select "${GCOV_ORACLE_FILTER:-}" < "$work/tests.all" > "$work/tests"
[ -s "$work/tests" ] || { say "no gcov-*.c test in $srcdir${GCOV_ORACLE_FILTER:+ matches '$GCOV_ORACLE_FILTER'}"; exit 2; }
(cd "$srcdir" && xargs "$tcl" "$here/gcov-oracle.tcl" plan "$cc" < "$work/tests") \
  > "$work/plan.tsv" || { say "reading the directives failed"; exit 2; }

say "$(wc -l < "$work/tests") tests of $srcdir"
start=$(date +%s)
: > "$work/skipped"
: > "$work/unannotated"
while IFS="$tab" read -r name kind flags sources gcov_files; do
  if [ "$kind" != run ]; then
    printf '%s: %s\n' "$name" "$flags" >> "$work/skipped"
    continue
  fi
  [ "$sources" = - ] && sources=
  all_sources="$name $sources"
  # shellcheck disable=SC2086 # a list of files
  if ! (cd "$srcdir" && grep -q 'count(' $gcov_files); then
    printf '%s\n' "$name" >> "$work/unannotated"
    continue
  fi
  dir=$work/${name%.c}
  mkdir -p "$dir/pathprof" "$dir/gcov"

  # Extra plugin arguments, the supported ones.
  extra=
  note=
  for key in $(plugin_args "$name"); do
    if key_supported "$key"; then
      extra="$extra -fplugin-arg-pathprof-$key"
    else
      note="${note:+$note; }built without $key: the plugin does not support it yet"
    fi
  done
  [ -n "$extra" ] && say "$name: with$extra"

  # The pathprof build: the test's flags other than gcov's own.
  pathprof_flags=-O0
  for flag in $flags; do
    case $flag in
      -fprofile-arcs|-ftest-coverage|--coverage|-O0) ;;
      *) pathprof_flags="$pathprof_flags $flag" ;;
    esac
  done
  failed_step=
  objects=
  for source in $all_sources; do
    object=$dir/pathprof/${source%.c}.o
    objects="$objects $object"
    # shellcheck disable=SC2086 # flag lists
    if ! logged "$dir/pathprof" "$dir/pathprof/${source%.c}.cc" \
	$cc $pathprof_flags -fchecking -fplugin="$build/pathprof.so" \
	-fplugin-arg-pathprof-dir="$dir/pathprof/profile" $extra \
	-c "$srcdir/$source" -o "$object"; then
      failed_step="pathprof build failed: $(error_line "$dir/pathprof/${source%.c}.cc")"
      break
    fi
  done
  if [ -z "$failed_step" ]; then
    # shellcheck disable=SC2086
    logged "$dir/pathprof" "$dir/pathprof/link.cc" $cc $objects \
      "$build/libpathprof.a" -o "$dir/pathprof/a.out" \
      || failed_step="pathprof link failed: $(error_line "$dir/pathprof/link.cc")"
  fi
  if [ -z "$failed_step" ]; then
    run_in "$dir/pathprof" "$dir/pathprof/a.out"
    status=$?
    [ $status -eq 0 ] || note="${note:+$note; }the instrumented program exited with status $status"
  fi

  # The reference: built as gcov.exp does, gcov's listing of each file.
  if [ -n "$gcov" ]; then
    gcov_ok=1
    objects=
    for source in $all_sources; do
      object=$dir/gcov/${source%.c}.o
      objects="$objects $object"
      # shellcheck disable=SC2086
      logged "$dir/gcov" "$dir/gcov/${source%.c}.cc" $cc -O0 $flags \
	-c "$srcdir/$source" -o "$object" || { gcov_ok=; break; }
    done
    # shellcheck disable=SC2086
    [ -n "$gcov_ok" ] && logged "$dir/gcov" "$dir/gcov/link.cc" $cc $flags \
      $objects -o "$dir/gcov/a.out" && run_in "$dir/gcov" "$dir/gcov/a.out"
  fi

  for file in $gcov_files; do
    listing=$dir/pathprof/$file.annotate
    gcov_listing=
    if [ -z "$failed_step" ]; then
      shell_quote "$build/pathprof-dump" --annotate="$file" "$dir/pathprof/profile" \
	>> "$dir/pathprof/commands"
      "$build/pathprof-dump" --annotate="$file" "$dir/pathprof/profile" \
	> "$listing" 2> "$dir/pathprof/$file.dump-err" \
	|| note="${note:+$note; }pathprof-dump --annotate=$file: $(head -n 1 "$dir/pathprof/$file.dump-err")"
    else
      : > "$listing"
      note="${note:+$note; }$failed_step"
    fi
    if [ -n "$gcov" ] && [ -f "$dir/gcov/${file%.c}.gcno" ]; then
      gcov_listing=$dir/gcov/$file.gcov
      printf 'cd %s && %s -t -o %s %s\n' "$dir/gcov" "$gcov" "$dir/gcov" "$srcdir/$file" \
	>> "$dir/gcov/commands"
      (cd "$dir/gcov" && $gcov -t -o "$dir/gcov" "$srcdir/$file") \
	> "$gcov_listing" 2> "$dir/gcov/$file.gcov-err"
    fi
    "$tcl" "$here/gcov-oracle.tcl" verify "$srcdir/$file" "$listing" \
      "$gcov_listing" "$note" | tee -a "$results"
  done
done < "$work/plan.tsv"
seconds=$(($(date +%s) - start))

if [ -s "$work/skipped" ]; then
  report "== skipped: gcov.exp would not run them, or they need other options"
  while read -r line; do report "$line"; done < "$work/skipped"
fi
if [ -s "$work/unannotated" ]; then
  report "== run by gcov.exp for branch or call percentages only: no count() to check"
  report "$(tr '\n' ' ' < "$work/unannotated" | sed 's/ $//')"
fi
passed=$(grep -c '^PASS:' "$results")
failed=$(grep -c '^FAIL:' "$results")
tests=$(grep -c "${tab}run$tab" "$work/plan.tsv")
report "gcov-oracle: $passed of $((passed + failed)) count() annotations agree ($failed fail) in $tests tests, $(wc -l < "$work/skipped") tests skipped; ${seconds}s; details in $work"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
