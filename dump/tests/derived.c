/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The edge and line counts pathprof-dump derives from path profiles
   (report/derive.h): --edges, --lines, --annotate and the "lines" and
   "edges" of --json, on hand-built DAGs whose counts are worked out here
   from the paths, the way gcov (gcc/gcov.cc of GCC 12) counts lines.

   Besides the fixtures of dump-test.h (b.pathprof: a loop with a
   noreturn exit, and a backedge that more paths start after than end
   at; c.pathprof: a cut edge; d.pathprof: counts that saturate), this
   file writes:

   loop.pathprof, unit "sum.c": sum (n), the whole for loop on line 13
     10 int
     11 sum (int n)        <- the declaration line, gcov's first line
     12 {
     13   int s = 0, i;
     14   for (i = 0; i < n; i++) s += i;
     15   return s;
     16 }
     bb2 (13, 14: s = 0, i = 0) -> bb4;  bb3 (14: s += i, i++) -> bb4
     (backedge);  bb4 (14: i < n) -> bb3 | bb5;  bb5 (15) -> EXIT.
     DAG: ENTRY->2 0, ENTRY->4 (backedge 3->4) 2; 2->4 0; 4->5 0,
     4->3 1; 3->EXIT (backedge 3->4) 0; 5->EXIT 0.
     path 0 entry 2 4 5 return  1 entry 2 4 3 backedge
	  2 backedge 4 5 return  3 backedge 4 3 backedge
     sum (0) and sum (3): counts 0:1  1:1  2:1  3:2.
     Edges: 0->2 2, 2->4 2, 4->5 2, 4->3 3, 3->4 3 (started 3), 5->1 2.
     Line 14 owns bb2, bb3 and bb4: 2 entries (from ENTRY into bb2) and
     the cycle bb3->bb4->bb3 three times: 5, as gcov says.  Line 11 (the
     declaration) and 13 lead bb2 without owning it: bb2's count, 2.

   self.pathprof, unit "self.c": a self loop, and a line that owns one
     block and is only a leading line of another.
     bb2 (19 decl, 20, 21) -> bb3;  bb3 (21, 22) -> bb3 (backedge) | EXIT.
     DAG: ENTRY->2 0, ENTRY->3 (backedge 3->3) 2; 2->3 0;
     3->EXIT (return) 0, 3->EXIT (backedge 3->3) 1.
     path 0 entry 2 3 return  1 entry 2 3 backedge
	  2 backedge 3 return  3 backedge 3 backedge
     one call, five times round: counts 1:1  3:3  2:1.
     Edges: 0->2 1, 2->3 1, 3->3 4 (started 4), 3->1 1.
     Line 21 owns bb2 only: its count is bb2's entries, 1, though bb3
     (5) runs it too: gcov does the same.  Line 22 owns bb3: 1 entry
     plus the self loop's 4 = 5.

   multi.pathprof, unit "m.c": parallel edges, two files in one block, a
     block without edges, unreadable sources.
     bb2 (m.c:1 decl, m.c:2, m.h:7, m.c:3) -> bb3 by two edges (Val 0
     and 1);  bb3 (4, 5, 4) -> EXIT;  bb9 (8, 5): no edge (unreachable).
     counts 0:3  1:4.  Edges: 0->2 7, 2->3 7 (one edge: 3 + 4),
     3->1 7.  Lines: 1 2 m.h:7 3 4 all 7 (line 4 once in bb3, so 5
     owns it); 5 owns bb3 and bb9: 7, with a block that never ran
     ("7*"); 8 0 ("#####").

   order.pathprof, unit "order.c": gcov sorts a block's lines.
     bb2 (1 decl, 6) -> bb3 (5) -> bb4 (7, 6) -> EXIT; one path, run 3
     times.  bb4's lines sort to 6 7: it is 7's block, not 6's, so line 6
     counts the entries into bb2 only: 3 (6 if bb4 were its too).

   jmp.pathprof, unit "jmp.c": a setjmp receiver.
     bb2 (29 decl, 30: the setjmp call) -> bb3 (31) -> EXIT, and the
     restart edge from GCC's abnormal dispatcher bb9 (not in the file)
     to bb2.  DAG: ENTRY->2 0, ENTRY->2 (restart 9->2) 1; 2->3 0;
     3->EXIT 0.  path 0 entry 2 3 return, 1 restart 2 3 return.
     counts 0:1  1:3.  Edges: 0->2 1, 2->3 4, 3->1 4, 9->2 restart 3.
     Lines 29 30 31: 4 (30 entered once from the entry, three times by
     the jump).  */

#include "dump-test.h"

/* ---------------------------------------------------------- fixtures */

static char *loop_src_files[1];
static ppf_line sum_l2[] = { { 0, 13 }, { 0, 14 } };
static ppf_line sum_l3[] = { { 0, 14 } };
static ppf_line sum_l4[] = { { 0, 14 } };
static ppf_line sum_l5[] = { { 0, 15 } };
static ppf_block sum_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 2, sum_l2 }, { 3, 1, sum_l3 },
  { 4, 1, sum_l4 }, { 5, 1, sum_l5 }
};
static ppf_edge sum_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 4, PPF_EDGE_BACK_ENTRY, 3, 4, 2 },
  { 2, 4, PPF_EDGE_REAL, 2, 4, 0 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 }, { 4, 3, PPF_EDGE_REAL, 4, 3, 1 },
  { 3, 1, PPF_EDGE_BACK_EXIT, 3, 4, 0 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 }
};
static const ppf_count sum_counts[] = { { 0, 1 }, { 1, 1 }, { 2, 1 },
					{ 3, 2 } };
static const char sum_source[] =
  "/* sum.c */\n"
  "\n\n\n\n\n\n\n\n"
  "int\n"
  "sum (int n)\n"
  "{\n"
  "  int s = 0, i;\n"
  "  for (i = 0; i < n; i++) s += i;\n"
  "  return s;\n"
  "}\n";

static char *self_files[] = { "self.c" };
static ppf_line self_l2[] = { { 0, 20 }, { 0, 21 } };
static ppf_line self_l3[] = { { 0, 21 }, { 0, 22 } };
static ppf_block self_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 2, self_l2 }, { 3, 2, self_l3 }
};
static ppf_edge self_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 3, PPF_EDGE_BACK_ENTRY, 3, 3, 2 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 3, 1, PPF_EDGE_REAL, 3, 1, 0 }, { 3, 1, PPF_EDGE_BACK_EXIT, 3, 3, 1 }
};
static const ppf_count self_counts[] = { { 1, 1 }, { 2, 1 }, { 3, 3 } };

static char *multi_files[] = { "m.c", "m.h" };
static ppf_line multi_l2[] = { { 0, 2 }, { 1, 7 }, { 0, 3 } };
static ppf_line multi_l3[] = { { 0, 4 }, { 0, 5 }, { 0, 4 } };
static ppf_line multi_l9[] = { { 0, 8 }, { 0, 5 } };
static ppf_block multi_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 3, multi_l2 }, { 3, 3, multi_l3 },
  { 9, 2, multi_l9 }
};
static ppf_edge multi_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 3, PPF_EDGE_REAL, 2, 3, 1 },
  { 3, 1, PPF_EDGE_REAL, 3, 1, 0 }
};
static const ppf_count multi_counts[] = { { 0, 3 }, { 1, 4 } };

static char *order_files[] = { "order.c" };
static ppf_line order_l2[] = { { 0, 6 } };
static ppf_line order_l3[] = { { 0, 5 } };
static ppf_line order_l4[] = { { 0, 7 }, { 0, 6 } };
static ppf_block order_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, order_l2 }, { 3, 1, order_l3 },
  { 4, 2, order_l4 }
};
static ppf_edge order_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 3, 4, PPF_EDGE_REAL, 3, 4, 0 }, { 4, 1, PPF_EDGE_REAL, 4, 1, 0 }
};
static const ppf_count order_counts[] = { { 0, 3 } };

static char *jmp_files[] = { "jmp.c" };
static ppf_line jmp_l2[] = { { 0, 30 } };
static ppf_line jmp_l3[] = { { 0, 31 } };
static ppf_block jmp_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, jmp_l2 }, { 3, 1, jmp_l3 }
};
static ppf_edge jmp_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 2, PPF_EDGE_RESTART_ENTRY, 9, 2, 1 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 3, 1, PPF_EDGE_REAL, 3, 1, 0 }
};
static const ppf_count jmp_counts[] = { { 0, 1 }, { 1, 3 } };

/* Write loop.pathprof (with sum.c beside it, so that --annotate finds
   the source), self.pathprof and multi.pathprof.  */

static void
write_derived_fixtures (void)
{
  fixture_function fn;

  loop_src_files[0] = strdup (test_path ("sum.c"));
  write_bytes (loop_src_files[0], sum_source, strlen (sum_source));
  fixture (&fn, "sum", loop_src_files, 1, 11, 4, sum_blocks,
	   COUNT (sum_blocks), sum_edges, COUNT (sum_edges), sum_counts,
	   COUNT (sum_counts));
  write_profile (test_path ("loop.pathprof"), loop_src_files[0], 1, &fn, 1);

  fixture (&fn, "self", self_files, 1, 19, 4, self_blocks,
	   COUNT (self_blocks), self_edges, COUNT (self_edges), self_counts,
	   COUNT (self_counts));
  write_profile (test_path ("self.pathprof"), "self.c", 1, &fn, 1);

  fixture (&fn, "multi", multi_files, 2, 1, 2, multi_blocks,
	   COUNT (multi_blocks), multi_edges, COUNT (multi_edges),
	   multi_counts, COUNT (multi_counts));
  write_profile (test_path ("multi.pathprof"), "m.c", 1, &fn, 1);

  fixture (&fn, "order", order_files, 1, 1, 1, order_blocks,
	   COUNT (order_blocks), order_edges, COUNT (order_edges),
	   order_counts, COUNT (order_counts));
  write_profile (test_path ("order.pathprof"), "order.c", 1, &fn, 1);

  fixture (&fn, "jmp", jmp_files, 1, 29, 2, jmp_blocks, COUNT (jmp_blocks),
	   jmp_edges, COUNT (jmp_edges), jmp_counts, COUNT (jmp_counts));
  write_profile (test_path ("jmp.pathprof"), "jmp.c", 1, &fn, 1);
}

/* ------------------------------------------------------------- checks */

/* Run pathprof-dump with ARGS; check exit status 0, nothing on stderr
   and the output EXPECTED.  */

static void
expect_output (const char *what, const char *const *args,
	       const char *expected)
{
  run_result r;
  char label[160];

  run_dump (&r, NULL, args);
  snprintf (label, sizeof label, "%s: exit status", what);
  check_int (label, 0, r.status);
  snprintf (label, sizeof label, "%s: stderr", what);
  check_str (label, "", r.err);
  snprintf (label, sizeof label, "%s: output", what);
  check_str (label, expected, r.out);
  run_free (&r);
}

/* Edges: backedges counted where their paths end, the start count kept
   beside; cut edges likewise; noreturn dummies are no edges; parallel
   edges merge.  */

static void
test_edges (void)
{
  static const char *const loop_args[] = { "--edges", "@loop.pathprof",
					   NULL };
  static const char *const self_args[] = { "--edges", "@self.pathprof",
					   NULL };
  static const char *const multi_args[] = { "--edges", "@multi.pathprof",
					    NULL };
  static const char *const b_args[] = { "--edges", "@b.pathprof", NULL };
  static const char *const c_args[] = { "--edges", "-f", "helper",
					"@c.pathprof", NULL };
  static const char *const chain_args[] = { "--edges", "@d.pathprof",
					    NULL };
  run_result r;

  expect_output ("--edges for loop on one line", loop_args,
		 "sum\t0\t2\tedge\t2\t-\n"
		 "sum\t2\t4\tedge\t2\t-\n"
		 "sum\t3\t4\tbackedge\t3\t3\n"
		 "sum\t4\t3\tedge\t3\t-\n"
		 "sum\t4\t5\tedge\t2\t-\n"
		 "sum\t5\t1\tedge\t2\t-\n");
  expect_output ("--edges self loop", self_args,
		 "self\t0\t2\tedge\t1\t-\n"
		 "self\t2\t3\tedge\t1\t-\n"
		 "self\t3\t1\tedge\t1\t-\n"
		 "self\t3\t3\tbackedge\t4\t4\n");
  expect_output ("--edges parallel edges merge", multi_args,
		 "multi\t0\t2\tedge\t7\t-\n"
		 "multi\t2\t3\tedge\t7\t-\n"
		 "multi\t3\t1\tedge\t7\t-\n");
  /* count_loop: 1700 paths end at the backedge, 1702 start after it (a
     fixture that lost none but gained two); the noreturn block 6 has no
     edge to EXIT.  */
  expect_output ("--edges backedge and noreturn", b_args,
		 "count_loop\t0\t2\tedge\t298\t-\n"
		 "count_loop\t2\t3\tedge\t298\t-\n"
		 "count_loop\t3\t4\tedge\t1702\t-\n"
		 "count_loop\t3\t5\tedge\t298\t-\n"
		 "count_loop\t4\t3\tbackedge\t1700\t1702\n"
		 "count_loop\t4\t6\tedge\t2\t-\n"
		 "count_loop\t5\t1\tedge\t298\t-\n");
  expect_output ("--edges cut edge", c_args,
		 "helper\t0\t2\tedge\t50\t-\n"
		 "helper\t2\t3\tedge\t30\t-\n"
		 "helper\t2\t4\tedge\t20\t-\n"
		 "helper\t3\t5\tcut\t30\t30\n"
		 "helper\t4\t5\tedge\t20\t-\n"
		 "helper\t5\t1\tedge\t50\t-\n");
  /* 2^64 - 1 + 5 executions of the chain's first edge: the count stays
     at 2^64 - 1.  */
  run_dump (&r, NULL, chain_args);
  check_int ("--edges saturating: exit status", 0, r.status);
  check_str ("--edges saturating: first edge",
	     "chain\t0\t2\tedge\t18446744073709551615\t-", line_of (r.out, 0));
  check_str ("--edges saturating: a_0",
	     "chain\t2\t3\tedge\t18446744073709551615\t-", line_of (r.out, 1));
  check_str ("--edges saturating: b_0", "chain\t2\t4\tedge\t5\t-",
	     line_of (r.out, 2));
  run_free (&r);
}

/* Lines, as gcov counts them.  */

static void
test_lines (void)
{
  static const char *const loop_args[] = { "--lines", "@loop.pathprof",
					   NULL };
  static const char *const self_args[] = { "--lines", "@self.pathprof",
					   NULL };
  static const char *const multi_args[] = { "--lines", "@multi.pathprof",
					    NULL };
  static const char *const b_args[] = { "--lines", "@b.pathprof", NULL };
  static const char *const c_args[] = { "--lines", "@c.pathprof", NULL };
  static const char *const order_args[] = { "--lines", "@order.pathprof",
					    NULL };
  char expected[1024];
  const char *f = loop_src_files[0];

  snprintf (expected, sizeof expected,
	    "sum\t%s\t11\t2\n"
	    "sum\t%s\t13\t2\n"
	    "sum\t%s\t14\t5\n"
	    "sum\t%s\t15\t2\n", f, f, f, f);
  expect_output ("--lines loop within one line", loop_args, expected);
  expect_output ("--lines self loop, line owning one block of two",
		 self_args,
		 "self\tself.c\t19\t1\n"
		 "self\tself.c\t20\t1\n"
		 "self\tself.c\t21\t1\n"
		 "self\tself.c\t22\t5\n");
  expect_output ("--lines two files in a block, unreachable block",
		 multi_args,
		 "multi\tm.c\t1\t7\n"
		 "multi\tm.c\t2\t7\n"
		 "multi\tm.c\t3\t7\n"
		 "multi\tm.c\t4\t7\n"
		 "multi\tm.c\t5\t7\n"
		 "multi\tm.c\t8\t0\n"
		 "multi\tm.h\t7\t7\n");
  /* count_loop: line 4 (the loop head, bb3) is entered 298 times from
     bb2 and 1700 times by the backedge; 5 and 6 run 1702 times; the
     noreturn block's line 7 twice.  */
  expect_output ("--lines loop with a noreturn exit", b_args,
		 "count_loop\tloop.c\t2\t298\n"
		 "count_loop\tloop.c\t3\t298\n"
		 "count_loop\tloop.c\t4\t1998\n"
		 "count_loop\tloop.c\t5\t1702\n"
		 "count_loop\tloop.c\t6\t1702\n"
		 "count_loop\tloop.c\t7\t2\n"
		 "count_loop\tloop.c\t8\t298\n");
  expect_output ("--lines a block belongs to its greatest line",
		 order_args,
		 "order\torder.c\t1\t3\n"
		 "order\torder.c\t5\t3\n"
		 "order\torder.c\t6\t3\n"
		 "order\torder.c\t7\t3\n");
  /* helper: the cut edge's two halves make one count of line 17; the
     function without lines has none.  */
  expect_output ("--lines cut edge", c_args,
		 "helper\ttwo.c\t13\t50\n"
		 "helper\ttwo.c\t14\t50\n"
		 "helper\ttwo.c\t15\t30\n"
		 "helper\ttwo.c\t16\t20\n"
		 "helper\ttwo.c\t17\t50\n");
}

/* --annotate: gcov's layout with the source, the counted lines without
   it, FILE selection, notes about lost paths.  */

static void
test_annotate (void)
{
  static const char *const loop_args[] = { "--annotate", "@loop.pathprof",
					   NULL };
  static const char *const multi_args[] = { "--annotate=m.h",
					    "@multi.pathprof", NULL };
  static const char *const multi_all[] = { "--annotate",
					   "@multi.pathprof", NULL };
  static const char *const nomatch_args[] = { "--annotate=nope.c",
					      "@multi.pathprof", NULL };
  static const char *const b_args[] = { "--annotate", "@b.pathprof",
					NULL };
  run_result r;
  char expected[256];

  run_dump (&r, NULL, loop_args);
  check_int ("--annotate: exit status", 0, r.status);
  snprintf (expected, sizeof expected, "        -:    0:Source:%s",
	    loop_src_files[0]);
  check_str ("--annotate: header", expected, line_of (r.out, 0));
  check_str ("--annotate: a line without code", "        -:    1:/* sum.c */",
	     line_of (r.out, 1));
  check_str ("--annotate: the declaration line",
	     "        2:   11:sum (int n)", line_of (r.out, 11));
  check_str ("--annotate: no code on the brace", "        -:   12:{",
	     line_of (r.out, 12));
  check_str ("--annotate: the loop on one line",
	     "        5:   14:  for (i = 0; i < n; i++) s += i;",
	     line_of (r.out, 14));
  check_int ("--annotate: one line per source line", 17,
	     count_lines (r.out));
  run_free (&r);

  expect_output ("--annotate=FILE without the source", multi_args,
		 "        -:    0:Source:m.h\n"
		 "        -:    0:Source is not readable (No such file or "
		 "directory): counted lines only\n"
		 "        7:    7:\n");
  run_dump (&r, NULL, multi_all);
  check_contains ("--annotate: never executed", r.out,
		  "    #####:    8:\n");
  check_contains ("--annotate: a block never ran", r.out,
		  "       7*:    5:\n");
  check_contains ("--annotate: files one after the other", r.out,
		  "    #####:    8:\n\n        -:    0:Source:m.h\n");
  run_free (&r);

  run_dump (&r, NULL, nomatch_args);
  check_int ("--annotate=FILE matching nothing: exit status", 1, r.status);
  check_contains ("--annotate=FILE matching nothing: message", r.err,
		  "no source file matches 'nope.c'");
  check_str ("--annotate=FILE matching nothing: no output", "", r.out);
  run_free (&r);

  run_dump (&r, NULL, b_args);
  check_contains ("--annotate: note about paths lost or gained", r.out,
		  "Note:count_loop: backedge bb4->bb3 ran 1700 times, 1702 "
		  "paths started after it");
  run_free (&r);
}

/* --annotate of sum.c written with its lines ended by EOL ("\r\n",
   "\r") as NAME: the lines of sum.c's annotation, numbered alike (a lone
   "\r" ends a line, as for GCC), and no "\r" in them.  */

static void
test_annotate_line_ends (const char *what, const char *name,
			 const char *eol)
{
  static const char *const lf_args[] = { "--annotate", "@loop.pathprof",
					 NULL };
  char profile[64], check_name[128];
  const char *args[] = { "--annotate", profile, NULL };
  char *files[] = { strdup (test_path (name)) };
  char *source = with_line_ends (sum_source, eol);
  fixture_function fn;
  run_result lf, r;

  write_bytes (files[0], source, strlen (source));
  fixture (&fn, "sum", files, 1, 11, 4, sum_blocks, COUNT (sum_blocks),
	   sum_edges, COUNT (sum_edges), sum_counts, COUNT (sum_counts));
  snprintf (profile, sizeof profile, "%s.pathprof", name);
  write_profile (test_path (profile), files[0], 1, &fn, 1);
  snprintf (profile, sizeof profile, "@%s.pathprof", name);
  run_dump (&lf, NULL, lf_args);
  run_dump (&r, NULL, args);
  snprintf (check_name, sizeof check_name, "%s: exit status", what);
  check_int (check_name, 0, r.status);
  snprintf (check_name, sizeof check_name, "%s: no CR", what);
  check (strchr (r.out, '\r') == NULL, check_name, "%s", "a CR in the "
	 "output");
  /* The same but for the header, which names the file.  */
  snprintf (check_name, sizeof check_name, "%s: sum.c's lines", what);
  check_str (check_name, strchr (lf.out, '\n'), strchr (r.out, '\n')
						 ? strchr (r.out, '\n') : "");
  run_free (&lf);
  run_free (&r);
  free (source);
  free (files[0]);
}

/* --json: "entry_count", "lines" and "edges" of each function, for all
   its paths even when -n keeps fewer.  */

static void
test_json (void)
{
  static const char *const self_args[] = { "--json", "-n", "1",
					    "@self.pathprof", NULL };
  static const char *const b_args[] = { "--json", "@b.pathprof", NULL };
  static const char *const multi_args[] = { "--json", "@multi.pathprof",
					    NULL };
  run_result r;

  run_dump (&r, NULL, self_args);
  check_int ("--json counts: exit status", 0, r.status);
  check_contains ("--json: entry_count", r.out, "\"entry_count\": 1,");
  check_contains ("--json: a line", r.out,
		  "{\"file\": \"self.c\", \"line_number\": 22, \"count\": 5, "
		  "\"unexecuted_block\": false, \"owns_block\": ");
  check_contains ("--json: an edge", r.out,
		  "{\"src\": 2, \"dst\": 3, \"kind\": \"edge\", "
		  "\"count\": 1}");
  check_contains ("--json: a backedge with its start count", r.out,
		  "{\"src\": 3, \"dst\": 3, \"kind\": \"backedge\", "
		  "\"count\": 4, \"started\": 4}");
  run_free (&r);

  run_dump (&r, NULL, multi_args);
  check_contains ("--json: a line with a block that never ran", r.out,
		  "{\"file\": \"m.c\", \"line_number\": 5, \"count\": 7, "
		  "\"unexecuted_block\": true, \"owns_block\": ");
  check_contains ("--json: a line that never ran", r.out,
		  "{\"file\": \"m.c\", \"line_number\": 8, \"count\": 0, "
		  "\"unexecuted_block\": true, \"owns_block\": ");
  check_contains ("--json: the other file", r.out,
		  "{\"file\": \"m.h\", \"line_number\": 7, \"count\": 7, "
		  "\"unexecuted_block\": false, \"owns_block\": ");
  run_free (&r);

  run_dump (&r, NULL, b_args);
  check_contains ("--json: backedge started more than ended", r.out,
		  "\"kind\": \"backedge\", \"count\": 1700, "
		  "\"started\": 1702}");
  run_free (&r);
}

/* A path that starts where a longjmp landed (kind 6): its start in the
   path reports, its restart edge in the counts.  */

static void
test_restart (void)
{
  static const char *const edges_args[] = { "--edges", "@jmp.pathprof",
					    NULL };
  static const char *const lines_args[] = { "--lines", "@jmp.pathprof",
					    NULL };
  static const char *const tsv_args[] = { "--tsv", "@jmp.pathprof", NULL };
  static const char *const text_args[] = { "--width=0", "@jmp.pathprof",
					   NULL };
  static const char *const json_args[] = { "--json", "@jmp.pathprof",
					   NULL };
  run_result r;

  expect_output ("--edges restart edge", edges_args,
		 "jmp\t0\t2\tedge\t1\t-\n"
		 "jmp\t2\t3\tedge\t4\t-\n"
		 "jmp\t3\t1\tedge\t4\t-\n"
		 "jmp\t9\t2\trestart\t3\t-\n");
  expect_output ("--lines restart edge", lines_args,
		 "jmp\tjmp.c\t29\t4\n"
		 "jmp\tjmp.c\t30\t4\n"
		 "jmp\tjmp.c\t31\t4\n");
  expect_output ("--tsv restart start", tsv_args,
		 "jmp\t0\t1\tentry\treturn\t30 31\t\n"
		 "jmp\t1\t3\trestart\treturn\t30 31\t\n");
  run_dump (&r, NULL, text_args);
  check_contains ("text: restart marker", r.out,
		  "[restart at 30] jmp.c:30-31 [return]");
  run_free (&r);
  run_dump (&r, NULL, json_args);
  check_contains ("--json: restart start", r.out,
		  "\"start\": {\"kind\": \"restart\", \"from\": {\"block\": 9, "
		  "\"file\": null, \"line\": null}, \"to\": {\"block\": 2, "
		  "\"file\": \"jmp.c\", \"line\": 30}}");
  check_contains ("--json: entry count leaves restarts out", r.out,
		  "\"entry_count\": 1,");
  check_contains ("--json: restart edge", r.out,
		  "{\"src\": 9, \"dst\": 2, \"kind\": \"restart\", "
		  "\"count\": 3}");
  run_free (&r);
}

/* The report options exclude each other.  */

static void
test_usage (void)
{
  static const char *const args[] = { "--lines", "--edges",
				      "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("--lines --edges: exit status", 2, r.status);
  check_contains ("--lines --edges: message", r.err,
		  "exclude each other");
  run_free (&r);
}

/* One header reached by three spellings, in three units: "sub/../h.h"
   and "./h.h" name one file, whose counts add up (as gcov's
   canonicalize_name has it); "link/../h.h", where link is a symbolic
   link to sub/deep, names sub/h.h, and stays apart.  The order
   fixture's line 5 counts the function's one path.  */

static void
test_file_spellings (void)
{
  static const ppf_count counts_a[] = { { 0, 3 } };
  static const ppf_count counts_b[] = { { 0, 5 } };
  static const ppf_count counts_c[] = { { 0, 7 } };
  static const char *const args[] = { "--annotate", "@a-sp.pathprof",
				      "@b-sp.pathprof", "@c-sp.pathprof",
				      NULL };
  static const char *const lines_args[] = { "--lines", "@a-sp.pathprof",
					    "@b-sp.pathprof", NULL };
  char spelled[3][300], header[3][400], expected[600];
  char *files_a[1], *files_b[1], *files_c[1];
  fixture_function fn;
  run_result r;
  int sources;

  if (test_dir[0] != '/')
    {
      check (true, "file spellings: a relative scratch directory", "%s",
	     "skipped");
      return;
    }
  if (mkdir (test_path ("hdr"), 0777) != 0
      || mkdir (test_path ("hdr/sub"), 0777) != 0
      || mkdir (test_path ("hdr/sub/deep"), 0777) != 0
      || symlink ("sub/deep", test_path ("hdr/link")) != 0)
    test_abort ("file spellings: directories", strerror (errno));
  snprintf (spelled[0], sizeof spelled[0], "%s/hdr/sub/../h.h", test_dir);
  snprintf (spelled[1], sizeof spelled[1], "%s//hdr/./h.h", test_dir);
  snprintf (spelled[2], sizeof spelled[2], "%s/hdr/link/../h.h", test_dir);
  files_a[0] = spelled[0];
  files_b[0] = spelled[1];
  files_c[0] = spelled[2];
  fixture (&fn, "fa", files_a, 1, 6, 1, order_blocks, COUNT (order_blocks),
	   order_edges, COUNT (order_edges), counts_a, COUNT (counts_a));
  write_profile (test_path ("a-sp.pathprof"), "a.c", 1, &fn, 1);
  fixture (&fn, "fb", files_b, 1, 6, 1, order_blocks, COUNT (order_blocks),
	   order_edges, COUNT (order_edges), counts_b, COUNT (counts_b));
  write_profile (test_path ("b-sp.pathprof"), "b.c", 1, &fn, 1);
  fixture (&fn, "fc", files_c, 1, 6, 1, order_blocks, COUNT (order_blocks),
	   order_edges, COUNT (order_edges), counts_c, COUNT (counts_c));
  write_profile (test_path ("c-sp.pathprof"), "c.c", 1, &fn, 1);

  snprintf (header[0], sizeof header[0], "        -:    0:Source:%s/hdr/h.h\n",
	    test_dir);
  snprintf (header[1], sizeof header[1],
	    "        -:    0:Source:%s/hdr/link/../h.h\n", test_dir);
  run_dump (&r, NULL, args);
  check_int ("file spellings: exit status", 0, r.status);
  snprintf (expected, sizeof expected, "%s%s", header[0],
	    "        -:    0:Source is not readable (No such file or "
	    "directory): counted lines only\n"
	    "        8:    5:\n");
  check_contains ("file spellings: sub/.. and . are one file, counts added",
		  r.out, expected);
  snprintf (expected, sizeof expected, "%s%s", header[1],
	    "        -:    0:Source is not readable (No such file or "
	    "directory): counted lines only\n"
	    "        7:    5:\n");
  check_contains ("file spellings: .. after a symbolic link stays", r.out,
		  expected);
  sources = 0;
  for (const char *p = strstr (r.out, ":Source:"); p;
       p = strstr (p + 1, ":Source:"))
    sources++;
  check_int ("file spellings: two files", 2, sources);
  run_free (&r);

  run_dump (&r, NULL, lines_args);
  snprintf (expected, sizeof expected, "fa\t%s/hdr/h.h\t5\t3\n", test_dir);
  check_contains ("file spellings: --lines names the file canonically",
		  r.out, expected);
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_derived_fixtures ();
  test_edges ();
  test_lines ();
  test_annotate ();
  test_annotate_line_ends ("--annotate, CRLF source", "sum-crlf.c",
			   "\r\n");
  test_annotate_line_ends ("--annotate, CR source", "sum-cr.c", "\r");
  test_file_spellings ();
  test_json ();
  test_restart ();
  test_usage ();
  free (loop_src_files[0]);
  return unit_test_report ();
}
