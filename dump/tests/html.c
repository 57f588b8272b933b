/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --html -o DIR on the fixtures of dump-test.h and one of
   its own: what the pages say (coverage in the index, gcov's line counts
   in a source page, the paths and their JSON), escaping, the caps on
   lists, the CFG picture or the note that it needs Graphviz, page names
   of functions whose names agree on their first 90 bytes, and the
   output directory: created, replaced when it holds a report, refused
   otherwise, never left half written.  The browser test
   (dump/tests/html-browser.sh) checks what a reader sees and clicks.

   Line counts of fig1 (a.pathprof), from its paths (dump-test.h):
   counts 0 ACDEF 500, 2 ABCDEF 1000, 3 ABCDF 250, 5 ABDF 250 (2000).
   Blocks: A 2000, B 1500, C 1750, D 2000, E 1500, F 2000.  Line 3 and 4
   are A's (the declaration line 1 is not in a block here), 5 B's, 6-7
   C's, 8 D's, 10-11 F's; hdr.h:20 is E's: 1500.

   esc.pathprof, unit "esc.c": one function "operator< <A&B>" whose file
   is "a<b>&c.c", one block (line 2), one path run 3 times.

   timed.pathprof (metric=cycles): a.pathprof's fig1 with times, in
   ticks at 10^9 per second (so a tick is 1 ns), and helper without:
     path  count  ticks      time    time/exec  time share
	0    500  1000000    1 ms    2 us       20.00%
	2   1000   500000    500 us  500 ns     10.00%
	3    250  2500000    2.5 ms  10 us      50.00%
	5    250  1000000    1 ms    4 us       20.00%
   total 5 ms.  By count: 2 0 3 5; by time: 3, then 0 and 5 (1 ms each,
   500 runs before 250), then 2.  */

#include "dump-test.h"

#include <signal.h>
#include <stdarg.h>

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

/* fig1's counts with times (see the top of this file).  */
static const ppf_count timed_counts[] = {
  { 0, 500, 1000000 }, { 2, 1000, 500000 }, { 3, 250, 2500000 },
  { 5, 250, 1000000 }
};

/* Write timed.pathprof.  */

static void
write_timed_fixture (void)
{
  fixture_function fns[8];
  uint32_t n = fixture_a (fns);

  fns[0].meta.flags |= PPF_FN_TIMED;
  fns[0].counts = timed_counts;
  fns[0].num_counts = COUNT (timed_counts);
  write_profile_times (test_path ("timed.pathprof"), "src/fig1.c", 3, fns, n,
		       true, PPF_TIME_TSC, 1000000000u);
}

/* Functions of each of many1.pathprof and many2.pathprof: the same
   names, in two units, run once in many1 and twice in many2 (their
   pictures differ); many3.pathprof is many1 in a third unit, as a
   source compiled into two programs that ran alike (the same
   pictures).  */
#define MANY_FUNCTIONS 600

static char *many_files[] = { "gen/many.cc" };
static ppf_edge many_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 1, PPF_EDGE_REAL, 2, 1, 0 }
};
static const ppf_count many_counts[] = { { 0, 1 } };
static const ppf_count many_counts_twice[] = { { 0, 2 } };

/* Write many1.pathprof and many2.pathprof: MANY_FUNCTIONS functions
   each, one block, one path run once, named as googletest names its
   tests' classes, "YAML::(anonymous namespace)::TestFactoryImpl_..."
   up to "::case_I(int)", far past what a page name keeps.  */

static void
write_many_fixture (void)
{
  fixture_function *fns = calloc (MANY_FUNCTIONS, sizeof *fns);
  ppf_block *blocks = calloc (3 * MANY_FUNCTIONS, sizeof *blocks);
  ppf_line *lines = calloc (MANY_FUNCTIONS, sizeof *lines);
  char (*names)[2][128] = calloc (MANY_FUNCTIONS, sizeof *names);

  if (!fns || !blocks || !lines || !names)
    test_abort ("many fixture", "out of memory");
  for (uint32_t i = 0; i < MANY_FUNCTIONS; i++)
    {
      ppf_block *b = blocks + 3 * i;
      snprintf (names[i][0], sizeof names[i][0],
		"_ZN4YAML12_GLOBAL__N_115TestFactoryImpl8case_%uEi", i);
      snprintf (names[i][1], sizeof names[i][1],
		"YAML::(anonymous namespace)::TestFactoryImpl_YAML_"
		"anonymous_namespace_GoogleTestCase::case_%u(int)", i);
      fixture_meta (&fns[i].meta, names[i][0], names[i][1], 0, i + 1, 1);
      lines[i] = (ppf_line) { 0, i + 1 };
      b[0] = (ppf_block) { 0, 0, NULL };
      b[1] = (ppf_block) { 1, 0, NULL };
      b[2] = (ppf_block) { 2, 1, &lines[i] };
      fns[i].meta.num_files = COUNT (many_files);
      fns[i].meta.files = many_files;
      fns[i].meta.num_blocks = 3;
      fns[i].meta.blocks = b;
      fns[i].meta.num_edges = COUNT (many_edges);
      fns[i].meta.edges = many_edges;
      fns[i].counts = many_counts;
      fns[i].num_counts = COUNT (many_counts);
    }
  write_profile (test_path ("many1.pathprof"), "many1.cc", 1, fns,
		 MANY_FUNCTIONS);
  write_profile (test_path ("many3.pathprof"), "many3.cc", 1, fns,
		 MANY_FUNCTIONS);
  for (uint32_t i = 0; i < MANY_FUNCTIONS; i++)
    fns[i].counts = many_counts_twice;
  write_profile (test_path ("many2.pathprof"), "many2.cc", 1, fns,
		 MANY_FUNCTIONS);
  free (fns);
  free (blocks);
  free (lines);
  free (names);
}

/* The text of file NAME of report directory DIR (scratch-relative), or
   "" if it cannot be read; the caller frees it.  */

static char *
report_file (const char *dir, const char *name)
{
  char rel[160];
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

/* run_dump with ARGS and a PATH where Graphviz's dot is not found.  */

static void
run_dump_without_dot (run_result *r, const char *const *args)
{
  const char *saved = getenv ("PATH");
  char *path = saved ? strdup (saved) : NULL;

  setenv ("PATH", test_path ("no-such-dir"), 1);
  run_dump (r, NULL, args);
  if (path)
    setenv ("PATH", path, 1);
  free (path);
}

/* Write the source of fig1, DIR/src/fig1.c (DIR scratch-relative), to
   be beside a.pathprof, with a line that needs escaping, each line ended
   by EOL.  */

static void
write_fig1_source (const char *dir, const char *eol)
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
  char path[128];
  char *ended = with_line_ends (text, eol);

  snprintf (path, sizeof path, "%s%ssrc", dir, dir[0] ? "/" : "");
  mkdir (test_path (dir), 0777);
  mkdir (test_path (path), 0777);
  snprintf (path, sizeof path, "%s%ssrc/fig1.c", dir, dir[0] ? "/" : "");
  write_bytes (test_path (path), ended, strlen (ended));
  free (ended);
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
		  "<td class=num>4<td class=num>6<td class=\"num cov\" "
		  "data-v=0.666666667>");
  check_contains ("index: fig1 66.67%", index, "66.67%<td class=num>");
  check_contains ("index: count_loop coverage", index,
		  "<td class=num>5<td class=num>6<td");
  check_contains ("index: helper never ran", index,
		  "<td class=num>0<td class=num>1<td");
  /* Totals: 9 of 13 paths, 4000 executions, 3 functions.  */
  check_contains ("index: total paths", index,
		  "<span class=\"executed\">9</span> of <span "
		  "class=\"potential\">13</span>");
  check_contains ("index: total executions", index,
		  "id=\"total-executions\">4000<");
  check_contains ("index: functions", index,
		  "id=\"total-functions\">3<");
  check_contains ("index: src/fig1.c's lines and branches", index,
		  "<td class=\"num cov\" data-v=0.818181818 title=\"9 of "
		  "11 lines\">");
  check_contains ("index: src/fig1.c's branches", index,
		  "<td class=\"num cov\" data-v=1 title=\"6 of 6 "
		  "branches\">");
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
  /* A path's CFG edges are left out of its JSON when they go from ENTRY
     through its blocks to EXIT (pathprof.js infers them), and written
     otherwise: from a backedge, to a backedge, to a call that did not
     return.  */
  {
    char *loop = report_file ("rep", "fn-count_loop.html");
    check_contains ("JSON: entry to return, edges inferred", loop,
		    "\"blocks\":[2,3,5]}");
    check_contains ("JSON: entry to backedge, edges written", loop,
		    "\"blocks\":[2,3,4],\"edges\":[[0,2],[2,3],[3,4],[4,3]]}");
    check_contains ("JSON: backedge to noreturn, edges written", loop,
		    "\"blocks\":[3,4,6],\"edges\":[[4,3],[3,4],[4,6]]}");
    free (loop);
  }
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
		  "<tr id=\"L3\" class=\"hit\"><td>3<td>2000<td>");
  check_contains ("source: line 5 (B)", page,
		  "<tr id=\"L5\" class=\"hit\"><td>5<td>1500<td class=");
  check_contains ("source: line 7 (C)", page,
		  "<tr id=\"L7\" class=\"hit\"><td>7<td>1750<td>");
  check_contains ("source: line 8 (D) and its branches", page,
		  "<td>2000<td class=\"br bhit\" "
		  "title=\"branch 0 taken 1500 (fallthrough)&#10;branch 1 "
		  "taken 500\">2/2<td>  if (d)\n");
  /* A's last line, 4, lists A's branches: to B 1500, to C 500.  */
  check_contains ("source: line 4, A's branches", page,
		  "<td>2000<td class=\"br bhit\" "
		  "title=\"branch 0 taken 1500 (fallthrough)&#10;branch 1 "
		  "taken 500\">2/2<td>    a = 1;\n");
  check_contains ("source: a line without branches", page,
		  "<tr id=\"L7\" class=\"hit\"><td>7<td>1750<td><td>"
		  "  c = a &amp; b;\n");
  /* fig1's 9 lines and helper's 29 (declaration) and 30, which never
     ran; fig1's three lines of two branches, all taken.  */
  check_contains ("source: the file's line and branch coverage", page,
		  "<span id=\"file-lines\">lines executed 81.82% of 11"
		  "</span>; <span id=\"file-branches\">branches taken at "
		  "least once 100.00% of 6</span>");
  check_contains ("source: line 9 has no code", page,
		  "<tr id=\"L9\"><td>9<td><td><td>");
  check_contains ("source: text escaped", page,
		  "{ if (a &lt; b &amp;&amp; d &gt; 0)");
  check_contains ("source: fig1's hottest path row", page,
		  "data-path=f0p2>");
  /* Path 2 is ABCDEF: lines 3 4 5 6 7 8 (E is in hdr.h) 10 11.  */
  check_contains ("source: path 2's lines", page,
		  "\"f0p2\":{\"fn\":0,\"rank\":1,\"count\":1000,"
		  "\"lines\":[3,4,5,6,7,8,10,11]");
  check_contains ("source: the data for the script", page,
		  "<script type=\"application/json\" id=\"pp-data\">");
  check_lacks ("source: no missing-source note", page, "id=\"no-source\"");
  free (page);
}

/* The source of fig1 with its lines ended by EOL ("\r\n", "\r"), in
   DIR: shown as text (no U+FFFD for a "\r"), its lines numbered as GCC
   numbers them (a lone "\r" ends a line).  */

static void
test_line_ends (const char *what, const char *dir, const char *eol)
{
  fixture_function fns[2];
  uint32_t n = fixture_a (fns);
  char profile[64], report[64], check_name[128];
  const char *args[] = { "--html", "-o", report, profile, NULL };
  run_result r;
  char *page;

  write_fig1_source (dir, eol);
  snprintf (profile, sizeof profile, "%s/a.pathprof", dir);
  write_profile (test_path (profile), "src/fig1.c", 3, fns, n);
  snprintf (profile, sizeof profile, "@%s/a.pathprof", dir);
  snprintf (report, sizeof report, "@%s/rep", dir);
  run_dump (&r, NULL, args);
  snprintf (check_name, sizeof check_name, "%s: exit status", what);
  check_int (check_name, 0, r.status);
  run_free (&r);
  snprintf (report, sizeof report, "%s/rep", dir);
  page = report_file (report, "src-src_fig1.c.html");
  snprintf (check_name, sizeof check_name, "%s: no U+FFFD", what);
  check_lacks (check_name, page, "&#xfffd;");
  snprintf (check_name, sizeof check_name, "%s: line 8's text", what);
  check_contains (check_name, page, "<td>2000<td "
		  "class=\"br bhit\" title=\"branch 0 taken 1500 "
		  "(fallthrough)&#10;branch 1 taken 500\">2/2<td>"
		  "  if (d)\n");
  snprintf (check_name, sizeof check_name, "%s: lines 10 and 11", what);
  check_contains (check_name, page, "<td>    d--;\n"
		  "<tr id=\"L11\" class=\"hit\"><td>11<td>2000<td><td>"
		  "  return a; }\n</tbody>");
  snprintf (check_name, sizeof check_name, "%s: no line 12", what);
  check_lacks (check_name, page, "<tr id=\"L12\"");
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
  check_contains ("missing source: why", fig1,
		  "is not shown (No such file or directory)");
  check_contains ("missing source: counted line", fig1,
		  "<tr id=\"L2\" class=\"hit\"><td>2<td>3<td>");
  free (fig1);
}

/* The CFG picture with Graphviz, and the note without it.  */

static void
test_picture (void)
{
  run_result r;
  const char *args[] = { "--html", "-o", "@nodot", "@a.pathprof", NULL };
  char *page;

  page = report_file ("rep", "fn-fig1.html");
  if (system ("command -v dot > /dev/null 2>&1") == 0)
    {
      /* dot's layout, which the script draws: not dot's SVG.  */
      check_contains ("picture: where the script draws it", page,
		      "<figure class=\"cfg\" id=\"cfg\"><div "
		      "class=\"cfg-draw\"></div>");
      check_contains ("picture: its layout in the page's data", page,
		      "\"cfg\":{\"name\":\"fig1\",\"w\":");
      /* Block "b2" by its number; the entry by its name.  */
      check_contains ("picture: block nodes", page, "[2,0,");
      check_contains ("picture: the entry node", page, "[\"entry\",0,");
      check_contains ("picture: CFG edges", page, "[\"e2_3\",0,");
      check_contains ("picture: its legend beside it", page,
		      "<table class=\"legend\"><tr><th></th><th>path</th>");
      check_lacks ("picture: no SVG in the page", page, "<svg");
      check_lacks ("picture: no XML declaration inside", page, "<?xml");
    }
  else
    check_contains ("picture: needs Graphviz", page, "id=\"no-picture\"");
  free (page);

  run_dump_without_dot (&r, args);
  check_int ("no dot: exit status", 0, r.status);
  check_contains ("no dot: said once", r.err, "dot was not found");
  run_free (&r);
  page = report_file ("nodot", "fn-fig1.html");
  check_contains ("no dot: the page says so", page,
		  "needs Graphviz's <code>dot</code>");
  check_contains ("no dot: the paths are still there", page,
		  "data-path=f0p2>");
  free (page);
}

/* The bytes of a report's pages.  The pictures were dot's SVG, 47 KB a
   picture on average for expat's test suite, and every path step and
   source line carried its own classes: 82 MB in all.  Now a page holds
   dot's layout, which the script draws, and short markup: fig1's page
   (a picture, 4 paths, 2 untested) was 31 KB, now 6 KB; the source
   page's rows 146 bytes of markup a line, now 64 (a line's branches
   titled as gcov lists them are most of it).  */

static void
test_page_sizes (void)
{
  char *page = report_file ("rep", "fn-fig1.html");
  char *src = report_file ("rep", "src-src_fig1.c.html");
  size_t lines = 0, markup = 0;

  if (system ("command -v dot > /dev/null 2>&1") == 0)
    check (strlen (page) < 8000, "sizes: a function page with its picture",
	   "expected under 8000 bytes, saw %zu", strlen (page));
  /* The markup of the source lines: each row less the source text
     (fig1.c's lines are short and need no escape but "&").  */
  for (const char *at = strstr (src, "<tr id=\"L"); at;
       at = strstr (at + 1, "<tr id=\"L"))
    {
      const char *end = strchr (at, '\n');
      const char *code = end ? end : at;
      lines++;
      while (code > at && code[-1] != '>')
	code--;
      markup += (size_t) (code - at) + (end ? 1 : 0);
    }
  check (lines > 0 && markup / lines < 80, "sizes: markup of a source line",
	 "expected under 80 bytes a line, saw %zu over %zu lines", markup,
	 lines);
  free (page);
  free (src);
}

/* The names of the function pages of report directory DIR
   (scratch-relative), sorted, one a line, in fresh memory.  */

static char *
function_pages (const char *dir)
{
  char cmd[1024];
  FILE *ls;
  char *text = NULL;
  size_t len = 0;

  snprintf (cmd, sizeof cmd, "ls '%s' | grep '^fn-' | LC_ALL=C sort",
	    test_path (dir));
  ls = popen (cmd, "r");
  if (!ls)
    test_abort ("ls", strerror (errno));
  for (;;)
    {
      char buf[4096];
      size_t n = fread (buf, 1, sizeof buf, ls);
      if (n == 0)
	break;
      text = realloc (text, len + n + 1);
      if (!text)
	test_abort ("ls", "out of memory");
      memcpy (text + len, buf, n);
      len += n;
    }
  pclose (ls);
  if (!text)
    text = strdup ("");
  else
    text[len] = '\0';
  return text;
}

/* 1200 functions whose names agree on their first 90 bytes, 600 of
   them twice (two units): a page each, named fn-STEM-HASH.html, every
   link of the index to an existing page, and a function's page named
   alike in a report of it alone (-f).  Without dot: the pictures are
   test_picture's.  */

static void
test_many_pages (void)
{
  run_result r;
  const char *all[] = { "--html", "-o", "@manyrep", "@many1.pathprof",
			"@many2.pathprof", NULL };
  const char *one[] = { "--html", "-f", "*::case_7(int)", "-o", "@onerep",
			"@many1.pathprof", "@many2.pathprof", NULL };
  char *pages, *index, *one_pages;
  size_t num_pages = 0, well_formed = 0, links = 0, broken = 0;
  bool in_all = true;

  write_many_fixture ();
  run_dump_without_dot (&r, all);
  check_int ("many: exit status", 0, r.status);
  run_free (&r);
  run_dump_without_dot (&r, one);
  check_int ("many -f: exit status", 0, r.status);
  run_free (&r);

  pages = function_pages ("manyrep");
  for (const char *line = pages; *line; line = strchr (line, '\n') + 1)
    {
      size_t len = strcspn (line, "\n");
      num_pages++;
      /* fn-, 60 bytes of name, -, 12 hex digits, .html */
      well_formed += len == 81
		     && strncmp (line, "fn-YAML___anonymous_namespace___"
				 "TestFactoryImpl_YAML_anonymous_-", 64) == 0
		     && strspn (line + 64, "0123456789abcdef") == 12
		     && strncmp (line + 76, ".html", 5) == 0;
    }
  check_int ("many: a page per function", 2 * MANY_FUNCTIONS,
	     (long long) num_pages);
  check_int ("many: pages named fn-STEM-HASH.html", 2 * MANY_FUNCTIONS,
	     (long long) well_formed);

  index = report_file ("manyrep", "index.html");
  for (const char *at = index; (at = strstr (at, "href=\"fn-")); at++)
    {
      char page[128], rel[160];
      size_t len = strcspn (at + 6, "\"#");
      snprintf (page, sizeof page, "%.*s", (int) len, at + 6);
      snprintf (rel, sizeof rel, "manyrep/%s", page);
      links++;
      broken += !exists (rel);
    }
  check (links >= 2 * MANY_FUNCTIONS && broken == 0,
	 "many: the index's links reach their pages",
	 "expected %d links or more, all to pages; saw %zu, %zu broken",
	 2 * MANY_FUNCTIONS, links, broken);
  free (index);

  /* -f: two functions (one per unit), named as in the whole report.  */
  one_pages = function_pages ("onerep");
  check_int ("many -f: two pages", 2, count_lines (one_pages));
  for (const char *line = one_pages; *line; line = strchr (line, '\n') + 1)
    {
      char name[128];
      char *page;
      snprintf (name, sizeof name, "%.*s", (int) strcspn (line, "\n"),
		line);
      page = report_file ("manyrep", name);
      in_all &= strstr (page, "::case_7(int) (many") != NULL
		&& strstr (page, "<h1>") != NULL;
      free (page);
    }
  check (in_all, "many -f: the pages keep their names",
	 "expected case_7's pages of the whole report, saw %s", one_pages);
  free (one_pages);
  free (pages);
}

/* Blocks of long.pathprof's function, a chain: more than a picture may
   have, even with one path in colour.  */
#define LONG_BLOCKS 400

/* Write long.pathprof: long_chain, ENTRY -> 2 -> 3 -> ... -> 401 -> EXIT,
   block B at line B, one path, run once.  */

static void
write_long_fixture (void)
{
  static char *files[] = { "long.c" };
  static const ppf_count counts[] = { { 0, 1 } };
  ppf_block *blocks = calloc (LONG_BLOCKS + 2, sizeof *blocks);
  ppf_line *lines = calloc (LONG_BLOCKS + 2, sizeof *lines);
  ppf_edge *edges = calloc (LONG_BLOCKS + 1, sizeof *edges);
  fixture_function fn;

  if (!blocks || !lines || !edges)
    test_abort ("long fixture", "out of memory");
  blocks[0] = (ppf_block) { 0, 0, NULL };
  blocks[1] = (ppf_block) { 1, 0, NULL };
  edges[0] = (ppf_edge) { 0, 2, PPF_EDGE_REAL, 0, 2, 0 };
  for (uint32_t b = 2; b < LONG_BLOCKS + 2; b++)
    {
      uint32_t next = b + 1 < LONG_BLOCKS + 2 ? b + 1 : 1;
      lines[b] = (ppf_line) { 0, b };
      blocks[b] = (ppf_block) { b, 1, &lines[b] };
      edges[b - 1] = (ppf_edge) { b, next, PPF_EDGE_REAL, b, next, 0 };
    }
  fixture_meta (&fn.meta, "long_chain", "long_chain", 0, 1, 1);
  fn.meta.num_files = COUNT (files);
  fn.meta.files = files;
  fn.meta.num_blocks = LONG_BLOCKS + 2;
  fn.meta.blocks = blocks;
  fn.meta.num_edges = LONG_BLOCKS + 1;
  fn.meta.edges = edges;
  fn.counts = counts;
  fn.num_counts = COUNT (counts);
  write_profile (test_path ("long.pathprof"), "long.c", 1, &fn, 1);
  free (blocks);
  free (lines);
  free (edges);
}

/* A CFG too large to draw in the report (its one path has 400 blocks,
   more than HTML_PICTURE_NODES_MAX nodes): a note saying how to draw
   it, the picture of the function beside it in its batch, and --dot,
   which draws what it is asked, still writing its graph.  */

static void
test_too_large (void)
{
  const char *html[] = { "--html", "-o", "@longrep", "@long.pathprof",
			 "@a.pathprof", NULL };
  const char *dot[] = { "--dot", "-f", "long_chain", "@long.pathprof",
			NULL };
  run_result r;
  char *page;

  write_long_fixture ();
  run_dump (&r, NULL, dot);
  check_int ("--dot of a large CFG: exit status", 0, r.status);
  check_contains ("--dot of a large CFG: every block", r.out,
		  "b401 [id=\"b401\"");
  run_free (&r);
  if (system ("command -v dot > /dev/null 2>&1") != 0)
    {
      printf ("NOTE: Graphviz's dot is not installed: a CFG too large to "
	      "draw not tested\n");
      return;
    }
  run_dump (&r, NULL, html);
  check_int ("too large: exit status", 0, r.status);
  run_free (&r);
  page = report_file ("longrep", "fn-long_chain.html");
  check_contains ("too large: the note", page,
		  "id=\"no-picture\">This function's CFG is too large to "
		  "draw here (400 blocks;");
  check_contains ("too large: how to draw it", page,
		  "<code>pathprof-dump --dot=svg -f 'long_chain' "
		  "--unit='long.c' ");
  check_lacks ("too large: no picture", page, "\"cfg\":");
  free (page);
  page = report_file ("longrep", "fn-fig1.html");
  check_contains ("too large: the next function's picture", page,
		  "\"cfg\":{\"name\":\"fig1\",");
  free (page);
}

/* Check report DIR (scratch-relative) of NUM functions of
   many1.pathprof and many2.pathprof: NUM function pages, each with one
   picture, the one of its own function (the graph's name, in its
   layout, is the page's <h1>), and no file of the batches left.  WHAT
   names the checks.  */

static void
check_batch_pictures (const char *what, const char *dir, size_t want)
{
  char *pages = function_pages (dir);
  size_t num = 0, own = 0;
  char first_bad[512] = "";
  char cmd[512];

  for (const char *line = pages; *line; line = strchr (line, '\n') + 1)
    {
      char name[128];
      char *page;
      const char *h1, *cfg, *title;
      size_t h1_len;
      snprintf (name, sizeof name, "%.*s", (int) strcspn (line, "\n"), line);
      page = report_file (dir, name);
      num++;
      h1 = strstr (page, "<h1>");
      cfg = strstr (page, "\"cfg\":{\"name\":\"");
      title = cfg ? cfg + strlen ("\"cfg\":{\"name\":\"") : NULL;
      h1_len = h1 ? strcspn (h1 + 4, "<") : 0;
      if (h1 && title && strstr (cfg + 1, "\"cfg\":") == NULL
	  && strncmp (h1 + 4, title, h1_len) == 0
	  && strncmp (title + h1_len, "\",", 2) == 0)
	own++;
      else if (!first_bad[0])
	snprintf (first_bad, sizeof first_bad, "%s", name);
      free (page);
    }
  check (num == want && own == want, what, "expected %zu pages with their "
	 "own picture, saw %zu pages, %zu of them (first other: %s)", want,
	 num, own, first_bad);
  free (pages);
  snprintf (cmd, sizeof cmd, "ls -a '%s' | grep -q '^\\.picture'",
	    test_path (dir));
  check (system (cmd) != 0, "pictures: no batch file left", "%s",
	 "a .picture- file remains");
}

/* The pictures drawn by dot a batch at a time (80 functions: batches of
   32 at most): each page has its own; and when dot fails on a batch, or
   gives fewer pictures than graphs, every function of the batch is drawn
   alone (10 functions: each dot started costs).  A "dot" first on PATH
   plays the failing dot: given a file (a batch) it fails, or draws all
   but the first graph; reading stdin (one function) it is
   Graphviz's.  */

static void
test_batch_pictures (void)
{
  run_result r;
  const char *args[] = { "--html", "-f", "*::case_[1-4][0-9](int)", "-o",
			 "@batchrep", "@many1.pathprof", "@many2.pathprof",
			 NULL };
  char real_dot[1024] = "", script[2048], fake_path[4096];
  char *log;
  const char *saved = getenv ("PATH");
  char *path = saved ? strdup (saved) : NULL;
  FILE *which = popen ("command -v dot", "r");

  if (!which || !fgets (real_dot, sizeof real_dot, which))
    real_dot[0] = '\0';
  if (which)
    pclose (which);
  real_dot[strcspn (real_dot, "\n")] = '\0';
  if (!real_dot[0])
    {
      printf ("NOTE: Graphviz's dot is not installed: pictures drawn in "
	      "batches not tested\n");
      free (path);
      return;
    }

  mkdir (test_path ("fakedot"), 0777);
  snprintf (script, sizeof script,
	    "#!/bin/sh\n"
	    "# Graphviz's dot, each start noted; but for a batch (a file\n"
	    "# argument) failing or short of a picture if asked.\n"
	    "log='%s'\n"
	    "echo \"$*\" >> \"$log\"\n"
	    "if [ \"$FAKE_DOT\" = failall ]; then\n"
	    "  echo 'fake dot: cannot draw' >&2; exit 3\n"
	    "fi\n"
	    "[ $# -gt 1 ] && grep -c '^digraph' \"$2\" >> \"$log.graphs\"\n"
	    "if [ $# -gt 1 ]; then\n"
	    "  if [ \"$FAKE_DOT\" = fail ]; then\n"
	    "    echo 'fake dot: cannot draw a batch' >&2; exit 1\n"
	    "  elif [ \"$FAKE_DOT\" = short ]; then\n"
	    "    '%s' \"$@\" | sed '1,/^}$/d'; exit 0\n"
	    "  elif [ \"$FAKE_DOT\" = wait ]; then\n"
	    "    case $2 in *.picture-0.dot)\n"
	    "      # The first batch ends only once a third has started.\n"
	    "      n=0\n"
	    "      while [ \"$(wc -l < \"$log\")\" -lt 3 ] && [ $n -lt 600 ];"
	    " do\n"
	    "        sleep 0.1; n=$((n + 1))\n"
	    "      done\n"
	    "      echo \"first batch: $(wc -l < \"$log\") started\""
	    " >> \"$log.wait\";;\n"
	    "    esac\n"
	    "  fi\n"
	    "fi\n"
	    "exec '%s' \"$@\"\n", test_path ("fakedot.log"), real_dot,
	    real_dot);
  write_bytes (test_path ("fakedot/dot"), script, strlen (script));
  chmod (test_path ("fakedot/dot"), 0755);
  snprintf (fake_path, sizeof fake_path, "%s:%s", test_path ("fakedot"),
	    path ? path : "/usr/bin:/bin");
  setenv ("PATH", fake_path, 1);

  run_dump (&r, NULL, args);
  check_int ("batches: exit status", 0, r.status);
  check_str ("batches: nothing on stderr", "", r.err);
  run_free (&r);
  check_batch_pictures ("batches: each page its own picture", "batchrep",
			80);
  log = read_bytes (test_path ("fakedot.log"), NULL);
  check (count_lines (log) >= 1 && count_lines (log) <= 3,
	 "batches: one dot per batch", "expected 1 to 3 dots for 80 "
	 "pictures, saw %d", count_lines (log));
  free (log);

  /* Two dots at once or more: while the first batch's dot waits, the
     third batch starts when the second's dot ends.  */
  if (sysconf (_SC_NPROCESSORS_ONLN) >= 2)
    {
      char *waited;
      setenv ("FAKE_DOT", "wait", 1);
      write_bytes (test_path ("fakedot.log"), "", 0);
      args[4] = "@batchwait";
      run_dump (&r, NULL, args);
      check_int ("a slow batch: exit status", 0, r.status);
      run_free (&r);
      waited = read_bytes (test_path ("fakedot.log.wait"), NULL);
      check_str ("a slow batch: the next ones drawn meanwhile",
		 "first batch: 3 started\n", waited);
      free (waited);
      check_batch_pictures ("a slow batch: each page its own picture",
			    "batchwait", 80);
    }
  else
    printf ("NOTE: one processor: one dot at a time, not tested\n");

  setenv ("FAKE_DOT", "fail", 1);
  args[2] = "*::case_1[0-4](int)";
  args[4] = "@batchfail";
  run_dump (&r, NULL, args);
  check_int ("a batch dot fails on: exit status", 0, r.status);
  check_contains ("a batch dot fails on: its message", r.err,
		  "fake dot: cannot draw a batch");
  run_free (&r);
  check_batch_pictures ("a batch dot fails on: drawn alone", "batchfail",
			10);

  /* dot fails on the batch and on each function alone: the pages
     without their pictures, dot's messages, and no other.  */
  setenv ("FAKE_DOT", "failall", 1);
  args[4] = "@batchfailall";
  run_dump (&r, NULL, args);
  check_int ("every dot fails: exit status", 0, r.status);
  check_contains ("every dot fails: its message", r.err,
		  "fake dot: cannot draw");
  check_lacks ("every dot fails: not out of memory", r.err,
	       "out of memory");
  run_free (&r);
  check (exists ("batchfailall/index.html"),
	 "every dot fails: the report is written", "%s", "no index.html");

  setenv ("FAKE_DOT", "short", 1);
  args[4] = "@batchshort";
  run_dump (&r, NULL, args);
  check_int ("a batch short of a picture: exit status", 0, r.status);
  run_free (&r);
  check_batch_pictures ("a batch short of a picture: drawn alone",
			"batchshort", 10);

  /* many3's functions are many1's: laid out once, each page with its
     own name.  */
  unsetenv ("FAKE_DOT");
  write_bytes (test_path ("fakedot.log.graphs"), "", 0);
  args[2] = "*::case_1[0-9](int)";
  args[4] = "@batchcopies";
  args[6] = "@many3.pathprof";
  run_dump (&r, NULL, args);
  check_int ("copies: exit status", 0, r.status);
  run_free (&r);
  check_batch_pictures ("copies: each page its own picture", "batchcopies",
			20);
  log = read_bytes (test_path ("fakedot.log.graphs"), NULL);
  check_str ("copies: laid out once", "10\n", log);
  free (log);

  unsetenv ("FAKE_DOT");
  if (path)
    setenv ("PATH", path, 1);
  free (path);
}

/* --pictures=N: the pages of the N hottest functions have a picture
   (most executions first, the earlier of two as hot), the others a note
   with the command that draws theirs; 0 and all; and --pictures without
   --html, or not a number, is a usage error.  Six functions hot_0 to
   hot_5, run 5, 50, 1, 0, 20 and 5 times.  */

static void
test_picked_pictures (void)
{
  static const uint64_t runs[6] = { 5, 50, 1, 0, 20, 5 };
  static const struct { const char *arg; const char *has; } cases[] = {
    { "--pictures=3", "110010" },  /* 50, 20, then hot_0 before hot_5 */
    { "--pictures=0", "000000" },
    { "--pictures=all", "111111" },
    { "--pictures=6", "111111" },
  };
  fixture_function fns[6];
  ppf_block blocks[6][3];
  ppf_line lines[6];
  ppf_count counts[6][1];
  char names[6][16];
  const char *args[] = { "--html", NULL, "-o", "@pickrep",
			 "@hot.pathprof", NULL };
  const char *bad[][4] = {
    { "--pictures=3", "@hot.pathprof", NULL },
    { "--html", "-o", "@pickbad", "--pictures=many" },
  };
  run_result r;

  memset (fns, 0, sizeof fns);
  for (uint32_t i = 0; i < 6; i++)
    {
      snprintf (names[i], sizeof names[i], "hot_%u", i);
      fixture_meta (&fns[i].meta, names[i], names[i], 0, 10 * i + 1, 1);
      lines[i] = (ppf_line) { 0, 10 * i + 1 };
      blocks[i][0] = (ppf_block) { 0, 0, NULL };
      blocks[i][1] = (ppf_block) { 1, 0, NULL };
      blocks[i][2] = (ppf_block) { 2, 1, &lines[i] };
      counts[i][0] = (ppf_count) { 0, runs[i] };
      fns[i].meta.num_files = COUNT (many_files);
      fns[i].meta.files = many_files;
      fns[i].meta.num_blocks = 3;
      fns[i].meta.blocks = blocks[i];
      fns[i].meta.num_edges = COUNT (many_edges);
      fns[i].meta.edges = many_edges;
      fns[i].counts = counts[i];
      fns[i].num_counts = runs[i] ? 1 : 0;
    }
  write_profile (test_path ("hot.pathprof"), "hot.cc", 1, fns, 6);

  for (size_t b = 0; b < COUNT (bad); b++)
    {
      const char *a[6] = { NULL };
      memcpy (a, bad[b], sizeof bad[b]);
      a[4] = b == 1 ? "@hot.pathprof" : NULL;
      run_dump (&r, NULL, a);
      check_int ("--pictures misused: usage error", 2, r.status);
      check_contains ("--pictures misused: says so", r.err,
		      b == 0 ? "--pictures goes with --html only"
			     : "invalid number of pictures: 'many'");
      run_free (&r);
    }

  if (system ("command -v dot > /dev/null 2>&1") != 0)
    {
      printf ("NOTE: Graphviz's dot is not installed: --pictures not "
	      "tested\n");
      return;
    }
  for (size_t c = 0; c < COUNT (cases); c++)
    {
      char seen[7] = "", what[128];
      args[1] = cases[c].arg;
      run_dump (&r, NULL, args);
      snprintf (what, sizeof what, "%s: exit status", cases[c].arg);
      check_int (what, 0, r.status);
      snprintf (what, sizeof what, "%s: a note says how many", cases[c].arg);
      if (strchr (cases[c].has, '0'))
	check_contains (what, r.err, "CFG pictures on the pages of the ");
      else
	check_lacks (what, r.err, "CFG pictures on the pages of the ");
      run_free (&r);
      for (int i = 0; i < 6; i++)
	{
	  char page_name[32];
	  char *page;
	  snprintf (page_name, sizeof page_name, "fn-hot_%d.html", i);
	  page = report_file ("pickrep", page_name);
	  seen[i] = strstr (page, "\"cfg\":{") ? '1' : '0';
	  if (seen[i] == '0' && i == 3)
	    {
	      snprintf (what, sizeof what, "%s: the note of a page without",
			cases[c].arg);
	      check_contains (what, page, "No CFG picture: this report "
			      "draws those of the ");
	      snprintf (what, sizeof what, "%s: the command that draws it",
			cases[c].arg);
	      check_contains (what, page, "<code>pathprof-dump --dot=svg -f "
			      "'hot_3' --unit='hot.cc' ");
	    }
	  free (page);
	}
      snprintf (what, sizeof what, "%s: the pages with a picture",
		cases[c].arg);
      check_str (what, cases[c].has, seen);
    }
}

/* Start pathprof-dump --html -o DIR (scratch-relative) on functions
   case_10 to case_49 of many1.pathprof and many2.pathprof, paused by
   PATHPROF_TEST_HTML_PAUSE after its first function page (pictures are
   being drawn then, if dot is installed), with the stop signals at their
   default dispositions.  Returns its process id once it says it paused,
   with *ERR the rest of its stderr (to close once it ended), or 0 after
   a FAIL line.  */

static pid_t
start_paused (const char *dir, FILE **err_out)
{
  int err[2];
  pid_t pid;
  FILE *in;
  char line[512];
  bool paused = false;

  pid = fork_with_pipe (err);
  if (pid == 0)
    {
      const char *argv[] = { tool_path (), "--html", "-f",
			     "*::case_[1-4][0-9](int)", "-o", test_path (dir),
			     test_path ("many1.pathprof"),
			     test_path ("many2.pathprof"), NULL };
      dup2 (err[1], STDERR_FILENO);
      close (err[0]);
      close (err[1]);
      if (!freopen ("/dev/null", "w", stdout))
	_exit (126);
      signal (SIGHUP, SIG_DFL);
      signal (SIGINT, SIG_DFL);
      signal (SIGTERM, SIG_DFL);
      setenv ("PATHPROF_TEST_HTML_PAUSE", "1", 1);
      execv (argv[0], (char **) argv);
      _exit (127);
    }
  close (err[1]);
  in = fdopen (err[0], "r");
  if (!in)
    test_abort ("fdopen", strerror (errno));
  while (!paused && fgets (line, sizeof line, in))
    paused = strstr (line, "test: paused after the first function page")
	     != NULL;
  if (!paused)
    {
      int status;
      check (0, "stop: the report pauses", "%s", "it ended first");
      waitpid (pid, &status, 0);
      fclose (in);
      return 0;
    }
  *err_out = in;
  return pid;
}

/* Whether any entry of the scratch directory starts with PREFIX.  */

static bool
scratch_has (const char *prefix)
{
  char cmd[512];

  snprintf (cmd, sizeof cmd, "ls -a '%s' | grep -q '^%s'", test_path (""),
	    prefix);
  return system (cmd) == 0;
}

/* Stop paused report DIR, process PID whose stderr is ERR, with SIG:
   the program ends by SIG, and nothing of DIR's temporary directory is
   left.  WHAT names the checks.  */

static void
check_stopped (const char *what, const char *dir, pid_t pid, FILE *err,
	       int sig)
{
  char tmp_prefix[64], name[128];
  int status;

  snprintf (tmp_prefix, sizeof tmp_prefix, "%s\\.tmp-", dir);
  snprintf (name, sizeof name, "%s: being written", what);
  check (scratch_has (tmp_prefix), name, "expected %s.tmp-XXXXXX, saw "
	 "none", dir);
  kill (pid, sig);
  if (waitpid (pid, &status, 0) != pid)
    test_abort ("waitpid", strerror (errno));
  fclose (err);
  snprintf (name, sizeof name, "%s: ends by the signal", what);
  check (WIFSIGNALED (status) && WTERMSIG (status) == sig, name,
	 "expected signal %d, saw %s %d", sig,
	 WIFSIGNALED (status) ? "signal" : "exit status",
	 WIFSIGNALED (status) ? WTERMSIG (status) : WEXITSTATUS (status));
  snprintf (name, sizeof name, "%s: its directory removed", what);
  check (!scratch_has (tmp_prefix), name, "expected no %s.tmp-XXXXXX, saw "
	 "one", dir);
}

/* SIGTERM and SIGINT while the report is written: the program ends by
   the signal, its temporary directory removed, and an earlier report in
   DIR left as it was.  */

static void
test_stop_signals (void)
{
  const char *earlier[] = { "--html", "-o", "@stopint", "@a.pathprof",
			    NULL };
  run_result r;
  pid_t pid;
  FILE *err;
  char *before, *after;

  pid = start_paused ("stopterm", &err);
  if (pid)
    check_stopped ("SIGTERM", "stopterm", pid, err, SIGTERM);
  check (!exists ("stopterm"), "SIGTERM: no report", "%s", "one was put in "
	 "place");

  run_dump (&r, NULL, earlier);
  check_int ("SIGINT: an earlier report", 0, r.status);
  run_free (&r);
  before = report_file ("stopint", "index.html");
  pid = start_paused ("stopint", &err);
  if (pid)
    check_stopped ("SIGINT", "stopint", pid, err, SIGINT);
  after = report_file ("stopint", "index.html");
  check (strcmp (before, after) == 0 && strstr (after, "fn-fig1.html"),
	 "SIGINT: the earlier report left as it was", "%s",
	 "its index changed");
  check (!scratch_has ("stopint\\.old-"), "SIGINT: no .old- directory",
	 "%s", "one is left");
  free (before);
  free (after);
}

/* Check that the parts FIRST, SECOND... (NULL-terminated) of TEXT come
   in that order.  */

static void
check_order (const char *what, const char *text, ...)
{
  va_list ap;
  const char *at = text, *part, *prev = "the start";

  va_start (ap, text);
  while ((part = va_arg (ap, const char *)))
    {
      const char *found = strstr (at, part);
      check (found != NULL, what, "'%s' not after %s", part, prev);
      if (!found)
	break;
      at = found + strlen (part);
      prev = part;
    }
  va_end (ap);
}

/* An untimed report has no time column (the report of test_index).  */

static void
test_untimed_has_no_time (void)
{
  char *index = report_file ("rep", "index.html");
  char *fig1 = report_file ("rep", "fn-fig1.html");

  check_lacks ("untimed: no time card", index, "total-time");
  check_lacks ("untimed: no time column in the index", index, "time (");
  check_lacks ("untimed: no time cell in the index", index, "num time");
  check_lacks ("untimed: no time column on a function page", fig1,
	       "time (");
  check_lacks ("untimed: no time in the JSON", fig1, "\"time\"");
  check_lacks ("untimed: no time card on a function page", fig1,
	       "id=\"time\"");
  free (index);
  free (fig1);
}

/* Times per path (timed.pathprof): the columns of every table with the
   values worked out at the top of this file, the totals, and the
   ranking with --sort=time.  */

static void
test_times (void)
{
  run_result r;
  const char *by_count[] = { "--html", "-o", "@tim", "@timed.pathprof",
			     NULL };
  const char *by_time[] = { "--html", "--sort=time", "-o", "@timsort",
			    "@timed.pathprof", NULL };
  const char *untimed[] = { "--html", "--sort=time", "-o", "@nosort",
			    "@a.pathprof", NULL };
  char *index, *fig1, *src;

  write_timed_fixture ();
  run_dump (&r, NULL, by_count);
  check_int ("times: exit status", 0, r.status);
  check_str ("times: nothing on stderr", "", r.err);
  run_free (&r);
  index = report_file ("tim", "index.html");
  check_contains ("times: total", index, "id=\"total-time\">5 ms<");
  check_contains ("times: total's unit", index,
		  "(unit: <span class=\"unit\">s</span>)");
  check_contains ("times: function table header", index,
		  "data-sort=\"num\" title=\"the time of all the function's "
		  "paths, start to end, callees included\">time (s)</th>");
  check_contains ("times: fig1's time and share", index,
		  "<td class=\"num time\" data-v=\"0.005\">5 ms</td>"
		  "<td class=\"num time\" data-v=\"1\">100.00%</td>");
  check_contains ("times: helper has none", index,
		  "<td class=\"num time\" data-v=\"-1\">-</td>"
		  "<td class=\"num time\" data-v=\"-1\">-</td>");
  /* Hottest paths by count: path 2 first, then 0, 3, 5.  */
  check_contains ("times: hottest path's time columns", index,
		  "<tr><td class=\"num\">1</td><td class=\"num\">1000</td>"
		  "<td class=\"num\">50.00%</td><td class=\"num\">50.00%</td>"
		  "<td class=\"num time\">500 us</td><td class=\"num time\">"
		  "500 ns</td><td class=\"num time\">10.00%</td>");
  check_contains ("times: hottest paths' header", index,
		  ">time (s)</th><th class=\"num time\" title=\"time per "
		  "execution\">time/exec</th>");
  check_order ("times: hottest paths by count", index, "Hottest paths",
	       "#path=f0p2", "#path=f0p0", "#path=f0p3", "#path=f0p5",
	       (char *) NULL);
  free (index);
  fig1 = report_file ("tim", "fn-fig1.html");
  check_contains ("times: fig1 path 3's row", fig1,
		  "<td>3<td>250"
		  "<td>12.50%<td class=\"num time\">2.5 ms"
		  "</td><td class=\"num time\">10 us</td><td class=\"num "
		  "time\">50.00%</td>");
  check_contains ("times: fig1 path 0's row", fig1,
		  "<td>2<td>500"
		  "<td>25.00%<td class=\"num time\">1 ms"
		  "</td><td class=\"num time\">2 us</td><td class=\"num "
		  "time\">20.00%</td>");
  check_contains ("times: fig1 path 3's JSON", fig1,
		  "\"f0p3\":{\"fn\":0,\"rank\":3,\"count\":250,"
		  "\"time\":\"2.5 ms\",\"time_per_exec\":\"10 us\","
		  "\"blocks\":[");
  check_contains ("times: fig1's time card", fig1,
		  "id=\"time\">5 ms</div><div class=\"sub\">100.00% of all "
		  "measured time");
  check_order ("times: fig1's paths by count", fig1, "data-path=f0p2>",
	       "data-path=f0p0>", "data-path=f0p3>",
	       "data-path=f0p5>", (char *) NULL);
  free (fig1);
  src = report_file ("tim", "src-src_fig1.c.html");
  check_contains ("times: source page's path 5", src,
		  "<td>12.50%<td class=\"num time\">1 ms"
		  "</td><td class=\"num time\">4 us</td><td class=\"num "
		  "time\">20.00%</td>");
  free (src);

  /* --sort=time: 3, 0, 5, 2 everywhere; cumul adds time shares.  */
  run_dump (&r, NULL, by_time);
  check_int ("--sort=time: exit status", 0, r.status);
  check_str ("--sort=time: nothing on stderr", "", r.err);
  run_free (&r);
  index = report_file ("timsort", "index.html");
  check_contains ("--sort=time: heading", index,
		  "<h2>Paths that took the most time</h2>");
  check_contains ("--sort=time: first path", index,
		  "<tr><td class=\"num\">1</td><td class=\"num\">250</td>"
		  "<td class=\"num\">12.50%</td><td class=\"num\">50.00%</td>"
		  "<td class=\"num time\">2.5 ms</td>");
  check_contains ("--sort=time: cumul of time shares", index,
		  "<tr><td class=\"num\">2</td><td class=\"num\">500</td>"
		  "<td class=\"num\">25.00%</td><td class=\"num\">70.00%</td>");
  check_order ("--sort=time: hottest paths by time", index,
	       "most time</h2>", "#path=f0p3", "#path=f0p0", "#path=f0p5",
	       "#path=f0p2", (char *) NULL);
  check_contains ("--sort=time: fig1's costliest path in its cell", index,
		  "<span class=\"time\">2.5 ms</span> <span class=\"share\">"
		  "50.00%</span>");
  free (index);
  fig1 = report_file ("timsort", "fn-fig1.html");
  check_order ("--sort=time: fig1's paths by time", fig1,
	       "data-path=f0p3>", "data-path=f0p0>",
	       "data-path=f0p5>", "data-path=f0p2>", (char *) NULL);
  check_contains ("--sort=time: path 3 ranked first", fig1,
		  "\"f0p3\":{\"fn\":0,\"rank\":1,");
  free (fig1);

  /* Nothing to rank by: an input problem, and no report.  */
  run_dump (&r, NULL, untimed);
  check_int ("--sort=time without times: exit status", 1, r.status);
  check_contains ("--sort=time without times: message", r.err,
		  "no time per path to sort by");
  check (!exists ("nosort"), "--sort=time without times: no report", "%s",
	 "written");
  run_free (&r);
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

/* How many times NEEDLE occurs in TEXT (NULL: 0).  */

static int
count_occurrences (const char *text, const char *needle)
{
  int n = 0;

  for (const char *at = text; at && (at = strstr (at, needle)); at++)
    n++;
  return n;
}

/* A source page lists HTML_SOURCE_PATHS (10) paths of a function and
   links to its page, which lists -n of them (default 100): fan, a
   switch to 12 cases, each run a different number of times.  */

static void
test_source_page_paths (void)
{
  static char *files[] = { "fan.c" };
  static ppf_line lines[15];
  static ppf_block blocks[15];
  static ppf_edge edges[1 + 12 + 12];
  static ppf_count counts[12];
  const char *args[] = { "--html", "-o", "@fan", "@fan.pathprof", NULL };
  fixture_function fn;
  uint32_t ne = 0;
  run_result r;
  char *page;

  blocks[0] = (ppf_block) { 0, 0, NULL };
  blocks[1] = (ppf_block) { 1, 0, NULL };
  for (uint32_t b = 2; b < 15; b++)
    {
      lines[b] = (ppf_line) { 0, 10 + b };
      blocks[b] = (ppf_block) { b, 1, &lines[b] };
    }
  edges[ne++] = (ppf_edge) { 0, 2, PPF_EDGE_REAL, 0, 2, 0 };
  for (uint32_t c = 0; c < 12; c++)
    edges[ne++] = (ppf_edge) { 2, 3 + c, PPF_EDGE_REAL, 2, 3 + c, c };
  for (uint32_t c = 0; c < 12; c++)
    {
      edges[ne++] = (ppf_edge) { 3 + c, 1, PPF_EDGE_REAL, 3 + c, 1, 0 };
      counts[c] = (ppf_count) { c, 100 + c, 0 };
    }
  fixture (&fn, "fan", files, 1, 11, 12, blocks, 15, edges, ne, counts, 12);
  write_profile (test_path ("fan.pathprof"), "fan.c", 1, &fn, 1);
  run_dump (&r, NULL, args);
  check_int ("source page paths: exit status", 0, r.status);
  run_free (&r);
  page = report_file ("fan", "src-fan.c.html");
  check_int ("source page: the 10 hottest paths", 10,
	     count_occurrences (page, "<tr class=path "));
  check_contains ("source page: the rest on the function's page", page,
		  "2 more executed paths on <a href=\"fn-fan.html\">");
  free (page);
  page = report_file ("fan", "fn-fan.html");
  check_int ("function page: every path", 12,
	     count_occurrences (page, "<tr class=path "));
  free (page);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_escape_fixture ();
  write_fig1_source ("", "\n");
  test_index ();
  test_untimed_has_no_time ();
  test_source_page ();
  test_source_page_paths ();
  test_line_ends ("CRLF source", "crlf", "\r\n");
  test_line_ends ("CR source", "cr", "\r");
  test_escaping_and_caps ();
  test_picture ();
  test_page_sizes ();
  test_times ();
  test_many_pages ();
  test_batch_pictures ();
  test_too_large ();
  test_picked_pictures ();
  test_stop_signals ();
  test_output_dir ();
  return unit_test_report ();
}
