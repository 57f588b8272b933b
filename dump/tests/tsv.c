/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --tsv on the fixtures of dump-test.h, line for line: the
   format the DejaGnu suite parses (function, id, count, start, end,
   lines), its order (function in input order, then id), -n, -f by glob
   and by assembler name, directories, a file given twice, and escaping.
   Every expected line is the fixture's path, walked by hand in
   dump-test.h.  */

#include "dump-test.h"

/* The fixture's paths as TSV, in the order of a.pathprof, b.pathprof,
   c.pathprof.  */

static const char fig1_tsv[] =
  "fig1\t0\t500\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t2\t1000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 10 11\t\n"
  "fig1\t3\t250\tentry\treturn\t3 4 5 6 7 8 10 11\t\n"
  "fig1\t5\t250\tentry\treturn\t3 4 5 8 10 11\t\n";
static const char loop_tsv[] =
  "count_loop\t0\t98\tentry\treturn\t3 4 8\t\n"
  "count_loop\t1\t200\tentry\tbackedge\t3 4 5 6\t\n"
  "count_loop\t3\t200\tbackedge\treturn\t4 8\t\n"
  "count_loop\t4\t1500\tbackedge\tbackedge\t4 5 6\t\n"
  "count_loop\t5\t2\tbackedge\tnoreturn\t4 5 6 7\t\n";
/* a.pathprof has a "helper" too (never run): FUNCTION says which, as
   the text report's label does, whenever both are read.  */
static const char helper_tsv[] =
  "helper (two.c)\t0\t30\tentry\tcut\t14 15\t\n"
  "helper (two.c)\t1\t20\tentry\treturn\t14 16 17\t\n"
  "helper (two.c)\t2\t30\tcut\treturn\t17\t\n";
static const char helper_alone_tsv[] =
  "helper\t0\t30\tentry\tcut\t14 15\t\n"
  "helper\t1\t20\tentry\treturn\t14 16 17\t\n"
  "helper\t2\t30\tcut\treturn\t17\t\n";
/* fig1 read from two files of one unit: FUNCTION names the files.  */
static const char fig1_twice_tsv[] =
  "fig1 (a.pathprof)\t0\t500\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 "
  "10 11\t\n"
  "fig1 (a.pathprof)\t2\t1000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 "
  "10 11\t\n"
  "fig1 (a.pathprof)\t3\t250\tentry\treturn\t3 4 5 6 7 8 10 11\t\n"
  "fig1 (a.pathprof)\t5\t250\tentry\treturn\t3 4 5 8 10 11\t\n"
  "fig1 (tree/y.pathprof)\t0\t500\tentry\treturn\t3 4 6 7 8 "
  "include/hdr.h:20 10 11\t\n"
  "fig1 (tree/y.pathprof)\t2\t1000\tentry\treturn\t3 4 5 6 7 8 "
  "include/hdr.h:20 10 11\t\n"
  "fig1 (tree/y.pathprof)\t3\t250\tentry\treturn\t3 4 5 6 7 8 10 11\t\n"
  "fig1 (tree/y.pathprof)\t5\t250\tentry\treturn\t3 4 5 8 10 11\t\n";
static const char nolines_tsv[] = "ns::nolines()\t1\t5\tentry\treturn\t\t\n";

/* Concatenate up to four strings into a static buffer.  */

static const char *
concat (const char *a, const char *b, const char *c, const char *d)
{
  static char buf[4096];

  snprintf (buf, sizeof buf, "%s%s%s%s", a, b ? b : "", c ? c : "",
	    d ? d : "");
  return buf;
}

/* Run with ARGS and check the exit status 0, an empty stderr and the
   output EXPECTED.  */

static void
expect_tsv (const char *what, const char *const *args, const char *expected)
{
  run_result r;
  char label[128];

  run_dump (&r, NULL, args);
  snprintf (label, sizeof label, "%s: exit status", what);
  check_int (label, 0, r.status);
  snprintf (label, sizeof label, "%s: stderr", what);
  check_str (label, "", r.err);
  snprintf (label, sizeof label, "%s: output", what);
  check_str (label, expected, r.out);
  run_free (&r);
}

/* Every path of every function, in input order; the TSV default is all
   paths (not the text report's 20).  */

static void
test_all_paths (void)
{
  static const char *const args[] = { "--tsv", "@a.pathprof", "@b.pathprof",
				      "@c.pathprof", NULL };
  static const char *const reversed[] = { "--tsv", "@c.pathprof",
					  "@b.pathprof", "@a.pathprof",
					  NULL };
  static const char *const alone[] = { "--tsv", "@c.pathprof", NULL };

  expect_tsv ("--tsv a b c", args,
	      concat (fig1_tsv, loop_tsv, helper_tsv, nolines_tsv));
  expect_tsv ("--tsv c b a: input order", reversed,
	      concat (helper_tsv, nolines_tsv, loop_tsv, fig1_tsv));
  expect_tsv ("--tsv c: one helper, no suffix", alone,
	      concat (helper_alone_tsv, nolines_tsv, NULL, NULL));
}

/* -n 3 keeps the three hottest (count_loop 4, fig1 2, fig1 0), written
   in TSV order; --all after -n restores every path.  */

static void
test_top (void)
{
  static const char *const args[] = { "--tsv", "-n", "3", "@a.pathprof",
				      "@b.pathprof", NULL };
  static const char *const all_args[] = { "--tsv", "-n", "3", "--all",
					  "@a.pathprof", "@b.pathprof",
					  NULL };

  expect_tsv ("--tsv -n 3", args,
	      "fig1\t0\t500\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 10 "
	      "11\t\n"
	      "fig1\t2\t1000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 10 "
	      "11\t\n"
	      "count_loop\t4\t1500\tbackedge\tbackedge\t4 5 6\t\n");
  expect_tsv ("--tsv -n 3 --all", all_args,
	      concat (fig1_tsv, loop_tsv, NULL, NULL));
}

/* -f: a glob on display names, an exact assembler name, several -f, a
   typo; a function without executed paths (a's helper) gives no line.  */

static void
test_filter (void)
{
  static const char *const glob_args[] = { "--tsv", "-f", "*loop*",
					   "@a.pathprof", "@b.pathprof",
					   "@c.pathprof", NULL };
  static const char *const asm_args[] = { "--tsv", "-f", "_ZN2ns7nolinesEv",
					  "@c.pathprof", NULL };
  static const char *const two_args[] = { "--tsv", "-f", "helper", "-f",
					  "fig1", "@a.pathprof",
					  "@c.pathprof", NULL };

  static const char *const typo_args[] = { "--tsv", "-f", "fig1", "-f",
					   "fgi1", "@a.pathprof", NULL };
  run_result r;

  expect_tsv ("--tsv -f *loop*", glob_args, loop_tsv);
  expect_tsv ("--tsv -f assembler name", asm_args, nolines_tsv);
  expect_tsv ("--tsv -f helper -f fig1", two_args,
	      concat (fig1_tsv, helper_tsv, NULL, NULL));

  /* A pattern matching nothing is reported and fails the run; what the
     others match is still written.  */
  run_dump (&r, NULL, typo_args);
  check_int ("--tsv -f fig1 -f fgi1: exit status 1", 1, r.status);
  check_str ("--tsv -f fig1 -f fgi1: message",
	     "pathprof-dump: no function matches 'fgi1'\n", r.err);
  check_str ("--tsv -f fig1 -f fgi1: fig1 still written", fig1_tsv, r.out);
  run_free (&r);
}

/* A directory is searched recursively, entries in name order: sub/
   (holding b) before y.pathprof (a) before z.pathprof (c); files not
   named *.pathprof are skipped.  A file named twice is read once.  */

static void
test_directories (void)
{
  static const char *const dir_args[] = { "--tsv", "@tree", NULL };
  static const char *const twice_args[] = { "--tsv", "@a.pathprof",
					    "@tree/y.pathprof", "@a.pathprof",
					    NULL };
  static const char *const mixed_args[] = { "--tsv", "@tree/z.pathprof",
					    "@tree", NULL };
  size_t na, nb, nc;
  char *a = read_bytes (test_path ("a.pathprof"), &na);
  char *b = read_bytes (test_path ("b.pathprof"), &nb);
  char *c = read_bytes (test_path ("c.pathprof"), &nc);

  mkdir (test_path ("tree"), 0755);
  mkdir (test_path ("tree/sub"), 0755);
  write_bytes (test_path ("tree/sub/x.pathprof"), b, nb);
  write_bytes (test_path ("tree/y.pathprof"), a, na);
  write_bytes (test_path ("tree/z.pathprof"), c, nc);
  write_bytes (test_path ("tree/notes.txt"), "not a profile\n", 14);
  write_bytes (test_path ("tree/y.pathprof.lock"), "", 0);
  write_bytes (test_path ("tree/y.pathprof.journal"), "PPJOURNL", 8);
  write_bytes (test_path ("tree/y.pathprof.bad"), "garbage", 7);
  free (a);
  free (b);
  free (c);

  expect_tsv ("--tsv DIR", dir_args,
	      concat (loop_tsv, fig1_tsv, helper_tsv, nolines_tsv));
  /* y.pathprof is a copy of a.pathprof, not the same file: it counts.  */
  expect_tsv ("--tsv a y a: a read once", twice_args,
	      fig1_twice_tsv);
  expect_tsv ("--tsv z DIR: z read once, first", mixed_args,
	      concat (helper_tsv, nolines_tsv, loop_tsv, fig1_tsv));
}

/* Names with a backslash, tab and control character are escaped; a
   space in a file name in the lines column is \x20; other bytes,
   UTF-8 or not, are copied.  The line of the function's own file is a
   bare number, the other file's FILE:LINE.  */

static void
test_escaping (void)
{
  static const char *const args[] = { "--tsv", "@e.pathprof", NULL };

  expect_tsv ("--tsv escaping", args,
	      "we\"ird\\\\name\\t\\x01\xc3\xa9\t0\t7\tentry\treturn\t"
	      "5 bad\\x20name\xff.c:6\t\n");
}

/* Block numbers are the compiler's and need not be dense: blocks 0, 1,
   4000000000 (line 9) and 4000000001 (no line) cost no more than 0..3.  */

static void
test_sparse_blocks (void)
{
  static ppf_line l[] = { { 0, 9 } };
  static ppf_block blocks[] = {
    { 0, 0, NULL }, { 1, 0, NULL }, { 4000000000u, 1, l },
    { 4000000001u, 0, NULL }
  };
  static ppf_edge edges[] = {
    { 0, 4000000000u, PPF_EDGE_REAL, 0, 4000000000u, 0 },
    { 4000000000u, 4000000001u, PPF_EDGE_REAL, 4000000000u, 4000000001u,
      0 },
    { 4000000001u, 1, PPF_EDGE_REAL, 4000000001u, 1, 0 }
  };
  static const ppf_count counts[] = { { 0, 3 } };
  static char *files[] = { "sparse.c" };
  static const char *const args[] = { "--tsv", "@sparse.pathprof", NULL };
  fixture_function fn;

  memset (&fn, 0, sizeof fn);
  fn.meta.name = fn.meta.display_name = "sparse";
  fn.meta.num_paths = 1;
  fn.meta.num_files = 1;
  fn.meta.files = files;
  fn.meta.num_blocks = COUNT (blocks);
  fn.meta.blocks = blocks;
  fn.meta.num_edges = COUNT (edges);
  fn.meta.edges = edges;
  fn.counts = counts;
  fn.num_counts = 1;
  write_profile (test_path ("sparse.pathprof"), "sparse.c", 1, &fn, 1);
  expect_tsv ("--tsv sparse block numbers", args,
	      "sparse\t0\t3\tentry\treturn\t9\t\n");
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  test_all_paths ();
  test_top ();
  test_filter ();
  test_directories ();
  test_escaping ();
  test_sparse_blocks ();
  return unit_test_report ();
}
