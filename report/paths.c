/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Paths of a function: regeneration, start and end, source lines.  See
   paths.h for the shape of a path.  */

#include <stdio.h>
#include <stdlib.h>

#include "paths.h"

/* Prepare PATH for report_path_regen.  */

void
report_path_init (report_path *path)
{
  path->id = 0;
  path->num_edges = path->capacity = 0;
  path->edges = NULL;
  path->start = REPORT_START_ENTRY;
  path->end = REPORT_END_RETURN;
}

/* How a path whose first edge is of KIND starts, or -1 if no path can
   start with such an edge.  */

static int
start_of_kind (uint32_t kind)
{
  switch (kind)
    {
    case PPF_EDGE_REAL:
      return REPORT_START_ENTRY;
    case PPF_EDGE_BACK_ENTRY:
      return REPORT_START_BACKEDGE;
    case PPF_EDGE_CUT_ENTRY:
      return REPORT_START_CUT;
    case PPF_EDGE_RESTART_ENTRY:
      return REPORT_START_RESTART;
    default:
      return -1;
    }
}

/* How a path whose last edge is of KIND ends, or -1 if no path can end
   with such an edge.  */

static int
end_of_kind (uint32_t kind, uint32_t fn_flags)
{
  switch (kind)
    {
    case PPF_EDGE_EARLY_EXIT:
      return fn_flags & (PPF_FN_PARTIAL | PPF_FN_APART) ? REPORT_END_CALL
							  : REPORT_END_LONGJMP;
    case PPF_EDGE_UNWIND_EXIT:
      return REPORT_END_EXCEPTION;
    case PPF_EDGE_REAL:
      return REPORT_END_RETURN;
    case PPF_EDGE_BACK_EXIT:
      return REPORT_END_BACKEDGE;
    case PPF_EDGE_CUT_EXIT:
      return REPORT_END_CUT;
    case PPF_EDGE_NORETURN_EXIT:
      return REPORT_END_NORETURN;
    default:
      return -1;
    }
}

/* Regenerate path ID of FN into PATH with the core's pp_regen_path, then
   check the shape described in paths.h: dummy edges only first or last.
   A path of a DAG uses each edge at most once, so num_edges + 1 entries
   are always enough room.  */

int
report_path_regen (const report_function *fn, uint64_t id, report_path *path,
		   char *err, size_t errlen)
{
  const ppf_meta *m = &fn->meta;
  uint32_t need = m->num_edges + 1;
  uint32_t len;
  int start, end;

  if (path->capacity < need)
    {
      uint32_t *edges = realloc (path->edges, need * sizeof *edges);
      if (!edges)
	{
	  snprintf (err, errlen, "out of memory");
	  return -1;
	}
      path->edges = edges;
      path->capacity = need;
    }
  if (!fn->dag.regen
      || pp_regen_path (fn->dag.regen, id, path->edges, path->capacity, &len)
	   != 0
      || len == 0)
    {
      snprintf (err, errlen,
		"function %s: path %llu does not regenerate from its DAG",
		m->name, (unsigned long long) id);
      return -1;
    }
  path->id = id;
  path->num_edges = len;

  start = start_of_kind (m->edges[path->edges[0]].kind);
  end = end_of_kind (m->edges[path->edges[len - 1]].kind, m->flags);
  if (start < 0 || end < 0)
    {
      snprintf (err, errlen,
		"function %s: path %llu %s with a DAG edge of kind %u",
		m->name, (unsigned long long) id,
		start < 0 ? "starts" : "ends",
		m->edges[path->edges[start < 0 ? 0 : len - 1]].kind);
      return -1;
    }
  for (uint32_t i = 1; i + 1 < len; i++)
    if (m->edges[path->edges[i]].kind != PPF_EDGE_REAL)
      {
	snprintf (err, errlen,
		  "function %s: path %llu has a dummy DAG edge inside it",
		  m->name, (unsigned long long) id);
	return -1;
      }
  path->start = (enum report_start) start;
  path->end = (enum report_end) end;
  return 0;
}

/* Release PATH's memory.  */

void
report_path_free (report_path *path)
{
  free (path->edges);
  report_path_init (path);
}

/* The Ith DAG edge of PATH.  */

const ppf_edge *
report_path_edge (const report_function *fn, const report_path *path,
		  uint32_t i)
{
  return &fn->meta.edges[path->edges[i]];
}

/* The number of blocks on PATH: one per edge but the last (into EXIT).  */

uint32_t
report_path_num_blocks (const report_path *path)
{
  return path->num_edges ? path->num_edges - 1 : 0;
}

/* The Ith block of PATH: the destination of its Ith edge.  */

const ppf_block *
report_path_block (const report_function *fn, const report_path *path,
		   uint32_t i)
{
  return &fn->meta.blocks[fn->dag.dst[path->edges[i]]];
}

/* Where the CFG edge behind E leaves: its source block and the line of
   that block's last statement (the branch, call or jump that leaves).
   The source of a restart edge is GCC's abnormal dispatcher, a block
   without code that the file need not list: no line.  */

report_loc
report_edge_source (const report_function *fn, const ppf_edge *e)
{
  const ppf_block *b = ppf_meta_block (&fn->meta, e->cfg_src);
  report_loc loc = { e->cfg_src, NULL };

  if (b && e->kind == PPF_EDGE_EARLY_EXIT && e->cfg_dst < b->num_lines)
    loc.line = &b->lines[e->cfg_dst];
  else if (b && b->num_lines)
    loc.line = &b->lines[b->num_lines - 1];
  return loc;
}

/* Where PATH left the function when it ends at a block: see paths.h.  */

report_loc
report_path_end_loc (const report_function *fn, const report_path *path)
{
  const ppf_edge *last = report_path_edge (fn, path, path->num_edges - 1);
  report_loc loc = report_edge_source (fn, last);

  for (uint32_t i = report_path_num_blocks (path); !loc.line && i-- > 0;)
    {
      const ppf_block *b = report_path_block (fn, path, i);
      if (b->num_lines)
	{
	  loc.block = b->index;
	  loc.line = &b->lines[b->num_lines - 1];
	}
    }
  return loc;
}

/* Where the CFG edge behind E arrives: its destination block and the line
   of that block's first statement.  */

report_loc
report_edge_target (const report_function *fn, const ppf_edge *e)
{
  const ppf_block *b = ppf_meta_block (&fn->meta, e->cfg_dst);
  report_loc loc = { e->cfg_dst, NULL };

  if (b && b->num_lines)
    loc.line = &b->lines[0];
  return loc;
}

/* See paths.h.  Along the CFG edges the meta lists (each DAG edge
   stands for one: a real edge for itself, a dummy edge for the backedge
   or cut edge behind it), BACKWARD through the block's only predecessor
   or forward through its only successor, block after block: a block
   with several (GCC's one dispatcher of every computed goto) names
   nothing, for any one of them would mislead.  */

#define NEAREST_LINE_BLOCKS 32

static const ppf_line *
nearest_line (const report_function *fn, uint32_t block, bool backward)
{
  const ppf_meta *m = &fn->meta;

  for (int steps = 0; steps < NEAREST_LINE_BLOCKS; steps++)
    {
      uint32_t next = PPF_NONE;
      const ppf_block *nb;

      for (uint32_t k = 0; k < m->num_edges; k++)
	{
	  const ppf_edge *e = &m->edges[k];
	  uint32_t from = backward ? e->cfg_dst : e->cfg_src;
	  uint32_t to = backward ? e->cfg_src : e->cfg_dst;

	  if (e->kind == PPF_EDGE_EARLY_EXIT || from != block || to == next)
	    continue;
	  if (next != PPF_NONE)
	    return NULL;	/* two: no one line names it */
	  next = to;
	}
      if (next == PPF_NONE || next == block)
	return NULL;
      nb = ppf_meta_block (m, next);
      if (!nb || nb->index == PP_ENTRY || nb->index == PP_EXIT)
	return NULL;
      if (nb->num_lines)
	return backward ? &nb->lines[nb->num_lines - 1] : &nb->lines[0];
      block = next;
    }
  return NULL;
}

const ppf_line *
report_block_nearest_line (const report_function *fn, uint32_t block)
{
  const ppf_line *l = nearest_line (fn, block, true);

  return l ? l : nearest_line (fn, block, false);
}

/* The outcome of the edge leaving PATH's block at POSITION: see
   paths.h.  */

const ppf_branch *
report_path_outcome (const report_function *fn, const report_path *path,
		     uint32_t position)
{
  const ppf_edge *e;

  if (!(fn->meta.flags & PPF_FN_DETAIL)
      || position + 1 >= path->num_edges)
    return NULL;
  e = report_path_edge (fn, path, position + 1);
  if (e->kind != PPF_EDGE_REAL && e->kind != PPF_EDGE_BACK_EXIT
      && e->kind != PPF_EDGE_CUT_EXIT)
    return NULL;
  return ppf_meta_branch (&fn->meta, e->cfg_src, e->cfg_dst);
}

/* Append the lines of PATH's blocks to LINES (emptied first), skipping a
   line equal to the one before it: a loop body whose last statement and
   the next block's first share a line reads as one line, as in gcov.
   Each branch taken follows the last line shown so far.  */

int
report_path_lines (const report_function *fn, const report_path *path,
		   report_lines *lines)
{
  uint32_t nblocks = report_path_num_blocks (path);

  const ppf_edge *last = report_path_edge (fn, path, path->num_edges - 1);

  lines->num = 0;
  lines->num_outcomes = 0;
  for (uint32_t i = 0; i < nblocks; i++)
    {
      const ppf_block *b = report_path_block (fn, path, i);
      const ppf_branch *br = report_path_outcome (fn, path, i);
      uint32_t shown = b->num_lines;
      /* A path left at a call ran its block only up to the call.  */
      if (i == nblocks - 1 && last->kind == PPF_EDGE_EARLY_EXIT
	  && last->cfg_dst < shown)
	shown = last->cfg_dst + 1;
      for (uint32_t j = 0; j < shown; j++)
	{
	  const ppf_line *l = &b->lines[j];
	  if (lines->num
	      && lines->lines[lines->num - 1].file == l->file
	      && lines->lines[lines->num - 1].line == l->line)
	    continue;
	  if (lines->num == lines->capacity)
	    {
	      size_t cap = lines->capacity ? 2 * lines->capacity : 32;
	      ppf_line *grown = realloc (lines->lines, cap * sizeof *grown);
	      if (!grown)
		return -1;
	      lines->lines = grown;
	      lines->capacity = cap;
	    }
	  lines->lines[lines->num++] = *l;
	}
      if (br)
	{
	  report_outcome *o;
	  if (lines->num_outcomes == lines->outcome_capacity)
	    {
	      size_t cap = lines->outcome_capacity
			     ? 2 * lines->outcome_capacity : 16;
	      report_outcome *grown = realloc (lines->outcomes,
					       cap * sizeof *grown);
	      if (!grown)
		return -1;
	      lines->outcomes = grown;
	      lines->outcome_capacity = cap;
	    }
	  o = &lines->outcomes[lines->num_outcomes++];
	  o->branch = br;
	  o->block = b;
	  o->position = i;
	  o->at = lines->num ? lines->num - 1 : 0;
	}
    }
  if (lines->num == 0)
    for (size_t k = 0; k < lines->num_outcomes; k++)
      lines->outcomes[k].at = SIZE_MAX;
  return 0;
}

/* Release LINES' memory.  */

void
report_lines_free (report_lines *lines)
{
  free (lines->lines);
  free (lines->outcomes);
  lines->lines = NULL;
  lines->outcomes = NULL;
  lines->num = lines->capacity = 0;
  lines->num_outcomes = lines->outcome_capacity = 0;
}

/* The word for START in the TSV and JSON reports.  */

const char *
report_start_name (enum report_start start)
{
  switch (start)
    {
    case REPORT_START_BACKEDGE:
      return "backedge";
    case REPORT_START_CUT:
      return "cut";
    case REPORT_START_RESTART:
      return "restart";
    case REPORT_START_ENTRY:
    default:
      return "entry";
    }
}

/* The word for END in the TSV and JSON reports.  */

const char *
report_end_name (enum report_end end)
{
  switch (end)
    {
    case REPORT_END_BACKEDGE:
      return "backedge";
    case REPORT_END_NORETURN:
      return "noreturn";
    case REPORT_END_CUT:
      return "cut";
    case REPORT_END_LONGJMP:
      return "longjmp";
    case REPORT_END_CALL:
      return "call";
    case REPORT_END_EXCEPTION:
      return "exception";
    case REPORT_END_RETURN:
    default:
      return "return";
    }
}
