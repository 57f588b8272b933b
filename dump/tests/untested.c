/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --untested on hand-made metas (dump-test.h,
   detail-fixtures.h): the one-decision neighbours of the executed paths
   (hottest first, then by the position of the decision, with a detour
   back to the path), the shortest-first search for the rest, paths left
   at a call left out and counted, -n, a function of 2^63 paths, the
   JSON's "untested" and "unexecuted_paths", and the usage errors.  */

#include "detail-fixtures.h"

/* shapes: only path 3 (2 3 6) ran; or none.  */
static const ppf_count shapes_one[] = { { 3, 7 } };

/* Write u.pathprof (fig1 Prof1 with detail, shapes with path 3) and
   v.pathprof (shapes without any executed path).  */

static void
write_untested_profiles (void)
{
  fixture_function fns[2];

  fixture_fig1_detail (&fns[0], "fig1", fig1d_prof1, COUNT (fig1d_prof1));
  fixture_shapes (&fns[1], shapes_one, COUNT (shapes_one));
  write_profile (test_path ("u.pathprof"), "src/fig1.c", 1, fns, 2);
  fixture_shapes (&fns[0], NULL, 0);
  write_profile (test_path ("v.pathprof"), "shapes.c", 1, fns, 1);
}

/* The rows of the untested paths of the function headed HEAD in TEXT:
   the lines after it up to an empty line, in a static buffer.  */

static const char *
section (const char *text, const char *head)
{
  static char buf[8192];
  const char *p = strstr (text, head), *end;

  if (!p)
    return "";
  end = strstr (p, "\n\n");
  snprintf (buf, sizeof buf, "%.*s", (int) (end ? end + 1 - p
						: (long) strlen (p)), p);
  return buf;
}

/* Prof1: ABDEF (#4) and ABCDF (#3) are one decision from ABCDEF (#2,
   the hottest), in the order of the decisions along it (B, then D).  */

static void
test_one_decision (void)
{
  static const char *const args[] = { "--untested", "-w", "0", "-f", "fig1",
				      "@u.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("fig1: exit status", 0, r.status);
  check_str ("fig1: the two paths that never ran, one decision from #2",
	     "fig1 (fig1.c:1): 2 of 6 potential paths never ran (4 executed, "
	     "66.67%)\n"
	     "  path  found                 path\n"
	     "     4  one decision from #2  [entry] fig1.c:3-4 (true) -> 5 "
	     "(true) -> 8 (true) -> hdr.h:20 -> fig1.c:10-11 [return]\n"
	     "     3  one decision from #2  [entry] fig1.c:3-4 (true) -> 5 "
	     "(false) -> 6-8 (false) -> 10-11 [return]\n",
	     section (r.out, "fig1 (fig1.c:1)"));
  check_contains ("fig1: the program's figures", r.out,
		  "Untested paths: 2 of 6 potential paths never ran "
		  "(4 executed, 66.67%)\n  fig1.c: 2 of 6");
  check_contains ("fig1: infeasible paths are mentioned", r.out,
		  "some\nmay be infeasible");
  run_free (&r);
}

/* shapes with path 3 (2 3 6) run: the decision at 2 takes 4, which is
   not on the path; the detour 4 5 goes back to 6 (the early exit 4 ->
   EXIT is no way back).  Path 1, left at the call in 4, is counted, not
   listed.  */

static void
test_detour_and_early_exit (void)
{
  static const char *const args[] = { "--untested", "-w", "0", "-f",
				      "shapes", "@u.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_str ("shapes: detour, then the decision at 3; path 1 left out",
	     "shapes (shapes.c:39): 3 of 4 potential paths never ran "
	     "(1 executed, 25.00%)\n"
	     "  1 of them ends left at a call (longjmp, exit, an exception): "
	     "not listed.\n"
	     "  path  found                 path\n"
	     "     0  one decision from #3  [entry] shapes.c:40 -> 45 "
	     "(40: true) -> 42-44 [return]\n"
	     "     2  one decision from #3  [entry] shapes.c:40 -> 45 "
	     "(40: false) -> 41 (true) [return]\n",
	     section (r.out, "shapes (shapes.c:39)"));
  run_free (&r);
}

/* Nothing ran: the best-first search gives 2 (3 edges), 3 (4), 0 (5),
   never 1 (left at a call); -n 2 keeps the first two.  */

static void
test_shortest_first (void)
{
  static const char *const args[] = { "--untested", "-w", "0",
				      "@v.pathprof", NULL };
  static const char *const two[] = { "--untested", "-w", "0", "-n", "2",
				     "@v.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_str ("nothing ran: shortest first",
	     "shapes (shapes.c:39): 4 of 4 potential paths never ran "
	     "(0 executed, 0.00%)\n"
	     "  1 of them ends left at a call (longjmp, exit, an exception): "
	     "not listed.\n"
	     "  path  found     path\n"
	     "     2  shortest  [entry] shapes.c:40 -> 45 (40: false) -> 41 "
	     "(true) [return]\n"
	     "     3  shortest  [entry] shapes.c:40 -> 45 (40: false) -> 41 "
	     "(false) -> 44 [return]\n"
	     "     0  shortest  [entry] shapes.c:40 -> 45 (40: true) -> 42-44 "
	     "[return]\n",
	     section (r.out, "shapes (shapes.c:39)"));
  run_free (&r);
  run_dump (&r, NULL, two);
  check_contains ("-n 2: two listed", r.out,
		  "     3  shortest  [entry] shapes.c:40 -> 45 (40: false) -> "
		  "41 (false) -> 44 [return]\n"
		  "  ... 1 more not shown (-n N shows N per function, --all up "
		  "to 100000).\n");
  check_lacks ("-n 2: path 0 not listed", r.out, "     0  shortest");
  run_free (&r);
}

/* chain: 2^63 paths, two ran.  The neighbours of the all-a path (the
   hottest) come first: the decision at s_0 takes b_0 (path 2^62), at s_1
   b_1 (2^61)...; the totals are exact.  */

static void
test_huge (void)
{
  static const char *const args[] = { "--untested", "-w", "0", "-n", "3",
				      "@d.pathprof", NULL };
  static const char *const json[] = { "--untested", "--json", "-n", "2",
				      "@d.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("chain: exit status", 0, r.status);
  check_contains ("chain: exact figures", r.out,
		  "chain (big.c:1): 9223372036854775806 of 9223372036854775808 "
		  "potential paths never ran (2 executed, <0.01%)");
  check_contains ("chain: first neighbour", r.out,
		  "  4611686018427387904  one decision from #0  [entry] "
		  "big.c:1000 -> 1002-1004 -> ");
  check_contains ("chain: second neighbour", r.out,
		  "  2305843009213693952  one decision from #0  [entry] "
		  "big.c:1000-1001 -> 1003 -> 1005-1007 -> ");
  check_contains ("chain: third neighbour", r.out,
		  "  1152921504606846976  one decision from #0");
  check_contains ("chain: the rest counted", r.out,
		  "  ... 9223372036854775803 more not shown");
  run_free (&r);

  run_dump (&r, NULL, json);
  check_int ("chain --json: exit status", 0, r.status);
  check_contains ("chain --json: untested figures", r.out,
		  "\"untested\": {\"never_ran\": 9223372036854775806, "
		  "\"left_at_call\": 0, \"exception_exits\": 0, "
		  "\"listable\": 9223372036854775806, "
		  "\"listed\": 2, \"bounded\": false}");
  check_contains ("chain --json: an unexecuted path", r.out,
		  "\"id\": 4611686018427387904,\n          \"count\": 0,\n"
		  "          \"found\": \"one-decision\",\n"
		  "          \"from\": 0,\n          \"decision_at\": 0,");
  run_free (&r);
}

/* --untested with another report is a usage error; with --json it is
   not; an unknown -f is reported as usual.  */

static void
test_usage (void)
{
  static const char *const tsv[] = { "--untested", "--tsv", "@u.pathprof",
				     NULL };
  static const char *const tsv2[] = { "--coverage", "--untested",
				      "@u.pathprof", NULL };
  static const char *const both[] = { "--untested", "--predict",
				      "@u.pathprof", NULL };
  static const char *const unknown[] = { "--untested", "-f", "nothing",
					 "@u.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, tsv);
  check_int ("--untested --tsv: usage error", 2, r.status);
  check_contains ("--untested --tsv: message", r.err,
		  "--untested goes with the text report or --json only");
  run_free (&r);
  run_dump (&r, NULL, tsv2);
  check_int ("--coverage --untested: usage error", 2, r.status);
  run_free (&r);
  run_dump (&r, NULL, both);
  check_int ("--untested --predict: usage error", 2, r.status);
  run_free (&r);
  run_dump (&r, NULL, unknown);
  check_int ("--untested -f nothing: status 1", 1, r.status);
  check_contains ("--untested -f nothing: message", r.err,
		  "no function matches 'nothing'");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_untested_profiles ();
  test_one_decision ();
  test_detour_and_early_exit ();
  test_shortest_first ();
  test_huge ();
  test_usage ();
  return unit_test_report ();
}
