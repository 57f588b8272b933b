#!/bin/sh
# make fuzz: build the libFuzzer targets of fuzz/ with ASan and UBSan and
# run each for FUZZ_TIME seconds, one after another (one core).
#
# Usage: fuzz/run.sh BUILD_DIR [TARGET...]
#   TARGET: file, meta, merge (fuzz/fuzz-TARGET.c); default all three.
# Environment:
#   FUZZ_TIME   seconds per target (default 60)
#   FUZZ_CC     the clang to build with (default clang-14)
#   FUZZ_FLAGS  more libFuzzer options, e.g. -seed=1 or -only_ascii=1
#
# In BUILD_DIR/fuzz: the binaries fuzz-TARGET, the working corpora
# corpus-TARGET (seeded from the committed fuzz/corpus/file or
# fuzz/corpus/meta, and kept from one run to the next, so the committed
# corpus is never written to), the logs fuzz-TARGET.log, and crashes/,
# where libFuzzer writes each crashing input as TARGET-crash-SHA1 (or
# -leak-, -timeout-, -oom-).  Before fuzzing, every input of
# fuzz/regressions/ is replayed.
#
# Prints executions, corpus size and crashes per target; exits non-zero
# if a target crashed.  A crash is replayed with
#   BUILD_DIR/fuzz/fuzz-TARGET BUILD_DIR/fuzz/crashes/FILE
# then fixed, and the file added to fuzz/regressions/ (doc/testing.md,
# "Fuzzing").
set -u
build=$1
shift
top=$(cd "$(dirname "$0")/.." && pwd)
targets=${*:-file meta merge}
time=${FUZZ_TIME:-60}
cc=${FUZZ_CC:-clang-14}
out=$build/fuzz
crashes=$out/crashes
cflags="-std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined
  -fno-sanitize-recover=undefined -I$top/core -I$top/format -I$top/runtime"
mkdir -p "$crashes" || exit 1

case $time in
  ''|*[!0-9]*) echo "fuzz: FUZZ_TIME must be a number of seconds" >&2; exit 2 ;;
esac

# The number of files in directory $1 whose names start with $2.
count_files ()
{
  n=0
  for f in "$1/$2"*; do
    [ -e "$f" ] && n=$((n + 1))
  done
  echo "$n"
}

status=0
for t in $targets; do
  case $t in
    file|merge) seeds=$top/fuzz/corpus/file; replay="file merge" ;;
    meta) seeds=$top/fuzz/corpus/meta; replay=meta ;;
    *) echo "fuzz: unknown target $t (file, meta, merge)" >&2; exit 2 ;;
  esac
  extra=
  [ "$t" = merge ] && extra="$top/runtime/*.c -lpthread"
  echo "fuzz: building $out/fuzz-$t"
  # shellcheck disable=SC2086
  $cc $cflags -o "$out/fuzz-$t" "$top/fuzz/fuzz-$t.c" $top/format/*.c \
    $top/core/*.c $extra || exit 1

  # The regression inputs of this kind, each run once.
  set --
  for kind in $replay; do
    for f in "$top"/fuzz/regressions/"$kind"-*; do
      [ -f "$f" ] && set -- "$@" "$f"
    done
  done
  if [ $# -gt 0 ]; then
    if ! "$out/fuzz-$t" "$@" > "$out/fuzz-$t.replay.log" 2>&1; then
      echo "fuzz-$t: a regression input fails again:" \
	"$out/fuzz-$t.replay.log" >&2
      grep -E 'Running: |bug: |ERROR: |runtime error' \
	"$out/fuzz-$t.replay.log" | tail -4 >&2
      status=1
      continue
    fi
    echo "fuzz-$t: $# regression inputs replayed"
  fi

  mkdir -p "$out/corpus-$t"
  cp "$seeds"/* "$out/corpus-$t/"
  before=$(count_files "$crashes" "$t-")
  echo "fuzz-$t: fuzzing for $time s (log: $out/fuzz-$t.log)"
  # shellcheck disable=SC2086
  "$out/fuzz-$t" -max_total_time="$time" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -dict="$top/fuzz/pathprof.dict" \
    -artifact_prefix="$crashes/$t-" ${FUZZ_FLAGS:-} "$out/corpus-$t" \
    > "$out/fuzz-$t.log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz-$t.log")
  secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' \
    "$out/fuzz-$t.log")
  size=$(count_files "$out/corpus-$t" "")
  after=$(count_files "$crashes" "$t-")
  if [ -n "$secs" ]; then when="in $secs s"; else when="before it stopped"; fi
  echo "fuzz-$t: ${execs:-?} executions $when," \
    "corpus $size inputs, $((after - before)) new crashes (exit $rc)"
  grep "^fuzz-$t: [0-9]* inputs" "$out/fuzz-$t.log" | tail -1
  if [ "$rc" -ne 0 ] || [ "$after" -ne "$before" ]; then
    status=1
    grep -E 'ERROR: |runtime error|bug: |Test unit written' \
      "$out/fuzz-$t.log" | head -10
  fi
done
if [ "$status" -ne 0 ]; then
  echo "fuzz: crashes in $crashes; see fuzz/run.sh for what to do" >&2
fi
exit $status
