/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump's errors and exit statuses: missing, garbage, empty,
   truncated, damaged and unreadable files, profiles whose paths do not
   regenerate, directories with and without profiles (exit 1, a message
   "pathprof-dump: FILE: what is wrong", the other inputs still
   reported); usage errors (exit 2); --help and --version.  */

#include "dump-test.h"

/* Whether ERR is exactly one line "pathprof-dump: PATH: ..." that
   contains WHAT.  */

static void
check_message (const char *label, const char *err, const char *path,
	       const char *what)
{
  char prefix[512], text[128];

  snprintf (prefix, sizeof prefix, "pathprof-dump: %s: ", path);
  snprintf (text, sizeof text, "%s: message names the file", label);
  check (strncmp (err, prefix, strlen (prefix)) == 0, text,
	 "expected a message starting \"%s\", saw \"%s\"", prefix, err);
  snprintf (text, sizeof text, "%s: message says what is wrong", label);
  check_contains (text, err, what);
  snprintf (text, sizeof text, "%s: one line", label);
  check_int (text, 1, count_lines (err));
}

/* The TSV of a.pathprof (see tsv.c): what the good input gives.  */

static const char fig1_tsv[] =
  "fig1\t0\t500\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t2\t1000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t3\t250\tentry\treturn\t3 4 5 6 7 8 10 11\t\n"
  "fig1\t5\t250\tentry\treturn\t3 4 5 8 10 11\t\n";

/* Run "--tsv BAD a.pathprof": exit 1, the message about BAD, and a's
   paths all the same.  */

static void
expect_bad_file (const char *label, const char *bad, const char *what)
{
  const char *const args[] = { "--tsv", bad, "@a.pathprof", NULL };
  char text[128];
  run_result r;

  run_dump (&r, NULL, args);
  snprintf (text, sizeof text, "%s: exit status 1", label);
  check_int (text, 1, r.status);
  check_message (label, r.err, test_path (bad + 1), what);
  snprintf (text, sizeof text, "%s: the good file is still reported", label);
  check_str (text, fig1_tsv, r.out);
  run_free (&r);
}

/* Files that are not profiles, or damaged ones.  */

static void
test_bad_files (void)
{
  size_t size;
  char *a = read_bytes (test_path ("a.pathprof"), &size);

  write_bytes (test_path ("garbage.pathprof"), "hello, world\n", 13);
  write_bytes (test_path ("empty.pathprof"), "", 0);
  write_bytes (test_path ("half.pathprof"), a, size / 2);
  /* A byte of the unit name changed (magic 8, version 4, flags 4, runs
     8, length 4): the structure still reads, the checksum does not
     match.  */
  a[28] ^= 1;
  write_bytes (test_path ("flipped.pathprof"), a, size);
  free (a);

  expect_bad_file ("missing file", "@missing.pathprof",
		   "No such file or directory");
  expect_bad_file ("garbage file", "@garbage.pathprof", "magic");
  expect_bad_file ("empty file", "@empty.pathprof", "empty");
  expect_bad_file ("truncated file", "@half.pathprof", "truncated");
  expect_bad_file ("damaged file", "@flipped.pathprof", "checksum");

  if (geteuid () != 0)
    {
      write_bytes (test_path ("secret.pathprof"), "x", 1);
      chmod (test_path ("secret.pathprof"), 0);
      expect_bad_file ("unreadable file", "@secret.pathprof",
		       "Permission denied");
    }
  else
    printf ("NOTE: running as root: the unreadable-file check was "
	    "skipped\n");
}

/* Metas that decode but whose paths cannot be shown: a meta whose
   num_paths the DAG does not have (it says 7, the DAG has 6: the count
   of path 6 could not be shown), and a DAG with a dummy edge in the
   middle of a path.  The whole file is rejected, with the function and
   what is wrong named.  */

static void
test_bad_paths (void)
{
  static ppf_edge middle_edges[] = {
    { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
    { 2, 3, PPF_EDGE_BACK_ENTRY, 3, 2, 0 },
    { 3, 1, PPF_EDGE_REAL, 3, 1, 0 }
  };
  static ppf_block middle_blocks[] = {
    { 0, 0, NULL }, { 1, 0, NULL }, { 2, 0, NULL }, { 3, 0, NULL }
  };
  static const ppf_count one[] = { { 0, 1 } };
  static const ppf_count six[] = { { 0, 1 }, { 6, 1 } };
  fixture_function fns[8];

  fixture_a (fns);
  fns[0].meta.num_paths = 7;
  fns[0].counts = six;
  fns[0].num_counts = 2;
  write_profile (test_path ("nopath.pathprof"), "fig1.c", 1, fns, 1);
  expect_bad_file ("path beyond the DAG", "@nopath.pathprof",
		   "function fig1: DAG: 6 paths, the meta says 7");

  memset (&fns[0], 0, sizeof fns[0]);
  fns[0].meta.name = "middle";
  fns[0].meta.display_name = "middle";
  fns[0].meta.file = PPF_NONE;
  fns[0].meta.num_paths = 1;
  fns[0].meta.num_blocks = 4;
  fns[0].meta.blocks = middle_blocks;
  fns[0].meta.num_edges = 3;
  fns[0].meta.edges = middle_edges;
  fns[0].counts = one;
  fns[0].num_counts = 1;
  write_profile (test_path ("middle.pathprof"), "m.c", 1, fns, 1);
  expect_bad_file ("dummy edge inside a path", "@middle.pathprof",
		   "function middle: path 0 has a dummy DAG edge inside it");
}

/* A directory with a bad profile among good ones: the bad one is named,
   the others reported.  A directory without profiles is an error.  */

static void
test_directories (void)
{
  static const char *const bad_args[] = { "--tsv", "@mixed", NULL };
  static const char *const empty_args[] = { "--tsv", "@none", NULL };
  size_t size;
  char *a = read_bytes (test_path ("a.pathprof"), &size);
  run_result r;

  mkdir (test_path ("mixed"), 0755);
  write_bytes (test_path ("mixed/a.pathprof"), a, size);
  write_bytes (test_path ("mixed/b.pathprof"), "junk", 4);
  free (a);
  mkdir (test_path ("none"), 0755);
  write_bytes (test_path ("none/readme.txt"), "no profiles here\n", 17);

  run_dump (&r, NULL, bad_args);
  check_int ("directory with a bad file: exit status 1", 1, r.status);
  check_message ("directory with a bad file", r.err,
		 test_path ("mixed/b.pathprof"), "magic");
  check_str ("directory with a bad file: good file reported", fig1_tsv,
	     r.out);
  run_free (&r);

  run_dump (&r, NULL, empty_args);
  check_int ("directory without profiles: exit status 1", 1, r.status);
  check_message ("directory without profiles", r.err, test_path ("none"),
		 "no .pathprof file in this directory");
  check_str ("directory without profiles: no output", "", r.out);
  run_free (&r);
}

/* Usage errors exit with 2 and say how to get help; --help and
   --version exit with 0.  */

static void
test_usage (void)
{
  static const char *const none[] = { NULL };
  static const char *const only_opts[] = { "--tsv", NULL };
  static const char *const bad_opt[] = { "--frobnicate", "@a.pathprof",
					 NULL };
  static const char *const bad_n[] = { "-n", "many", "@a.pathprof", NULL };
  static const char *const neg_n[] = { "-n", "-1", "@a.pathprof", NULL };
  static const char *const two_modes[] = { "--tsv", "--json",
					   "@a.pathprof", NULL };
  static const char *const bad_sort[] = { "--sort=cost", "x.pathprof",
					  NULL };
  static const char *const sort_coverage[] = { "--sort=time", "--coverage",
					       "x.pathprof", NULL };
  static const char *const help[] = { "--help", NULL };
  static const char *const version[] = { "--version", NULL };
  struct
  {
    const char *label;
    const char *const *args;
    const char *message;
  } usage_errors[] = {
    { "no argument", none, "no input file" },
    { "options but no file", only_opts, "no input file" },
    { "unknown option", bad_opt, "frobnicate" },
    { "-n many", bad_n, "invalid number of paths: 'many'" },
    { "-n -1", neg_n, "invalid number of paths: '-1'" },
    { "--tsv --json", two_modes, "exclude each other" },
    { "--sort=cost", bad_sort, "--sort is count or time, not 'cost'" },
    { "--sort with --coverage", sort_coverage, "--sort goes with" },
  };
  run_result r;

  for (size_t i = 0; i < COUNT (usage_errors); i++)
    {
      char text[128];
      run_dump (&r, NULL, usage_errors[i].args);
      snprintf (text, sizeof text, "%s: exit status 2",
		usage_errors[i].label);
      check_int (text, 2, r.status);
      snprintf (text, sizeof text, "%s: message", usage_errors[i].label);
      check_contains (text, r.err, usage_errors[i].message);
      snprintf (text, sizeof text, "%s: points to --help",
		usage_errors[i].label);
      check_contains (text, r.err, "Try 'pathprof-dump --help'");
      snprintf (text, sizeof text, "%s: no output", usage_errors[i].label);
      check_str (text, "", r.out);
      run_free (&r);
    }

  run_dump (&r, NULL, help);
  check_int ("--help: exit status", 0, r.status);
  check_contains ("--help: usage line", r.out,
		  "Usage: pathprof-dump [OPTION]... FILE|DIR...\n");
  for (const char *const *opt = (const char *const[]) {
	 "--function=FUNC", "--top=N", "--all", "--coverage", "--tsv",
	 "--json", "--width=COLS", "--path-lines=N", "--ascii", "--help",
	 "--version", NULL };
       *opt; opt++)
    {
      char text[64];
      snprintf (text, sizeof text, "--help lists %s", *opt);
      check_contains (text, r.out, *opt);
    }
  run_free (&r);

  run_dump (&r, NULL, version);
  check_int ("--version: exit status", 0, r.status);
  check_str ("--version: text", "pathprof-dump (pathprof) 0.1\n", r.out);
  run_free (&r);
}

/* --sort=time of a profile built without metric=cycles: nothing to
   rank by, an input problem (exit 1) with a message naming the file and
   the option that measures times; no report.  --sort=count is the
   default order.  */

static void
test_sort_without_times (void)
{
  const char *const by_time[] = { "--sort=time", "@a.pathprof", NULL };
  const char *const by_count[] = { "--tsv", "--sort=count", "@a.pathprof",
				   NULL };
  run_result r;

  run_dump (&r, NULL, by_time);
  check_int ("--sort=time without times: exit status 1", 1, r.status);
  check_message ("--sort=time without times", r.err,
		 test_path ("a.pathprof"), "no time per path");
  check_contains ("--sort=time without times: says how to get them", r.err,
		  "metric=cycles");
  check_str ("--sort=time without times: no report", "", r.out);
  run_free (&r);
  run_dump (&r, NULL, by_count);
  check_int ("--sort=count: exit status 0", 0, r.status);
  check_str ("--sort=count: the default report", fig1_tsv, r.out);
  run_free (&r);
}

/* Two profiles of one object from two builds (doc/runtime.md, "Another
   build, per function"): fig1 the same in both, helper at another line
   in the second.  One message names helper and both files; both
   copies are listed, apart; exit status 0.  A copy of the first build
   gives no message.  */

static void
test_other_build (void)
{
  static const ppf_count one[] = { { 0, 7 } };
  const char *const args[] = { "--tsv", "@a.pathprof", "@a2.pathprof",
			       NULL };
  const char *const same[] = { "--tsv", "@a.pathprof", "@a3.pathprof",
			       NULL };
  fixture_function fns[4];
  uint32_t n = fixture_a (fns);
  char expected[1024];
  run_result r;

  write_profile (test_path ("a3.pathprof"), "src/fig1.c", 1, fns, n);
  fns[1].meta.line = 28;
  fns[1].counts = one;
  fns[1].num_counts = 1;
  write_profile (test_path ("a2.pathprof"), "src/fig1.c", 1, fns, n);
  run_dump (&r, NULL, args);
  check_int ("another build: exit status 0", 0, r.status);
  snprintf (expected, sizeof expected, "pathprof-dump: %s: function helper "
	    "differs from the one in %s: another build; both shown, apart\n",
	    test_path ("a2.pathprof"), test_path ("a.pathprof"));
  check_str ("another build: one message naming the function and both "
	     "files", expected, r.err);
  check_contains ("another build: the second build's helper listed, "
		  "named apart", r.out, "\nhelper (a2.pathprof)\t0\t7\t");
  check_int ("another build: fig1's paths listed from both files", 8,
	     count_lines (r.out) - 1);
  run_free (&r);
  run_dump (&r, NULL, same);
  check_int ("same build: exit status 0", 0, r.status);
  check_str ("same build: no message", "", r.err);
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  test_bad_files ();
  test_bad_paths ();
  test_directories ();
  test_usage ();
  test_sort_without_times ();
  test_other_build ();
  return unit_test_report ();
}
