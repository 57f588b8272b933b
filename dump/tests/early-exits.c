/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump on paths that end early (kinds 7 and 8 of
   doc/file-format.md): left by longjmp in a call, left in a call
   (partial-paths, PPF_FN_PARTIAL), left by an exception at a landing
   pad.  Every report: the text markers, the TSV end column, the JSON
   end kind, place and "partial", the lines each path shows (up to the
   call), and the line counts derived with the blocks split after the
   calls as gcov splits them (report/derive.c, "segmentation").

   early.pathprof, unit "early.c", function "jumper" (flags 0), and
   partial.pathprof, function "partial" (PPF_FN_PARTIAL), with the same
   blocks, DAG and counts:

      9 void jumper (void)       <- the declaration line
     10 {  ...                   bb2: 10, 11 (call a), 12 (call b),
     11   a ();                       13 (call c; if)
     12   b ();
     13   if (c ()) ...
     14   ...                    bb3: 14, 15 (and a call without a line)
     15   ...
     16   d ();                  bb4: 16 (a call that throws)
				 bb5: the landing pad of d's call, no line

   bb2 -> bb3 | bb4, and EXIT by early exits at its lines 11 (cfg_dst
   1), 12 (2) and 13 (3, its last line); bb3 -> EXIT (return) | EXIT
   (early exit, cfg_dst PPF_NONE: a call without a line);
   bb4 -> bb5 -> EXIT (unwind exit).
   DAG: ENTRY->2 0; 2->3 0, 2->4 2, 2->EXIT@11 3, 2->EXIT@12 4,
   2->EXIT@13 5; 3->EXIT return 0, 3->EXIT early 1; 4->5 0;
   5->EXIT unwind 0.  NumPaths: 3: 2, 4 and 5: 1, 2: 6.
     path 0  2 3 return               lines 10-15      40
	  1  2 3 left at a call       lines 10-15, at 15 (the block's
				      last line: cfg_dst PPF_NONE)   3
	  2  2 4 5 exception          lines 10-13, 16, at 16 (bb5 has
				      no line: bb4's last)            5
	  3  2 left at 11             lines 10-11       7
	  4  2 left at 12             lines 10-12      11
	  5  2 left at 13             lines 10-13      13
   79 executions.

   Counts.  CFG edges: 0->2 79, 2->3 43, 2->4 5, 3->1 40, 4->5 5 (an
   early or unwind exit is no CFG edge).  Blocks: bb2 79, bb3 43, bb4 5,
   bb5 5.  gcov splits bb2 after the calls at 11 and 12, not after the
   one at 13, its last line: segments (9, 10, 11) 79, (12) 79 - 7 = 72,
   (13) 72 - 11 = 61.  Each line counts the paths that reached it, those
   that left in a call on it included.  Lines: 9 79, 10 79, 11 79,
   12 72, 13 61, 14 43, 15 43, 16 5.  */

#include "dump-test.h"

/* ---------------------------------------------------------- fixture */

static char *early_files[] = { "early.c" };
static ppf_line early_l2[] = { { 0, 10 }, { 0, 11 }, { 0, 12 }, { 0, 13 } };
static ppf_line early_l3[] = { { 0, 14 }, { 0, 15 } };
static ppf_line early_l4[] = { { 0, 16 } };
static ppf_block early_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 4, early_l2 }, { 3, 2, early_l3 },
  { 4, 1, early_l4 }, { 5, 0, NULL }
};
static ppf_edge early_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 4, PPF_EDGE_REAL, 2, 4, 2 },
  { 2, 1, PPF_EDGE_EARLY_EXIT, 2, 1, 3 },
  { 2, 1, PPF_EDGE_EARLY_EXIT, 2, 2, 4 },
  { 2, 1, PPF_EDGE_EARLY_EXIT, 2, 3, 5 },
  { 3, 1, PPF_EDGE_REAL, 3, 1, 0 },
  { 3, 1, PPF_EDGE_EARLY_EXIT, 3, PPF_NONE, 1 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 },
  { 5, 1, PPF_EDGE_UNWIND_EXIT, 5, PPF_NONE, 0 }
};
static const ppf_count early_counts[] = {
  { 0, 40 }, { 1, 3 }, { 2, 5 }, { 3, 7 }, { 4, 11 }, { 5, 13 }
};

/* Write early.pathprof ("jumper") and partial.pathprof ("partial").  */

static void
write_early_fixtures (void)
{
  fixture_function fn;

  fixture_meta (&fn.meta, "jumper", "jumper", 0, 9, 6);
  fn.meta.num_files = COUNT (early_files);
  fn.meta.files = early_files;
  fn.meta.num_blocks = COUNT (early_blocks);
  fn.meta.blocks = early_blocks;
  fn.meta.num_edges = COUNT (early_edges);
  fn.meta.edges = early_edges;
  fn.counts = early_counts;
  fn.num_counts = COUNT (early_counts);
  write_profile (test_path ("early.pathprof"), "early.c", 1, &fn, 1);

  fn.meta.name = fn.meta.display_name = "partial";
  fn.meta.flags = PPF_FN_PARTIAL;
  write_profile (test_path ("partial.pathprof"), "early.c", 1, &fn, 1);
}

/* ------------------------------------------------------------- checks */

/* The expected text row: report-text.c's format, with the widths of
   these tables (rank 4, count 5, function 8, as "function").  */

static const char *
row (int rank, unsigned long long count, const char *share,
     const char *cumul, const char *fn, const char *path)
{
  static char buf[512];

  snprintf (buf, sizeof buf, "%4d  %5llu  %7s  %7s  %-8s  %s", rank, count,
	    share, cumul, fn, path);
  return buf;
}

/* The text report: one marker per way of ending, at the call's line;
   the lines up to the call; the one exception exit counted apart under
   the paths' figures.  Without PPF_FN_PARTIAL an early exit was a
   longjmp; with it, any call left early.  The exception's marker is
   the same either way.  */

static void
test_text (void)
{
  static const char *const jumper_args[] = { "--ascii", "--width=0",
					     "@early.pathprof", NULL };
  static const char *const partial_args[] = { "--ascii", "--width=0",
					      "@partial.pathprof", NULL };
  static const struct
  {
    unsigned long long count;
    const char *share, *cumul, *lines, *jumper_end, *partial_end;
  } rows[] = {
    { 40, "50.63%", "50.63%", "early.c:10-15", "[return]", "[return]" },
    { 13, "16.46%", "67.09%", "early.c:10-13",
      "[left by longjmp in call at 13]", "[left in call at 13]" },
    { 11, "13.92%", "81.01%", "early.c:10-12",
      "[left by longjmp in call at 12]", "[left in call at 12]" },
    { 7, "8.86%", "89.87%", "early.c:10-11",
      "[left by longjmp in call at 11]", "[left in call at 11]" },
    { 5, "6.33%", "96.20%", "early.c:10-13 -> 16",
      "[left by exception at 16]", "[left by exception at 16]" },
    { 3, "3.80%", "100.00%", "early.c:10-15",
      "[left by longjmp in call at 15]", "[left in call at 15]" },
  };
  run_result r;

  for (int partial = 0; partial <= 1; partial++)
    {
      const char *fn = partial ? "partial" : "jumper";
      char what[160], path[160];

      snprintf (what, sizeof what, "text, %s", fn);
      run_ok (what, &r, partial ? partial_args : jumper_args);
      snprintf (what, sizeof what, "text, %s: the exception exit apart",
		fn);
      check_str (what, "             of which 1 exception exit (1 executed); "
		 "without them, 5 of 5 executed (100.00%)",
		 line_of (r.out, 3));
      snprintf (what, sizeof what, "text, %s: executions", fn);
      check_str (what, "Executions:  79", line_of (r.out, 4));
      for (int i = 0; i < 6; i++)
	{
	  snprintf (what, sizeof what, "text, %s: row %d", fn, i + 1);
	  snprintf (path, sizeof path, "[entry] %s %s", rows[i].lines,
		    partial ? rows[i].partial_end : rows[i].jumper_end);
	  check_str (what, row (i + 1, rows[i].count, rows[i].share,
				rows[i].cumul, fn, path),
		     line_of (r.out, 7 + i));
	}
      snprintf (what, sizeof what, "text, %s: nothing after the 6 rows",
		fn);
      check_int (what, 13, count_lines (r.out));
      run_free (&r);
    }
}

/* --tsv: the end column names the three new ends; the lines stop at the
   call (path 3 at 11, path 4 at 12), run to the block's end for a call
   without a line (path 1), and through the block before the landing
   pad (path 2).  */

static void
test_tsv (void)
{
  static const char *const args[] = { "--tsv", "@early.pathprof",
				      "@partial.pathprof", NULL };
  run_result r;

  run_ok ("--tsv", &r, args);
  check_str ("--tsv: ends and lines",
	     "jumper\t0\t40\tentry\treturn\t10 11 12 13 14 15\t\n"
	     "jumper\t1\t3\tentry\tlongjmp\t10 11 12 13 14 15\t\n"
	     "jumper\t2\t5\tentry\texception\t10 11 12 13 16\t\n"
	     "jumper\t3\t7\tentry\tlongjmp\t10 11\t\n"
	     "jumper\t4\t11\tentry\tlongjmp\t10 11 12\t\n"
	     "jumper\t5\t13\tentry\tlongjmp\t10 11 12 13\t\n"
	     "partial\t0\t40\tentry\treturn\t10 11 12 13 14 15\t\n"
	     "partial\t1\t3\tentry\tcall\t10 11 12 13 14 15\t\n"
	     "partial\t2\t5\tentry\texception\t10 11 12 13 16\t\n"
	     "partial\t3\t7\tentry\tcall\t10 11\t\n"
	     "partial\t4\t11\tentry\tcall\t10 11 12\t\n"
	     "partial\t5\t13\tentry\tcall\t10 11 12 13\t\n",
	     r.out);
  run_free (&r);
}

/* The JSON end object and "partial" field of a path that left at
   BLOCK, line LINE, as report-json.c lays them out.  */

static const char *
json_end (const char *kind, int block, int line)
{
  static char buf[512];

  snprintf (buf, sizeof buf,
	    "\"end\": {\"kind\": \"%s\", \"at\": {\"block\": %d, \"file\": "
	    "\"early.c\", \"line\": %d}},\n          \"partial\": true,",
	    kind, block, line);
  return buf;
}

/* The text of path ID's object in OUT, from its "id" to the next path's
   (or the end), in a static buffer; "" if it is missing.  */

static const char *
path_object (const char *out, uint64_t id)
{
  static char buf[4096];
  char key[64];
  const char *start, *next;

  snprintf (key, sizeof key, "\"id\": %" PRIu64 ",\n", id);
  start = strstr (out, key);
  if (!start)
    return "";
  next = strstr (start + 1, "\"id\": ");
  snprintf (buf, sizeof buf, "%.*s",
	    (int) (next ? next - start : (ptrdiff_t) strlen (start)), start);
  return buf;
}

/* --json: each path's end kind ("longjmp", "call", "exception") and
   where it left ("at": the call's block and line, for the exception
   the block before the pad that has a line), and "partial" true for
   those, false for the return; the derived line counts.  */

static void
test_json (void)
{
  static const char *const jumper_args[] = { "--json", "@early.pathprof",
					     NULL };
  static const char *const partial_args[] = { "--json",
					      "@partial.pathprof", NULL };
  static const struct
  {
    uint64_t id;
    int block, line;
    int exception;
  } ends[] = {
    { 1, 3, 15, 0 }, { 2, 4, 16, 1 }, { 3, 2, 11, 0 }, { 4, 2, 12, 0 },
    { 5, 2, 13, 0 }
  };
  static const unsigned lines[][2] = {
    { 9, 79 }, { 10, 79 }, { 11, 79 }, { 12, 72 }, { 13, 61 }, { 14, 43 },
    { 15, 43 }, { 16, 5 }
  };
  run_result r;

  for (int partial = 0; partial <= 1; partial++)
    {
      const char *fn = partial ? "partial" : "jumper";
      char what[160], expected[512];
      const char *obj;

      snprintf (what, sizeof what, "--json, %s", fn);
      run_ok (what, &r, partial ? partial_args : jumper_args);
      obj = path_object (r.out, 0);
      snprintf (what, sizeof what, "--json, %s: path 0 returns", fn);
      check_contains (what, obj, "\"end\": {\"kind\": \"return\"},\n"
			    "          \"partial\": false,");
      for (size_t i = 0; i < COUNT (ends); i++)
	{
	  obj = path_object (r.out, ends[i].id);
	  snprintf (what, sizeof what, "--json, %s: path %" PRIu64 " end",
		    fn, ends[i].id);
	  check_contains (what, obj,
			  json_end (ends[i].exception ? "exception"
				    : partial ? "call" : "longjmp",
				    ends[i].block, ends[i].line));
	}
      for (size_t i = 0; i < COUNT (lines); i++)
	{
	  snprintf (what, sizeof what, "--json, %s: line %u", fn,
		    lines[i][0]);
	  snprintf (expected, sizeof expected,
		    "{\"file\": \"early.c\", \"line_number\": %u, \"count\": "
		    "%u, \"unexecuted_block\": false, \"owns_block\": ",
		    lines[i][0], lines[i][1]);
	  check_contains (what, r.out, expected);
	}
      snprintf (what, sizeof what, "--json, %s: partial true 5 times", fn);
      {
	int n = 0;
	for (const char *p = r.out; (p = strstr (p, "\"partial\": true"));
	     p++)
	  n++;
	check_int (what, 5, n);
      }
      run_free (&r);
    }
}

/* --lines and --edges: gcov's split of bb2 after the calls at 11 and 12
   (each later line counts only the paths that got past the call, the
   call's own line all that reached it); the exits at a call or by an
   exception are no CFG edges.  The call at 13, bb2's last line, splits
   nothing: a split there would only make a segment without a line,
   which no count can show; what shows is that line 13 counts the 13
   paths that left in its call (61, not 48).  */

static void
test_counts (void)
{
  static const char *const lines_args[] = { "--lines", "@early.pathprof",
					    "@partial.pathprof", NULL };
  static const char *const edges_args[] = { "--edges", "@early.pathprof",
					    NULL };
  static const char *const annotate_args[] = { "--annotate",
					       "@early.pathprof", NULL };
  run_result r;

  run_ok ("--lines", &r, lines_args);
  check_str ("--lines: blocks split after the calls",
	     "jumper\tearly.c\t9\t79\n"
	     "jumper\tearly.c\t10\t79\n"
	     "jumper\tearly.c\t11\t79\n"
	     "jumper\tearly.c\t12\t72\n"
	     "jumper\tearly.c\t13\t61\n"
	     "jumper\tearly.c\t14\t43\n"
	     "jumper\tearly.c\t15\t43\n"
	     "jumper\tearly.c\t16\t5\n"
	     "partial\tearly.c\t9\t79\n"
	     "partial\tearly.c\t10\t79\n"
	     "partial\tearly.c\t11\t79\n"
	     "partial\tearly.c\t12\t72\n"
	     "partial\tearly.c\t13\t61\n"
	     "partial\tearly.c\t14\t43\n"
	     "partial\tearly.c\t15\t43\n"
	     "partial\tearly.c\t16\t5\n",
	     r.out);
  run_free (&r);

  run_ok ("--edges", &r, edges_args);
  check_str ("--edges: early and unwind exits are no edges",
	     "jumper\t0\t2\tedge\t79\t-\n"
	     "jumper\t2\t3\tedge\t43\t-\n"
	     "jumper\t2\t4\tedge\t5\t-\n"
	     "jumper\t3\t1\tedge\t40\t-\n"
	     "jumper\t4\t5\tedge\t5\t-\n",
	     r.out);
  run_free (&r);

  run_dump (&r, NULL, annotate_args);
  check_int ("--annotate: exit status", 0, r.status);
  check_contains ("--annotate: line 12 after the call at 11", r.out,
		  "       72:   12:\n");
  check_contains ("--annotate: line 13 after the call at 12", r.out,
		  "       61:   13:\n");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_early_fixtures ();
  test_text ();
  test_tsv ();
  test_json ();
  test_counts ();
  return unit_test_report ();
}
