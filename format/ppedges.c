/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function's edge profile, derived from its path profile: see
   ppedges.h for what the counts mean and why.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppedges.h"

/* A file's DAG edge kinds are the core's (the plugin stores a
   pp_dag_edge's kind as a ppf_edge's, cfg-bridge.cc); this file, which
   sees both, holds them to it.  */
#define SAME_KIND(K) \
  _Static_assert ((int) PPF_EDGE_##K == (int) PP_DAG_##K, "edge kind " #K)
SAME_KIND (REAL);
SAME_KIND (BACK_ENTRY);
SAME_KIND (BACK_EXIT);
SAME_KIND (CUT_ENTRY);
SAME_KIND (CUT_EXIT);
SAME_KIND (NORETURN_EXIT);
SAME_KIND (RESTART_ENTRY);
SAME_KIND (EARLY_EXIT);
SAME_KIND (UNWIND_EXIT);
#undef SAME_KIND

/* ------------------------------------------------------------------ */
/* The DAG and its edge counts.                                        */

/* Index M's DAG by block positions and prepare regeneration.  */

int
ppf_dag_init (ppf_dag *dag, const ppf_meta *m, char *err, size_t errlen)
{
  char why[256];

  memset (dag, 0, sizeof *dag);
  dag->src = malloc ((m->num_edges + 1) * sizeof *dag->src);
  dag->dst = malloc ((m->num_edges + 1) * sizeof *dag->dst);
  dag->val = malloc ((m->num_edges + 1) * sizeof *dag->val);
  if (!dag->src || !dag->dst || !dag->val)
    {
      ppf_dag_free (dag);
      snprintf (err, errlen, "out of memory");
      return PPF_ENOMEM;
    }
  for (uint32_t e = 0; e < m->num_edges; e++)
    {
      const ppf_block *src = ppf_meta_block (m, m->edges[e].src);
      const ppf_block *dst = ppf_meta_block (m, m->edges[e].dst);

      if (!src || !dst)
	{
	  ppf_dag_free (dag);
	  snprintf (err, errlen, "DAG edge %u joins a block that does not "
		     "exist", e);
	  return PPF_EBAD;
	}
      dag->src[e] = (uint32_t) (src - m->blocks);
      dag->dst[e] = (uint32_t) (dst - m->blocks);
      dag->val[e] = m->edges[e].val;
    }
  dag->num_edges = m->num_edges;
  /* Early exits apart take no part in the numbering.  */
  bool *apart = NULL;
  if (m->flags & PPF_FN_APART)
    {
      apart = calloc (m->num_edges + 1, sizeof *apart);
      if (!apart)
	{
	  ppf_dag_free (dag);
	  snprintf (err, errlen, "out of memory");
	  return PPF_ENOMEM;
	}
      for (uint32_t e = 0; e < m->num_edges; e++)
	apart[e] = m->edges[e].kind == PPF_EDGE_EARLY_EXIT;
    }
  dag->regen = pp_regen_new_apart (m->num_blocks, m->num_edges, dag->src,
				   dag->dst, dag->val, apart, why,
				   sizeof why);
  free (apart);
  if (!dag->regen)
    {
      ppf_dag_free (dag);
      snprintf (err, errlen, "DAG: %s", why);
      return PPF_EBAD;
    }
  if (pp_regen_num_paths (dag->regen) != m->num_paths)
    {
      snprintf (err, errlen, "DAG: %llu paths, the meta says %llu",
		(unsigned long long) pp_regen_num_paths (dag->regen),
		(unsigned long long) m->num_paths);
      ppf_dag_free (dag);
      return PPF_EBAD;
    }
  return PPF_OK;
}

/* Release DAG's memory and leave it empty.  */

void
ppf_dag_free (ppf_dag *dag)
{
  if (dag->regen)
    pp_regen_free (dag->regen);
  free (dag->src);
  free (dag->dst);
  free (dag->val);
  memset (dag, 0, sizeof *dag);
}

/* Regenerate each executed path and add its count to its DAG edges.  A
   path of a DAG uses each edge at most once, so num_edges + 1 entries
   are always room enough.  */

int
ppf_dag_edge_counts (const ppf_dag *dag, const ppf_count *counts,
		     uint64_t num_counts, uint64_t *out, char *err,
		     size_t errlen)
{
  uint32_t *path = malloc ((dag->num_edges + 1) * sizeof *path);
  uint32_t len;

  if (!path)
    {
      snprintf (err, errlen, "out of memory");
      return PPF_ENOMEM;
    }
  memset (out, 0, dag->num_edges * sizeof *out);
  for (uint64_t k = 0; k < num_counts; k++)
    {
      if (!dag->regen
	  || pp_regen_path (dag->regen, counts[k].path, path,
			    dag->num_edges + 1, &len) != 0)
	{
	  snprintf (err, errlen, "path %llu does not regenerate from its "
		     "DAG", (unsigned long long) counts[k].path);
	  free (path);
	  return PPF_EBAD;
	}
      for (uint32_t i = 0; i < len; i++)
	out[path[i]] = ppf_count_add (out[path[i]], counts[k].count);
    }
  free (path);
  return PPF_OK;
}

/* Order ppf_edge_count by source block, then destination.  */

static int
compare_edge_counts (const void *a, const void *b)
{
  const ppf_edge_count *x = a, *y = b;

  if (x->src != y->src)
    return x->src < y->src ? -1 : 1;
  if (x->dst != y->dst)
    return x->dst < y->dst ? -1 : 1;
  return 0;
}

/* One ppf_edge_count per CFG edge behind M's DAG edges (the kinds of
   ppedges.h), parallel ones merged.  */

int
ppf_cfg_edge_counts (const ppf_meta *m, const uint64_t *dag_counts,
		     ppf_edge_count **edges_out, size_t *num)
{
  ppf_edge_count *edges = malloc ((m->num_edges + 1) * sizeof *edges);
  size_t n = 0, merged = 0;

  *edges_out = NULL;
  *num = 0;
  if (!edges)
    return PPF_ENOMEM;
  for (uint32_t e = 0; e < m->num_edges; e++)
    {
      const ppf_edge *de = &m->edges[e];
      ppf_edge_count *c = &edges[n];

      c->src = de->cfg_src;
      c->dst = de->cfg_dst;
      c->count = c->started = 0;
      switch (de->kind)
	{
	case PPF_EDGE_REAL:
	  c->kind = PPF_CFG_FORWARD;
	  c->count = c->started = dag_counts[e];
	  break;
	case PPF_EDGE_BACK_ENTRY:
	  c->kind = PPF_CFG_BACKEDGE;
	  c->started = dag_counts[e];
	  break;
	case PPF_EDGE_BACK_EXIT:
	  c->kind = PPF_CFG_BACKEDGE;
	  c->count = dag_counts[e];
	  break;
	case PPF_EDGE_CUT_ENTRY:
	  c->kind = PPF_CFG_CUT;
	  c->started = dag_counts[e];
	  break;
	case PPF_EDGE_CUT_EXIT:
	  c->kind = PPF_CFG_CUT;
	  c->count = dag_counts[e];
	  break;
	case PPF_EDGE_RESTART_ENTRY:
	  /* Taken once per path that starts after it: nothing ends at a
	     jump that does not return.  */
	  c->kind = PPF_CFG_RESTART;
	  c->count = c->started = dag_counts[e];
	  break;
	default:
	  /* A noreturn dummy stands for no CFG edge.  */
	  continue;
	}
      n++;
    }
  qsort (edges, n, sizeof *edges, compare_edge_counts);
  for (size_t i = 0; i < n; i++)
    {
      if (merged && compare_edge_counts (&edges[merged - 1], &edges[i]) == 0)
	{
	  ppf_edge_count *c = &edges[merged - 1];
	  c->count = ppf_count_add (c->count, edges[i].count);
	  c->started = ppf_count_add (c->started, edges[i].started);
	  /* A backedge parallel to a forward edge: say backedge.  */
	  if (edges[i].kind > c->kind)
	    c->kind = edges[i].kind;
	}
      else
	edges[merged++] = edges[i];
    }
  *edges_out = edges;
  *num = merged;
  return PPF_OK;
}

/* ------------------------------------------------------------------ */
/* A whole file.                                                       */

/* Release F's memory.  */

static void
function_edges_free (ppf_function_edges *f)
{
  free (f->name);
  free (f->unit);
  free (f->blocks);
  free (f->edges);
  memset (f, 0, sizeof *f);
}

/* Derive the edge profile of PF, function INDEX of its file, into
   *OUT.  */

static int
function_edges (const ppf_function *pf, uint32_t index, const char *unit,
		ppf_function_edges *out, char *err, size_t errlen)
{
  ppf_meta m;
  ppf_dag dag;
  uint64_t *dag_counts = NULL;
  char why[256];
  int rc;

  memset (out, 0, sizeof *out);
  rc = ppf_meta_decode (pf->meta, pf->meta_size, &m, why, sizeof why);
  if (rc != PPF_OK)
    {
      snprintf (err, errlen, "function %u: %s", index, why);
      return rc;
    }
  rc = ppf_dag_init (&dag, &m, why, sizeof why);
  if (rc != PPF_OK)
    {
      snprintf (err, errlen, "function %.200s: %s", m.name, why);
      ppf_meta_free (&m);
      return rc;
    }
  dag_counts = malloc ((m.num_edges + 1) * sizeof *dag_counts);
  out->name = strdup (m.name);
  out->unit = strdup (unit ? unit : "");
  out->blocks = malloc ((m.num_blocks + 1) * sizeof *out->blocks);
  if (!dag_counts || !out->name || !out->unit || !out->blocks)
    rc = PPF_ENOMEM;
  else
    rc = ppf_dag_edge_counts (&dag, pf->counts, pf->num_counts, dag_counts,
			      why, sizeof why);
  if (rc == PPF_OK)
    rc = ppf_cfg_edge_counts (&m, dag_counts, &out->edges,
			      &out->num_edges);
  if (rc == PPF_OK)
    {
      for (uint32_t b = 0; b < m.num_blocks; b++)
	out->blocks[b] = m.blocks[b].index;
      out->num_blocks = m.num_blocks;
    }
  else
    {
      snprintf (err, errlen, "function %.200s: %s", m.name,
		 rc == PPF_ENOMEM ? "out of memory" : why);
      function_edges_free (out);
    }
  free (dag_counts);
  ppf_dag_free (&dag);
  ppf_meta_free (&m);
  return rc;
}

/* Order ppf_function_edges by name, then unit.  */

static int
compare_functions (const void *a, const void *b)
{
  const ppf_function_edges *x = a, *y = b;
  int by_name = strcmp (x->name, y->name);

  return by_name ? by_name : strcmp (x->unit, y->unit);
}

/* Read PATH and derive every function's edge profile.  */

int
ppf_edge_profile_read (const char *path, ppf_edge_profile *out, char *err,
		       size_t errlen)
{
  ppf_file file;
  int rc;

  memset (out, 0, sizeof *out);
  rc = ppf_read (path, &file, err, errlen);
  if (rc != PPF_OK)
    return rc;
  out->runs = file.runs;
  out->unit_name = strdup (file.unit_name ? file.unit_name : "");
  out->functions = calloc (file.num_functions + 1, sizeof *out->functions);
  if (!out->unit_name || !out->functions)
    {
      snprintf (err, errlen, "out of memory");
      rc = PPF_ENOMEM;
    }
  for (uint32_t i = 0; rc == PPF_OK && i < file.num_functions; i++)
    {
      rc = function_edges (&file.functions[i], i,
			   ppf_function_unit (&file, i), &out->functions[i],
			   err, errlen);
      if (rc == PPF_OK)
	out->num_functions++;
    }
  ppf_file_free (&file);
  if (rc != PPF_OK)
    {
      ppf_edge_profile_free (out);
      return rc;
    }
  qsort (out->functions, out->num_functions, sizeof *out->functions,
	 compare_functions);
  return PPF_OK;
}

/* The first function named NAME and how many follow: a binary
   search for the lowest.  */

const ppf_function_edges *
ppf_edge_profile_find (const ppf_edge_profile *p, const char *name,
		       uint32_t *num)
{
  uint32_t lo = 0, hi = p->num_functions, end;

  while (lo < hi)
    {
      uint32_t mid = lo + (hi - lo) / 2;
      if (strcmp (p->functions[mid].name, name) < 0)
	lo = mid + 1;
      else
	hi = mid;
    }
  for (end = lo; end < p->num_functions
		 && strcmp (p->functions[end].name, name) == 0; end++)
    ;
  if (num)
    *num = end - lo;
  return end > lo ? &p->functions[lo] : NULL;
}

/* Release P's memory and leave it empty.  */

void
ppf_edge_profile_free (ppf_edge_profile *p)
{
  for (uint32_t i = 0; i < p->num_functions; i++)
    function_edges_free (&p->functions[i]);
  free (p->functions);
  free (p->unit_name);
  memset (p, 0, sizeof *p);
}

/* ------------------------------------------------------------------ */
/* Matching a CFG.                                                     */

/* Order uint32_t block numbers.  */

static int
compare_blocks (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;

  return x < y ? -1 : x > y;
}

/* F's edge SRC->DST, or NULL.  */

static const ppf_edge_count *
find_edge (const ppf_function_edges *f, uint32_t src, uint32_t dst)
{
  ppf_edge_count key = { .src = src, .dst = dst };

  return bsearch (&key, f->edges, f->num_edges, sizeof *f->edges,
		  compare_edge_counts);
}

/* Match F to CFG and give CFG's edges F's counts.  CFG's edges, sorted
   by endpoints as F's are, answer "is F's edge in the CFG" by binary
   search.  */

int
ppf_edges_on_cfg (const ppf_function_edges *f, const pp_cfg *cfg,
		  uint64_t *counts, char *why, size_t whylen)
{
  ppf_edge_count *sorted = malloc ((cfg->num_edges + 1) * sizeof *sorted);
  int rc = 0;

  if (!sorted)
    {
      snprintf (why, whylen, "out of memory");
      return -1;
    }
  for (uint32_t i = 0; i < cfg->num_edges; i++)
    {
      const pp_cfg_edge *ce = &cfg->edges[i];
      const ppf_edge_count *fe = find_edge (f, ce->src, ce->dst);

      sorted[i].src = ce->src;
      sorted[i].dst = ce->dst;
      counts[i] = fe ? fe->count : 0;
      if (!fe && bsearch (&ce->src, f->blocks, f->num_blocks,
			  sizeof *f->blocks, compare_blocks))
	{
	  snprintf (why, whylen, "edge %u->%u is not in the profile",
		     ce->src, ce->dst);
	  rc = -1;
	  break;
	}
    }
  if (rc == 0)
    {
      qsort (sorted, cfg->num_edges, sizeof *sorted, compare_edge_counts);
      for (size_t k = 0; k < f->num_edges; k++)
	if (!bsearch (&f->edges[k], sorted, cfg->num_edges, sizeof *sorted,
		      compare_edge_counts))
	  {
	    snprintf (why, whylen, "edge %u->%u of the profile is not in "
		       "the CFG", f->edges[k].src, f->edges[k].dst);
	    rc = -1;
	    break;
	  }
    }
  free (sorted);
  return rc;
}
