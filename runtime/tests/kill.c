/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Crash safety of the in-place rewrite: writers killed with SIGKILL in
   the middle of a write never lose or tear the counts already in the
   profile, and their own counts land all or not at all.

   Each writer is a forked child with its own number ID: it adds ID + 1
   to loop path 3 and 1 to big path 1000 + ID, then exits, which writes.
   So the profile says which runs it holds (the big paths present, each
   exactly 1), and must agree with itself: loop path 3 is the sum of
   ID + 1 over them and runs is their number.  Every writer that exited
   normally must be among them; a killed one may be or not.  After each
   round a normal writer (the "checker") recovers whatever was left, and
   the file is read and checked; nothing but the profile may remain.

   1. Chosen steps: PATHPROF_TEST_KILL_AT (runtime/write.c) kills a
      writer at each step of the protocol in turn, first over no profile
      at all, then over an existing one; the state it leaves is checked
      (journal absent, incomplete or complete; profile intact or torn)
      and so is the recovery: a complete journal gives back the old
      counts.  Then a writer is killed halfway through a recovery, and
      the next one recovers again.
   2. Random kills: rounds of WRITERS writers started at once, slowed by
      PATHPROF_TEST_PAUSE_US at every step, half of them killed after a
      random delay, so that kills land anywhere, also while others wait
      for the lock.

   The figures (writers, kills, which took effect, states seen) are
   printed on a "note:" line.  PATHPROF_KILL_SEED=N repeats a run of the
   random part (its seed is printed); PATHPROF_KILL_ROUNDS=N changes its
   number of rounds (default 300).  */

#include "rt-test.h"
#include "ppjournal.h"

#include <signal.h>
#include <time.h>

#define MAX_IDS 4096
#define WRITERS 4
#define JOURNAL_MAGIC "PPJOURN3"

static char dir[256], profile[300], journal[320], writer_log[320];
static struct test_unit tu;

/* What became of each writer.  */
enum fate
{
  UNUSED,
  COMPLETED,			/* exited normally: must be in the profile */
  KILLED			/* killed: may be in the profile or not */
};
static unsigned char fates[MAX_IDS];
static int next_id;

/* Figures for the note line.  */
static unsigned long writers_run, kills_chosen, kills_random,
  kills_took_effect, kills_lost, seen_no_journal, seen_torn_journal,
  seen_complete_journal, seen_torn_profile, rounds_checked;

/* The first failure of each kind of check, reported once at the end
   rather than one line per round.  */
static char failure_state[600], failure_counts[600], failure_left[600];

/* Remember the first failure of a kind in SLOT.  */

static void __attribute__ ((format (printf, 2, 3)))
note_failure (char *slot, const char *fmt, ...)
{
  va_list ap;

  if (*slot)
    return;
  va_start (ap, fmt);
  vsnprintf (slot, 600, fmt, ap);
  va_end (ap);
}

/* The writer's body, in the child: count as writer ID, then exit, which
   writes the profile.  */

static void
writer (int id)
{
  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[3] = (uint64_t) id + 1;
  __pathprof_count_hashed (&tu.fn[1], 1000 + (uint64_t) id);
  exit (0);
}

/* Start writer number ID; with KILL_AT or PAUSE_US not NULL, under that
   test hook; with START_FD >= 0, once a byte (or end of file) can be
   read from it.  Its stderr is appended to writer_log.  Returns its
   pid.  */

static pid_t
start_writer (int id, const char *kill_at, const char *pause_us,
	      int start_fd, int close_fd)
{
  pid_t pid;

  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    {
      check (0, "fork", "expected a child, saw %s", strerror (errno));
      exit (unit_test_report ());
    }
  if (pid == 0)
    {
      int fd = open (writer_log, O_WRONLY | O_CREAT | O_APPEND, 0644);
      char c;

      if (fd >= 0)
	{
	  dup2 (fd, 2);
	  close (fd);
	}
      if (close_fd >= 0)
	close (close_fd);
      if (start_fd >= 0)
	while (read (start_fd, &c, 1) < 0 && errno == EINTR)
	  ;
      if (kill_at)
	setenv ("PATHPROF_TEST_KILL_AT", kill_at, 1);
      if (pause_us)
	setenv ("PATHPROF_TEST_PAUSE_US", pause_us, 1);
      writer (id);
    }
  writers_run++;
  return pid;
}

/* Wait for writer ID (PID) and record its fate; 1 if it was killed.  */

static int
reap (int id, pid_t pid)
{
  int status;

  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    {
      fates[id] = COMPLETED;
      return 0;
    }
  if (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL)
    {
      fates[id] = KILLED;
      return 1;
    }
  note_failure (failure_counts, "writer %d ended with status 0x%x", id,
		status);
  fates[id] = KILLED;
  return 1;
}

/* The whole of FILE in a malloc'd buffer, its size in *SIZE; NULL if it
   does not exist.  */

static unsigned char *
slurp (const char *file, size_t *size)
{
  FILE *f = fopen (file, "rb");
  unsigned char *buf;
  long n;

  *size = 0;
  if (!f)
    return NULL;
  if (fseek (f, 0, SEEK_END) != 0 || (n = ftell (f)) < 0
      || fseek (f, 0, SEEK_SET) != 0 || !(buf = malloc ((size_t) n + 1))
      || fread (buf, 1, (size_t) n, f) != (size_t) n)
    {
      fclose (f);
      check (0, "test setup", "expected to read %s", file);
      exit (unit_test_report ());
    }
  fclose (f);
  *size = (size_t) n;
  return buf;
}

/* The journal at the profile's end (ppjournal.h, "tail journal"), where
   a run of the same build journals the counts it rewrites: 2 complete
   (*OFFSET its offset), 1 bytes after the profile that are not one (a
   journal cut short), 0 none.  */

static int
tail_state (uint64_t *offset)
{
  size_t size, end;
  unsigned char *buf = slurp (profile, &size);
  uint64_t length;
  char err[200];
  ppf_file f;
  int state = 0;

  if (!buf)
    return 0;
  if (size >= PPF_TAIL_SIZE
      && ppf_tail_parse (buf + size - PPF_TAIL_SIZE, size, offset, &length)
      && ppf_tail_complete (buf + size - PPF_TAIL_SIZE,
			    buf + size - PPF_TAIL_SIZE - length,
			    (size_t) length))
    state = 2;
  else if (size && ppf_decode_prefix (buf, size, &f, &end, err, sizeof err)
	   == PPF_OK)
    {
      state = end < size;
      ppf_file_free (&f);
    }
  free (buf);
  return state;
}

/* The journal's state, as the runtime's recovery would judge it: 0 none,
   1 present but incomplete (torn), 2 complete; NAME.pathprof.journal
   (the layout of doc/file-format.md: magic, u64 offset, u64 length, old
   content, u64 FNV-1a 64 over words of all that before it) or, without
   one, the journal at the profile's end.  */

static int
journal_state (void)
{
  size_t size;
  unsigned char *j = slurp (journal, &size);
  uint64_t length = 0, sum = 0, offset;
  int state = 1;

  if (!j)
    return tail_state (&offset);
  /* Magic, offset, length, content, checksum.  */
  if (size >= 32 && !memcmp (j, JOURNAL_MAGIC, 8))
    {
      for (int i = 7; i >= 0; i--)
	{
	  length = (length << 8) | j[16 + i];
	  sum = (sum << 8) | j[size - 8 + i];
	}
      if (length == size - 32 && sum == ppf_hash_words (j, size - 8,
							 PPF_HASH_SEED))
	state = 2;
    }
  free (j);
  return state;
}

/* The offset of a complete journal, in NAME.pathprof.journal or at the
   profile's end, or UINT64_MAX when there is none.  */

static uint64_t
journal_offset (void)
{
  size_t size;
  unsigned char *j = slurp (journal, &size);
  uint64_t offset = UINT64_MAX;

  if (j && size >= 16 && !memcmp (j, JOURNAL_MAGIC, 8))
    {
      offset = 0;
      for (int i = 7; i >= 0; i--)
	offset = (offset << 8) | j[8 + i];
    }
  else if (!j && tail_state (&offset) != 2)
    offset = UINT64_MAX;
  free (j);
  return offset;
}

/* Whether the profile decodes, without the journal at its end if there
   is one (or does not exist, or is empty: no profile yet).  */

static int
profile_intact (void)
{
  size_t size, end;
  unsigned char *buf = slurp (profile, &size);
  char err[200];
  ppf_file f;
  int ok;

  if (!buf || size == 0)
    {
      free (buf);
      return 1;
    }
  ok = ppf_decode_prefix (buf, size, &f, &end, err, sizeof err) == PPF_OK;
  if (ok)
    ppf_file_free (&f);
  free (buf);
  return ok;
}

/* Right after a kill: look at what the killed writer left, count it,
   and check that it is recoverable: a complete journal (then the
   profile may be torn) or an intact profile.  */

static void
look_after_kill (const char *when)
{
  int journal_seen = journal_state (), intact = profile_intact ();

  if (journal_seen == 0)
    seen_no_journal++;
  else if (journal_seen == 1)
    seen_torn_journal++;
  else
    seen_complete_journal++;
  if (!intact)
    seen_torn_profile++;
  if (!intact && journal_seen != 2)
    note_failure (failure_state, "%s: the profile is torn and there is no "
		  "complete journal to restore it from", when);
}

/* Check the profile against the fates of writers 0 .. next_id - 1 (all
   reaped, the last a checker that completed).  WHEN names the round.  */

static void
check_profile (const char *when)
{
  char err[256];
  ppf_file f;
  uint64_t expected_loop = 0, present = 0, k;
  static unsigned char in_file[MAX_IDS];
  const char *left;

  rounds_checked++;
  left = other_files (dir, "u.pathprof");
  if (*left)
    note_failure (failure_left, "%s: left besides u.pathprof: %s", when,
		  left);
  if (ppf_read (profile, &f, err, sizeof err) != PPF_OK)
    {
      note_failure (failure_counts, "%s: the profile does not read: %s",
		    when, err);
      return;
    }
  memset (in_file, 0, sizeof in_file);
  for (k = 0; k < f.functions[1].num_counts; k++)
    {
      const ppf_count *c = &f.functions[1].counts[k];
      uint64_t id = c->path - 1000;

      if (c->path < 1000 || id >= (uint64_t) next_id
	  || fates[id] == UNUSED || c->count != 1)
	{
	  note_failure (failure_counts, "%s: big path %" PRIu64 " = %" PRIu64
			", expected only paths of writers, once each", when,
			c->path, c->count);
	  continue;
	}
      in_file[id] = 1;
      present++;
      expected_loop += id + 1;
    }
  for (int id = 0; id < next_id; id++)
    if (fates[id] == COMPLETED && !in_file[id])
      note_failure (failure_counts, "%s: writer %d exited normally but its "
		    "counts are not in the profile", when, id);
  if (f.runs != present || profile_count (&f, 0, 3) != expected_loop
      || f.functions[0].num_counts != 1)
    note_failure (failure_counts, "%s: %" PRIu64 " writers in the file, so "
		  "runs %" PRIu64 " and loop path 3 = %" PRIu64 " alone; saw "
		  "runs %" PRIu64 ", path 3 = %" PRIu64 ", %" PRIu64 " loop "
		  "paths", when, present, present, expected_loop, f.runs,
		  profile_count (&f, 0, 3), f.functions[0].num_counts);
  ppf_file_free (&f);
}

/* Account for the killed writers of the round just checked: took effect
   or not.  FROM is the first writer of the round.  */

static void
count_kills (int from)
{
  ppf_file f;
  char err[256];

  if (ppf_read (profile, &f, err, sizeof err) != PPF_OK)
    return;
  for (int id = from; id < next_id; id++)
    if (fates[id] == KILLED)
      {
	if (profile_count (&f, 1, 1000 + (uint64_t) id))
	  kills_took_effect++;
	else
	  kills_lost++;
      }
  ppf_file_free (&f);
}

/* Run the checker, a normal writer whose exit recovers what the round
   left; then check the file.  */

static void
run_checker (const char *when, int from)
{
  int id = next_id++;

  reap (id, start_writer (id, NULL, NULL, -1, -1));
  check_profile (when);
  count_kills (from);
}

/* Part 1: a writer killed at STEP, then the checker.  EXPECT_JOURNAL and
   EXPECT_INTACT say what the kill must leave, EXPECT_EFFECT whether the
   killed writer's counts must be in the profile after the checker's
   recovery (-1: either).  */

static void
kill_at_step (const char *step, int expect_journal, int expect_intact,
	      int expect_effect)
{
  char when[100];
  int id = next_id++, from = id, journal_seen, intact;

  snprintf (when, sizeof when, "killed at %s", step);
  if (!reap (id, start_writer (id, step, NULL, -1, -1)))
    note_failure (failure_state, "%s: the writer was not killed", when);
  kills_chosen++;
  journal_seen = journal_state ();
  intact = profile_intact ();
  if ((expect_journal >= 0 && journal_seen != expect_journal)
      || (expect_intact >= 0 && intact != expect_intact))
    note_failure (failure_state, "%s: expected journal state %d (0 none, "
		  "1 torn, 2 complete) and an %s profile, saw %d and %s",
		  when, expect_journal, expect_intact ? "intact" : "torn",
		  journal_seen, intact ? "intact" : "torn");
  look_after_kill (when);
  run_checker (when, from);
  if (expect_effect >= 0)
    {
      ppf_file f;
      char err[256];

      if (ppf_read (profile, &f, err, sizeof err) == PPF_OK)
	{
	  int effect = profile_count (&f, 1, 1000 + (uint64_t) id) != 0;

	  if (effect != expect_effect)
	    note_failure (failure_counts, "%s: expected the killed writer's "
			  "counts %s the profile", when,
			  expect_effect ? "in" : "not in");
	  ppf_file_free (&f);
	}
    }
}

/* Remove the profile: the writers so far are forgotten.  */

static void
start_afresh (void)
{
  remove (profile);
  memset (fates, UNUSED, sizeof fates);
}

/* A writer killed once it has journalled over a profile of its build:
   the journal holds the counts section alone, from where the static
   part ends (ppf_static_part of the profile); over no profile, the
   whole empty file, from 0.  */

static void
check_journal_offsets (void)
{
  ppf_buffer head = { NULL, 0 };
  size_t head_size;
  uint64_t static_size = 0, sum, offset;
  ppf_file f;
  char err[256];
  int id;

  if (ppf_read (profile, &f, err, sizeof err) != PPF_OK
      || ppf_static_part (&f, &head, &head_size, &static_size, &sum)
	 != PPF_OK)
    static_size = 0;
  ppf_file_free (&f);
  free (head.data);
  id = next_id++;
  reap (id, start_writer (id, "journaled", NULL, -1, -1));
  offset = journal_offset ();
  check (static_size > 0 && offset == static_size && access (journal, F_OK)
	 != 0, "over a profile of its build, a writer journals the counts "
	 "section alone, at the profile's end", "expected the journal "
	 "from offset %llu and no %s, saw %llu",
	 (unsigned long long) static_size, journal,
	 (unsigned long long) offset);
  run_checker ("killed at journaled (offset)", id);

  start_afresh ();
  id = next_id++;
  reap (id, start_writer (id, "journaled", NULL, -1, -1));
  check_u64 ("over no profile, a writer journals the empty file from 0",
	     0, journal_offset ());
  run_checker ("killed at journaled (no profile)", id);
}

/* Part 1 over the profile as it is (none, or one with counts).  */

static void
chosen_steps (int iterations)
{
  for (int i = 0; i < iterations; i++)
    {
      kill_at_step ("locked", 0, 1, 0);
      kill_at_step ("journal-half", 1, 1, 0);
      kill_at_step ("journaled", 2, 1, 0);
      kill_at_step ("profile-half", 2, 0, 0);
      /* The new profile is complete, but so is the journal of the old
	 one, which wins: the old counts, exactly.  */
      kill_at_step ("written", 2, 1, 0);
      kill_at_step ("committed", 0, 1, 1);
    }
}

/* Part 1, last: a writer killed at profile-half, then one killed
   halfway through restoring the profile from the journal, then the
   checker.  */

static void
killed_recovery (int iterations)
{
  for (int i = 0; i < iterations; i++)
    {
      int from = next_id, id;

      id = next_id++;
      reap (id, start_writer (id, "profile-half", NULL, -1, -1));
      id = next_id++;
      reap (id, start_writer (id, "restore-half", NULL, -1, -1));
      kills_chosen += 2;
      if (journal_state () != 2)
	note_failure (failure_state, "killed during a recovery: expected "
		      "the complete journal still there, saw state %d",
		      journal_state ());
      look_after_kill ("killed during a recovery");
      run_checker ("killed during a recovery", from);
    }
}

/* Part 2: ROUNDS rounds of WRITERS concurrent writers, about half of
   them killed at random moments.  */

static void
random_kills (int rounds)
{
  for (int r = 0; r < rounds; r++)
    {
      pid_t pids[WRITERS];
      int ids[WRITERS], doomed[WRITERS], start[2], from = next_id;
      unsigned delay[WRITERS];
      char pause[32], when[64];

      if (pipe (start) != 0)
	{
	  check (0, "pipe", "expected a pipe, saw %s", strerror (errno));
	  return;
	}
      snprintf (pause, sizeof pause, "%d", 50 + rand () % 300);
      for (int w = 0; w < WRITERS; w++)
	{
	  ids[w] = next_id++;
	  pids[w] = start_writer (ids[w], NULL, pause, start[0], start[1]);
	  doomed[w] = rand () % 2;
	  delay[w] = (unsigned) (rand () % 6000);
	}
      close (start[0]);
      close (start[1]);		/* go */
      /* Kill the doomed in order of their delays (microseconds from the
	 start).  */
      for (unsigned elapsed = 0, done = 0; done < WRITERS;)
	{
	  int next = -1;

	  for (int w = 0; w < WRITERS; w++)
	    if (doomed[w] == 1 && (next < 0 || delay[w] < delay[next]))
	      next = w;
	  if (next < 0)
	    break;
	  if (delay[next] > elapsed)
	    usleep (delay[next] - elapsed);
	  elapsed = delay[next];
	  kill (pids[next], SIGKILL);
	  doomed[next] = 2;
	  done++;
	}
      for (int w = 0; w < WRITERS; w++)
	kills_random += reap (ids[w], pids[w]);
      snprintf (when, sizeof when, "random round %d", r);
      look_after_kill (when);
      run_checker (when, from);
    }
}

int
main (void)
{
  const char *seed_text = getenv ("PATHPROF_KILL_SEED");
  const char *rounds_text = getenv ("PATHPROF_KILL_ROUNDS");
  unsigned seed = seed_text ? (unsigned) strtoul (seed_text, NULL, 10)
    : (unsigned) time (NULL) ^ (unsigned) getpid ();
  int rounds = rounds_text ? atoi (rounds_text) : 300;
  struct timespec t0, t1;
  char io[300];

  unit_test_init ();
  unsetenv ("PATHPROF_QUIET");
  unsetenv ("PATHPROF_ERROR_FILE");
  unsetenv ("PATHPROF_PREFIX");
  unsetenv ("PATHPROF_PREFIX_STRIP");
  unsetenv ("PATHPROF_TEST_KILL_AT");
  unsetenv ("PATHPROF_TEST_PAUSE_US");
  if (rounds < 0 || 8 + 2 * 6 * 20 + 3 * 10 + rounds * (WRITERS + 1) >= MAX_IDS)
    rounds = 300;
  clock_gettime (CLOCK_MONOTONIC, &t0);
  make_temp_dir (dir, sizeof dir, "kill");
  snprintf (io, sizeof io, "%s-io", dir);
  mkdir (io, 0755);
  snprintf (writer_log, sizeof writer_log, "%s/writers.txt", io);
  snprintf (profile, sizeof profile, "%s/u.pathprof", dir);
  snprintf (journal, sizeof journal, "%s.journal", profile);

  /* Part 1, first over no profile, every time: the first write of a
     profile is as safe as any.  */
  for (int i = 0; i < 4; i++)
    {
      start_afresh ();
      kill_at_step (i % 2 ? "profile-half" : "written", 2, -1, 0);
      kill_at_step ("journaled", 2, 1, 0);
    }
  chosen_steps (20);
  check_journal_offsets ();
  killed_recovery (10);
  check_contains ("a writer that finds a complete journal says so",
		  file_text (writer_log), ": a write was interrupted; "
		  "profile restored from ");

  srand (seed);
  random_kills (rounds);
  clock_gettime (CLOCK_MONOTONIC, &t1);

  check (!*failure_state, "every kill leaves an intact profile or a "
	 "complete journal", "%s", failure_state);
  check (!*failure_counts, "after every kill the next writer finds the "
	 "old counts or the new ones, each run's all or none, never torn or "
	 "lost", "%s", failure_counts);
  check (!*failure_left, "after every round, nothing but the profile is "
	 "left", "%s", failure_left);
  check_lacks ("no profile was ever moved aside as damaged",
	       file_text (writer_log), "moved to");
  check_lacks ("no write failed", file_text (writer_log), "not written");
  check (kills_took_effect > 0 && kills_lost > 0 && seen_torn_profile > 0
	 && seen_torn_journal > 0, "the kills landed on every side of the "
	 "commit", "expected kills that took effect and kills that did not, "
	 "torn profiles and torn journals, saw %lu, %lu, %lu, %lu",
	 kills_took_effect, kills_lost, seen_torn_profile, seen_torn_journal);
  printf ("note: kill test (seed %u, %d random rounds of %d writers): %lu "
	  "writers, %lu killed (%lu at a chosen step, %lu at random), of "
	  "which %lu took effect and %lu did not; after the kills: %lu times "
	  "no journal, %lu a torn journal, %lu a complete one, %lu a torn "
	  "profile; %lu rounds checked in %.1f s\n", seed, rounds, WRITERS,
	  writers_run, kills_chosen + kills_random, kills_chosen,
	  kills_random, kills_took_effect, kills_lost, seen_no_journal,
	  seen_torn_journal, seen_complete_journal, seen_torn_profile,
	  rounds_checked, (double) (t1.tv_sec - t0.tv_sec)
	  + (double) (t1.tv_nsec - t0.tv_nsec) / 1e9);
  remove_tree (dir);
  remove_tree (io);
  return unit_test_report ();
}
