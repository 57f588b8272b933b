/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --correlated on hand-made metas (dump-test.h,
   detail-fixtures.h), every figure worked out here.

   fig1 (a.pathprof): D (block 5, line 8) is entered from B (block 3,
   line 5) and from C (block 4, last line 7), and branches to E (block
   6, include/hdr.h:20) or F (block 7, line 10).  Paths: ACDEF 500,
   ABCDEF 1000, ABCDF 250, ABDF 250.  So
     from C: to E 500 + 1000 = 1500, to F 250;   from B: E 0, F 250.
   executions 2000; edge-predicted max(1500, 500) = 1500 (75.00%);
   path-predicted 1500 + 250 = 1750 (87.50%); gain 250.  A (block 2)
   has one predecessor (ENTRY) and B one (A): branch blocks, counted in
   the branch executions (A 2000, B 1500), not ranked.  All branch
   executions of fig1: 2000 + 1500 + 2000 = 5500.

   count_loop (b.pathprof): block 3 (line 4) is the loop head, entered
   from block 2 (line 3) and by the backedge 4->3 (block 4, last line
   6).  Paths: 0 entry 2 3 5: 98; 1 entry 2 3 4 backedge: 200;
   3 backedge 3 5: 200; 4 backedge 3 4 backedge: 1500; 5 backedge 3 4 6
   noreturn: 2.  So from 2: to 5 98, to 4 200; from the backedge: to 5
   200, to 4 1502.  executions 2000, edge-predicted 1702, path-predicted
   200 + 1502 = 1702: no gain.  Block 4 (one predecessor) branches 1702
   times (its path to the noreturn block counts: it left by a CFG edge).
   All branch executions: 3702.

   fig1d (detail, Prof1): D as above with labels; ACDEF 60, ACDF 90,
   ABCDEF 100, ABDF 20: from C true 160, false 90; from B true 0, false
   20: 270, 160 (59.26%), 180 (66.67%), gain 20.  Branch executions: A
   270 + B 120 + D 270 = 660.  */

#include "detail-fixtures.h"

/* Write f.pathprof: fig1d with Prof1.  */

static void
write_detail_profile (void)
{
  fixture_function fn;

  fixture_fig1_detail (&fn, "fig1d", fig1d_prof1, COUNT (fig1d_prof1));
  write_profile (test_path ("f.pathprof"), "src/fig1.c", 1, &fn, 1);
}

/* The text report of fig1 and count_loop.  */

static void
test_text (void)
{
  static const char *const args[] = { "--correlated", "--ascii",
				      "@a.pathprof", "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("--correlated: exit status", 0, r.status);
  check_contains ("--correlated: fig1's block D ranked first", r.out,
		  "  1. fig1 at fig1.c:8 (bb5): gain 250\n"
		  "    2000 executions; edge-predicted 1500 (75.00%), "
		  "path-predicted 1750 (87.50%)\n");
  check_contains ("--correlated: successors by count, labelled by where "
		  "they go", r.out,
		  "    from          count   to hdr.h:20     to 10\n"
		  "    all            2000   1500   75.00%   500   25.00%\n"
		  "    7 (bb4)        1750   1500   85.71%   250   14.29%\n"
		  "    5 (bb3)         250      0    0.00%   250  100.00%\n");
  check_lacks ("--correlated: count_loop gains nothing, not listed", r.out,
	       "count_loop at");
  check_contains ("--correlated: totals per unit and for the program",
		  r.out,
		  "fig1.c            5500            2000   36.36%   75.00%   "
		  "87.50%           250   12.50%    4.55%\n"
		  "loop.c            3702            2000   54.02%   85.10%   "
		  "85.10%             0    0.00%    0.00%\n"
		  "total             9202            4000   43.47%   80.05%   "
		  "86.30%           250    6.25%    2.72%\n");
  check_contains ("--correlated: blocks counted", r.out,
		  "(2 blocks ran, 1 with a gain)");
  run_free (&r);
}

/* The labels of the detail section, and -n.  */

static void
test_labels_and_top (void)
{
  static const char *const args[] = { "--correlated", "@f.pathprof", NULL };
  static const char *const top[] = { "--correlated", "-n", "1",
				     "@a.pathprof", "@f.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_contains ("--correlated: outcome labels", r.out,
		  "  1. fig1d at fig1.c:8 (bb5): gain 20\n"
		  "    270 executions; edge-predicted 160 (59.26%), "
		  "path-predicted 180 (66.67%)\n"
		  "    from          count   true           false\n"
		  "    all             270   160   59.26%   110   40.74%\n"
		  "    7 (bb4)         250   160   64.00%    90   36.00%\n"
		  "    5 (bb3)          20     0    0.00%    20  100.00%\n");
  check_contains ("--correlated: one unit, no unit rows", r.out,
		  "\n           executions      executions    share     "
		  "hits     hits    executions    there   of all\n"
		  "total             660             270   40.91%   59.26%   "
		  "66.67%            20    7.41%    3.03%\n");
  run_free (&r);
  run_dump (&r, NULL, top);
  check_contains ("-n 1: the greatest gain", r.out, "  1. fig1 at");
  check_lacks ("-n 1: not the second", r.out, "  2. fig1d at");
  check_contains ("-n 1: the rest counted", r.out,
		  "... 1 more block with a gain");
  run_free (&r);
}

/* --tsv and --json: the loop head's matrix, backedge included.  */

static void
test_tsv_json (void)
{
  static const char *const tsv[] = { "--correlated", "--tsv", "@a.pathprof",
				     "@b.pathprof", NULL };
  static const char *const json[] = { "--json", "--correlated", "-n", "0",
				      "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, tsv);
  check_int ("--tsv --correlated: exit status", 0, r.status);
  check_contains ("--tsv --correlated: one line per block", r.out,
		  "fig1\tsrc/fig1.c\t8\t5\t2\t2\t2000\t1500\t1750\t250\n"
		  "count_loop\tloop.c\t4\t3\t2\t2\t2000\t1702\t1702\t0\n");
  run_free (&r);
  run_dump (&r, NULL, json);
  check_int ("--json --correlated: exit status", 0, r.status);
  check_contains ("--json --correlated: the function's figures", r.out,
		  "\"correlated\": {\n        \"branch_executions\": 3702,\n"
		  "        \"blocks\": 1,\n        \"executions\": 2000,\n"
		  "        \"edge_predicted\": 1702,\n"
		  "        \"path_predicted\": 1702,\n        \"gain\": 0,\n");
  check_contains ("--json --correlated: the backedge is a predecessor",
		  r.out,
		  "\"predecessors\": [{\"kind\": \"backedge\", \"from\": "
		  "{\"block\": 4, \"file\": \"loop.c\", \"line\": 6}, "
		  "\"count\": 1702}, {\"kind\": \"edge\", \"from\": "
		  "{\"block\": 2, \"file\": \"loop.c\", \"line\": 3}, "
		  "\"count\": 298}]");
  check_contains ("--json --correlated: the matrix", r.out,
		  "\"counts\": [[200, 1502], [98, 200]]}");
  check_contains ("--json --correlated: the program's figures", r.out,
		  "  \"correlated\": {\n    \"branch_executions\": 3702,");
  run_free (&r);
}

/* --correlated with another report or --predict is a usage error.  */

static void
test_usage (void)
{
  static const char *const edges[] = { "--edges", "--correlated",
				       "@a.pathprof", NULL };
  static const char *const predict[] = { "--correlated", "--predict",
					 "@a.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, edges);
  check_int ("--edges --correlated: usage error", 2, r.status);
  check_contains ("--edges --correlated: message", r.err,
		  "--correlated goes with the text report, --tsv or --json "
		  "only");
  run_free (&r);
  run_dump (&r, NULL, predict);
  check_int ("--correlated --predict: usage error", 2, r.status);
  check_contains ("--correlated --predict: message", r.err,
		  "--untested, --predict and --correlated exclude each other");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_detail_profile ();
  test_text ();
  test_labels_and_top ();
  test_tsv_json ();
  test_usage ();
  return unit_test_report ();
}
