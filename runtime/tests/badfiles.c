/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the runtime does with files it cannot use, and with units it
   must not trust: a profile of another build is moved to .stale and a
   new one written, with the counts and runs of the functions of this
   build kept from it; a file that does not decode (garbage, truncated,
   damaged, another version of the format) is moved to .bad; a directory
   where the profile should be, a directory that cannot be created, or a
   path through a regular file give one message and leave the program's
   output and exit status alone; pathprof_dump returns -1 then and keeps
   the counts for a later dump; messages go to PATHPROF_ERROR_FILE or
   nowhere with PATHPROF_QUIET; a unit of another ABI is refused with a
   message; a unit registered twice is written once;
   __pathprof_unregister writes at once, and again after the exit
   handler for counts made later, without counting a second run.  */

#include "rt-test.h"
#include "tests/old-versions.h"

static char dir[256], profile[300], err_path[300], out_path[300];
static struct test_unit tu;
static const char *build = "A";

/* A run of build BUILD writing FILENAME (ARG): counts path 1 twice, says
   hello on stdout and exits with 42.  */

static void
program (void *arg)
{
  test_unit_init (&tu, arg, build, 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 2;
  __pathprof_count_hashed (&tu.fn[1], 10);
  printf ("hello\n");
  exit (42);
}

/* Run the program on PROFILE; check its exit status and output are its
   own.  WHAT names the case.  */

static void
run_program (const char *what)
{
  char name[200];
  int status = run_child (program, profile, err_path, out_path);

  snprintf (name, sizeof name, "%s: exit status and output unchanged",
	    what);
  check (exited_with (status, 42) && !strcmp (file_text (out_path),
					      "hello\n"), name,
	 "expected exit 42 and \"hello\\n\", saw status %d and \"%s\"",
	 status, file_text (out_path));
}

/* Check that PROFILE holds one fresh run of the program.  */

static void
check_fresh (const char *what)
{
  ppf_file f;

  if (read_profile (what, profile, &f))
    {
      check (f.runs == 1 && profile_count (&f, 0, 1) == 2
	     && profile_count (&f, 1, 10) == 1, what, "expected runs 1, "
	     "path 1 = 2, big path 10 = 1, saw %" PRIu64 ", %" PRIu64 ", %"
	     PRIu64, f.runs, profile_count (&f, 0, 1),
	     profile_count (&f, 1, 10));
      ppf_file_free (&f);
    }
}

/* Write LEN bytes of DATA to PATH.  */

static void
write_file (const char *path, const void *data, size_t len)
{
  FILE *f = fopen (path, "wb");

  if (!f || fwrite (data, 1, len, f) != len || fclose (f) != 0)
    check (0, "test setup", "expected to write %s", path);
}

/* A profile of estimates (a sampled one, issue 32) where this exact
   build writes: another build's, moved aside whole.  */

static void
test_sampled_over_exact (void)
{
  char stale[320], expected[800];
  unsigned char *buf = NULL;
  size_t size = 0;
  ppf_file f;

  snprintf (stale, sizeof stale, "%s.stale", profile);
  run_program ("exact build");
  if (!read_profile ("sampled: the exact profile", profile, &f))
    return;
  f.flags |= PPF_FILE_SAMPLED;
  f.sample_period = 1000;
  for (uint32_t i = 0; i < f.num_functions; i++)
    for (uint64_t k = 0; k < f.functions[i].num_counts; k++)
      f.functions[i].counts[k].samples = f.functions[i].counts[k].count;
  check (ppf_encode (&f, &buf, &size) == PPF_OK, "sampled: encoded",
	 "expected PPF_OK");
  ppf_file_free (&f);
  write_file (profile, buf, size);
  free (buf);
  run_program ("exact build over a sampled profile");
  snprintf (expected, sizeof expected, "pathprof: %s: profile of another "
	    "build (it holds estimates from samples, this build counts "
	    "exactly); moved to %s\n", profile, stale);
  check_str ("sampled: one message", expected, file_text (err_path));
  if (read_profile ("sampled: .stale is the sampled profile", stale, &f))
    {
      check (f.flags & PPF_FILE_SAMPLED, "sampled: .stale still sampled",
	     "expected the flag");
      ppf_file_free (&f);
    }
  check_fresh ("sampled: a fresh exact profile, nothing of the samples");
  remove (stale);
  remove (profile);
}

/* Stale: build A's profile, then a run of build B.  */

static void
test_stale (void)
{
  char stale[320], expected[800];
  ppf_file f;

  snprintf (stale, sizeof stale, "%s.stale", profile);
  build = "A";
  run_program ("build A");
  build = "B";
  run_program ("build B over A");
  snprintf (expected, sizeof expected, "pathprof: %s: profile of another "
	    "build (function loop differs); moved to %s; the counts of its 1 "
	    "function of this build kept\n", profile, stale);
  check (!strcmp (file_text (err_path), expected), "stale: one message",
	 "expected \"%s\", saw \"%s\"", expected, file_text (err_path));
  if (read_profile ("stale: the old profile is kept as .stale", stale, &f))
    {
      check (f.runs == 1 && memmem (f.functions[0].meta,
				    f.functions[0].meta_size, "[A]", 3),
	     "stale: .stale holds build A's profile", "expected build A, "
	     "one run");
      ppf_file_free (&f);
    }
  /* One rule for another build, per function: "loop" starts afresh,
     "big", the same in both builds, keeps build A's count and run.  */
  if (read_profile ("stale: build B's profile", profile, &f))
    {
      check (f.runs == 2 && profile_count (&f, 0, 1) == 2
	     && profile_count (&f, 1, 10) == 2,
	     "stale: loop afresh, big's counts and the run kept",
	     "expected runs 2, path 1 = 2, big path 10 = 2, saw %" PRIu64
	     ", %" PRIu64 ", %" PRIu64, f.runs, profile_count (&f, 0, 1),
	     profile_count (&f, 1, 10));
      ppf_file_free (&f);
    }
  check (!strcmp (other_files (dir, "u.pathprof"), "io u.pathprof.stale"),
	 "stale: the profile and .stale, nothing else", "expected \"io "
	 "u.pathprof.stale\" besides u.pathprof, saw \"%s\"",
	 other_files (dir, "u.pathprof"));
  if (read_profile ("stale: fresh profile", profile, &f))
    {
      check (memmem (f.functions[0].meta, f.functions[0].meta_size, "[B]",
		     3) != NULL,
	     "stale: the fresh profile is build B's", "expected [B] in the "
	     "meta");
      ppf_file_free (&f);
    }
  build = "A";
  remove (stale);
  remove (profile);
}

/* A profile of this build in an earlier version of the format (2): not
   bad, not stale: merged, rewritten whole as version 3, with nothing
   said; the next run adds to the version 3 file.  */

static void
test_old_version (void)
{
  unsigned char *old;
  size_t size;
  ppf_file f;

  run_program ("version 2: first run");
  if (!read_profile ("version 2: setup", profile, &f))
    return;
  old = encode_old_version (&f, 2, &size);
  ppf_file_free (&f);
  write_file (profile, old, size);
  free (old);
  for (uint64_t run = 2; run <= 3; run++)
    {
      char what[100];

      snprintf (what, sizeof what, "version %s: run %" PRIu64,
		run == 2 ? "2" : "3", run);
      run_program (what);
      check (!strcmp (file_text (err_path), ""), what,
	     "expected no message, saw \"%s\"", file_text (err_path));
      if (read_profile (what, profile, &f))
	{
	  check (f.version == 3 && f.runs == run
		 && profile_count (&f, 0, 1) == 2 * run
		 && profile_count (&f, 1, 10) == run, what,
		 "expected version 3, runs %" PRIu64 ", path 1 = %" PRIu64
		 ", big path 10 = %" PRIu64 "; saw version %u, %" PRIu64
		 ", %" PRIu64 ", %" PRIu64, run, 2 * run, run,
		 (unsigned) f.version, f.runs, profile_count (&f, 0, 1),
		 profile_count (&f, 1, 10));
	  ppf_file_free (&f);
	}
      check (!strcmp (other_files (dir, "u.pathprof"), "io"), what,
	     "expected nothing beside the profile but io, saw \"%s\"",
	     other_files (dir, "u.pathprof"));
    }
  remove (profile);
}

/* A file that does not decode: garbage, or a valid file cut short.  */

static void
test_bad (void)
{
  char bad[320], expected[700];
  const char *garbage = "hello, world\n";
  unsigned char *valid;
  size_t size;
  FILE *f;

  snprintf (bad, sizeof bad, "%s.bad", profile);
  write_file (profile, garbage, strlen (garbage));
  run_program ("garbage");
  snprintf (expected, sizeof expected, "pathprof: %s: not a .pathprof file "
	    "(bad magic); moved to %s\n", profile, bad);
  check (!strcmp (file_text (err_path), expected), "garbage: one message",
	 "expected \"%s\", saw \"%s\"", expected, file_text (err_path));
  check (!strcmp (file_text (bad), garbage), "garbage: moved to .bad "
	 "intact", "expected the garbage in %s", bad);
  check_fresh ("garbage: a fresh profile");

  /* Now cut the fresh profile short by five bytes.  */
  f = fopen (profile, "rb");
  valid = malloc (1 << 16);
  size = f ? fread (valid, 1, 1 << 16, f) : 0;
  if (f)
    fclose (f);
  if (!check (size > 100, "test setup: a valid profile to damage",
	      "expected over 100 bytes, saw %zu", size))
    {
      free (valid);
      return;
    }
  write_file (profile, valid, size - 5);
  run_program ("truncated");
  check_contains ("truncated: message says truncated", file_text (err_path),
		  ": truncated: ");
  check_contains ("truncated: message says where it went",
		  file_text (err_path), "; moved to ");
  check_fresh ("truncated: a fresh profile");
  check (exists (bad), "truncated: moved to .bad", "expected %s", bad);

  /* A damaged byte: the checksum catches it.  */
  valid[size - 20] ^= 0x10;
  write_file (profile, valid, size);
  run_program ("damaged");
  check_contains ("damaged: message", file_text (err_path),
		  "checksum mismatch");
  check_fresh ("damaged: a fresh profile");

  /* Another version of the format (the u32 after the 8-byte magic).  */
  valid[size - 20] ^= 0x10;
  valid[8] = 4;
  write_file (profile, valid, size);
  run_program ("wrong version");
  snprintf (expected, sizeof expected, "pathprof: %s: unsupported version "
	    "4 (this reader knows versions 1 to 3); moved to %s\n", profile,
	    bad);
  check (!strcmp (file_text (err_path), expected), "wrong version: one "
	 "message", "expected \"%s\", saw \"%s\"", expected,
	 file_text (err_path));
  check_fresh ("wrong version: a fresh profile");
  free (valid);
  remove (bad);
  remove (profile);
}

/* A directory where the profile should be.  */

static void
test_directory (void)
{
  char expected[700], sub[320];

  mkdir (profile, 0755);
  run_program ("directory");
  snprintf (expected, sizeof expected, "pathprof: %s: is a directory; "
	    "profile not written\n", profile);
  check (!strcmp (file_text (err_path), expected), "directory: one message",
	 "expected \"%s\", saw \"%s\"", expected, file_text (err_path));
  check (!strcmp (other_files (dir, "u.pathprof"), "io"), "directory: no "
	 "other file left", "expected only u.pathprof in %s, also saw \"%s\"",
	 dir, other_files (dir, "u.pathprof"));
  snprintf (sub, sizeof sub, "%s", profile);
  check (rmdir (sub) == 0, "directory: left as it was", "expected an empty "
	 "directory at %s", profile);
}

/* A directory that cannot be created: under /proc (refused even to
   root), and below a regular file.  */

static void
test_unwritable (void)
{
  char file[320], below[400];
  int status;

  status = run_child (program, "/proc/pathprof-test/sub/u.pathprof",
		      err_path, out_path);
  check (exited_with (status, 42) && !strcmp (file_text (out_path),
					      "hello\n"),
	 "uncreatable directory: exit status and output unchanged",
	 "expected exit 42 and hello, saw %d", status);
  check_contains ("uncreatable directory: message names the file",
		  file_text (err_path),
		  "pathprof: /proc/pathprof-test/sub/u.pathprof: cannot create "
		  "directory /proc/pathprof-test: ");
  check_contains ("uncreatable directory: message ends as promised",
		  file_text (err_path), "; profile not written\n");

  snprintf (file, sizeof file, "%s/plainfile", dir);
  write_file (file, "x", 1);
  snprintf (below, sizeof below, "%s/sub/u.pathprof", file);
  status = run_child (program, below, err_path, out_path);
  check (exited_with (status, 42), "path through a regular file: exit "
	 "status unchanged", "expected 42, saw %d", status);
  check_contains ("path through a regular file: message with strerror",
		  file_text (err_path), strerror (ENOTDIR));
  remove (file);

  if (geteuid () != 0)
    {
      char ro[320], ro_profile[400];

      snprintf (ro, sizeof ro, "%s/readonly", dir);
      mkdir (ro, 0555);
      snprintf (ro_profile, sizeof ro_profile, "%s/u.pathprof", ro);
      status = run_child (program, ro_profile, err_path, out_path);
      check (exited_with (status, 42), "read-only directory: exit status "
	     "unchanged", "expected 42, saw %d", status);
      check_contains ("read-only directory: message with strerror",
		      file_text (err_path), strerror (EACCES));
      rmdir (ro);
    }
  else
    printf ("note: running as root: the read-only directory case is "
	    "covered by /proc only\n");
}

/* pathprof_dump returns -1 when it cannot write, keeps the counts, and a
   later dump that can write them does.  */

static void
retry_dump (void *arg)
{
  ppf_file f;
  int result;

  (void) arg;
  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[4] = 9;
  mkdir (profile, 0755);
  result = pathprof_dump ();
  check (result == -1, "failed dump returns -1", "expected -1, saw %d",
	 result);
  check_u64 ("failed dump keeps the counts", 9, tu.counters[4]);
  rmdir (profile);
  result = pathprof_dump ();
  check (result == 0, "retried dump returns 0", "expected 0, saw %d",
	 result);
  if (read_profile ("retried dump: profile", profile, &f))
    {
      check (f.runs == 1 && profile_count (&f, 0, 4) == 9, "retried dump "
	     "writes the kept counts", "expected runs 1, path 4 = 9, saw %"
	     PRIu64 ", %" PRIu64, f.runs, profile_count (&f, 0, 4));
      ppf_file_free (&f);
    }
}

/* PATHPROF_ERROR_FILE and PATHPROF_QUIET.  */

static void
test_messages (void)
{
  char log[320];
  const char *garbage = "garbage";

  snprintf (log, sizeof log, "%s/messages.log", dir);
  write_file (log, "earlier line\n", 13);
  setenv ("PATHPROF_ERROR_FILE", log, 1);
  write_file (profile, garbage, strlen (garbage));
  run_program ("error file");
  check (!strcmp (file_text (err_path), ""), "PATHPROF_ERROR_FILE: nothing "
	 "on stderr", "expected nothing, saw \"%s\"", file_text (err_path));
  check (!strncmp (file_text (log), "earlier line\npathprof: ", 23)
	 && strstr (file_text (log), "moved to"),
	 "PATHPROF_ERROR_FILE: message appended",
	 "expected the earlier line then the message, saw \"%s\"",
	 file_text (log));
  unsetenv ("PATHPROF_ERROR_FILE");

  setenv ("PATHPROF_QUIET", "1", 1);
  write_file (profile, garbage, strlen (garbage));
  run_program ("quiet");
  check (!strcmp (file_text (err_path), ""), "PATHPROF_QUIET: no message",
	 "expected nothing, saw \"%s\"", file_text (err_path));
  check_fresh ("PATHPROF_QUIET: still writes a fresh profile");
  unsetenv ("PATHPROF_QUIET");
  remove (profile);
}

/* A unit of another ABI version.  */

static void
other_abi (void *arg)
{
  (void) arg;
  test_unit_init (&tu, profile, "A", 0);
  tu.unit.abi_version = 99;
  errno = EDOM;
  __pathprof_register (&tu.unit);
  check (errno == EDOM, "__pathprof_register keeps errno", "expected EDOM, "
	 "saw %s", strerror (errno));
  tu.counters[1] = 1;
}

/* Registered twice, counted once.  */

static void
twice (void *arg)
{
  (void) arg;
  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 2;
  __pathprof_count_hashed (&tu.fn[1], 10);
}

/* An exit handler registered before the unit runs after libpathprof's:
   it counts more and unregisters, as a late destructor would.  */

static void
late_destructor (void)
{
  tu.counters[7] = 3;
  __pathprof_unregister (&tu.unit);
}

/* Unregister writes at once; after the exit handler it writes what was
   counted later, counting no second run.  */

static void
unregister_run (void *arg)
{
  ppf_file f;

  (void) arg;
  atexit (late_destructor);
  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 2;
  __pathprof_count_hashed (&tu.fn[1], 10);
  errno = EDOM;
  __pathprof_unregister (&tu.unit);
  check (errno == EDOM, "__pathprof_unregister keeps errno",
	 "expected EDOM, saw %s", strerror (errno));
  if (read_profile ("unregister writes at once", profile, &f))
    {
      check (f.runs == 1 && profile_count (&f, 0, 1) == 2,
	     "unregister writes at once", "expected runs 1, path 1 = 2");
      ppf_file_free (&f);
    }
  /* Register again: the exit handler writes nothing new (no counts, run
     counted), then the late destructor adds path 7.  */
  __pathprof_register (&tu.unit);
}

static void
test_units (void)
{
  char expected[700];
  ppf_file f;

  run_child (other_abi, NULL, err_path, NULL);
  snprintf (expected, sizeof expected, "pathprof: loop.c: compiled for "
	    "pathprof runtime ABI 99, but this libpathprof implements ABI "
	    "%d; not profiled\n", PATHPROF_ABI_VERSION);
  check (!strcmp (file_text (err_path), expected), "other ABI: one message",
	 "expected \"%s\", saw \"%s\"", expected, file_text (err_path));
  check (!exists (profile), "other ABI: nothing written", "expected no %s",
	 profile);

  run_child (twice, NULL, err_path, NULL);
  check_fresh ("registered twice: written once");

  remove (profile);
  run_child (unregister_run, NULL, err_path, NULL);
  if (read_profile ("unregister after the exit handler", profile, &f))
    {
      check (f.runs == 1 && profile_count (&f, 0, 1) == 2
	     && profile_count (&f, 0, 7) == 3 && profile_count (&f, 1, 10) == 1,
	     "counts after the exit handler are written by unregister, one "
	     "run", "expected runs 1, path 1 = 2, path 7 = 3, big 10 = 1, saw %"
	     PRIu64 ", %" PRIu64 ", %" PRIu64 ", %" PRIu64, f.runs,
	     profile_count (&f, 0, 1), profile_count (&f, 0, 7),
	     profile_count (&f, 1, 10));
      ppf_file_free (&f);
    }
  check (!strcmp (file_text (err_path), ""), "no message in normal runs",
	 "expected nothing on stderr, saw \"%s\"", file_text (err_path));
  remove (profile);
}

int
main (void)
{
  unit_test_init ();
  unsetenv ("PATHPROF_QUIET");
  unsetenv ("PATHPROF_ERROR_FILE");
  unsetenv ("PATHPROF_PREFIX");
  unsetenv ("PATHPROF_PREFIX_STRIP");
  make_temp_dir (dir, sizeof dir, "bad");
  snprintf (profile, sizeof profile, "%s/u.pathprof", dir);
  /* The program's own output goes elsewhere: DIR holds only what the
     runtime leaves.  */
  snprintf (err_path, sizeof err_path, "%s/io", dir);
  mkdir (err_path, 0755);
  snprintf (err_path, sizeof err_path, "%s/io/stderr.txt", dir);
  snprintf (out_path, sizeof out_path, "%s/io/stdout.txt", dir);
  test_stale ();
  test_sampled_over_exact ();
  test_old_version ();
  test_bad ();
  test_directory ();
  test_unwritable ();
  run_child (retry_dump, NULL, err_path, NULL);
  test_messages ();
  test_units ();
  remove_tree (dir);
  return unit_test_report ();
}
