/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Paths of a function: from a path number to its DAG edges (through the
   core's regeneration), how the path starts and ends, and the source lines
   it runs through.

   A path runs ENTRY -> b1 -> ... -> bk -> EXIT in the Ball-Larus DAG.  Its
   blocks are b1..bk, the destinations of all its edges but the last;
   ENTRY and EXIT are never part of it.  The first edge says how it starts
   (doc/file-format.md, "Regenerating a path"):
     kind 0 (real ENTRY->b1)          at function entry,
     kind 1 (ENTRY->head of backedge)  at a loop head, after that backedge,
     kind 3 (ENTRY->dst of cut edge)   after that cut edge,
     kind 6 (ENTRY->receiver)          where a longjmp or nonlocal goto
				       landed ("restart": setjmp returned
				       again, or the nonlocal label);
   the last edge how it ends:
     kind 0 (real bk->EXIT)            at a return,
     kind 2 (tail of backedge->EXIT)   at that backedge,
     kind 4 (src of cut edge->EXIT)    at that cut edge,
     kind 5 (noreturn block->EXIT)     at a call that does not return,
     kind 7 (call block->EXIT)         left at a call that did not return:
				       by longjmp back into the function,
				       or (partial-paths) by exit, abort,
				       longjmp or an exception,
     kind 8 (landing pad->EXIT)        left by an exception passing
				       through the call before the pad,
				       or through the function's cleanups
				       (a resx without successor).
   Paths of the last two kinds are partial: they ran only up to the call.
   Every other edge of a path is a real one.  */

#ifndef PATHPROF_REPORT_PATHS_H
#define PATHPROF_REPORT_PATHS_H

#include <stddef.h>
#include <stdint.h>

#include "profile-data.h"

enum report_start
{
  REPORT_START_ENTRY,
  REPORT_START_BACKEDGE,
  REPORT_START_CUT,
  REPORT_START_RESTART
};

enum report_end
{
  REPORT_END_RETURN,
  REPORT_END_BACKEDGE,
  REPORT_END_NORETURN,
  REPORT_END_CUT,
  REPORT_END_LONGJMP,   /* left by longjmp in a call (kind 7) */
  REPORT_END_CALL,      /* left in a call (kind 7): partial-paths, or a
			   cut path counted by the runtime */
  REPORT_END_EXCEPTION  /* left by an exception (kind 8) */
};

/* Whether a path that ends as END ran only part of the way: it was cut
   short in a call.  */
#define REPORT_END_PARTIAL_P(END) \
  ((END) == REPORT_END_LONGJMP || (END) == REPORT_END_CALL \
   || (END) == REPORT_END_EXCEPTION)

/* One regenerated path.  Reused from path to path: report_path_regen grows
   EDGES as needed.  */
typedef struct report_path
{
  uint64_t id;
  uint32_t num_edges;
  uint32_t capacity;
  uint32_t *edges;        /* indices into meta.edges, ENTRY to EXIT */
  enum report_start start;
  enum report_end end;
} report_path;

/* A place in the source: a block and one of its lines (NULL when the
   block has no line).  */
typedef struct report_loc
{
  uint32_t block;
  const ppf_line *line;
} report_loc;

/* A branch a path takes: the outcome of the CFG edge that leaves one of
   its blocks by a choice (a condition, switch or computed goto: the
   meta's detail section, ppf_meta.branches).  */
typedef struct report_outcome
{
  const ppf_branch *branch;
  const ppf_block *block;  /* the block the choice ends */
  uint32_t position;       /* that block's position in the path */
  size_t at;               /* the path line it follows: the index in
			      report_lines.lines of the block's last line
			      shown, or of the last line before it; 0 when
			      no line comes before it, SIZE_MAX when the
			      path has no line at all */
} report_outcome;

/* A path's source lines, consecutive duplicates removed, and the
   branches it takes, in path order.  */
typedef struct report_lines
{
  size_t num;
  size_t capacity;
  ppf_line *lines;
  size_t num_outcomes;
  size_t outcome_capacity;
  report_outcome *outcomes;
} report_lines;

void report_path_init (report_path *path);
/* Regenerate path ID of FN into PATH and classify its start and end.
   Returns 0, or -1 with a reason in ERR if ID is not a path of FN's DAG
   or the path is not shaped as described above.  */
int report_path_regen (const report_function *fn, uint64_t id,
		       report_path *path, char *err, size_t errlen);
void report_path_free (report_path *path);

const ppf_edge *report_path_edge (const report_function *fn,
				  const report_path *path, uint32_t i);
/* The blocks of PATH: report_path_num_blocks of them, ENTRY and EXIT
   excluded.  */
uint32_t report_path_num_blocks (const report_path *path);
const ppf_block *report_path_block (const report_function *fn,
				    const report_path *path, uint32_t i);

/* Where the CFG edge behind the dummy edge E leaves (its source block and
   that block's last line) and where it arrives (its destination and that
   block's first line).  For a noreturn dummy, report_edge_source is the
   block that ends in the call.  */
report_loc report_edge_source (const report_function *fn, const ppf_edge *e);
/* Where PATH, which ends at a block (noreturn, early exit, exception),
   left the function: the source of its last edge, or when that block
   has no line (a landing pad of the plugin's, a resx), the last line of
   the block before it that has one: the call the path left by.  */
report_loc report_path_end_loc (const report_function *fn,
				const report_path *path);
report_loc report_edge_target (const report_function *fn, const ppf_edge *e);

/* The line that names block BLOCK of FN when it has none of its own (a
   latch or a forwarder the compiler made): the last line of the nearest
   block before it, through blocks without lines (the branch it belongs
   to, the loop body it closes), else the first line of the nearest
   block after it; NULL if there is none within a few blocks.  */
const ppf_line *report_block_nearest_line (const report_function *fn,
					   uint32_t block);

/* The outcome of the CFG edge by which PATH leaves its block at
   POSITION (the edge after it: a real edge, or the backedge or cut edge
   behind a dummy that ends the path), or NULL when that edge is no
   branch or the meta has no detail section.  */
const ppf_branch *report_path_outcome (const report_function *fn,
				       const report_path *path,
				       uint32_t position);

/* Fill LINES with the source lines of PATH's blocks in order, consecutive
   duplicates collapsed, and the branches it takes (report_outcome).
   Returns 0, or -1 if memory ran out.  */
int report_path_lines (const report_function *fn, const report_path *path,
		       report_lines *lines);
void report_lines_free (report_lines *lines);

/* "entry", "backedge", "cut", "restart"; "return", "backedge", "noreturn",
   "cut", "longjmp", "call", "exception": the words of the TSV and JSON
   reports.  */
const char *report_start_name (enum report_start start);
const char *report_end_name (enum report_end end);

#endif /* PATHPROF_REPORT_PATHS_H */
