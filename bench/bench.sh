#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench.sh -- what pathprof costs on real programs: run time and compile
# time against plain -O2 and against GCC's own edge profiling.
#
# Usage: bench.sh PATHPROF_BUILD_DIR            (what "make bench" runs)
#        bench.sh --report RESULT_DIR          (the report of a run again)
#
# For each program of BENCH_PROGRAMS (a recipe bench/programs/NAME.sh):
#   1. Fetch its Debian source package with "apt-get source" into the
#      cache, once (bench/deb-src.sh adds the deb-src entries apt needs,
#      derived from the system's own Debian entries, and installs nothing
#      else; dpkg-dev and the recipe's build tools are installed as root).
#      A recipe with local_source=DIR (our kernels, bench/kernels) takes
#      that directory of this tree instead.
#   2. Prepare the tree once with plain tools (configure, generated
#      sources), then build it once per variant with the same flags,
#      BENCH_CFLAGS (default -O2) plus the variant's own:
#        plain     nothing
#        gcov      -fprofile-arcs                  (GCC's edge profiling)
#        pathprof  -fplugin=pathprof.so, linked with libpathprof.a
#        naive     pathprof with -fplugin-arg-pathprof-placement=naive
#        atomic    pathprof with -fplugin-arg-pathprof-update=atomic
#                  (exact under threads: each thread its own counters)
#        locked    pathprof with -fplugin-arg-pathprof-update=locked (a
#                  locked add per count, as gcov-atomic)
#        nocut     pathprof with -fplugin-arg-pathprof-partial-paths=no
#                  (paths cut short by exit or longjmp not counted; the
#                  default counts them from frames)
#        partial-count  ... with -fplugin-arg-pathprof-partial-paths=count
#        cycles    pathprof with -fplugin-arg-pathprof-metric=cycles (time
#                  per path: a reading at every path end)
#        use       pathprof with use= the profile of a training run
#        pgo       GCC's PGO: -fprofile-use after a -fprofile-generate
#                  build of its own ran the training workload
#        pgo-novalues  pgo with -fno-vpt: without the value-profile
#                  transformations, which a path profile cannot feed
#        feedback  plain with -fplugin-arg-pathprof-feedback= the path
#                  profile of the use variant's training (no runtime)
#        NAME=ARG,ARG...  pathprof with these extra arguments (commas
#                  become spaces): big=-fplugin-arg-pathprof-max-array=1000000
#      A build is kept (and reused) until its flags, the recipe, the
#      compiler or pathprof's files change.
#   3. Run its workload in rounds that alternate the variants, plain gcov
#      pathprof plain gcov pathprof ...: BENCH_WARMUP uncounted rounds
#      (at least 1: the first also leaves the profiles that step 5 reads),
#      then BENCH_RUNS counted ones.  Every run must exit 0 and give the
#      same output as plain's first run (the recipe's check: a round trip,
#      a checksum of the output); a program that does not is reported as
#      failed and counts nowhere.  bench/drivers/timeit.c measures each
#      run: wall time, CPU time and peak resident memory (ru_maxrss).
#   4. Compile time: the largest translation unit (by source size) is
#      compiled on its own BENCH_COMPILE_RUNS times per variant,
#      alternating, with the command line its build used.
#   5. Sizes: counter memory (nm -S: __pathprof_counters.* and gcov's
#      __gcov0.*), text size, the size of the profiles one run leaves
#      (.pathprof, .gcda), and from the compiler's verbose notes the
#      instrumented functions, those with hashed counters and those whose
#      paths were cut; from "pathprof-dump --json" the executed functions
#      and paths.
#   6. BENCH_CACHEGRIND=1: one run per variant under
#      "valgrind --tool=cachegrind --cache-sim=no": instruction counts, a
#      deterministic second measure on a machine shared with others.
# Then bench/report.awk writes results.md and results.json into the run's
# result directory, and the Markdown replaces the results section of
# BENCH_DOC (default doc/performance.md; empty: leave it alone).
# Timing is never a pass/fail test.  Exit status: 0 if every program was
# measured, 1 if one failed, 2 if nothing could be set up.
#
# Environment (make bench VAR=VALUE passes these through):
#   BENCH_PROGRAMS      names, comma- or space-separated (default: the
#                       six programs: bzip2 lua sqlite zstd gawk pcre2;
#                       "kernels": k-matmul k-stencil k-reduce k-scan
#                       k-calls k-huffman, bench/kernels)
#   BENCH_RUNS          counted runs per variant (default 5)
#   BENCH_WARMUP        uncounted rounds first (default 1, at least 1)
#   BENCH_VARIANTS      default "plain gcov pathprof"; plain is always
#                       the first (the reference)
#   BENCH_CFLAGS        flags of every variant (default -O2)
#   BENCH_COMPILE_RUNS  compilations of the largest TU per variant (3; 0
#                       skips the compile-time measure)
#   BENCH_CACHEGRIND    1: instruction counts too (slow: ~50x a run)
#   BENCH_CACHE         downloads, builds, runs and results (default
#                       ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/bench)
#   BENCH_DOC           the Markdown file to update (default
#                       doc/performance.md of this tree; empty: none)
#   BENCH_CC            the compiler (default: CC, else gcc); the plugin
#                       must have been built for it
#   BENCH_COMMAND       the command line to quote in the report
#   BENCH_PREPARE_ONLY  non-empty: fetch and prepare each program's tree
#                       (prep/NAME), nothing more (make gcov-diff)
#
# Layout of BENCH_CACHE: src/PACKAGE (apt-get source, delete to fetch
# again), prep/NAME, build/NAME/VARIANT, input/NAME, run/NAME/VARIANT,
# train/NAME (the pathprof training of use and feedback), train-pgo/NAME
# (the .gcda files of pgo's),
# tools/HASH (the pathprof files measured, copied so that a rebuild of
# the tree during a run changes nothing: the plugin, pathprof-dump, the
# runtime archive and a libpathprof.a linker script that names the
# copy), results/DATE-TIME (and results/latest).  Nothing is written into
# the source tree except BENCH_DOC.
#
# Debugging: results/DATE-TIME/bench.log has every step; build logs are
# build/NAME/VARIANT/.bench-build.log, a run's script, output and time are
# in run/NAME/VARIANT/.  "make bench BENCH_PROGRAMS=lua BENCH_RUNS=1
# BENCH_COMPILE_RUNS=0" is the quickest full cycle of one program.

set -u
LC_ALL=C
export LC_ALL
# The builds below run make themselves, one job at a time, with their own
# variables: nothing of the calling make's flags.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

BENCH_DIR=$(cd "$(dirname "$0")" && pwd)
TOP_DIR=$(dirname "$BENCH_DIR")
BENCH_DOC=${BENCH_DOC-$TOP_DIR/doc/performance.md}

# write_report: results.md and results.json of $RESULTS from its raw
# measurements (report.awk), shown, and copied into BENCH_DOC between its
# markers (appended when it has none).
write_report () {
  names=$(sed -n 's/^variant_names\t//p' "$RESULTS/meta.tsv")
  [ -n "$names" ] || names=$(sed -n 's/^variants\t//p' "$RESULTS/meta.tsv" | sed 's/=[^ ]*//g')
  awk -v programs="$(sed -n 's/^programs\t//p' "$RESULTS/meta.tsv")" \
      -v variants="$names" \
      -v warmup="$(sed -n 's/^warmup\t//p' "$RESULTS/meta.tsv")" \
      -v results="$RESULTS" \
      -v md="$RESULTS/results.md" -v json="$RESULTS/results.json" \
      -f "$BENCH_DIR/report.awk" /dev/null \
    || { echo "bench: the report failed" >&2; return 1; }
  cat "$RESULTS/results.md"
  [ -n "$BENCH_DOC" ] || return 0
  begin='<!-- bench results: begin (written by bench/bench.sh) -->'
  end='<!-- bench results: end -->'
  if [ -f "$BENCH_DOC" ] && grep -qF "$begin" "$BENCH_DOC"; then
    awk -v begin="$begin" -v end="$end" -v md="$RESULTS/results.md" '
      $0 == begin { print; while ((getline line < md) > 0) print line; skip = 1; next }
      $0 == end { skip = 0 }
      !skip { print }' "$BENCH_DOC" > "$BENCH_DOC.tmp" \
      && mv "$BENCH_DOC.tmp" "$BENCH_DOC"
  else
    { if [ -f "$BENCH_DOC" ]; then cat "$BENCH_DOC"; echo; fi
      echo "$begin"; cat "$RESULTS/results.md"; echo "$end"; } > "$BENCH_DOC.tmp" \
      && mv "$BENCH_DOC.tmp" "$BENCH_DOC"
  fi || { echo "bench: cannot update $BENCH_DOC" >&2; return 1; }
  echo "bench: results copied into $BENCH_DOC"
}

# bench.sh --report RESULT_DIR: the report of an earlier run again (after
# a change to report.awk), and BENCH_DOC updated with it.
if [ $# -eq 2 ] && [ "$1" = --report ]; then
  RESULTS=$(cd "$2" 2>/dev/null && pwd) && [ -f "$RESULTS/meta.tsv" ] \
    || { echo "bench: $2 is no result directory of bench.sh" >&2; exit 2; }
  write_report
  exit
fi

BENCH_PATHPROF_REV=${BENCH_PATHPROF_REV:-}
if [ $# -ne 1 ] || { [ ! -d "$1" ] && [ -z "$BENCH_PATHPROF_REV" ]; }; then
  echo "usage: bench.sh PATHPROF_BUILD_DIR | bench.sh --report RESULT_DIR" >&2
  exit 2
fi
PATHPROF_BUILD=$1

BENCH_CC=${BENCH_CC:-${CC:-gcc}}
BENCH_CFLAGS=${BENCH_CFLAGS:--O2}
BENCH_RUNS=${BENCH_RUNS:-5}
BENCH_WARMUP=${BENCH_WARMUP:-1}
BENCH_COMPILE_RUNS=${BENCH_COMPILE_RUNS:-3}
BENCH_CACHEGRIND=${BENCH_CACHEGRIND:-0}
BENCH_VARIANTS=${BENCH_VARIANTS:-plain gcov pathprof}
BENCH_CACHE=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/bench}
BENCH_PREPARE_ONLY=${BENCH_PREPARE_ONLY:-}
BENCH_COMMAND=${BENCH_COMMAND:-sh bench/bench.sh $1}
ALL_PROGRAMS="bzip2 lua sqlite zstd gawk pcre2"
# Our own kernels (bench/kernels, issue 33): the word "kernels" stands
# for them all.
KERNEL_PROGRAMS="k-matmul k-stencil k-reduce k-scan k-calls k-huffman"
BENCH_PROGRAMS=$(for p in $(echo "${BENCH_PROGRAMS:-$ALL_PROGRAMS}" | tr ',' ' '); do
		   if [ "$p" = kernels ]; then echo "$KERNEL_PROGRAMS"; else echo "$p"; fi
		 done | tr '\n' ' ' | sed 's/ $//')

case $BENCH_RUNS in ''|*[!0-9]*|0) echo "bench: BENCH_RUNS must be a positive number" >&2; exit 2 ;; esac
case $BENCH_WARMUP in ''|*[!0-9]*) echo "bench: BENCH_WARMUP must be a number" >&2; exit 2 ;; esac
[ "$BENCH_WARMUP" -ge 1 ] || BENCH_WARMUP=1
case $BENCH_COMPILE_RUNS in ''|*[!0-9]*) echo "bench: BENCH_COMPILE_RUNS must be a number" >&2; exit 2 ;; esac
case $BENCH_CACHE in *' '*) echo "bench: BENCH_CACHE must not contain spaces: $BENCH_CACHE" >&2; exit 2 ;; esac

tab=$(printf '\t')
started=$(date +%s)
stamp_time=$(date -u +%Y%m%d-%H%M%S)

# say MESSAGE: progress, on the terminal and in the log.
say () {
  printf 'bench: %s\n' "$*"
  printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >> "$LOG"
}

# note MESSAGE: the log only.
note () {
  printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >> "$LOG"
}

# A short content hash of the named files and strings on standard input.
hash_of () {
  { cat "$@" 2>/dev/null; cat; } | sha256sum | cut -c1-16
}

# ------------------------------------------------------------ variants

# variant_name WORD, variant_kind WORD (plain|gcov|pgo|feedback|pathprof),
# variant_cflags WORD, variant_libs WORD.
variant_name () { echo "${1%%=*}"; }

variant_kind () {
  case $1 in
    plain) echo plain ;;
    gcov|gcov-atomic) echo gcov ;;
    pgo|pgo-novalues) echo pgo ;;
    feedback) echo feedback ;;
    *) echo pathprof ;;
  esac
}

variant_cflags () {
  pathprof="-fplugin=$TOOLS/pathprof.so -fplugin-arg-pathprof-verbose"
  case $1 in
    plain) echo "" ;;
    gcov) echo "-fprofile-arcs" ;;
    gcov-atomic) echo "-fprofile-arcs -fprofile-update=atomic" ;;
    pathprof) echo "$pathprof" ;;
    naive) echo "$pathprof -fplugin-arg-pathprof-placement=naive" ;;
    atomic) echo "$pathprof -fplugin-arg-pathprof-update=atomic" ;;
    locked) echo "$pathprof -fplugin-arg-pathprof-update=locked" ;;
    nocut) echo "$pathprof -fplugin-arg-pathprof-partial-paths=no" ;;
    partial-count) echo "$pathprof -fplugin-arg-pathprof-partial-paths=count" ;;
    cycles) echo "$pathprof -fplugin-arg-pathprof-metric=cycles" ;;
    # use, useNAME=ARGS: built with use= the profile of a training run
    # (train_profile), and ARGS.
    use) echo "$pathprof -fplugin-arg-pathprof-use=${TRAINED:-}" ;;
    # pgo: GCC's PGO, rebuilt with -fprofile-use after a training run
    # under -fprofile-generate (train_profile pgo); the profile may miss
    # files the training never ran (-Wmissing-profile: GCC's estimate
    # there, as for any PGO user, not worth a warning per file).
    pgo) echo "-fprofile-use=${PGO_PROFILE:-} -Wno-missing-profile" ;;
    # pgo-novalues: pgo without its value-profile transformations, what
    # is left of PGO to a profile of blocks and edges (feedback's).
    pgo-novalues) echo "-fprofile-use=${PGO_PROFILE:-} -Wno-missing-profile -fno-vpt" ;;
    # feedback: plain, GCC's profile set from the path profile of the
    # use variant's training (train_profile pathprof), no runtime.
    feedback) echo "-fplugin=$TOOLS/pathprof.so -fplugin-arg-pathprof-feedback=${TRAINED:-}" ;;
    use*=*) echo "$pathprof -fplugin-arg-pathprof-use=${TRAINED:-} $(echo "${1#*=}" | tr ',' ' ')" ;;
    *=*) echo "$pathprof $(echo "${1#*=}" | tr ',' ' ')" ;;
    *) return 1 ;;
  esac
}

variant_libs () {
  case $(variant_kind "$1") in
    pathprof) echo "$TOOLS/libpathprof.a" ;;
    *) echo "" ;;
  esac
}

VARIANTS=plain
for v in $BENCH_VARIANTS; do
  [ "$v" = plain ] && continue
  if ! TOOLS=/ variant_cflags "$v" >/dev/null; then
    echo "bench: unknown variant '$v' (plain gcov gcov-atomic pgo pgo-novalues feedback pathprof naive atomic locked nocut partial-count cycles use NAME=ARGS useNAME=ARGS)" >&2
    exit 2
  fi
  VARIANTS="$VARIANTS $v"
done
VARIANT_NAMES=$(for v in $VARIANTS; do variant_name "$v"; done | tr '\n' ' ' | sed 's/ $//')

# The result directory, once the settings are known good.
RESULTS=$BENCH_CACHE/results/$stamp_time
mkdir -p "$RESULTS" || { echo "bench: cannot create $RESULTS" >&2; exit 2; }
LOG=$RESULTS/bench.log
: > "$LOG"

# ------------------------------------------------------------ set-up

# need COMMAND PACKAGE: install PACKAGE when COMMAND is missing (as root).
need () {
  command -v "$1" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing $2 (for $1)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q "$2" >> "$LOG" 2>&1 \
      || { apt-get update -q >> "$LOG" 2>&1 \
	   && apt-get install -y -q "$2" >> "$LOG" 2>&1; } \
      || { say "could not install $2"; return 1; }
    return 0
  fi
  say "missing $1: run apt-get install $2 as root"
  return 1
}

need "$BENCH_CC" gcc || exit 2
need make make || exit 2
need nm binutils || exit 2
need sha256sum coreutils || exit 2
if [ "$BENCH_CACHEGRIND" = 1 ]; then need valgrind valgrind || exit 2; fi

# BENCH_PATHPROF_REV: that commit of this repository, exported with git
# archive into the cache and built there (a clean, reproducible pathprof
# while the working tree is being edited).
if [ -n "$BENCH_PATHPROF_REV" ]; then
  commit=$(git -C "$TOP_DIR" rev-parse --verify --short=12 "$BENCH_PATHPROF_REV^{commit}" 2>/dev/null) \
    || { echo "bench: BENCH_PATHPROF_REV=$BENCH_PATHPROF_REV is no commit of $TOP_DIR" >&2; exit 2; }
  tree=$BENCH_CACHE/pathprof/$commit
  if [ ! -f "$tree/build/pathprof-dump" ]; then
    say "building pathprof $commit ($BENCH_PATHPROF_REV) in $tree"
    rm -rf "$tree" && mkdir -p "$tree" \
      && git -C "$TOP_DIR" archive "$commit" | tar -x -C "$tree" \
      && make -C "$tree" CC="$BENCH_CC" all >> "$LOG" 2>&1 \
      || { echo "bench: cannot build pathprof $commit (see $LOG)" >&2; exit 2; }
    echo "commit $commit ($(git -C "$TOP_DIR" log -1 --format=%s "$commit"))" > "$tree/.bench-version"
  fi
  PATHPROF_BUILD=$tree/build
fi

PATHPROF_BUILD=$(cd "$PATHPROF_BUILD" 2>/dev/null && pwd) || {
  echo "bench: no build directory $1: run make first" >&2
  exit 2
}
for f in pathprof.so libpathprof.a pathprof-dump pathprof-tool; do
  if [ ! -f "$PATHPROF_BUILD/$f" ]; then
    echo "bench: $PATHPROF_BUILD/$f is missing: run make first" >&2
    exit 2
  fi
done
# The pathprof measured, copied where a rebuild cannot touch it.
# libpathprof.a is a GNU ld script that names the build's
# libpathprof_pic.a by absolute path (build-aux/link-files.sh; a plain
# archive in older commits): the files it names are copied and hashed
# too, and the copy of the script names the copies.
#
# link_inputs SCRIPT: the files named by the INPUT and GROUP commands of
# the linker script SCRIPT, one per line; nothing for an archive.  Fails
# on a name that is not an absolute path (-lNAME, a file found in the
# linker's search path): no copy could stand for it.
link_inputs () {
  [ "$(head -c 7 "$1")" = '!<arch>' ] && return 0
  awk '
    { line = line " " $0 }
    END {
      gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", line)   # comments
      while (match(line, /(INPUT|GROUP)[ \t]*\([^)]*\)/)) {
	args = substr(line, RSTART, RLENGTH)
	line = substr(line, RSTART + RLENGTH)
	sub(/^[A-Z]*[ \t]*\(/, "", args); sub(/\)$/, "", args)
	n = split(args, word, /[ \t,]+/)
	for (i = 1; i <= n; i++) {
	  if (word[i] == "") continue
	  if (word[i] !~ /^\//) { print "not an absolute path: " word[i] > "/dev/stderr"; bad = 1; continue }
	  print word[i]
	}
      }
      exit bad
    }' "$1"
}
runtime_inputs=$(link_inputs "$PATHPROF_BUILD/libpathprof.a") || {
  echo "bench: cannot isolate the runtime: $PATHPROF_BUILD/libpathprof.a names a file bench.sh cannot copy" >&2
  exit 2
}
for f in $runtime_inputs; do
  [ -f "$f" ] || { echo "bench: $f (named by $PATHPROF_BUILD/libpathprof.a) is missing: run make first" >&2; exit 2; }
done
if [ -n "$runtime_inputs" ] \
   && [ "$(printf '%s\n' "$runtime_inputs" | sed 's|.*/||' | sort | uniq -d)" ]; then
  echo "bench: two files of one name in $PATHPROF_BUILD/libpathprof.a" >&2
  exit 2
fi
# shellcheck disable=SC2086 # the names are paths without spaces (ld's INPUT)
tools_hash=$(cd "$PATHPROF_BUILD" && hash_of pathprof.so libpathprof.a pathprof-dump pathprof-tool $runtime_inputs < /dev/null)
TOOLS=$BENCH_CACHE/tools/$tools_hash
if [ ! -f "$TOOLS/pathprof-dump" ]; then
  rm -rf "$TOOLS.tmp" && mkdir -p "$TOOLS.tmp" \
    && cp "$PATHPROF_BUILD/pathprof.so" "$PATHPROF_BUILD/pathprof-dump" \
	  "$PATHPROF_BUILD/pathprof-tool" "$TOOLS.tmp/" \
    || { echo "bench: cannot copy pathprof into $TOOLS" >&2; exit 2; }
  if [ -z "$runtime_inputs" ]; then
    cp "$PATHPROF_BUILD/libpathprof.a" "$TOOLS.tmp/"
  else
    # The script with each file it names replaced by its copy in $TOOLS
    # (the directory's name once complete).
    # shellcheck disable=SC2086
    cp $runtime_inputs "$TOOLS.tmp/" \
      && awk -v inputs="$runtime_inputs" -v tools="$TOOLS" '
	   BEGIN { n = split(inputs, path, "\n")
		   for (i = 1; i <= n; i++) { copy[i] = path[i]; sub(/.*\//, "", copy[i]) } }
	   { out = ""
	     for (;;) {
	       at = 0
	       for (i = 1; i <= n; i++) { k = index($0, path[i]); if (k && (!at || k < at)) { at = k; which = i } }
	       if (!at) break
	       out = out substr($0, 1, at - 1) tools "/" copy[which]
	       $0 = substr($0, at + length(path[which]))
	     }
	     print out $0 }' "$PATHPROF_BUILD/libpathprof.a" > "$TOOLS.tmp/libpathprof.a" \
      && ! grep -qF "$PATHPROF_BUILD/" "$TOOLS.tmp/libpathprof.a"
  fi || { echo "bench: cannot copy the runtime into $TOOLS" >&2; exit 2; }
  rm -rf "$TOOLS" && mv "$TOOLS.tmp" "$TOOLS" \
    || { echo "bench: cannot create $TOOLS" >&2; exit 2; }
  # The copied script must link on its own and pull the runtime in.
  if [ -n "$runtime_inputs" ]; then
    printf 'int main (void) { return 0; }\n' > "$TOOLS/link-test.c" \
      && $BENCH_CC -o "$TOOLS/link-test" "$TOOLS/link-test.c" "$TOOLS/libpathprof.a" >> "$LOG" 2>&1 \
      && nm --defined-only "$TOOLS/link-test" | grep -q ' __pathprof_' \
      || { rm -rf "$TOOLS"; echo "bench: the copy of libpathprof.a does not link (see $LOG)" >&2; exit 2; }
    rm -f "$TOOLS/link-test.c" "$TOOLS/link-test"
  fi
fi

# The harness's own drivers, built plain.
DRIVERS=$BENCH_CACHE/drivers
mkdir -p "$DRIVERS"
for d in timeit gen-data; do
  if [ ! -x "$DRIVERS/$d" ] || [ "$BENCH_DIR/drivers/$d.c" -nt "$DRIVERS/$d" ]; then
    $BENCH_CC -O2 -Wall -o "$DRIVERS/$d" "$BENCH_DIR/drivers/$d.c" >> "$LOG" 2>&1 \
      || { echo "bench: cannot build bench/drivers/$d.c (see $LOG)" >&2; exit 2; }
  fi
done
TIMEIT=$DRIVERS/timeit
export BENCH_DRIVERS="$DRIVERS" BENCH_WORKLOADS="$BENCH_DIR/workloads"

cc_version=$($BENCH_CC --version | head -n 1)

# Where this pathprof comes from, for the report.
pathprof_version=
if [ "$PATHPROF_BUILD" = "$TOP_DIR/build" ] \
   && git -C "$TOP_DIR" rev-parse --git-dir >/dev/null 2>&1; then
  pathprof_version="$(git -C "$TOP_DIR" describe --always --dirty 2>/dev/null) (build/ of this tree)"
else
  # Not the directory itself: the report is committed and must name no
  # path of the machine that made it.
  pathprof_version="a build outside this tree"
  [ -f "$PATHPROF_BUILD/../.bench-version" ] \
    && pathprof_version="$(cat "$PATHPROF_BUILD/../.bench-version"), exported with git archive and built apart"
fi

{
  printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf 'nproc\t%s\n' "$(nproc 2>/dev/null || echo '?')"
  printf 'cpu\t%s\n' "$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo | head -n 1)"
  printf 'kernel\t%s\n' "$(uname -sr)"
  printf 'cc\t%s\n' "$cc_version"
  printf 'pathprof\t%s\n' "$pathprof_version"
  printf 'command\t%s\n' "$BENCH_COMMAND"
  printf 'cflags\t%s\n' "$BENCH_CFLAGS"
  printf 'runs\t%s\n' "$BENCH_RUNS"
  printf 'warmup\t%s\n' "$BENCH_WARMUP"
  printf 'compile_runs\t%s\n' "$BENCH_COMPILE_RUNS"
  printf 'cachegrind\t%s\n' "$BENCH_CACHEGRIND"
  printf 'variants\t%s\n' "$VARIANTS"
  printf 'variant_names\t%s\n' "$VARIANT_NAMES"
  printf 'programs\t%s\n' "$BENCH_PROGRAMS"
  printf 'load_start\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
} > "$RESULTS/meta.tsv"

say "results in $RESULTS"
say "variants: $VARIANT_NAMES; $BENCH_WARMUP warm-up + $BENCH_RUNS counted runs each; $BENCH_CFLAGS"

# ------------------------------------------------------------ fetching

# fetch_source PACKAGE: the extracted source tree in the cache; its path
# on standard output.  apt-get source is tried for the candidate version
# first, then every other version apt knows (a mirror may lack the newest
# security upload's files).
fetch_source () {
  pkg=$1
  dir=$BENCH_CACHE/src/$pkg
  if [ -f "$dir/.bench-dir" ] && [ -d "$dir/$(cat "$dir/.bench-dir")" ]; then
    echo "$dir/$(cat "$dir/.bench-dir")"
    return 0
  fi
  need dpkg-source dpkg-dev >&2 || return 1
  need apt-get apt >&2 || return 1
  sh "$BENCH_DIR/deb-src.sh" "$pkg" >> "$LOG" 2>&1 || {
    say "cannot make apt-get source work for $pkg (see $LOG)" >&2
    return 1
  }
  say "fetching source package $pkg" >&2
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp" || return 1
  versions=$(apt-cache showsrc --only-source "$pkg" 2>/dev/null \
	       | sed -n 's/^Version: *//p')
  fetched=no
  for want in "$pkg" $(for v in $versions; do echo "$pkg=$v"; done); do
    (cd "$dir.tmp" && rm -rf ./* && apt-get source -q --only-source "$want") \
      >> "$LOG" 2>&1 && { fetched=yes; break; }
    note "apt-get source $want failed"
  done
  if [ $fetched = no ]; then
    say "apt-get source $pkg failed (see $LOG)" >&2
    return 1
  fi
  tree=$(cd "$dir.tmp" && find . -mindepth 1 -maxdepth 1 -type d | sed 's|^\./||' | head -n 1)
  dsc=$(cd "$dir.tmp" && ls ./*.dsc 2>/dev/null | head -n 1)
  if [ -z "$tree" ] || [ -z "$dsc" ]; then
    say "apt-get source $pkg left no source tree" >&2
    return 1
  fi
  sed -n 's/^Version: *//p' "$dir.tmp/$dsc" | head -n 1 > "$dir.tmp/.bench-version"
  echo "$tree" > "$dir.tmp/.bench-dir"
  rm -rf "$dir" && mv "$dir.tmp" "$dir" || return 1
  echo "$dir/$tree"
}

# ------------------------------------------------------------ one program

# median: the median of the numbers on standard input.
median () {
  sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print ""; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Sum of the sizes of the symbols matching the awk regex $2 in binary $1.
symbol_bytes () {
  nm -S --defined-only "$1" 2>/dev/null | awk -v re="$2" '
    function hex(s,   i, n, c) { n = 0; s = tolower(s)
      for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; n = n * 16 + c }
      return n }
    NF >= 4 && $4 ~ re { sum += hex($2) } END { printf "%.0f\n", sum }'
}

# Total size of the files named *.SUFFIX under DIR.
files_bytes () {
  find "$1" -name "*.$2" -type f -exec cat {} + 2>/dev/null | wc -c | tr -d ' '
}

# run_once NAME VARIANT ROUND: one timed run; appends to times.tsv
# (VARIANT ROUND WALL USER SYS MAXRSS, the peak resident set in KiB).
# Returns 1 (with the reason in $pdir/failure) if it fails or its output
# differs from the reference.
run_once () {
  rdir=$BENCH_CACHE/run/$1/$2
  find "$rdir" -mindepth 1 -maxdepth 1 ! -name run.sh -exec rm -rf {} + 2>/dev/null
  (cd "$rdir" && "$TIMEIT" -o .time sh ./run.sh > .stdout 2> .stderr)
  status=$?
  if [ $status -ne 0 ]; then
    echo "$2 run $3: exit status $status: $(head -c 300 "$rdir/.stderr" | tr '\n' ' ')" > "$pdir/failure"
    return 1
  fi
  read -r _ wall user sys _ maxrss _ < "$rdir/.time"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$2" "$3" "$wall" "$user" "$sys" "$maxrss" >> "$pdir/times.tsv"
  if ! (cd "$rdir" && recipe_check "$INPUT" > .digest 2> .check-errors); then
    echo "$2 run $3: the program's own check failed: $(head -c 300 "$rdir/.check-errors" | tr '\n' ' ')" > "$pdir/failure"
    return 1
  fi
  if [ ! -f "$pdir/reference.digest" ]; then
    cp "$rdir/.digest" "$pdir/reference.digest"
  elif ! cmp -s "$rdir/.digest" "$pdir/reference.digest"; then
    echo "$2 run $3: output differs from plain's ($(diff "$pdir/reference.digest" "$rdir/.digest" | grep '^[<>]' | head -n 2 | tr '\n' ' '))" > "$pdir/failure"
    return 1
  fi
  note "$1 $2 round $3: $wall s wall, $user s user, $maxrss KiB peak RSS"
  return 0
}

# train_profile KIND PREP DIR PROFILE [BINDIR] (in bench_program's
# subshell): the training of the use, feedback and pgo variants.  Builds
# the program into BINDIR (default DIR/bin) to profile it, KIND:
#   pathprof  with the pathprof variant's flags, its profiles going to
#             DIR/profiles, merged afterwards into the file PROFILE;
#   pgo       with -fprofile-generate=PROFILE (GCC's PGO, .gcda files
#             under the directory PROFILE, named after the objects' full
#             paths: BINDIR must be the directory of the -fprofile-use
#             build, as for any PGO user rebuilding in place);
# then runs the recipe's training workload (recipe_train BINDIR
# INPUTDIR, on the input recipe_train_input INPUTDIR makes), which
# differs from the measured one on purpose, so that a profiled build is
# judged on an input it was not trained on.
train_profile () {
  tkind=$1 tprep=$2 tdir=$3 tprofile=$4 tbin=${5:-$3/bin}
  command -v recipe_train >/dev/null 2>&1 \
    || fail "the $vn variant needs a training workload (recipe_train in bench/programs/$name.sh)"
  rm -rf "$tdir" "$tbin" && mkdir -p "$tbin" "$tdir/input" "$tdir/run" || fail "cannot create $tdir"
  case $tkind in
    pathprof)
      tcflags="$BENCH_CFLAGS $(variant_cflags pathprof) -fplugin-arg-pathprof-dir=$tdir/profiles"
      tlibs=$(variant_libs pathprof) ;;
    pgo)
      tcflags="$BENCH_CFLAGS -fprofile-generate=$tprofile"
      tlibs= ;;
  esac
  (CC=$BENCH_CC BENCH_REAL_CC=$BENCH_CC CFLAGS=$tcflags LDLIBS=$tlibs \
   recipe_build "$tprep" "$tbin") > "$tdir/build.log" 2>&1 \
    || fail "the $tkind training build failed (see $tdir/build.log)"
  if command -v recipe_train_input >/dev/null 2>&1; then
    (cd "$tdir/input" && recipe_train_input "$tdir/input") > "$tdir/input.log" 2>&1 \
      || fail "making the training input failed (see $tdir/input.log)"
  fi
  { echo "set -e"; recipe_train "$tbin" "$tdir/input"; } > "$tdir/run/train.sh"
  (cd "$tdir/run" && sh ./train.sh) > "$tdir/train.log" 2>&1 \
    || fail "the $tkind training run failed (see $tdir/train.log)"
  case $tkind in
    pathprof)
      "$TOOLS/pathprof-tool" merge -o "$tprofile" "$tdir/profiles" >> "$tdir/train.log" 2>&1 \
	|| fail "cannot merge the training profiles (see $tdir/train.log)" ;;
    pgo)
      gcda=$(find "$tprofile" -name '*.gcda' -type f 2>/dev/null | wc -l | tr -d ' ')
      [ "$gcda" -gt 0 ] || fail "the pgo training run left no .gcda file in $tprofile"
      stat "train.gcda_files" "$gcda" ;;
  esac
  stat "train.workload" "$(sed -e "s|$tbin/||g" -e "s|$tdir/input/||g" -e "s|$BENCH_WORKLOADS/|bench/workloads/|g" -e "s|\"||g" \
			  "$tdir/run/train.sh" | grep -v '^set -e$' | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
}

# bench_program NAME: everything for one program, in a subshell (the
# recipe's functions live there).  Leaves $RESULTS/NAME/{status,
# times.tsv, stats.tsv}.
bench_program () {
  name=$1
  pdir=$RESULTS/$name
  mkdir -p "$pdir"
  : > "$pdir/times.tsv"
  : > "$pdir/stats.tsv"
  recipe=$BENCH_DIR/programs/$name.sh
  if [ ! -f "$recipe" ]; then
    echo "failed: no recipe bench/programs/$name.sh" > "$pdir/status"
    say "$name: no recipe bench/programs/$name.sh"
    return 1
  fi
  (
    fail () {
      echo "failed: $*" > "$pdir/status"
      say "$name: FAILED: $*"
      exit 1
    }
    stat () { printf '%s\t%s\n' "$1" "$2" >> "$pdir/stats.tsv"; }
    # Recipe defaults.
    recipe_prepare () { cp -a "$1/." "$2/"; }
    recipe_tools () { :; }
    . "$recipe"
    for tool in $(recipe_tools); do
      need "${tool%%:*}" "${tool#*:}" || fail "cannot install ${tool#*:}"
    done
    stat about "$about"
    stat package "$package"

    # local_source=DIR: the recipe's sources are this tree's DIR (our
    # kernels), not a Debian package; their contents go into the stamps.
    src_hash=
    if [ -n "${local_source:-}" ]; then
      src=$TOP_DIR/$local_source
      [ -d "$src" ] || fail "no directory $local_source"
      src_hash=$(cd "$src" && find . -type f | sort | xargs cat | hash_of)
      version="$local_source of this tree"
    else
      src=$(fetch_source "$package") || fail "cannot fetch source package $package"
      version=$(cat "$(dirname "$src")/.bench-version" 2>/dev/null)
    fi
    stat version "$version"
    say "$name: ${package:+$package }$version"

    # Prepare once.
    prep=$BENCH_CACHE/prep/$name
    prep_stamp=$(printf '%s\n%s\n%s\n' "$src" "$src_hash" "$cc_version" | hash_of "$recipe")
    if [ "$(cat "$prep/.bench-stamp" 2>/dev/null)" != "$prep_stamp" ]; then
      say "$name: preparing the source tree"
      rm -rf "$prep" && mkdir -p "$prep" || fail "cannot create $prep"
      (CC=$BENCH_CC CFLAGS=$BENCH_CFLAGS recipe_prepare "$src" "$prep") \
	> "$prep/.bench-prepare.log" 2>&1 \
	|| fail "preparing the tree failed (see $prep/.bench-prepare.log)"
      echo "$prep_stamp" > "$prep/.bench-stamp"
    fi
    # make gcov-diff (testsuite/gcov-diff.sh) wants the prepared tree only.
    if [ -n "$BENCH_PREPARE_ONLY" ]; then
      echo prepared > "$pdir/status"
      exit 0
    fi

    # Build every variant.
    for v in $VARIANTS; do
      vn=$(variant_name "$v")
      out=$BENCH_CACHE/build/$name/$vn
      TRAINED=$BENCH_CACHE/train/$name/train.pathprof
      # Each pgo variant its own training: the .gcda files name the
      # objects of its build directory.
      pgo_train=$BENCH_CACHE/train-pgo/$name
      [ "$vn" = pgo ] || pgo_train=$pgo_train-$vn
      PGO_PROFILE=$pgo_train/gcda
      cflags="$BENCH_CFLAGS $(variant_cflags "$v")"
      libs=$(variant_libs "$v")
      # pathprof's files matter to pathprof's variants only.
      vtools=
      case $(variant_kind "$v") in pathprof|feedback) vtools=$tools_hash ;; esac
      build_stamp=$(printf '%s\n%s\n%s\n%s\n' "$prep_stamp" "$cflags" "$libs" "$vtools" \
		      | hash_of "$recipe" "$BENCH_DIR/cc-log.sh")
      if [ "$(cat "$out/.bench-stamp" 2>/dev/null)" != "$build_stamp" ] \
	 || [ ! -x "$out/$binary" ]; then
	say "$name: building $vn"
	case $vn in
	  use*|feedback)
	    # One training per program and pathprof build.
	    train_stamp=$(printf '%s\n%s\n' "$prep_stamp" "$tools_hash" | hash_of "$recipe")
	    if [ "$(cat "$BENCH_CACHE/train/$name/.bench-stamp" 2>/dev/null)" != "$train_stamp" ] \
	       || [ ! -f "$TRAINED" ]; then
	      say "$name: training run for use="
	      train_profile pathprof "$prep" "$BENCH_CACHE/train/$name" "$TRAINED"
	      echo "$train_stamp" > "$BENCH_CACHE/train/$name/.bench-stamp"
	    fi
	    ;;
	  pgo|pgo-*)
	    # Trained with every build: the profile names the objects of
	    # this very directory.
	    say "$name: training run for -fprofile-use ($vn)"
	    train_profile pgo "$prep" "$pgo_train" "$PGO_PROFILE" "$out"
	    ;;
	esac
	rm -rf "$out" && mkdir -p "$out" || fail "cannot create $out"
	: > "$out/.bench-cc.log"
	t0=$(date +%s)
	(CC="/bin/sh $BENCH_DIR/cc-log.sh" BENCH_REAL_CC=$BENCH_CC \
	 BENCH_CC_LOG=$out/.bench-cc.log BENCH_CC_ROOT=$out \
	 CFLAGS=$cflags LDLIBS=$libs \
	 recipe_build "$prep" "$out") > "$out/.bench-build.log" 2>&1 \
	  || fail "the $vn build failed (see $out/.bench-build.log)"
	[ -x "$out/$binary" ] || fail "the $vn build made no $binary"
	note "$name: $vn built in $(($(date +%s) - t0)) s"
	echo "$build_stamp" > "$out/.bench-stamp"
      fi
    done

    # Inputs, once.
    INPUT=$BENCH_CACHE/input/$name
    input_stamp=$(hash_of "$recipe" "$BENCH_DIR/drivers/gen-data.c" < /dev/null)
    if [ "$(cat "$INPUT/.bench-stamp" 2>/dev/null)" != "$input_stamp" ]; then
      say "$name: making the input"
      rm -rf "$INPUT" && mkdir -p "$INPUT" || fail "cannot create $INPUT"
      (cd "$INPUT" && recipe_input "$INPUT") > "$pdir/input.log" 2>&1 \
	|| fail "making the input failed (see $pdir/input.log)"
      echo "$input_stamp" > "$INPUT/.bench-stamp"
    fi

    for v in $VARIANTS; do
      vn=$(variant_name "$v")
      rdir=$BENCH_CACHE/run/$name/$vn
      rm -rf "$rdir" && mkdir -p "$rdir" || fail "cannot create $rdir"
      { echo "set -e"; recipe_run "$BENCH_CACHE/build/$name/$vn" "$INPUT"; } > "$rdir/run.sh"
      # The profiles of one run: the first round starts without any.
      find "$BENCH_CACHE/build/$name/$vn" \( -name '*.pathprof' -o -name '*.gcda' \
	-o -name '*.pathprof.lock' \) -type f -exec rm -f {} +
    done
    stat workload "$(sed -e "s|$BENCH_CACHE/build/$name/plain/||g" -e "s|$INPUT/||g" -e "s|$BENCH_WORKLOADS/|bench/workloads/|g" -e "s|\"||g" \
			"$BENCH_CACHE/run/$name/plain/run.sh" | grep -v '^set -e$' | tr '\n' ';' | sed 's/;$//; s/;/; /g')"

    # Alternating rounds: round 1..WARMUP uncounted, then RUNS counted.
    rounds=$((BENCH_WARMUP + BENCH_RUNS))
    say "$name: $rounds rounds of $VARIANT_NAMES"
    round=1
    while [ $round -le $rounds ]; do
      for v in $VARIANTS; do
	vn=$(variant_name "$v")
	run_once "$name" "$vn" $round || fail "$(cat "$pdir/failure")"
      done
      if [ $round -eq 1 ]; then
	# What one run leaves: profiles and what they hold.
	for v in $VARIANTS; do
	  vn=$(variant_name "$v")
	  out=$BENCH_CACHE/build/$name/$vn
	  bin=$out/$binary
	  stat "text.$vn" "$(size -A "$bin" 2>/dev/null | awk '$1 == ".text" { print $2 }')"
	  case $(variant_kind "$v") in
	    feedback)
	      # Functions left with GCC's estimate: "pathprof: 'F':
	      # estimated profile: ..." (CFG mismatch, OpenMP).
	      stat "feedback_estimated.$vn" "$(grep -c "note: pathprof: .*estimated profile:" "$out/.bench-build.log")"
	      ;;
	    gcov)
	      stat "counters.$vn" "$(symbol_bytes "$bin" '^__gcov0[.]')"
	      stat "profile_bytes.$vn" "$(files_bytes "$out" gcda)"
	      ;;
	    pathprof)
	      stat "counters.$vn" "$(symbol_bytes "$bin" '^__pathprof_counters[.]')"
	      stat "meta.$vn" "$(symbol_bytes "$bin" '^__pathprof_meta[.]')"
	      stat "profile_bytes.$vn" "$(files_bytes "$out" pathprof)"
	      "$TOOLS/pathprof-dump" --json -n 0 "$out" > "$BENCH_CACHE/run/$name/$vn.json" 2>> "$LOG" \
		|| fail "pathprof-dump --json cannot read the $vn profiles"
	      j=$BENCH_CACHE/run/$name/$vn.json
	      stat "json_functions.$vn" "$(grep -o '"potential_paths": *[0-9]*' "$j" | wc -l | tr -d ' ')"
	      stat "json_executed_functions.$vn" "$(grep -o '"executions": *[0-9]*' "$j" | awk '$2 > 0' | wc -l | tr -d ' ')"
	      stat "json_truncated.$vn" "$(grep -o '"truncated": *true' "$j" | wc -l | tr -d ' ')"
	      stat "json_executed_paths.$vn" "$(grep -o '"executed_paths": *[0-9]*' "$j" | awk '{ s += $2 } END { printf "%.0f\n", s }')"
	      # The compiler's notes: "pathprof: 'F': N paths, M probes,
	      # dense|hashed counters[, paths cut ...]".
	      notes=$pdir/notes.$vn
	      sed -n "s/.*note: pathprof: '\(.*\)': \([0-9]*\) paths, \([0-9]*\) probes, \([a-z]*\) counters\(.*\)/\1\t\2\t\3\t\4\t\5/p" \
		"$out/.bench-build.log" > "$notes"
	      stat "functions.$vn" "$(wc -l < "$notes" | tr -d ' ')"
	      stat "probes.$vn" "$(awk -F '\t' '{ s += $3 } END { printf "%.0f\n", s }' "$notes")"
	      stat "hashed.$vn" "$(awk -F '\t' '$4 == "hashed"' "$notes" | wc -l | tr -d ' ')"
	      stat "cut.$vn" "$(awk -F '\t' '$5 ~ /paths cut to bound/' "$notes" | wc -l | tr -d ' ')"
	      # Hashed functions with their path executions in this run:
	      # NAME <tab> POTENTIAL PATHS <tab> EXECUTIONS, most executed first.
	      grep -o '"name": *"[^"]*"\|"executions": *[0-9]*' "$j" \
		| awk -F '\t' -v notes="$notes" '
		    BEGIN { while ((getline l < notes) > 0) { split(l, f, "\t")
			      if (f[4] == "hashed") hashed[f[1]] = f[2] } }
		    /^"name"/ { sub(/^"name": *"/, ""); sub(/"$/, ""); name = $0; next }
		    { sub(/^"executions": */, ""); total += $0; if (name in hashed) ex[name] += $0 }
		    END { for (n in hashed) { printf "%s\t%s\t%.0f\n", n, hashed[n], ex[n] + 0; sum += ex[n] }
			  printf "\t\t%.0f\t%.0f\n", sum, total > "/dev/stderr" }' \
		  2> "$pdir/hashed-total.$vn" | sort -t "$tab" -k3,3gr -k1,1 > "$pdir/hashed.$vn"
	      stat "hashed_executions.$vn" "$(cut -f3 "$pdir/hashed-total.$vn")"
	      stat "executions.$vn" "$(cut -f4 "$pdir/hashed-total.$vn")"
	      stat "hashed_names.$vn" "$(awk -F '\t' '{ printf "%s%s (%s paths, %s executions)", (NR > 1 ? "; " : ""), $1, $2, $3 }' "$pdir/hashed.$vn")"
	      stat "not_instrumented.$vn" "$(grep -c "warning: pathprof: .* not instrumented" "$out/.bench-build.log")"
	      ;;
	  esac
	done
      fi
      round=$((round + 1))
    done
    for v in $VARIANTS; do
      vn=$(variant_name "$v")
      stat "median_wall.$vn" "$(awk -F '\t' -v v="$vn" -v w="$BENCH_WARMUP" '$1 == v && $2 > w { print $3 }' "$pdir/times.tsv" | median)"
    done
    say "$name: median wall time $(for v in $VARIANTS; do vn=$(variant_name "$v"); printf '%s %ss  ' "$vn" "$(awk -F '\t' -v k="median_wall.$vn" '$1 == k { print $2 }' "$pdir/stats.tsv")"; done)"

    # Compile time of the largest translation unit: the one whose plain
    # compilation took longest in the build.
    if [ "$BENCH_COMPILE_RUNS" -gt 0 ]; then
      tuline=$(sort -t "$tab" -k1,1gr "$BENCH_CACHE/build/$name/plain/.bench-cc.log" | head -n 1)
      tu=$(printf '%s\n' "$tuline" | cut -f3)
      if [ -n "$tu" ]; then
	stat tu "$(basename "$tu")"
	stat tu_bytes "$(printf '%s\n' "$tuline" | cut -f2)"
	ctmp=$BENCH_CACHE/run/$name/compile
	rm -rf "$ctmp" && mkdir -p "$ctmp"
	for v in $VARIANTS; do
	  vn=$(variant_name "$v")
	  line=$(awk -F '\t' -v s="$tu" '$3 == s { print; exit }' "$BENCH_CACHE/build/$name/$vn/.bench-cc.log")
	  [ -n "$line" ] || fail "the $vn build did not compile $tu"
	  dir=$(printf '%s\n' "$line" | cut -f4)
	  cmd=$(printf '%s\n' "$line" | cut -f5- | sed "s|@OBJ@|$ctmp/$vn.o|")
	  printf 'cd %s && exec %s\n' "$dir" "$cmd" > "$ctmp/$vn.sh"
	done
	# Its size after preprocessing (regex.c of gawk is 3 KiB of
	# #includes).
	(cd "$(printf '%s\n' "$tuline" | cut -f4)" \
	   && eval "$(printf '%s\n' "$tuline" | cut -f5- | sed "s|@OBJ@|$ctmp/tu.i|") -E") \
	  > /dev/null 2>> "$LOG" \
	  && stat tu_preprocessed_bytes "$(wc -c < "$ctmp/tu.i" | tr -d ' ')"
	rm -f "$ctmp/tu.i"
	say "$name: compiling $(basename "$tu") $BENCH_COMPILE_RUNS times per variant"
	c=1
	while [ $c -le "$BENCH_COMPILE_RUNS" ]; do
	  for v in $VARIANTS; do
	    vn=$(variant_name "$v")
	    "$TIMEIT" -o "$ctmp/$vn.time" sh "$ctmp/$vn.sh" > "$ctmp/$vn.out" 2>&1 \
	      || fail "compiling $tu alone ($vn) failed (see $ctmp/$vn.out)"
	    read -r _ wall user sys _ maxrss _ < "$ctmp/$vn.time"
	    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$vn" "$c" "$wall" "$user" "$sys" "$maxrss" >> "$pdir/compile.tsv"
	  done
	  c=$((c + 1))
	done
      fi
    fi

    # Instruction counts.
    if [ "$BENCH_CACHEGRIND" = 1 ]; then
      for v in $VARIANTS; do
	vn=$(variant_name "$v")
	say "$name: $vn under cachegrind"
	rdir=$BENCH_CACHE/run/$name/$vn
	find "$rdir" -mindepth 1 -maxdepth 1 ! -name run.sh -exec rm -rf {} +
	(cd "$rdir" && valgrind --tool=cachegrind --cache-sim=no \
	   --cachegrind-out-file=/dev/null --trace-children=yes \
	   --log-file=.cachegrind.%p sh ./run.sh > .stdout 2> .stderr) \
	  || fail "$vn under valgrind: exit status $?"
	(cd "$rdir" && recipe_check "$INPUT" > .digest 2> .check-errors) \
	  && cmp -s "$rdir/.digest" "$pdir/reference.digest" \
	  || fail "$vn under valgrind: output differs from plain's"
	stat "instructions.$vn" "$(cat "$rdir"/.cachegrind.* | sed -n 's/.*I *refs: *//p' | tr -d ',' | awk '{ s += $1 } END { printf "%.0f\n", s }')"
      done
    fi
    echo ok > "$pdir/status"
  )
}

failed=0
for name in $BENCH_PROGRAMS; do
  bench_program "$name" || failed=1
done
[ -z "$BENCH_PREPARE_ONLY" ] || exit $failed

printf 'load_end\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$RESULTS/meta.tsv"
printf 'seconds\t%s\n' "$(($(date +%s) - started))" >> "$RESULTS/meta.tsv"

# ------------------------------------------------------------ report

for name in $BENCH_PROGRAMS; do
  [ -f "$RESULTS/$name/status" ] || echo "failed: interrupted" > "$RESULTS/$name/status"
done
write_report || exit 2
ln -sfn "$stamp_time" "$BENCH_CACHE/results/latest"
say "results: $RESULTS/results.md, $RESULTS/results.json ($(($(date +%s) - started)) s)"
exit $failed
