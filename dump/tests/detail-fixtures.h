/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hand-made metas with the detail section (PPF_FN_DETAIL: statement
   counts, branch lines and outcomes), for the tests of branch outcomes,
   --untested and --predict.  Builds on dump-test.h's fig1 fixture:

   fig1 (file src/fig1.c), A..F = blocks 2..7 as in dump-test.h, with
     statements A 2, B 2, C 1, D 2, E 1, F 2 and the branches
       A (line 4): 2->3 "true"  (to B), 2->4 "false" (to C);
       B (line 5): 3->5 "true"  (to D), 3->4 "false" (to C);
       D (line 8): 5->6 "true"  (to E), 5->7 "false" (to F).
     Paths: 0 ACDEF  1 ACDF  2 ABCDEF  3 ABCDF  4 ABDEF  5 ABDF.
     Prof1: ACDF 90, ACDEF 60, ABCDEF 100, ABDF 20;
     Prof2: ACDF 110, ACDEF 40, ABCDEF 100, ABDEF 20.  Both give the
     edge profile A->C 150, A->B 120, D->E 160, D->F 110 of the paper.

   shapes (file shapes.c): 2(40, 45) -> 4(42) | 3(41); 4 -> 5(43) | EXIT
     (early exit: a call at line 42 that did not return, kind 7);
     5 -> 6(44); 3 -> EXIT | 6; 6 -> EXIT.  Blocks 2 and 3 end in
     conditions on lines 40 and 41 ("true" to 4 and to EXIT): block 2's
     condition is not on its last line.
     Val: 2->4 0, 2->3 2; 4->5 0, 4->EXIT 1; 3->EXIT 0, 3->6 1.
     Paths: 0 = 2 4 5 6 (5 edges)   1 = 2 4 left at the call
	    2 = 2 3 EXIT (3 edges)   3 = 2 3 6 (4 edges).

   switchy (file sw.c): a switch, then a && b on one line.
     2 (line 50, switch) -> 3 "case 1 ... 5, 7" | 4 "default";
     3 (line 51, a) -> 5 "true" | 6 "false";
     5 (line 51, b) -> 7 "true" | 6 "false";  7 (52) -> 6;  4 (54) -> 6;
     6 (55) -> EXIT.
     Val: 2->3 0, 2->4 3; 3->5 0, 3->6 2; 5->7 0, 5->6 1.
     Paths: 0 = 2 3 5 7 6   1 = 2 3 5 6   2 = 2 3 6   3 = 2 4 6.  */

#ifndef PATHPROF_DUMP_DETAIL_FIXTURES_H
#define PATHPROF_DUMP_DETAIL_FIXTURES_H

#include "dump-test.h"

static ppf_block fig1d_blocks[8];
static ppf_branch fig1d_branches[] = {
  { 2, 3, PPF_BRANCH_TRUE, "true" }, { 2, 4, PPF_BRANCH_FALSE, "false" },
  { 3, 4, PPF_BRANCH_FALSE, "false" }, { 3, 5, PPF_BRANCH_TRUE, "true" },
  { 5, 6, PPF_BRANCH_TRUE, "true" }, { 5, 7, PPF_BRANCH_FALSE, "false" }
};
static const ppf_count fig1d_prof1[] = {
  { 0, 60 }, { 1, 90 }, { 2, 100 }, { 5, 20 }
};
static const ppf_count fig1d_prof2[] = {
  { 0, 40 }, { 1, 110 }, { 2, 100 }, { 4, 20 }
};

/* Fill *F with fig1 with detail, named NAME, with counts COUNTS.  */

TEST_HELPER void
fixture_fig1_detail (fixture_function *f, const char *name,
		     const ppf_count *counts, uint64_t num_counts)
{
  static const uint32_t stmts[8] = { 0, 0, 2, 2, 1, 2, 1, 2 };
  static const uint32_t branch_line[8] = { 0, 0, 4, 5, 0, 8, 0, 0 };

  memcpy (fig1d_blocks, fig1_blocks, sizeof fig1d_blocks);
  for (int b = 0; b < 8; b++)
    {
      fig1d_blocks[b].num_stmts = stmts[b];
      fig1d_blocks[b].branch.file = branch_line[b] ? 0 : PPF_NONE;
      fig1d_blocks[b].branch.line = branch_line[b];
    }
  fixture_meta (&f->meta, name, name, 0, 1, 6);
  f->meta.flags = PPF_FN_DETAIL;
  f->meta.num_files = COUNT (fig1_files);
  f->meta.files = fig1_files;
  f->meta.num_blocks = COUNT (fig1d_blocks);
  f->meta.blocks = fig1d_blocks;
  f->meta.num_edges = COUNT (fig1_edges);
  f->meta.edges = fig1_edges;
  f->meta.num_branches = COUNT (fig1d_branches);
  f->meta.branches = fig1d_branches;
  f->counts = counts;
  f->num_counts = num_counts;
}

static char *shapes_files[] = { "shapes.c" };
static ppf_line shapes_l2[] = { { 0, 40 }, { 0, 45 } };
static ppf_line shapes_l3[] = { { 0, 41 } };
static ppf_line shapes_l4[] = { { 0, 42 } };
static ppf_line shapes_l5[] = { { 0, 43 } };
static ppf_line shapes_l6[] = { { 0, 44 } };
static ppf_block shapes_blocks[] = {
  { 0, 0, NULL, 0, { PPF_NONE, 0 } }, { 1, 0, NULL, 0, { PPF_NONE, 0 } },
  { 2, 2, shapes_l2, 1, { 0, 40 } }, { 3, 1, shapes_l3, 1, { 0, 41 } },
  { 4, 1, shapes_l4, 1, { PPF_NONE, 0 } },
  { 5, 1, shapes_l5, 1, { PPF_NONE, 0 } },
  { 6, 1, shapes_l6, 1, { PPF_NONE, 0 } }
};
static ppf_edge shapes_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 4, PPF_EDGE_REAL, 2, 4, 0 }, { 2, 3, PPF_EDGE_REAL, 2, 3, 2 },
  { 3, 1, PPF_EDGE_REAL, 3, 1, 0 }, { 3, 6, PPF_EDGE_REAL, 3, 6, 1 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 }, { 4, 1, PPF_EDGE_EARLY_EXIT, 4, 0, 1 },
  { 5, 6, PPF_EDGE_REAL, 5, 6, 0 },
  { 6, 1, PPF_EDGE_REAL, 6, 1, 0 }
};
static ppf_branch shapes_branches[] = {
  { 2, 3, PPF_BRANCH_FALSE, "false" }, { 2, 4, PPF_BRANCH_TRUE, "true" },
  { 3, 1, PPF_BRANCH_TRUE, "true" }, { 3, 6, PPF_BRANCH_FALSE, "false" }
};

/* Fill *F with shapes, with counts COUNTS.  */

TEST_HELPER void
fixture_shapes (fixture_function *f, const ppf_count *counts,
		uint64_t num_counts)
{
  fixture_meta (&f->meta, "shapes", "shapes", 0, 39, 4);
  f->meta.flags = PPF_FN_DETAIL;
  f->meta.num_files = COUNT (shapes_files);
  f->meta.files = shapes_files;
  f->meta.num_blocks = COUNT (shapes_blocks);
  f->meta.blocks = shapes_blocks;
  f->meta.num_edges = COUNT (shapes_edges);
  f->meta.edges = shapes_edges;
  f->meta.num_branches = COUNT (shapes_branches);
  f->meta.branches = shapes_branches;
  f->counts = counts;
  f->num_counts = num_counts;
}

static char *switchy_files[] = { "sw.c" };
static ppf_line switchy_l2[] = { { 0, 50 } };
static ppf_line switchy_l3[] = { { 0, 51 } };
static ppf_line switchy_l4[] = { { 0, 54 } };
static ppf_line switchy_l5[] = { { 0, 51 } };
static ppf_line switchy_l6[] = { { 0, 55 } };
static ppf_line switchy_l7[] = { { 0, 52 } };
static ppf_block switchy_blocks[] = {
  { 0, 0, NULL, 0, { PPF_NONE, 0 } }, { 1, 0, NULL, 0, { PPF_NONE, 0 } },
  { 2, 1, switchy_l2, 1, { 0, 50 } }, { 3, 1, switchy_l3, 1, { 0, 51 } },
  { 4, 1, switchy_l4, 1, { PPF_NONE, 0 } },
  { 5, 1, switchy_l5, 1, { 0, 51 } },
  { 6, 1, switchy_l6, 1, { PPF_NONE, 0 } },
  { 7, 1, switchy_l7, 1, { PPF_NONE, 0 } }
};
static ppf_edge switchy_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 4, PPF_EDGE_REAL, 2, 4, 3 },
  { 3, 5, PPF_EDGE_REAL, 3, 5, 0 }, { 3, 6, PPF_EDGE_REAL, 3, 6, 2 },
  { 4, 6, PPF_EDGE_REAL, 4, 6, 0 },
  { 5, 7, PPF_EDGE_REAL, 5, 7, 0 }, { 5, 6, PPF_EDGE_REAL, 5, 6, 1 },
  { 6, 1, PPF_EDGE_REAL, 6, 1, 0 },
  { 7, 6, PPF_EDGE_REAL, 7, 6, 0 }
};
static ppf_branch switchy_branches[] = {
  { 2, 3, PPF_BRANCH_CASE, "case 1 ... 5, 7" },
  { 2, 4, PPF_BRANCH_DEFAULT, "default" },
  { 3, 5, PPF_BRANCH_TRUE, "true" }, { 3, 6, PPF_BRANCH_FALSE, "false" },
  { 5, 6, PPF_BRANCH_FALSE, "false" }, { 5, 7, PPF_BRANCH_TRUE, "true" }
};

/* Fill *F with switchy, with counts COUNTS.  */

TEST_HELPER void
fixture_switchy (fixture_function *f, const ppf_count *counts,
		 uint64_t num_counts)
{
  fixture_meta (&f->meta, "switchy", "switchy", 0, 49, 4);
  f->meta.flags = PPF_FN_DETAIL;
  f->meta.num_files = COUNT (switchy_files);
  f->meta.files = switchy_files;
  f->meta.num_blocks = COUNT (switchy_blocks);
  f->meta.blocks = switchy_blocks;
  f->meta.num_edges = COUNT (switchy_edges);
  f->meta.edges = switchy_edges;
  f->meta.num_branches = COUNT (switchy_branches);
  f->meta.branches = switchy_branches;
  f->counts = counts;
  f->num_counts = num_counts;
}

#endif /* PATHPROF_DUMP_DETAIL_FIXTURES_H */
