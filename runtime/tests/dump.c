/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writing and merging profiles: the first run creates the file, later
   runs add to it and count one run each; pathprof_dump writes what was
   counted since the last write and zeroes it, so a dump followed by exit
   counts one run and nothing twice; pathprof_reset discards counts; a
   repeated dump with nothing new leaves the file alone; errno survives
   every entry point; PATHPROF_PREFIX and PATHPROF_PREFIX_STRIP relocate
   the file as GCOV_PREFIX and GCOV_PREFIX_STRIP do.  */

#include "rt-test.h"

static char dir[256], profile[300];
static struct test_unit tu;

/* Register the test unit for FILENAME in this (child) process.  */

static void
start (const char *filename)
{
  test_unit_init (&tu, filename, "A", 0);
  __pathprof_register (&tu.unit);
}

/* Run 1: dense and hashed counts, written at exit.  */

static void
first_run (void *arg)
{
  (void) arg;
  start (profile);
  tu.counters[1] = 5;
  tu.counters[6] = 2;
  for (int i = 0; i < 3; i++)
    __pathprof_count_hashed (&tu.fn[1], 123456789);
  __pathprof_count_hashed (&tu.fn[1], 7);
}

/* Run 2: a dump in the middle, more counts, then exit.  Checks in the
   child that the dump left the counters alone and kept errno.  */

static void
dump_then_exit (void *arg)
{
  ppf_file f;
  int result;

  (void) arg;
  start (profile);
  tu.counters[1] = 1;
  __pathprof_count_hashed (&tu.fn[1], 7);
  errno = EDOM;
  result = pathprof_dump ();
  check (result == 0 && errno == EDOM, "pathprof_dump returns 0 and keeps "
	 "errno", "expected 0 and EDOM, saw %d and %s", result,
	 strerror (errno));
  check (tu.counters[1] == 1, "pathprof_dump leaves the counters as they "
	 "were (a write apart records what it took beside them)",
	 "expected 1, saw %" PRIu64, tu.counters[1]);
  if (read_profile ("profile after pathprof_dump", profile, &f))
    {
      check (f.runs == 2 && profile_count (&f, 0, 1) == 6
	     && profile_count (&f, 1, 7) == 2, "pathprof_dump merged into "
	     "the file", "expected runs 2, path 1 = 6, big path 7 = 2, saw "
	     "runs %" PRIu64 ", %" PRIu64 ", %" PRIu64, f.runs,
	     profile_count (&f, 0, 1), profile_count (&f, 1, 7));
      ppf_file_free (&f);
    }
  tu.counters[2] = 4;
  __pathprof_count_hashed (&tu.fn[1], 99);
}

/* Run 3: two dumps with nothing new in between; the second must not
   rewrite the file.  The profile is rewritten in place (same inode
   either way), so the check is its modification time, set far in the
   past between the two dumps: a rewrite would make it now.  */

static void
repeated_dumps (void *arg)
{
  struct timespec past[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
  struct stat after;

  (void) arg;
  start (profile);
  tu.counters[3] = 1;
  pathprof_dump ();
  if (utimensat (AT_FDCWD, profile, past, 0) != 0)
    check (0, "test setup", "expected to set the times of %s", profile);
  pathprof_dump ();
  if (stat (profile, &after) != 0)
    after.st_mtime = 0;
  check (after.st_mtime == past[1].tv_sec, "a dump with nothing new does "
	 "not rewrite the file", "expected mtime %ld, saw %ld",
	 (long) past[1].tv_sec, (long) after.st_mtime);
}

/* Run 4: counts then pathprof_reset: only what is counted after it is
   added, one run.  */

static void
reset_run (void *arg)
{
  (void) arg;
  start (profile);
  tu.counters[5] = 100;
  __pathprof_count_hashed (&tu.fn[1], 55);
  errno = ERANGE;
  pathprof_reset ();
  check (errno == ERANGE && tu.counters[5] == 100, "pathprof_reset keeps "
	 "errno and leaves the counters as they were (threads may be "
	 "counting): it forgets them", "expected counter 100 and ERANGE, saw %"
	 PRIu64 " and %s", tu.counters[5], strerror (errno));
  tu.counters[5]++;
}

/* The runs above, checked from the parent.  */

static void
test_runs (void)
{
  ppf_file f;
  char objdir[300];
  int status;

  snprintf (profile, sizeof profile, "%s/obj/loop.pathprof", dir);
  status = run_child (first_run, NULL, NULL, NULL);
  check (exited_with (status, 0), "first run exits 0", "expected 0, saw "
	 "status %d", status);
  if (read_profile ("first run wrote a profile", profile, &f))
    {
      check (f.runs == 1 && f.num_functions == 2
	     && !strcmp (f.unit_name, "loop.c"), "first run: header",
	     "expected runs 1, 2 functions, unit loop.c, saw %" PRIu64
	     ", %u, %s", f.runs, (unsigned) f.num_functions, f.unit_name);
      check (f.functions[0].num_counts == 2 && profile_count (&f, 0, 1) == 5
	     && profile_count (&f, 0, 6) == 2, "first run: dense counts",
	     "expected path 1 = 5, path 6 = 2 only, saw %" PRIu64 " counts",
	     f.functions[0].num_counts);
      check (f.functions[1].num_counts == 2
	     && profile_count (&f, 1, 7) == 1
	     && profile_count (&f, 1, 123456789) == 3,
	     "first run: hashed counts", "expected path 7 = 1, path "
	     "123456789 = 3, saw %" PRIu64 " counts",
	     f.functions[1].num_counts);
      struct test_unit ref;

      test_unit_init (&ref, profile, "A", 0);
      check (f.functions[0].meta_size == ref.fn[0].meta_size
	     && !memcmp (f.functions[0].meta, ref.fn[0].meta,
			 ref.fn[0].meta_size)
	     && f.functions[1].meta_size == ref.fn[1].meta_size
	     && !memcmp (f.functions[1].meta, ref.fn[1].meta,
			 ref.fn[1].meta_size),
	     "first run: metas copied byte for byte", "expected the unit's "
	     "metas of %" PRIu64 " and %" PRIu64 " bytes",
	     ref.fn[0].meta_size, ref.fn[1].meta_size);
      free ((void *) ref.fn[0].meta);
      free ((void *) ref.fn[1].meta);
      ppf_file_free (&f);
    }
  snprintf (objdir, sizeof objdir, "%s/obj", dir);
  check (!*other_files (objdir, "loop.pathprof"), "the first run leaves "
	 "the profile and nothing else (no lock, temporary or journal)",
	 "expected only loop.pathprof in %s, also saw \"%s\"", objdir,
	 other_files (objdir, "loop.pathprof"));

  run_child (dump_then_exit, NULL, NULL, NULL);
  if (read_profile ("dump then exit", profile, &f))
    {
      check (f.runs == 2, "dump then exit counts one run", "expected 2, "
	     "saw %" PRIu64, f.runs);
      check (profile_count (&f, 0, 1) == 6 && profile_count (&f, 0, 2) == 4
	     && profile_count (&f, 0, 6) == 2, "dump then exit: dense counts "
	     "merged once", "expected 6, 4, 2, saw %" PRIu64 ", %" PRIu64
	     ", %" PRIu64, profile_count (&f, 0, 1), profile_count (&f, 0, 2),
	     profile_count (&f, 0, 6));
      check (profile_count (&f, 1, 7) == 2 && profile_count (&f, 1, 99) == 1
	     && profile_count (&f, 1, 123456789) == 3, "dump then exit: hashed "
	     "counts merged once", "expected 2, 1, 3, saw %" PRIu64 ", %"
	     PRIu64 ", %" PRIu64, profile_count (&f, 1, 7),
	     profile_count (&f, 1, 99), profile_count (&f, 1, 123456789));
      ppf_file_free (&f);
    }

  run_child (repeated_dumps, NULL, NULL, NULL);
  run_child (reset_run, NULL, NULL, NULL);
  if (read_profile ("after reset run", profile, &f))
    {
      check (f.runs == 4 && profile_count (&f, 0, 3) == 1
	     && profile_count (&f, 0, 5) == 1 && profile_count (&f, 1, 55) == 0,
	     "reset discards counts, the run still counts", "expected runs 4, "
	     "path 3 = 1, path 5 = 1, big 55 = 0, saw %" PRIu64 ", %" PRIu64
	     ", %" PRIu64 ", %" PRIu64, f.runs, profile_count (&f, 0, 3),
	     profile_count (&f, 0, 5), profile_count (&f, 1, 55));
      ppf_file_free (&f);
    }
}

/* A run that writes FILENAME under the environment set in the parent.  */

static void
relocated_run (void *arg)
{
  start (arg);
  tu.counters[0] = 1;
}

/* Run with PATHPROF_PREFIX=PREFIX and PATHPROF_PREFIX_STRIP=STRIP (NULL:
   unset) from directory CWD; check that EXPECTED appears.  */

static void
check_relocation (const char *what, const char *filename, const char *prefix,
		  const char *strip, const char *cwd, const char *expected)
{
  char old_cwd[512];

  if (prefix)
    setenv ("PATHPROF_PREFIX", prefix, 1);
  else
    unsetenv ("PATHPROF_PREFIX");
  if (strip)
    setenv ("PATHPROF_PREFIX_STRIP", strip, 1);
  else
    unsetenv ("PATHPROF_PREFIX_STRIP");
  if (!getcwd (old_cwd, sizeof old_cwd) || chdir (cwd) != 0)
    {
      check (0, what, "expected to enter %s", cwd);
      return;
    }
  run_child (relocated_run, (void *) filename, NULL, NULL);
  check (exists (expected), what, "expected %s to exist", expected);
  if (chdir (old_cwd) != 0)
    abort ();
  unsetenv ("PATHPROF_PREFIX");
  unsetenv ("PATHPROF_PREFIX_STRIP");
}

/* PATHPROF_PREFIX and PATHPROF_PREFIX_STRIP, as libgcov.  */

static void
test_relocation (void)
{
  char prefix[300], slash_prefix[300], expected[400];

  snprintf (prefix, sizeof prefix, "%s/relocated", dir);
  snprintf (slash_prefix, sizeof slash_prefix, "%s/relocated/", dir);

  snprintf (expected, sizeof expected,
	    "%s/relocated/build/dir/sub/u.pathprof", dir);
  check_relocation ("PATHPROF_PREFIX prepends, creating directories",
		    "/build/dir/sub/u.pathprof", prefix, NULL, dir, expected);

  snprintf (expected, sizeof expected, "%s/relocated/sub/u2.pathprof", dir);
  check_relocation ("PATHPROF_PREFIX_STRIP=2 drops two directories",
		    "/build/dir/sub/u2.pathprof", prefix, "2", dir, expected);

  snprintf (expected, sizeof expected, "%s/relocated/sub/u3.pathprof", dir);
  check_relocation ("a trailing slash on the prefix is dropped",
		    "/build/dir/sub/u3.pathprof", slash_prefix, "2", dir,
		    expected);

  snprintf (expected, sizeof expected, "%s/relocated/u4.pathprof", dir);
  check_relocation ("stripping more than there is keeps the last part",
		    "/build/dir/u4.pathprof", prefix, "10", dir, expected);

  snprintf (expected, sizeof expected, "%s/dir/u5.pathprof", dir);
  check_relocation ("PATHPROF_PREFIX_STRIP alone is relative to the "
		    "current directory", "/build/dir/u5.pathprof", NULL, "1",
		    dir, expected);

  snprintf (expected, sizeof expected, "%s/relocated/rel/u6.pathprof", dir);
  check_relocation ("a relative name gets a slash after the prefix",
		    "rel/u6.pathprof", prefix, NULL, dir, expected);

  snprintf (expected, sizeof expected, "%s/plain/u7.pathprof", dir);
  check_relocation ("negative PATHPROF_PREFIX_STRIP is ignored", expected,
		    NULL, "-3", dir, expected);
}

int
main (void)
{
  unit_test_init ();
  make_temp_dir (dir, sizeof dir, "dump");
  test_runs ();
  test_relocation ();
  remove_tree (dir);
  return unit_test_report ();
}
