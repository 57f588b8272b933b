/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --predict on hand-made metas: the paper's Figure 1 with
   Prof1 and with Prof2 (detail-fixtures.h), which have the same edge
   profile (A->C 150 > A->B 120, D->E 160 > D->F 110): the heuristic
   predicts ACDEF from both, which ran 60 times of 270 in Prof1 and 40 in
   Prof2 (Ball & Larus, section 6.2).  Also the average lengths in edges
   and statements, "-" without the detail section, one prediction per
   path start of a loop, the JSON and the usage errors.  */

#include "detail-fixtures.h"

/* Write p.pathprof: fig1_prof1 and fig1_prof2.  */

static void
write_prediction_profile (void)
{
  fixture_function fns[2];

  fixture_fig1_detail (&fns[0], "fig1_prof1", fig1d_prof1,
		       COUNT (fig1d_prof1));
  write_profile (test_path ("p1.pathprof"), "src/fig1.c", 1, fns, 1);
  fixture_fig1_detail (&fns[1], "fig1_prof2", fig1d_prof2,
		       COUNT (fig1d_prof2));
  write_profile (test_path ("p2.pathprof"), "src/fig1.c", 1, fns + 1, 1);
}

/* The table.  Prof1: lengths 3 (ACDF), 4 (ACDEF), 5 (ABCDEF), 3 (ABDF):
   3.75 per path, 1070 / 270 = 3.96 weighted; statements 7, 8, 10, 8:
   8.25 and 2270 / 270 = 8.41; ACDEF has 4 edges and 8 statements.
   Prof2: 3, 4, 5, 4 (ABDEF): 4.00, 1070 / 270; statements 7, 8, 10, 9:
   8.50, 2270 / 270.  */

static void
test_table (void)
{
  static const char *const args[] = { "--predict", "@p1.pathprof",
				      "@p2.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("--predict: exit status", 0, r.status);
  check_contains ("--predict: header", r.out,
		  "function    executed  predicted    ran         all   "
		  "predicted    share  measured  weighted  predicted  "
		  "measured  weighted  predicted\n");
  check_contains ("--predict: Prof1", r.out,
		  "fig1_prof1         4          1      1         270          "
		  "60   22.22%      3.75      3.96       4.00      8.25      "
		  "8.41       8.00\n");
  check_contains ("--predict: Prof2", r.out,
		  "fig1_prof2         4          1      1         270          "
		  "40   14.81%      4.00      3.96       4.00      8.50      "
		  "8.41       8.00\n");
  check_contains ("--predict: total", r.out,
		  "total              8          2      2         540         "
		  "100   18.52%      3.88      3.96       4.00      8.38      "
		  "8.41       8.00\n");
  run_free (&r);
}

/* Without detail, statements are "-"; count_loop has two path starts
   (entry, and the loop head after the backedge), hence two predictions:
   from the entry 2 3 4 (3->4 1702 > 3->5 298), then the backedge (1700 >
   2) ends it: path 1, 200 runs; from the head 3 4 and the backedge: path
   4, 1500.  */

static void
test_no_detail_and_loop (void)
{
  static const char *const args[] = { "--predict", "@b.pathprof", NULL };
  static const char *const json[] = { "--predict", "--json",
				      "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_contains ("count_loop: two starts, both predicted paths ran",
		  r.out, "count_loop         5          2      2        "
		  "2000        1700   85.00%");
  check_contains ("count_loop: no statements without detail", r.out,
		  "         -         -          -\ntotal");
  run_free (&r);
  run_dump (&r, NULL, json);
  check_contains ("--json: the function's prediction", r.out,
		  "\"prediction\": {\n        \"executed_paths\": 5,\n"
		  "        \"predicted_paths\": 2,\n"
		  "        \"predicted_ran\": 2,\n"
		  "        \"executions\": 2000,\n"
		  "        \"predicted_executions\": 1700,\n");
  check_contains ("--json: predicted paths", r.out,
		  "\"paths\": [{\"id\": 1, \"count\": 200}, {\"id\": 4, "
		  "\"count\": 1500}]");
  check_contains ("--json: statements null without detail", r.out,
		  "\"stmts\": {\"measured\": null, \"weighted\": null, "
		  "\"predicted\": null}");
  check_contains ("--json: the program's prediction", r.out,
		  "  \"prediction\": {\n    \"executed_paths\": 5,");
  run_free (&r);
}

/* -n 1: the function with the most executions, then how many more;
   the total still of both.  */

static void
test_top (void)
{
  static const char *const args[] = { "--predict", "-n", "1", "@b.pathprof",
				      "@p1.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_contains ("-n 1: count_loop (2000) before fig1_prof1 (270)", r.out,
		  "\ncount_loop         5          2      2        2000");
  check_lacks ("-n 1: fig1_prof1 not shown", r.out, "\nfig1_prof1 ");
  check_contains ("-n 1: the rest counted, the total of both", r.out,
		  "... 1 more function (-n N shows the N with the most "
		  "executions, --all every one)\n"
		  "total              9          3      3        2270");
  run_free (&r);
}

/* --predict with another report is a usage error.  */

static void
test_usage (void)
{
  static const char *const edges[] = { "--edges", "--predict",
				       "@p1.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, edges);
  check_int ("--edges --predict: usage error", 2, r.status);
  check_contains ("--edges --predict: message", r.err,
		  "--predict goes with the text report or --json only");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_prediction_profile ();
  test_table ();
  test_no_detail_and_loop ();
  test_top ();
  test_usage ();
  return unit_test_report ();
}
