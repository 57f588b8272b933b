/* pathprof-dump on what C++ code brings (issue 26): paths that end by
   an exception, counted apart in every coverage figure and labelled for
   what they are, in the text and in the CFG picture.

   x.pathprof (unit "x.cc"), function "scan" (_Z4scani, display name
   "scan(int)"): a call that may throw, a test, a second call that may
   throw inside a cleanup region:

     10   f ();          bb2: 10      -> bb3 | bb6 (the plugin's landing
					 pad of f's call: no line)
     11   if (c)         bb3: 11      -> bb4 | bb5
     12     return 1;    bb4: 12      -> bb7
     13   g ();          bb5: 13      -> bb7 | bb8 (g threw: the cleanup)
     14   return 0;      bb7: 14      -> EXIT
     15 }                bb8: 15      the cleanup's destructor, then the
					 resx: no successor

   DAG (Val by Figure 5; NumPaths 7: 1, 4: 1, 8: 1, 6: 1, 5: 2, 3: 3,
   2: 4): ENTRY->2 0; 2->3 0, 2->6 3; 3->4 0, 3->5 1; 4->7 0; 5->7 0,
   5->8 1; 6->EXIT unwind 0; 7->EXIT 0; 8->EXIT unwind 0.
     path 0  2 3 4 7    return                          count 5
	  1  2 3 5 7    return                          never ran
	  2  2 3 5 8    exception, at 15 (the cleanup)  never ran
	  3  2 6        exception, at 10 (bb6: no line) count 2
   Potential exception exits: the paths to bb6 (1) and to bb8 (1), 2;
   executed: path 3.  */

#include "dump-test.h"

/* ---------------------------------------------------------- fixture */

static char *x_files[] = { "x.cc" };
static ppf_line x_l2[] = { { 0, 10 } };
static ppf_line x_l3[] = { { 0, 11 } };
static ppf_line x_l4[] = { { 0, 12 } };
static ppf_line x_l5[] = { { 0, 13 } };
static ppf_line x_l7[] = { { 0, 14 } };
static ppf_line x_l8[] = { { 0, 15 } };
static ppf_block x_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, x_l2 }, { 3, 1, x_l3 },
  { 4, 1, x_l4 }, { 5, 1, x_l5 }, { 6, 0, NULL }, { 7, 1, x_l7 },
  { 8, 1, x_l8 }
};
static ppf_edge x_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 6, PPF_EDGE_REAL, 2, 6, 3 },
  { 3, 4, PPF_EDGE_REAL, 3, 4, 0 }, { 3, 5, PPF_EDGE_REAL, 3, 5, 1 },
  { 4, 7, PPF_EDGE_REAL, 4, 7, 0 },
  { 5, 7, PPF_EDGE_REAL, 5, 7, 0 }, { 5, 8, PPF_EDGE_REAL, 5, 8, 1 },
  { 6, 1, PPF_EDGE_UNWIND_EXIT, 6, PPF_NONE, 0 },
  { 7, 1, PPF_EDGE_REAL, 7, 1, 0 },
  { 8, 1, PPF_EDGE_UNWIND_EXIT, 8, PPF_NONE, 0 }
};
static const ppf_count x_counts[] = { { 0, 5 }, { 3, 2 } };

/* Fill FN with scan.  */

static void
fixture_scan (fixture_function *fn)
{
  fixture_meta (&fn->meta, "_Z4scani", "scan(int)", 0, 9, 4);
  fn->meta.num_files = COUNT (x_files);
  fn->meta.files = x_files;
  fn->meta.num_blocks = COUNT (x_blocks);
  fn->meta.blocks = x_blocks;
  fn->meta.num_edges = COUNT (x_edges);
  fn->meta.edges = x_edges;
  fn->counts = x_counts;
  fn->num_counts = COUNT (x_counts);
}

/* Write x.pathprof.  */

static void
write_cxx_fixtures (void)
{
  fixture_function fns[1];

  fixture_scan (&fns[0]);
  write_profile (test_path ("x.pathprof"), "x.cc", 1, fns, 1);
}

/* ------------------------------------------------------------- checks */

/* The text report and --coverage count the exception exits apart: 2
   potential, 1 executed; the other paths 1 of 2.  The path that left by
   f's pad reads "left by exception" at f's call.  */

static void
test_exception_figures (void)
{
  static const char *const text_args[] = { "--ascii", "--width=0",
					   "@x.pathprof", NULL };
  static const char *const coverage_args[] = { "--coverage", "--ascii",
					       "@x.pathprof", NULL };
  run_result r;

  run_ok ("text", &r, text_args);
  check_str ("text: paths", "Paths:       2 executed of 4 potential "
	     "(50.00%)", line_of (r.out, 2));
  check_str ("text: exception exits apart", "             of which 2 "
	     "exception exits (1 executed); without them, 1 of 2 executed "
	     "(50.00%)", line_of (r.out, 3));
  check_contains ("text: the pad's path", r.out,
		  "[entry] x.cc:10 [left by exception at 10]\n");
  run_free (&r);

  run_ok ("--coverage", &r, coverage_args);
  check_str ("--coverage: exception exits apart", "               of "
	     "which 2 exception exits (1 executed); without them, 1 of 2 "
	     "executed (50.00%)", line_of (r.out, 1));
  check_str ("--coverage: header", "executed  potential  coverage  "
	     "exc. exits  w/o exc.  function   defined at",
	     line_of (r.out, 4));
  check_str ("--coverage: row", "       2          4    50.00%         "
	     "1/2    50.00%  scan(int)  x.cc:9", line_of (r.out, 5));
  check_str ("--coverage: total", "       2          4    50.00%         "
	     "1/2    50.00%  total", line_of (r.out, 6));
  run_free (&r);
}

/* --untested lists path 1 and counts path 2, the exception exit that
   never ran, apart; --json says the same in numbers.  */

static void
test_exception_untested (void)
{
  static const char *const args[] = { "--untested", "--ascii",
				      "--width=0", "@x.pathprof", NULL };
  static const char *const json_args[] = { "--json", "--untested",
					   "@x.pathprof", NULL };
  run_result r;

  run_ok ("--untested", &r, args);
  check_contains ("--untested: the exit counted apart", r.out,
		  "  1 of them is an exception exit (a call threw): not "
		  "listed.\n");
  check_contains ("--untested: path 1 listed", r.out,
		  "[entry] x.cc:10-11 -> 13-14 [return]\n");
  check_lacks ("--untested: path 2 not listed", r.out, "at 15]");
  run_free (&r);

  run_ok ("--json --untested", &r, json_args);
  check_contains ("--json: potential exception exits", r.out,
		  "\"potential_exception_exits\": 2,\n");
  check_contains ("--json: executed exception exits", r.out,
		  "\"executed_exception_exits\": 1,\n");
  check_contains ("--json: untested exception exits", r.out,
		  "\"left_at_call\": 1, \"exception_exits\": 1, ");
  run_free (&r);
}

/* --dot: the plugin's landing pad (bb6, no line) and the cleanup that
   ends in a resx (bb8, line 15) say "exception exit", in a small dashed
   box of class "exception", and the legend says what that is.  */

static void
test_exception_dot (void)
{
  static const char *const args[] = { "--dot", "--ascii", "-f", "scan*",
				      "@x.pathprof", NULL };
  run_result r;

  run_ok ("--dot", &r, args);
  check_contains ("--dot: the landing pad", r.out,
		  "  b6 [id=\"b6\", label=\"exception exit\\n2\", "
		  "tooltip=\"bb6: 2\", class=\"block path2 exception\", "
		  "style=\"rounded,filled,dashed\", fontsize=8, height=0.2");
  check_contains ("--dot: the cleanup", r.out,
		  "  b8 [id=\"b8\", label=\"15\\nexception exit\\n0\", "
		  "tooltip=\"bb8: 0\", class=\"block exception\"");
  check_contains ("--dot: an ordinary block", r.out,
		  "  b7 [id=\"b7\", label=\"14\\n5\", tooltip=\"bb7: 5\", "
		  "class=\"block path1\"];");
  check_contains ("--dot: the legend", r.out,
		  "exception exit: paths end there when an exception leaves "
		  "the function");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_cxx_fixtures ();
  test_exception_figures ();
  test_exception_untested ();
  test_exception_dot ();
  return unit_test_report ();
}
