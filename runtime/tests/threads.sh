#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Threads: 8 threads run the same two paths of step (and the hot loop
# path of worker) at the same time, 1000000 times each.  Compiled with
# update=atomic (each thread its own copy of the counters, per-thread) or
# update=locked (a locked add per count), the counts are exactly 8 x a
# one-thread run's, with dense counters, with the runtime's hash table
# (max-array=1 max-mapped=0) and with counters the runtime maps
# (max-array=1; update=atomic keeps the threads' own tables there).  Then threadlife.c, with both exact modes: dumps while
# threads count, threads still alive at exit, 10000 short-lived threads
# (exact, and the resident memory does not grow with them: a leaked copy
# of the counters of threadlife's wide function is 16 KB), fork while
# threads count.
# Compiled with update=single (GCC's default), increments race: the loss
# is measured and printed (a "note:" line), never asserted, as it depends
# on the machine and its load (doc/runtime.md, "Threads").
. "$(dirname "$0")/lib.shinc"

iterations=1000000
for mode in atomic locked single; do
  for storage in dense hashed mapped; do
    name=$mode-$storage
    # update=atomic keeps each thread's own tables: no mapped counters.
    [ "$mode-$storage" = atomic-mapped ] && continue
    extra=
    [ "$storage" = hashed ] && extra="-fplugin-arg-pathprof-max-array=1 -fplugin-arg-pathprof-max-mapped=0"
    [ "$storage" = mapped ] && extra=-fplugin-arg-pathprof-max-array=1
    if ! cc_plugin "$work/p-$name" -fplugin-arg-pathprof-update=$mode $extra \
         "$inst/threads.c" -o "$work/threads-$name" \
         "$PATHPROF_BUILD/libpathprof.a" -lpthread; then
      fail "build threads ($name)" "no errors" "$(cat "$work/cc.log")"
      continue
    fi
    PATHPROF_PREFIX=$work/one-$name "$work/threads-$name" 1 $iterations
    "$work/threads-$name" 8 $iterations
    rc=$?
    same "$name: 8 threads exit 0" 0 "$rc"
    one=$(profile_tsv "$work/one-$name" -f step -f worker)
    eight=$(profile_tsv "$work/p-$name" -f step -f worker)
    expected=$(printf '%s\n' "$one" | scale_tsv 8)
    if [ "$mode" != single ]; then
      same "$name: 8 threads count exactly 8 x one thread's paths" \
        "$expected" "$eight"
    else
      [ -n "$eight" ] && pass "$name: 8 threads write a profile" \
        || fail "$name: 8 threads write a profile" "path counts" "nothing"
      want=$(printf '%s\n' "$expected" | awk '{ s += $3 } END { print s }')
      got=$(printf '%s\n' "$eight" | awk '{ s += $3 } END { print s + 0 }')
      echo "note: update=single, $storage counters, 8 threads:" \
        "$got of $want path ends counted ($(awk -v w="$want" -v g="$got" \
        'BEGIN { printf "%.1f", 100 * (w - g) / w }')% lost)"
    fi
  done
done

# threadlife CASE ARG...: the last line "step E O" the program prints
# must be step's two path counts in the profile.
for mode in atomic locked; do
  for storage in dense hashed mapped; do
    name=$mode-$storage
    # update=atomic keeps each thread's own tables: no mapped counters.
    [ "$mode-$storage" = atomic-mapped ] && continue
    extra=
    [ "$storage" = hashed ] && extra="-fplugin-arg-pathprof-max-array=1 -fplugin-arg-pathprof-max-mapped=0"
    [ "$storage" = mapped ] && extra=-fplugin-arg-pathprof-max-array=1
    if ! cc_plugin "$work/life-build" -fplugin-arg-pathprof-update=$mode \
         $extra -I"$src/runtime" "$inst/threadlife.c" \
         -o "$work/threadlife-$name" "$PATHPROF_BUILD/libpathprof.a" \
         -lpthread; then
      fail "build threadlife ($name)" "no errors" "$(cat "$work/cc.log")"
      continue
    fi
    for case in "dump 4 400000 20" "running 4 400000" "many 10000" \
                "fork 4 400000"; do
      label="$name: threadlife $case"
      pdir=$work/life-$name-$(echo "$case" | tr ' ' _)
      out=$(PATHPROF_PREFIX=$pdir "$work/threadlife-$name" $case)
      rc=$?
      same "$label: exit 0" 0 "$rc"
      want=$(printf '%s\n' "$out" | sed -n 's/^step //p')
      got=$(profile_tsv "$pdir" -f step | awk '{ printf "%s%s", s, $3; s = " " }')
      same "$label: step's counts exact" "$want" "$got"
      memory=$(printf '%s\n' "$out" | sed -n 's/^memory //p')
      if [ -n "$memory" ]; then
        grown=$(echo "$memory" | awk '{ print $2 - $1 }')
        [ "$grown" -lt 8388608 ] \
          && pass "$label: resident memory after 100 threads and after all: $memory" \
          || fail "$label: resident memory grows by less than 8 MB after 100 threads" \
               "less" "$memory"
      fi
    done
  done
done

# First calls of instrumented functions while the runtime writes
# (sigfirst.c): the program's own write(2), called by the runtime while
# it holds its mutex, and a signal handler raised from there.  Each
# takes that mutex on its first call with update=per-thread; neither may
# wait for it forever (SIGKILL after 30 s: exit status 137; SIGTERM would
# wait, the runtime blocks signals while it holds the mutex).
if cc_plugin "$work/sigfirst-build" -fplugin-arg-pathprof-update=atomic \
     -I"$src/runtime" "$inst/sigfirst.c" -o "$work/sigfirst" \
     -Wl,--wrap=write "$PATHPROF_BUILD/libpathprof.a" -lpthread; then
  out=$(PATHPROF_PREFIX=$work/sigfirst-prof/ timeout -s KILL 30 "$work/sigfirst")
  rc=$?
  same "sigfirst: first calls during a write: exit 0 (137: deadlock)" 0 "$rc"
  same "sigfirst: the handler ran once, after the write" "handled 1
done" "$out"
  got=$(profile_sum "$work/sigfirst-prof" -f handler_work)
  same "sigfirst: handler_work's 11 paths counted" 11 "$got"
  got=$(profile_sum "$work/sigfirst-prof" -f __wrap_write)
  [ "$got" -ge 2 ] \
    && pass "sigfirst: the interposed write counted its $got calls" \
    || fail "sigfirst: the interposed write counted" "2 calls or more" "$got"
else
  fail "build sigfirst" "no errors" "$(cat "$work/cc.log")"
fi
finish
