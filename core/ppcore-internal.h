/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: the working state shared by the files of the
   core while a plan is built.  Not installed, not used outside core/.

   pp_plan_build (plan.c) runs these steps on one pp_work:

     cfg.c        validate the CFG, reachability from ENTRY, degrees
     dag.c        the Ball-Larus DAG: real edges, backedge, noreturn and
		  restart dummies (section 4, traps 2-6), adjacency,
		  topological order; which edges may carry code or a count
     numbering.c  NumPaths and Val (Figure 5), truncation (section 5.3)
     spantree.c   maximum spanning tree, potentials, chord increments
		  (section 3.3, Figure 7)
     placement.c  operations per DAG edge: Figure 8 folding, or the naive
		  oracle
     probes.c     operations per CFG site, relocation off PP_CFG_NO_CODE
		  edges
     starts.c     path starts: the operations that begin the paths of
		  each DAG edge out of ENTRY, and the probe that holds
		  them

   all above work.c (pp_fail, pp_xcalloc), and each using only those
   listed before it (cfg.c none; dag.c cfg.c; numbering.c dag.c;
   spantree.c dag.c; placement.c spantree.c dag.c; probes.c dag.c cfg.c;
   starts.c dag.c cfg.c): no circle.  regen.c, path regeneration for
   the readers, uses none of them.

   Everything is linear in the size of the graph except the sorts.  No
   step recurses.  */

#ifndef PATHPROF_PPCORE_INTERNAL_H
#define PATHPROF_PPCORE_INTERNAL_H

#include "ppcore.h"

/* One DAG edge while the plan is built.  Index = DAG edge id: the order of
   creation, which is deterministic (CFG edge order, restart dummies
   included, then noreturn dummies, then cut dummies in the order the cuts
   are made).  */
typedef struct pp_work_edge
{
  uint32_t src, dst;
  uint32_t kind;       /* enum pp_dag_kind */
  uint32_t cfg_edge;   /* PP_NONE for NORETURN_EXIT, UNWIND_EXIT and
			  EARLY_EXIT */
  uint32_t call;       /* EARLY_EXIT: index into cfg->call_blocks */
  bool live;           /* false once the edge has been cut (trap 10) */
  bool on_tree;
  double weight;       /* estimated frequency, set by pp_dag_weigh */
  uint64_t val;        /* Val(e), Figure 5 */
  uint64_t inc;        /* Inc(e) modulo 2^64 if a chord, else 0 */
  uint32_t num_ops;
  pp_op ops[2];
} pp_work_edge;

typedef struct pp_work
{
  const pp_cfg *cfg;
  uint64_t max_paths;      /* opts->max_paths */
  bool naive;              /* opts->naive */
  bool plain_tree;         /* opts->plain_tree */
  uint64_t hot_first_above; /* opts->hot_first_above */
  bool apart_exits;        /* opts->apart_exits */
  uint32_t nv;             /* cfg->num_blocks */

  /* cfg.c */
  bool *reachable;         /* [nv]: from ENTRY and from the destinations
			      of restart edges, over all CFG edges; EXIT
			      is always set (it is the DAG's sink) */
  uint32_t *cfg_outdeg;    /* [nv]: CFG successors, every edge counted */
  uint32_t *cfg_indeg;     /* [nv]: CFG predecessors, every edge counted */
  uint32_t *flow_outdeg;   /* [nv]: CFG successors over edges other than
			      PP_CFG_RESTART; a reachable block with none
			      gets a noreturn dummy */
  uint32_t num_reachable;

  /* dag.c */
  uint32_t ne, cap;        /* DAG edges created / allocated */
  pp_work_edge *e;
  /* Adjacency over live edges, rebuilt by pp_dag_index: the out-edges of
     V are out_list[out_start[V] .. out_start[V + 1]), likewise in.  */
  uint32_t *out_start, *out_list;
  uint32_t *in_start, *in_list;
  uint32_t *topo;          /* reachable vertices, topological order;
			      topo[0] = ENTRY */
  uint32_t ntopo;
  uint32_t num_backedges, num_cut_edges;

  /* numbering.c */
  uint64_t *num_paths;     /* [nv] NumPaths(v) */

  /* spantree.c */
  uint64_t *phi;           /* [nv] tree potentials */

  char *err;
  size_t errlen;
} pp_work;

/* work.c */
int pp_fail (pp_work *w, const char *fmt, ...)
#ifdef __GNUC__
  __attribute__ ((format (printf, 2, 3)))
#endif
  ;
void *pp_xcalloc (pp_work *w, size_t n, size_t size);

/* cfg.c */
int pp_cfg_validate (pp_work *w);
int pp_cfg_reachability (pp_work *w);
bool pp_cfg_edge_relocation (const pp_cfg *cfg, const uint32_t *outdeg,
			     const uint32_t *indeg, uint32_t edge,
			     uint32_t *site, uint32_t *index);

/* dag.c */
bool pp_dag_kind_is_exit_dummy (uint32_t kind);
void pp_dag_map_cfg_edges (const pp_work *w, uint32_t *real, uint32_t *to_exit,
			   uint32_t *from_entry);
int pp_dag_build (pp_work *w);
uint32_t pp_dag_add_edge (pp_work *w, uint32_t src, uint32_t dst,
			  uint32_t kind, uint32_t cfg_edge);
int pp_dag_index (pp_work *w);
bool pp_edge_can_carry_code (const pp_work *w, uint32_t edge);
bool pp_edge_can_count (const pp_work *w, uint32_t edge);
bool pp_block_may_not_return (const pp_work *w, uint32_t block);
int pp_dag_topo (pp_work *w);
int pp_dag_weigh (pp_work *w);

/* numbering.c */
int pp_number_paths (pp_work *w);

/* spantree.c */
bool pp_dag_edge_is_free (const pp_work *w, uint32_t edge);
int pp_spanning_tree (pp_work *w);
int pp_forest_potentials (pp_work *w, const bool *in_forest, uint64_t *pot,
			  uint32_t *num_reached);
int pp_chord_increments (pp_work *w);

/* placement.c */
int pp_place_optimized (pp_work *w);
int pp_place_naive (pp_work *w);

/* probes.c */
int pp_make_probes (pp_work *w, pp_plan *plan);

/* starts.c */
int pp_make_starts (pp_work *w, pp_plan *plan);

/* Saturating unsigned addition: NumPaths sums are checked against a limit
   below 2^63, so saturation at UINT64_MAX is as good as an exact value
   for every comparison made.  */
static inline uint64_t
pp_sat_add (uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Union-find "find" with path halving: the representative of V in the
   forest PARENT (a root is its own parent).  */
static inline uint32_t
pp_uf_find (uint32_t *parent, uint32_t v)
{
  while (parent[v] != v)
    {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
  return v;
}

#endif /* PATHPROF_PPCORE_INTERNAL_H */
