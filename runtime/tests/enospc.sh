#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# A full disk while the profile is written.  An LD_PRELOAD shim makes
# write() fail with ENOSPC, as a full disk would: with ENOSPC_ON=journal
# on NAME.pathprof.journal; with ENOSPC_ON=profile on NAME.pathprof past
# its current end (overwriting bytes the file has succeeds, growing it
# does not), which is where a run of the same build journals the counts
# it replaces (doc/runtime.md); with ENOSPC_ON=rewrite on the first
# write into NAME.pathprof's bytes, after half of them, so that the
# counts are left half rewritten.  Expected each time: one message
# naming the file and the reason, the previous profile untouched (same
# bytes, same inode), nothing else left in the directory (no journal),
# the program's output and exit status its own; the next run (disk no
# longer full) merges normally.  First with the hand-built unit of
# programs/unitprog.c, then a first write (no profile yet: journalled in
# NAME.pathprof.journal), then with a real instrumented program
# (instrumented/badprog.c), whose destructor must not repeat the exit
# handler's failed attempt (one message, not two).
. "$(dirname "$0")/lib.shinc"

cat > "$work/enospc.c" <<'SHIM'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether NAME ends with SUFFIX.  */
static int
ends_with (const char *name, const char *suffix)
{
  size_t a = strlen (name), b = strlen (suffix);

  return a >= b && strcmp (name + a - b, suffix) == 0;
}

/* write() fails with ENOSPC on *.pathprof.journal files (ENOSPC_ON=
   journal), past the end of *.pathprof files (ENOSPC_ON=profile), or
   halfway through the first write into a *.pathprof file's bytes
   (ENOSPC_ON=rewrite: half of it written, then ENOSPC once).  */
ssize_t
write (int fd, const void *buf, size_t n)
{
  static ssize_t (*real_write) (int, const void *, size_t);
  const char *on = getenv ("ENOSPC_ON");
  char link[64], name[4096];
  ssize_t len;

  if (!real_write)
    real_write = (ssize_t (*) (int, const void *, size_t))
      dlsym (RTLD_NEXT, "write");
  snprintf (link, sizeof link, "/proc/self/fd/%d", fd);
  len = readlink (link, name, sizeof name - 1);
  if (on && len > 0)
    {
      name[len] = 0;
      if (!strcmp (on, "journal") && ends_with (name, ".pathprof.journal"))
	{
	  errno = ENOSPC;
	  return -1;
	}
      if (!strcmp (on, "profile") && ends_with (name, ".pathprof"))
	{
	  struct stat st;
	  off_t at = lseek (fd, 0, SEEK_CUR);

	  if (fstat (fd, &st) == 0 && at >= 0 && at + (off_t) n > st.st_size)
	    {
	      if (at >= st.st_size)
		{
		  errno = ENOSPC;
		  return -1;
		}
	      n = (size_t) (st.st_size - at);
	    }
	}
      if (!strcmp (on, "rewrite") && ends_with (name, ".pathprof"))
	{
	  static int step;
	  struct stat st;
	  off_t at = lseek (fd, 0, SEEK_CUR);

	  if (step < 2 && fstat (fd, &st) == 0 && at >= 0 && at < st.st_size)
	    {
	      if (step++ == 1 || n < 2)
		{
		  step = 2;
		  errno = ENOSPC;
		  return -1;
		}
	      n /= 2;
	    }
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

# inode FILE: its inode number.
inode () {
  ls -i "$1" | awk '{ print $1 }'
}

prof=$work/out/u.pathprof
"$work/unitprog" "$prof" 5 > /dev/null 2>&1
cp "$prof" "$work/saved.pathprof"
ino=$(inode "$prof")

# full_disk WHERE EXTRA MESSAGE: a run that adds 7 to loop path 1 (and
# big path EXTRA if not empty) with the disk full at WHERE; MESSAGE is
# the one line expected on stderr.
full_disk () {
  ENOSPC_ON=$1 LD_PRELOAD=$work/enospc.so "$work/unitprog" "$prof" 7 $2 \
    > "$work/stdout" 2> "$work/stderr"
  rc=$?
  same "full disk ($1): exit status and output unchanged" "3 hello" \
    "$rc $(cat "$work/stdout")"
  same "full disk ($1): one message naming the file and the reason" \
    "$3" "$(cat "$work/stderr")"
  cmp -s "$prof" "$work/saved.pathprof" \
    && pass "full disk ($1): previous profile untouched" \
    || fail "full disk ($1): previous profile untouched" "identical bytes" \
	 "a change"
  same "full disk ($1): same inode" "$ino" "$(inode "$prof")"
  same "full disk ($1): nothing else left in the directory" u.pathprof \
    "$(ls -A "$work/out" | tr '\n' ' ' | sed 's/ $//')"
}
full_disk profile "" \
  "pathprof: $prof: cannot write its journal: No space left on device; profile not written"
full_disk rewrite 12 \
  "pathprof: $prof: cannot write: No space left on device; profile not written"

# next_run WHAT FILE ADD EXPECTED: a run (disk no longer full) that adds
# ADD to loop path 1 of FILE; its profile must then read EXPECTED.
next_run () {
  "$work/unitprog" "$2" "$3" > /dev/null 2>&1
  same "$1" "$4" "$("$work/profinfo" "$2" | tr '\n' ' ')"
}

next_run "after the full disk, the next run merges (runs 2, loop path 1 = 16, big path 10 = 2)" \
  "$prof" 11 "runs 2 0 1 16 1 10 2 "
same "after the full disk: same inode" "$ino" "$(inode "$prof")"

# A first write (no profile yet), its journal in NAME.pathprof.journal:
# nothing left, and the next run writes the profile.
first=$work/first/u.pathprof
mkdir -p "$work/first"
ENOSPC_ON=journal LD_PRELOAD=$work/enospc.so "$work/unitprog" "$first" 7 \
  > "$work/stdout" 2> "$work/stderr"
same "first write, full disk: output and exit status unchanged" "3 hello" \
  "$? $(cat "$work/stdout")"
same "first write, full disk: one message naming the file and the reason" \
  "pathprof: $first: cannot write $first.journal: No space left on device; profile not written" \
  "$(cat "$work/stderr")"
same "first write, full disk: nothing left in the directory" "" \
  "$(ls -A "$work/first" | tr '\n' ' ' | sed 's/ $//')"
next_run "first write, after the full disk: the next run writes (runs 1, loop path 1 = 7, big path 10 = 1)" \
  "$first" 7 "runs 1 0 1 7 1 10 1 "

# The same with a real instrumented program.
"$work/badprog" > /dev/null 2>&1
real=$(profile_file "$work/prof" badprog)
cp "$real" "$work/saved-real.pathprof"
ENOSPC_ON=profile LD_PRELOAD=$work/enospc.so "$work/badprog" \
  > "$work/stdout" 2> "$work/stderr"
same "real program, full disk: output and exit status unchanged" \
  "3 hello 1" "$? $(cat "$work/stdout")"
same "real program, full disk: one message naming the file and the reason" \
  "pathprof: $real: cannot write its journal: No space left on device; profile not written" \
  "$(cat "$work/stderr")"
cmp -s "$real" "$work/saved-real.pathprof" \
  && pass "real program, full disk: previous profile untouched" \
  || fail "real program, full disk: previous profile untouched" \
       "identical bytes" "a change"
same "real program, full disk: no journal left" 0 \
  "$(ls -A "$work/prof" | grep -c '\.journal')"
"$work/badprog" > /dev/null 2>&1
same "real program, after the full disk: the next run merges" 2 \
  "$(profile_runs "$real")"
finish
