/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Processes: sixteen processes exiting at the same moment all merge into
   one profile under the lock (runs = 16, counts x 16, nothing lost); a
   child after fork writes only what it counted itself, not its parent's
   counts again, and counts as a run of its own; a child that dumps and
   exits counts one run; a child made by the fork system call itself,
   without the C library's fork handlers, does not write its parent's
   counts again either (it loses its own: doc/runtime.md).  */

#include "rt-test.h"

#include <sys/syscall.h>

static char dir[256], profile[320], profile_dir[300];
static struct test_unit tu;

#define PROCESSES 16

/* One of the concurrent processes: wait for the start signal (the pipe
   closing), count, exit; all sixteen write at once.  */

static void
concurrent (void *arg)
{
  int *start = arg;
  char c;

  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 10;
  tu.counters[7] = 1;
  for (int i = 0; i < 3; i++)
    __pathprof_count_hashed (&tu.fn[1], 5);
  __pathprof_count_hashed (&tu.fn[1], (uint64_t) getpid ());
  while (read (start[0], &c, 1) < 0 && errno == EINTR)
    ;
}

static void
test_concurrent (void)
{
  pid_t pids[PROCESSES];
  int start[2], ok = 1;
  ppf_file f;

  if (pipe (start) != 0)
    {
      check (0, "pipe", "expected a pipe, saw %s", strerror (errno));
      return;
    }
  fflush (NULL);
  for (int i = 0; i < PROCESSES; i++)
    {
      pids[i] = fork ();
      if (pids[i] == 0)
	{
	  close (start[1]);
	  concurrent (start);
	  exit (0);
	}
    }
  close (start[0]);
  close (start[1]);		/* go */
  for (int i = 0; i < PROCESSES; i++)
    {
      int status;

      waitpid (pids[i], &status, 0);
      ok &= exited_with (status, 0);
    }
  check (ok, "16 concurrent processes exit normally", "expected exit 0 "
	 "from all");
  if (read_profile ("16 concurrent processes: profile", profile, &f))
    {
      uint64_t own = 0;

      for (int i = 0; i < PROCESSES; i++)
	own += profile_count (&f, 1, (uint64_t) pids[i]);
      check (f.runs == PROCESSES, "16 concurrent processes: 16 runs",
	     "expected 16, saw %" PRIu64, f.runs);
      check (profile_count (&f, 0, 1) == 10 * PROCESSES
	     && profile_count (&f, 0, 7) == PROCESSES
	     && profile_count (&f, 1, 5) == 3 * PROCESSES && own == PROCESSES,
	     "16 concurrent processes: every count merged",
	     "expected 160, 16, 48 and 16 own paths, saw %" PRIu64 ", %"
	     PRIu64 ", %" PRIu64 ", %" PRIu64, profile_count (&f, 0, 1),
	     profile_count (&f, 0, 7), profile_count (&f, 1, 5), own);
      ppf_file_free (&f);
    }
  check (!*other_files (profile_dir, "u.pathprof"), "16 concurrent "
	 "processes: the profile and nothing else left", "expected only "
	 "u.pathprof in %s, also saw \"%s\"", profile_dir,
	 other_files (profile_dir, "u.pathprof"));
  remove (profile);
}

/* The grandchild: counts its own path, dumps (or not), exits.  */

static void
forked_child (int dump)
{
  check (tu.counters[1] == 0, "after fork the child's counters are zero",
	 "expected 0, saw %" PRIu64, tu.counters[1]);
  tu.counters[2] = 1;
  __pathprof_count_hashed (&tu.fn[1], 77);
  if (dump)
    pathprof_dump ();
  exit (0);
}

/* The program: counts, forks a child, waits for it, counts more.  With
   ARG, the child calls pathprof_dump before it exits.  */

static void
forking_program (void *arg)
{
  pid_t pid;
  int status;

  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 5;
  __pathprof_count_hashed (&tu.fn[1], 66);
  pid = fork ();
  if (pid == 0)
    forked_child (arg != NULL);
  waitpid (pid, &status, 0);
  check (tu.counters[1] == 5, "the parent keeps its counts after fork",
	 "expected 5, saw %" PRIu64, tu.counters[1]);
  tu.counters[3] = 1;
}

static void
test_fork (void)
{
  ppf_file f;

  for (int dump = 0; dump < 2; dump++)
    {
      char what[100];

      run_child (forking_program, dump ? (void *) 1 : NULL, NULL, NULL);
      snprintf (what, sizeof what, "fork%s: parent and child counted once "
		"each, two runs", dump ? " with a dump in the child" : "");
      if (read_profile (what, profile, &f))
	{
	  check (f.runs == 2 && profile_count (&f, 0, 1) == 5
		 && profile_count (&f, 0, 2) == 1
		 && profile_count (&f, 0, 3) == 1
		 && profile_count (&f, 1, 66) == 1
		 && profile_count (&f, 1, 77) == 1, what,
		 "expected runs 2, paths 1/2/3 = 5/1/1, big 66/77 = 1/1, saw "
		 "runs %" PRIu64 ", %" PRIu64 "/%" PRIu64 "/%" PRIu64 ", %"
		 PRIu64 "/%" PRIu64, f.runs, profile_count (&f, 0, 1),
		 profile_count (&f, 0, 2), profile_count (&f, 0, 3),
		 profile_count (&f, 1, 66), profile_count (&f, 1, 77));
	  ppf_file_free (&f);
	}
      remove (profile);
    }
}

/* The program: counts, forks with syscall (SYS_fork), which runs no
   pthread_atfork handler; the child counts and exits through exit ().  */

static void
raw_forking_program (void *arg)
{
  pid_t pid;
  int status;

  (void) arg;
  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 5;
  __pathprof_count_hashed (&tu.fn[1], 66);
  fflush (NULL);
  pid = (pid_t) syscall (SYS_fork);
  if (pid == 0)
    {
      tu.counters[2] = 1;
      exit (0);
    }
  waitpid (pid, &status, 0);
  tu.counters[3] = 1;
}

static void
test_raw_fork (void)
{
  ppf_file f;

  run_child (raw_forking_program, NULL, NULL, NULL);
  if (read_profile ("raw fork: profile", profile, &f))
    {
      check (f.runs == 2 && profile_count (&f, 0, 1) == 5
	     && profile_count (&f, 0, 2) == 0
	     && profile_count (&f, 0, 3) == 1
	     && profile_count (&f, 1, 66) == 1,
	     "raw fork: the parent's counts once, the child's run counted",
	     "expected runs 2, paths 1/2/3 = 5/0/1, big 66 = 1, saw runs %"
	     PRIu64 ", %" PRIu64 "/%" PRIu64 "/%" PRIu64 ", %" PRIu64, f.runs,
	     profile_count (&f, 0, 1), profile_count (&f, 0, 2),
	     profile_count (&f, 0, 3), profile_count (&f, 1, 66));
      ppf_file_free (&f);
    }
  remove (profile);
}

int
main (void)
{
  unit_test_init ();
  make_temp_dir (dir, sizeof dir, "procs");
  snprintf (profile_dir, sizeof profile_dir, "%s/deep/er", dir);
  snprintf (profile, sizeof profile, "%s/u.pathprof", profile_dir);
  test_concurrent ();
  test_fork ();
  test_raw_fork ();
  remove_tree (dir);
  return unit_test_report ();
}
