/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading one .pathprof file that a running program may be rewriting.

   The runtime rewrites NAME.pathprof in place under an exclusive fcntl
   lock on the file, after saving its old content to
   NAME.pathprof.journal (format/ppjournal.h; doc/runtime.md, "Merging,
   locking and crashes").  A writer killed mid-write leaves the profile
   torn and the journal complete, until the next writer puts the
   journal's content back.  A reader must see what that next writer
   will see, and never change a file:

   1. open NAME.pathprof read-only and take a shared fcntl lock on it
      (F_RDLCK), polling F_SETLK for at most REPORT_LOCK_WAIT_MS: a writer
      holds the lock for one read, merge and rewrite, milliseconds, but
      a stopped or traced one holds it for as long as it is stopped, and
      a reader must not hang on it.  Once locked, check that the file
      is still the one named (a writer may have moved it aside to .bad
      or .stale meanwhile), else start again;
   2. with the lock, no write is in flight: a complete journal means the
      last write was interrupted, and its content is the last complete
      profile, read instead of the torn one; an incomplete journal means
      the writer died before it touched the profile, which is read;
   3. without the lock (the wait ran out, or the file system cannot
      lock): read the profile, then the journal.  A complete journal
      holds a complete profile whatever the writer is doing (it exists
      before the profile is touched and until the new content is whole),
      so it is read; otherwise the profile is, if it decodes; if it does
      not, a write may have run between the two reads: try again, a few
      times, before calling it damaged.

   The lock is released when the descriptor is closed: every read of
   the profile goes through that one descriptor, since closing any other
   descriptor of the file would release it too (POSIX record locks are
   per process).  */

#ifndef PATHPROF_REPORT_READ_PROFILE_H
#define PATHPROF_REPORT_READ_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ppformat.h"
#include "ppjournal.h"

/* How long a reader waits for a writer's lock, in milliseconds.  */
#define REPORT_LOCK_WAIT_MS 2000
#define REPORT_LOCK_WAIT_TEXT "2 s"

/* How report_read_profile read a file.  */
typedef struct report_read_how
{
  bool locked;         /* under a shared lock */
  bool lock_busy;      /* not: a writer held the lock past the wait */
  bool from_journal;   /* the journal's copy was read, not the profile */
  bool from_tail;      /* the same from the journal at the profile's end
			  (ppjournal.h, "tail journal") */
} report_read_how;

/* Read PATH into *OUT as described above; *HOW says how.  Returns as
   ppf_read does: PPF_OK; PPF_ENOENT quietly when PATH does not exist;
   otherwise PPF_EIO, PPF_EBAD or PPF_ENOMEM with a message in ERR that
   does not name PATH.  */
int report_read_profile (const char *path, ppf_file *out, report_read_how *how,
			 char *err, size_t errlen);
/* The same, where a meta that is byte for byte KNOWN[I].meta at function
   I is not decoded again (ppf_decode_known): for readers of many files
   of one build.  */
int report_read_profile_known (const char *path, const ppf_known *known,
			       uint32_t num_known, ppf_file *out,
			       report_read_how *how, char *err, size_t errlen);

#endif /* PATHPROF_REPORT_READ_PROFILE_H */
