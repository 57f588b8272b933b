#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# torture.sh -- GCC's c-torture execute suite, each program built and run
# without and with pathprof: the plugin must not change what a program
# does, and every run must leave a readable profile.  With
# TORTURE_LANG=c++, GCC's C++ torture and exception run tests instead.
#
# Usage: torture.sh BUILD_DIR CC             (what "make torture" runs)
#
# For each program of gcc.c-torture/execute/*.c (TORTURE_LANG=c++: the
# run tests of g++.dg/torture/*.C and g++.dg/eh/*.C, built with the C++
# compiler that goes with CC: g++ for gcc, g++-11 for gcc-11) and each
# level of OPTS:
#   1. Its dg- directives say how GCC's execute.exp would build it
#      (testsuite/torture-directives.tcl): "LEVEL -w" or its dg-options,
#      plus dg-additional-options, linked with -lm; dg-skip-if,
#      dg-require-* and a dg-do other than run make it not applicable.
#   2. Plain build and run (under a timeout).  A program that does not
#      build, or does not exit 0, is not applicable: it is GCC's or this
#      machine's business, not pathprof's.
#   3. Plugin build: the same flags minus -w (-w hides the plugin's
#      warnings and changes no code), with -fplugin=pathprof.so -fchecking
#      -fplugin-arg-pathprof-dir=DIR, linked with libpathprof.a.  A failure:
#      a compiler error or crash, any line mentioning pathprof other than
#      a "not instrumented" warning (those are counted and listed), and
#      any line that is neither an ordinary warning or note nor printed by
#      the plain build as well (a linker complaint).  A crash that GCC
#      also has with -fchecking but without the plugin is not applicable.
#   4. The instrumented program must exit 0, print the same stdout as the
#      plain one (not compared, with a note, if two plain runs differ:
#      programs that print addresses), and leave a profile that
#      "pathprof-dump --tsv --all DIR" reads (none is fine only when main
#      itself was not instrumented).
#   5. TORTURE_NAIVE=1: steps 3-4 again with placement=naive,
#      inlined-leaves=no (every inlined copy of a one-path function counts
#      itself: the oracle for the derived counts too) and peel=no (loops
#      as written: the oracle for the peeled ones), and the two
#      profiles' TSV must be identical.  If they are not, both are built
#      again with -ftrivial-auto-var-init=zero: if those two agree, the
#      program's paths depend on uninitialised variables, which differ
#      between two builds, and it passes with a note.  So does a program
#      of frame_dependent (below), whose branches test its own stack
#      frame's size.
#   6. TORTURE_FEEDBACK=1: the program built again without instrumentation
#      but with -fplugin-arg-pathprof-feedback= the profile of step 4
#      (the training run) and -fchecking: no error or ICE, no function
#      whose CFG is not the profile's, exit 0 and the plain run's stdout.
# It prints the functions not instrumented, the not-applicable programs
# by reason, the programs that passed with a note, the failures with
# their reasons and the figures per level, and closes with "torture: N
# passed, M failed".  Exit status: 0 if nothing failed, 1 if something
# did, 2 if the suite could not be set up.
#
# Environment (make torture VAR=VALUE passes these through):
#   OPTS             levels, space-separated; the options of one level
#                    joined by commas: "-O3,-g".  Default "-O0 -O2
#                    -O2,-g" (C), "-O0 -O0,-g -O2 -O2,-g" (C++): -g at
#                    -O2 is how distributions build, and debug
#                    statements are where the plugin once crashed GCC
#   TORTURE_LANG     c (default) or c++
#   TORTURE_JOBS     parallel programs (default: make's -jN, else 2)
#   TORTURE_FILTER   only the programs whose file name matches one of
#                    these space-separated globs: "pr5*.c 2000*"
#   TORTURE_SAMPLE   only N programs, evenly spread over the sorted list
#   TORTURE_NAIVE    1: also the naive placement, profiles compared
#   TORTURE_FEEDBACK 1: also a build fed back the profile, run and compared
#   TORTURE_ARGS     plugin arguments, KEY=VALUE space-separated, of the
#                    optimised build only: with TORTURE_NAIVE=1 the naive
#                    build, without them, is the oracle ("peel=yes")
#   TORTURE_TIMEOUT  seconds each program may run (default 20)
#   TORTURE_CACHE    where gcc-MAJOR-source is fetched and extracted
#                    (default ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof)
#   TORTURE_SRCDIR   a gcc.c-torture/execute directory to use instead
#
# The suite comes from Debian's gcc-MAJOR-source (MAJOR: CC's version):
# "apt-get download" into TORTURE_CACHE, and only the parts of
# gcc/testsuite that pathprof uses are taken out of the GCC tarball
# inside it (testsuite/gcc-source.sh); the extraction is kept (delete it
# to fetch again) and the .deb removed.  Nothing is written into the source tree: the work
# directory is BUILD_DIR/torture (C++: BUILD_DIR/torture-c++), one
# directory per level and program (a C++ program's directory is named
# after its own, torture/pr123.C in torture_pr123).
#
# Debugging: BUILD_DIR/torture/LEVEL/NAME/ keeps, for the last run, the
# commands (commands, ready to paste), each build's compiler output
# (*.cc), each run's stdout and stderr, the profiles and their TSV, and
# the executables of a program that did not pass.
# "make torture TORTURE_FILTER=NAME.c OPTS=-O2" reruns one program.

set -u
LC_ALL=C
export LC_ALL

# ------------------------------------------------------------- helpers

tab=$(printf '\t')

# The arguments as one shell command line, quoted where needed.
shell_quote () {
  for word in "$@"; do
    case $word in
      *[!A-Za-z0-9_./=,+:%@-]* | '') printf "'%s' " \
	"$(printf '%s' "$word" | sed "s/'/'\\\\''/g")" ;;
      *) printf '%s ' "$word" ;;
    esac
  done
  printf '\n'
}

# describe_status STATUS [SECONDS]: an exit status in words; SECONDS is
# the timeout it ran under (default TORTURE_TIMEOUT).  timeout(1) exits
# 124, or 137 when the program also ignored SIGTERM.
describe_status () {
  case $1 in
    0) echo "exit status 0" ;;
    124|137) echo "timed out after ${2:-$TORTURE_TIMEOUT}s" ;;
    1[3-9][0-9]|2[0-5][0-9])
      echo "killed by signal $(($1 - 128)) (SIG$(kill -l $(($1 - 128)) 2>/dev/null))" ;;
    *) echo "exit status $1" ;;
  esac
}

# The directory of program NAME in its level's: NAME without its .c or
# .C, a subdirectory's slash made an underscore (eh/ctor1.C: eh_ctor1).
program_dir () {
  printf '%s\n' "$1" | sed -e 's/\.[cC]$//' -e 's|/|_|g'
}

# FILE's first line, or its first lines up to a few hundred characters,
# as one line (a reason must fit on one line of the report).
first_lines () {
  head -n "${2:-1}" "$1" | tr '\t\n' '  ' | cut -c1-400 | sed 's/ *$//'
}

# Programs whose paths depend on the size of their own stack frames,
# which the placements change at -O0 (R and its temporaries live in the
# frame there).  stkalign.c: test() returns the XOR of the addresses of
# a local in two nested frames, and main branches on its low six bits,
# that is on test()'s frame size modulo 64 (48 in the plain build).
# Checked by hand with a printf of those bits in main, for the commit
# that made its two profiles differ: each profile counts the branch its
# own build took.
frame_dependent=' stkalign.c '

# Programs that test GCC's inlining decisions rather than a program's
# meaning, and which the exact update modes' larger probes change
# (-fprofile-update=atomic: the thread's copy loaded on entry, or a
# locked add per count).  990208-1.c aborts unless doit, with a label
# whose address it takes, is inlined into f and g at -O2 (a "quality of
# implementation" test of the inliner: C does not say whether two
# inlined copies have one label address); with update=atomic the early
# inliner finds doit's growth 13 above its limit (-fopt-info-inline-
# missed), and with update=locked as well.
inlining_dependent=' 990208-1.c '

# ------------------------------------------------------ one program

# Run with the program's line of the plan (NAME TAB run|na TAB FLAGS or
# REASON) in the level's directory; writes NAME/result ("pass", "fail"
# or "na", tab, level, tab, name, tab, reason) and NAME/not-instrumented.
# Settings come from the environment (TORTURE_CC, TORTURE_BIN,
# TORTURE_SRCDIR, TORTURE_TIMEOUT, TORTURE_NAIVE, TORTURE_FEEDBACK).
run_one () {
  level_dir=$1
  line=$2
  name=${line%%"$tab"*}
  rest=${line#*"$tab"}
  kind=${rest%%"$tab"*}
  flags=${rest#*"$tab"}
  level=$(cat "$level_dir/level")
  dir=$level_dir/$(program_dir "$name")
  rm -rf "$dir"
  mkdir -p "$dir" || return 1
  : > "$dir/not-instrumented"
  : > "$dir/note"
  reasons=

  if [ "$kind" != run ]; then
    record na "$flags"
    return 0
  fi

  set -f			# FLAGS are split into words, never globbed
  cc=$TORTURE_CC
  bin=$TORTURE_BIN
  src=$TORTURE_SRCDIR/$name
  plugin_flags=
  for flag in $flags; do
    [ "$flag" = -w ] || plugin_flags="$plugin_flags $flag"
  done

  # 2. The reference: built and run as GCC's harness would.
  compile "$dir/plain.cc" $cc "$src" -fdiagnostics-plain-output $flags \
    -lm -o "$dir/plain.exe"
  status=$?
  if [ $status -ne 0 ]; then
    record na "plain build: $(describe_status $status 300): $(error_line "$dir/plain.cc")"
    return 0
  fi
  run_program "$dir/plain.exe" plain
  status=$?
  if [ $status -ne 0 ]; then
    record na "plain run: $(describe_status $status)"
    return 0
  fi

  # 3-4. With the plugin.
  not_applicable=
  # TORTURE_ARGS: plugin arguments of the optimised build only.
  optimized_args=
  for arg in ${TORTURE_ARGS:-}; do
    optimized_args="$optimized_args -fplugin-arg-pathprof-$arg"
  done
  instrumented optimized $optimized_args
  # A run of an inlining test that fails under an exact update mode
  # (inlining_dependent, above): not applicable, with the reason.
  case "$inlining_dependent|$flags|$reasons" in
    *" $name "*"|"*-fprofile-update=atomic*"|optimized run: killed by signal 6"*)
      not_applicable="tests GCC's inlining decisions, which the exact update modes' probes change (-fprofile-update=atomic: doit not inlined early)"
      reasons= ;;
  esac
  # 5. The naive placement: the oracle for the optimised one.
  if [ "${TORTURE_NAIVE:-0}" = 1 ] && [ -z "$not_applicable" ] \
    && [ -f "$dir/optimized.exe" ]; then
    if instrumented naive -fplugin-arg-pathprof-placement=naive \
	-fplugin-arg-pathprof-inlined-leaves=no -fplugin-arg-pathprof-peel=no \
      && [ -f "$dir/optimized.tsv" ] && [ -f "$dir/naive.tsv" ] \
      && ! cmp -s "$dir/optimized.tsv" "$dir/naive.tsv"; then
      diff "$dir/optimized.tsv" "$dir/naive.tsv" > "$dir/naive.diff"
      # Two builds are two programs: one whose branches read uninitialised
      # variables (20030404-1.c) may take other paths in each.  With
      # every variable zeroed, the two must agree.
      if profile_with optimized-zeroinit -ftrivial-auto-var-init=zero \
	&& profile_with naive-zeroinit -ftrivial-auto-var-init=zero \
	  -fplugin-arg-pathprof-placement=naive \
	  -fplugin-arg-pathprof-inlined-leaves=no -fplugin-arg-pathprof-peel=no \
	&& cmp -s "$dir/optimized-zeroinit.tsv" "$dir/naive-zeroinit.tsv"; then
	note "naive and optimised profiles differ, but agree with -ftrivial-auto-var-init=zero: paths depend on uninitialised variables"
      elif case $frame_dependent in *" $name "*) true ;; *) false ;; esac
      then
	note "naive and optimised profiles differ: the program branches on its own stack frame's size, which differs between the two builds"
      else
	fail "naive placement: profile differs from the optimised one ($(grep -c '^[<>]' "$dir/naive.diff") lines differ, also with -ftrivial-auto-var-init=zero): $(first_lines "$dir/naive.diff" 3)"
      fi
    fi
  fi

  # 6. Profile feedback from that run (the training) into a build
  # without instrumentation.
  if [ "${TORTURE_FEEDBACK:-0}" = 1 ] && [ -z "$not_applicable" ] \
    && [ -f "$dir/optimized.exe" ] \
    && [ -n "$(find "$dir/optimized.profile" -name '*.pathprof' 2>/dev/null)" ]; then
    fed_back
  fi

  if [ -n "$not_applicable" ]; then
    record na "$not_applicable"
  elif [ -n "$reasons" ]; then
    record fail "$reasons"
  else
    record pass ""
    # The executables are most of the space (1 GB a run): commands
    # rebuilds them.
    find "$dir" -maxdepth 1 -name '*.exe' -exec rm -f {} +
  fi
}

# fed_back: step 6.  The program built again, with the same flags and
# no instrumentation, with -fplugin-arg-pathprof-feedback= the optimised
# build's profile and -fchecking: it must build without an error, say of
# no function that its CFG is not the profile's (the same source and
# flags give the same CFG), exit 0 and print what the plain one printed.
fed_back () {
  log=$dir/feedback.cc
  compile "$log" $cc "$src" -fdiagnostics-plain-output $plugin_flags \
    -fplugin="$bin/pathprof.so" \
    -fplugin-arg-pathprof-feedback="$dir/optimized.profile" \
    -fplugin-arg-pathprof-verbose -fchecking -lm -o "$dir/feedback.exe"
  status=$?
  grep -c ': note: pathprof: .*: counts from the profile of ' "$log" \
    > "$dir/fed-back"
  if [ $status -ne 0 ]; then
    if gcc_pgo_fails; then
      not_applicable="GCC's own -fprofile-use build fails too: $(error_line "$dir/pgo-use.cc" | sed 's|^/tmp/cc[A-Za-z0-9]*\.s:[0-9]*: ||')"
    elif grep -q 'internal compiler error' "$log"; then
      fail "feedback build: ICE: $(grep -m1 'internal compiler error' "$log" | sed "s|$TORTURE_SRCDIR/||")"
    else
      fail "feedback build: $(describe_status $status 300): $(error_line "$log")"
    fi
    return 1
  fi
  if grep -q 'estimated profile: its CFG is not the one' "$log"; then
    fail "feedback build: $(grep -m1 'estimated profile: its CFG is not the one' "$log" | sed "s|$TORTURE_SRCDIR/||" | cut -c1-300)"
  fi
  run_program "$dir/feedback.exe" feedback
  status=$?
  if [ $status -ne 0 ]; then
    fail "feedback run: $(describe_status $status) (plain run: 0)"
    return 1
  fi
  compare_stdout feedback
  return 0
}

# compare_stdout VARIANT: VARIANT's run printed what the plain run did,
# or a failure; unless the plain program prints other things each time
# (addresses do not repeat, with address-space randomisation): a note.
compare_stdout () {
  cmp -s "$dir/plain.out" "$dir/$1.out" && return 0
  [ -f "$dir/plain-again.out" ] || run_program "$dir/plain.exe" plain-again
  if cmp -s "$dir/plain.out" "$dir/plain-again.out"; then
    diff "$dir/plain.out" "$dir/$1.out" > "$dir/$1.out.diff"
    fail "$1 run: stdout differs from the plain run's: $(first_lines "$dir/$1.out.diff" 4)"
  else
    note "stdout not compared: two plain runs print different things"
  fi
}

# gcc_pgo_fails: after a feedback build failed, does GCC's own PGO fail
# to build the program as well?  Trained with -fprofile-generate (its
# .gcda named after pgo.o), then compiled with -fprofile-use: 0 if that
# last compile fails (pr70460.c: a label difference across the hot and
# cold sections the profile makes, which the assembler cannot resolve).
gcc_pgo_fails () {
  pgo=$dir/pgo
  mkdir -p "$pgo"
  compile "$dir/pgo-gen.cc" $cc "$src" -fdiagnostics-plain-output $flags \
    -fprofile-generate -c -o "$pgo/pgo.o" \
    && compile "$dir/pgo-link.cc" $cc -fprofile-generate "$pgo/pgo.o" -lm \
      -o "$dir/pgo-gen.exe" \
    && run_program "$dir/pgo-gen.exe" pgo-gen \
    && ! compile "$dir/pgo-use.cc" $cc "$src" -fdiagnostics-plain-output \
      $flags -fprofile-use -c -o "$pgo/pgo.o"
}

# profile_with VARIANT FLAG...: build with the plugin and FLAG..., run,
# and dump the profile into VARIANT.tsv; 0 if all that worked.  Only for
# a second look at a difference: nothing here is a failure by itself.
profile_with () {
  variant=$1
  shift
  compile "$dir/$variant.cc" $cc "$src" -fdiagnostics-plain-output \
    $plugin_flags -fplugin="$bin/pathprof.so" \
    -fplugin-arg-pathprof-dir="$dir/$variant.profile" "$@" -fchecking \
    "$bin/libpathprof.a" -lm -o "$dir/$variant.exe" \
    && run_program "$dir/$variant.exe" "$variant" \
    && "$bin/pathprof-dump" --tsv --all "$dir/$variant.profile" \
      > "$dir/$variant.tsv" 2> /dev/null
}

# Write the result line.
record () {
  printf '%s\t%s\t%s\t%s\n' "$1" "$level" "$name" "$2" > "$dir/result"
}

# Add a note (once) to this program's pass.
note () {
  grep -qxF "$1" "$dir/note" || printf '%s\n' "$1" >> "$dir/note"
}

# Add a reason to this program's failure.
fail () {
  reasons="${reasons:+$reasons; }$1"
}

# compile LOG COMMAND...: run a compiler command (logged in commands),
# its output into LOG; its exit status.
compile () {
  log=$1
  shift
  shell_quote "$@" >> "$dir/commands"
  timeout -k 10 300 "$@" > "$log" 2>&1
}

# run_program EXE VARIANT: run EXE in a directory of its own, stdin empty,
# stdout and stderr into VARIANT.out and VARIANT.err; its exit status.
run_program () {
  mkdir -p "$dir/$2.cwd"
  printf 'cd %s && %s\n' "$(shell_quote "$dir/$2.cwd" | sed 's/ $//')" \
    "$(shell_quote "$1" | sed 's/ $//')" >> "$dir/commands"
  (cd "$dir/$2.cwd" && exec timeout -k 5 "$TORTURE_TIMEOUT" "$1" \
    < /dev/null > "$dir/$2.out" 2> "$dir/$2.err")
}

# The line of a compiler's output that says why it failed.
error_line () {
  line=$(grep -m1 -E 'internal compiler error|: (fatal )?error: |: Error: |undefined reference|collect2' "$1")
  [ -n "$line" ] || line=$(first_lines "$1")
  printf '%s\n' "$line" | sed "s|$TORTURE_SRCDIR/||g" | cut -c1-400
}

# instrumented VARIANT [PLUGIN-ARG...]: steps 3 and 4 with these plugin
# arguments; adds reasons on failure, or sets not_applicable.  0 if the
# program could be built and run, 1 if not.
instrumented () {
  variant=$1
  shift
  profile=$dir/$variant.profile
  log=$dir/$variant.cc
  compile "$log" $cc "$src" -fdiagnostics-plain-output $plugin_flags \
    -fplugin="$bin/pathprof.so" -fplugin-arg-pathprof-dir="$profile" "$@" \
    -fchecking "$bin/libpathprof.a" -lm -o "$dir/$variant.exe"
  status=$?

  # "not instrumented" warnings: counted, not failures (optimised build
  # only: the naive one says the same).
  if [ "$variant" = optimized ]; then
    grep -E 'warning: pathprof: .* not instrumented: ' "$log" \
      | sed -e "s|^$TORTURE_SRCDIR/||" -e 's/^\([^:]*:[0-9]*\):[0-9]*: warning: pathprof: /\1: /' \
      > "$dir/not-instrumented"
  fi
  # Lines we do not expect: see the file's header.  Paths are taken out
  # first (ours may well contain "pathprof"), and the linker's names of
  # the compiler's temporary objects (/tmp/ccXXXXXX.o) made equal.
  awk -v plain="$dir/plain.cc" -v paths="$TORTURE_SRCDIR/ $dir/ $bin/" '
    function without(text, literal,    at) {
      while ((at = index(text, literal)) > 0)
	text = substr(text, 1, at - 1) substr(text, at + length(literal))
      return text
    }
    function normal(line,    i) {
      for (i = 1; i <= npaths; i++) line = without(line, path[i])
      gsub(/\/cc[A-Za-z0-9]+\.o/, "/cc.o", line)
      return line
    }
    BEGIN {
      npaths = split(paths, path, " ")
      while ((getline l < plain) > 0) seen[normal(l)] = 1
    }
    { line = normal($0) }
    line ~ /warning: pathprof: .* not instrumented: / { next }
    line ~ /pathprof/ { print; next }
    line ~ /internal compiler error|: (fatal )?error: / { print; next }
    # An ordinary diagnostic, or the context GCC prints before one.
    line ~ /: warning: |: note: / { next }
    line ~ /: In (member )?function |: At top level:|^In function .*,$|^ +inlined from / { next }
    line ~ /^In file included from |^ +from / { next }
    !(line in seen) { print }' "$log" > "$dir/$variant.unexpected"

  if [ $status -ne 0 ]; then
    if grep -q 'internal compiler error' "$log"; then
      ice=$(grep -m1 'internal compiler error' "$log" | sed "s|$TORTURE_SRCDIR/||")
      pass_line=$(grep -m1 '^during .* pass: ' "$log")
      # GCC's own -fchecking crash, without the plugin?
      compile "$dir/$variant.gcc-only.cc" $cc "$src" \
	-fdiagnostics-plain-output $plugin_flags -fchecking -c -o /dev/null
      if grep -q 'internal compiler error' "$dir/$variant.gcc-only.cc"; then
	not_applicable="GCC crashes with -fchecking without the plugin too: $ice"
	return 1
      fi
      fail "$variant build: ICE: $ice${pass_line:+ ($pass_line)}"
    else
      fail "$variant build: $(describe_status $status 300): $(error_line "$log")"
    fi
    return 1
  fi
  if [ -s "$dir/$variant.unexpected" ]; then
    fail "$variant build said: $(sed "s|$TORTURE_SRCDIR/||" "$dir/$variant.unexpected" | first_lines - 2) ($(wc -l < "$dir/$variant.unexpected") unexpected lines)"
  fi

  run_program "$dir/$variant.exe" "$variant"
  status=$?
  if [ $status -ne 0 ]; then
    err=$(first_lines "$dir/$variant.err")
    fail "$variant run: $(describe_status $status) (plain run: 0)${err:+; stderr: $err}"
    return 1
  fi
  compare_stdout "$variant"

  if [ -z "$(find "$profile" -name '*.pathprof' 2>/dev/null)" ]; then
    if grep -q "'main' not instrumented" "$dir/not-instrumented"; then
      return 0
    fi
    fail "$variant run: no .pathprof file in $profile"
    return 0
  fi
  shell_quote "$bin/pathprof-dump" --tsv --all "$profile" >> "$dir/commands"
  "$bin/pathprof-dump" --tsv --all "$profile" > "$dir/$variant.tsv" \
    2> "$dir/$variant.dump-err"
  status=$?
  if [ $status -ne 0 ]; then
    fail "$variant profile: pathprof-dump --tsv --all: exit status $status: $(first_lines "$dir/$variant.dump-err")"
    rm -f "$dir/$variant.tsv"
  fi
  return 0
}

if [ "${1:-}" = --one ]; then
  shift
  run_one "$@"
  exit 0
fi

# ------------------------------------------------------------ the suite

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR CC" >&2
  exit 2
fi
build=$1
cc=$2
here=$(cd "$(dirname "$0")" && pwd)
self=$here/torture.sh
case $build in
  /*) ;;
  *) build=$(cd "$build" && pwd) ;;
esac
lang=${TORTURE_LANG:-c}
case $lang in
  c)
    work=$build/torture
    default_opts="-O0 -O2 -O2,-g" ;;
  c++)
    # The C++ compiler of CC, as the rest of the project derives it.
    cc=$(printf '%s\n' "$cc" | sed 's/gcc\([^/]*\)$/g++\1/')
    work=$build/torture-c++
    default_opts="-O0 -O0,-g -O2 -O2,-g" ;;
  *)
    echo "torture: TORTURE_LANG must be c or c++, not '$lang'" >&2
    exit 2 ;;
esac

say () { printf 'torture: %s\n' "$*" >&2; }

for tool in timeout xargs awk; do
  command -v $tool > /dev/null 2>&1 || { say "$tool not found"; exit 2; }
done
tcl=
for candidate in tclsh tclsh8.6 expect; do
  command -v $candidate > /dev/null 2>&1 && { tcl=$candidate; break; }
done
[ -n "$tcl" ] || { say "no Tcl interpreter (tclsh): install DejaGnu (make deps)"; exit 2; }

# The execute directory: TORTURE_SRCDIR, or the cached extraction of
# gcc-MAJOR-source (testsuite/gcc-source.sh), fetched and extracted the
# first time.  Prints it.
. "$here/gcc-source.sh"
fetch_suite () {
  if [ -n "${TORTURE_SRCDIR:-}" ]; then
    [ -d "$TORTURE_SRCDIR" ] || { say "TORTURE_SRCDIR $TORTURE_SRCDIR: no such directory"; return 1; }
    (cd "$TORTURE_SRCDIR" && pwd)
    return 0
  fi
  top=$(gcc_source_tree "$cc" "${TORTURE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof}") \
    || { say "no c-torture programs (or set TORTURE_SRCDIR)"; return 1; }
  case $lang in
    c++) printf '%s\n' "$top/gcc/testsuite/g++.dg" ;;
    *) printf '%s\n' "$top/gcc/testsuite/gcc.c-torture/execute" ;;
  esac
}

srcdir=$(fetch_suite) || exit 2

opts=${OPTS:-$default_opts}
timeout_seconds=${TORTURE_TIMEOUT:-20}
jobs=${TORTURE_JOBS:-}
if [ -z "$jobs" ]; then
  case ${TORTURE_MAKEJ:-} in
    -j) jobs=$(nproc 2>/dev/null || echo 2) ;;
    -j*) jobs=${TORTURE_MAKEJ#-j} ;;
    *) jobs=2 ;;
  esac
fi
case $jobs in
  ''|*[!0-9]*|0) say "bad number of jobs '$jobs'"; exit 2 ;;
esac

# A snapshot of the build: the plugin may be rebuilt while we run.
# libpathprof.a is a linker script naming the archive by its absolute
# path (build-aux/link-files.sh): written again for the copy.
mkdir -p "$work/bin" || exit 2
for file in pathprof.so libpathprof_pic.a libpathprof.so.0 pathprof-dump; do
  [ -f "$build/$file" ] || { say "$build/$file missing: make first"; exit 2; }
  cp -p "$build/$file" "$work/bin/$file" || exit 2
done
sh "$here/../build-aux/link-files.sh" archive "$work/bin/libpathprof.a" \
  "$work/bin" "$work/bin/libpathprof.so.0" || exit 2

# The programs: sorted, filtered, sampled.
# C++: only the run tests (the others only compile), named from g++.dg.
if [ "$lang" = c++ ]; then
  (cd "$srcdir" && for program in torture/*.C eh/*.C; do
    [ -f "$program" ] && grep -q '{ *dg-do  *run' "$program" \
      && printf '%s\n' "$program"
  done) | sort > "$work/programs.all"
else
  (cd "$srcdir" && for program in *.c; do
    [ -f "$program" ] && printf '%s\n' "$program"
  done) | sort > "$work/programs.all"
fi
gcc_source_select "${TORTURE_FILTER:-}" < "$work/programs.all" \
  > "$work/programs.filtered"
awk -v n="${TORTURE_SAMPLE:-0}" '
  { name[NR] = $0 }
  END {
    if (n <= 0 || n >= NR) { for (i = 1; i <= NR; i++) print name[i] }
    else for (i = 0; i < n; i++) print name[int(i * NR / n) + 1]
  }' "$work/programs.filtered" > "$work/programs"
count=$(wc -l < "$work/programs")
if [ "$count" -eq 0 ]; then
  say "no program matches TORTURE_FILTER='${TORTURE_FILTER:-}'"
  exit 2
fi

TORTURE_CC=$cc
TORTURE_BIN=$work/bin
TORTURE_SRCDIR=$srcdir
TORTURE_TIMEOUT=$timeout_seconds
TORTURE_NAIVE=${TORTURE_NAIVE:-0}
TORTURE_FEEDBACK=${TORTURE_FEEDBACK:-0}
TORTURE_ARGS=${TORTURE_ARGS:-}
export TORTURE_CC TORTURE_BIN TORTURE_SRCDIR TORTURE_TIMEOUT TORTURE_NAIVE \
  TORTURE_FEEDBACK TORTURE_ARGS

say "$count programs of $srcdir"
naive_note=
[ "$TORTURE_NAIVE" = 1 ] && naive_note="; naive placement compared"
[ "$TORTURE_FEEDBACK" = 1 ] && naive_note="$naive_note; feedback builds run"
[ -n "$TORTURE_ARGS" ] && naive_note="$naive_note; optimised with $TORTURE_ARGS"
say "levels: $opts; $jobs jobs; timeout ${timeout_seconds}s$naive_note"
start_all=$(date +%s)
level_dirs=
for level_spec in $opts; do
  level=$(printf '%s' "$level_spec" | tr ',' ' ')
  level_name=$(printf '%s' "$level_spec" | sed -e 's/^-//' -e 's/[^A-Za-z0-9=.+-]/_/g')
  level_dir=$work/$level_name
  rm -rf "$level_dir"
  mkdir -p "$level_dir" || exit 2
  printf '%s\n' "$level" > "$level_dir/level"
  level_dirs="$level_dirs $level_dir"
  (cd "$srcdir" && xargs "$tcl" "$here/torture-directives.tcl" "$cc" "$level" \
    < "$work/programs") > "$level_dir/plan.tsv" || { say "reading the directives failed"; exit 2; }
  start=$(date +%s)
  say "$level: $count programs..."
  tr '\n' '\0' < "$level_dir/plan.tsv" \
    | xargs -0 -n 1 -P "$jobs" sh "$self" --one "$level_dir"
  # A program without a result: its runner died.
  while IFS="$tab" read -r name kind rest; do
    result=$level_dir/$(program_dir "$name")/result
    if [ ! -f "$result" ]; then
      mkdir -p "${result%/result}"
      printf 'fail\t%s\t%s\t%s\n' "$level" "$name" \
	"no result: torture.sh --one died" > "$result"
    fi
  done < "$level_dir/plan.tsv"
  echo $(($(date +%s) - start)) > "$level_dir/seconds"
done
seconds_all=$(($(date +%s) - start_all))

# ------------------------------------------------------------ the report

report=$work/report.txt
{
  for level_dir in $level_dirs; do
    cat "$level_dir"/*/not-instrumented 2>/dev/null | sed "s|^|$(cat "$level_dir/level") |"
  done > "$work/not-instrumented.txt"
  for level_dir in $level_dirs; do
    cat "$level_dir"/*/result
  done > "$work/results.tsv"
  awk -F '\t' '$1 == "na" { print $2 " " $3 ": " $4 }' "$work/results.tsv" \
    > "$work/not-applicable.txt"

  if [ -s "$work/not-instrumented.txt" ]; then
    echo "== not instrumented (a plugin warning; not a failure)"
    cat "$work/not-instrumented.txt"
  fi
  if [ -s "$work/not-applicable.txt" ]; then
    echo "== not applicable, by reason (list: $work/not-applicable.txt)"
    sed -e 's/^[^:]*: //' -e 's/ at line [0-9]*//' -e 's/^\(plain build: [^:]*\):.*/\1/' \
      "$work/not-applicable.txt" | sort | uniq -c | sort -rn
  fi
  for level_dir in $level_dirs; do
    for note in "$level_dir"/*/note; do
      [ -s "$note" ] || continue
      name=$(cut -f 3 "${note%/note}/result")
      sed "s|^|$(cat "$level_dir/level") $name: |" "$note"
    done
  done > "$work/notes.txt"
  if [ -s "$work/notes.txt" ]; then
    echo "== passed, with a note"
    cat "$work/notes.txt"
  fi
  if grep -q '^fail' "$work/results.tsv"; then
    echo "== failures (commands and outputs in $work/LEVEL/NAME/)"
    awk -F '\t' '$1 == "fail" { print "FAIL: " $2 " " $3 ": " $4 }' "$work/results.tsv"
  fi
  echo "== figures ($count programs, $jobs jobs, ${seconds_all}s)"
  for level_dir in $level_dirs; do
    level=$(cat "$level_dir/level")
    if [ "$TORTURE_FEEDBACK" = 1 ]; then
      cat "$level_dir"/*/fed-back 2>/dev/null | awk -v level="$level" '
	{ programs++; functions += $1 }
	END { printf "%s: feedback builds: %d programs, %d functions given measured counts\n",
		level, programs, functions }'
    fi
    awk -F '\t' -v level="$level" -v seconds="$(cat "$level_dir/seconds")" \
      -v ni="$(cat "$level_dir"/*/not-instrumented | wc -l)" \
      -v nip="$(for f in "$level_dir"/*/not-instrumented; do [ -s "$f" ] && echo; done | wc -l)" '
      { n[$1]++ }
      END {
	printf "%s: %d passed, %d failed, %d not applicable, %d not instrumented (functions, in %d programs); %ds\n",
	  level, n["pass"], n["fail"], n["na"], ni, nip, seconds
      }' "$level_dir"/*/result
  done
  awk -F '\t' -v ni="$(wc -l < "$work/not-instrumented.txt")" '
    { n[$1]++ }
    END {
      printf "torture: %d not applicable, %d not instrumented\n", n["na"], ni
      printf "torture: %d passed, %d failed\n", n["pass"], n["fail"]
    }' "$work/results.tsv"
} > "$report"
cat "$report"
! grep -q '^fail' "$work/results.tsv"
