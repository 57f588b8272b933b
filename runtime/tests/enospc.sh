#!/bin/sh
# A full disk while the profile is written: an LD_PRELOAD shim makes
# write() fail with ENOSPC on NAME.pathprof.tmp.* files.  Expected: one
# message naming the file and the reason, the previous profile untouched,
# no temporary file left, the program's output and exit status its own;
# the next run (disk no longer full) merges normally.  First with the
# hand-built unit of programs/unitprog.c, then with a real instrumented
# program (instrumented/badprog.c), whose destructor must not repeat the
# exit handler's failed attempt (one message, not two).
. "$(dirname "$0")/lib.shinc"

cat > "$work/enospc.c" <<'SHIM'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* write() fails with ENOSPC on *.pathprof.tmp.* files.  */
ssize_t
write (int fd, const void *buf, size_t n)
{
  static ssize_t (*real_write) (int, const void *, size_t);
  char link[64], name[4096];
  ssize_t len;

  if (!real_write)
    real_write = (ssize_t (*) (int, const void *, size_t))
      dlsym (RTLD_NEXT, "write");
  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  len = readlink (link, name, sizeof name - 1);
  if (len > 0)
    {
      name[len] = 0;
      if (strstr (name, ".pathprof.tmp."))
	{
	  errno = ENOSPC;
	  return -1;
	}
    }
  return real_write (fd, buf, n);
}
SHIM

if ! $CC -shared -fPIC -o "$work/enospc.so" "$work/enospc.c" -ldl \
     2> "$work/cc.log" \
   || ! build_program unitprog "$PATHPROF_BUILD/libpathprof.a" -lpthread \
   || ! build_program profinfo "$PATHPROF_BUILD/libpathprof.a" \
   || ! cc_plugin "$work/prof" "$inst/badprog.c" -o "$work/badprog" \
     "$PATHPROF_BUILD/libpathprof.a" -lpthread; then
  fail "build the test programs" "no errors" "$(cat "$work/cc.log")"
  finish
fi

prof=$work/out/u.pathprof
"$work/unitprog" "$prof" 5 > /dev/null 2>&1
cp "$prof" "$work/saved.pathprof"

LD_PRELOAD=$work/enospc.so "$work/unitprog" "$prof" 7 \
  > "$work/stdout" 2> "$work/stderr"
rc=$?
[ "$rc" -eq 3 ] && pass "full disk: exit status unchanged" \
  || fail "full disk: exit status unchanged" 3 "$rc"
[ "$(cat "$work/stdout")" = hello ] && pass "full disk: output unchanged" \
  || fail "full disk: output unchanged" hello "$(cat "$work/stdout")"
msg=$(cat "$work/stderr")
case $msg in
  "pathprof: $prof: cannot write $prof.tmp."*": No space left on device; profile not written")
    pass "full disk: one message naming the file and the reason" ;;
  *) fail "full disk: one message naming the file and the reason" \
       "pathprof: $prof: cannot write $prof.tmp.PID: No space left on device; profile not written" \
       "$msg" ;;
esac
[ "$(printf '%s\n' "$msg" | wc -l)" -eq 1 ] && pass "full disk: exactly one line" \
  || fail "full disk: exactly one line" 1 "$(printf '%s\n' "$msg" | wc -l)"
cmp -s "$prof" "$work/saved.pathprof" \
  && pass "full disk: previous profile untouched" \
  || fail "full disk: previous profile untouched" "identical bytes" "a change"
left=$(ls -a "$work/out" | grep -c '\.tmp\.')
[ "$left" -eq 0 ] && pass "full disk: temporary file removed" \
  || fail "full disk: temporary file removed" 0 "$left"

"$work/unitprog" "$prof" 11 > /dev/null 2>&1
info=$("$work/profinfo" "$prof" | tr '\n' ' ')
[ "$info" = "runs 2 0 1 16 1 10 2 " ] \
  && pass "after the full disk, the next run merges" \
  || fail "after the full disk, the next run merges" \
       "runs 2, loop path 1 = 16, big path 10 = 2" "$info"

# The same with a real instrumented program.
"$work/badprog" > /dev/null 2>&1
real=$(profile_file "$work/prof" badprog)
cp "$real" "$work/saved-real.pathprof"
LD_PRELOAD=$work/enospc.so "$work/badprog" > "$work/stdout" 2> "$work/stderr"
same "real program, full disk: output and exit status unchanged" \
  "3 hello 1" "$? $(cat "$work/stdout")"
msg=$(cat "$work/stderr")
case $msg in
  *"
"*) fail "real program, full disk: one message" "one line" "$msg" ;;
  "pathprof: $real: cannot write $real.tmp."*": No space left on device; profile not written")
    pass "real program, full disk: one message naming the file and the reason" ;;
  *) fail "real program, full disk: one message naming the file and the reason" \
       "pathprof: $real: cannot write $real.tmp.PID: No space left on device; profile not written" \
       "$msg" ;;
esac
cmp -s "$real" "$work/saved-real.pathprof" \
  && pass "real program, full disk: previous profile untouched" \
  || fail "real program, full disk: previous profile untouched" \
       "identical bytes" "a change"
same "real program, full disk: temporary file removed" 0 \
  "$(ls -a "$work/prof" | grep -c '\.tmp\.')"
"$work/badprog" > /dev/null 2>&1
same "real program, after the full disk: the next run merges" 2 \
  "$(profile_runs "$real")"
finish
