/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program cannot tell it was profiled: a profile is rewritten in
   place, so its inode, mode and owner stay what they were (a program
   that lists its directory and compares inode numbers, as GNU awk's test
   suite does, sees no change), and after a normal exit nothing but the
   profile is left in its directory: no lock file, no temporary file, no
   journal.  Checked after one run, a dump then exit, a fork (parent and
   child both write) and 32 processes exiting at the same moment (exact
   counts).  Then processes that wait for the lock while its holder
   moves the file aside notice it and write into the new file: 16 at
   once over a damaged profile and over another build's, and the one
   file moved aside is untouched.  */

#include "rt-test.h"

static char dir[256], profile[300];
static struct test_unit tu;
static const char *build = "A";

#define PROCESSES 32

/* A run: counts loop path 1 twice and big path 10 once, with a dump
   first if ARG is not NULL, then exits.  */

static void
program (void *arg)
{
  test_unit_init (&tu, profile, build, 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 2;
  __pathprof_count_hashed (&tu.fn[1], 10);
  if (arg)
    {
      pathprof_dump ();
      tu.counters[1]++;
    }
}

/* A run that forks: parent and child both count and exit.  */

static void
forking_program (void *arg)
{
  pid_t pid;
  int status;

  (void) arg;
  test_unit_init (&tu, profile, build, 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 2;
  fflush (NULL);
  pid = fork ();
  if (pid == 0)
    {
      tu.counters[1] = 1;
      exit (0);
    }
  waitpid (pid, &status, 0);
}

/* Check that PROFILE is still the file BEFORE described (inode, device,
   mode, owner), that nothing else is in DIR, and that it holds RUNS runs
   and PATH1 on loop path 1.  WHAT names the case.  */

static void
check_same_file (const char *what, const struct stat *before, uint64_t runs,
		 uint64_t path1)
{
  struct stat after;
  char name[200];
  ppf_file f;

  snprintf (name, sizeof name, "%s: same inode, mode and owner", what);
  if (stat (profile, &after) != 0)
    memset (&after, 0, sizeof after);
  check (after.st_ino == before->st_ino && after.st_dev == before->st_dev
	 && after.st_mode == before->st_mode && after.st_uid == before->st_uid
	 && after.st_gid == before->st_gid, name, "expected inode %lu mode "
	 "%o owner %d:%d, saw inode %lu mode %o owner %d:%d",
	 (unsigned long) before->st_ino, (unsigned) before->st_mode,
	 (int) before->st_uid, (int) before->st_gid,
	 (unsigned long) after.st_ino, (unsigned) after.st_mode,
	 (int) after.st_uid, (int) after.st_gid);
  snprintf (name, sizeof name, "%s: the profile and nothing else", what);
  check (!*other_files (dir, "u.pathprof"), name, "expected only u.pathprof "
	 "in %s, also saw \"%s\"", dir, other_files (dir, "u.pathprof"));
  snprintf (name, sizeof name, "%s: counts merged", what);
  if (read_profile (name, profile, &f))
    {
      check (f.runs == runs && profile_count (&f, 0, 1) == path1, name,
	     "expected runs %" PRIu64 ", path 1 = %" PRIu64 ", saw %" PRIu64
	     ", %" PRIu64, runs, path1, f.runs, profile_count (&f, 0, 1));
      ppf_file_free (&f);
    }
}

/* Start N copies of program at once (a pipe closing is the signal) and
   wait for them all; 1 if all exited normally.  */

static int
run_at_once (int n)
{
  pid_t pids[PROCESSES];
  int start[2], ok = 1;
  char c;

  if (pipe (start) != 0)
    return 0;
  fflush (NULL);
  for (int i = 0; i < n; i++)
    {
      pids[i] = fork ();
      if (pids[i] == 0)
	{
	  close (start[1]);
	  while (read (start[0], &c, 1) < 0 && errno == EINTR)
	    ;
	  program (NULL);
	  exit (0);
	}
    }
  close (start[0]);
  close (start[1]);
  for (int i = 0; i < n; i++)
    {
      int status;

      waitpid (pids[i], &status, 0);
      ok &= exited_with (status, 0);
    }
  return ok;
}

static void
test_same_file (void)
{
  struct stat before;

  run_child (program, NULL, NULL, NULL);
  check (!*other_files (dir, "u.pathprof"), "first run: the profile and "
	 "nothing else", "expected only u.pathprof, also saw \"%s\"",
	 other_files (dir, "u.pathprof"));
  /* A mode the runtime would not choose, to see that it is kept.  */
  if (chmod (profile, 0604) != 0 || stat (profile, &before) != 0)
    {
      check (0, "test setup", "expected to chmod %s", profile);
      return;
    }
  run_child (program, NULL, NULL, NULL);
  check_same_file ("second run", &before, 2, 4);
  run_child (program, (void *) 1, NULL, NULL);
  check_same_file ("dump then exit", &before, 3, 7);
  run_child (forking_program, NULL, NULL, NULL);
  check_same_file ("fork", &before, 5, 10);
  check (run_at_once (PROCESSES), "32 processes at once exit normally",
	 "expected exit 0 from all");
  check_same_file ("32 processes at once", &before, 5 + PROCESSES,
		   10 + 2 * PROCESSES);
  remove (profile);
}

/* 16 processes at once over a file the first of them moves aside to
   SUFFIX: all counts in the new profile (with those of another build's
   functions of this build), the file moved aside intact.  */

static void
test_moved_while_waiting (const char *suffix, const unsigned char *old,
			  size_t old_size)
{
  char aside[320], name[200];
  unsigned char *kept;
  size_t kept_size = 0;
  ppf_file f;
  FILE *in;
  int ok;

  snprintf (aside, sizeof aside, "%s%s", profile, suffix);
  in = fopen (profile, "wb");
  if (!in || fwrite (old, 1, old_size, in) != old_size || fclose (in) != 0)
    {
      check (0, "test setup", "expected to write %s", profile);
      return;
    }
  setenv ("PATHPROF_QUIET", "1", 1);
  ok = run_at_once (16);
  unsetenv ("PATHPROF_QUIET");
  snprintf (name, sizeof name, "16 at once over a file moved to %s: every "
	    "run in the new profile", suffix);
  /* Another build's profile gives its one run and its function "big",
     the same in both builds, to the new profile, once (the process
     that moved it aside), "loop" nothing.  */
  if (ok && read_profile (name, profile, &f))
    {
      uint64_t kept = strcmp (suffix, ".stale") == 0;

      check (f.runs == 16 + kept && profile_count (&f, 0, 1) == 32
	     && profile_count (&f, 1, 10) == 16 + kept, name, "expected runs "
	     "%" PRIu64 ", path 1 = 32, big 10 = %" PRIu64 ", saw %" PRIu64
	     ", %" PRIu64 ", %" PRIu64, 16 + kept, 16 + kept, f.runs,
	     profile_count (&f, 0, 1), profile_count (&f, 1, 10));
      ppf_file_free (&f);
    }
  in = fopen (aside, "rb");
  kept = malloc (old_size + 1);
  if (in && kept)
    kept_size = fread (kept, 1, old_size + 1, in);
  if (in)
    fclose (in);
  snprintf (name, sizeof name, "16 at once over a file moved to %s: that "
	    "file untouched, nothing else left", suffix);
  check (kept && kept_size == old_size && !memcmp (kept, old, old_size)
	 && !strcmp (other_files (dir, "u.pathprof"), aside + strlen (dir)
		     + 1), name, "expected %zu bytes as they were in %s and "
	 "nothing else, saw %zu bytes and \"%s\"", old_size, aside, kept_size,
	 other_files (dir, "u.pathprof"));
  free (kept);
  remove (aside);
  remove (profile);
}

int
main (void)
{
  const char *garbage = "not a profile at all\n";
  unsigned char *stale;
  size_t stale_size;
  FILE *in;

  unit_test_init ();
  unsetenv ("PATHPROF_QUIET");
  unsetenv ("PATHPROF_ERROR_FILE");
  unsetenv ("PATHPROF_PREFIX");
  unsetenv ("PATHPROF_PREFIX_STRIP");
  make_temp_dir (dir, sizeof dir, "inplace");
  snprintf (profile, sizeof profile, "%s/u.pathprof", dir);
  test_same_file ();

  test_moved_while_waiting (".bad", (const unsigned char *) garbage,
			    strlen (garbage));
  /* Another build's profile: one run of build B.  */
  build = "B";
  run_child (program, NULL, NULL, NULL);
  build = "A";
  stale = malloc (1 << 16);
  in = fopen (profile, "rb");
  stale_size = in && stale ? fread (stale, 1, 1 << 16, in) : 0;
  if (in)
    fclose (in);
  if (check (stale_size > 0, "test setup: build B's profile",
	     "expected bytes in %s", profile))
    test_moved_while_waiting (".stale", stale, stale_size);
  free (stale);
  remove_tree (dir);
  return unit_test_report ();
}
