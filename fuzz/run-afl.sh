#!/bin/sh
# AFL++ over the fuzz-file target, as a second opinion to `make fuzz`
# (libFuzzer); not part of any make target.  Needs the afl++ package.
#
# Usage: fuzz/run-afl.sh BUILD_DIR [SECONDS]   (default 300)
#
# The target is fuzz/fuzz-file.c linked with AFL++'s libFuzzer driver,
# with ASan and UBSan, and built with -DPPFUZZ_REPAIR_INPUT: AFL++'s
# mutations do not go through LLVMFuzzerCustomMutator, so the target
# repairs the checksums of each input itself (fuzz/repair.h).  A crash
# AFL++ saves is the input before that repair; it is repaired with
# `seeds repair` (fuzz/seeds.c) into BUILD_DIR/fuzz/crashes/afl-*, a
# file that crashes any build of the target, ready for fuzz/regressions.
# Everything else stays in BUILD_DIR/fuzz/afl.  One core.
set -u
build=$1
time=${2:-300}
top=$(cd "$(dirname "$0")/.." && pwd)
out=$build/fuzz/afl
crashes=$build/fuzz/crashes
afl_cc=${AFL_CC:-afl-clang-fast}
mkdir -p "$out/in" "$crashes" || exit 1

# shellcheck disable=SC2086
AFL_QUIET=1 $afl_cc -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined \
  -fno-sanitize-recover=undefined -DPPFUZZ_REPAIR_INPUT \
  -I"$top/core" -I"$top/format" -o "$out/fuzz-file-afl" \
  "$top/fuzz/fuzz-file.c" $top/format/*.c $top/core/*.c || exit 1
cc -std=gnu11 -O1 -I"$top/format" "$top/fuzz/seeds.c" \
  "$top/format/ppio.c" "$top/format/ppmeta.c" "$top/format/ppformat.c" \
  "$top/format/ppfile.c" -o "$out/seeds" || exit 1

# AFL++ refuses empty seeds.
for f in "$top"/fuzz/corpus/file/*; do
  [ -s "$f" ] && cp "$f" "$out/in/"
done
# A previous run's queue is resumed ("-i -"), else start from the seeds.
input=$out/in
[ -d "$out/out/default/queue" ] && input=-

echo "fuzz-file (AFL++): fuzzing for $time s (log: $out/afl.log)"
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
  AFL_NO_AFFINITY=1 \
  afl-fuzz -i "$input" -o "$out/out" -m none -t 10000 -V "$time" \
  -x "$top/fuzz/pathprof.dict" -- "$out/fuzz-file-afl" > "$out/afl.log" 2>&1
rc=$?
stats=$out/out/default/fuzzer_stats
field ()
{
  sed -n "s/^$1 *: *//p" "$stats"
}
if [ ! -f "$stats" ]; then
  echo "fuzz-file (AFL++): no statistics (exit $rc); see $out/afl.log" >&2
  tail -20 "$out/afl.log" >&2
  exit 1
fi
n=0
for c in "$out"/out/default/crashes/id:*; do
  [ -f "$c" ] || continue
  n=$((n + 1))
  "$out/seeds" repair "$c" "$crashes/afl-$(basename "$c" | tr ':,' '__')"
done
echo "fuzz-file (AFL++): $(field execs_done) executions in" \
  "$(field run_time) s, corpus $(field corpus_count) inputs, $n crashes," \
  "$(field saved_hangs) hangs"
[ "$n" -eq 0 ]
