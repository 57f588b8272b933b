#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# libpathprof.so: it exports only the __pathprof_* entry points (the
# exec wrappers included) and the pathprof_* user calls (the format module and the runtime's internals
# stay hidden), and a program linked against it writes its profile.
# libpathprof.so itself is a linker script (build-aux/link-files.sh); the
# library is libpathprof.so.0.
. "$(dirname "$0")/lib.shinc"
so=$PATHPROF_BUILD/libpathprof.so.0

exported=$(nm -D --defined-only "$so" | awk '{ print $3 }' | sort | tr '\n' ' ')
# Cut paths (runtime/cutpaths.c): the longjmp wrappers, the receivers'
# count, the frames' list and the setjmp note.
expected="__pathprof___longjmp_chk __pathprof__longjmp __pathprof_count_cut"
expected="$expected __pathprof_count_hashed __pathprof_count_hashed_atomic"
expected="$expected __pathprof_count_hashed_thread __pathprof_count_hashed_timed"
expected="$expected __pathprof_count_hashed_timed_atomic"
expected="$expected __pathprof_countdown"
expected="$expected __pathprof_execl __pathprof_execle __pathprof_execlp"
expected="$expected __pathprof_execv __pathprof_execve __pathprof_execvp"
expected="$expected __pathprof_execvpe __pathprof_frames __pathprof_longjmp"
expected="$expected __pathprof_note_setjmp __pathprof_now_ns __pathprof_posix_spawn"
expected="$expected __pathprof_posix_spawnp __pathprof_register"
expected="$expected __pathprof_sample"
expected="$expected __pathprof_siglongjmp"
expected="$expected __pathprof_system __pathprof_thread_counters"
# update=per-thread's register-preserving stub (runtime/threadstub.c).
[ "$(uname -m)" = x86_64 ] \
  && expected="$expected __pathprof_thread_counters_x86_64"
expected="$expected __pathprof_uncount_hashed"
expected="$expected __pathprof_uncount_hashed_atomic"
expected="$expected __pathprof_uncount_hashed_thread __pathprof_unregister"
expected="$expected pathprof_dump"
expected="$expected pathprof_reset "
[ "$exported" = "$expected" ] && pass "libpathprof.so exports only the API" \
  || fail "libpathprof.so exports only the API" "$expected" "$exported"

undefined=$(nm -D --undefined-only "$so" | awk '{ print $2 }' \
  | grep -v -E '^(_ITM|__gmon|__cxa_finalize|_Jv)' \
  | sed 's/@.*//' | sort -u | tr '\n' ' ')
case $undefined in
  *ppf_*|*pp_rt_*) fail "libpathprof.so needs only libc" "libc symbols" \
    "$undefined" ;;
  *) pass "libpathprof.so needs only libc" ;;
esac

# The program builds its metas with its own copy of the format module.
if ! build_program unitprog "$src/format/ppio.c" "$src/format/ppmeta.c" \
     "$src/format/ppformat.c" "$src/format/ppfile.c" -L"$PATHPROF_BUILD" \
     -lpathprof -lpthread; then
  fail "link a program against libpathprof.so" "no errors" "$(cat "$work/cc.log")"
  finish
fi
LD_LIBRARY_PATH=$PATHPROF_BUILD "$work/unitprog" "$work/u.pathprof" 4 \
  > "$work/stdout" 2> "$work/stderr"
rc=$?
[ "$rc" -eq 3 ] && [ "$(cat "$work/stdout")" = hello ] \
  && [ ! -s "$work/stderr" ] \
  && pass "a program using libpathprof.so runs as itself" \
  || fail "a program using libpathprof.so runs as itself" \
       "exit 3, hello, no message" "exit $rc, $(cat "$work/stdout" "$work/stderr")"
ldd "$work/unitprog" | grep -q 'libpathprof\.so' \
  && pass "the program really uses libpathprof.so" \
  || fail "the program really uses libpathprof.so" "libpathprof.so in ldd" \
       "$(ldd "$work/unitprog" | tr '\n' ' ')"
[ -f "$work/u.pathprof" ] && pass "libpathprof.so writes the profile" \
  || fail "libpathprof.so writes the profile" "$work/u.pathprof" "no file"
finish
