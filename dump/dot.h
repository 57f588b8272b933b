/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One function's CFG as a Graphviz DOT graph, and its rendering to SVG
   or PNG by Graphviz's dot.

   The graph (dot.c says how it is drawn; doc/pathprof-dump.md, "--dot: the
   CFG as a picture", for users):
   - one node per block, id "bN" for block N (the compiler's number, as
     --edges names it), labelled with its source lines as the text
     report names them ("12-14", "hdr.h:20") and its count; ENTRY and
     EXIT are "entry" and "exit"; a block where paths leave by an
     exception (DAG edge kind 8) is a small dashed box that says
     "exception exit", class "block exception";
   - one edge per CFG edge (parallel ones are one, as in --edges), id
     "eS_D" for blocks S and D, classes "cfg KIND" (KIND edge, backedge,
     cut or restart) and "pathK" for each coloured path of rank K
     through it, labelled with the branch outcome where the meta records
     it ("true", "case 3") and its derived count (--edges), its width
     growing with the logarithm of its count; backedges dashed, cut
     edges dotted, edges that never ran thin and light grey;
   - the top paths in colour (Okabe-Ito palette, safe for colour
     blindness): each path's CFG edges are drawn again beside them in
     its colour, id "pK_S_D", classes "path pathK", the first one with
     K at its tail; a block's classes are "block" and its paths';
   - a legend node "legend": each coloured path's rank, count, share,
     start and end, and the line styles;
   - above OPT->max_blocks blocks (0: no limit), the blocks of the top
     paths are kept, then the others by decreasing count up to the
     limit, and each run of left-out blocks is one node "hK", "N blocks
     not shown"; a note node "note" and a line on stderr say so.

   Graphviz (2.40 and later) copies ids and classes into SVG, so that a
   page can highlight path K by styling ".pathK".

   For a page (OPT->page_legend): no legend node (the legend, a <table
   class="legend">, goes to OPT->page_legend), and no
   coloured copies of the paths' edges: the page's script draws them
   beside the CFG edges whose classes name their paths, and the number
   K at the tail of the CFG edge of class "startK"; and the network
   simplex is bounded lower (PAGE_NETWORK_SIMPLEX_LIMIT, dot.c), for
   the report draws hundreds of pictures.  */

#ifndef PATHPROF_DUMP_DOT_H
#define PATHPROF_DUMP_DOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "profile-data.h"

/* Paths drawn in colour without -k, and the most there are colours
   for.  */
#define DUMP_DOT_DEFAULT_PATHS 3
#define DUMP_DOT_MAX_PATHS 7
/* Blocks drawn without --max-blocks.  */
#define DUMP_DOT_DEFAULT_BLOCKS 150

typedef struct dump_dot_options
{
  size_t top_paths;   /* paths drawn in colour */
  size_t max_blocks;  /* larger functions: cold blocks collapsed */
  bool utf8;          /* labels may use "→" */
  size_t max_nodes;   /* 0, or the most nodes a graph may have (the
			 coloured paths' blocks may pass max_blocks);
			 Graphviz's time grows faster than its nodes */
  FILE *page_legend;  /* NULL; or the graph is laid out for a page's
			 script (the HTML report), which draws it, and
			 the legend goes here as HTML (see below) */
  bool quiet;         /* no note on stderr of the blocks left out (a
			 graph written again) */
} dump_dot_options;

/* Write FN's CFG as a DOT graph to OUT.  Returns 0; 1, writing nothing,
   if it would have more than OPT->max_nodes nodes (blocks drawn and
   nodes of left-out runs); or -1 if memory ran out.  */
int dump_dot_function (FILE *out, const report_data *data,
		       const report_function *fn, const dump_dot_options *opt);

/* Render DOT_TEXT (LEN bytes) with Graphviz's dot into FORMAT ("svg" or
   "png"), written to OUT.  Returns 0; or -1 after a message on stderr
   (dot missing: say to install graphviz; dot failed: its status).  */
int dump_dot_render (const char *dot_text, size_t len, const char *format,
		     FILE *out);

#endif /* PATHPROF_DUMP_DOT_H */
