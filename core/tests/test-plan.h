/* Looking things up in a plan (core/ppcore.h), for the core's unit
   tests: a DAG edge by kind and source or CFG edge, a probe by site.
   PP_NONE is UINT32_MAX, what the tests compare with.  */

#ifndef PATHPROF_TEST_PLAN_H
#define PATHPROF_TEST_PLAN_H

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

#endif /* PATHPROF_TEST_PLAN_H */
