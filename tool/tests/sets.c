/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool's sets and comparisons on hand-made profiles: Table 3
   weighted by statements (which needs the metas' detail section, not
   yet written by every build), weights that saturate, another build
   left out with the first copy kept.

   The function f is a diamond, ENTRY -> 2 -> {3, 4} -> 5 -> EXIT, with
   1, 10, 1 and 2 statements in blocks 2, 3, 4, 5: path 0 (through 3)
   runs 13 statements, path 1 (through 4) 4.

   B (reference): path 0 three times, path 1 five times.
   A (training):  path 1 seven times.
   Table 3: paths 1 of 2 (50%); executions 5 of 8 (62.5%); statements
   5 x 4 = 20 of 3 x 13 + 5 x 4 = 59 (33.90%).  */

#include "../../dump/tests/dump-test.h"
#include "tool.h"
#include "unit-test.h"

static ppf_line lines[6] = { { 0, 0 }, { 0, 0 }, { 0, 2 }, { 0, 3 },
			     { 0, 4 }, { 0, 5 } };
static ppf_block blocks[6];
static ppf_edge edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 2, 4, PPF_EDGE_REAL, 2, 4, 1 },
  { 3, 5, PPF_EDGE_REAL, 3, 5, 0 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 },
};
static char *files[] = { "t.c" };

/* The diamond f, defined at line DEF_LINE (another line: another
   build).  */

static void
diamond (fixture_function *fn, uint32_t def_line, const ppf_count *counts,
	 uint64_t num_counts)
{
  static const uint32_t stmts[6] = { 0, 0, 1, 10, 1, 2 };

  fixture_meta (&fn->meta, "f", "f", 0, def_line, 2);
  for (uint32_t i = 0; i < 6; i++)
    {
      blocks[i].index = i;
      blocks[i].num_lines = i >= 2;
      blocks[i].lines = &lines[i];
      blocks[i].num_stmts = stmts[i];
      blocks[i].branch.file = PPF_NONE;
    }
  fn->meta.flags = PPF_FN_DETAIL;
  fn->meta.num_files = 1;
  fn->meta.files = files;
  fn->meta.num_blocks = 6;
  fn->meta.blocks = blocks;
  fn->meta.num_edges = COUNT (edges);
  fn->meta.edges = edges;
  fn->counts = counts;
  fn->num_counts = num_counts;
}

static char *
report (const tool_compare *cmp)
{
  tool_report_options opt = { SIZE_MAX, true, false, SIZE_MAX, 0, "A", "B" };
  char *buf = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&buf, &size);

  if (!out || tool_report_overlap (out, cmp, &opt) != 0)
    test_abort ("overlap", "report failed");
  fclose (out);
  return buf;
}

int
main (void)
{
  static const ppf_count b_counts[] = { { 0, 3 }, { 1, 5 } };
  static const ppf_count a_counts[] = { { 1, 7 } };
  static const ppf_count big[] = { { 0, UINT64_MAX / 2 + 1 } };
  fixture_function fn;
  tool_set a, b;
  tool_compare cmp;
  char *json;

  unit_test_init ();
  make_test_dir ();
  diamond (&fn, 1, b_counts, 2);
  write_profile (test_path ("b.pathprof"), "t.c", 1, &fn, 1);
  diamond (&fn, 1, a_counts, 1);
  write_profile (test_path ("a.pathprof"), "t.c", 1, &fn, 1);
  diamond (&fn, 1, big, 1);
  write_profile (test_path ("big.pathprof"), "t.c", 1, &fn, 1);
  diamond (&fn, 9, b_counts, 2);
  write_profile (test_path ("other.pathprof"), "t.c", 1, &fn, 1);

  /* Table 3, statements.  */
  tool_set_init (&a);
  tool_set_init (&b);
  check_int ("read A", 0, tool_set_add (&a, test_path ("a.pathprof"), 1));
  check_int ("read B", 0, tool_set_add (&b, test_path ("b.pathprof"), 1));
  check_int ("finish", 0, tool_set_finish (&a) | tool_set_finish (&b));
  check_int ("compare", 0, tool_compare_sets (&a, &b, &cmp));
  json = report (&cmp);
  check_contains ("table3 paths", json,
		  "\"paths_b\": 2, \"paths_both\": 1, \"paths\": 50.000000");
  check_contains ("table3 executions", json, "\"executions_b\": 8, "
		  "\"executions_both\": 5, \"executions\": 62.500000");
  check_contains ("table3 statements", json, "\"statements_b\": 59, "
		  "\"statements_both\": 20, \"statements\": 33.898305");
  /* Overlap of f: min(0, 3/8) + min(1, 5/8) = 62.5%.  */
  check_contains ("overlap", json, "\"overlap\": 62.500000");
  free (json);
  tool_compare_free (&cmp);
  tool_set_free (&a);

  /* Weights saturate.  */
  check_u64 ("scale saturates", UINT64_MAX,
	     ppf_count_scale (UINT64_MAX / 2 + 1, 2));
  check_u64 ("scale", 21, ppf_count_scale (7, 3));
  tool_set_init (&a);
  check_int ("read big x 2", 0,
	     tool_set_add (&a, test_path ("big.pathprof"), 2));
  check_int ("read B x 3", 0, tool_set_add (&a, test_path ("b.pathprof"), 3));
  check_u64 ("saturated count", UINT64_MAX, a.functions[0]->counts[0].count);
  check_u64 ("weighted count", 15, a.functions[0]->counts[1].count);
  check_u64 ("weighted runs", 5, a.runs);

  /* Another build: its copy of the function is left out and counted as
     such, the first copy stays; the file itself is read (its other
     functions, none here, would be summed).  */
  check_int ("another build is no unreadable input", 0,
	     tool_set_add (&a, test_path ("other.pathprof"), 1));
  check_int ("another build's copy left out", 1, (long long) a.left_out);
  check_u64 ("first copy's counts stay", 15, a.functions[0]->counts[1].count);
  check_int ("one function", 1, (long long) a.num_functions);
  check_int ("three inputs", 3, (long long) a.num_inputs);
  tool_set_free (&a);
  tool_set_free (&b);
  return unit_test_report ();
}
