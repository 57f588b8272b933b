/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Writing one unit's profile: lock, recover, read, merge, rewrite in
   place.

   For a unit whose profile is NAME.pathprof (after PATHPROF_PREFIX), as
   libgcov does with a .gcda, so that the program cannot tell it was
   profiled (same inode, same mode and owner, no other file left):

   1. take the counts from memory (snapshot.c);
   2. open NAME.pathprof read-write, creating it (and the directories
      above it) if missing, and wait for an exclusive fcntl lock on the
      file itself.  Once locked, check that the descriptor is still the
      file of that name: another process may have moved it aside or
      removed it while we waited; if so, start again;
   3. recover: if NAME.pathprof.journal exists, a write was interrupted.
      If the journal is complete (its own checksum), the profile may be
      torn: copy the journal's content back into it.  Otherwise the
      interrupted writer had not touched the profile yet.  Either way
      remove the journal;
   4. read NAME.pathprof.  Empty (just created): start afresh.  If it
      decodes and holds the same functions (same number, metas
      byte-identical in order: the same build), add our counts to it and
      count this process as one more run (once per process and file).  If
      it does not decode, rename it to NAME.pathprof.bad; if it is
      another build's profile, to NAME.pathprof.stale, keeping in memory
      the counts and runs of its functions of this build, to be added
      in 5 (one rule for "another build", per function, as
      pathprof-tool merge applies it); either way with one message,
      then start again at 2 with the name now free;
   5. write the old content (an empty profile included) to
      NAME.pathprof.journal, then the new content over NAME.pathprof from
      offset 0, truncate it to the new length, and remove the journal;
   6. only now, the new content in the file, subtract the counts taken
      in 1; then unlock.

   The journal exists only while a write is in flight, and holds the
   counts already in the file: a process that dies at any point of 5
   leaves either the old profile or the new one for the next writer,
   never half of each and never nothing (doc/runtime.md, "Merging,
   locking and crashes", goes through every point).

   Any failure (a directory in the way, no permission, a full disk...)
   gives one message naming the file and the reason, leaves NAME.pathprof
   with the counts it had and keeps ours in memory for a later attempt.
   The program's own output and exit status are never touched.

   There is no fsync: like gcov, we protect against a crashed or killed
   process, not against a power cut; an fsync per file at every exit
   would make short-lived programs pay dearly.

   All of this runs with pp_rt_mutex held, so one thread of a process
   writes at a time (fcntl locks do not exclude threads of one
   process).  */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runtime-internal.h"

/* ---------------------------------------------------------------- */
/* The test hook.                                                    */

/* The steps of a write at which runtime/tests/kill.c stops a writer:
   after the lock is taken, halfway through the journal, with the journal
   complete, halfway through the profile, with the profile written but
   the journal still there, with the journal removed (the lock still
   held), and halfway through a recovery.  */
enum write_step
{
  STEP_NONE,
  STEP_LOCKED,
  STEP_JOURNAL_HALF,
  STEP_JOURNALED,
  STEP_PROFILE_HALF,
  STEP_WRITTEN,
  STEP_COMMITTED,
  STEP_RESTORE_HALF
};

static const char *const step_names[] = {
  "", "locked", "journal-half", "journaled", "profile-half", "written",
  "committed", "restore-half"
};

/* For tests only, and documented as such in doc/runtime.md:
   PATHPROF_TEST_KILL_AT=STEP makes the writing process raise SIGKILL at
   that step, PATHPROF_TEST_PAUSE_US=N makes it sleep N microseconds at
   every step, so that a test can kill it there at random.  Read at each
   write (under pp_rt_mutex); unset, they cost two getenv calls per write
   and one comparison per step.  */
static enum write_step test_kill_at;
static unsigned long test_pause_us;

static void
read_test_hook (void)
{
  const char *s = getenv ("PATHPROF_TEST_KILL_AT");
  size_t i;

  test_kill_at = STEP_NONE;
  if (s)
    for (i = 1; i < sizeof step_names / sizeof *step_names; i++)
      if (strcmp (s, step_names[i]) == 0)
	test_kill_at = (enum write_step) i;
  s = getenv ("PATHPROF_TEST_PAUSE_US");
  test_pause_us = s ? strtoul (s, NULL, 10) : 0;
}

/* Whether the test hook asks for anything.  */

static int
test_hook_active (void)
{
  return test_kill_at != STEP_NONE || test_pause_us != 0;
}

/* Step STEP of a write is reached: do what the test hook asks.  */

static void
test_point (enum write_step step)
{
  if (!test_hook_active ())
    return;
  if (test_pause_us)
    usleep (test_pause_us);
  if (step != STEP_NONE && step == test_kill_at)
    raise (SIGKILL);
}


/* The files into which this process has already counted its run: "runs"
   grows by one per process and file, however often the process writes
   (pathprof_dump, then exit).  Each record holds the pid that counted, so
   that a child after fork, whose pid differs, counts its own run without
   anything to clear.  Protected by pp_rt_mutex.  */
struct run_record
{
  struct run_record *next;
  pid_t pid;
  char path[];
};

static struct run_record *run_records;

/* Whether this process has counted its run in PATH.  */

static int
run_counted (const char *path)
{
  struct run_record *r;
  pid_t pid = getpid ();

  for (r = run_records; r; r = r->next)
    if (strcmp (r->path, path) == 0)
      return r->pid == pid;
  return 0;
}

/* Remember that this process has counted its run in PATH.  Out of
   memory, the record is skipped: a later write in this process would
   count a second run, which is the lesser evil than failing the write.  */

static void
note_run_counted (const char *path)
{
  struct run_record *r;
  size_t len = strlen (path);

  for (r = run_records; r; r = r->next)
    if (strcmp (r->path, path) == 0)
      {
	r->pid = getpid ();
	return;
      }
  r = malloc (sizeof *r + len + 1);
  if (!r)
    return;
  memcpy (r->path, path, len + 1);
  r->pid = getpid ();
  r->next = run_records;
  run_records = r;
}

/* Check once per process that every function of UNIT has a meta that
   agrees with its num_paths, so that a foreign or damaged record is
   reported at its source rather than written into a file that every
   later run would move aside as bad.  The full check of each meta (its
   checksum, every index) happened in the compiler, which decodes what it
   embeds; doing it again here cost more than the rest of a short run's
   exit (doc/performance.md).  Returns 1 if the unit may be written.  */

static int
check_metas (struct __pathprof_unit *unit)
{
  uint64_t i;

  if (unit->runtime_flags & PP_RT_METAS_CHECKED)
    return 1;
  if (unit->runtime_flags & PP_RT_METAS_BAD)
    return 0;
  if (!unit->filename || !*unit->filename)
    {
      pp_rt_message ("%s: no profile file name; not profiled",
		     unit->unit_name ? unit->unit_name : "(unnamed unit)");
      unit->runtime_flags |= PP_RT_METAS_BAD;
      return 0;
    }
  if (unit->num_functions > UINT32_MAX
      || (unit->num_functions && !unit->functions))
    {
      pp_rt_message ("%s: invalid function table from the compiler; "
		     "profile not written", unit->filename);
      unit->runtime_flags |= PP_RT_METAS_BAD;
      return 0;
    }
  for (i = 0; i < unit->num_functions; i++)
    {
      const struct __pathprof_function *fn = unit->functions[i];
      char err[100];
      uint64_t num_paths;

      if (!fn)
	snprintf (err, sizeof err, "no record");
      else if (!fn->meta || fn->meta_size > UINT32_MAX)
	snprintf (err, sizeof err, "no description");
      else if (ppf_meta_num_paths (fn->meta, fn->meta_size, &num_paths)
	       != PPF_OK)
	snprintf (err, sizeof err, "truncated description");
      /* Dense counters are indexed by path: the file's counts must stay
	 below the meta's num_paths.  */
      else if (num_paths != fn->num_paths)
	snprintf (err, sizeof err, "%llu paths described, %llu counted",
		  (unsigned long long) num_paths,
		  (unsigned long long) fn->num_paths);
      /* The dense counters are a prefix of the paths, and there.  */
      else if (fn->num_dense > fn->num_paths
	       || (fn->num_dense && !fn->counters))
	snprintf (err, sizeof err, "%llu dense counters of %llu paths%s",
		  (unsigned long long) fn->num_dense,
		  (unsigned long long) fn->num_paths,
		  fn->counters ? "" : ", none allocated");
      else
	continue;
      pp_rt_message ("%s: function %llu: invalid path description from "
		     "the compiler (%s); profile not written",
		     unit->filename, (unsigned long long) i, err);
      unit->runtime_flags |= PP_RT_METAS_BAD;
      return 0;
    }
  unit->runtime_flags |= PP_RT_METAS_CHECKED;
  return 1;
}

/* UNIT's metas as ppf_known entries (after check_metas), so that reading
   a profile of the same build decodes none of them; NULL when out of
   memory.  */

static ppf_known *
known_metas (const struct __pathprof_unit *unit)
{
  ppf_known *known = calloc (unit->num_functions ? unit->num_functions : 1,
			     sizeof *known);
  uint64_t i;

  if (!known)
    return NULL;
  for (i = 0; i < unit->num_functions; i++)
    {
      known[i].meta = unit->functions[i]->meta;
      known[i].meta_size = (uint32_t) unit->functions[i]->meta_size;
      /* The bound of its counts' paths: num_paths, or the path limit of
	 a function with early exits apart (check_metas has read the
	 meta's header).  */
      if (ppf_meta_path_limit (known[i].meta, known[i].meta_size,
			       &known[i].num_paths) != PPF_OK)
	known[i].num_paths = unit->functions[i]->num_paths;
      known[i].share = 1;
    }
  return known;
}

/* UNIT's PATHPROF_UNIT_TIME_* flag: 0 unless built with a metric.  */

static uint64_t
unit_time_flags (const struct __pathprof_unit *unit)
{
  return unit->flags & (PATHPROF_UNIT_TIME_TSC | PATHPROF_UNIT_TIME_NS);
}


/* Why OLD holds counts of another kind than UNIT's, whatever its
   functions: times where UNIT measures none or the reverse, estimates
   from samples where UNIT counts exactly or the reverse; NULL when
   they are of one kind.  */

static const char *
other_kind (const ppf_file *old, const struct __pathprof_unit *unit)
{
  if (!(old->flags & PPF_FILE_TIME) != !unit_time_flags (unit))
    return (old->flags & PPF_FILE_TIME)
	   ? "it has times, this build measures none"
	   : "it has no times, this build measures them";
  if (!(old->flags & PPF_FILE_SAMPLED)
      != !(unit->flags & PATHPROF_UNIT_SAMPLED))
    return (old->flags & PPF_FILE_SAMPLED)
	   ? "it holds estimates from samples, this build counts exactly"
	   : "it holds exact counts, this build samples";
  return NULL;
}

/* Whether OLD is a profile of the same build as UNIT: the same functions
   in the same order with byte-identical metas (which include each
   function's CFG checksum and whether it measures times), and counts
   of UNIT's kind (other_kind).  If not, describe the difference in
   WHY.  */

static int
same_build (const ppf_file *old, const struct __pathprof_unit *unit,
	    char *why, size_t whylen)
{
  const char *kind;
  uint32_t i;

  if (old->flags & PPF_FILE_UNITS)
    {
      snprintf (why, whylen, "it is a merged profile of several objects");
      return 0;
    }
  kind = other_kind (old, unit);
  if (kind)
    {
      snprintf (why, whylen, "%s", kind);
      return 0;
    }
  if (old->num_functions != unit->num_functions)
    {
      snprintf (why, whylen, "it has %u functions, this build %llu",
		(unsigned) old->num_functions,
		(unsigned long long) unit->num_functions);
      return 0;
    }
  for (i = 0; i < old->num_functions; i++)
    {
      const struct __pathprof_function *fn = unit->functions[i];

      /* A meta the reader found identical to ours is ours.  */
      if (old->functions[i].meta == fn->meta)
	continue;
      if (old->functions[i].meta_size != fn->meta_size
	  || memcmp (old->functions[i].meta, fn->meta, fn->meta_size) != 0)
	{
	  ppf_meta meta;
	  char err[8];

	  if (ppf_meta_decode (fn->meta, fn->meta_size, &meta, err,
			       sizeof err) == PPF_OK)
	    {
	      snprintf (why, whylen, "function %s differs", meta.name);
	      ppf_meta_free (&meta);
	    }
	  else
	    snprintf (why, whylen, "function %u differs", (unsigned) i);
	  return 0;
	}
    }
  return 1;
}

/* The functions of OLD, another build's profile of UNIT's object, that
   are of UNIT's build: those of UNIT's functions whose meta OLD holds
   byte for byte (the meta names the function and holds its CFG
   checksum).  Their counts are copied into *KEPT (UNIT->num_functions
   entries; NULL when none is kept) and their number put in *NUM_KEPT.
   Nothing is kept from a merged profile of several objects, from one of
   another unit, from one with times when UNIT measures none or the
   other way round, or from one of estimates when UNIT counts exactly
   or the other way round: the whole file is then another build's.  PPF_OK or
   PPF_ENOMEM.  */

static int
keep_unchanged (const ppf_file *old, const struct __pathprof_unit *unit,
		ppf_function **kept, uint32_t *num_kept)
{
  ppf_function *k;
  uint64_t i;
  uint32_t j = 0, n;

  *kept = NULL;
  *num_kept = 0;
  if ((old->flags & PPF_FILE_UNITS) || !old->unit_name || !unit->unit_name
      || strcmp (old->unit_name, unit->unit_name) != 0
      || other_kind (old, unit) || old->num_functions == 0)
    return PPF_OK;
  k = calloc (unit->num_functions ? unit->num_functions : 1, sizeof *k);
  if (!k)
    return PPF_ENOMEM;
  for (i = 0; i < unit->num_functions; i++)
    {
      const struct __pathprof_function *fn = unit->functions[i];

      /* Search from the one after the last found: an edit that adds or
	 removes a function shifts the others alike.  */
      for (n = 0; n < old->num_functions;
	   n++, j = (j + 1) % old->num_functions)
	{
	  const ppf_function *of = &old->functions[j];

	  if (of->meta == fn->meta
	      || (of->meta_size == fn->meta_size
		  && memcmp (of->meta, fn->meta, fn->meta_size) == 0))
	    break;
	}
      if (n == old->num_functions)
	continue;
      if (ppf_counts_merge (&k[i], &old->functions[j]) != PPF_OK)
	{
	  while (i-- > 0)
	    free (k[i].counts);
	  free (k);
	  return PPF_ENOMEM;
	}
      ++*num_kept;
      j = (j + 1) % old->num_functions;
    }
  if (*num_kept == 0)
    {
      free (k);
      return PPF_OK;
    }
  *kept = k;
  return PPF_OK;
}

/* Free KEPT, keep_unchanged's, of UNIT.  */

static void
free_kept (ppf_function *kept, const struct __pathprof_unit *unit)
{
  uint64_t i;

  if (!kept)
    return;
  for (i = 0; i < unit->num_functions; i++)
    free (kept[i].counts);
  free (kept);
}

/* ---------------------------------------------------------------- */
/* Reading and writing whole files through a descriptor.             */

/* One piece of what write_pieces writes.  */
struct piece
{
  const unsigned char *bytes;
  size_t size;
};

/* Write the N PIECES one after the other to FD from OFFSET, retrying
   short and interrupted writes.  Under the test hook the write stops
   halfway through the whole at HALF_STEP, so that a test can kill the
   process with half of the bytes written.  Returns 0, or -1 with errno
   set.  */

static int
write_pieces (int fd, uint64_t offset, const struct piece *pieces, size_t n,
	      enum write_step half_step)
{
  size_t total = 0, written = 0, k, stop;

  for (k = 0; k < n; k++)
    total += pieces[k].size;
  stop = test_hook_active () ? total / 2 : total;
  if (offset > (uint64_t) INT64_MAX)
    {
      errno = EFBIG;
      return -1;
    }
  if (lseek (fd, (off_t) offset, SEEK_SET) == (off_t) -1)
    return -1;
  for (k = 0; k < n; k++)
    {
      size_t done = 0, size = pieces[k].size;

      while (done < size)
	{
	  size_t want = size - done;
	  ssize_t got;

	  if (written == stop && stop < total)
	    {
	      test_point (half_step);
	      stop = total;
	    }
	  if (want > stop - written)
	    want = stop - written;
	  got = write (fd, pieces[k].bytes + done, want);
	  if (got < 0 && errno == EINTR)
	    continue;
	  if (got <= 0)
	    {
	      if (got == 0)
		errno = ENOSPC;
	      return -1;
	    }
	  done += (size_t) got;
	  written += (size_t) got;
	}
    }
  return 0;
}

/* Write SIZE bytes of BUF to FD from OFFSET, as write_pieces.  */

static int
write_at (int fd, uint64_t offset, const unsigned char *buf, size_t size,
	  enum write_step half_step)
{
  struct piece whole = { buf, size };

  return write_pieces (fd, offset, &whole, 1, half_step);
}

/* ---------------------------------------------------------------- */
/* The journal, NAME.pathprof.journal (format/ppjournal.h).          */

/* Step 3: with the lock on PATH held through FD, finish what an
   interrupted write left.  No JOURNAL_PATH: nothing to do.  A complete
   journal: its content goes back into the profile (which the
   interrupted writer may have left torn), with one message.  An
   incomplete one: the writer died before it touched the profile, which
   is intact.  Then the journal is removed.  Returns 0, or -1 after a
   message if the journal cannot be read, applied or removed: then
   nothing is written, so a torn profile is never merged into.  A crash
   here leaves the journal as it was, for the next writer.  */

static int
recover (const char *path, const char *journal_path, int fd)
{
  unsigned char *j = NULL;
  const unsigned char *old;
  size_t size, old_size;
  uint64_t offset;
  int jfd, status, saved_errno;

  jfd = open (journal_path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (jfd < 0 && errno == ENOENT)
    return 0;
  if (jfd < 0)
    {
      pp_rt_message ("%s: cannot open %s: %s; profile not written", path,
		     journal_path, strerror (errno));
      return -1;
    }
  status = ppf_read_fd (jfd, &j, &size);
  saved_errno = errno;
  close (jfd);
  if (status != PPF_OK)
    {
      pp_rt_message ("%s: cannot read %s: %s; profile not written", path,
		     journal_path, status == PPF_ENOMEM ? "out of memory"
		     : strerror (saved_errno));
      return -1;
    }
  if (ppf_journal_decode (j, size, &offset, &old, &old_size))
    {
      /* The bytes before OFFSET were not touched by the write.  */
      if (write_at (fd, offset, old, old_size, STEP_RESTORE_HALF) != 0
	  || ftruncate (fd, (off_t) (offset + old_size)) != 0)
	{
	  pp_rt_message ("%s: a write was interrupted; cannot restore the "
			 "profile from %s: %s; profile not written", path,
			 journal_path, strerror (errno));
	  free (j);
	  return -1;
	}
      pp_rt_message ("%s: a write was interrupted; profile restored from "
		     "%s", path, journal_path);
    }
  free (j);
  if (unlink (journal_path) != 0 && errno != ENOENT)
    {
      pp_rt_message ("%s: cannot remove %s: %s; profile not written", path,
		     journal_path, strerror (errno));
      return -1;
    }
  return 0;
}

/* Read exactly SIZE bytes of FD at OFFSET into BUF: 0, or -1 (a read
   error, errno set, or the file shorter).  */

static int
read_at (int fd, uint64_t offset, unsigned char *buf, size_t size)
{
  size_t done = 0;

  while (done < size)
    {
      ssize_t n = pread (fd, buf + done, size - done,
			 (off_t) (offset + done));

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	{
	  if (n == 0)
	    errno = EIO;
	  return -1;
	}
      done += (size_t) n;
    }
  return 0;
}

/* Step 3 for a journal at the profile's end (ppjournal.h, "tail
   journal"): if PATH, open as FD and locked, ends with a complete one,
   put its content back and cut the file after it.  Returns 0, or -1
   after a message if that fails (the journal then stays for the next
   writer).  A tail that is not a complete journal is left to step 4,
   which cuts off whatever follows the profile.  */

static int
recover_tail (const char *path, int fd)
{
  unsigned char trailer[PPF_TAIL_SIZE], *old;
  uint64_t offset, length;
  struct stat st;

  if (fstat (fd, &st) != 0 || st.st_size < PPF_TAIL_SIZE
      || read_at (fd, (uint64_t) st.st_size - PPF_TAIL_SIZE, trailer,
		  PPF_TAIL_SIZE) != 0
      || !ppf_tail_parse (trailer, (uint64_t) st.st_size, &offset, &length)
      || length > SIZE_MAX / 2 || !(old = malloc (length ? length : 1)))
    return 0;
  if (read_at (fd, (uint64_t) st.st_size - PPF_TAIL_SIZE - length, old,
	       (size_t) length) != 0
      || !ppf_tail_complete (trailer, old, (size_t) length))
    {
      free (old);
      return 0;
    }
  if (write_at (fd, offset, old, (size_t) length, STEP_RESTORE_HALF) != 0
      || ftruncate (fd, (off_t) (offset + length)) != 0)
    {
      pp_rt_message ("%s: a write was interrupted; cannot restore the "
		     "profile from the journal at its end: %s; profile not "
		     "written", path, strerror (errno));
      free (old);
      return -1;
    }
  pp_rt_message ("%s: a write was interrupted; profile restored from the "
		 "journal at its end", path);
  free (old);
  return 0;
}

/* Step 5 when only the counts section changes, from OFFSET to the end
   of PATH (open as FD and locked): OLD (OLD_SIZE bytes) is there, NEW
   (NEW_SIZE bytes) replaces it.  The old counts are journalled at the
   profile's end, past both (ppjournal.h, "tail journal"), the new ones
   written at OFFSET, and the cut after them commits.  Returns 0, or -1
   after a message with the old counts still the profile's (or, if even
   putting them back failed, in the journal for the next writer).  */

static int
rewrite_counts (const char *path, int fd, uint64_t offset,
		const unsigned char *old, size_t old_size,
		const unsigned char *new, size_t new_size)
{
  unsigned char trailer[PPF_TAIL_SIZE];
  struct piece journal[2] = { { old, old_size }, { trailer, sizeof trailer } };
  uint64_t at = offset + (old_size > new_size ? old_size : new_size);
  int saved_errno;

  ppf_tail_frame (old, old_size, offset, trailer);
  if (write_pieces (fd, at, journal, 2, STEP_JOURNAL_HALF) != 0)
    {
      /* The profile is as it was; what was appended goes.  */
      saved_errno = errno;
      if (ftruncate (fd, (off_t) (offset + old_size)) != 0)
	{
	  /* The next writer cuts it off (step 4).  */
	}
      pp_rt_message ("%s: cannot write its journal: %s; profile not "
		     "written", path, strerror (saved_errno));
      return -1;
    }
  test_point (STEP_JOURNALED);
  if (write_at (fd, offset, new, new_size, STEP_PROFILE_HALF) != 0)
    {
      saved_errno = errno;
      if (write_at (fd, offset, old, old_size, STEP_NONE) == 0
	  && ftruncate (fd, (off_t) (offset + old_size)) == 0)
	pp_rt_message ("%s: cannot write: %s; profile not written", path,
		       strerror (saved_errno));
      else
	pp_rt_message ("%s: cannot write: %s; profile not written (the "
		       "journal at its end keeps the previous profile for "
		       "the next run)", path, strerror (saved_errno));
      return -1;
    }
  test_point (STEP_WRITTEN);
  /* The cut removes the journal: from here the new counts are the
     profile's.  */
  if (ftruncate (fd, (off_t) (offset + new_size)) != 0)
    {
      pp_rt_message ("%s: cannot cut the journal off: %s; profile not "
		     "written (the journal at its end keeps the previous "
		     "profile for the next run)", path, strerror (errno));
      return -1;
    }
  test_point (STEP_COMMITTED);
  return 0;
}

/* Step 5: replace the content of PATH, open as FD and locked, from
   OFFSET on by NEW (NEW_SIZE bytes), what it held from there being OLD
   (OLD_SIZE bytes, up to its end): journal, overwrite, truncate, remove
   the journal.  OFFSET is 0 for a whole rewrite, the start of the counts
   section when only it changes.  Returns 0 once the new content is the
   profile, or -1 after a message, with the old content still the
   profile (or, if even putting it back failed, still in the journal for
   the next writer to restore).  */

static int
rewrite_in_place (const char *path, const char *journal_path, int fd,
		  uint64_t offset, const unsigned char *old, size_t old_size,
		  const unsigned char *new, size_t new_size)
{
  unsigned char head[PPF_JOURNAL_HEAD_SIZE], tail[PPF_JOURNAL_TAIL_SIZE];
  struct piece journal[3] = { { head, sizeof head }, { old, old_size },
			      { tail, sizeof tail } };
  int jfd, saved_errno;

  if (offset)
    return rewrite_counts (path, fd, offset, old, old_size, new, new_size);
  /* The journal is written from the old content in place: copying a
     whole profile into a journal buffer was a third of a short run's
     exit (doc/performance.md).  */
  ppf_journal_frame (old, old_size, offset, head, tail);
  jfd = open (journal_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
	      | O_NOCTTY, 0666);
  if (jfd < 0)
    {
      pp_rt_message ("%s: cannot create %s: %s; profile not written", path,
		     journal_path, strerror (errno));
      return -1;
    }
  /* close reports delayed write errors on some file systems (NFS): the
     journal must be known complete before the profile is touched.  */
  saved_errno = 0;
  if (write_pieces (jfd, 0, journal, 3, STEP_JOURNAL_HALF) != 0)
    {
      saved_errno = errno;
      close (jfd);
    }
  else if (close (jfd) != 0)
    saved_errno = errno;
  if (saved_errno)
    {
      unlink (journal_path);
      pp_rt_message ("%s: cannot write %s: %s; profile not written", path,
		     journal_path, strerror (saved_errno));
      return -1;
    }
  test_point (STEP_JOURNALED);

  if (write_at (fd, offset, new, new_size, STEP_PROFILE_HALF) != 0
      || ftruncate (fd, (off_t) (offset + new_size)) != 0)
    {
      saved_errno = errno;
      /* Put the old content back: it fitted before, so it fits now on
	 any file system that overwrites in place.  */
      if (write_at (fd, offset, old, old_size, STEP_NONE) == 0
	  && ftruncate (fd, (off_t) (offset + old_size)) == 0)
	{
	  unlink (journal_path);
	  pp_rt_message ("%s: cannot write: %s; profile not written", path,
			 strerror (saved_errno));
	}
      else
	pp_rt_message ("%s: cannot write: %s; profile not written (%s "
		       "keeps the previous profile for the next run)", path,
		       strerror (saved_errno), journal_path);
      return -1;
    }
  test_point (STEP_WRITTEN);

  /* From here the new content is the profile, unless the journal stays
     complete: then the next writer would put the old one back.  */
  if (unlink (journal_path) != 0 && errno != ENOENT)
    {
      saved_errno = errno;
      if (truncate (journal_path, 0) == 0)
	return 0;
      pp_rt_message ("%s: cannot remove %s: %s; profile not written", path,
		     journal_path, strerror (saved_errno));
      return -1;
    }
  test_point (STEP_COMMITTED);
  return 0;
}

/* ---------------------------------------------------------------- */
/* Opening and locking the profile.                                  */

/* Step 2: open PATH read-write, creating it and the directories above it
   if needed, wait for an exclusive fcntl lock on it, and make sure the
   file locked is still the file named PATH.  Returns the descriptor
   (closing it releases the lock), or -1 after a message.  *CREATED tells
   whether this call created the file (empty).  */

static int
open_locked (const char *path, int *created)
{
  static int warned_no_lock;
  struct stat st, named;
  struct flock lock;
  int fd, flags = O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;

  for (;;)
    {
      *created = 0;
      fd = open (path, flags);
      if (fd < 0 && errno == ENOENT)
	{
	  /* O_EXCL: if another process creates it first, open that one.  */
	  fd = open (path, flags | O_CREAT | O_EXCL, 0666);
	  if (fd < 0 && errno == ENOENT)
	    {
	      char *dir;

	      if (pp_rt_make_parent_dirs (path, &dir) != 0)
		{
		  pp_rt_message ("%s: cannot create directory %s: %s; "
				 "profile not written", path, dir ? dir : "",
				 strerror (errno));
		  free (dir);
		  return -1;
		}
	      fd = open (path, flags | O_CREAT | O_EXCL, 0666);
	    }
	  if (fd < 0 && errno == EEXIST)
	    continue;
	  if (fd < 0)
	    {
	      pp_rt_message ("%s: cannot create: %s; profile not written",
			     path, strerror (errno));
	      return -1;
	    }
	  *created = 1;
	}
      if (fd < 0)
	{
	  if (errno == EISDIR)
	    pp_rt_message ("%s: is a directory; profile not written", path);
	  else
	    pp_rt_message ("%s: cannot open: %s; profile not written", path,
			   strerror (errno));
	  return -1;
	}
      /* A FIFO or a device: the open did not wait (O_NONBLOCK), and
	 nothing is read from or written to it.  */
      if (fstat (fd, &st) != 0)
	{
	  pp_rt_message ("%s: cannot stat: %s; profile not written", path,
			 strerror (errno));
	  close (fd);
	  return -1;
	}
      if (!S_ISREG (st.st_mode))
	{
	  pp_rt_message ("%s: not a regular file; profile not written",
			 path);
	  close (fd);
	  return -1;
	}

      memset (&lock, 0, sizeof lock);
      lock.l_type = F_WRLCK;
      lock.l_whence = SEEK_SET;
      while (fcntl (fd, F_SETLKW, &lock) != 0)
	{
	  if (errno == EINTR)
	    continue;
	  /* Some file systems cannot lock.  As gcov does, go on without
	     the lock rather than lose the profile; say so once.  */
	  if (!warned_no_lock)
	    pp_rt_message ("%s: cannot lock: %s; merging without a lock",
			   path, strerror (errno));
	  warned_no_lock = 1;
	  break;
	}

      /* While we waited, the holder of the lock may have moved this file
	 aside (.bad, .stale) or removed it (a file it had created and
	 could not fill): then PATH names another file, or none, and
	 waiters on the new one would not exclude us.  Start again.  */
      if (fstat (fd, &st) != 0)
	{
	  pp_rt_message ("%s: cannot stat: %s; profile not written", path,
			 strerror (errno));
	  close (fd);
	  return -1;
	}
      if (st.st_nlink > 0 && stat (path, &named) == 0
	  && named.st_ino == st.st_ino && named.st_dev == st.st_dev)
	return fd;
      close (fd);
    }
}

/* Move the file at PATH aside to PATH + SUFFIX (".bad", ".stale"), with
   the message "PATH: WHAT; moved to PATH.SUFFIX" followed by AFTER
   (NULL: nothing).  Called with the lock
   on PATH held: processes waiting for it notice the rename
   (open_locked).  Returns 0, or -1 after a message when even that
   fails (then nothing is written, so the file is not lost).  */

static int
move_aside (const char *path, const char *suffix, const char *what,
	    const char *after)
{
  char *aside = pp_rt_sibling_path (path, suffix);

  if (!aside)
    {
      pp_rt_message ("%s: %s; out of memory; profile not written", path,
		     what);
      return -1;
    }
  if (rename (path, aside) != 0)
    {
      pp_rt_message ("%s: %s; cannot move it to %s: %s; profile not "
		     "written", path, what, aside, strerror (errno));
      free (aside);
      return -1;
    }
  pp_rt_message ("%s: %s; moved to %s%s", path, what, aside,
		 after ? after : "");
  free (aside);
  return 0;
}

/* Mark OUT, UNIT's profile about to be written, as holding times when
   UNIT measures them, in UNIT's unit; a newly measured frequency of the
   time-stamp counter replaces the file's (one machine's counter runs at
   one rate; a file carried to another machine gets that machine's).  */

static void
set_time_section (const struct __pathprof_unit *unit, ppf_file *out)
{
  uint64_t hz;

  if (!unit_time_flags (unit))
    return;
  out->flags |= PPF_FILE_TIME;
  if (unit->flags & PATHPROF_UNIT_TIME_NS)
    {
      out->time_unit = PPF_TIME_NS;
      out->ticks_per_second = 1000000000u;
      return;
    }
  out->time_unit = PPF_TIME_TSC;
  hz = pp_rt_ticks_per_second ();
  if (hz)
    out->ticks_per_second = hz;
}

/* UNIT's profile without counts: its header, with the time section of
   this run, and its functions, whose metas are the unit's own (shared:
   ppf_file_free leaves them alone).  */

static int
shell_profile (const struct __pathprof_unit *unit, ppf_file *shell)
{
  uint32_t i;

  memset (shell, 0, sizeof *shell);
  shell->version = PPF_VERSION;
  shell->unit_name = (char *) unit->unit_name;
  shell->num_functions = (uint32_t) unit->num_functions;
  shell->functions = calloc (unit->num_functions ? unit->num_functions : 1,
			     sizeof *shell->functions);
  if (!shell->functions)
    return PPF_ENOMEM;
  for (i = 0; i < shell->num_functions; i++)
    {
      shell->functions[i].meta = (unsigned char *) unit->functions[i]->meta;
      shell->functions[i].meta_size = (uint32_t) unit->functions[i]->meta_size;
      shell->functions[i].meta_shared = 1;
    }
  set_time_section (unit, shell);
  return PPF_OK;
}

/* The buffers a write reads each profile into and encodes each new one
   in, kept from one profile to the next while pp_rt_write_all writes
   them all (pp_rt_write_begin, pp_rt_write_end): allocated and touched
   once for the biggest, not once per profile.  Protected by
   pp_rt_mutex.  */
static ppf_buffer read_buffer, encode_buffer;
static int writing_all;

/* pp_rt_write_all begins: keep the buffers until pp_rt_write_end.  */

void
pp_rt_write_begin (void)
{
  writing_all = 1;
  pp_rt_swap_begin ();
}

/* pp_rt_write_all is over: give the buffers back.  */

void
pp_rt_write_end (void)
{
  writing_all = 0;
  pp_rt_swap_end ();
  free (read_buffer.data);
  free (encode_buffer.data);
  memset (&read_buffer, 0, sizeof read_buffer);
  memset (&encode_buffer, 0, sizeof encode_buffer);
}

/* The static part of UNIT's profile (ppf_static_part): its header's
   bytes in HEAD (HEAD_SIZE of them), where its counts section starts,
   and the static checksum.  */
struct static_part
{
  ppf_buffer head;
  size_t head_size;
  uint64_t size;
  uint64_t sum;
};

/* Step 4 for a profile of this build (the common case): FD, locked,
   FILE_SIZE bytes, is a version 3 profile whose header is byte for byte
   ours and whose static checksum is ours (so are its metas, each of
   which the checksum covers through its own), and its counts section
   decodes.  Then SHELL gets the file's counts, runs and ticks,
   read_buffer the counts section's bytes; returns 1.  Otherwise SHELL
   is left as it was.  Returns 0 for any
   other file (an empty one, another version, another build, a damaged
   one), which the whole read then judges; -1 when out of memory.  Only
   the header, the static checksum and the counts section are read: the
   metas, most of a profile, are neither read nor checksummed.  */

static int
read_counts_only (int fd, uint64_t file_size, const struct static_part *sp,
		  ppf_file *shell, size_t *counts_size)
{
  unsigned char word[8];
  uint64_t sum = 0, runs, ticks;
  size_t end = 0;
  char err[8];
  int k;

  if (file_size <= sp->size || file_size - sp->size > SIZE_MAX / 2)
    return 0;
  if (read_buffer.capacity < sp->head_size
      || read_buffer.capacity < file_size - sp->size)
    {
      size_t want = sp->head_size > file_size - sp->size
		    ? sp->head_size : (size_t) (file_size - sp->size);
      unsigned char *data = realloc (read_buffer.data, want);

      if (!data)
	return -1;
      read_buffer.data = data;
      read_buffer.capacity = want;
    }
  if (read_at (fd, 0, read_buffer.data, sp->head_size) != 0
      || memcmp (read_buffer.data, sp->head.data, sp->head_size) != 0
      || read_at (fd, sp->size - 8, word, 8) != 0)
    return 0;
  for (k = 7; k >= 0; k--)
    sum = (sum << 8) | word[k];
  if (sum != sp->sum)
    return 0;
  *counts_size = (size_t) (file_size - sp->size);
  if (read_at (fd, sp->size, read_buffer.data, *counts_size) != 0)
    return 0;
  runs = shell->runs;
  ticks = shell->ticks_per_second;
  switch (ppf_decode_counts (read_buffer.data, *counts_size, sp->sum, shell,
			     &end, err, sizeof err))
    {
    case PPF_OK:
      break;
    case PPF_ENOMEM:
      return -1;
    default:
      return 0;
    }
  if (end < *counts_size)
    {
      /* Bytes after the profile: a journal at its end that a writer
	 killed while writing it left unfinished (a complete one was put
	 back at step 3).  The profile is whole without them.  */
      if (ftruncate (fd, (off_t) (sp->size + end)) != 0)
	{
	  /* The whole read judges the file: the shell as it was.  */
	  for (uint32_t i = 0; i < shell->num_functions; i++)
	    {
	      free (shell->functions[i].counts);
	      shell->functions[i].counts = NULL;
	      shell->functions[i].num_counts = 0;
	    }
	  shell->runs = runs;
	  shell->ticks_per_second = ticks;
	  return 0;
	}
      *counts_size = end;
    }
  return 1;
}

/* Add to DST, a function of the profile being written, the counts SNAP
   took of it and, with DERIVED not 0, DERIVED more runs of its path 0:
   it is then an inlined leaf (leaves.c), of one path, checked when its
   links were read.  Its own count and DERIVED add into one delta first,
   modulo 2^64 as deltas do: merged apart, a take-back would be clamped
   at 0 before the derived runs came in.  A sum of 0 is left out, as the
   format wants no zero count.  PPF_OK or PPF_ENOMEM.  */

static int
merge_function (ppf_function *dst, const struct pp_snapshot *snap,
		uint64_t derived)
{
  ppf_function ours = { NULL, 0, snap->num_counts, snap->counts };
  ppf_count leaf = { 0, derived, 0 };

  if (derived)
    {
      if (snap->num_counts)
	{
	  leaf.count += snap->counts[0].count;
	  leaf.time = snap->counts[0].time;
	}
      ours.num_counts = leaf.count != 0;
      ours.counts = &leaf;
    }
  return ppf_counts_merge_deltas (dst, &ours);
}

/* One write of a unit's profile (pp_rt_write_unit), from the counts it
   takes to the file it holds open, for the steps below to share.  */
struct unit_write
{
  struct __pathprof_unit *unit;
  char *path, *journal_path;
  struct pp_snapshot *snaps;	/* one per function: step 1 */
  uint64_t *derived;		/* what the leaves get (leaves.c), or NULL */
  ppf_known *known;		/* the unit's metas, for the decoder */
  ppf_file shell;		/* the unit's profile without counts */
  struct static_part sp;	/* the shell's static part */
  ppf_file old;			/* the profile read whole, if it was */
  /* What a profile of another build gave of its functions of this build
     (keep_unchanged), taken from the first such profile met.  */
  ppf_function *kept;
  uint32_t num_kept;
  uint64_t kept_runs;
  int kept_from_stale;
  int fd, created;		/* the profile, locked; whether we made it */
  int counts_only;		/* read_counts_only read it: OLD is empty */
  const unsigned char *old_bytes; /* what was read of it, from OFFSET */
  size_t old_size;
  uint64_t offset;
};

/* How a step of a write ends: done; failed, after a message; or out of
   memory, which pp_rt_write_unit reports.  */
enum
{
  WRITE_DONE = 0,
  WRITE_FAILED = -1,
  WRITE_NO_MEMORY = -2
};

/* Step 1 of W's write, a write APART or not: take the counts of every
   function, derive the inlined leaves' from them, and build the shell
   of the profile and its static part.  */

static int
take_counts (struct unit_write *w, int apart)
{
  struct __pathprof_unit *unit = w->unit;
  uint64_t i;
  int status;

  pp_rt_snapshot_unit_begin (unit);
  for (i = 0; i < unit->num_functions; i++)
    if (pp_rt_snapshot_take (unit->functions[i],
			     pp_rt_unit_taken (unit, i, apart), apart,
			     &w->snaps[i]) != PPF_OK)
      {
	pp_rt_snapshot_unit_end ();
	return WRITE_NO_MEMORY;
      }
  pp_rt_snapshot_unit_end ();
  /* What the counts taken give the inlined leaves (leaves.c): merged
     below, never put in SNAPS, which must hold only what the counters
     gave, for pp_rt_snapshot_subtract.  */
  if (pp_rt_leaves_derive (unit, w->snaps, w->path, &w->derived) != PPF_OK)
    return WRITE_NO_MEMORY;
  if (shell_profile (unit, &w->shell) != PPF_OK)
    return WRITE_NO_MEMORY;
  status = ppf_static_part (&w->shell, &w->sp.head, &w->sp.head_size,
			    &w->sp.size, &w->sp.sum);
  if (status == PPF_ENOMEM)
    return WRITE_NO_MEMORY;
  if (status != PPF_OK)
    {
      pp_rt_message ("%s: internal error: invalid profile structure; "
		     "profile not written", w->path);
      return WRITE_FAILED;
    }
  return WRITE_DONE;
}

/* Step 4 for a file that is not a profile of this build: STATUS is
   what decoding it gave (ERR says why it failed, WHY how its build
   differs).  Move it aside, to .stale after keeping the counts of its
   functions of this build (from the first such profile only), or to
   .bad.  */

static int
set_aside (struct unit_write *w, int status, const char *err, const char *why)
{
  char after[80] = "";

  if (status == PPF_OK)
    {
      char what[300];

      snprintf (what, sizeof what, "profile of another build (%s)", why);
      if (!w->kept_from_stale
	  && keep_unchanged (&w->old, w->unit, &w->kept, &w->num_kept)
	       != PPF_OK)
	{
	  ppf_file_free (&w->old);
	  return WRITE_NO_MEMORY;
	}
      if (!w->kept_from_stale && w->kept)
	{
	  w->kept_runs = w->old.runs;
	  snprintf (after, sizeof after, "; the counts of its %lu "
		    "function%s of this build kept",
		    (unsigned long) w->num_kept, w->num_kept == 1 ? "" : "s");
	}
      w->kept_from_stale = 1;
      ppf_file_free (&w->old);
      if (move_aside (w->path, ".stale", what, after[0] ? after : NULL) != 0)
	return WRITE_FAILED;
      return WRITE_DONE;
    }
  if (status != PPF_EBAD)
    return WRITE_NO_MEMORY;
  if (move_aside (w->path, ".bad", err, NULL) != 0)
    return WRITE_FAILED;
  return WRITE_DONE;
}

/* Steps 2 to 4 of W's write: open the profile and lock it, recover an
   interrupted write, and read it: its counts section alone if it is a
   profile of this build, else the whole of it, into W->old when it
   decodes as one (an empty file: no profile yet).  Any other file is
   set aside and the name opened again.  */

static int
open_profile (struct unit_write *w)
{
  char err[256], why[256];
  int status, attempts = 0;
  struct stat st;

  for (;;)
    {
      w->fd = open_locked (w->path, &w->created);
      if (w->fd < 0)
	return WRITE_FAILED;
      test_point (STEP_LOCKED);
      if (recover (w->path, w->journal_path, w->fd) != 0
	  || recover_tail (w->path, w->fd) != 0)
	return WRITE_FAILED;
      /* A profile of this build: its counts section alone.  */
      if (fstat (w->fd, &st) != 0)
	{
	  pp_rt_message ("%s: cannot read: %s; profile not written", w->path,
			 strerror (errno));
	  return WRITE_FAILED;
	}
      w->counts_only = read_counts_only (w->fd, (uint64_t) st.st_size,
					 &w->sp, &w->shell, &w->old_size);
      if (w->counts_only < 0)
	return WRITE_NO_MEMORY;
      if (w->counts_only)
	{
	  w->old_bytes = read_buffer.data;
	  w->offset = w->sp.size;
	  return WRITE_DONE;
	}
      status = ppf_read_fd_into (w->fd, &read_buffer, &w->old_size);
      w->old_bytes = read_buffer.data;
      if (status == PPF_EIO)
	{
	  pp_rt_message ("%s: cannot read: %s; profile not written", w->path,
			 strerror (errno));
	  return WRITE_FAILED;
	}
      if (status == PPF_ENOMEM)
	return WRITE_NO_MEMORY;
      /* An empty file is one just created, here or by a writer that
	 failed before writing anything: no profile yet.  */
      if (w->old_size == 0)
	return WRITE_DONE;
      status = ppf_decode_known (w->old_bytes, w->old_size, w->known,
				 (uint32_t) w->unit->num_functions, &w->old,
				 err, sizeof err);
      if (status == PPF_OK && same_build (&w->old, w->unit, why, sizeof why))
	return WRITE_DONE;
      status = set_aside (w, status, err, why);
      if (status != WRITE_DONE)
	return status;
      /* The name is free: start again, under the lock of whatever file
	 bears it next (ours, or another writer's).  */
      close (w->fd);
      w->fd = -1;
      w->old_bytes = NULL;
      w->old_size = 0;
      if (++attempts == 100)
	{
	  pp_rt_message ("%s: replaced by other builds' profiles 100 times "
			 "in a row; profile not written", w->path);
	  return WRITE_FAILED;
	}
    }
}

/* Step 5 of W's write: add our counts to the file's (to the counts the
   shell read from a profile of this build, to those of the whole
   profile read, or to none: the shell, empty, is then a fresh profile),
   count the run, encode, and rewrite the file in place.  */

static int
merge_and_rewrite (struct unit_write *w)
{
  struct __pathprof_unit *unit = w->unit;
  ppf_file *out = !w->counts_only && w->old_size != 0 ? &w->old : &w->shell;
  size_t new_size = 0;
  uint64_t i;
  int status;

  for (i = 0; i < unit->num_functions; i++)
    if ((w->kept
	 && ppf_counts_merge (&out->functions[i], &w->kept[i]) != PPF_OK)
	|| merge_function (&out->functions[i], &w->snaps[i],
			   w->derived ? w->derived[i] : 0) != PPF_OK)
      return WRITE_NO_MEMORY;
  set_time_section (unit, out);
  out->runs = out->runs > UINT64_MAX - w->kept_runs ? UINT64_MAX
	      : out->runs + w->kept_runs;
  if (!run_counted (w->path) && out->runs < UINT64_MAX)
    out->runs++;
  status = w->counts_only
	   ? ppf_encode_counts (out, w->sp.sum, &encode_buffer, &new_size)
	   : ppf_encode_into (out, &encode_buffer, &new_size);
  if (status == PPF_ENOMEM)
    return WRITE_NO_MEMORY;
  if (status != PPF_OK)
    {
      pp_rt_message ("%s: internal error: invalid profile structure; "
		     "profile not written", w->path);
      return WRITE_FAILED;
    }
  if (rewrite_in_place (w->path, w->journal_path, w->fd, w->offset,
			w->old_bytes, w->old_size, encode_buffer.data,
			new_size) != 0)
    return WRITE_FAILED;
  return WRITE_DONE;
}

/* The end of W's write, whose RESULT is 0 or -1: unlock the profile
   (a file this write created and could not fill is removed, still under
   the lock, so that a failed write leaves nothing behind) and free what
   the write held.  */

static void
finish_write (struct unit_write *w, int result)
{
  uint64_t i;

  if (w->fd >= 0)
    {
      struct stat st;

      if (result != 0 && w->created && fstat (w->fd, &st) == 0
	  && st.st_size == 0)
	unlink (w->path);
      close (w->fd);
    }
  ppf_file_free (&w->old);
  free_kept (w->kept, w->unit);
  w->shell.unit_name = NULL;	/* the unit's */
  ppf_file_free (&w->shell);
  free (w->sp.head.data);
  if (w->snaps)
    for (i = 0; i < w->unit->num_functions; i++)
      pp_rt_snapshot_free (&w->snaps[i]);
  free (w->snaps);
  free (w->derived);
  free (w->known);
  if (!writing_all)
    pp_rt_write_end ();
  free (w->path);
  free (w->journal_path);
}

/* Write UNIT's profile as described at the top of this file, a write
   APART or not (runtime-internal.h).  Returns 0, or -1 after a message.
   Called with pp_rt_mutex held.  */

int
pp_rt_write_unit (struct __pathprof_unit *unit, int apart)
{
  struct unit_write w;
  int status = WRITE_NO_MEMORY;
  uint64_t i;

  if (!check_metas (unit))
    return -1;
  memset (&w, 0, sizeof w);
  w.unit = unit;
  w.fd = -1;
  read_test_hook ();
  w.path = pp_rt_target_path (unit->filename);
  if (w.path)
    w.journal_path = pp_rt_sibling_path (w.path, PPF_JOURNAL_SUFFIX);
  w.snaps = calloc (unit->num_functions ? unit->num_functions : 1,
		    sizeof *w.snaps);
  w.known = known_metas (unit);
  if (w.path && w.journal_path && w.snaps && w.known)
    status = take_counts (&w, apart);
  if (status == WRITE_DONE)
    status = open_profile (&w);
  if (status == WRITE_DONE)
    status = merge_and_rewrite (&w);
  if (status == WRITE_DONE)
    {
      for (i = 0; i < unit->num_functions; i++)
	pp_rt_snapshot_subtract (unit->functions[i], &w.snaps[i]);
      note_run_counted (w.path);
    }
  else if (status == WRITE_NO_MEMORY)
    pp_rt_message ("%s: out of memory; profile not written",
		   w.path ? w.path : unit->filename);
  finish_write (&w, status == WRITE_DONE ? 0 : -1);
  return status == WRITE_DONE ? 0 : -1;
}

/* Whether UNIT has anything to write: counts in memory, or a run of this
   process not yet counted in its file (so that "runs" counts every run,
   including one that never executed the unit).  */

int
pp_rt_unit_needs_write (const struct __pathprof_unit *unit)
{
  char *path;
  int counted;

  if (unit->runtime_flags & PP_RT_METAS_BAD)
    return 0;
  if (!unit->filename)
    return 1;			/* let the write report it */
  /* The run first: at a process's first write (its exit, mostly) every
     unit is written for its run, and the counters need no scan here on
     top of the snapshot's.  */
  path = pp_rt_target_path (unit->filename);
  if (!path)
    return 1;
  counted = run_counted (path);
  free (path);
  return !counted || pp_rt_unit_has_counts (unit);
}
