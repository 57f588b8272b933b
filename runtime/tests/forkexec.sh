#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# fork and exec with real instrumented programs.
#
# fork (instrumented/forking.c): a parent counts, forks (in an
# uninstrumented helper, or directly), and both go on counting, the
# program's own pthread_atfork handlers too.  After both exit, every count
# is exact (the child did not write the parent's counts before the fork
# again) and runs = 2.
#
# exec (instrumented/execing.c, whose exec calls the plugin redirects to
# libpathprof's wrappers, plugin/redirect.cc): a program counts, then replaces itself by a
# new image of itself through execve, execvp or execl, or runs one
# through system or posix_spawn, or becomes /bin/true: the counts before
# the call are in the file exactly once, with the new image's; a failed
# exec followed by more work and exit gives exact totals too.  The
# wrappers themselves, each of the ten, are tested in exec.c.
. "$(dirname "$0")/lib.shinc"

prof=$work/prof
lib="$PATHPROF_BUILD/libpathprof.a"
if ! build_program profinfo "$lib" \
   || ! $CC -O2 -c "$inst/forkhelper.c" -o "$work/forkhelper.o" \
     2>> "$work/cc.log" \
   || ! cc_plugin "$prof" "$inst/forking.c" "$work/forkhelper.o" \
     -o "$work/forking" "$lib" -lpthread \
   || ! cc_plugin "$prof" "$inst/execing.c" -o "$work/execing" "$lib" \
     -lpthread; then
  fail "build the test programs" "no errors" "$(cat "$work/cc.log")"
  finish
fi

# ref NAME ARG...: the leaf counts of one run of PROGRAM ARG..., alone.
ref () {
  name=$1; shift
  PATHPROF_PREFIX=$work/ref-$name "$@" > /dev/null
  profile_tsv "$work/ref-$name" -f leaf
}

expected=$(ref fork "$work/forking" ref)
[ -n "$expected" ] && pass "fork: the reference run writes a profile" \
  || fail "fork: the reference run writes a profile" "leaf counts" "nothing"
for how in helper direct; do
  PATHPROF_PREFIX=$work/$how "$work/forking" $how > "$work/out" 2>&1
  same "fork ($how): parent and child exit 0, no message" "0 " \
    "$? $(cat "$work/out")"
  same "fork ($how): every count exact after parent and child exit" \
    "$expected" "$(profile_tsv "$work/$how" -f leaf)"
  same "fork ($how): runs = 2" 2 \
    "$(profile_runs "$(profile_file "$work/$how" forking)")"
done

nm "$work/execing" | grep -q ' T __pathprof_execve$' \
  && pass "exec calls are redirected to libpathprof's wrappers" \
  || fail "exec calls are redirected to libpathprof's wrappers" \
       "__pathprof_execve linked in" "$(nm "$work/execing" | grep pathprof_exec)"

# check_exec MODE RUNS A B C: execing MODE exits 0, its leaf counts are
# those of "execing ref A B C", and its profile has RUNS runs.
check_exec () {
  mode=$1 runs=$2; shift 2
  want=$(ref "$mode" "$work/execing" ref "$@")
  PATHPROF_PREFIX=$work/$mode "$work/execing" "$mode" > "$work/out" 2>&1
  same "$mode: exits 0, no message" "0 " "$? $(cat "$work/out")"
  same "$mode: the counts before it once, and every later count" \
    "$want" "$(profile_tsv "$work/$mode" -f leaf)"
  same "$mode: runs = $runs" "$runs" \
    "$(profile_runs "$(profile_file "$work/$mode" execing)")"
}

for mode in execve execvp execl; do
  check_exec $mode 2 2 4 0
done
check_exec execl-true 1 0 4 0
for mode in system posix_spawn; do
  check_exec $mode 2 2 4 1
done
check_exec fail 1 0 4 1
finish
