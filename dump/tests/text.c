/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump's text report on the fixtures of dump-test.h: the header,
   the ranked rows (rank, count, share, cumulative share, function, start,
   lines, end), -n, -f, labels of same-named functions, truncation notes,
   block numbers without line information, UTF-8 and ASCII arrows, and
   wrapping and cutting of long paths.  Every expected row is derived from
   the fixture's DAG and counts in dump-test.h.  */

#include "dump-test.h"

/* The expected row of rank RANK: the format of report-text.c with the
   column widths the rows of that table need.  */

static const char *
row (int rank_w, int count_w, int fn_w, int rank, unsigned long long count,
     const char *share, const char *cumul, const char *fn, const char *path)
{
  static char buf[1024];

  snprintf (buf, sizeof buf, "%*d  %*llu  %7s  %7s  %-*s  %s", rank_w, rank,
	    count_w, count, share, cumul, fn_w, fn, path);
  return buf;
}

/* The table heading with those widths.  */

static const char *
heading (int rank_w, int count_w, int fn_w)
{
  static char buf[256];

  snprintf (buf, sizeof buf, "%*s  %*s  %7s  %7s  %-*s  path", rank_w, "rank",
	    count_w, "count", "share", "cumul", fn_w, "function");
  return buf;
}

/* a.pathprof and b.pathprof together: 4000 path executions, 9 executed
   paths of 13 (fig1 6, helper 1, count_loop 6).  Ranked: count_loop 4
   (1500), fig1 2 (1000), fig1 0 (500), fig1 3 and 5 (250 each, by path
   number), count_loop 1 and 3 (200 each), count_loop 0 (98), 5 (2).  */

static void
test_default_report (void)
{
  static const char *const args[] = { "--ascii", "--width=200",
				      "@a.pathprof", "@b.pathprof", NULL };
  run_result r;
  /* rank width 4, count width 5 ("count" is wider than 1500), function
     width 10 ("count_loop").  */
  const char *expected[] = {
    "Profiles:    2 files, 3 runs",
    "Functions:   3, 2 executed",
    "Paths:       9 executed of 13 potential (69.23%)",
    "Executions:  4000",
    "",
    NULL, /* heading */
    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL /* 9 rows */
  };
  char copy[10][1024];

  snprintf (copy[0], sizeof copy[0], "%s", heading (4, 5, 10));
  expected[5] = copy[0];
#define ROW(i, ...)                                                        \
  snprintf (copy[i], sizeof copy[i], "%s", row (4, 5, 10, __VA_ARGS__));   \
  expected[5 + i] = copy[i]
  ROW (1, 1, 1500, "37.50%", "37.50%", "count_loop",
       "[loop head after backedge 6->4] loop.c:4-6 [backedge 6->4]");
  ROW (2, 2, 1000, "25.00%", "62.50%", "fig1",
       "[entry] fig1.c:3-8 -> hdr.h:20 -> fig1.c:10-11 [return]");
  ROW (3, 3, 500, "12.50%", "75.00%", "fig1",
       "[entry] fig1.c:3-4 -> 6-8 -> hdr.h:20 -> fig1.c:10-11 [return]");
  ROW (4, 4, 250, "6.25%", "81.25%", "fig1",
       "[entry] fig1.c:3-8 -> 10-11 [return]");
  ROW (5, 5, 250, "6.25%", "87.50%", "fig1",
       "[entry] fig1.c:3-5 -> 8 -> 10-11 [return]");
  ROW (6, 6, 200, "5.00%", "92.50%", "count_loop",
       "[entry] loop.c:3-6 [backedge 6->4]");
  ROW (7, 7, 200, "5.00%", "97.50%", "count_loop",
       "[loop head after backedge 6->4] loop.c:4 -> 8 [return]");
  ROW (8, 8, 98, "2.45%", "99.95%", "count_loop",
       "[entry] loop.c:3-4 -> 8 [return]");
  ROW (9, 9, 2, "0.05%", "100.00%", "count_loop",
       "[loop head after backedge 6->4] loop.c:4-7 [noreturn call at 7]");
#undef ROW

  run_dump (&r, NULL, args);
  check_int ("default report: exit status", 0, r.status);
  check_str ("default report: stderr", "", r.err);
  for (int i = 0; i < 15; i++)
    {
      char what[64];
      snprintf (what, sizeof what, "default report: line %d", i + 1);
      check_str (what, expected[i], line_of (r.out, i));
    }
  check_int ("default report: nothing after the 9 paths", 15,
	     count_lines (r.out));
  run_free (&r);
}

/* -n 3: three rows, then how many were left out.  -n 0: the header and
   that line only.  */

static void
test_top (void)
{
  static const char *const args3[] = { "--ascii", "-n", "3", "--width=200",
				       "@a.pathprof", "@b.pathprof", NULL };
  static const char *const args0[] = { "--ascii", "--top=0", "@a.pathprof",
				       "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args3);
  check_int ("-n 3: exit status", 0, r.status);
  check_int ("-n 3: 5 header lines, heading, 3 rows, 1 note", 10,
	     count_lines (r.out));
  check_str ("-n 3: third row",
	     row (4, 5, 10, 3, 500, "12.50%", "75.00%", "fig1",
		  "[entry] fig1.c:3-4 -> 6-8 -> hdr.h:20 -> fig1.c:10-11 "
		  "[return]"),
	     line_of (r.out, 8));
  check_str ("-n 3: note",
	     "... 6 more executed paths not shown (-n N shows the top N, "
	     "--all every path).",
	     line_of (r.out, 9));
  run_free (&r);

  run_dump (&r, NULL, args0);
  check_int ("-n 0: exit status", 0, r.status);
  check_str ("-n 0: note",
	     "9 more executed paths not shown (-n N shows the top N, "
	     "--all every path).",
	     line_of (r.out, 5));
  check_int ("-n 0: no table", 6, count_lines (r.out));
  run_free (&r);
}

/* -f fig1: fig1's four paths, shares still of all 4000 executions.  */

static void
test_function_filter (void)
{
  static const char *const args[] = { "--ascii", "--width=200", "-f", "fig1",
				      "@a.pathprof", "@b.pathprof", NULL };
  static const char *const glob_args[] = { "--ascii", "-n", "1",
					   "--function=count_*",
					   "@a.pathprof", "@b.pathprof",
					   NULL };
  static const char *const none_args[] = { "--ascii", "-f", "nomatch",
					   "@a.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("-f fig1: exit status", 0, r.status);
  check_str ("-f fig1: functions", "Functions:   1 selected of 3, 1 executed",
	     line_of (r.out, 1));
  check_str ("-f fig1: paths",
	     "Paths:       4 executed of 6 potential (66.67%)",
	     line_of (r.out, 2));
  check_str ("-f fig1: executions",
	     "Executions:  2000 (50.00% of 4000 in all functions)",
	     line_of (r.out, 3));
  check_str ("-f fig1: heading", heading (4, 5, 8), line_of (r.out, 5));
  check_str ("-f fig1: row 1",
	     row (4, 5, 8, 1, 1000, "25.00%", "25.00%", "fig1",
		  "[entry] fig1.c:3-8 -> hdr.h:20 -> fig1.c:10-11 [return]"),
	     line_of (r.out, 6));
  check_str ("-f fig1: row 4",
	     row (4, 5, 8, 4, 250, "6.25%", "50.00%", "fig1",
		  "[entry] fig1.c:3-5 -> 8 -> 10-11 [return]"),
	     line_of (r.out, 9));
  check_int ("-f fig1: 4 rows", 10, count_lines (r.out));
  run_free (&r);

  run_dump (&r, NULL, glob_args);
  check_int ("-f glob: exit status", 0, r.status);
  check_contains ("-f count_*: count_loop's hottest path", r.out,
		  "1500   37.50%   37.50%  count_loop");
  check_contains ("-f count_*: 4 more paths", r.out,
		  "... 4 more executed paths");
  check_lacks ("-f count_*: no fig1", r.out, "fig1  ");
  run_free (&r);

  run_dump (&r, NULL, none_args);
  check_int ("-f nomatch: exit status 1", 1, r.status);
  check_str ("-f nomatch: message",
	     "pathprof-dump: no function matches 'nomatch'\n", r.err);
  check_str ("-f nomatch: no report", "", r.out);
  run_free (&r);
}

/* a.pathprof and c.pathprof both have a "helper": the labels say which
   unit.  c's helper is truncated: the header says where it was cut, and
   its paths start and end at the cut (line 15, the cut edge 3->5 leaves
   block 3).  ns::nolines() has no line: block numbers.  Selected by its
   assembler name.  */

static void
test_labels_cuts_blocks (void)
{
  static const char *const args[] = { "--ascii", "--width=200", "-f",
				      "helper", "-f", "_ZN2ns7nolinesEv",
				      "@a.pathprof", "@c.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("helper: exit status", 0, r.status);
  check_str ("helper: functions", "Functions:   3 selected of 4, 2 executed",
	     line_of (r.out, 1));
  check_str ("helper: truncation note names the file",
	     "Truncated:   helper (two.c): cut at two.c:15",
	     line_of (r.out, 4));
  /* Counts 30, 30, 20, 5 of 2085 executions; function column 14 wide
     ("helper (two.c)").  */
  check_str ("helper: row 1",
	     row (4, 5, 14, 1, 30, "1.44%", "1.44%", "helper (two.c)",
		  "[entry] two.c:14-15 [cut at 15]"),
	     line_of (r.out, 7));
  check_str ("helper: row 2",
	     row (4, 5, 14, 2, 30, "1.44%", "2.88%", "helper (two.c)",
		  "[after cut at 15] two.c:17 [return]"),
	     line_of (r.out, 8));
  check_str ("helper: row 3",
	     row (4, 5, 14, 3, 20, "0.96%", "3.84%", "helper (two.c)",
		  "[entry] two.c:14 -> 16-17 [return]"),
	     line_of (r.out, 9));
  check_str ("nolines: block numbers",
	     row (4, 5, 14, 4, 5, "0.24%", "4.08%", "ns::nolines()",
		  "[entry] bb2 -> bb4 [return]"),
	     line_of (r.out, 10));
  run_free (&r);
}

/* The arrows follow the locale: UTF-8 "→" in a UTF-8 locale, "->" in the
   C locale, "->" with --ascii whatever the locale.  */

static void
test_arrows (void)
{
  static const char *const args[] = { "-n", "2", "--width=200",
				      "@a.pathprof", "@b.pathprof", NULL };
  static const char *const ascii_args[] = { "--ascii", "-n", "2",
					    "--width=200", "@a.pathprof",
					    "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, "C.UTF-8", args);
  check_contains ("UTF-8: backedge arrow", r.out,
		  "[loop head after backedge 6\xe2\x86\x92"
		  "4] loop.c:4-6 [backedge 6\xe2\x86\x92" "4]");
  check_contains ("UTF-8: line arrows", r.out,
		  "[entry] fig1.c:3-8 \xe2\x86\x92 hdr.h:20 \xe2\x86\x92 "
		  "fig1.c:10-11 [return]");
  run_free (&r);

  run_dump (&r, "C", args);
  check_contains ("C locale: ASCII arrows", r.out,
		  "[entry] fig1.c:3-8 -> hdr.h:20 -> fig1.c:10-11 [return]");
  run_free (&r);

  run_dump (&r, "C.UTF-8", ascii_args);
  check_contains ("--ascii in a UTF-8 locale", r.out,
		  "[entry] fig1.c:3-8 -> hdr.h:20 -> fig1.c:10-11 [return]");
  run_free (&r);
}

/* Count the line tokens of the row at TEXT (its first line, then the
   continuation lines, which start with COLUMN spaces), from COLUMN on:
   the tokens of the chain path, "big.c:1000-1001", "1003-1004", ...,
   not the markers nor the "... +K more" tail.  */

static int
count_chain_tokens (const char *text, size_t column)
{
  int tokens = 0;

  for (const char *line = text; *line;)
    {
      size_t len = strcspn (line, "\n");
      if (line != text && strspn (line, " ") < column)
	break;
      const char *p = len > column ? line + column : line + len;
      const char *end = line + len;

      while (p < end)
	{
	  while (p < end && (*p == ' ' || *p == '-' || *p == '>'))
	    p++;
	  if (p < end && *p == '[')
	    {
	      p = memchr (p, ']', end - p);
	      p = p ? p + 1 : end;
	      continue;
	    }
	  if (p < end && *p == '.')
	    break; /* the "... +K more" tail */
	  if (p < end)
	    tokens++;
	  while (p < end && *p != ' ')
	    p++;
	}
      line = *end ? end + 1 : end;
    }
  return tokens;
}

/* The longest line of TEXT, in bytes (ASCII output).  */

static size_t
longest_line (const char *text)
{
  size_t best = 0;

  for (const char *p = text; *p;)
    {
      size_t len = strcspn (p, "\n");
      best = len > best ? len : best;
      p += len + (p[len] == '\n');
    }
  return best;
}

/* The chain's path 0 has 64 line tokens (63 pairs "1000-1001",
   "1003-1004", ... and "2000").  At width 100 they wrap (the path column
   starts at 56: 2 tokens on the first line, 3 on the others); after 4 display
   lines (the default) the rest is left out, and the tail says how many:
   shown + left out = 64.  With --path-lines=0 all 64 show; with
   --width=0, on one line.  The counts are 2^64-1 and 5, so the shares are
   ">99.99%" and "<0.01%", and the executions 2^64+4, printed exactly.  */

static void
test_wrapping (void)
{
  static const char *const args[] = { "--ascii", "--width=100", "-n", "1",
				      "@d.pathprof", NULL };
  static const char *const all_args[] = { "--ascii", "--width=100",
					  "--path-lines=0", "-n", "1",
					  "@d.pathprof", NULL };
  static const char *const wide_args[] = { "--ascii", "--width=0",
					   "--all", "@d.pathprof", NULL };
  /* The path column: rank 4, count 20 digits, 7, 7, function 8, and two
     spaces after each.  */
  const size_t column = 4 + 2 + 20 + 2 + 7 + 2 + 7 + 2 + 8 + 2;
  run_result r;
  const char *table;
  const char *tail;
  char indent[128];

  snprintf (indent, sizeof indent, "\n%*s-> ", (int) column, "");

  run_dump (&r, NULL, args);
  check_int ("wrap: exit status", 0, r.status);
  check_str ("wrap: executions exact", "Executions:  18446744073709551620",
	     line_of (r.out, 3));
  check_str ("wrap: potential exact",
	     "Paths:       2 executed of 9223372036854775808 potential "
	     "(<0.01%)",
	     line_of (r.out, 2));
  table = strstr (r.out, "\n   1  18446744073709551615  >99.99%  >99.99%  "
			 "chain     [entry] big.c:1000-1001 -> 1003-1004\n");
  check (table != NULL, "wrap: row 1 starts", "saw \"%s\"", r.out);
  check (longest_line (r.out) <= 100, "wrap: no line wider than 100",
	 "saw a line of %zu columns", longest_line (r.out));
  check_contains ("wrap: continuation lines start under the path with ->",
		  r.out, indent);
  if (table)
    {
      int shown = count_chain_tokens (table + 1, column);
      unsigned long left = 0;
      tail = strstr (table, "... +");
      check (tail != NULL, "wrap: tail says what was left out",
	     "saw \"%s\"", table);
      if (tail)
	left = strtoul (tail + 5, NULL, 10);
      check_int ("wrap: shown + left out = 64 line tokens", 64,
		 shown + (long) left);
      /* The row, then "... 1 more executed path not shown".  */
      check_int ("wrap: 4 display lines for the row", 4,
		 count_lines (table + 1) - 1);
      /* Lines 1-3 hold tokens 0-7; on line 4, token 8 fits with the
	 tail after it, token 9 would not.  */
      snprintf (indent, sizeof indent,
		"\n%*s-> 1024-1025 ... +55 more [return]\n", (int) column, "");
      check_contains ("wrap: tail on the fourth line", table, indent);
      check_contains ("wrap: the end marker still shows", table,
		      " more [return]\n");
    }
  run_free (&r);

  run_dump (&r, NULL, all_args);
  table = strstr (r.out, "\n   1  ");
  check_int ("--path-lines=0: all 64 tokens", 64,
	     table ? count_chain_tokens (table + 1, column) : -1);
  check_lacks ("--path-lines=0: no tail", r.out, "more [return]");
  check (longest_line (r.out) <= 100,
	 "--path-lines=0: no line wider than 100", "saw a line of %zu columns",
	 longest_line (r.out));
  check_contains ("--path-lines=0: last tokens", r.out,
		  "1186-1187 -> 2000 [return]\n");
  run_free (&r);

  run_dump (&r, NULL, wide_args);
  check_int ("--width=0: header, heading, two rows on one line each", 8,
	     count_lines (r.out));
  check_contains ("--width=0: the all-b path",
		  r.out, "     5   <0.01%  100.00%  chain     [entry] "
			 "big.c:1000 -> 1002-1003 -> 1005-1006");
  run_free (&r);
}

/* With one display line per path and the narrowest path column (32):
   count_loop's hottest path has a single line token, which is never
   replaced by "+1 more" (the line overflows instead); fig1's path 0 has
   four, of which none fits beside the tail: all are left out.  */

static void
test_cut_rules (void)
{
  static const char *const args[] = { "--ascii", "--width=1",
				      "--path-lines=1", "-n", "3",
				      "@a.pathprof", "@b.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_str ("one line: a single step is shown, not cut",
	     row (4, 5, 10, 1, 1500, "37.50%", "37.50%", "count_loop",
		  "[loop head after backedge 6->4] loop.c:4-6 "
		  "[backedge 6->4]"),
	     line_of (r.out, 6));
  check_str ("one line: four steps that do not fit are counted",
	     row (4, 5, 10, 3, 500, "12.50%", "75.00%", "fig1",
		  "[entry] ... +4 more [return]"),
	     line_of (r.out, 8));
  run_free (&r);
}

/* latch.pathprof, unit latch.c: a loop whose latch has no line (a
   block the compiler made), as "[backedge bb7→4]" read before.
     2(3) -> 3(4);  3 -> 5(8) | 4(5,6);  4 -> 7 (no line);  7 -> 3
     (backedge);  5 -> EXIT.
     DAG: ENTRY->2 0, ENTRY->3 (backedge 7->3) 2; 2->3 0; 3->5 0,
     3->4 1; 4->7 0; 7->EXIT (backedge 7->3) 0; 5->EXIT 0.
     path 0 entry 2 3 5 return  1 entry 2 3 4 7 backedge
	  2 backedge 3 5 return  3 backedge 3 4 7 backedge
     counts 0:1  1:2  2:2  3:3 (backedges ended 5, started 5).
   The latch is named by its only predecessor's last line, 6.  */

static char *latch_files[] = { "latch.c" };
static ppf_line latch_l2[] = { { 0, 3 } };
static ppf_line latch_l3[] = { { 0, 4 } };
static ppf_line latch_l4[] = { { 0, 5 }, { 0, 6 } };
static ppf_line latch_l5[] = { { 0, 8 } };
static ppf_block latch_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, latch_l2 }, { 3, 1, latch_l3 },
  { 4, 2, latch_l4 }, { 5, 1, latch_l5 }, { 7, 0, NULL }
};
static ppf_edge latch_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 3, PPF_EDGE_BACK_ENTRY, 7, 3, 2 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 3, 5, PPF_EDGE_REAL, 3, 5, 0 }, { 3, 4, PPF_EDGE_REAL, 3, 4, 1 },
  { 4, 7, PPF_EDGE_REAL, 4, 7, 0 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 },
  { 7, 1, PPF_EDGE_BACK_EXIT, 7, 3, 0 }
};
static const ppf_count latch_counts[] = {
  { 0, 1 }, { 1, 2 }, { 2, 2 }, { 3, 3 }
};

static void
test_lineless_latch (void)
{
  static const char *const args[] = { "--ascii", "--width=200",
				      "@latch.pathprof", NULL };
  fixture_function fn;
  run_result r;

  fixture (&fn, "latch_loop", latch_files, COUNT (latch_files), 2, 4,
	   latch_blocks, COUNT (latch_blocks), latch_edges,
	   COUNT (latch_edges), latch_counts, COUNT (latch_counts));
  write_profile (test_path ("latch.pathprof"), "latch.c", 1, &fn, 1);
  run_dump (&r, NULL, args);
  check_int ("lineless latch: exit status", 0, r.status);
  check_contains ("lineless latch: named by the line before it", r.out,
		  "[loop head after backedge 6->4] latch.c:4-6 "
		  "[backedge 6->4]");
  check_lacks ("lineless latch: no block number", r.out, "bb7");
  run_free (&r);
}

/* One function of one unit compiled into two objects, whose profiles
   differ only in a directory (CMake's runtests.dir and runtestspp.dir):
   each is named by the part of its file's name that differs, whole.  */

static void
test_copies_apart (void)
{
  static const char *const args[] = { "--ascii", "--width=200", "@copies",
				      NULL };
  fixture_function fn;
  run_result r;

  mkdir (test_path ("copies"), 0777);
  mkdir (test_path ("copies/runtests.dir"), 0777);
  mkdir (test_path ("copies/runtestspp.dir"), 0777);
  mkdir (test_path ("copies/runtests.dir/lib"), 0777);
  mkdir (test_path ("copies/runtestspp.dir/lib"), 0777);
  fixture (&fn, "latch_loop", latch_files, COUNT (latch_files), 2, 4,
	   latch_blocks, COUNT (latch_blocks), latch_edges,
	   COUNT (latch_edges), latch_counts, COUNT (latch_counts));
  write_profile (test_path ("copies/runtests.dir/lib/latch.c.pathprof"),
		 "latch.c", 1, &fn, 1);
  write_profile (test_path ("copies/runtestspp.dir/lib/latch.c.pathprof"),
		 "latch.c", 1, &fn, 1);
  run_dump (&r, NULL, args);
  check_int ("copies apart: exit status", 0, r.status);
  check_contains ("copies apart: the one", r.out, "latch_loop (runtests.dir)");
  check_contains ("copies apart: the other", r.out,
		  "latch_loop (runtestspp.dir)");
  check_lacks ("copies apart: no cut name", r.out, "...");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  test_default_report ();
  test_top ();
  test_function_filter ();
  test_labels_cuts_blocks ();
  test_arrows ();
  test_wrapping ();
  test_cut_rules ();
  test_lineless_latch ();
  test_copies_apart ();
  return unit_test_report ();
}
