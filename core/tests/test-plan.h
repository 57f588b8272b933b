/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Looking things up in a plan (core/ppcore.h), for the core's unit
   tests: a DAG edge by kind and source or CFG edge, a probe by site.
   PP_NONE is UINT32_MAX, what the tests compare with.  */

#ifndef PATHPROF_TEST_PLAN_H
#define PATHPROF_TEST_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ppcore.h"

/* The DAG edge of KIND from SRC for early-exit call CALL (PP_NONE: any
   call, or a kind that has none), or PP_NONE.  */
static inline uint32_t
find_dummy (const pp_plan *plan, uint32_t kind, uint32_t src, uint32_t call)
{
  for (uint32_t k = 0; k < plan->num_dag_edges; k++)
    if (plan->dag_edges[k].kind == kind && plan->dag_edges[k].src == src
	&& (call == PP_NONE || plan->dag_edges[k].call == call))
      return k;
  return PP_NONE;
}

/* The DAG edge of KIND standing for CFG edge CFG_EDGE, or PP_NONE.  */
static inline uint32_t
find_dag_edge (const pp_plan *plan, uint32_t kind, uint32_t cfg_edge)
{
  for (uint32_t k = 0; k < plan->num_dag_edges; k++)
    if (plan->dag_edges[k].kind == kind
	&& plan->dag_edges[k].cfg_edge == cfg_edge)
      return k;
  return PP_NONE;
}

/* The NORETURN dummy of block B, or PP_NONE.  */
static inline uint32_t
find_noreturn (const pp_plan *plan, uint32_t b)
{
  return find_dummy (plan, PP_DAG_NORETURN_EXIT, b, PP_NONE);
}

/* The probe at SITE INDEX, or NULL.  */
static inline const pp_probe *
find_probe (const pp_plan *plan, uint32_t site, uint32_t index)
{
  for (uint32_t k = 0; k < plan->num_probes; k++)
    if (plan->probes[k].site == site && plan->probes[k].index == index)
      return &plan->probes[k];
  return NULL;
}

/* Whether DAG edge K of PLAN (built from CFG) is free, as the tests
   define it independently of core/spantree.c: it leaves ENTRY, or it
   enters EXIT from a block that can never be absorbing, one with another
   DAG out-edge, flagged PP_BLOCK_MAY_NOT_RETURN, or a restart receiver.
   The same code goes on such an edge as a chord or as a tree edge.  */
static inline bool
plan_edge_is_free (const pp_cfg *cfg, const pp_plan *plan, uint32_t k)
{
  const pp_dag_edge *e = &plan->dag_edges[k];
  if (e->src == PP_ENTRY)
    return true;
  if (e->dst != PP_EXIT)
    return false;
  if (cfg->block_flags != NULL
      && (cfg->block_flags[e->src] & PP_BLOCK_MAY_NOT_RETURN))
    return true;
  uint32_t out = 0;
  bool receiver = false;
  for (uint32_t i = 0; i < plan->num_dag_edges; i++)
    {
      out += plan->dag_edges[i].src == e->src;
      receiver |= plan->dag_edges[i].kind == PP_DAG_RESTART_ENTRY
		  && plan->dag_edges[i].dst == e->src;
    }
  return out > 1 || receiver;
}

#endif /* PATHPROF_TEST_PLAN_H */
