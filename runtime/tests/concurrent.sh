#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Concurrent processes, with a real instrumented program: 32 copies of
# instrumented/merge.c started at the same moment (programs/launch.c)
# merge into its one profile under the lock: every count exactly 32 times
# one run's (dense and hashed functions), runs = 32, nothing but the
# profiles left in the directory.  Then two different programs linking
# the same instrumented object (shared-obj.o into shared-a and shared-b),
# 8 copies of each at once: the object's profile is exactly 8 times one
# run of each, added, with runs = 16; each program's own profile has its
# 8 runs.
. "$(dirname "$0")/lib.shinc"

prof=$work/prof
lib="$PATHPROF_BUILD/libpathprof.a"
if ! build_program launch || ! build_program profinfo "$lib" \
   || ! cc_plugin "$prof" "$inst/merge.c" -o "$work/merge" "$lib" -lpthread \
     -fplugin-arg-pathprof-max-array=16384 -fplugin-arg-pathprof-max-mapped=0 \
   || ! cc_plugin "$prof" -c "$inst/shared-obj.c" -o "$work/shared-obj.o" \
   || ! cc_plugin "$prof" "$inst/shared-a.c" "$work/shared-obj.o" \
     -o "$work/shared-a" "$lib" -lpthread \
   || ! cc_plugin "$prof" "$inst/shared-b.c" "$work/shared-obj.o" \
     -o "$work/shared-b" "$lib" -lpthread; then
  fail "build the test programs" "no errors" "$(cat "$work/cc.log")"
  finish
fi

# One run, relocated with PATHPROF_PREFIX: the reference.
PATHPROF_PREFIX=$work/one "$work/merge" > "$work/one.out"
profile_tsv "$work/one" > "$work/one.tsv"
[ -s "$work/one.tsv" ] && pass "one run of merge writes a profile" \
  || fail "one run of merge writes a profile" "path counts" "nothing"

"$work/launch" 32 "$work/merge" > "$work/32.out" 2> "$work/32.err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$work/32.err" ] \
  && pass "32 concurrent runs exit 0 and say nothing on stderr" \
  || fail "32 concurrent runs exit 0 and say nothing on stderr" \
       "exit 0, no message" "exit $rc, $(head -3 "$work/32.err")"
same "32 concurrent runs print what one run prints" \
  "$(for i in $(seq 32); do cat "$work/one.out"; done)" \
  "$(cat "$work/32.out")"
same "32 concurrent runs: every path count exactly 32 x one run's" \
  "$(scale_tsv 32 < "$work/one.tsv")" "$(profile_tsv "$prof")"
same "32 concurrent runs: runs = 32" 32 \
  "$(profile_runs "$(profile_file "$prof" merge)")"
hashed=$(profile_tsv "$prof" -f mix | wc -l)
[ "$hashed" -gt 100 ] \
  && pass "the hashed function's $hashed paths are among them" \
  || fail "the hashed function's paths are among them" "over 100 paths" \
       "$hashed"
same "32 concurrent runs: the profiles and nothing else left (no lock, temporary or journal)" \
  "" "$(ls -A "$prof" | grep -v '\.pathprof$')"
rm -rf "$prof"

# Two programs, one shared object: one run of each alone first.
PATHPROF_PREFIX=$work/a "$work/shared-a" > /dev/null
PATHPROF_PREFIX=$work/b "$work/shared-b" > /dev/null
profile_tsv "$work/a" -f shared_work > "$work/a.tsv"
profile_tsv "$work/b" -f shared_work > "$work/b.tsv"
profile_tsv "$(profile_file "$work/b" shared-b)" > "$work/b-own.tsv"
[ -s "$work/a.tsv" ] && [ -s "$work/b.tsv" ] && [ -s "$work/b-own.tsv" ] \
  && ! cmp -s "$work/a.tsv" "$work/b.tsv" \
  && pass "the two programs use the shared object differently" \
  || fail "the two programs use the shared object differently" \
       "two different profiles" "$(cat "$work/a.tsv" "$work/b.tsv")"
"$work/launch" 8 "$work/shared-a" -- 8 "$work/shared-b" > /dev/null \
  2> "$work/ab.err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$work/ab.err" ] \
  && pass "8 + 8 concurrent runs of two programs exit 0, no message" \
  || fail "8 + 8 concurrent runs of two programs exit 0, no message" \
       "exit 0, no message" "exit $rc, $(head -3 "$work/ab.err")"
scale_tsv 8 < "$work/a.tsv" > "$work/a8.tsv"
scale_tsv 8 < "$work/b.tsv" > "$work/b8.tsv"
same "shared object: its profile is 8 x program a's + 8 x program b's" \
  "$(add_tsv "$work/a8.tsv" "$work/b8.tsv")" \
  "$(profile_tsv "$(profile_file "$prof" shared-obj)")"
same "shared object: runs = 16" 16 \
  "$(profile_runs "$(profile_file "$prof" shared-obj)")"
same "program b's own profile: 8 x one run's" \
  "$(scale_tsv 8 < "$work/b-own.tsv")" \
  "$(profile_tsv "$(profile_file "$prof" shared-b)")"
same "program b's own profile: runs = 8" 8 \
  "$(profile_runs "$(profile_file "$prof" shared-b)")"
finish
