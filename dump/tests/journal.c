/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump on a profile whose write was interrupted, or is in
   flight (report/read-profile.h; doc/pathprof-dump.md, "Inputs"):

   - a torn profile with a complete journal beside it: the journal's
     copy is read, counts exactly the old profile's, with one note, exit
     status 0, and neither file is touched (the files are the next
     writer's to recover);
   - the same found in a directory; the same with an empty copy (the
     profile's first write was interrupted): a problem, exit 1;
   - a torn journal beside an intact profile: the profile, no note;
   - no journal: as before (a torn profile is damaged, exit 1);
   - a writer holding its lock: the reader waits for it, and reads what
     the writer leaves when it lets go in time (no note), even when the
     writer moved the file aside and put another in its place; past the
     wait
     (2 s), it reads without the lock: the journal's copy if complete
     (one note), otherwise the profile (one note).

   The profiles are a.pathprof of dump-test.h (fig1's counts 500, 1000,
   250, 250: "old") and the same with every count doubled ("new"), of
   the same size, so that a torn profile is new's first bytes, up to
   the middle of the counts, then old's: a file whose checksum fails.
   The journals are built here byte by byte as doc/file-format.md lays
   them out.  */

#include "dump-test.h"
#include "ppjournal.h"

#include <fcntl.h>
#include <time.h>

/* The TSV of the old and the new profile.  */

static const char old_tsv[] =
  "fig1\t0\t500\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t2\t1000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t3\t250\tentry\treturn\t3 4 5 6 7 8 10 11\t\n"
  "fig1\t5\t250\tentry\treturn\t3 4 5 8 10 11\t\n";
static const char new_tsv[] =
  "fig1\t0\t1000\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t2\t2000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t3\t500\tentry\treturn\t3 4 5 6 7 8 10 11\t\n"
  "fig1\t5\t500\tentry\treturn\t3 4 5 8 10 11\t\n";

static char *old_bytes, *new_bytes, *torn_bytes;
static size_t profile_size;
static size_t first_diff;	/* the first byte where old and new differ */

/* Make the old, new and torn contents.  */

static void
make_contents (void)
{
  static const ppf_count doubled[] = {
    { 0, 1000 }, { 2, 2000 }, { 3, 500 }, { 5, 500 }
  };
  fixture_function fns[8];
  uint32_t n;
  size_t new_size, split;

  n = fixture_a (fns);
  write_profile (test_path ("old.bytes"), "src/fig1.c", 3, fns, n);
  fns[0].counts = doubled;
  write_profile (test_path ("new.bytes"), "src/fig1.c", 3, fns, n);
  old_bytes = read_bytes (test_path ("old.bytes"), &profile_size);
  new_bytes = read_bytes (test_path ("new.bytes"), &new_size);
  if (new_size != profile_size)
    test_abort ("fixtures", "old and new profiles differ in size");
  torn_bytes = malloc (profile_size);
  if (!torn_bytes)
    test_abort ("fixtures", "out of memory");
  /* Torn halfway between the first byte that differs (in the counts,
     after the metas) and the end (the checksum).  */
  for (first_diff = 0; first_diff < profile_size
		       && old_bytes[first_diff] == new_bytes[first_diff];
       first_diff++)
    ;
  split = first_diff + (profile_size - first_diff) / 2;
  memcpy (torn_bytes, new_bytes, split);
  memcpy (torn_bytes + split, old_bytes + split, profile_size - split);
}

/* Write at PATH the journal of the bytes of CONTENT from OFFSET to SIZE:
   with V3, "PPJOURN3", the u64 offset, the u64 length, those bytes, the
   FNV-1a 64 of all that over words; otherwise (OFFSET 0) the first
   version's "PPJOURNL", the length, the content and FNV-1a byte by
   byte; little-endian; only its first KEEP bytes (a journal cut short)
   unless KEEP is SIZE_MAX.  */

static void
write_any_journal (const char *path, const char *content, size_t size,
		   size_t keep, bool v3, size_t offset)
{
  size_t length = size - offset, head = v3 ? 24 : 16;
  size_t total = head + length + 8;
  unsigned char *j = malloc (total);
  uint64_t sum;

  if (!j)
    test_abort (path, "out of memory");
  memcpy (j, v3 ? "PPJOURN3" : "PPJOURNL", 8);
  for (int i = 0; i < 8; i++)
    {
      if (v3)
	j[8 + i] = (unsigned char) ((uint64_t) offset >> (8 * i));
      j[head - 8 + i] = (unsigned char) ((uint64_t) length >> (8 * i));
    }
  memcpy (j + head, content + offset, length);
  sum = v3 ? ppf_hash_words (j, head + length, PPF_HASH_SEED)
	   : ppf_hash (j, head + length, PPF_HASH_SEED);
  for (int i = 0; i < 8; i++)
    j[head + length + i] = (unsigned char) (sum >> (8 * i));
  write_bytes (path, j, keep < total ? keep : total);
  free (j);
}

/* A journal of the first version of the whole CONTENT (SIZE bytes), cut
   at KEEP bytes unless that is SIZE_MAX.  */

static void
write_journal (const char *path, const char *content, size_t size,
	       size_t keep)
{
  write_any_journal (path, content, size, keep, false, 0);
}

/* The note for a profile read from its journal: WHY, then which file
   was read.  */

static const char *
journal_note (const char *path, const char *why)
{
  static char buf[1024];

  snprintf (buf, sizeof buf, "pathprof-dump: %s: %s; read the journal's "
	    "copy, %s.journal (the last complete profile)\n", path, why,
	    path);
  return buf;
}

/* Whether the file at PATH holds exactly SIZE bytes DATA.  */

static bool
holds (const char *path, const char *data, size_t size)
{
  size_t n;
  char *bytes = read_bytes (path, &n);
  bool same = n == size && !memcmp (bytes, data, size);

  free (bytes);
  return same;
}

/* Milliseconds on the monotonic clock.  */

static long long
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ------------------------------------------------------------------ */

/* A writer killed mid-write: the profile torn, the journal complete.
   The journal's copy is read, the files stay as they are.  */

static void
test_interrupted (void)
{
  static const char *const args[] = { "--tsv", "@torn.pathprof", NULL };
  static const char *const dir_args[] = { "--tsv", "@dir", NULL };
  char profile[256], journal[256];
  struct stat before, after;
  size_t journal_size;
  char *journal_bytes;
  run_result r;

  /* test_path's buffers are reused: keep copies.  */
  snprintf (profile, sizeof profile, "%s", test_path ("torn.pathprof"));
  snprintf (journal, sizeof journal, "%s",
	    test_path ("torn.pathprof.journal"));
  write_bytes (profile, torn_bytes, profile_size);
  write_journal (journal, old_bytes, profile_size, SIZE_MAX);
  journal_bytes = read_bytes (journal, &journal_size);
  if (stat (profile, &before) != 0)
    test_abort (profile, strerror (errno));

  run_dump (&r, NULL, args);
  check_int ("interrupted write: exit status 0", 0, r.status);
  check_str ("interrupted write: the journal's counts", old_tsv, r.out);
  check_str ("interrupted write: one note",
	     journal_note (profile, "its last write was interrupted"), r.err);
  run_free (&r);
  check (holds (profile, torn_bytes, profile_size),
	 "interrupted write: the profile is left as it was",
	 "expected the torn bytes still there");
  check (holds (journal, journal_bytes, journal_size),
	 "interrupted write: the journal is left as it was",
	 "expected the journal still there, unchanged");
  check (stat (profile, &after) == 0
	 && after.st_mtim.tv_sec == before.st_mtim.tv_sec
	 && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec
	 && after.st_ino == before.st_ino,
	 "interrupted write: the profile's inode and date are unchanged",
	 "expected the same inode and modification time");
  free (journal_bytes);

  /* In a directory: the same, and the journal is no profile of its
     own.  */
  mkdir (test_path ("dir"), 0755);
  write_bytes (test_path ("dir/torn.pathprof"), torn_bytes, profile_size);
  write_journal (test_path ("dir/torn.pathprof.journal"), old_bytes,
		 profile_size, SIZE_MAX);
  run_dump (&r, NULL, dir_args);
  check_int ("interrupted write in a directory: exit status 0", 0,
	     r.status);
  check_str ("interrupted write in a directory: the journal's counts, once",
	     old_tsv, r.out);
  check_str ("interrupted write in a directory: one note",
	     journal_note (test_path ("dir/torn.pathprof"),
			   "its last write was interrupted"), r.err);
  run_free (&r);
}

/* A writer of the same build killed mid-write: it journals and rewrites
   the counts section alone, so the journal holds the old bytes from an
   offset and the profile the rest.  The journal's copy is the profile's
   bytes before the offset and the journal's after it.  A profile shorter
   than the offset cannot be put together: a problem.  */

static void
test_interrupted_counts (void)
{
  static const char *const args[] = { "--tsv", "@counts.pathprof", NULL };
  run_result r;

  write_bytes (test_path ("counts.pathprof"), torn_bytes, profile_size);
  write_any_journal (test_path ("counts.pathprof.journal"), old_bytes,
		     profile_size, SIZE_MAX, true, first_diff);
  run_dump (&r, NULL, args);
  check_int ("interrupted counts write: exit status 0", 0, r.status);
  check_str ("interrupted counts write: the old counts", old_tsv, r.out);
  check_str ("interrupted counts write: one note",
	     journal_note (test_path ("counts.pathprof"),
			   "its last write was interrupted"), r.err);
  run_free (&r);

  write_bytes (test_path ("counts.pathprof"), torn_bytes, first_diff - 1);
  run_dump (&r, NULL, args);
  check_int ("counts journal past the profile: exit status 1", 1, r.status);
  check_contains ("counts journal past the profile: the message", r.err,
		  "than the part its journal leaves to it");
  run_free (&r);
}

/* A writer of the same build journals the counts it replaces at the
   profile's end (ppjournal.h, "tail journal").  Killed once that journal
   is complete, with the counts torn: the profile before the write is
   read, with a note.  Killed while writing the journal: the profile is
   whole, and read as it is, without a note.  */

static void
test_tail_journal (void)
{
  static const char *const args[] = { "--tsv", "@tail.pathprof", NULL };
  size_t length = profile_size - first_diff, size;
  unsigned char trailer[PPF_TAIL_SIZE];
  char *file = malloc (profile_size + length + PPF_TAIL_SIZE), note[512];
  run_result r;

  if (!file)
    test_abort ("tail journal", "out of memory");
  memcpy (file, torn_bytes, profile_size);
  memcpy (file + profile_size, old_bytes + first_diff, length);
  ppf_tail_frame ((const unsigned char *) old_bytes + first_diff, length,
		  first_diff, trailer);
  memcpy (file + profile_size + length, trailer, PPF_TAIL_SIZE);
  size = profile_size + length + PPF_TAIL_SIZE;
  write_bytes (test_path ("tail.pathprof"), file, size);
  run_dump (&r, NULL, args);
  check_int ("journal at the end: exit status 0", 0, r.status);
  check_str ("journal at the end: the counts before the write", old_tsv,
	     r.out);
  snprintf (note, sizeof note, "pathprof-dump: %s: its last write was "
	    "interrupted; read the journal at its end (the last complete "
	    "profile)\n", test_path ("tail.pathprof"));
  check_str ("journal at the end: one note", note, r.err);
  run_free (&r);
  check (holds (test_path ("tail.pathprof"), file, size),
	 "journal at the end: the file is left as it was",
	 "expected the same bytes");

  /* The journal cut short, after an intact profile.  */
  memcpy (file, old_bytes, profile_size);
  write_bytes (test_path ("tail.pathprof"), file, profile_size + length / 2);
  run_dump (&r, NULL, args);
  check_int ("journal at the end cut short: exit status 0", 0, r.status);
  check_str ("journal at the end cut short: the profile's counts", old_tsv,
	     r.out);
  check_str ("journal at the end cut short: no note", "", r.err);
  run_free (&r);
  free (file);
}

/* The first write of a profile interrupted: the journal holds the
   empty file it was.  No profile yet: a problem.  */

static void
test_first_write (void)
{
  static const char *const args[] = { "--tsv", "@first.pathprof",
				      "@a.pathprof", NULL };
  run_result r;

  write_bytes (test_path ("first.pathprof"), new_bytes, profile_size / 2);
  write_journal (test_path ("first.pathprof.journal"), "", 0, SIZE_MAX);
  run_dump (&r, NULL, args);
  check_int ("first write interrupted: exit status 1", 1, r.status);
  {
    char expected[512];
    snprintf (expected, sizeof expected, "pathprof-dump: %s: its first "
	      "write was interrupted: no complete profile yet\n",
	      test_path ("first.pathprof"));
    check_str ("first write interrupted: the message", expected, r.err);
  }
  check_str ("first write interrupted: the other file is read", old_tsv,
	     r.out);
  run_free (&r);
}

/* A journal cut short: the writer died before it touched the profile,
   which is read as it is, without a note.  And without a journal, a
   torn profile is damaged, as it always was.  */

static void
test_torn_journal_and_none (void)
{
  static const char *const args[] = { "--tsv", "@intact.pathprof", NULL };
  static const char *const none_args[] = { "--tsv", "@alone.pathprof",
					   NULL };
  static const char *const good_args[] = { "--tsv", "@good.pathprof",
					   NULL };
  const size_t cuts[] = { 0, 7, 16, 16 + profile_size,
			  16 + profile_size + 7 };
  run_result r;

  write_bytes (test_path ("intact.pathprof"), new_bytes, profile_size);
  for (size_t i = 0; i < COUNT (cuts); i++)
    {
      char what[128];

      write_journal (test_path ("intact.pathprof.journal"), old_bytes,
		     profile_size, cuts[i]);
      run_dump (&r, NULL, args);
      snprintf (what, sizeof what, "journal cut at %zu bytes: exit status",
		cuts[i]);
      check_int (what, 0, r.status);
      snprintf (what, sizeof what, "journal cut at %zu bytes: the profile's "
		"counts", cuts[i]);
      check_str (what, new_tsv, r.out);
      snprintf (what, sizeof what, "journal cut at %zu bytes: no note",
		cuts[i]);
      check_str (what, "", r.err);
      run_free (&r);
    }

  write_bytes (test_path ("alone.pathprof"), torn_bytes, profile_size);
  run_dump (&r, NULL, none_args);
  check_int ("torn profile, no journal: exit status 1", 1, r.status);
  check_contains ("torn profile, no journal: damaged", r.err, "checksum");
  check_str ("torn profile, no journal: no output", "", r.out);
  run_free (&r);

  write_bytes (test_path ("good.pathprof"), new_bytes, profile_size);
  run_dump (&r, NULL, good_args);
  check_int ("no journal: exit status", 0, r.status);
  check_str ("no journal: the profile's counts", new_tsv, r.out);
  check_str ("no journal: no note", "", r.err);
  run_free (&r);
}

/* What a writer does once it has held the lock for a while.  */
enum writer_action
{
  WRITER_STUCK,      /* nothing: it holds the lock until killed */
  WRITER_FINISH,     /* write the new profile over the file, remove
			the journal */
  WRITER_MOVE_ASIDE  /* move the file to PATH.bad, put the new profile
			at PATH in a new file */
};

/* Fork a writer that takes an exclusive lock on PATH, as the runtime
   does, says so on a pipe, holds it for HOLD_MS milliseconds and then
   does ACTION before it lets go.  Returns its pid once the lock is
   held.  */

static pid_t
start_writer (const char *path, int hold_ms, enum writer_action action)
{
  int ready[2];
  char byte;
  pid_t pid;

  pid = fork_with_pipe (ready);
  if (pid == 0)
    {
      struct flock lock;
      int fd = open (path, O_RDWR), moved;
      char journal[512], bad[512];

      memset (&lock, 0, sizeof lock);
      lock.l_type = F_WRLCK;
      lock.l_whence = SEEK_SET;
      if (fd < 0 || fcntl (fd, F_SETLKW, &lock) != 0
	  || write (ready[1], "L", 1) != 1)
	_exit (1);
      if (action == WRITER_STUCK)
	for (;;)
	  pause ();
      usleep ((useconds_t) hold_ms * 1000);
      snprintf (journal, sizeof journal, "%s.journal", path);
      snprintf (bad, sizeof bad, "%s.bad", path);
      if (action == WRITER_FINISH
	  && (pwrite (fd, new_bytes, profile_size, 0)
		!= (ssize_t) profile_size
	      || unlink (journal) != 0))
	_exit (2);
      if (action == WRITER_MOVE_ASIDE
	  && (rename (path, bad) != 0
	      || (moved = open (path, O_WRONLY | O_CREAT | O_EXCL, 0666)) < 0
	      || write (moved, new_bytes, profile_size)
		   != (ssize_t) profile_size
	      || close (moved) != 0))
	_exit (3);
      _exit (0);
    }
  close (ready[1]);
  if (read (ready[0], &byte, 1) != 1)
    test_abort ("writer", "did not take the lock");
  close (ready[0]);
  return pid;
}

/* Wait for the writer PID (killing it first if KILL) and check that it
   did its part.  */

static void
end_writer (const char *what, pid_t pid, bool kill_it)
{
  int status;

  if (kill_it)
    kill (pid, SIGKILL);
  if (waitpid (pid, &status, 0) != pid)
    test_abort ("waitpid", strerror (errno));
  if (!kill_it)
    check (WIFEXITED (status) && WEXITSTATUS (status) == 0, what,
	   "expected the writer to exit 0, saw status %d", status);
}

/* A live writer holding the lock.  Let go in time, the reader reads
   what it left (it waited: it did not read the torn profile and the
   journal, nor the old profile).  Held past the wait, the reader reads
   without the lock: the journal's copy when complete, else the
   profile; one note either way.  */

static void
test_live_writer (void)
{
  static const char *const args[] = { "--tsv", "@live.pathprof", NULL };
  char profile[256];
  long long start, took;
  run_result r;
  pid_t pid;

  snprintf (profile, sizeof profile, "%s", test_path ("live.pathprof"));
  /* Mid-write for 300 ms, then done.  */
  write_bytes (profile, torn_bytes, profile_size);
  write_journal (test_path ("live.pathprof.journal"), old_bytes,
		 profile_size, SIZE_MAX);
  pid = start_writer (profile, 300, WRITER_FINISH);
  start = now_ms ();
  run_dump (&r, NULL, args);
  took = now_ms () - start;
  end_writer ("writer done in time: the writer finished", pid, false);
  check_int ("writer done in time: exit status", 0, r.status);
  check_str ("writer done in time: the new counts", new_tsv, r.out);
  check_str ("writer done in time: no note", "", r.err);
  check (took >= 250, "writer done in time: the reader waited for it",
	 "expected at least 250 ms, saw %lld ms", took);
  run_free (&r);

  /* A damaged profile that the writer moves aside while the reader
     waits, putting a new one in its place: the reader notices that
     the file it locked is no longer the profile, and reads the new
     one.  */
  write_bytes (profile, "garbage", 7);
  unlink (test_path ("live.pathprof.journal"));
  pid = start_writer (profile, 300, WRITER_MOVE_ASIDE);
  run_dump (&r, NULL, args);
  end_writer ("file moved aside: the writer finished", pid, false);
  check_int ("file moved aside: exit status", 0, r.status);
  check_str ("file moved aside: the new file's counts", new_tsv, r.out);
  check_str ("file moved aside: no note", "", r.err);
  run_free (&r);
  check (holds (test_path ("live.pathprof.bad"), "garbage", 7),
	 "file moved aside: the damaged file is where the writer put it",
	 "expected live.pathprof.bad to hold the garbage");

  /* Stopped mid-write: the journal's copy, after the wait.  */
  write_bytes (profile, torn_bytes, profile_size);
  write_journal (test_path ("live.pathprof.journal"), old_bytes,
		 profile_size, SIZE_MAX);
  pid = start_writer (profile, 0, WRITER_STUCK);
  start = now_ms ();
  run_dump (&r, NULL, args);
  took = now_ms () - start;
  end_writer ("", pid, true);
  check_int ("writer stuck mid-write: exit status", 0, r.status);
  check_str ("writer stuck mid-write: the journal's counts", old_tsv, r.out);
  check_str ("writer stuck mid-write: one note",
	     journal_note (profile, "being rewritten (locked for over 2 s)"),
	     r.err);
  check (took >= 1900 && took < 10000,
	 "writer stuck mid-write: the reader gave up after about 2 s",
	 "expected 2 s, saw %lld ms", took);
  run_free (&r);

  /* Stopped before it wrote anything: the profile, after the wait.  */
  write_bytes (profile, old_bytes, profile_size);
  unlink (test_path ("live.pathprof.journal"));
  pid = start_writer (profile, 0, WRITER_STUCK);
  run_dump (&r, NULL, args);
  end_writer ("", pid, true);
  check_int ("writer stuck before writing: exit status", 0, r.status);
  check_str ("writer stuck before writing: the profile's counts", old_tsv,
	     r.out);
  {
    char expected[512];
    snprintf (expected, sizeof expected, "pathprof-dump: %s: locked by a "
	      "writer for over 2 s; read without the lock\n", profile);
    check_str ("writer stuck before writing: one note", expected, r.err);
  }
  run_free (&r);
}

int
main (void)
{
  fixture_function fns[8];
  uint32_t n;

  unit_test_init ();
  require_tool ();
  make_test_dir ();
  n = fixture_a (fns);
  write_profile (test_path ("a.pathprof"), "src/fig1.c", 3, fns, n);
  make_contents ();
  test_interrupted ();
  test_interrupted_counts ();
  test_tail_journal ();
  test_first_write ();
  test_torn_journal_and_none ();
  test_live_writer ();
  free (old_bytes);
  free (new_bytes);
  free (torn_bytes);
  return unit_test_report ();
}
