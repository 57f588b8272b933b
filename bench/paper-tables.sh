#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# paper-tables.sh -- Ball & Larus's Tables 2 and 3 for a real program.
#
# Usage: paper-tables.sh PATHPROF_BUILD_DIR [WORK_DIR]
#
# Builds the Lua 5.4 interpreter of the benchmark (bench/programs/lua.sh,
# from the tree "make bench" prepared under BENCH_CACHE/prep/lua) with
# the plugin at -O2, runs it on a training input
# (bench/workloads/train.lua) and on the reference input the benchmark
# measures (bench/workloads/bench.lua), each into a profile of its own,
# and prints:
#   Table 2: pathprof-dump --predict on the reference profile: how much of
#            the measured paths the hottest-edge heuristic predicts;
#   Table 3: pathprof-tool overlap TRAIN REF: how much of the reference
#            run's paths the training run executed too.
# The profiles stay in WORK_DIR (default: a new directory under /tmp) for
# further reports.  BENCH_CACHE is bench.sh's (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/bench); if it has no prepared
# Lua tree, run "make bench BENCH_PROGRAMS=lua BENCH_RUNS=1
# BENCH_COMPILE_RUNS=0 BENCH_DOC=" first.  PAPER_PROGRAM names another
# recipe's prepared tree with PAPER_TRAIN and PAPER_REF commands (run in
# WORK_DIR, $BIN the built binary's directory).

set -u
build=${1:?usage: paper-tables.sh PATHPROF_BUILD_DIR [WORK_DIR]}
build=$(cd "$build" && pwd) || exit 2
here=$(cd "$(dirname "$0")" && pwd)
cache=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/bench}
program=${PAPER_PROGRAM:-lua}
work=${2:-$(mktemp -d /tmp/paper-tables.XXXXXX)}
mkdir -p "$work" || exit 2
work=$(cd "$work" && pwd)

prep=$cache/prep/$program
if [ ! -d "$prep" ]; then
  echo "paper-tables.sh: no prepared $program tree in $prep;" \
       "run: make bench BENCH_PROGRAMS=$program BENCH_RUNS=1" \
       "BENCH_COMPILE_RUNS=0 BENCH_DOC=" >&2
  exit 2
fi

case $program in
  lua)
    train=${PAPER_TRAIN:-'"$BIN/lua" "$WORKLOADS/train.lua" 1'}
    ref=${PAPER_REF:-'"$BIN/lua" "$WORKLOADS/bench.lua" 1'} ;;
  *)
    train=${PAPER_TRAIN:?PAPER_TRAIN: the training command}
    ref=${PAPER_REF:?PAPER_REF: the reference command} ;;
esac

# The recipe's build function, with the variables bench.sh gives it.
. "$here/programs/$program.sh"
BENCH_REAL_CC=${CC:-gcc}
CC=$BENCH_REAL_CC
CFLAGS="-O2 -g -fplugin=$build/pathprof.so -fplugin-arg-pathprof-dir=$work/profile"
LDLIBS="$build/libpathprof.a"
export BIN="$work/bin" WORKLOADS="$here/workloads"
rm -rf "$BIN" "$work/profile" "$work/train" "$work/ref"
mkdir -p "$BIN"
echo "# Building $program with pathprof (-O2) in $BIN"
recipe_build "$prep" "$BIN" > "$work/build.log" 2>&1 \
  || { echo "paper-tables.sh: the build failed: $work/build.log" >&2; exit 1; }

run () {
  name=$1 command=$2
  echo "# $name: $command"
  (cd "$work" && eval "$command") > "$work/$name.out" 2>&1 \
    || { echo "paper-tables.sh: the $name run failed: $work/$name.out" >&2
	 exit 1; }
  mv "$work/profile" "$work/$name"
}
run train "$train"
run ref "$ref"

echo
echo "# Table 2: the reference run's paths against the hottest-edge heuristic"
echo "\$ pathprof-dump --predict -n 10 $work/ref"
"$build/pathprof-dump" --predict -n 10 "$work/ref"
echo
echo "# Table 3: the training run against the reference run"
echo "\$ pathprof-tool overlap -n 5 $work/train $work/ref"
"$build/pathprof-tool" overlap -n 5 "$work/train" "$work/ref"
