/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Branch outcomes in the paths pathprof-dump shows, from hand-made metas
   with the detail section (detail-fixtures.h): the text report's
   parentheses (a branch ends a step; its line given when it is not the
   step's last; several on one line share one), wrapping and
   --path-lines with them, --ascii; the TSV's BRANCHES field and its
   escaping; the JSON's per-block "stmts" and "branch"; and metas without
   detail, shown as before.  */

#include "detail-fixtures.h"

static const ppf_count shapes_counts[] = { { 3, 7 } };
static const ppf_count switchy_counts[] = { { 0, 5 }, { 3, 2 } };

/* Write g.pathprof: fig1 with detail (Prof1), shapes and switchy.  */

static void
write_detail_profile (void)
{
  fixture_function fns[3];

  fixture_fig1_detail (&fns[0], "fig1", fig1d_prof1, COUNT (fig1d_prof1));
  fixture_shapes (&fns[1], shapes_counts, COUNT (shapes_counts));
  fixture_switchy (&fns[2], switchy_counts, COUNT (switchy_counts));
  write_profile (test_path ("g.pathprof"), "src/fig1.c", 1, fns, 3);
}

/* The text report: every rule on one wide line per path.  */

static void
test_text (void)
{
  static const char *const args[] = { "-w", "0", "--all", "@g.pathprof",
				      NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("text: exit status", 0, r.status);
  check_contains ("text: if/else outcomes end steps", r.out,
		  "[entry] fig1.c:3-4 (true) -> 5 (false) -> 6-8 (true) -> "
		  "hdr.h:20 -> fig1.c:10-11 [return]");
  check_contains ("text: a false branch skips lines", r.out,
		  "[entry] fig1.c:3-4 (false) -> 6-8 (false) -> 10-11 "
		  "[return]");
  check_contains ("text: the branch's line when not the step's last",
		  r.out, "[entry] shapes.c:40 -> 45 (40: false) -> 41 (false) "
		  "-> 44 [return]");
  check_contains ("text: a && b on one line share a parenthesis; a "
		  "label with a comma", r.out,
		  "[entry] sw.c:50 (case 1 ... 5, 7) -> 51 (true, true) -> "
		  "52 -> 55 [return]");
  check_contains ("text: default", r.out,
		  "[entry] sw.c:50 (default) -> 54-55 [return]");
  run_free (&r);
}

/* Wrapping and --path-lines count a step with its outcome as one.  */

static void
test_wrap_and_cut (void)
{
  static const char *const args[] = { "-w", "90", "--path-lines=1", "-n",
				      "1", "@g.pathprof", NULL };
  static const char *const wrap[] = { "-w", "80", "-n", "1", "@g.pathprof",
				      NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_contains ("--path-lines=1: steps with outcomes are counted", r.out,
		  "[entry] fig1.c:3-4 (true) ... +4 more [return]");
  run_free (&r);
  run_dump (&r, NULL, wrap);
  check_contains ("wrap: a step and its outcome stay together", r.out,
		  "-> 6-8 (true)");
  check_lacks ("wrap: never between a step and its outcome", r.out,
	       "6-8\n");
  run_free (&r);
}

/* In a UTF-8 locale the arrows change, the outcomes do not; --ascii.  */

static void
test_ascii (void)
{
  static const char *const args[] = { "-w", "0", "-n", "1", "--ascii",
				      "@g.pathprof", NULL };
  run_result r;

  run_dump (&r, "C.UTF-8", args);
  check_contains ("--ascii: outcomes and arrows", r.out,
		  "fig1.c:3-4 (true) -> 5 (false)");
  for (const char *p = r.out; *p; p++)
    if ((unsigned char) *p >= 0x80)
      {
	check (0, "--ascii: ASCII only", "byte 0x%02x in the output",
	       (unsigned char) *p);
	break;
      }
  run_free (&r);
}

/* The TSV's seventh field.  */

static void
test_tsv (void)
{
  static const char *const args[] = { "--tsv", "@g.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_str ("--tsv: BRANCHES",
	     "fig1\t0\t60\tentry\treturn\t3 4 6 7 8 include/hdr.h:20 10 11\t"
	     "4:false 8:true\n"
	     "fig1\t1\t90\tentry\treturn\t3 4 6 7 8 10 11\t4:false 8:false\n"
	     "fig1\t2\t100\tentry\treturn\t3 4 5 6 7 8 include/hdr.h:20 10 "
	     "11\t4:true 5:false 8:true\n"
	     "fig1\t5\t20\tentry\treturn\t3 4 5 8 10 11\t4:true 5:true "
	     "8:false\n"
	     "shapes\t3\t7\tentry\treturn\t40 45 41 44\t40:false 41:false\n"
	     "switchy\t0\t5\tentry\treturn\t50 51 52 55\t"
	     "50:case\\x201\\x20...\\x205,\\x207 51:true 51:true\n"
	     "switchy\t3\t2\tentry\treturn\t50 54 55\t50:default\n", r.out);
  run_free (&r);
}

/* The JSON: per block "stmts", and "branch" where the path leaves the
   block by a choice.  */

static void
test_json (void)
{
  static const char *const args[] = { "--json", "-f", "switchy",
				      "@g.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_contains ("--json: branch of a switch", r.out,
		  "{\"index\": 2, \"lines\": [{\"file\": \"sw.c\", \"line\": "
		  "50}], \"stmts\": 1, \"branch\": {\"file\": \"sw.c\", "
		  "\"line\": 50, \"dst\": 3, \"outcome\": \"case 1 ... 5, 7\", "
		  "\"kind\": \"case\"}}");
  check_contains ("--json: a block without branch has stmts only", r.out,
		  "{\"index\": 7, \"lines\": [{\"file\": \"sw.c\", \"line\": "
		  "52}], \"stmts\": 1}");
  run_free (&r);
}

/* A meta without detail: no outcome anywhere, an empty BRANCHES.  */

static void
test_no_detail (void)
{
  static const char *const text[] = { "-w", "0", "-n", "1", "@a.pathprof",
				      NULL };
  static const char *const json[] = { "--json", "-n", "1", "@a.pathprof",
				      NULL };
  run_result r;

  run_dump (&r, NULL, text);
  check_contains ("no detail: the path as before", r.out,
		  "[entry] fig1.c:3-8 -> hdr.h:20 -> fig1.c:10-11 [return]");
  run_free (&r);
  run_dump (&r, NULL, json);
  check_lacks ("no detail: no branch in --json", r.out, "\"branch\"");
  check_lacks ("no detail: no stmts in --json", r.out, "\"stmts\"");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  write_detail_profile ();
  test_text ();
  test_wrap_and_cut ();
  test_ascii ();
  test_tsv ();
  test_json ();
  test_no_detail ();
  return unit_test_report ();
}
