/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump on sampled profiles (doc/sampling.md, section 6): every
   report says that the counts are estimates, an estimate is written
   "~N" where a person reads it, and a sampled file and an exact one are
   not read together.

   s.pathprof (unit src/fig1.c, 2 runs, sampled 1 in 100): fig1 of
   a.pathprof (dump-test.h) with
     path  count  samples
	0    500        5
	2   1000       10
	3    250      250   (counted exactly: no "~")
	5    300        3
   total 2050.  t.pathprof (unit loop.c, sampled 1 in 10): count_loop of
   b.pathprof, every count 10 times its samples but path 5's, 2 of 2.  */

#include "dump-test.h"

static const ppf_count fig1_sampled[] = {
  { 0, 500, 0, 5 }, { 2, 1000, 0, 10 }, { 3, 250, 0, 250 }, { 5, 300, 0, 3 }
};
static const ppf_count loop_sampled[] = {
  { 0, 90, 0, 9 }, { 1, 200, 0, 20 }, { 3, 200, 0, 20 },
  { 4, 1500, 0, 150 }, { 5, 2, 0, 2 }
};

/* Write s.pathprof and t.pathprof beside the fixtures.  */

static void
write_sampled (void)
{
  fixture_function fns[8];
  uint32_t n;

  n = fixture_a (fns);
  fns[0].counts = fig1_sampled;
  fns[0].num_counts = COUNT (fig1_sampled);
  write_profile_flags (test_path ("s.pathprof"), "src/fig1.c", 2, fns, n,
		       PPF_FILE_SAMPLED, 0, 0, 100);
  n = fixture_b (fns);
  fns[0].counts = loop_sampled;
  fns[0].num_counts = COUNT (loop_sampled);
  write_profile_flags (test_path ("t.pathprof"), "loop.c", 2, fns, n,
		       PPF_FILE_SAMPLED, 0, 0, 10);
}

/* The text report: the header line and "~" on the estimates only, the
   count column wide enough for it.  */

static void
test_text (void)
{
  run_result r;

  run_ok ("text", &r, (const char *const[]) { "--all", "@s.pathprof",
					       NULL });
  check_str ("text: header", "Profiles:    1 file, 2 runs", line_of (r.out, 0));
  check_str ("text: sampled line",
	     "Sampled:     1 path in 100; counts are estimates (~)",
	     line_of (r.out, 1));
  check_str ("text: executions", "Executions:  2050", line_of (r.out, 4));
  check_contains ("text: estimated count", r.out,
		  "\n   1  ~1000   48.78%   48.78%  fig1");
  check_contains ("text: exact count, no mark", r.out,
		  "\n   4    250   12.20%  100.00%  fig1");
  check_contains ("text: count column", r.out,
		  "\nrank  count    share    cumul  function");
  run_free (&r);

  run_ok ("text of two periods", &r,
	  (const char *const[]) { "--all", "@s.pathprof", "@t.pathprof",
				  NULL });
  check_str ("text of two periods: sampled line",
	     "Sampled:     several periods; counts are estimates (~)",
	     line_of (r.out, 1));
  check_contains ("text of two periods: loop's exact path", r.out,
		  "\n   9      2 ");
  run_free (&r);

  run_ok ("text of an exact profile", &r,
	  (const char *const[]) { "--all", "@a.pathprof", NULL });
  check_lacks ("text of an exact profile: no sampled line", r.out,
	       "Sampled");
  check_lacks ("text of an exact profile: no mark", r.out, "~");
  run_free (&r);
}

/* A sampled file and an exact one: refused, exit 2, no report.  */

static void
test_mixed (void)
{
  run_result r;
  char expected[512];

  run_dump (&r, NULL, (const char *const[]) { "@s.pathprof", "@a.pathprof",
					      NULL });
  check_int ("mixed: exit status", 2, r.status);
  check_str ("mixed: no report", "", r.out);
  snprintf (expected, sizeof expected, "pathprof-dump: %s is sampled and %s "
	    "exact: merge them with pathprof-tool merge --mixed to add exact "
	    "counts as samples of period 1\n", test_path ("s.pathprof"),
	    test_path ("a.pathprof"));
  check_str ("mixed: message", expected, r.err);
  run_free (&r);
}

/* --tsv: a last column of samples; --lines and --edges: integers.  */

static void
test_tsv (void)
{
  run_result r;

  run_ok ("tsv", &r, (const char *const[]) { "--tsv", "--all",
					      "@s.pathprof", NULL });
  check_str ("tsv: estimated path",
	     "fig1\t2\t1000\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 "
	     "10 11\t\t10", line_of (r.out, 1));
  check_str ("tsv: exact path",
	     "fig1\t3\t250\tentry\treturn\t3 4 5 6 7 8 10 11\t\t250",
	     line_of (r.out, 2));
  run_free (&r);

  run_ok ("lines", &r, (const char *const[]) { "--lines", "@s.pathprof",
					       NULL });
  check_contains ("lines: a plain count", r.out, "fig1\tsrc/fig1.c\t3\t2050\n");
  check_lacks ("lines: no mark", r.out, "~");
  run_free (&r);
  run_ok ("edges", &r, (const char *const[]) { "--edges", "@s.pathprof",
					       NULL });
  check_lacks ("edges: no mark", r.out, "~");
  run_free (&r);
}

/* --json: "sampled" and "sample_period" at the top, "sampled" per
   function, "samples" and "estimated" per path.  */

static void
test_json (void)
{
  run_result r;

  run_ok ("json", &r, (const char *const[]) { "--json", "--all",
					       "@s.pathprof", NULL });
  check_contains ("json: top", r.out,
		  "\"total_executions\": 2050,\n  \"sampled\": true,\n"
		  "  \"sample_period\": 100,\n  \"functions\": [");
  check_contains ("json: function", r.out,
		  "\"truncated\": false,\n      \"sampled\": true,\n"
		  "      \"cuts\": []");
  check_contains ("json: estimated path", r.out,
		  "\"id\": 2,\n          \"count\": 1000,\n"
		  "          \"samples\": 10,\n"
		  "          \"estimated\": true,\n");
  check_contains ("json: exact path", r.out,
		  "\"id\": 3,\n          \"count\": 250,\n"
		  "          \"samples\": 250,\n"
		  "          \"estimated\": false,\n");
  check_contains ("json: helper, never run, no estimate", r.out,
		  "\"truncated\": false,\n      \"sampled\": false,");
  run_free (&r);

  run_ok ("json of two periods", &r,
	  (const char *const[]) { "--json", "@s.pathprof", "@t.pathprof",
				  NULL });
  check_contains ("json of two periods: period", r.out,
		  "  \"sampled\": true,\n  \"sample_period\": null,\n");
  run_free (&r);

  run_ok ("json of an exact profile", &r,
	  (const char *const[]) { "--json", "@a.pathprof", NULL });
  check_lacks ("json of an exact profile", r.out, "sample");
  run_free (&r);
}

/* --coverage, --annotate, --gcov: a header line each; "~" in
   --annotate's counts and branches, none in the .gcov file.  */

static void
test_sources (void)
{
  run_result r;
  char *gcov, gcov_arg[300];

  run_ok ("coverage", &r, (const char *const[]) { "--coverage",
						   "@s.pathprof", NULL });
  check_str ("coverage: sampled line",
	     "Sampled:       1 path in 100; a path never sampled counts as "
	     "not executed", line_of (r.out, 1));
  run_free (&r);

  run_ok ("annotate", &r, (const char *const[]) { "--annotate",
						   "--branches",
						   "@s.pathprof", NULL });
  check_contains ("annotate: sampled line", r.out,
		  "        -:    0:Source:src/fig1.c\n"
		  "        -:    0:Sampled:1 path in 100; counts are "
		  "estimates (~)\n");
  check_contains ("annotate: an estimated line", r.out,
		  "    ~2050:    3:");
  check_contains ("annotate: an estimated branch", r.out,
		  "branch  0 taken ~");
  run_free (&r);

  mkdir (test_path ("gcov"), 0777);
  snprintf (gcov_arg, sizeof gcov_arg, "--gcov=%s", test_path ("gcov"));
  /* Without the sources: "not readable" on stderr, the counts all the
     same.  */
  run_dump (&r, NULL, (const char *const[]) { gcov_arg, "@s.pathprof",
					      NULL });
  check_int ("gcov: exit status", 0, r.status);
  gcov = read_bytes (test_path ("gcov/fig1.c.gcov"), NULL);
  check (gcov != NULL, "gcov: written", "%s", "no gcov/fig1.c.gcov");
  if (gcov)
    {
      check_contains ("gcov: comment line", gcov,
		      "        -:    0:Runs:2\n"
		      "        -:    0:Sampled:1 path in 100; counts are "
		      "estimates\n");
      check_contains ("gcov: integers", gcov, "     2050:    3:");
      check_lacks ("gcov: no mark", gcov, "~");
    }
  free (gcov);
  run_free (&r);
}

/* --html: the badge on the index and on a function page, "~" before the
   estimates, each with its number to sort by.  */

static void
test_html (void)
{
  run_result r;
  char *index, *page;

  run_ok ("html", &r, (const char *const[]) { "--html", "-o", "@rep",
					       "@s.pathprof", NULL });
  index = read_bytes (test_path ("rep/index.html"), NULL);
  page = read_bytes (test_path ("rep/fn-fig1.html"), NULL);
  check (index && page, "html: pages", "%s", "index or fn-fig1 missing");
  if (index && page)
    {
      const char *badge = "<p class=\"badge sampled\" id=\"sampled\">"
			  "sampled 1 in 100: counts are estimates</p>";
      check_contains ("html: index badge", index,
		      "<h1>Path profile</h1>\n<p class=\"badge sampled\"");
      check_contains ("html: index badge text", index, badge);
      check_contains ("html: function page badge", page, badge);
      check_contains ("html: index estimate", index,
		      "<td class=\"num\" data-v=1000>~1000</td>");
      check_contains ("html: index hottest paths", index,
		      "<span class=\"count\">~1000</span>");
      check_contains ("html: function page estimate", page,
		      "<td data-v=1000>~1000<td>");
      check_contains ("html: function page exact count", page,
		      "<td>250<td>");
    }
  free (index);
  free (page);
  run_free (&r);

  run_ok ("html of an exact profile", &r,
	  (const char *const[]) { "--html", "-o", "@rep2", "@a.pathprof",
				  NULL });
  index = read_bytes (test_path ("rep2/index.html"), NULL);
  check (index && !strstr (index, "badge sampled"),
	 "html of an exact profile: no badge", "%s", "a badge");
  free (index);
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_sampled ();
  test_text ();
  test_mixed ();
  test_tsv ();
  test_json ();
  test_sources ();
  test_html ();
  return unit_test_report ();
}
