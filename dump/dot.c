/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One function's CFG as a Graphviz DOT graph, and its rendering by
   Graphviz's dot: see dot.h for what the picture shows.

   Everything is written one statement per line, nodes before edges, in
   block order, so that the output is stable from run to run and easy
   for scripts (the DejaGnu directives pathprof-dot-*) to read.  */

#define _GNU_SOURCE /* open_memstream is POSIX 2008; posix_spawn */

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "columns.h"
#include "derive.h"
#include "dot.h"
#include "path-text.h"
#include "paths.h"

extern char **environ;

/* The Okabe-Ito palette (Okabe and Ito, "Color Universal Design", 2008),
   which readers with any common colour blindness can tell apart, in the
   order the paths get it: the hottest path the strongest colour.  Its
   black is left out (the edges are drawn in dark grey) and its yellow
   comes last (faint on white).  */
static const char *const path_colours[DUMP_DOT_MAX_PATHS] = {
  "#D55E00", /* vermillion */
  "#0072B2", /* blue */
  "#009E73", /* bluish green */
  "#E69F00", /* orange */
  "#CC79A7", /* reddish purple */
  "#56B4E9", /* sky blue */
  "#F0E442"  /* yellow */
};

/* Colours of the rest of the picture.  */
#define EDGE_COLOUR "#8C8C8C"
#define LABEL_COLOUR "#333333"
#define COLD_COLOUR "#AAAAAA"
#define COLD_FILL "#F0F0F0"
#define COLD_TEXT "#777777"

/* Widest and narrowest line for an executed CFG edge, in points; an
   edge that never ran is drawn thinner still.  */
#define PEN_MIN 1.0
#define PEN_MAX 5.0
#define PEN_NEVER 0.6
#define PEN_PATH 2.2

/* Graphviz's nslimit: the network simplex that places nodes across
   stops after this many iterations per node.  Most CFGs need far fewer
   (a 176-block function of yaml-cpp: 2882 iterations, 16 a node), and
   are drawn as without it; a C++ test whose calls all have an edge to
   one landing pad, far below (69 nodes, 134 ranks, 8988 nodes once each
   long edge is cut into one per rank), needed 18130 (263 a node): 26 s
   of processor time, 2 s with the bound, for a picture hardly
   different.  */
#define NETWORK_SIMPLEX_LIMIT "30"
/* The same for a page's picture: of expat's test-suite profiles, the
   1000 pictures of the HTML report took 13 s of dot's processor time
   with 30, two thirds of it on the 30 of 100 nodes or more (doProlog:
   2.1 s with 30, 0.75 s with 8), 9 s with 8 (doc/performance.md).  */
#define PAGE_NETWORK_SIMPLEX_LIMIT "8"
/* And its searchsize, the edges of negative cut value that network
   simplex looks through for the best each step (Graphviz's default:
   30): of the same report, 5.99 s of dot's processor time with 10
   against 6.99 s, and 2105 edge crossings in all against 2063.  */
#define PAGE_SEARCH_SIZE "10"

/* Line tokens per row of a block's label before it wraps.  */
#define LINE_TOKENS_PER_ROW 4

/* Counts up to this are written exactly in labels; above, with three
   significant digits and k, M, G, T, P, E (the tooltip has the exact
   count).  */
#define EXACT_LABEL_LIMIT 100000

/* Write COUNT for a label into BUF: exact, or "1.23M" when large.  */

static void
format_count (char *buf, size_t size, uint64_t count)
{
  static const char suffixes[] = "kMGTPE";
  long double v = (long double) count;
  int s = -1;

  if (count < EXACT_LABEL_LIMIT)
    {
      snprintf (buf, size, "%llu", (unsigned long long) count);
      return;
    }
  while (v >= 1000 && s < 5)
    {
      v /= 1000;
      s++;
    }
  snprintf (buf, size, v < 10 ? "%.2Lf%c" : v < 100 ? "%.1Lf%c" : "%.0Lf%c",
	    v, suffixes[s]);
}

/* If the byte at P cannot go into a DOT file as it is, write it as the
   text "\xHH" and return 1: a control character other than tab
   (Graphviz rejects them in HTML-like labels, which are XML, and warns
   of them in strings) or a byte that starts no valid UTF-8 sequence
   (Graphviz reads UTF-8).  A function or file name may hold any byte.
   Otherwise return the length of the character at P, written by the
   caller.  QUOTED doubles the backslash, for a double-quoted string.  */

static size_t
put_unprintable (FILE *out, const unsigned char *p, bool quoted)
{
  int len = 1;

  if ((*p >= 0x20 && *p < 0x7f) || *p == '\t'
      || (*p >= 0x80 && (len = report_utf8_sequence (p)) > 0))
    return (size_t) len;
  fprintf (out, quoted ? "\\\\x%02X" : "\\x%02X", *p);
  return 0;
}

/* Write S inside a DOT double-quoted string: quotes and backslashes
   escaped, newlines as \n, other bytes as put_unprintable says.  */

static void
put_quoted (FILE *out, const char *s)
{
  const unsigned char *p = (const unsigned char *) s;

  while (*p)
    {
      size_t len;
      if (*p == '\n')
	{
	  fputs ("\\n", out);
	  p++;
	  continue;
	}
      len = put_unprintable (out, p, true);
      if (len == 0)
	{
	  p++;
	  continue;
	}
      if (*p == '"' || *p == '\\')
	fputc ('\\', out);
      fwrite (p, 1, len, out);
      p += len;
    }
}

/* Write S inside a DOT HTML-like label: markup characters as
   entities, other bytes as put_unprintable says.  */

static void
put_html (FILE *out, const char *s)
{
  const unsigned char *p = (const unsigned char *) s;

  while (*p)
    {
      size_t len;
      switch (*p)
	{
	case '<':
	  fputs ("&lt;", out);
	  break;
	case '>':
	  fputs ("&gt;", out);
	  break;
	case '&':
	  fputs ("&amp;", out);
	  break;
	case '"':
	  fputs ("&quot;", out);
	  break;
	default:
	  len = put_unprintable (out, p, false);
	  if (len > 0)
	    {
	      fwrite (p, 1, len, out);
	      p += len;
	      continue;
	    }
	}
      p++;
    }
}

/* ------------------------------------------------------------------ */
/* What is drawn.                                                      */

/* One of the top paths.  */
typedef struct top_path
{
  uint64_t id;
  uint64_t count;
  char *start;      /* the text report's start and end markers */
  char *end;
  long first_edge;  /* the first of its CFG edges, or -1 */
} top_path;

/* Everything dump_dot_function works out before writing.  */
typedef struct dot_graph
{
  const report_function *fn;
  const dump_dot_options *opt;
  const report_glyphs *glyphs;
  report_counts counts;
  size_t num_paths;
  top_path *paths;
  uint32_t *edge_paths;   /* [counts.num_edges]: bit K-1 for the path of
			     rank K through the CFG edge */
  uint32_t *block_paths;  /* [meta.num_blocks]: likewise per block */
  bool *exception_exit;   /* [meta.num_blocks]: the block ends its paths
			     by an exception (a DAG edge of kind 8: the
			     plugin's landing pad, or a cleanup's resx) */
  bool any_exception_exit;
  /* Collapsing (dot.h): GROUP[pos] is 0 for a block drawn, else the
     number (from 1) of the node its left-out block joins.  */
  uint32_t *group;
  uint32_t num_groups;
  uint32_t num_hidden;
  uint64_t max_block_count;
  uint64_t max_edge_count;
} dot_graph;

/* The position in meta.blocks of block INDEX, or -1.  */

static long
block_pos (const ppf_meta *m, uint32_t index)
{
  const ppf_block *b = ppf_meta_block (m, index);
  return b ? (long) (b - m->blocks) : -1;
}

/* The position of the CFG edge SRC -> DST in G's edge counts, or -1.  */

static long
edge_pos (const dot_graph *g, uint32_t src, uint32_t dst)
{
  size_t lo = 0, hi = g->counts.num_edges;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      const ppf_edge_count *e = &g->counts.edges[mid];
      if (e->src == src && e->dst == dst)
	return (long) mid;
      if (e->src < src || (e->src == src && e->dst < dst))
	lo = mid + 1;
      else
	hi = mid;
    }
  return -1;
}

/* Choose the OPT->top_paths hottest paths of FN (count descending, then
   path number, as the text report ranks them).  Returns 0 or -1.  */

static int
choose_paths (dot_graph *g)
{
  const report_function *fn = g->fn;
  size_t want = g->opt->top_paths;

  if (want > DUMP_DOT_MAX_PATHS)
    want = DUMP_DOT_MAX_PATHS;
  if (want > fn->num_counts)
    want = (size_t) fn->num_counts;
  g->paths = calloc (want + 1, sizeof *g->paths);
  if (!g->paths)
    return -1;
  for (size_t k = 0; k < want; k++)
    {
      const ppf_count *best = NULL;
      for (uint64_t i = 0; i < fn->num_counts; i++)
	{
	  const ppf_count *c = &fn->counts[i];
	  bool taken = false;
	  for (size_t j = 0; j < k && !taken; j++)
	    taken = g->paths[j].id == c->path;
	  if (!taken && (!best || c->count > best->count))
	    best = c;
	}
      g->num_paths = k + (best != NULL);
      if (!best)
	break;
      g->paths[k].id = best->path;
      g->paths[k].count = best->count;
    }
  return 0;
}

/* Mark the CFG edges and blocks of the chosen paths, and keep their
   markers and text for the legend.  The CFG edges of a path are its real
   edges (from ENTRY, between blocks, to EXIT) and the backedge or cut
   edge it ends with: the one it takes last.  Returns 0 or -1.  */

static int
mark_paths (dot_graph *g)
{
  const report_function *fn = g->fn;
  const ppf_meta *m = &fn->meta;
  report_path path;
  report_path_text text;
  int rc = 0;

  report_path_init (&path);
  report_path_text_init (&text);
  for (size_t k = 0; k < g->num_paths && rc == 0; k++)
    {
      top_path *p = &g->paths[k];
      uint32_t bit = 1u << k;
      char err[256];

      if (report_path_regen (fn, p->id, &path, err, sizeof err) != 0)
	continue; /* load.c regenerated every path already */
      if (report_path_text_build (&text, fn, &path, g->glyphs) != 0)
	{
	  rc = -1;
	  break;
	}
      p->start = strndup (text.text + text.tokens[0].offset,
			  text.tokens[0].len);
      p->end = strndup (text.text + text.tokens[text.num_tokens - 1].offset,
			text.tokens[text.num_tokens - 1].len);
      p->first_edge = -1;
      if (!p->start || !p->end)
	{
	  rc = -1;
	  break;
	}
      for (uint32_t i = 0; i < path.num_edges; i++)
	{
	  const ppf_edge *e = report_path_edge (fn, &path, i);
	  long pos;
	  if (e->kind != PPF_EDGE_REAL && e->kind != PPF_EDGE_BACK_EXIT
	      && e->kind != PPF_EDGE_CUT_EXIT)
	    continue;
	  pos = edge_pos (g, e->cfg_src, e->cfg_dst);
	  if (pos >= 0)
	    g->edge_paths[pos] |= bit;
	  if (pos >= 0 && p->first_edge < 0)
	    p->first_edge = pos;
	  pos = block_pos (m, e->cfg_src);
	  if (pos >= 0)
	    g->block_paths[pos] |= bit;
	  pos = block_pos (m, e->cfg_dst);
	  if (pos >= 0)
	    g->block_paths[pos] |= bit;
	}
    }
  report_path_free (&path);
  report_path_text_free (&text);
  return rc;
}

/* Order block positions by count descending (then position), for
   choosing the blocks drawn in a large function.  */

static const uint64_t *sort_counts;

static int
compare_hotter (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

  if (sort_counts[x] != sort_counts[y])
    return sort_counts[x] > sort_counts[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Union-find over block positions, for the runs of left-out blocks.  */

static uint32_t
find_root (uint32_t *parent, uint32_t x)
{
  while (parent[x] != x)
    {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
  return x;
}

/* Above OPT->max_blocks blocks (ENTRY and EXIT not counted), choose the
   blocks drawn: those of the coloured paths, then the others by
   decreasing count until there are max_blocks.  The blocks left out
   that CFG edges join form runs; each run is drawn as one node.
   Returns 0 or -1.  */

static int
collapse_blocks (dot_graph *g)
{
  const ppf_meta *m = &g->fn->meta;
  uint32_t n = m->num_blocks, kept = 0;
  uint32_t *order = NULL, *parent = NULL, *root_group = NULL;
  int rc = -1;

  g->group = calloc (n + 1, sizeof *g->group);
  if (!g->group)
    return -1;
  if (g->opt->max_blocks == 0 || n <= 2 || n - 2 <= g->opt->max_blocks)
    return 0;
  order = malloc (n * sizeof *order);
  parent = malloc (n * sizeof *parent);
  root_group = calloc (n, sizeof *root_group);
  if (!order || !parent || !root_group)
    goto done;
  for (uint32_t p = 0; p < n; p++)
    {
      order[p] = p;
      parent[p] = p;
      g->group[p] = 1; /* left out until chosen */
    }
  for (uint32_t p = 0; p < n; p++)
    if (p < 2 || g->block_paths[p])
      {
	g->group[p] = 0;
	kept += p >= 2;
      }
  sort_counts = g->counts.block_counts;
  qsort (order, n, sizeof *order, compare_hotter);
  for (uint32_t i = 0; i < n && kept < g->opt->max_blocks; i++)
    if (g->group[order[i]] && g->counts.block_counts[order[i]] > 0)
      {
	g->group[order[i]] = 0;
	kept++;
      }
  /* Runs: left-out blocks joined by a CFG edge.  */
  for (size_t e = 0; e < g->counts.num_edges; e++)
    {
      long s = block_pos (m, g->counts.edges[e].src);
      long d = block_pos (m, g->counts.edges[e].dst);
      if (s >= 0 && d >= 0 && g->group[s] && g->group[d])
	parent[find_root (parent, s)] = find_root (parent, d);
    }
  for (uint32_t p = 0; p < n; p++)
    if (g->group[p])
      {
	uint32_t r = find_root (parent, p);
	if (!root_group[r])
	  root_group[r] = ++g->num_groups;
	g->group[p] = root_group[r];
	g->num_hidden++;
      }
  rc = 0;
done:
  free (order);
  free (parent);
  free (root_group);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Writing.                                                            */

/* Write the node id of block INDEX: "entry", "exit", "bN", or "hK" for
   the node of a run of left-out blocks.  */

static void
put_node_id (FILE *out, const dot_graph *g, uint32_t index)
{
  long pos = block_pos (&g->fn->meta, index);

  if (index == 0)
    fputs ("entry", out);
  else if (index == 1)
    fputs ("exit", out);
  else if (pos >= 0 && g->group[pos])
    fprintf (out, "h%u", g->group[pos]);
  else
    fprintf (out, "b%u", index);
}

/* Write the lines of block B as the text report names them, runs of
   consecutive lines as "a-b", a line of another file than the
   function's as FILE:LINE, LINE_TOKENS_PER_ROW per row of the label
   ("\n" between rows).  Nothing for a block without lines.  */

static void
put_block_lines (FILE *out, const report_function *fn, const ppf_block *b)
{
  const ppf_meta *m = &fn->meta;
  size_t tokens = 0;

  for (uint32_t i = 0, j; i < b->num_lines; i = j)
    {
      const ppf_line *first = &b->lines[i];
      char name[256] = "";
      for (j = i + 1; j < b->num_lines && b->lines[j].file == first->file
		      && b->lines[j].line == b->lines[j - 1].line + 1;
	   j++)
	;
      if (first->file != m->file && first->file < m->num_files)
	snprintf (name, sizeof name, "%s:", fn->short_files[first->file]);
      if (tokens)
	fputs (tokens % LINE_TOKENS_PER_ROW ? ", " : ",\\n", out);
      put_quoted (out, name);
      if (j - 1 > i)
	fprintf (out, "%u-%u", first->line, b->lines[j - 1].line);
      else
	fprintf (out, "%u", first->line);
      tokens++;
    }
}

/* The classes of a node or edge on the paths of mask BITS:
   "path1 path3".  */

static void
put_path_classes (FILE *out, uint32_t bits)
{
  bool first = true;

  for (unsigned k = 0; k < DUMP_DOT_MAX_PATHS; k++)
    if (bits & (1u << k))
      {
	fprintf (out, "%spath%u", first ? "" : " ", k + 1);
	first = false;
      }
}

/* Mark the blocks whose paths end by an exception: the sources of the
   DAG edges of kind 8.  */

static void
mark_exception_exits (dot_graph *g)
{
  const ppf_meta *m = &g->fn->meta;

  for (uint32_t e = 0; e < m->num_edges; e++)
    if (m->edges[e].kind == PPF_EDGE_UNWIND_EXIT)
      {
	long pos = block_pos (m, m->edges[e].cfg_src);
	if (pos >= 0)
	  g->exception_exit[pos] = g->any_exception_exit = true;
      }
}

/* Write the nodes of the blocks drawn.  A block where paths leave by an
   exception says so ("exception exit" under its lines, if it has any),
   in a small dashed box: the plugin's landing pads have no line, and
   were grey boxes reading only "0" that crowded the pictures of C++
   functions (one per call that may throw).  */

static void
put_block_nodes (FILE *out, const dot_graph *g)
{
  const report_function *fn = g->fn;
  const ppf_meta *m = &fn->meta;
  char count[32];

  for (uint32_t p = 0; p < m->num_blocks; p++)
    {
      const ppf_block *b = &m->blocks[p];
      uint64_t c = p == 0 ? g->counts.entry_count : g->counts.block_counts[p];

      if (g->group[p])
	continue;
      format_count (count, sizeof count, c);
      fputs ("  ", out);
      put_node_id (out, g, b->index);
      fputs (" [id=\"", out);
      put_node_id (out, g, b->index);
      fputs ("\", ", out);
      if (p < 2)
	fprintf (out, "shape=oval, label=\"%s\\n%s\"",
		 p == 0 ? "entry" : "exit", count);
      else
	{
	  fputs ("label=\"", out);
	  put_block_lines (out, fn, b);
	  fprintf (out, "%s%s%s\"", b->num_lines ? "\\n" : "",
		   g->exception_exit[p] ? "exception exit\\n" : "", count);
	}
      fprintf (out, ", tooltip=\"bb%u: %llu\"", b->index,
	       (unsigned long long) c);
      fputs (", class=\"block", out);
      if (g->block_paths[p])
	fputc (' ', out);
      put_path_classes (out, g->block_paths[p]);
      if (g->exception_exit[p])
	fputs (" exception\", style=\"rounded,filled,dashed\", fontsize=8, "
	       "height=0.2, margin=\"0.05,0.01\"", out);
      else
	fputc ('"', out);
      if (c == 0)
	fputs (", color=\"" COLD_COLOUR "\", fillcolor=\"" COLD_FILL
	       "\", fontcolor=\"" COLD_TEXT "\"", out);
      fputs ("];\n", out);
    }
}

/* Write the nodes of the runs of left-out blocks: how many blocks, the
   range of their lines in the function's file, and the highest count
   among them.  */

static int
put_group_nodes (FILE *out, const dot_graph *g)
{
  const ppf_meta *m = &g->fn->meta;
  uint32_t *blocks = calloc (g->num_groups + 1, sizeof *blocks);
  uint32_t *lo = calloc (g->num_groups + 1, sizeof *lo);
  uint32_t *hi = calloc (g->num_groups + 1, sizeof *hi);
  uint64_t *max = calloc (g->num_groups + 1, sizeof *max);
  char count[32];

  if (!blocks || !lo || !hi || !max)
    {
      free (blocks);
      free (lo);
      free (hi);
      free (max);
      return -1;
    }
  for (uint32_t p = 0; p < m->num_blocks; p++)
    {
      uint32_t k = g->group[p];
      if (!k)
	continue;
      blocks[k]++;
      if (g->counts.block_counts[p] > max[k])
	max[k] = g->counts.block_counts[p];
      for (uint32_t i = 0; i < m->blocks[p].num_lines; i++)
	{
	  const ppf_line *l = &m->blocks[p].lines[i];
	  if (l->file != m->file)
	    continue;
	  if (!lo[k] || l->line < lo[k])
	    lo[k] = l->line;
	  if (l->line > hi[k])
	    hi[k] = l->line;
	}
    }
  for (uint32_t k = 1; k <= g->num_groups; k++)
    {
      fprintf (out, "  h%u [id=\"h%u\", shape=box3d, "
	       "label=\"%u block%s not shown",
	       k, k, blocks[k], blocks[k] == 1 ? "" : "s");
      if (lo[k] == hi[k] && lo[k])
	fprintf (out, "\\nline %u", lo[k]);
      else if (lo[k])
	fprintf (out, "\\nlines %u-%u", lo[k], hi[k]);
      format_count (count, sizeof count, max[k]);
      if (max[k] && blocks[k] == 1)
	fprintf (out, "\\nran %s times\"", count);
      else if (max[k])
	fprintf (out, "\\neach ran at most %s times\"", count);
      else
	fputs ("\\nnever executed\"", out);
      fputs (", class=\"collapsed\", style=\"filled,dashed\", color=\""
	     COLD_COLOUR "\", fillcolor=\"" COLD_FILL "\", fontcolor=\""
	     COLD_TEXT "\"];\n", out);
    }
  free (blocks);
  free (lo);
  free (hi);
  free (max);
  return 0;
}

/* The width of a CFG edge that ran COUNT times: PEN_MIN for once,
   PEN_MAX for the function's most executed edge, logarithmic between,
   so that an edge ten times hotter looks wider by the same step
   whatever the counts.  */

static double
edge_width (const dot_graph *g, uint64_t count)
{
  double top;

  if (count == 0)
    return PEN_NEVER;
  top = log ((double) g->max_edge_count);
  if (top <= 0)
    return PEN_MAX;
  return PEN_MIN + (PEN_MAX - PEN_MIN) * log ((double) count) / top;
}

/* Write the attributes that say what kind of CFG edge KIND is: dashed
   backedges, dotted cut edges, grey restart edges.  */

static void
put_kind_style (FILE *out, uint32_t kind)
{
  if (kind == PPF_CFG_BACKEDGE)
    fputs (", style=dashed", out);
  else if (kind == PPF_CFG_CUT)
    fputs (", style=dotted", out);
  else if (kind == PPF_CFG_RESTART)
    fputs (", style=\"dashed\", arrowhead=empty", out);
}

/* Write the CFG edges between blocks drawn, each labelled with its
   count and the outcome of the branch that takes it.  */

static void
put_cfg_edges (FILE *out, const dot_graph *g)
{
  const ppf_meta *m = &g->fn->meta;
  char count[32];

  for (size_t i = 0; i < g->counts.num_edges; i++)
    {
      const ppf_edge_count *e = &g->counts.edges[i];
      long s = block_pos (m, e->src), d = block_pos (m, e->dst);
      const ppf_branch *br = ppf_meta_branch (m, e->src, e->dst);

      if ((s >= 0 && g->group[s]) || (d >= 0 && g->group[d]))
	continue;
      format_count (count, sizeof count, e->count);
      fputs ("  ", out);
      put_node_id (out, g, e->src);
      fputs (" -> ", out);
      put_node_id (out, g, e->dst);
      fprintf (out, " [id=\"e%u_%u\", class=\"cfg %s", e->src, e->dst,
	       report_edge_kind_name (e->kind));
      if (g->edge_paths[i])
	fputc (' ', out);
      put_path_classes (out, g->edge_paths[i]);
      if (g->opt->page_legend)
	for (size_t k = 0; k < g->num_paths; k++)
	  if ((long) i == g->paths[k].first_edge)
	    fprintf (out, " start%zu", k + 1);
      fputs ("\", label=\"", out);
      if (br)
	{
	  put_quoted (out, br->label);
	  fputs ("\\n", out);
	}
      fprintf (out, "%s\", tooltip=\"bb%u %s bb%u: %llu", count, e->src,
	       g->glyphs->arrow, e->dst, (unsigned long long) e->count);
      if (e->kind != PPF_CFG_FORWARD && e->kind != PPF_CFG_RESTART)
	fprintf (out, " (%s, %llu paths started after it)",
		 report_edge_kind_name (e->kind),
		 (unsigned long long) e->started);
      fprintf (out, "\", penwidth=%.2f", edge_width (g, e->count));
      put_kind_style (out, e->kind);
      if (e->count == 0)
	fputs (", color=\"" COLD_COLOUR "\", fontcolor=\"" COLD_TEXT "\"",
	       out);
      fputs ("];\n", out);
    }
}

/* One edge into or out of a run of left-out blocks.  */
typedef struct group_edge
{
  int64_t src, dst;   /* a block number, or -K for the run hK */
  uint32_t kind;       /* enum ppf_cfg_kind */
  uint64_t count;
} group_edge;

static int
compare_group_edges (const void *a, const void *b)
{
  const group_edge *x = a, *y = b;

  if (x->src != y->src)
    return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst)
    return x->dst < y->dst ? -1 : 1;
  return x->kind < y->kind ? -1 : x->kind > y->kind;
}

/* Write the edges into and out of the runs of left-out blocks, one per
   pair of nodes and kind of CFG edge, with the sum of the counts of the
   CFG edges it stands for.  Returns 0 or -1.  */

static int
put_group_edges (FILE *out, const dot_graph *g)
{
  const ppf_meta *m = &g->fn->meta;
  group_edge *edges = malloc ((g->counts.num_edges + 1) * sizeof *edges);
  size_t n = 0;
  char count[32];

  if (!edges)
    return -1;
  for (size_t i = 0; i < g->counts.num_edges; i++)
    {
      const ppf_edge_count *e = &g->counts.edges[i];
      long s = block_pos (m, e->src), d = block_pos (m, e->dst);
      int64_t sk = s >= 0 && g->group[s] ? -(int64_t) g->group[s] : e->src;
      int64_t dk = d >= 0 && g->group[d] ? -(int64_t) g->group[d] : e->dst;
      if ((sk >= 0 && dk >= 0) || sk == dk)
	continue;
      edges[n].src = sk;
      edges[n].dst = dk;
      edges[n].kind = e->kind;
      edges[n].count = e->count;
      n++;
    }
  qsort (edges, n, sizeof *edges, compare_group_edges);
  for (size_t i = 0, j; i < n; i = j)
    {
      uint64_t sum = 0;
      for (j = i; j < n && compare_group_edges (&edges[i], &edges[j]) == 0;
	   j++)
	sum = sum + edges[j].count < sum ? UINT64_MAX : sum + edges[j].count;
      format_count (count, sizeof count, sum);
      fputs ("  ", out);
      if (edges[i].src < 0)
	fprintf (out, "h%lld", (long long) -edges[i].src);
      else
	put_node_id (out, g, (uint32_t) edges[i].src);
      fputs (" -> ", out);
      if (edges[i].dst < 0)
	fprintf (out, "h%lld", (long long) -edges[i].dst);
      else
	put_node_id (out, g, (uint32_t) edges[i].dst);
      fprintf (out, " [class=\"cfg %s collapsed\", label=\"%s\", "
	       "penwidth=%.2f, color=\"%s\"",
	       report_edge_kind_name (edges[i].kind), count,
	       edge_width (g, sum), sum ? EDGE_COLOUR : COLD_COLOUR);
      put_kind_style (out, edges[i].kind);
      fputs ("];\n", out);
    }
  free (edges);
  return 0;
}

/* Write each coloured path's edges again, in its colour, beside the CFG
   edges: id "pK_S_D", class "pathK".  The first one is marked with K at
   its tail, so that a reader finds where the path starts.  */

static void
put_path_edges (FILE *out, const dot_graph *g)
{
  for (size_t k = 0; k < g->num_paths; k++)
    {
      for (size_t i = 0; i < g->counts.num_edges; i++)
	{
	  const ppf_edge_count *e = &g->counts.edges[i];
	  if (!(g->edge_paths[i] & (1u << k)))
	    continue;
	  fputs ("  ", out);
	  put_node_id (out, g, e->src);
	  fputs (" -> ", out);
	  put_node_id (out, g, e->dst);
	  fprintf (out, " [id=\"p%zu_%u_%u\", class=\"path path%zu\", "
		   "color=\"%s\", penwidth=%.1f, arrowsize=0.5, "
		   "tooltip=\"path %zu\"", k + 1, e->src, e->dst, k + 1,
		   path_colours[k], PEN_PATH, k + 1);
	  put_kind_style (out, e->kind);
	  if ((long) i == g->paths[k].first_edge)
	    fprintf (out, ", taillabel=\"%zu\", fontcolor=\"%s\", "
		     "labelfontsize=10", k + 1, path_colours[k]);
	  fputs ("];\n", out);
	}
    }
}

/* Write the legend: one row per coloured path (its colour, rank, count,
   share of the function's path executions, start and end), then what
   the line styles mean.  */

static void
put_legend (FILE *out, const dot_graph *g)
{
  const report_function *fn = g->fn;
  const ppf_meta *m = &fn->meta;
  char total[REPORT_SUM_DIGITS], potential[32], share[REPORT_PERCENT_SIZE];
  const char *file = m->file < m->num_files ? fn->short_files[m->file] : "";

  fputs ("  legend [id=\"legend\", shape=plaintext, margin=0, "
	 "label=<<table border=\"0\" "
	 "cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">\n", out);
  fputs ("    <tr><td colspan=\"5\" align=\"left\"><b>", out);
  put_html (out, fn->label ? fn->label : m->name);
  fputs ("</b>", out);
  if (file[0])
    {
      fputs (" (", out);
      put_html (out, file);
      fprintf (out, ":%u)", m->line);
    }
  snprintf (potential, sizeof potential, "%llu",
	    (unsigned long long) m->num_paths);
  fprintf (out, ": %llu of %s paths ran, %s times</td></tr>\n",
	   (unsigned long long) fn->num_complete, potential,
	   report_sum_format (&fn->executions, total));
  if (g->num_paths)
    fputs ("    <tr><td></td><td>path</td><td>count</td><td>share</td>"
	   "<td align=\"left\">start, end</td></tr>\n", out);
  for (size_t k = 0; k < g->num_paths; k++)
    {
      const top_path *p = &g->paths[k];
      report_percent (share, (long double) p->count,
		      report_sum_value (&fn->executions));
      fprintf (out, "    <tr><td bgcolor=\"%s\" width=\"16\"></td><td>%zu</td>"
	       "<td align=\"right\">%llu</td><td align=\"right\">",
	       path_colours[k], k + 1, (unsigned long long) p->count);
      /* "<0.01%", ">99.99%".  */
      put_html (out, share);
      fputs ("</td><td align=\"left\">", out);
      put_html (out, p->start ? p->start : "");
      fputs (" ", out);
      put_html (out, g->glyphs->arrow);
      fputs (" ", out);
      put_html (out, p->end ? p->end : "");
      fputs ("</td></tr>\n", out);
    }
  fputs ("    <tr><td colspan=\"5\" align=\"left\"><font point-size=\"9\">"
	 "blocks: source lines, count<br align=\"left\"/>"
	 "edges: branch taken, count; wider: more often<br align=\"left\"/>"
	 "dashed: backedge; dotted: cut edge; light: never ran", out);
  if (g->any_exception_exit)
    fputs ("<br align=\"left\"/>exception exit: paths end there when an "
	   "exception leaves the function", out);
  if (g->num_paths)
    fputs ("<br align=\"left\"/>coloured: the paths above, numbered at "
	   "their start<br align=\"left\"/>share: of the function's path "
	   "executions", out);
  fputs ("<br align=\"left\"/></font></td></tr>\n  </table>>];\n", out);
}

/* Write the legend of a page's picture to OUT as HTML: as put_legend's,
   less the function's name and totals, which the page has, and what the
   line styles mean, which the page says once for every picture
   (html-function.c); the colours are the script's (pathprof.js), by
   class "pathK".  */

static void
put_page_legend (FILE *out, const dot_graph *g)
{
  const report_function *fn = g->fn;
  char share[REPORT_PERCENT_SIZE];

  if (!g->num_paths && !g->any_exception_exit)
    return;
  fputs ("<table class=\"legend\">", out);
  if (g->num_paths)
    fputs ("<tr><th></th><th>path</th><th>count</th><th>share</th>"
	   "<th>start, end</th></tr>", out);
  for (size_t k = 0; k < g->num_paths; k++)
    {
      const top_path *p = &g->paths[k];
      report_percent (share, (long double) p->count,
		      report_sum_value (&fn->executions));
      fprintf (out, "<tr><td class=\"swatch path%zu\"></td><td>%zu</td>"
	       "<td class=\"num\">%llu</td><td class=\"num\">", k + 1,
	       k + 1, (unsigned long long) p->count);
      put_html (out, share);
      fputs ("</td><td>", out);
      put_html (out, p->start ? p->start : "");
      fputs (" ", out);
      put_html (out, g->glyphs->arrow);
      fputs (" ", out);
      put_html (out, p->end ? p->end : "");
      fputs ("</td></tr>", out);
    }
  if (g->any_exception_exit)
    fputs ("<tr><td colspan=\"5\">exception exit: paths end there when "
	   "an exception leaves the function</td></tr>", out);
  fputs ("</table>", out);
}

/* Write FN's CFG as DOT: see dot.h.  */

int
dump_dot_function (FILE *out, const report_data *data,
		   const report_function *fn, const dump_dot_options *opt)
{
  const ppf_meta *m = &fn->meta;
  dot_graph g;
  int rc = -1;

  (void) data;
  memset (&g, 0, sizeof g);
  g.fn = fn;
  g.opt = opt;
  g.glyphs = report_glyphs_for (opt->utf8);
  if (report_derive_counts (fn, &g.counts) != 0)
    return -1;
  g.edge_paths = calloc (g.counts.num_edges + 1, sizeof *g.edge_paths);
  g.block_paths = calloc (m->num_blocks + 1, sizeof *g.block_paths);
  g.exception_exit = calloc (m->num_blocks + 1, sizeof *g.exception_exit);
  if (!g.edge_paths || !g.block_paths || !g.exception_exit
      || choose_paths (&g) != 0
      || mark_paths (&g) != 0 || collapse_blocks (&g) != 0)
    goto done;
  mark_exception_exits (&g);
  if (opt->max_nodes
      && m->num_blocks - g.num_hidden + g.num_groups > opt->max_nodes)
    {
      rc = 1;
      goto done;
    }
  for (size_t i = 0; i < g.counts.num_edges; i++)
    if (g.counts.edges[i].count > g.max_edge_count)
      g.max_edge_count = g.counts.edges[i].count;

  fputs ("digraph \"", out);
  put_quoted (out, fn->label ? fn->label : m->name);
  fputs ("\" {\n", out);
  fprintf (out, "  graph [fontname=\"Helvetica\", nodesep=0.25, "
	   "ranksep=0.3, nslimit=%s, %stooltip=\"",
	   opt->page_legend ? PAGE_NETWORK_SIMPLEX_LIMIT
			    : NETWORK_SIMPLEX_LIMIT,
	   opt->page_legend ? "searchsize=" PAGE_SEARCH_SIZE ", " : "");
  put_quoted (out, fn->label ? fn->label : m->name);
  fputs ("\"];\n", out);
  fputs ("  node [shape=box, style=\"rounded,filled\", fillcolor=\"white\", "
	 "fontname=\"Helvetica\", fontsize=10, margin=\"0.1,0.03\", "
	 "height=0.3];\n", out);
  fputs ("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6, "
	 "color=\"" EDGE_COLOUR "\", fontcolor=\"" LABEL_COLOUR "\"];\n",
	 out);
  if (opt->page_legend)
    put_page_legend (opt->page_legend, &g);
  else
    put_legend (out, &g);
  if (g.num_hidden)
    {
      fprintf (out, "  note [id=\"note\", shape=note, fontsize=9, "
	       "label=\"%u blocks: "
	       "%u drawn (the coloured paths' and the hottest),\\n%u left "
	       "out, shown as %u grey node%s\"];\n",
	       m->num_blocks - 2, m->num_blocks - 2 - g.num_hidden,
	       g.num_hidden, g.num_groups, g.num_groups == 1 ? "" : "s");
      if (!opt->quiet)
	fprintf (stderr, "%s: %s: %u blocks, more than %zu: %u drawn, %u "
		 "left out as %u node%s\n", report_program_name,
		 fn->label ? fn->label : m->name, m->num_blocks - 2,
		 opt->max_blocks, m->num_blocks - 2 - g.num_hidden,
		 g.num_hidden, g.num_groups, g.num_groups == 1 ? "" : "s");
    }
  put_block_nodes (out, &g);
  if (put_group_nodes (out, &g) != 0)
    goto done;
  put_cfg_edges (out, &g);
  if (put_group_edges (out, &g) != 0)
    goto done;
  if (!opt->page_legend)
    put_path_edges (out, &g);
  fputs ("}\n", out);
  rc = 0;
done:
  for (size_t k = 0; k < g.num_paths; k++)
    {
      free (g.paths[k].start);
      free (g.paths[k].end);
    }
  free (g.paths);
  free (g.edge_paths);
  free (g.block_paths);
  free (g.exception_exit);
  free (g.group);
  report_counts_free (&g.counts);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Rendering.                                                          */

/* Start dot -TFORMAT with its input from IN_PIPE and its output into
   OUT_PIPE, both made here; the ends that dot holds are closed (-1) on
   return.  Sets *PID.  Returns 0, or -1 after saying why (not when
   posix_spawn_file_actions_init fails).  */

static int
spawn_dot (const char *format, int in_pipe[2], int out_pipe[2], pid_t *pid)
{
  posix_spawn_file_actions_t actions;
  char type[32];
  char *argv[] = { "dot", type, NULL };
  int err;

  snprintf (type, sizeof type, "-T%s", format);
  if (pipe (in_pipe) != 0 || pipe (out_pipe) != 0)
    {
      fprintf (stderr, "%s: cannot run dot: %s\n", report_program_name,
	       strerror (errno));
      return -1;
    }
  if (posix_spawn_file_actions_init (&actions) != 0)
    return -1;
  posix_spawn_file_actions_adddup2 (&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2 (&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose (&actions, in_pipe[1]);
  posix_spawn_file_actions_addclose (&actions, out_pipe[0]);
  err = posix_spawnp (pid, "dot", &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  if (err != 0)
    {
      if (err == ENOENT)
	fprintf (stderr, "%s: cannot find Graphviz's dot to make %s: "
		 "install the Debian package graphviz (apt-get install "
		 "graphviz), or write DOT with --dot and render it "
		 "elsewhere\n", report_program_name, format);
      else
	fprintf (stderr, "%s: cannot run dot: %s\n", report_program_name,
		 strerror (err));
      return -1;
    }
  close (in_pipe[0]);
  close (out_pipe[1]);
  in_pipe[0] = out_pipe[1] = -1;
  return 0;
}

/* Write the LEN bytes of DOT_TEXT to dot's input, IN_FD, and copy its
   output, OUT_FD, to OUT until dot closes it; each fd is closed (-1)
   when done with.  Sets *OUT_ERROR when a write to OUT failed.  */

static void
exchange_with_dot (const char *dot_text, size_t len, int *in_fd,
		   int *out_fd, FILE *out, bool *out_error)
{
  struct sigaction ignore, saved;
  size_t written = 0;

  /* dot may stop reading early (a syntax error): a write then fails with
     EPIPE rather than killing us.  */
  memset (&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigaction (SIGPIPE, &ignore, &saved);
  if (len == 0)
    {
      close (*in_fd);
      *in_fd = -1;
    }
  while (*out_fd >= 0)
    {
      struct pollfd fds[2];
      nfds_t nfds = 0;
      fds[nfds].fd = *out_fd;
      fds[nfds++].events = POLLIN;
      if (*in_fd >= 0)
	{
	  fds[nfds].fd = *in_fd;
	  fds[nfds++].events = POLLOUT;
	}
      if (poll (fds, nfds, -1) < 0)
	{
	  if (errno == EINTR)
	    continue;
	  break;
	}
      if (nfds > 1 && fds[1].revents)
	{
	  ssize_t n = write (*in_fd, dot_text + written, len - written);
	  if (n > 0)
	    written += (size_t) n;
	  if (n < 0 && errno != EINTR && errno != EAGAIN)
	    written = len; /* dot stopped reading: its status says why */
	  if (written == len)
	    {
	      close (*in_fd);
	      *in_fd = -1;
	    }
	}
      if (fds[0].revents)
	{
	  char buf[65536];
	  ssize_t n = read (*out_fd, buf, sizeof buf);
	  if (n > 0)
	    {
	      if (fwrite (buf, 1, (size_t) n, out) != (size_t) n)
		*out_error = true;
	    }
	  else if (n == 0 || (errno != EINTR && errno != EAGAIN))
	    {
	      close (*out_fd);
	      *out_fd = -1;
	    }
	}
    }
  sigaction (SIGPIPE, &saved, NULL);
}

/* Wait for dot -TFORMAT, process PID, and say how it ended if not well
   (OUT_ERROR: its output could not be written).  Returns 0 or -1.  */

static int
wait_for_dot (pid_t pid, const char *format, bool out_error)
{
  int status;

  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      {
	fprintf (stderr, "%s: dot: %s\n", report_program_name,
		 strerror (errno));
	return -1;
      }
  if (WIFEXITED (status) && WEXITSTATUS (status) == 0)
    {
      if (!out_error)
	return 0;
      fprintf (stderr, "%s: cannot write dot's output: %s\n",
	       report_program_name, strerror (errno));
    }
  else if (WIFEXITED (status))
    fprintf (stderr, "%s: dot -T%s failed (exit status %d)\n",
	     report_program_name, format, WEXITSTATUS (status));
  else if (WIFSIGNALED (status))
    fprintf (stderr, "%s: dot -T%s was killed by signal %d\n",
	     report_program_name, format, WTERMSIG (status));
  return -1;
}

/* Render DOT_TEXT with dot -TFORMAT into OUT: see dot.h.  dot's input
   is written and its output read at once (poll), so that neither side
   waits for the other whatever the sizes.  */

int
dump_dot_render (const char *dot_text, size_t len, const char *format,
		 FILE *out)
{
  int in_pipe[2] = { -1, -1 }, out_pipe[2] = { -1, -1 };
  bool out_error = false;
  pid_t pid;
  int rc = -1;

  if (spawn_dot (format, in_pipe, out_pipe, &pid) == 0)
    {
      exchange_with_dot (dot_text, len, &in_pipe[1], &out_pipe[0], out,
			 &out_error);
      rc = wait_for_dot (pid, format, out_error);
    }
  for (int i = 0; i < 2; i++)
    {
      if (in_pipe[i] >= 0)
	close (in_pipe[i]);
      if (out_pipe[i] >= 0)
	close (out_pipe[i]);
    }
  return rc;
}
