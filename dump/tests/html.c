/* pathprof-dump --html -o DIR on the fixtures of dump-test.h and one of
   its own: what the pages say (coverage in the index, gcov's line counts
   in a source page, the paths and their JSON), escaping, the caps on
   lists, the CFG picture or the note that it needs Graphviz, and the
   output directory: created, replaced when it holds a report, refused
   otherwise, never left half written.  The browser test
   (dump/tests/html-browser.sh) checks what a reader sees and clicks.

   Line counts of fig1 (a.pathprof), from its paths (dump-test.h):
   counts 0 ACDEF 500, 2 ABCDEF 1000, 3 ABCDF 250, 5 ABDF 250 (2000).
   Blocks: A 2000, B 1500, C 1750, D 2000, E 1500, F 2000.  Line 3 and 4
   are A's (the declaration line 1 is not in a block here), 5 B's, 6-7
   C's, 8 D's, 10-11 F's; hdr.h:20 is E's: 1500.

   esc.pathprof, unit "esc.c": one function "operator< <A&B>" whose file
   is "a<b>&c.c", one block (line 2), one path run 3 times.  */

#include "dump-test.h"

/* The function of esc.pathprof.  */

static char *esc_files[] = { "a<b>&c.c" };
static ppf_line esc_l2[] = { { 0, 2 } };
static ppf_block esc_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, esc_l2 }
};
static ppf_edge esc_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 1, PPF_EDGE_REAL, 2, 1, 0 }
};
static const ppf_count esc_counts[] = { { 0, 3 } };

/* Write esc.pathprof.  */

static void
write_escape_fixture (void)
{
  fixture_function fn;

  fixture_meta (&fn.meta, "_Zlt", "operator< <A&B>", 0, 1, 1);
  fn.meta.num_files = COUNT (esc_files);
  fn.meta.files = esc_files;
  fn.meta.num_blocks = COUNT (esc_blocks);
  fn.meta.blocks = esc_blocks;
  fn.meta.num_edges = COUNT (esc_edges);
  fn.meta.edges = esc_edges;
  fn.counts = esc_counts;
  fn.num_counts = COUNT (esc_counts);
  write_profile (test_path ("esc.pathprof"), "esc.c", 1, &fn, 1);
}

/* The text of file NAME of report directory DIR (scratch-relative), or
   "" if it cannot be read; the caller frees it.  */

static char *
report_file (const char *dir, const char *name)
{
  char rel[512];
  char *text;

  snprintf (rel, sizeof rel, "%s/%s", dir, name);
  text = read_bytes (test_path (rel), NULL);
  return text ? text : strdup ("");
}

/* Whether scratch-relative PATH exists.  */

static bool
exists (const char *path)
{
  return access (test_path (path), F_OK) == 0;
}

/* Write the source of fig1, src/fig1.c beside a.pathprof, with a line
   that needs escaping.  */

static void
write_fig1_source (void)
{
  static const char text[]
    = "int\n"                               /* 1 */
      "fig1 (int a, int b, int d)\n"         /* 2 */
      "{ if (a < b && d > 0)\n"              /* 3 */
      "    a = 1;\n"                         /* 4 */
      "  if (b)\n"                           /* 5 */
      "    b = 2;\n"                         /* 6 */
      "  c = a & b;\n"                       /* 7 */
      "  if (d)\n"                           /* 8 */
      "\n"                                   /* 9 */
      "    d--;\n"                           /* 10 */
      "  return a; }\n";                     /* 11 */
  char dir[512];

  snprintf (dir, sizeof dir, "%s", test_path ("src"));
  mkdir (dir, 0777);
  write_bytes (test_path ("src/fig1.c"), text, sizeof text - 1);
}

/* The index: totals, the function table with coverage, links.  */

static void
test_index (void)
{
  run_result r;
  const char *args[] = { "--html", "-o", "@rep", "@a.pathprof",
			 "@b.pathprof", NULL };
  char *index;

  run_dump (&r, NULL, args);
  check_int ("--html: exit status", 0, r.status);
  check_str ("--html: nothing on stderr", "", r.err);
  check_str ("--html: nothing on stdout", "", r.out);
  run_free (&r);
  index = report_file ("rep", "index.html");
  check_contains ("index: a page", index, "<!DOCTYPE html>");
  /* fig1: 4 of 6 paths; count_loop: 5 of 6; helper 0 of 1.  */
  check_contains ("index: fig1 row", index,
		  "<a href=\"fn-fig1.html\">fig1</a>");
  check_contains ("index: fig1 coverage", index,
		  "<td class=\"num\" data-v=\"4\">4</td><td class=\"num\" "
		  "data-v=\"6\">6</td><td class=\"num cov\" data-v=\"0.666666667\">");
  check_contains ("index: fig1 66.67%", index, "66.67%</td>");
  check_contains ("index: count_loop coverage", index,
		  "<td class=\"num\" data-v=\"5\">5</td><td class=\"num\" "
		  "data-v=\"6\">6</td>");
  check_contains ("index: helper never ran", index,
		  "<td class=\"num\" data-v=\"0\">0</td><td class=\"num\" "
		  "data-v=\"1\">1</td>");
  /* Totals: 9 of 13 paths, 4000 executions, 3 functions.  */
  check_contains ("index: total paths", index,
		  "<span class=\"executed\">9</span> of <span "
		  "class=\"potential\">13</span>");
  check_contains ("index: total executions", index,
		  "id=\"total-executions\">4000<");
  check_contains ("index: functions", index,
		  "id=\"total-functions\">3<");
  check_contains ("index: source file link", index,
		  "<a href=\"src-src_fig1.c.html\">src/fig1.c</a>");
  check_contains ("index: local style sheet", index,
		  "<link rel=\"stylesheet\" href=\"pathprof.css\">");
  check_contains ("index: local script", index,
		  "<script src=\"pathprof.js\"></script>");
  check_lacks ("index: nothing fetched", index, "http");
  /* The hottest path of the program: count_loop's path 4, 1500 of 4000.  */
  check_contains ("index: hottest path", index,
		  "<tr><td class=\"num\">1</td><td class=\"num\">1500</td>"
		  "<td class=\"num\">37.50%</td>");
  free (index);
  check (exists ("rep/pathprof.css") && exists ("rep/pathprof.js")
	 && exists ("rep/fn-fig1.html") && exists ("rep/fn-count_loop.html")
	 && exists ("rep/.pathprof-html"), "--html: the report's files", "%s",
	 "missing");
}

/* A source page: gcov's line counts, escaped source, the paths and their
   JSON.  */

static void
test_source_page (void)
{
  char *page = report_file ("rep", "src-src_fig1.c.html");

  check_contains ("source: line 3 (A)", page,
		  "<tr id=\"L3\" class=\"hit\"><td class=\"ln\">3</td>"
		  "<td class=\"cnt\">2000</td>");
  check_contains ("source: line 5 (B)", page,
		  "<tr id=\"L5\" class=\"hit\"><td class=\"ln\">5</td>"
		  "<td class=\"cnt\">1500</td>");
  check_contains ("source: line 7 (C)", page,
		  "<tr id=\"L7\" class=\"hit\"><td class=\"ln\">7</td>"
		  "<td class=\"cnt\">1750</td>");
  check_contains ("source: line 8 (D)", page,
		  "<td class=\"cnt\">2000</td><td class=\"code\">  if (d)</td>");
  check_contains ("source: line 9 has no code", page,
		  "<tr id=\"L9\" class=\"nocode\"><td class=\"ln\">9</td>"
		  "<td class=\"cnt\"></td>");
  check_contains ("source: text escaped", page,
		  "{ if (a &lt; b &amp;&amp; d &gt; 0)");
  check_contains ("source: fig1's hottest path row", page,
		  "data-path=\"f0p2\"");
  /* Path 2 is ABCDEF: lines 3 4 5 6 7 8 (E is in hdr.h) 10 11.  */
  check_contains ("source: path 2's lines", page,
		  "\"f0p2\":{\"fn\":0,\"rank\":1,\"count\":1000,"
		  "\"lines\":[3,4,5,6,7,8,10,11]");
  check_contains ("source: the data for the script", page,
		  "<script type=\"application/json\" id=\"pp-data\">");
  check_lacks ("source: no missing-source note", page, "id=\"no-source\"");
  free (page);
}

/* Escaping of names, caps, missing sources.  */

static void
test_escaping_and_caps (void)
{
  run_result r;
  const char *args[] = { "--html", "-n", "1", "-o", "@esc", "@esc.pathprof",
			 "@a.pathprof", NULL };
  char *index, *fig1;

  run_dump (&r, NULL, args);
  check_int ("escaping: exit status", 0, r.status);
  run_free (&r);
  index = report_file ("esc", "index.html");
  check_contains ("escaping: function name", index,
		  ">operator&lt; &lt;A&amp;B&gt;</a>");
  check_contains ("escaping: file name", index, ">a&lt;b&gt;&amp;c.c</a>");
  check_lacks ("escaping: no raw name", index, "operator< <A&B>");
  check_contains ("escaping: page name made safe", index,
		  "href=\"fn-operator___A_B_.html\"");
  free (index);
  /* -n 1: fig1 lists its hottest path and says 3 more.  */
  fig1 = report_file ("esc", "fn-fig1.html");
  check_contains ("-n 1: the rest counted", fig1,
		  "3 more executed paths not listed");
  check_contains ("fig1 page: untested count", fig1,
		  "<strong>2</strong> of 6 potential paths never ran");
  free (fig1);
  /* The source of a<b>&c.c does not exist.  */
  fig1 = report_file ("esc", "src-a_b__c.c.html");
  check_contains ("missing source: a note", fig1, "id=\"no-source\"");
  check_contains ("missing source: counted line", fig1,
		  "<tr id=\"L2\" class=\"hit\"><td class=\"ln\">2</td>"
		  "<td class=\"cnt\">3</td>");
  free (fig1);
}

/* The CFG picture with Graphviz, and the note without it.  */

static void
test_picture (void)
{
  run_result r;
  const char *args[] = { "--html", "-o", "@nodot", "@a.pathprof", NULL };
  const char *saved = getenv ("PATH");
  char *path = saved ? strdup (saved) : NULL;
  char *page;

  page = report_file ("rep", "fn-fig1.html");
  if (system ("command -v dot > /dev/null 2>&1") == 0)
    {
      check_contains ("picture: inline SVG", page, "<svg");
      check_contains ("picture: block nodes", page, "<title>b2</title>");
      check_lacks ("picture: no XML declaration inside", page, "<?xml");
    }
  else
    check_contains ("picture: needs Graphviz", page, "id=\"no-picture\"");
  free (page);

  setenv ("PATH", test_path ("no-such-dir"), 1);
  run_dump (&r, NULL, args);
  if (path)
    setenv ("PATH", path, 1);
  free (path);
  check_int ("no dot: exit status", 0, r.status);
  check_contains ("no dot: said once", r.err, "dot was not found");
  run_free (&r);
  page = report_file ("nodot", "fn-fig1.html");
  check_contains ("no dot: the page says so", page,
		  "needs Graphviz's <code>dot</code>");
  check_contains ("no dot: the paths are still there", page,
		  "data-path=\"f0p2\"");
  free (page);
}

/* The output directory: bad ones refused with a message and nothing
   left; a report replaced.  */

static void
test_output_dir (void)
{
  run_result r;
  const char *no_o[] = { "--html", "@a.pathprof", NULL };
  const char *missing[] = { "--html", "-o", "@none/deeper/rep",
			    "@a.pathprof", NULL };
  const char *file[] = { "--html", "-o", "@a.pathprof", "@b.pathprof",
			 NULL };
  const char *foreign[] = { "--html", "-o", "@src", "@a.pathprof", NULL };
  const char *again[] = { "--html", "-o", "@rep", "@b.pathprof", NULL };
  char *index;

  run_dump (&r, NULL, no_o);
  check_int ("--html without -o: usage", 2, r.status);
  check_contains ("--html without -o: message", r.err, "-o DIR");
  run_free (&r);

  run_dump (&r, NULL, missing);
  check_int ("missing parent: exit status", 1, r.status);
  check_contains ("missing parent: names the directory", r.err,
		  "none/deeper/rep: cannot create the report directory");
  check (!exists ("none"), "missing parent: nothing created", "%s",
	 "created");
  run_free (&r);

  run_dump (&r, NULL, file);
  check_int ("a file: exit status", 1, r.status);
  check_contains ("a file: message", r.err,
		  "a.pathprof: exists and is not a directory");
  run_free (&r);

  run_dump (&r, NULL, foreign);
  check_int ("foreign directory: exit status", 1, r.status);
  check_contains ("foreign directory: message", r.err,
		  "not empty and not a pathprof HTML report");
  check (exists ("src/fig1.c") && !exists ("src/index.html"),
	 "foreign directory: left as it was", "%s", "changed");
  run_free (&r);

  /* An earlier report is replaced whole: fig1 is gone.  */
  run_dump (&r, NULL, again);
  check_int ("replace: exit status", 0, r.status);
  run_free (&r);
  index = report_file ("rep", "index.html");
  check_contains ("replace: the new report", index, "fn-count_loop.html");
  check_lacks ("replace: nothing of the old", index, "fn-fig1.html");
  check (!exists ("rep/fn-fig1.html"), "replace: old pages removed", "%s",
	 "fn-fig1.html still there");
  free (index);
  {
    char cmd[512];
    snprintf (cmd, sizeof cmd,
	      "ls -a '%s' | grep -q -e '\\.tmp-' -e '\\.old-'",
	      test_path (""));
    check (system (cmd) != 0, "no directory left beside the report", "%s",
	   "a .tmp- or .old- directory remains");
  }
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_escape_fixture ();
  write_fig1_source ();
  test_index ();
  test_source_page ();
  test_escaping_and_caps ();
  test_picture ();
  test_output_dir ();
  return unit_test_report ();
}
