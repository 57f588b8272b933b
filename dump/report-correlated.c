/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The correlated-branches report (--correlated; correlated.h defines
   the figures): the branch blocks entered by two or more CFG edges,
   ranked by gain, each with its split overall and per predecessor, then
   the totals per translation unit and for the program.

      1. classify at corr.c:20 (bb5): gain 98
	 200 executions; edge-predicted 100 (50.00%), path-predicted 198
	 (99.00%)
	 from                count    true             false
	 all                   200     100   50.00%     100   50.00%
	 14 (bb3)              100      99   99.00%       1    1.00%
	 17 (bb4)              100       1    1.00%      99   99.00%

   and with --tsv one line per such block (below).  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "correlated.h"
#include "names.h"
#include "path-text.h"
#include "paths.h"
#include "reports.h"

/* Successor columns shown per block; the others share one column.  */
#define MAX_COLUMNS 4
/* Predecessor rows shown per block; the others share one row.  */
#define MAX_ROWS 8
/* Widest first column.  */
#define FROM_COLUMN_MAX 28

/* Where B's branch is: the branch statement's line (detail section),
   else the block's last line, else no line.  */

static report_loc
branch_loc (const dump_corr_block *b)
{
  const ppf_block *blk = &b->fn->meta.blocks[b->position];
  report_loc loc = { blk->index, NULL };

  if (blk->branch.file != PPF_NONE && blk->branch.line != 0)
    loc.line = &blk->branch;
  else if (blk->num_lines)
    loc.line = &blk->lines[blk->num_lines - 1];
  return loc;
}

/* Write B's branch place into BUF: "corr.c:20 (bb5)", or "bb5".  */

static void
format_branch (char *buf, size_t size, const dump_corr_block *b)
{
  const report_function *fn = b->fn;
  report_loc loc = branch_loc (b);

  if (loc.line && loc.line->file < fn->meta.num_files)
    snprintf (buf, size, "%s:%u (bb%u)", fn->short_files[loc.line->file],
	      loc.line->line, loc.block);
  else if (loc.line)
    snprintf (buf, size, "%u (bb%u)", loc.line->line, loc.block);
  else
    snprintf (buf, size, "bb%u", loc.block);
}

/* Write how predecessor P of B is named into BUF: "entry", "14 (bb3)",
   "backedge 22 (bb7)", "cut 15 (bb3)", "restart": the line is the last
   of the edge's source block.  */

static void
format_pred (char *buf, size_t size, const dump_corr_block *b,
	     const dump_corr_edge *p)
{
  const report_function *fn = b->fn;
  report_loc loc = report_edge_source (fn, &fn->meta.edges[p->dag_edge]);
  char where[256];
  const char *kind = p->kind == PPF_EDGE_BACK_ENTRY ? "backedge "
		     : p->kind == PPF_EDGE_CUT_ENTRY ? "cut " : "";

  if (p->kind == PPF_EDGE_RESTART_ENTRY)
    {
      snprintf (buf, size, "restart");
      return;
    }
  if (p->block == 0)
    {
      snprintf (buf, size, "entry");
      return;
    }
  report_loc_format (where, sizeof where, fn, loc);
  if (loc.line)
    snprintf (buf, size, "%s%s (bb%u)", kind, where, p->block);
  else
    snprintf (buf, size, "%s%s", kind, where);
}

/* Write how successor S of B is named into BUF: the outcome's label
   ("true", "case 3") with the detail section, else "to L", L the first
   line of the destination (or bbN), "to exit" for a return.  */

static void
format_succ (char *buf, size_t size, const dump_corr_block *b,
	     const dump_corr_edge *s)
{
  const report_function *fn = b->fn;
  const ppf_branch *br
    = ppf_meta_branch (&fn->meta, fn->meta.blocks[b->position].index,
		       s->block);
  char where[256];

  if (br)
    snprintf (buf, size, "%s", br->label);
  else if (s->block == 1)
    snprintf (buf, size, "to exit");
  else
    {
      report_loc_format (where, sizeof where, fn,
			 report_edge_target (fn, &fn->meta.edges[s->dag_edge]));
      snprintf (buf, size, "to %s", where);
    }
}

/* A block to rank, and the input order of its function.  */

typedef struct ranked_block
{
  const dump_corr_block *block;
  size_t function;
} ranked_block;

/* The order of blocks in the report: gain, then executions, descending;
   then input order of functions, block order.  */

static int
compare_blocks (const void *a, const void *b)
{
  const ranked_block *rx = a, *ry = b;
  const dump_corr_block *x = rx->block, *y = ry->block;
  uint64_t gx = DUMP_CORR_GAIN (x), gy = DUMP_CORR_GAIN (y);

  if (gx != gy)
    return gx > gy ? -1 : 1;
  if (x->executions != y->executions)
    return x->executions > y->executions ? -1 : 1;
  if (rx->function != ry->function)
    return rx->function < ry->function ? -1 : 1;
  return x->position < y->position ? -1 : x->position > y->position;
}

/* Order of indices into an edge list by count, descending, then slot.  */

static const dump_corr_edge *sort_edges;

static int
compare_edges (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

  if (sort_edges[x].count != sort_edges[y].count)
    return sort_edges[x].count > sort_edges[y].count ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Fill ORDER[0 .. N-1] with the slots of LIST by count, descending.  */

static void
order_edges (uint32_t *order, const dump_corr_edge *list, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    order[i] = i;
  sort_edges = list;
  qsort (order, n, sizeof *order, compare_edges);
}

/* One row of the matrix: the label FROM, the row's count, and its count
   in each shown column (the last the sum of the others, if
   OTHERS).  */

static void
put_row (FILE *out, const char *from, size_t from_w, uint64_t total,
	 const uint64_t *cells, uint32_t columns, const size_t *col_w)
{
  char pct[REPORT_PERCENT_SIZE];

  fputs ("    ", out);
  report_put_padded (out, from, from_w, false);
  fprintf (out, "  %10llu", (unsigned long long) total);
  for (uint32_t c = 0; c < columns; c++)
    {
      report_percent (pct, (long double) cells[c], (long double) total);
      fprintf (out, "   %*llu  %7s", (int) (col_w[c] - 9),
	       (unsigned long long) cells[c], pct);
    }
  fputc ('\n', out);
}

/* How put_block lays out a block's matrix: its successors and
   predecessors by count, the columns and rows shown, their widths.  */

typedef struct block_layout
{
  uint32_t *succ_order;		/* slots of the successors by count */
  uint32_t *pred_order;		/* slots of the predecessors by count */
  uint32_t shown_succs;		/* successors with a column of their own */
  uint32_t columns;		/* and one more for the others, if any */
  uint32_t rows;		/* predecessors that ran */
  size_t col_w[MAX_COLUMNS + 1];
  size_t from_w;		/* the first column's */
} block_layout;

/* Write B's first two lines, ranked RANK: where its branch is, its gain,
   its executions and how often each profile predicts it.  */

static void
put_block_head (FILE *out, size_t rank, const dump_corr_block *b)
{
  char where[512], ep[REPORT_PERCENT_SIZE], pp[REPORT_PERCENT_SIZE];

  format_branch (where, sizeof where, b);
  report_percent (ep, (long double) b->edge_predicted,
		  (long double) b->executions);
  report_percent (pp, (long double) b->path_predicted,
		  (long double) b->executions);
  fprintf (out, "%3zu. %s at %s: gain %llu\n", rank, b->fn->label, where,
	   (unsigned long long) DUMP_CORR_GAIN (b));
  fprintf (out, "    %llu executions; edge-predicted %llu (%s), "
	   "path-predicted %llu (%s)\n",
	   (unsigned long long) b->executions,
	   (unsigned long long) b->edge_predicted, ep,
	   (unsigned long long) b->path_predicted, pp);
}

/* Write the label of column C of B's matrix (laid out as L) into
   LABEL: its successor, or how many others share it.  */

static void
format_column (char *label, size_t size, const dump_corr_block *b,
	       const block_layout *l, uint32_t c)
{
  if (c < l->shown_succs)
    format_succ (label, size, b, &b->succs[l->succ_order[c]]);
  else
    snprintf (label, size, "%u others", b->num_succs - l->shown_succs);
}

/* Measure B's matrix into L, whose orders are set: the columns, their
   widths, the rows and the width of the first column.  */

static void
measure_block (const dump_corr_block *b, block_layout *l)
{
  char label[512];

  l->shown_succs = b->num_succs <= MAX_COLUMNS + 1 ? b->num_succs
						    : MAX_COLUMNS;
  l->columns = l->shown_succs + (l->shown_succs < b->num_succs);
  l->rows = 0;
  l->from_w = 4;

  /* Column widths: each column is "count  share%", wide enough for
     its label.  */
  for (uint32_t c = 0; c < l->columns; c++)
    {
      uint64_t widest = 0;
      size_t w;
      if (c < l->shown_succs)
	widest = b->succs[l->succ_order[c]].count;
      else
	for (uint32_t s = l->shown_succs; s < b->num_succs; s++)
	  widest += b->succs[l->succ_order[s]].count;
      format_column (label, sizeof label, b, l, c);
      w = report_digits (widest) + 9;
      l->col_w[c] = report_text_width (label) > w ? report_text_width (label)
						  : w;
    }
  for (uint32_t i = 0; i < b->num_preds; i++)
    if (b->preds[l->pred_order[i]].count > 0)
      {
	size_t w;
	format_pred (label, sizeof label, b, &b->preds[l->pred_order[i]]);
	w = report_text_width (label);
	l->from_w = w > l->from_w ? w : l->from_w;
	l->rows++;
      }
  l->from_w = l->from_w > FROM_COLUMN_MAX ? FROM_COLUMN_MAX : l->from_w;
}

/* Write the head row of B's matrix, laid out as L.  */

static void
put_column_heads (FILE *out, const dump_corr_block *b, const block_layout *l)
{
  char label[512];

  fputs ("    ", out);
  report_put_padded (out, "from", l->from_w, false);
  fprintf (out, "  %10s", "count");
  for (uint32_t c = 0; c < l->columns; c++)
    {
      format_column (label, sizeof label, b, l, c);
      fputs ("   ", out);
      if (c + 1 < l->columns)
	report_put_padded (out, label, l->col_w[c], false);
      else
	fputs (label, out);
    }
  fputc ('\n', out);
}

/* Write the rows of B's matrix, laid out as L.  Returns 0, or -1 when
   memory ran out.  */

static int
put_block_rows (FILE *out, const dump_corr_block *b, const block_layout *l,
		const report_glyphs *g)
{
  uint64_t cells[MAX_COLUMNS + 1], others[MAX_COLUMNS + 1];
  uint64_t others_total = 0;
  char label[512];
  char *name;

  /* The overall split, then each predecessor that ran, hottest first,
     the rows past MAX_ROWS summed in one.  */
  memset (others, 0, sizeof others);
  for (int p = -1; p < (int) b->num_preds; p++)
    {
      const dump_corr_edge *pred = p < 0 ? NULL
				   : &b->preds[l->pred_order[p]];
      uint64_t total = pred ? pred->count : b->executions;
      if (pred && pred->count == 0)
	continue;
      memset (cells, 0, sizeof cells);
      for (uint32_t s = 0; s < b->num_succs; s++)
	{
	  uint32_t c = s < l->shown_succs ? s : l->shown_succs;
	  cells[c] += p < 0 ? b->succs[l->succ_order[s]].count
			    : b->counts[(size_t) l->pred_order[p] * b->num_succs
					+ l->succ_order[s]];
	}
      if (p >= MAX_ROWS && l->rows > MAX_ROWS + 1)
	{
	  for (uint32_t c = 0; c < l->columns; c++)
	    others[c] += cells[c];
	  others_total += total;
	  continue;
	}
      if (pred)
	format_pred (label, sizeof label, b, pred);
      name = report_fit (pred ? label : "all", l->from_w, g);
      if (!name)
	return -1;
      put_row (out, name, l->from_w, total, cells, l->columns, l->col_w);
      free (name);
    }
  if (l->rows > MAX_ROWS + 1)
    {
      snprintf (label, sizeof label, "%u others", l->rows - MAX_ROWS);
      put_row (out, label, l->from_w, others_total, others, l->columns,
	       l->col_w);
    }
  return 0;
}

/* Write block B, ranked RANK, as described at the top of the file.  */

static int
put_block (FILE *out, size_t rank, const dump_corr_block *b,
	   const report_glyphs *g)
{
  block_layout l;
  int rc = -1;

  l.succ_order = malloc ((b->num_succs + 1) * sizeof *l.succ_order);
  l.pred_order = malloc ((b->num_preds + 1) * sizeof *l.pred_order);
  if (l.succ_order && l.pred_order)
    {
      order_edges (l.succ_order, b->succs, b->num_succs);
      order_edges (l.pred_order, b->preds, b->num_preds);
      put_block_head (out, rank, b);
      measure_block (b, &l);
      put_column_heads (out, b, &l);
      rc = put_block_rows (out, b, &l, g);
    }
  free (l.succ_order);
  free (l.pred_order);
  return rc;
}

/* A translation unit's totals.  */

typedef struct unit_total
{
  const char *unit;
  dump_corr_total total;
} unit_total;

/* Write one row of the totals table.  */

static void
put_total_row (FILE *out, const char *name, size_t name_w,
	       const dump_corr_total *t)
{
  char all[REPORT_SUM_DIGITS], multi[REPORT_SUM_DIGITS];
  char gain[REPORT_SUM_DIGITS];
  char share[REPORT_PERCENT_SIZE], ep[REPORT_PERCENT_SIZE];
  char pp[REPORT_PERCENT_SIZE], gp[REPORT_PERCENT_SIZE];
  char gap[REPORT_PERCENT_SIZE];
  long double e = report_sum_value (&t->executions);
  long double a = report_sum_value (&t->branch_executions);
  long double g = report_sum_value (&t->gain);

  report_percent (share, e, a);
  report_percent (ep, report_sum_value (&t->edge_predicted), e);
  report_percent (pp, report_sum_value (&t->path_predicted), e);
  report_percent (gp, g, e);
  report_percent (gap, g, a);
  report_put_padded (out, name, name_w, false);
  fprintf (out, "  %14s  %14s  %7s  %7s  %7s  %12s  %7s  %7s\n",
	   report_sum_format (&t->branch_executions, all),
	   report_sum_format (&t->executions, multi), share, ep, pp,
	   report_sum_format (&t->gain, gain), gp, gap);
}

/* Write the totals table: a row per unit of the NUM_UNITS UNITS when
   there are two or more, then TOTAL's, and what the columns mean.
   Returns 0, or -1 when memory ran out.  */

static int
put_totals (FILE *out, const unit_total *units, size_t num_units,
	    const dump_corr_total *total, const report_glyphs *g)
{
  size_t name_w = 5;

  for (size_t u = 0; u < num_units && num_units > 1; u++)
    {
      size_t w = report_text_width (report_base_name (units[u].unit));
      name_w = w > name_w ? w : name_w;
    }
  name_w = name_w > FROM_COLUMN_MAX ? FROM_COLUMN_MAX : name_w;
  report_put_padded (out, "", name_w, false);
  fprintf (out, "  %14s  %14s  %7s  %7s  %7s  %12s  %7s  %7s\n", "branch",
	   "multi-pred", "", "edge", "path", "gain", "gain", "gain");
  report_put_padded (out, num_units > 1 ? "unit" : "", name_w, false);
  fprintf (out, "  %14s  %14s  %7s  %7s  %7s  %12s  %7s  %7s\n",
	   "executions", "executions", "share", "hits", "hits", "executions",
	   "there", "of all");
  for (size_t u = 0; u < num_units && num_units > 1; u++)
    {
      char *name = report_fit (report_base_name (units[u].unit), name_w, g);
      if (!name)
	return -1;
      put_total_row (out, name, name_w, &units[u].total);
      free (name);
    }
  put_total_row (out, "total", name_w, total);
  fprintf (out, "\nmulti-pred: the executions of the branches whose block "
	   "is entered by two or\nmore CFG edges (%llu block%s ran, %llu "
	   "with a gain), share: of all branch\nexecutions; edge hits: one "
	   "prediction per branch, path hits: one per\npredecessor, both of "
	   "the multi-pred executions; gain: path less edge hits.\n",
	   (unsigned long long) total->blocks, total->blocks == 1 ? "" : "s",
	   (unsigned long long) total->gaining);
  return 0;
}

/* Write the correlated-branches report: the OPT->top blocks with the
   greatest gain, then the totals.  */

int
dump_report_correlated (FILE *out, const report_data *data,
			const report_selection *sel, const dump_options *opt)
{
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  dump_correlation *corr = calloc (data->num_functions + 1, sizeof *corr);
  unit_total *units = calloc (data->num_functions + 1, sizeof *units);
  ranked_block *ranked = NULL;
  size_t num_units = 0, num_ranked = 0, gaining = 0;
  dump_corr_total total;
  int rc = -1;

  memset (&total, 0, sizeof total);
  if (!corr || !units)
    goto out;
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      size_t u;
      if (!sel->selected[i])
	continue;
      if (dump_correlate (fn, &corr[i]) != 0)
	goto out;
      num_ranked += corr[i].num_blocks;
      for (u = 0; u < num_units; u++)
	if (strcmp (units[u].unit, fn->unit) == 0)
	  break;
      if (u == num_units)
	units[num_units++].unit = fn->unit;
      dump_corr_total_add (&units[u].total, &corr[i]);
      dump_corr_total_add (&total, &corr[i]);
    }
  ranked = malloc ((num_ranked + 1) * sizeof *ranked);
  if (!ranked)
    goto out;
  num_ranked = 0;
  for (size_t i = 0; i < data->num_functions; i++)
    for (uint32_t k = 0; k < corr[i].num_blocks; k++)
      {
	ranked[num_ranked].block = &corr[i].blocks[k];
	ranked[num_ranked++].function = i;
      }
  qsort (ranked, num_ranked, sizeof *ranked, compare_blocks);
  while (gaining < num_ranked && DUMP_CORR_GAIN (ranked[gaining].block) > 0)
    gaining++;

  fputs ("Correlated branches: blocks that end in a branch and are entered "
	 "by two or more\nCFG edges, ranked by gain, the branch executions "
	 "that one static prediction\nper predecessor (tail-duplicating the "
	 "block) gets right beyond the one\nprediction the edge profile "
	 "allows (its most frequent successor).\n\n", out);
  for (size_t k = 0; k < gaining && k < opt->top; k++)
    {
      if (k)
	fputc ('\n', out);
      if (put_block (out, k + 1, ranked[k].block, g) != 0)
	goto out;
    }
  if (gaining == 0)
    fputs ("No block gains: in every one, the same successor is the most "
	   "frequent from\nevery predecessor.\n", out);
  else if (gaining > opt->top)
    fprintf (out, "\n... %zu more block%s with a gain (-n N shows N, --all "
	     "every one)\n", gaining - opt->top,
	     gaining - opt->top == 1 ? "" : "s");

  fputc ('\n', out);
  if (put_totals (out, units, num_units, &total, g) != 0)
    goto out;
  rc = 0;
out:
  for (size_t i = 0; corr && i < data->num_functions; i++)
    dump_correlation_free (&corr[i]);
  free (corr);
  free (units);
  free (ranked);
  return rc;
}

/* The TSV form (--tsv --correlated): one line per branch block entered
   by two or more CFG edges whose branch ran, by function (input order)
   then block, no header:

     FUNCTION \t FILE \t LINE \t BLOCK \t PREDECESSORS \t SUCCESSORS
       \t EXECUTIONS \t EDGE_PREDICTED \t PATH_PREDICTED \t GAIN

   FUNCTION and FILE as stored (escaped as in the path TSV), FILE and
   LINE those of the branch (empty when it has none), PREDECESSORS and
   SUCCESSORS the CFG edges into and out of the block that ran.  */

int
dump_report_correlated_tsv (FILE *out, const report_data *data,
			    const report_selection *sel)
{
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      const ppf_meta *m = &fn->meta;
      dump_correlation c;

      if (!sel->selected[i])
	continue;
      if (dump_correlate (fn, &c) != 0)
	return -1;
      for (uint32_t k = 0; k < c.num_blocks; k++)
	{
	  const dump_corr_block *b = &c.blocks[k];
	  report_loc loc = branch_loc (b);
	  uint32_t preds = 0, succs = 0;
	  for (uint32_t p = 0; p < b->num_preds; p++)
	    preds += b->preds[p].count > 0;
	  for (uint32_t s = 0; s < b->num_succs; s++)
	    succs += b->succs[s].count > 0;
	  dump_tsv_function (out, fn);
	  fputc ('\t', out);
	  if (loc.line && loc.line->file < m->num_files)
	    {
	      dump_tsv_field (out, m->files[loc.line->file], false);
	      fprintf (out, "\t%u", loc.line->line);
	    }
	  else
	    fputc ('\t', out);
	  fprintf (out, "\t%u\t%u\t%u\t%llu\t%llu\t%llu\t%llu\n", loc.block,
		   preds, succs, (unsigned long long) b->executions,
		   (unsigned long long) b->edge_predicted,
		   (unsigned long long) b->path_predicted,
		   (unsigned long long) DUMP_CORR_GAIN (b));
	}
      dump_correlation_free (&c);
    }
  return 0;
}
