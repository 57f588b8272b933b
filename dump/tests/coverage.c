/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --coverage on the fixtures of dump-test.h: executed and
   potential paths per function and in total, exact however large, with
   the labels of same-named functions, unknown files, the truncation
   note, and -f.  */

#include "dump-test.h"

/* One expected row: the format of report-coverage.c with the column
   widths EXEC_W, POT_W and FN_W.  */

static const char *
row (int exec_w, int pot_w, int fn_w, const char *executed,
     const char *potential, const char *pct, const char *fn,
     const char *where)
{
  static char buf[512];

  if (fn)
    snprintf (buf, sizeof buf, "%*s  %*s  %8s  %-*s  %s", exec_w, executed,
	      pot_w, potential, pct, fn_w, fn, where);
  else
    snprintf (buf, sizeof buf, "%*s  %*s  %8s  total", exec_w, executed,
	      pot_w, potential, pct);
  return buf;
}

/* a, b, c: fig1 4 of 6, helper (fig1.c) 0 of 1, count_loop 5 of 6,
   helper (two.c) 3 of 3 (truncated), ns::nolines() 1 of 2 (no file):
   13 of 18, 4 of 5 functions.  Function column: "helper (fig1.c)", 15.  */

static void
test_coverage (void)
{
  static const char *const args[] = { "--coverage", "@a.pathprof",
				      "@b.pathprof", "@c.pathprof", NULL };
  const char *expected[] = {
    "Path coverage: 13 of 18 potential paths executed (72.22%)",
    "Functions:     4 of 5 executed",
    "",
    NULL, NULL, NULL, NULL, NULL, NULL, NULL,
    "",
    "(truncated): edges were cut to bound the number of paths.  The "
    "potential paths",
    "are those of the cut DAG, where a path through a cut edge is two: one "
    "ending",
    "at the cut, one starting after it."
  };
  char rows[7][512];
  run_result r;

  snprintf (rows[0], sizeof rows[0], "%s",
	    row (8, 9, 15, "executed", "potential", "coverage", "function",
		 "defined at"));
  snprintf (rows[1], sizeof rows[1], "%s",
	    row (8, 9, 15, "4", "6", "66.67%", "fig1", "fig1.c:1"));
  snprintf (rows[2], sizeof rows[2], "%s",
	    row (8, 9, 15, "0", "1", "0.00%", "helper (fig1.c)",
		 "fig1.c:29"));
  snprintf (rows[3], sizeof rows[3], "%s",
	    row (8, 9, 15, "5", "6", "83.33%", "count_loop", "loop.c:2"));
  snprintf (rows[4], sizeof rows[4], "%s",
	    row (8, 9, 15, "3", "3", "100.00%", "helper (two.c)",
		 "two.c:13  (truncated)"));
  snprintf (rows[5], sizeof rows[5], "%s",
	    row (8, 9, 15, "1", "2", "50.00%", "ns::nolines()", "-"));
  snprintf (rows[6], sizeof rows[6], "%s",
	    row (8, 9, 15, "13", "18", "72.22%", NULL, NULL));
  for (int i = 0; i < 7; i++)
    expected[3 + i] = rows[i];

  run_dump (&r, NULL, args);
  check_int ("--coverage: exit status", 0, r.status);
  check_str ("--coverage: stderr", "", r.err);
  for (int i = 0; i < 14; i++)
    {
      char what[64];
      snprintf (what, sizeof what, "--coverage: line %d", i + 1);
      check_str (what, expected[i], line_of (r.out, i));
    }
  check_int ("--coverage: 14 lines", 14, count_lines (r.out));
  run_free (&r);
}

/* d: 2 of 2^63 paths, printed exactly, "<0.01%"; with a (6 + 1 more)
   the total 2^63 + 7 is exact too.  */

static void
test_huge (void)
{
  static const char *const args[] = { "--coverage", "@d.pathprof", NULL };
  static const char *const both[] = { "--coverage", "@a.pathprof",
				      "@d.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_str ("--coverage 2^63: summary",
	     "Path coverage: 2 of 9223372036854775808 potential paths "
	     "executed (<0.01%)",
	     line_of (r.out, 0));
  check_str ("--coverage 2^63: row",
	     row (8, 19, 8, "2", "9223372036854775808", "<0.01%", "chain",
		  "big.c:1"),
	     line_of (r.out, 4));
  run_free (&r);

  run_dump (&r, NULL, both);
  check_str ("--coverage 2^63 + 7: total",
	     row (8, 19, 8, "6", "9223372036854775815", "<0.01%", NULL,
		  NULL),
	     line_of (r.out, 7));
  run_free (&r);
}

/* -f selects the rows and the totals; the labels still tell the two
   helpers apart (they are named against all functions read).  */

static void
test_filter (void)
{
  static const char *const args[] = { "--coverage", "-f", "helper",
				      "@a.pathprof", "@c.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_str ("--coverage -f: summary",
	     "Path coverage: 3 of 4 potential paths executed (75.00%)",
	     line_of (r.out, 0));
  check_str ("--coverage -f: functions", "Functions:     1 of 2 executed",
	     line_of (r.out, 1));
  check_str ("--coverage -f: first row",
	     row (8, 9, 15, "0", "1", "0.00%", "helper (fig1.c)",
		  "fig1.c:29"),
	     line_of (r.out, 4));
  check_str ("--coverage -f: total",
	     row (8, 9, 15, "3", "4", "75.00%", NULL, NULL),
	     line_of (r.out, 6));
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  test_coverage ();
  test_huge ();
  test_filter ();
  return unit_test_report ();
}
