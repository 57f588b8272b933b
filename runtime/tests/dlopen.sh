#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared libraries: an instrumented module loaded with dlopen registers
# with the program's runtime (both linked with libpathprof.so), and
# pathprof_dump and pathprof_reset called from the main program cover
# it.  instrumented/dlmain.c snapshots the profiles after each step:
#   a. 5 + 2 calls, pathprof_dump: the module's file has 5 and 2, and
#      the main program's profile is written too;
#   b. 7 + 7 calls, pathprof_reset, 3 + 1 calls, pathprof_dump: 8 and 3
#      (the reset counts are gone, nothing written twice);
#   c. 4 + 0 calls, dlclose: 12 and 3, written at the unload;
# and at exit the module's file stays 12 and 3, with runs = 1 in both
# files (a dump followed by more work counts one run).
# All of it with update=single, with update=per-thread (dlmain's
# thread's own copies: forgotten at the reset, written and released at
# dlclose), and with update=per-thread in hashed functions (max-array=1:
# the thread's own slot caches and tables), and with update=single in
# counters the runtime maps (max-array=1: unmapped at dlclose).  Then instrumented/dlsignal.c, a program without pathprof that loads
# the module (and so the runtime) with PATHPROF_DUMP_SIGNAL set, unloads
# it and raises the signal: it must live on (the runtime pinned itself),
# and the module's profile was written at dlclose.  And
# instrumented/dlthread.c, the same without pathprof, loading the
# per-thread module: a thread counts in it, the module (and the runtime)
# is unloaded, then the thread exits: no call into the unloaded runtime.
. "$(dirname "$0")/lib.shinc"

for variant in single single-mapped per-thread per-thread-hashed; do
  update=$variant
  extra=
  if [ "$variant" = per-thread-hashed ]; then
    update=per-thread
    extra=-fplugin-arg-pathprof-max-array=1
  elif [ "$variant" = single-mapped ]; then
    update=single
    extra=-fplugin-arg-pathprof-max-array=1
  fi
  prof=$work/prof-$variant
  snap=$work/snap-$variant
  if ! build_program profinfo "$PATHPROF_BUILD/libpathprof.a" \
     || ! $CC -O2 -c "$inst/snapshot.c" -o "$work/snapshot.o" \
       2>> "$work/cc.log" \
     || ! cc_plugin "$prof" -fPIC -shared "$inst/dlmod.c" \
       -o "$work/dlmod-$variant.so" -fplugin-arg-pathprof-update=$update $extra \
       -L"$PATHPROF_BUILD" -lpathprof -Wl,-rpath,"$PATHPROF_BUILD" \
     || ! $CC -O2 "$inst/dlsignal.c" -o "$work/dlsignal" 2>> "$work/cc.log" \
     || ! cc_plugin "$prof" -I"$src/runtime" "$inst/dlmain.c" \
       -fplugin-arg-pathprof-update=$update $extra \
       "$work/snapshot.o" -o "$work/dlmain" -L"$PATHPROF_BUILD" -lpathprof \
       -Wl,-rpath,"$PATHPROF_BUILD" -ldl; then
    fail "$variant: build the test programs" "no errors" "$(cat "$work/cc.log")"
    finish
  fi

  "$work/dlmain" "$work/dlmod-$variant.so" "$prof" "$snap" > "$work/out" 2>&1
  same "$variant: dlmain exits 0, no message" "0 " "$? $(cat "$work/out")"

  # The module's counts at STEP as "ONES ZEROS" (the path of mod_leaf (1)
  # is the one with 5 at step a).
  module_counts () {
    tsv=$(profile_tsv "$(profile_file "$1" dlmod)")
    one=$(printf '%s\n' "$tsv" | awk -v id="$id1" '$2 == id { print $3 }')
    zero=$(printf '%s\n' "$tsv" | awk -v id="$id1" '$2 != id { print $3 }')
    echo "${one:-0} ${zero:-0}"
  }

  id1=$(profile_tsv "$(profile_file "$snap/a" dlmod)" \
    | awk '$3 == 5 { print $2 }')
  same "$variant: a: pathprof_dump from the main program writes the module" "5 2" \
    "$(module_counts "$snap/a")"
  [ -n "$(profile_file "$snap/a" dlmain)" ] \
    && pass "$variant: a: and the main program's profile" \
    || fail "$variant: a: and the main program's profile" "a dlmain profile" \
         "$(ls "$snap/a")"
  same "$variant: b: pathprof_reset from the main program zeroes the module" "8 3" \
    "$(module_counts "$snap/b")"
  same "$variant: c: dlclose writes what was counted since the dump" "12 3" \
    "$(module_counts "$snap/c")"
  same "$variant: exit: the module's file unchanged, nothing counted twice" "12 3" \
    "$(module_counts "$prof")"
  same "$variant: the module's file: runs = 1" 1 \
    "$(profile_runs "$(profile_file "$prof" dlmod)")"
  same "$variant: the main program's file: runs = 1" 1 \
    "$(profile_runs "$(profile_file "$prof" dlmain)")"
done

PATHPROF_PREFIX=$work/sig PATHPROF_DUMP_SIGNAL=USR1 "$work/dlsignal" \
  "$work/dlmod-single.so" > "$work/out" 2>&1
same "a dump signal after the runtime's module is unloaded: no crash" \
  "0 alive" "$? $(cat "$work/out")"
same "that module's profile was written at dlclose" "1 0" \
  "$(module_counts "$work/sig")"
if ! $CC -O2 "$inst/dlthread.c" -o "$work/dlthread" -lpthread -ldl \
     2>> "$work/cc.log"; then
  fail "build dlthread" "no errors" "$(cat "$work/cc.log")"
  finish
fi
for variant in per-thread per-thread-hashed; do
  PATHPROF_PREFIX=$work/thr-$variant "$work/dlthread" \
    "$work/dlmod-$variant.so" > "$work/out" 2>&1
  same "$variant: a thread that counted exits after the runtime is unloaded: no crash" \
    "0 alive" "$? $(cat "$work/out")"
  same "$variant: its count was written at dlclose" "1 0" \
    "$(module_counts "$work/thr-$variant")"
done
finish
