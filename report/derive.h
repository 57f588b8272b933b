/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Edge, block and line counts derived from a function's path profile.

   Edge counts are format/ppedges.c's (ppedges.h says what each kind of
   DAG edge contributes to which CFG edge).

   A block's count is the sum of its incoming CFG edges; ENTRY's is the
   number of paths that start at the function's entry.  Blocks the DAG
   does not have (unreachable) are not in the file and count 0.

   Line counts follow gcov (gcc/gcov.cc of GCC 12, add_line_counts and
   accumulate_line_info), on the lines gcov gives each block (profile.cc,
   branch_prob): the function's declaration line heads its first block,
   and a line appears at most once per block.  In each block, the
   greatest line of each run of lines of one file "owns" the block (gcov
   sorts the lines of a run, then takes the last).  A line that
   owns blocks counts the executions of its CFG edges entering them from
   blocks it does not own, plus the cycles among them (a loop written on
   one line), found and removed greedily as gcov does (Hawick and James'
   circuit enumeration, smallest cycle count first along each).  A line
   that owns no block counts the sum of the counts of the blocks it is
   in.  gcov keeps one count per source line for all the functions of a
   file: a line that owns a block of any of them counts only the entries
   and cycles of the blocks it owns, and what it adds up as the first
   line of another function's block is dropped (a lambda's declaration
   line, which heads its first block, on the line of the call that
   passes it): source-lines.c sums functions so, by OWNS_BLOCK.

   Before that, as gcov's blocks are split after every call that may not
   return (profile.cc, flow_call_edges_add), each block is split after
   the line of each call at which a path left early (an EARLY_EXIT edge
   whose cfg_dst names a line of the block but its last): the lines
   after the call count only the paths that got past it, the call's own
   line all that reached it (derive.c, "segmentation").

   Branches are gcov -b's: every block but ENTRY, EXIT and the one of the
   highest number (gcov.cc takes it for EXIT) with two or more CFG edges
   out, not counting a restart edge (its source, GCC's abnormal
   dispatcher, has no line) nor an edge into a landing pad the plugin
   added to count the paths an exception ends (gcov has a fake edge to
   EXIT there, no branch), lists each edge as a branch of the last line
   gcov gives its last segment: the greatest line of the last run of
   lines of one file.  A function's branches are ordered by block, then
   destination, as gcov lists a line's.

   Counts are 64-bit and saturate at 2^64-1 (a sum of many counts near
   2^64 could pass it; real profiles do not).  */

#ifndef PATHPROF_REPORT_DERIVE_H
#define PATHPROF_REPORT_DERIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ppedges.h"
#include "profile-data.h"

/* One source line of a function and gcov's count for it.  */
typedef struct report_line_count
{
  uint32_t file;            /* index into meta.files */
  uint32_t line;
  uint64_t count;
  bool unexecuted_block;    /* a block holding the line never ran
			       (gcov's "N*") */
  bool owns_block;          /* the line owns one of the function's blocks:
			       COUNT is entries and cycles, not a sum */
} report_line_count;

/* One branch of gcov -b: a CFG edge out of a block that has two or more
   (not counting gcov's fake edges to EXIT after calls), listed on the
   last line gcov gives the block (gcov.cc, add_line_counts).  */
typedef struct report_branch_count
{
  uint32_t file;            /* index into meta.files */
  uint32_t line;
  uint32_t order;           /* place in gcov's order: by block, then
			       destination */
  uint64_t count;           /* times taken */
  bool executed;            /* its block ran (else gcov says "never
			       executed") */
  bool fallthrough;         /* to the next block in GCC's order
			       (gcov's "(fallthrough)") */
} report_branch_count;

typedef struct report_counts
{
  uint64_t entry_count;       /* paths that start at the function's entry */
  uint64_t *block_counts;     /* [meta.num_blocks], by position in
				 meta.blocks */
  size_t num_edges;
  ppf_edge_count *edges;      /* by source block, then destination */
  size_t num_lines;
  report_line_count *lines;   /* by file index, then line */
  size_t num_branches;
  report_branch_count *branches;  /* by file and line, as LINES; those of
				     a line in gcov's order */
  size_t num_lost;          /* backedges and cut edges whose start count
			       differs from their end count */
} report_counts;

/* Derive FN's counts into OUT from all its executed paths.  Returns 0, or
   -1 if memory ran out (OUT is then empty).  */
int report_derive_counts (const report_function *fn, report_counts *out);
void report_counts_free (report_counts *counts);

/* "edge", "backedge", "cut", "restart": the words of the reports.  */
const char *report_edge_kind_name (uint32_t kind);

#endif /* PATHPROF_REPORT_DERIVE_H */
