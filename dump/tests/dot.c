/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --dot (dump/dot.c): the CFG of one function as DOT, and
   rendered by Graphviz when it is installed.

   On the fixtures of dump-test.h: a.pathprof's fig1 (Figure 1, blocks
   A..F = 2..7) ran ACDEF 500, ABCDEF 1000, ABCDF 250, ABDF 250, so its
   edges count A->B 1500, A->C 500, B->C 1250, B->D 250, C->D 1750,
   D->E 1500, D->F 500, E->F 1500, and the paths rank ABCDEF (1000,
   50.00% of 2000), ACDEF (500), ABCDF (250, path 3 before path 5);
   d.pathprof's chain of 63 diamonds (190 blocks) is collapsed; "helper"
   is in both a.pathprof and c.pathprof.  Bad input: no -f, several or
   no functions, an unknown format, too many paths, an unwritable -o,
   and no Graphviz on PATH.  */

#include "dump-test.h"

#include <fcntl.h>

/* The line of TEXT that holds ID="ID" (a node's or edge's id), in a
   static buffer; "" if none.  */

static const char *
line_with_id (const char *text, const char *id)
{
  char key[128];
  const char *p;

  snprintf (key, sizeof key, "[id=\"%s\"", id);
  p = strstr (text, key);
  if (!p)
    return "";
  while (p > text && p[-1] != '\n')
    p--;
  return line_of (p, 0);
}

/* Whether dot is on PATH.  */

static bool
have_dot (void)
{
  const char *path = getenv ("PATH");
  char buf[4096];

  for (const char *p = path ? path : ""; *p;)
    {
      size_t n = strcspn (p, ":");
      snprintf (buf, sizeof buf, "%.*s/dot", (int) n, p);
      if (n && access (buf, X_OK) == 0)
	return true;
      p += n + (p[n] == ':');
    }
  return false;
}

/* Whether TEXT is well-formed XML as far as its elements go: every start
   tag closed in order, one root.  Comments, declarations, processing
   instructions and CDATA are skipped; attribute values may hold '>'.  */

static bool
xml_balanced (const char *text, char *why, size_t whylen)
{
  const char *stack[256];
  size_t depth = 0, roots = 0;

  for (const char *p = text; (p = strchr (p, '<'));)
    {
      if (strncmp (p, "<!--", 4) == 0)
	{
	  p = strstr (p, "-->");
	  if (!p)
	    return snprintf (why, whylen, "unterminated comment"), false;
	  p += 3;
	  continue;
	}
      if (p[1] == '?' || p[1] == '!')
	{
	  p = strchr (p, '>');
	  if (!p)
	    return snprintf (why, whylen, "unterminated declaration"), false;
	  p++;
	  continue;
	}
      if (p[1] == '/')
	{
	  size_t n = strcspn (p + 2, " \t\n>");
	  if (depth == 0 || strncmp (stack[depth - 1], p + 2, n) != 0
	      || strcspn (stack[depth - 1], " \t\n/>") != n)
	    return snprintf (why, whylen, "unexpected </%.*s>", (int) n,
			     p + 2), false;
	  depth--;
	  p = strchr (p, '>');
	  if (!p)
	    return snprintf (why, whylen, "unterminated end tag"), false;
	  p++;
	  continue;
	}
      /* A start tag: find its end outside quoted values.  */
      const char *name = p + 1, *q = p + 1;
      char quote = 0;
      for (; *q && (quote || *q != '>'); q++)
	if (quote && *q == quote)
	  quote = 0;
	else if (!quote && (*q == '"' || *q == '\''))
	  quote = *q;
      if (!*q)
	return snprintf (why, whylen, "unterminated start tag"), false;
      if (q[-1] != '/')
	{
	  if (depth == 0)
	    roots++;
	  if (depth == 256)
	    return snprintf (why, whylen, "too deep"), false;
	  stack[depth++] = name;
	}
      else if (depth == 0)
	roots++;
      p = q + 1;
    }
  if (depth)
    return snprintf (why, whylen, "%zu elements not closed", depth), false;
  if (roots != 1)
    return snprintf (why, whylen, "%zu root elements", roots), false;
  return true;
}

/* The DOT of fig1: edge counts, branch-free labels (no detail section
   in the fixture), the hottest paths in colour, the legend.  */

static void
test_fig1 (void)
{
  static const struct
  {
    const char *id, *count;
  } edges[] = {
    { "e2_3", "1500" }, { "e2_4", "500" },  { "e3_4", "1250" },
    { "e3_5", "250" },  { "e4_5", "1750" }, { "e5_6", "1500" },
    { "e5_7", "500" },  { "e6_7", "1500" }, { "e0_2", "2000" },
  };
  static const char *const path1[] = { "p1_0_2", "p1_2_3", "p1_3_4",
				       "p1_4_5", "p1_5_6", "p1_6_7",
				       "p1_7_1" };
  const char *const args[] = { "--dot", "-f", "fig1", "@a.pathprof", NULL };
  char what[128], want[64];
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("fig1 --dot: exit status 0", 0, r.status);
  check_str ("fig1 --dot: nothing on stderr", "", r.err);
  check (strncmp (r.out, "digraph \"fig1\" {\n", 17) == 0,
	 "fig1 --dot: a digraph named after the function", "saw \"%s\"",
	 line_of (r.out, 0));
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
    {
      snprintf (what, sizeof what, "fig1 --dot: edge %s counts %s",
		edges[i].id, edges[i].count);
      snprintf (want, sizeof want, "label=\"%s\"", edges[i].count);
      check_contains (what, line_with_id (r.out, edges[i].id), want);
    }
  check_contains ("fig1 --dot: block A is node b2 with its lines and count",
		  r.out, "  b2 [id=\"b2\", label=\"3-4\\n2000\"");
  check_contains ("fig1 --dot: a line of another file is named",
		  r.out, "b6 [id=\"b6\", label=\"hdr.h:20\\n1500\"");
  for (size_t i = 0; i < sizeof path1 / sizeof path1[0]; i++)
    {
      snprintf (what, sizeof what, "fig1 --dot: path 1 (ABCDEF) has %s "
		"in the first colour", path1[i]);
      check_contains (what, line_with_id (r.out, path1[i]),
		      "class=\"path path1\", color=\"#D55E00\"");
    }
  check_str ("fig1 --dot: path 1 does not take A->C", "",
	     line_with_id (r.out, "p1_2_4"));
  check_contains ("fig1 --dot: path 2 (ACDEF) takes A->C in the second "
		  "colour", line_with_id (r.out, "p2_2_4"), "#0072B2");
  check_contains ("fig1 --dot: path 3 (ABCDF) takes D->F in the third "
		  "colour", line_with_id (r.out, "p3_5_7"), "#009E73");
  check_str ("fig1 --dot: three paths by default", "",
	     line_with_id (r.out, "p4_3_5"));
  check_contains ("fig1 --dot: B->C names the paths through it",
		  line_with_id (r.out, "e3_4"),
		  "class=\"cfg edge path1 path3\"");
  check_contains ("fig1 --dot: the legend gives path 1's count and share",
		  r.out, "<td>1</td><td align=\"right\">1000</td>"
		  "<td align=\"right\">50.00%</td>");
  check_contains ("fig1 --dot: the legend gives path 3's start and end",
		  r.out, "<td>3</td><td align=\"right\">250</td>"
		  "<td align=\"right\">12.50%</td><td align=\"left\">[entry] "
		  "-&gt; [return]</td>");
  run_free (&r);

  {
    const char *const none[] = { "--dot", "-k", "0", "-f", "fig1",
				 "@a.pathprof", NULL };
    run_dump (&r, NULL, none);
    check_int ("fig1 --dot -k 0: exit status 0", 0, r.status);
    check_lacks ("fig1 --dot -k 0: no path in colour", r.out, "class=\"path");
    check_contains ("fig1 --dot -k 0: still every edge",
		    line_with_id (r.out, "e4_5"), "label=\"1750\"");
    run_free (&r);
  }
}

/* -o FILE gets what stdout would; a directory that does not exist
   gives a message and exit 1.  */

static void
test_output (void)
{
  const char *const to_stdout[] = { "--dot", "-f", "fig1", "@a.pathprof",
				    NULL };
  const char *const to_file[] = { "--dot", "-f", "fig1", "-o", "@fig1.dot",
				  "@a.pathprof", NULL };
  const char *const bad[] = { "--dot", "-f", "fig1", "-o",
			      "@no-such-dir/fig1.dot", "@a.pathprof", NULL };
  run_result r, f;
  char *written;

  run_dump (&r, NULL, to_stdout);
  run_dump (&f, NULL, to_file);
  check_int ("-o FILE: exit status 0", 0, f.status);
  check_str ("-o FILE: nothing on stdout", "", f.out);
  written = read_bytes (test_path ("fig1.dot"), NULL);
  check_str ("-o FILE: the file holds the DOT", r.out,
	     written ? written : "(no file)");
  free (written);
  run_free (&r);
  run_free (&f);

  run_dump (&r, NULL, bad);
  check_int ("unwritable -o: exit status 1", 1, r.status);
  check_contains ("unwritable -o: the message names the file", r.err,
		  "cannot write '");
  check_contains ("unwritable -o: and says why", r.err,
		  "No such file or directory");
  run_free (&r);
}

/* Selecting not exactly one function, and usage errors.  */

static void
test_selection (void)
{
  static const struct
  {
    const char *label;
    const char *args[8];
    int status;
    const char *message;
  } cases[] = {
    { "unknown function", { "--dot", "-f", "nosuch", "@a.pathprof" }, 1,
      "no function matches 'nosuch'" },
    { "several functions",
      { "--dot", "-f", "helper", "@a.pathprof", "@c.pathprof" }, 1,
      "--dot draws one function, and -f selects 2" },
    { "no -f", { "--dot", "@a.pathprof" }, 2, "select it with -f FUNC" },
    { "unknown format", { "--dot=gif", "-f", "fig1", "@a.pathprof" }, 2,
      "unknown picture format 'gif'" },
    { "too many paths", { "--dot", "-k", "8", "-f", "fig1", "@a.pathprof" },
      2, "at most 7 paths" },
    { "-k without --dot", { "-k", "2", "@a.pathprof" }, 2,
      "go with --dot only" },
    { "-n with --dot", { "--dot", "-n", "2", "-f", "fig1", "@a.pathprof" },
      2, "-n and --all do not apply" },
    { "--dot and --json", { "--dot", "--json", "-f", "fig1", "@a.pathprof" },
      2, "exclude each other" },
  };
  char what[128];

  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      run_result r;
      run_dump (&r, NULL, cases[i].args);
      snprintf (what, sizeof what, "%s: exit status %d", cases[i].label,
		cases[i].status);
      check_int (what, cases[i].status, r.status);
      snprintf (what, sizeof what, "%s: the message says so",
		cases[i].label);
      check_contains (what, r.err, cases[i].message);
      snprintf (what, sizeof what, "%s: no picture", cases[i].label);
      check_str (what, "", r.out);
      run_free (&r);
    }
  {
    run_result r;
    const char *const both[] = { "--dot", "-f", "helper", "@a.pathprof",
				 "@c.pathprof", NULL };
    run_dump (&r, NULL, both);
    check_contains ("several functions: each is named with its file",
		    r.err, "helper (fig1.c) (assembler name helper");
    check_contains ("several functions: the other too", r.err,
		    "helper (two.c)");
    run_free (&r);
  }
}

/* A function of more blocks than --max-blocks: the coloured path's
   blocks and the hottest are drawn, the rest collapsed into nodes, and
   a note (and stderr) says so.  */

static void
test_collapse (void)
{
  const char *const small[] = { "--dot", "-k", "1", "--max-blocks=10", "-f",
				"chain", "@d.pathprof", NULL };
  const char *const all[] = { "--dot", "--max-blocks=0", "-f", "chain",
			      "@d.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, small);
  check_int ("collapsed: exit status 0", 0, r.status);
  check_contains ("collapsed: stderr says what was left out", r.err,
		  "chain: 190 blocks, more than 10: 127 drawn, 63 left out "
		  "as 63 nodes");
  check_contains ("collapsed: a note node says so too", r.out,
		  "190 blocks: 127 drawn");
  check_contains ("collapsed: the path's blocks are drawn", r.out,
		  "  b3 [id=\"b3\", label=\"1001\\n");
  check_lacks ("collapsed: the others are not", r.out, "  b4 [");
  check_contains ("collapsed: a left-out block is a grey node", r.out,
		  "h1 [id=\"h1\", shape=box3d, "
		  "label=\"1 block not shown\\nline 1002\\n"
		  "ran 5 times\"");
  check_contains ("collapsed: edges lead to it with their counts", r.out,
		  "b2 -> h1 [class=\"cfg edge collapsed\", label=\"5\"");
  run_free (&r);

  run_dump (&r, NULL, all);
  check_int ("--max-blocks=0: exit status 0", 0, r.status);
  check_str ("--max-blocks=0: nothing on stderr", "", r.err);
  check_lacks ("--max-blocks=0: nothing collapsed", r.out, "not shown");
  check_contains ("--max-blocks=0: every block drawn", r.out, "  b4 [");
  check_contains ("counts past 100000 are written short",
		  line_with_id (r.out, "e2_3"), "label=\"18.4E\"");
  check_contains ("and exactly in the tooltip",
		  line_with_id (r.out, "e2_3"), "18446744073709551615");
  run_free (&r);
}

/* --dot=svg and --dot=png through Graphviz, when it is installed; and
   what happens when it is not (an empty PATH).  */

static void
test_render (void)
{
  const char *const svg[] = { "--dot=svg", "-f", "fig1", "@a.pathprof",
			      NULL };
  const char *const png[] = { "--dot=png", "-f", "fig1", "-o", "@fig1.png",
			      "@a.pathprof", NULL };
  const char *const missing[] = { "--dot=svg", "-f", "fig1", "-o",
				  "@missing.svg", "@a.pathprof", NULL };
  char *saved_path = getenv ("PATH") ? strdup (getenv ("PATH")) : NULL;
  char why[256] = "";
  run_result r;

  if (have_dot ())
    {
      size_t size = 0;
      unsigned char *bytes;

      run_dump (&r, NULL, svg);
      check_int ("--dot=svg: exit status 0", 0, r.status);
      check_contains ("--dot=svg: an SVG document", r.out, "<svg");
      check (xml_balanced (r.out, why, sizeof why),
	     "--dot=svg: well-formed XML", "%s", why);
      check_contains ("--dot=svg: the edges keep their ids", r.out,
		      "id=\"p1_2_3\"");
      check_contains ("--dot=svg: and the paths' classes", r.out,
		      "class=\"edge cfg edge path1 path3\"");
      check_contains ("--dot=svg: and the nodes their ids", r.out,
		      "<g id=\"b2\" class=\"node block path1 path2 path3\">");
      run_free (&r);

      run_dump (&r, NULL, png);
      check_int ("--dot=png: exit status 0", 0, r.status);
      bytes = (unsigned char *) read_bytes (test_path ("fig1.png"), &size);
      check (bytes && size > 8
	     && memcmp (bytes, "\x89PNG\r\n\x1a\n", 8) == 0,
	     "--dot=png: a PNG file", "%zu bytes without the PNG signature",
	     size);
      free (bytes);
      run_free (&r);

      /* Names with a quote, a backslash, a control character and bytes
	 that are not UTF-8, and shares written "<0.01%" and ">99.99%":
	 each once made a DOT file Graphviz refused.  */
      for (int i = 0; i < 2; i++)
	{
	  const char *const odd[] = { "--dot=svg", "-f", i ? "we*" : "chain",
				      i ? "@e.pathprof" : "@d.pathprof",
				      NULL };
	  run_dump (&r, NULL, odd);
	  check_int (i ? "--dot=svg of a name with odd bytes: exit status 0"
		     : "--dot=svg with shares <0.01%, >99.99%: exit status 0",
		     0, r.status);
	  check (xml_balanced (r.out, why, sizeof why),
		 "--dot=svg of odd text: well-formed XML", "%s", why);
	  check (strstr (r.err, "Warning") == NULL,
		 "--dot=svg of odd text: Graphviz does not warn", "%s",
		 r.err);
	  if (i)
	    check_contains ("--dot=svg: a control character as \\xHH",
			    r.out, "\\x01");
	  else
	    check_contains ("--dot=svg: >99.99% as text", r.out,
			    "&gt;99.99%");
	  run_free (&r);
	}
    }
  else
    printf ("NOTE: Graphviz's dot is not installed: --dot=svg and "
	    "--dot=png not tested (apt-get install graphviz)\n");

  setenv ("PATH", "/nonexistent", 1);
  run_dump (&r, NULL, missing);
  check_int ("no dot: exit status 1", 1, r.status);
  check_contains ("no dot: the message says what to install", r.err,
		  "install the Debian package graphviz");
  check (access (test_path ("missing.svg"), F_OK) != 0,
	 "no dot: no half-made picture is left", "%s exists",
	 test_path ("missing.svg"));
  run_free (&r);

  /* -o naming what is not a regular file, a pipe here (as root, a
     device such as /dev/full): the picture failed, but what -o names is
     not removed.  A reader holds the pipe open, so that the open for
     writing does not wait.  */
  const char *const to_pipe[] = { "--dot=svg", "-f", "fig1", "-o",
				  "@picture.pipe", "@a.pathprof", NULL };
  char pipe_path[4096];
  struct stat st;
  snprintf (pipe_path, sizeof pipe_path, "%s", test_path ("picture.pipe"));
  unlink (pipe_path);
  int reader = mkfifo (pipe_path, 0600) == 0
	       ? open (pipe_path, O_RDONLY | O_NONBLOCK) : -1;
  check (reader >= 0, "no dot, -o a pipe: the pipe made", "%s",
	 strerror (errno));
  run_dump (&r, NULL, to_pipe);
  check_int ("no dot, -o a pipe: exit status 1", 1, r.status);
  check (stat (pipe_path, &st) == 0 && S_ISFIFO (st.st_mode),
	 "no dot, -o a pipe: the pipe is not removed", "%s is gone",
	 pipe_path);
  run_free (&r);
  if (reader >= 0)
    close (reader);
  if (saved_path)
    setenv ("PATH", saved_path, 1);
  free (saved_path);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  test_fig1 ();
  test_output ();
  test_selection ();
  test_collapse ();
  test_render ();
  return unit_test_report ();
}
