/* Writing one unit's profile: lock, read, merge, write, rename.

   For a unit whose profile is NAME.pathprof (after PATHPROF_PREFIX):

   1. take the counts from memory (snapshot.c);
   2. take an exclusive fcntl lock on NAME.pathprof.lock, created if
      missing and never removed (removing it would let two processes lock
      two different files of one name); missing directories are created;
   3. read NAME.pathprof if it exists.  If it decodes and holds the same
      functions (same number, metas byte-identical in order: the same
      build), add our counts to it and count this process as one more run
      (once per process and file).  If it does not decode, rename it to
      NAME.pathprof.bad; if it is another build's profile, to
      NAME.pathprof.stale; either way with one message, and start afresh;
   4. write NAME.pathprof.tmp.PID and rename it over NAME.pathprof, so
      that a reader (or a crash) never sees half a file;
   5. unlock; only now subtract the counts taken in 1.

   Any failure (a directory in the way, no permission, a full disk...)
   gives one message naming the file and the reason, removes the
   temporary file, leaves NAME.pathprof as it was and keeps the counts in
   memory for a later attempt.  The program's own output and exit status
   are never touched.

   There is no fsync: like gcov, we protect against a crashed or killed
   process (the rename is atomic), not against a power cut; an fsync per
   file at every exit would make short-lived programs pay dearly.

   All of this runs with pp_rt_mutex held, so one thread of a process
   writes at a time (fcntl locks do not exclude threads of one
   process).  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime-internal.h"

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
      known[i].num_paths = unit->functions[i]->num_paths;
    }
  return known;
}

/* Whether OLD is a profile of the same build as UNIT: the same functions
   in the same order with byte-identical metas (which include each
   function's CFG checksum).  If not, describe the difference in WHY.  */

static int
same_build (const ppf_file *old, const struct __pathprof_unit *unit,
	    char *why, size_t whylen)
{
  uint32_t i;

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

/* Open PATH's lock file LOCK_PATH, creating it and the directories above
   it if needed, and wait for an exclusive lock on it.  Returns the
   descriptor (closing it releases the lock), or -1 after a message.  */

static int
lock_profile (const char *path, const char *lock_path)
{
  static int warned_no_lock;
  struct flock lock;
  int fd;

  fd = open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
  if (fd < 0 && errno == ENOENT)
    {
      char *dir;

      if (pp_rt_make_parent_dirs (lock_path, &dir) != 0)
	{
	  pp_rt_message ("%s: cannot create directory %s: %s; profile not "
			 "written", path, dir ? dir : "", strerror (errno));
	  free (dir);
	  return -1;
	}
      fd = open (lock_path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOCTTY, 0666);
    }
  if (fd < 0)
    {
      pp_rt_message ("%s: cannot open lock file %s: %s; profile not "
		     "written", path, lock_path, strerror (errno));
      return -1;
    }
  memset (&lock, 0, sizeof lock);
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  while (fcntl (fd, F_SETLKW, &lock) != 0)
    {
      if (errno == EINTR)
	continue;
      /* Some file systems cannot lock.  As gcov does, go on without the
	 lock rather than lose the profile; say so once.  */
      if (!warned_no_lock)
	pp_rt_message ("%s: cannot lock %s: %s; merging without a lock",
		       path, lock_path, strerror (errno));
      warned_no_lock = 1;
      break;
    }
  return fd;
}

/* Move the file at PATH aside to PATH + SUFFIX (".bad", ".stale"), with
   the message "PATH: WHAT; moved to PATH.SUFFIX".  Returns 0, or -1
   after a message when even that fails (then nothing is written, so the
   file is not lost).  */

static int
move_aside (const char *path, const char *suffix, const char *what)
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
  pp_rt_message ("%s: %s; moved to %s", path, what, aside);
  free (aside);
  return 0;
}

/* Write FILE to TMP_PATH and rename it over PATH.  Returns 0, or -1
   after a message with TMP_PATH removed.  */

static int
replace_profile (const char *path, const char *tmp_path, const ppf_file *file)
{
  char err[200];
  int fd, status;

  fd = open (tmp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY,
	     0666);
  if (fd < 0)
    {
      pp_rt_message ("%s: cannot create %s: %s; profile not written", path,
		     tmp_path, strerror (errno));
      return -1;
    }
  status = ppf_write_fd (fd, file, err, sizeof err);
  if (status != PPF_OK)
    {
      pp_rt_message ("%s: %s %s: %s; profile not written", path,
		     status == PPF_EIO ? "cannot write" : "internal error in",
		     tmp_path, status == PPF_EIO ? strerror (errno) : err);
      close (fd);
      unlink (tmp_path);
      return -1;
    }
  /* close reports delayed write errors on some file systems (NFS).  */
  if (close (fd) != 0)
    {
      pp_rt_message ("%s: cannot write %s: %s; profile not written", path,
		     tmp_path, strerror (errno));
      unlink (tmp_path);
      return -1;
    }
  if (rename (tmp_path, path) != 0)
    {
      pp_rt_message ("%s: cannot rename %s over it: %s; profile not "
		     "written", path, tmp_path, strerror (errno));
      unlink (tmp_path);
      return -1;
    }
  return 0;
}

/* Make FRESH a new profile of UNIT holding the counts in SNAPS (borrowed:
   free only FRESH->functions).  */

static int
fresh_profile (const struct __pathprof_unit *unit, struct pp_snapshot *snaps,
	       ppf_file *fresh)
{
  uint32_t i;

  memset (fresh, 0, sizeof *fresh);
  fresh->version = PPF_VERSION;
  fresh->unit_name = (char *) unit->unit_name;
  fresh->num_functions = (uint32_t) unit->num_functions;
  fresh->functions = calloc (unit->num_functions ? unit->num_functions : 1,
			     sizeof *fresh->functions);
  if (!fresh->functions)
    return PPF_ENOMEM;
  for (i = 0; i < fresh->num_functions; i++)
    {
      const struct __pathprof_function *fn = unit->functions[i];

      fresh->functions[i].meta = (unsigned char *) fn->meta;
      fresh->functions[i].meta_size = (uint32_t) fn->meta_size;
      fresh->functions[i].num_counts = snaps[i].num_counts;
      fresh->functions[i].counts = snaps[i].counts;
    }
  return PPF_OK;
}

/* Write UNIT's profile as described at the top of this file.  Returns 0,
   or -1 after a message.  Called with pp_rt_mutex held.  */

int
pp_rt_write_unit (struct __pathprof_unit *unit)
{
  char *path = NULL, *lock_path = NULL, *tmp_path = NULL;
  struct pp_snapshot *snaps = NULL;
  ppf_known *known = NULL;
  ppf_file old, fresh, *out = NULL;
  char err[256], why[256], suffix[32];
  int lock_fd = -1, result = -1, status;
  uint64_t i;

  memset (&old, 0, sizeof old);
  memset (&fresh, 0, sizeof fresh);
  if (!check_metas (unit))
    return -1;
  path = pp_rt_target_path (unit->filename);
  snprintf (suffix, sizeof suffix, ".tmp.%ld", (long) getpid ());
  if (path)
    {
      lock_path = pp_rt_sibling_path (path, ".lock");
      tmp_path = pp_rt_sibling_path (path, suffix);
    }
  snaps = calloc (unit->num_functions ? unit->num_functions : 1,
		  sizeof *snaps);
  known = known_metas (unit);
  if (!path || !lock_path || !tmp_path || !snaps || !known)
    goto no_memory;
  for (i = 0; i < unit->num_functions; i++)
    if (pp_rt_snapshot_take (unit->functions[i], &snaps[i]) != PPF_OK)
      goto no_memory;

  lock_fd = lock_profile (path, lock_path);
  if (lock_fd < 0)
    goto out;

  status = ppf_read_known (path, known, (uint32_t) unit->num_functions,
			   &old, err, sizeof err);
  if (status == PPF_OK && !same_build (&old, unit, why, sizeof why))
    {
      char what[300];

      snprintf (what, sizeof what, "profile of another build (%s)", why);
      ppf_file_free (&old);
      if (move_aside (path, ".stale", what) != 0)
	goto out;
      status = PPF_ENOENT;
    }
  else if (status == PPF_EBAD)
    {
      if (move_aside (path, ".bad", err) != 0)
	goto out;
      status = PPF_ENOENT;
    }
  else if (status == PPF_EIO)
    {
      pp_rt_message ("%s: %s; profile not written", path, err);
      goto out;
    }
  else if (status == PPF_ENOMEM)
    goto no_memory;

  if (status == PPF_OK)
    {
      /* The same build: add our counts to the file's.  */
      for (i = 0; i < unit->num_functions; i++)
	{
	  ppf_function ours = { NULL, 0, snaps[i].num_counts,
				snaps[i].counts };

	  if (ppf_counts_merge (&old.functions[i], &ours) != PPF_OK)
	    goto no_memory;
	}
      out = &old;
    }
  else
    {
      if (fresh_profile (unit, snaps, &fresh) != PPF_OK)
	goto no_memory;
      out = &fresh;
    }
  if (!run_counted (path) && out->runs < UINT64_MAX)
    out->runs++;
  if (replace_profile (path, tmp_path, out) != 0)
    goto out;

  for (i = 0; i < unit->num_functions; i++)
    pp_rt_snapshot_subtract (unit->functions[i], &snaps[i]);
  note_run_counted (path);
  result = 0;
  goto out;

 no_memory:
  pp_rt_message ("%s: out of memory; profile not written",
		 path ? path : unit->filename);
 out:
  if (lock_fd >= 0)
    close (lock_fd);
  ppf_file_free (&old);
  free (fresh.functions);
  if (snaps)
    for (i = 0; i < unit->num_functions; i++)
      pp_rt_snapshot_free (&snaps[i]);
  free (snaps);
  free (known);
  free (path);
  free (lock_path);
  free (tmp_path);
  return result;
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
  if (pp_rt_unit_has_counts (unit))
    return 1;
  if (!unit->filename)
    return 1;			/* let the write report it */
  path = pp_rt_target_path (unit->filename);
  if (!path)
    return 1;
  counted = run_counted (path);
  free (path);
  return !counted;
}
