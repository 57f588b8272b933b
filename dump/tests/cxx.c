/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump on what C++ code brings (issue 26): paths that end by
   an exception, counted apart in every coverage figure and labelled for
   what they are, in the text and in the CFG picture; names that never
   read alike (variants, copies, long templates), -f by the function's
   name and not its return type, --unit to pick one copy.

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

#include <glob.h>

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

/* y.pathprof (unit "src/y.cc"): one-block functions (ENTRY -> 2 ->
   EXIT, one path) whose names C++ makes hard to tell apart, counts 90
   down to 20 in this order, then T::TestBody(), truncated:

     Base::~Base() [D0] and [D2]     _ZN4BaseD0Ev, _ZN4BaseD2Ev
     Base::Base(int) [C1] and [C2]   _ZN4BaseC1Ei, _ZN4BaseC2Ei
     two __normal_iterator<...>::base() const, over Marker* and Marker
       const*: 117 and 123 columns that differ at column 37 only
     NS::Cls::push(int)              a member of NS::Cls
     std::copy<...>(...)             displayed with its return type,
				     "NS::Cls::Marker* std::copy<...>"

   T::TestBody(): blocks 2 and 3 on line 34, 4 on 36; CFG 2 -> 3 -> 4,
   both edges cut.  DAG: ENTRY->2 0, ENTRY->3 (cut 2->3) 1, ENTRY->4
   (cut 3->4) 2; 2->EXIT (cut 2->3) 0, 3->EXIT (cut 3->4) 0, 4->EXIT 0.
   Paths 0 entry 2 cut, 1 cut 3 cut, 2 cut 4 return, each once.

   z1.pathprof and z2.pathprof (units "z1.cc", "z2.cc"): the same
   template, "int twice<int>(int)" (_Z5twiceIiET_S0_), one copy each,
   counts 7 and 3.  */

#define ITERATOR(T)							\
  "__gnu_cxx::__normal_iterator<" T ", std::vector<NS::Cls::Marker, "	\
  "std::allocator<NS::Cls::Marker> > >::base() const"

static const struct
{
  const char *name, *display;
} one_block_names[] = {
  { "_ZN4BaseD0Ev", "Base::~Base()" },
  { "_ZN4BaseD2Ev", "Base::~Base()" },
  { "_ZN4BaseC1Ei", "Base::Base(int)" },
  { "_ZN4BaseC2Ei", "Base::Base(int)" },
  { "_ZNK9__gnu_cxx17__normal_iteratorIPN2NS3Cls6MarkerEE4baseEv",
    ITERATOR ("NS::Cls::Marker*") },
  { "_ZNK9__gnu_cxx17__normal_iteratorIPKN2NS3Cls6MarkerEE4baseEv",
    ITERATOR ("NS::Cls::Marker const*") },
  { "_ZN2NS3Cls4pushEi", "NS::Cls::push(int)" },
  { "_ZSt4copyIPN2NS3Cls6MarkerEET_S4_",
    "NS::Cls::Marker* std::copy<NS::Cls::Marker*>(NS::Cls::Marker*)" }
};
#define ONE_BLOCK COUNT (one_block_names)

static char *y_files[] = { "src/y.cc" };
static ppf_line one_lines[ONE_BLOCK][1];
static ppf_block one_blocks[ONE_BLOCK][3];
static ppf_count one_counts[ONE_BLOCK][1];
static ppf_edge one_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 1, PPF_EDGE_REAL, 2, 1, 0 }
};

static ppf_line cut_l2[] = { { 0, 34 } };
static ppf_line cut_l4[] = { { 0, 36 } };
static ppf_block cut_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, cut_l2 }, { 3, 1, cut_l2 },
  { 4, 1, cut_l4 }
};
static ppf_edge cut_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 3, PPF_EDGE_CUT_ENTRY, 2, 3, 1 },
  { 0, 4, PPF_EDGE_CUT_ENTRY, 3, 4, 2 },
  { 2, 1, PPF_EDGE_CUT_EXIT, 2, 3, 0 }, { 3, 1, PPF_EDGE_CUT_EXIT, 3, 4, 0 },
  { 4, 1, PPF_EDGE_REAL, 4, 1, 0 }
};
static const ppf_count cut_counts[] = { { 0, 1 }, { 1, 1 }, { 2, 1 } };

/* Fill FN with a one-block function of y.pathprof, number K: its block
   on line 10 + K, its count 90 - 10 K.  */

static void
fixture_one_block (fixture_function *fn, size_t k)
{
  fixture_meta (&fn->meta, one_block_names[k].name,
		one_block_names[k].display, 0, 10 + k, 1);
  one_lines[k][0] = (ppf_line) { 0, 10 + (uint32_t) k };
  one_blocks[k][0] = (ppf_block) { 0, 0, NULL };
  one_blocks[k][1] = (ppf_block) { 1, 0, NULL };
  one_blocks[k][2] = (ppf_block) { 2, 1, one_lines[k] };
  one_counts[k][0] = (ppf_count) { 0, 90 - 10 * k };
  fn->meta.num_files = COUNT (y_files);
  fn->meta.files = y_files;
  fn->meta.num_blocks = 3;
  fn->meta.blocks = one_blocks[k];
  fn->meta.num_edges = COUNT (one_edges);
  fn->meta.edges = one_edges;
  fn->counts = one_counts[k];
  fn->num_counts = 1;
}

/* Write x.pathprof, y.pathprof, z1.pathprof and z2.pathprof.  */

static void
write_cxx_fixtures (void)
{
  fixture_function fns[ONE_BLOCK + 1];
  static const ppf_count twice_counts[2][1] = { { { 0, 7 } }, { { 0, 3 } } };

  fixture_scan (&fns[0]);
  write_profile (test_path ("x.pathprof"), "x.cc", 1, fns, 1);

  for (size_t k = 0; k < ONE_BLOCK; k++)
    fixture_one_block (&fns[k], k);
  fixture_meta (&fns[ONE_BLOCK].meta, "_ZN1T8TestBodyEv", "T::TestBody()",
		0, 33, 3);
  fns[ONE_BLOCK].meta.flags = PPF_FN_TRUNCATED;
  fns[ONE_BLOCK].meta.num_files = COUNT (y_files);
  fns[ONE_BLOCK].meta.files = y_files;
  fns[ONE_BLOCK].meta.num_blocks = COUNT (cut_blocks);
  fns[ONE_BLOCK].meta.blocks = cut_blocks;
  fns[ONE_BLOCK].meta.num_edges = COUNT (cut_edges);
  fns[ONE_BLOCK].meta.edges = cut_edges;
  fns[ONE_BLOCK].counts = cut_counts;
  fns[ONE_BLOCK].num_counts = COUNT (cut_counts);
  write_profile (test_path ("y.pathprof"), "src/y.cc", 1, fns,
		 ONE_BLOCK + 1);

  for (int k = 0; k < 2; k++)
    {
      fixture_one_block (&fns[0], 0);
      fns[0].meta.name = "_Z5twiceIiET_S0_";
      fns[0].meta.display_name = "int twice<int>(int)";
      fns[0].counts = twice_counts[k];
      write_profile (test_path (k ? "z2.pathprof" : "z1.pathprof"),
		     k ? "z2.cc" : "z1.cc", 1, fns, 1);
    }
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

/* --html: the coverage cards of the index and of the function's page
   put the exception exits apart as --coverage does.  */

static void
test_exception_html (void)
{
  static const char *const args[] = { "--html", "-o", "@xrep",
				      "@x.pathprof", NULL };
  static const char *const want = "of which <span class=\"exits\">2</span> "
    "exception exits (1 executed); without them, <span class=\"others\">1 "
    "of 2</span> executed (50.00%)";
  run_result r;
  glob_t pages;
  char pattern[4096];
  char *page;

  run_ok ("--html", &r, args);
  run_free (&r);
  page = read_bytes (test_path ("xrep/index.html"), NULL);
  check_contains ("--html index: exception exits apart", page, want);
  free (page);
  snprintf (pattern, sizeof pattern, "%s", test_path ("xrep/fn-*.html"));
  if (glob (pattern, 0, NULL, &pages) != 0 || pages.gl_pathc != 1)
    {
      check (false, "--html: one function page", "%s", "not one fn-*.html");
      return;
    }
  page = read_bytes (pages.gl_pathv[0], NULL);
  check_contains ("--html function page: exception exits apart", page, want);
  free (page);
  globfree (&pages);
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

/* The function column: as wide as -w allows (here 83 columns, not 32),
   each name elided in the middle so that its end shows; the variants of
   a constructor or destructor by their code, the copies of a template
   by their unit, the template without its return type.  At the default
   width the two iterators, cut alike by their ends, show where they
   differ; at 70 columns they can only be numbered, with a legend.  */

static void
test_names_text (void)
{
  static const char *const wide[] = { "--ascii", "-w", "200", "@y.pathprof",
				      "@z1.pathprof", "@z2.pathprof", NULL };
  static const char *const normal[] = { "--ascii", "@y.pathprof", NULL };
  static const char *const narrow[] = { "--ascii", "-w", "70",
					"@y.pathprof", NULL };
  run_result r;

  run_ok ("-w 200", &r, wide);
  check_contains ("-w 200: D0", r.out, "  Base::~Base() [D0]      ");
  check_contains ("-w 200: D2", r.out, "  Base::~Base() [D2]      ");
  check_contains ("-w 200: C1", r.out, "  Base::Base(int) [C1]    ");
  check_contains ("-w 200: C2", r.out, "  Base::Base(int) [C2]    ");
  check_contains ("-w 200: the first iterator", r.out,
		  "  __gnu_cxx::__normal_iterator<NS::Cls::Marker*, "
		  "std::vector<NS::Cls...::base() const  [entry]");
  check_contains ("-w 200: the second iterator", r.out,
		  "  __gnu_cxx::__normal_iterator<NS::Cls::Marker const*, "
		  "std::vector<N...::base() const  [entry]");
  check_contains ("-w 200: the template without its return type", r.out,
		  "  std::copy<NS::Cls::Marker*>(NS::Cls::Marker*)    ");
  check_contains ("-w 200: one copy of twice", r.out,
		  "  twice<int>(int) (z1.cc)    ");
  check_contains ("-w 200: the other copy", r.out,
		  "  twice<int>(int) (z2.cc)    ");
  check_lacks ("-w 200: no legend", r.out, "Names cut alike");
  run_free (&r);

  run_ok ("default width", &r, normal);
  check_contains ("default width: the first iterator", r.out,
		  "  __g...ker*, std:...::base() const  [entry] y.cc:14 ");
  check_contains ("default width: the second iterator", r.out,
		  "  __g...ker const*...::base() const  [entry] y.cc:15 ");
  check_lacks ("default width: no legend", r.out, "Names cut alike");
  run_free (&r);

  run_ok ("-w 70", &r, narrow);
  check_contains ("-w 70: the first iterator numbered", r.out,
		  "  __...onst #1  [entry] y.cc:14 ");
  check_contains ("-w 70: the second iterator numbered", r.out,
		  "  __...onst #2  [entry] y.cc:15 ");
  check_contains ("-w 70: the legend", r.out,
		  "\nNames cut alike above, in full:\n  #1  "
		  ITERATOR ("NS::Cls::Marker*") "\n  #2  "
		  ITERATOR ("NS::Cls::Marker const*") "\n");
  check_contains ("-w 70: the truncation note", r.out,
		  "Truncated:   T::TestBody(): cut at y.cc:34 (bb2->bb3), "
		  "y.cc:34 (bb3->bb4)\n");
  run_free (&r);
}

/* --coverage names the variants too, and elides in the middle.  */

static void
test_names_coverage (void)
{
  static const char *const args[] = { "--coverage", "--ascii",
				      "@y.pathprof", NULL };
  run_result r;

  run_ok ("--coverage", &r, args);
  check_contains ("--coverage: D0", r.out,
		  "100.00%  Base::~Base() [D0]                        "
		  "y.cc:10\n");
  check_contains ("--coverage: D2", r.out,
		  "100.00%  Base::~Base() [D2]                        "
		  "y.cc:11\n");
  check_contains ("--coverage: the iterators apart", r.out,
		  "100.00%  __gnu...arker*, std::ve...::base() const  "
		  "y.cc:14\n");
  check_contains ("--coverage: the iterators apart (2)", r.out,
		  "100.00%  __gnu...arker const*, s...::base() const  "
		  "y.cc:15\n");
  run_free (&r);
}

/* --json gives each function its unit and its label, and keeps its
   name as recorded.  */

static void
test_names_json (void)
{
  static const char *const args[] = { "--json", "-f", "Base::~Base()*",
				      "-f", "twice*", "@y.pathprof",
				      "@z1.pathprof", "@z2.pathprof", NULL };
  run_result r;

  run_ok ("--json", &r, args);
  check_contains ("--json: D0", r.out,
		  "\"name\": \"Base::~Base()\",\n      \"assembler_name\": "
		  "\"_ZN4BaseD0Ev\",");
  check_contains ("--json: D0's unit and label", r.out,
		  "\"unit\": \"src/y.cc\",\n"
		  "      \"current_working_directory\": null,\n"
		  "      \"label\": "
		  "\"Base::~Base() [D0]\",\n");
  check_contains ("--json: D2's label", r.out,
		  "\"label\": \"Base::~Base() [D2]\",\n");
  check_contains ("--json: twice's name as recorded", r.out,
		  "\"name\": \"int twice<int>(int)\",\n");
  check_contains ("--json: a copy's unit and label", r.out,
		  "\"unit\": \"z2.cc\",\n"
		  "      \"current_working_directory\": null,\n"
		  "      \"label\": "
		  "\"twice<int>(int) (z2.cc)\",\n");
  run_free (&r);
}

/* -f matches the qualified name, not the return type: 'NS::Cls::*'
   finds push, not std::copy, which 'std::copy*' finds; the whole
   display name and the label as written are exact names too.  */

static void
test_function_patterns (void)
{
  static const struct
  {
    const char *pattern, *tsv;
  } cases[] = {
    { "NS::Cls::*", "NS::Cls::push(int)\t0\t30\t" },
    { "std::copy*", "NS::Cls::Marker* std::copy<NS::Cls::Marker*>"
		    "(NS::Cls::Marker*)\t0\t20\t" },
    { "NS::Cls::Marker* std::copy<NS::Cls::Marker*>(NS::Cls::Marker*)",
      "NS::Cls::Marker* std::copy<NS::Cls::Marker*>(NS::Cls::Marker*)"
      "\t0\t20\t" },
    /* FUNCTION tells the variants apart as the label does.  */
    { "Base::~Base() [D2]", "Base::~Base() [D2]\t0\t80\t" },
    { "_ZN4BaseC2Ei", "Base::Base(int) [C2]\t0\t60\t" },
  };
  run_result r;

  for (size_t i = 0; i < COUNT (cases); i++)
    {
      const char *args[] = { "--tsv", "-f", cases[i].pattern, "@y.pathprof",
			     NULL };
      char what[160];
      snprintf (what, sizeof what, "-f '%s'", cases[i].pattern);
      run_ok (what, &r, args);
      snprintf (what, sizeof what, "-f '%s': one function", cases[i].pattern);
      check_int (what, 1, count_lines (r.out));
      snprintf (what, sizeof what, "-f '%s': the one", cases[i].pattern);
      check_contains (what, r.out, cases[i].tsv);
      run_free (&r);
    }
}

/* --dot picks one copy with --unit, or one variant by its label or
   assembler name; when -f selects several it says how to pick one.
   --unit alone selects a unit's functions; one that names no unit is
   reported.  */

static void
test_units (void)
{
  static const char *const both[] = { "--dot", "-f", "twice*",
				      "@z1.pathprof", "@z2.pathprof", NULL };
  static const char *const z2[] = { "--dot", "-f", "twice*", "--unit=z2.cc",
				    "@z1.pathprof", "@z2.pathprof", NULL };
  static const char *const z1[] = { "--dot", "-f", "twice*",
				    "--unit=z1.pathprof", "@z1.pathprof",
				    "@z2.pathprof", NULL };
  static const char *const d2[] = { "--dot", "-f", "_ZN4BaseD2Ev",
				    "@y.pathprof", NULL };
  static const char *const y[] = { "--ascii", "--unit=src/y.cc",
				   "@y.pathprof", "@z1.pathprof",
				   "@z2.pathprof", NULL };
  static const char *const none[] = { "-f", "twice*", "--unit=nope",
				      "@z1.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, both);
  check_int ("--dot, two copies: exit status", 1, r.status);
  check_contains ("--dot, two copies: the first", r.err,
		  "\n  twice<int>(int) (z1.cc) (assembler name "
		  "_Z5twiceIiET_S0_, unit z1.cc, in ");
  check_contains ("--dot, two copies: the second", r.err,
		  "\n  twice<int>(int) (z2.cc) (assembler name "
		  "_Z5twiceIiET_S0_, unit z2.cc, in ");
  check_contains ("--dot, two copies: how to pick one", r.err,
		  "or with --unit=FILE");
  run_free (&r);

  run_ok ("--dot --unit=z2.cc", &r, z2);
  check_contains ("--dot --unit=z2.cc: z2's copy", r.out,
		  "digraph \"twice<int>(int) (z2.cc)\" {\n");
  run_free (&r);
  run_ok ("--dot --unit=z1.pathprof", &r, z1);
  check_contains ("--dot --unit=z1.pathprof: z1's copy", r.out,
		  "digraph \"twice<int>(int) (z1.cc)\" {\n");
  run_free (&r);
  run_ok ("--dot -f _ZN4BaseD2Ev", &r, d2);
  check_contains ("--dot -f _ZN4BaseD2Ev: the base destructor", r.out,
		  "digraph \"Base::~Base() [D2]\" {\n");
  run_free (&r);

  run_ok ("--unit=src/y.cc", &r, y);
  check_str ("--unit=src/y.cc: its functions",
	     "Functions:   9 selected of 11, 9 executed", line_of (r.out, 1));
  run_free (&r);

  run_dump (&r, NULL, none);
  check_int ("--unit=nope: exit status", 1, r.status);
  check_contains ("--unit=nope: said", r.err,
		  "pathprof-dump: no translation unit matches 'nope'\n");
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
  test_exception_html ();
  test_exception_dot ();
  test_names_text ();
  test_names_coverage ();
  test_names_json ();
  test_function_patterns ();
  test_units ();
  return unit_test_report ();
}
