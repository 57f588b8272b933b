#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Long-running programs (instrumented/server.c, which loops until a file
# appears, then exits normally and prints how many ticks it made):
#
# - PATHPROF_DUMP_SIGNAL=USR1: a USR1 makes the profile appear with
#   counts while the server runs on; a second adds what was counted
#   since; a burst of five changes nothing; after a clean stop the total
#   of tick's paths is exactly the ticks made (nothing counted twice
#   across the signal dumps and the exit), runs = 1, no message;
# - other spellings (sigusr2, 10) work the same way; a bad value (BOGUS,
#   SEGV) gives one message and changes nothing else;
# - after fork, the child answers the signal on its own (a thread of its
#   own), the parent too: runs = 2, totals exact;
# - PATHPROF_DUMP_ON_TERM=1: SIGTERM writes the profile and still kills
#   the process (status 143); SIGINT likewise (130), started with its
#   default action (programs/launch.c -x); a SIGINT that the shell made
#   the server ignore stays ignored; without the variable SIGTERM writes
#   nothing (status 143), as with gcov;
# - a server that counts without pause, a count kept in a register
#   across a loop (store motion): after USR1 dumps while it counts and a
#   clean stop, its counts are exact (a dump from the dump thread must
#   not subtract from counters the program stores to).
# Every wait polls (10 ms) with a timeout; nothing depends on timing.
. "$(dirname "$0")/lib.shinc"

prof=$work/prof
lib="$PATHPROF_BUILD/libpathprof.a"
if ! build_program launch || ! build_program profinfo "$lib" \
   || ! cc_plugin "$prof" "$inst/server.c" -o "$work/server" "$lib" \
     -lpthread \
   || ! cc_plugin "$prof" "$inst/merge.c" -o "$work/merge" "$lib" \
     -lpthread; then
  fail "build the test programs" "no errors" "$(cat "$work/cc.log")"
  finish
fi
unset PATHPROF_DUMP_SIGNAL PATHPROF_DUMP_ON_TERM PATHPROF_PREFIX

# start [-l] [-f] [-b] NAME [VAR=VALUE...]: start the server in the
# background with those variables, profiles under $work/NAME; -l: through
# launch -x, which restores SIGINT's default action; -f: with its fork
# argument; -b: with its busy argument.
# Sets $pid, $ready and $stop, and waits until it is ready.
start () {
  launcher= fork=
  while :; do
    case $1 in
      -l) launcher=$work/launch; shift ;;
      -f) fork=fork; shift ;;
      -b) fork=busy; shift ;;
      *) break ;;
    esac
  done
  name=$1; shift
  rm -rf "$work/$name"
  ready=$work/$name.ready stop=$work/$name.stop
  env PATHPROF_PREFIX="$work/$name" "$@" ${launcher:+"$launcher" -x} \
    "$work/server" "$ready" "$stop" $fork \
    > "$work/$name.out" 2> "$work/$name.err" &
  pid=$!
  wait_until 10 test -e "$ready" \
    || fail "$name: the server starts" "$ready" "nothing after 10 s"
}

# stop_server: ask the server to stop; $status is its exit status.
stop_server () {
  touch "$stop"
  wait "$pid" 2> /dev/null
  status=$?
}

# tick_sum NAME: the total of tick's path counts in NAME's profile.
tick_sum () {
  profile_sum "$work/$1" -f tick
}
tick_sum_above () {
  [ "$(tick_sum "$1")" -gt "$2" ]
}
runs_are () {
  [ "$(profile_runs "$(profile_file "$work/$1" server)")" = "$2" ]
}

# check_clean_stop NAME RUNS: stop; exit 0, no message, tick's counts add
# up to the ticks printed, RUNS runs.
check_clean_stop () {
  stop_server
  same "$1: a clean stop exits 0, no message" "0 " \
    "$status $(cat "$work/$1.err")"
  same "$1: tick's counts add up to the ticks made, nothing twice" \
    "$(awk '{ s += $2 } END { print s + 0 }' "$work/$1.out")" \
    "$(tick_sum "$1")"
  same "$1: runs = $2" "$2" \
    "$(profile_runs "$(profile_file "$work/$1" server)")"
}

# USR1, the full story.
start usr1 PATHPROF_DUMP_SIGNAL=USR1
kill -USR1 "$pid"
wait_until 10 tick_sum_above usr1 0 \
  && pass "USR1: the profile appears with counts" \
  || fail "USR1: the profile appears with counts" "ticks > 0" \
       "$(tick_sum usr1)"
kill -0 "$pid" 2> /dev/null && pass "USR1: the server still runs" \
  || fail "USR1: the server still runs" "a live process" "it ended"
first=$(tick_sum usr1)
kill -USR1 "$pid"
wait_until 10 tick_sum_above usr1 "$first" \
  && pass "USR1 again: adds what was counted since" \
  || fail "USR1 again: adds what was counted since" "more than $first" \
       "$(tick_sum usr1)"
for i in 1 2 3 4 5; do kill -USR1 "$pid"; done
check_clean_stop usr1 1

# A busy server: dumps while it counts, then a clean stop.
busy_dumped () {
  [ -n "$(profile_tsv "$work/busy")" ]
}
# busy_sum FUNCTION: the total of FUNCTION's path counts, exactly.
busy_sum () {
  profile_tsv "$work/busy" -f "$1" | awk '{ s += $3 } END { printf "%.0f\n", s }'
}
start -b busy PATHPROF_DUMP_SIGNAL=USR1
kill -USR1 "$pid"
wait_until 10 busy_dumped \
  && pass "busy: USR1 dumps while the server counts" \
  || fail "busy: USR1 dumps while the server counts" "a profile" "none"
for i in 1 2 3 4 5; do
  kill -USR1 "$pid"
  sleep 0.05
done
stop_server
spins=$(sed -n 's/^spins //p' "$work/busy.out")
same "busy: a clean stop exits 0, no message" "0 " \
  "$status $(cat "$work/busy.err")"
same "busy: load8's count (kept in a register) is exact after the dumps" \
  "$((spins * 100000))" "$(busy_sum load8)"
same "busy: spin's paths are exact after the dumps" \
  "$((spins * 100001))" "$(busy_sum spin)"

# Other spellings.
for spelling in sigusr2:USR2 10:USR1; do
  value=${spelling%%:*} sig=${spelling#*:}
  start "$value" PATHPROF_DUMP_SIGNAL="$value"
  kill -"$sig" "$pid"
  wait_until 10 tick_sum_above "$value" 0 \
    && pass "PATHPROF_DUMP_SIGNAL=$value: SIG$sig dumps" \
    || fail "PATHPROF_DUMP_SIGNAL=$value: SIG$sig dumps" "ticks > 0" \
         "$(tick_sum "$value")"
  check_clean_stop "$value" 1
done

# Bad values: one message, the program unchanged.
expected_out=$("$work/merge" 50)
for value in BOGUS SEGV; do
  out=$(PATHPROF_PREFIX=$work/bad PATHPROF_DUMP_SIGNAL=$value "$work/merge" \
    50 2> "$work/bad.err")
  same "PATHPROF_DUMP_SIGNAL=$value: output and exit status unchanged" \
    "0 $expected_out" "$? $out"
  case $value in
    BOGUS) why="not a signal name or number (USR1, SIGUSR2, 10, RTMIN+1...)" ;;
    *) why="this signal cannot be used" ;;
  esac
  same "PATHPROF_DUMP_SIGNAL=$value: one message" \
    "pathprof: PATHPROF_DUMP_SIGNAL=$value: $why; no dump on signal" \
    "$(cat "$work/bad.err")"
done

# fork: each process answers for itself.
start -f fork PATHPROF_DUMP_SIGNAL=USR1
if wait_until 10 test -s "$ready.child"; then
  kill -USR1 "$(cat "$ready.child")"
  wait_until 10 runs_are fork 1 \
    && pass "fork: the child dumps on its own signal" \
    || fail "fork: the child dumps on its own signal" "runs 1" "no profile"
  kill -USR1 "$pid"
  wait_until 10 runs_are fork 2 \
    && pass "fork: the parent dumps on its own signal" \
    || fail "fork: the parent dumps on its own signal" "runs 2" \
         "$(profile_runs "$(profile_file "$work/fork" server)")"
else
  fail "fork: the child starts" "$ready.child" "nothing after 10 s"
fi
check_clean_stop fork 2

# PATHPROF_DUMP_ON_TERM.
start term PATHPROF_DUMP_ON_TERM=1
kill -TERM "$pid"
wait "$pid" 2> /dev/null
same "ON_TERM, SIGTERM: still killed by SIGTERM" 143 "$?"
[ "$(profile_sum "$work/term")" -gt 0 ] && runs_are term 1 \
  && pass "ON_TERM, SIGTERM: the profile is written, one run" \
  || fail "ON_TERM, SIGTERM: the profile is written, one run" \
       "counts > 0, runs 1" "$(profile_sum "$work/term") counts"

start -l int PATHPROF_DUMP_ON_TERM=1
kill -INT "$pid"
wait "$pid" 2> /dev/null
same "ON_TERM, SIGINT: still killed by SIGINT" 130 "$?"
[ "$(profile_sum "$work/int")" -gt 0 ] && runs_are int 1 \
  && pass "ON_TERM, SIGINT: the profile is written, one run" \
  || fail "ON_TERM, SIGINT: the profile is written, one run" \
       "counts > 0, runs 1" "$(profile_sum "$work/int") counts"

# The shell starts background jobs with SIGINT ignored: it must stay so.
# A USR1 sent after the INT is handled after it; had the INT been caught,
# the dump thread would end the process with it after that dump.
start ignored PATHPROF_DUMP_ON_TERM=1 PATHPROF_DUMP_SIGNAL=USR1
kill -INT "$pid"
kill -USR1 "$pid"
wait_until 10 runs_are ignored 1 \
  || fail "ON_TERM, ignored SIGINT: USR1 dumps" "runs 1" "no profile"
check_clean_stop ignored 1

start plain
kill -TERM "$pid"
wait "$pid" 2> /dev/null
same "no ON_TERM, SIGTERM: killed by SIGTERM" 143 "$?"
same "no ON_TERM, SIGTERM: nothing written, as with gcov" "" \
  "$(ls "$work/plain" 2> /dev/null)"
finish
