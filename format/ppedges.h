/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function's edge profile, derived from its path profile.

   A path profile determines the edge profile: every executed path adds
   its count to each of its DAG edges, and each DAG edge stands for one
   CFG edge (doc/file-format.md, Edge):
     - a real edge (kind 0) for itself;
     - a backedge u->v is taken once per path that ENDS with its
       u->EXIT dummy (kind 2).  The paths that START after it, with its
       ENTRY->v dummy (kind 1), count the same traversals unless the path
       in progress was lost (exit, longjmp or an exception in a callee;
       pathprof_reset between the two halves): the end count is what
       completed, so that is the edge's count, and the start count is
       kept beside it ("started") so that a difference can be shown;
     - a cut edge likewise (kinds 4 and 3);
     - a restart edge (from GCC's abnormal dispatcher to the receiver of a
       longjmp or nonlocal goto) is taken once per path that starts with
       its ENTRY->receiver dummy (kind 6): the path that jumped is lost,
       nothing ends there.  Its source, the dispatcher, never runs and
       need not be in the file;
     - a noreturn dummy (kind 5) is no CFG edge.
   Two parallel CFG edges between the same blocks merge: the file names a
   CFG edge by its endpoints only.

   Users: pathprof-dump (its --edges, --lines, --annotate and JSON counts,
   report/derive.c) and the plugin's use=FILE, which weights the spanning
   tree by the edge counts of an earlier run (doc/plugin.md).  Paths are
   regenerated with the core's pp_regen, so this module needs the core;
   the runtime, which only reads and writes files, does not link it.

   Counts are 64-bit and saturate at 2^64-1.  No global state; every
   structure returned owns its memory, released by the matching *_free.  */

#ifndef PATHPROF_PPEDGES_H
#define PATHPROF_PPEDGES_H

#include <stddef.h>
#include <stdint.h>

#include "ppcore.h"
#include "ppformat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A function's DAG as regeneration sees it: vertices are positions in
   meta.blocks (0 ENTRY and 1 EXIT, as the format requires), so that
   sparse or huge block numbers cost nothing.  REGEN keeps pointers into
   the arrays.  */
typedef struct ppf_dag
{
  uint32_t num_edges;  /* meta.num_edges */
  uint32_t *src;       /* [num_edges] */
  uint32_t *dst;
  uint64_t *val;
  pp_regen *regen;
} ppf_dag;

/* Index M's DAG into *DAG and prepare regeneration.  Returns PPF_OK, or
   PPF_EBAD (an edge joins an unlisted block, or pp_regen_new refused the
   DAG) or PPF_ENOMEM with the reason in ERR; *DAG is then empty.  */
int ppf_dag_init (ppf_dag *dag, const ppf_meta *m, char *err, size_t errlen);
void ppf_dag_free (ppf_dag *dag);

/* Fill OUT[0 .. DAG->num_edges - 1] with the count of each DAG edge: the
   sum of the counts of the executed paths COUNTS[0 .. NUM_COUNTS - 1]
   through it.  Returns PPF_OK, PPF_ENOMEM, or PPF_EBAD with the reason
   in ERR if a path does not regenerate from the DAG.  */
int ppf_dag_edge_counts (const ppf_dag *dag, const ppf_count *counts,
			 uint64_t num_counts, uint64_t *out, char *err,
			 size_t errlen);

/* What a CFG edge of the edge profile is.  */
enum ppf_cfg_kind
{
  PPF_CFG_FORWARD = 0,   /* a CFG edge of the DAG */
  PPF_CFG_BACKEDGE = 1,  /* removed from the DAG as a backedge */
  PPF_CFG_CUT = 2,       /* removed to bound the number of paths */
  PPF_CFG_RESTART = 3    /* from GCC's abnormal dispatcher to where a
			    longjmp or nonlocal goto lands */
};

/* One CFG edge (or several parallel ones) and how often it ran.  */
typedef struct ppf_edge_count
{
  uint32_t src, dst;  /* block numbers */
  uint32_t kind;      /* enum ppf_cfg_kind */
  uint64_t count;     /* traversals */
  uint64_t started;   /* backedge or cut: paths started after it; equal
			 to COUNT unless a path was lost (COUNT for the
			 other kinds) */
} ppf_edge_count;

/* The CFG edges of M with their counts, from the DAG edge counts
   DAG_COUNTS[meta.num_edges]: a malloc'd array in *EDGES of *NUM edges,
   sorted by source block, then destination.  Returns PPF_OK or
   PPF_ENOMEM.  */
int ppf_cfg_edge_counts (const ppf_meta *m, const uint64_t *dag_counts,
			 ppf_edge_count **edges, size_t *num);

/* ------------------------------------------------------------------ */
/* A whole file's edge profile, for the plugin's use=FILE.             */

typedef struct ppf_function_edges
{
  char *name;              /* assembler name (meta.name) */
  char *unit;              /* its unit's main file (ppf_function_unit):
			      a merged file holds several units, and a
			      static function of one may share its name
			      with another's */
  uint32_t num_blocks;
  uint32_t *blocks;        /* the block numbers the meta lists,
			      increasing */
  size_t num_edges;
  ppf_edge_count *edges;   /* as ppf_cfg_edge_counts gives them */
} ppf_function_edges;

typedef struct ppf_edge_profile
{
  char *unit_name;
  uint64_t runs;
  uint32_t num_functions;
  ppf_function_edges *functions;  /* sorted by name */
} ppf_edge_profile;

/* Read the .pathprof file PATH and derive the edge counts of each of its
   functions.  The file is accepted whole or not at all, as pathprof-dump
   accepts it: besides ppf_read's checks, every executed path must
   regenerate.  Returns PPF_OK, or PPF_ENOENT, PPF_EIO, PPF_EBAD or
   PPF_ENOMEM with a reason in ERR (not naming PATH: the caller does).  */
int ppf_edge_profile_read (const char *path, ppf_edge_profile *out,
			   char *err, size_t errlen);
/* The function of P whose assembler name is NAME, or NULL; in a merged
   profile, where functions of several units may share the name (static
   functions), the first of them, which are adjacent in P->functions,
   ordered by unit: *NUM, if not NULL, says how many there are.  */
const ppf_function_edges *ppf_edge_profile_find (const ppf_edge_profile *p,
						 const char *name,
						 uint32_t *num);
void ppf_edge_profile_free (ppf_edge_profile *p);

/* Check that F describes CFG, block for block: every CFG edge F lists is
   an edge of CFG, and every edge of CFG that leaves a block F lists is
   in F (F lists the blocks reachable when it was compiled; GCC numbers
   blocks the same way for the same source and options).  Then write
   into COUNTS[CFG->num_edges] each edge's count, 0 for edges F does not
   list (out of unreachable blocks); parallel edges of CFG get the count
   of all of them.  Returns 0, or -1 with the first difference in WHY
   (e.g. "edge 3->5 of the profile is not in the CFG").  */
int ppf_edges_on_cfg (const ppf_function_edges *f, const pp_cfg *cfg,
		      uint64_t *counts, char *why, size_t whylen);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PPEDGES_H */
