/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: the operations each DAG edge performs on the
   path register R and the counters (section 3.4, Figure 8).

   Plain event counting would do R = 0 at ENTRY, R += Inc(c) on every
   chord c and count[R]++ at EXIT.  Figure 8 moves the two ends inward:

   Counting (backward from EXIT).  A vertex w is absorbing if w is EXIT,
   or w has exactly one DAG out-edge, it is a tree edge, and its
   destination is absorbing: from w the path goes to EXIT without any
   chord, so R does not change after w and the count can happen when the
   path enters the absorbing region.  Every ENTRY->EXIT path starts
   outside it (ENTRY is never absorbing, see below) and ends inside, and
   the region is closed under successors, so every path crosses exactly
   one "frontier" edge v->w (v not absorbing, w absorbing).  A frontier
   chord does count[R + Inc]++ (COUNT Inc), a frontier tree edge
   count[R]++ (COUNT 0).

   Initialisation (forward from ENTRY).  Let K hold ENTRY and every vertex
   whose only DAG in-edge comes from a vertex of K, tree edge or chord:
   there every path has come the same way, so the conceptual R is a
   constant known at compile time, KV(v) = KV(u) + Inc(u->v) (0 at ENTRY,
   Inc 0 on tree edges).  Paper Figure 8 has the case KV = 0 (tree edges
   only); carrying the value through chords too is what makes a chord out
   of ENTRY free (spantree.c): it needs no code, and the edges after it
   keep the constant forms.  R is never initialised at ENTRY, and never
   written inside U, the part of K above the first write (U = K but for
   the moves below): leaving U, an edge does R = KV(src) + Inc (SET), or
   at the frontier count[KV(src) + Inc]++ (COUNT_CONST) with a constant
   index, the cheap case of design section 6.  Below U but in K, R holds
   KV already: a chord there does R = KV(src) + Inc, nothing if its Inc
   is 0; a frontier edge still counts with a constant index.  Outside K
   chords do R += Inc (ADD), nothing if Inc is 0.  So R is never read
   before it is written: the path register starts with garbage.

   No ENTRY->EXIT path uses tree edges only: with the fictitious
   EXIT->ENTRY edge it would close a cycle in the tree.  Hence ENTRY is
   not absorbing.  A vertex of K (or of U) may be absorbing when a chord
   leads to it: its in-edge is then the frontier, COUNT_CONST, which is
   checked first.

   Blocks that may not return (PP_BLOCK_MAY_NOT_RETURN: a call in them may
   exit, longjmp or throw past us) are never absorbing, so no path through
   them is counted before their end: a path cut short in the call is lost,
   as in section 3.6, never counted as complete.  Vertices that were
   absorbing only through such a block lose it too, by definition.

   Receivers (destinations of restart dummies ENTRY->s, PP_CFG_RESTART:
   where a longjmp or nonlocal goto lands) are neither in K nor
   absorbing, whatever their in- and out-edges.  The restart dummy's
   code runs only when control arrived by the jump (the plugin selects
   R = arrived_normally ? R : value where s resumes), so it must be
   exactly R = value: in K, s would let a tree dummy go without a SET
   (R is garbage after the jump), and absorbing, s would fold the count
   of the paths it starts into the dummy, which would then not count the
   paths arriving normally.  Out of K and not absorbing, the dummy is
   never a frontier edge and, leaving ENTRY, always gets a SET: Inc as
   a chord, 0 as a tree edge (s is out of U).  The edges into s and out
   of s are placed as without the restart edge, but with s out of K: on
   a normal arrival R has been written before s, and the select keeps
   it.

   Edges that cannot carry code (design trap 7).  A tree edge standing for
   a PP_CFG_NO_CODE CFG edge whose code cannot be relocated (a "stuck"
   edge, see pp_edge_can_carry_code) must get no operation.  Two kinds of
   operation fall on tree edges, and each can be moved:
     - COUNT 0 on a frontier tree edge v->w: make w not absorbing (and
       every vertex that was absorbing only through w); the frontier then
       moves to w's out-edge, further towards EXIT.  This may repeat; EXIT
       stays absorbing, so a stuck edge into EXIT is reported by probes.c.
       The same move keeps counts off edges whose code would go to the end
       of a block that may not return (pp_edge_can_count), chords
       included: those edges keep their R update, the count moves on.
     - SET KV on a tree edge v->w out of U: R must hold KV(v) before v
       already; let U lose v, so the SET moves to v's in-edge, towards
       ENTRY.  Vertices below v in K stay in K (R is known there), so
       their edges keep the cheap SET and COUNT_CONST forms.
   Both are greatest-fixpoint computations over work lists: each vertex
   changes at most once, so the whole is linear.  The two do not interact:
   the first only moves counts between edges at the absorbing side, the
   second only SETs between edges inside K.  What cannot be moved
   (a stuck chord, a stuck backedge) is left in place and probes.c
   reports it.  */

#include <stdlib.h>

#include "ppcore-internal.h"

/* Give edge E the single operation KIND VALUE.  */
static void
set_op (pp_work_edge *e, uint32_t kind, uint64_t value)
{
  e->num_ops = 1;
  e->ops[0].kind = kind;
  e->ops[0].value = value;
}

/* The only live out-edge of V, or PP_NONE.  */
static uint32_t
single_out (const pp_work *w, uint32_t v)
{
  return w->out_start[v + 1] - w->out_start[v] == 1
	   ? w->out_list[w->out_start[v]]
	   : PP_NONE;
}

/* The only live in-edge of V, or PP_NONE.  */
static uint32_t
single_in (const pp_work *w, uint32_t v)
{
  return w->in_start[v + 1] - w->in_start[v] == 1 ? w->in_list[w->in_start[v]]
						   : PP_NONE;
}

/* Queue vertex X for removal from the absorbing region, unless it is EXIT
   or already out.  */
static void
unabsorb (bool *absorbing, uint32_t *queue, uint32_t *tail, uint32_t x)
{
  if (x == PP_EXIT || !absorbing[x])
    return;
  absorbing[x] = false;
  queue[(*tail)++] = x;
}

/* Whether edge I must not be a frontier edge: it cannot take the count
   (see pp_edge_can_count), and moving the count off it helps, that is
   the edge then needs no code at all (a tree edge) or can carry the
   other operations (a chord that is not stuck).  */
static bool
must_not_count (const pp_work *w, const bool *stuck, const bool *no_count,
		uint32_t i)
{
  return no_count[i] && (w->e[i].on_tree || !stuck[i]);
}

/* The absorbing region, shrunk until no edge that cannot count is a
   frontier edge, and without blocks that may not return or RECEIVERs
   (see the file comment).  */
static void
compute_absorbing (pp_work *w, const bool *stuck, const bool *no_count,
		   const bool *receiver, bool *absorbing, uint32_t *queue)
{
  for (uint32_t i = w->ntopo; i-- > 0;)
    {
      uint32_t v = w->topo[i], out = single_out (w, v);
      absorbing[v] = v == PP_EXIT
		     || (out != PP_NONE && w->e[out].on_tree
			 && absorbing[w->e[out].dst]
			 && !pp_block_may_not_return (w, v) && !receiver[v]);
    }
  uint32_t head = 0, tail = 0;
  for (uint32_t i = 0; i < w->ne; i++)
    {
      const pp_work_edge *e = &w->e[i];
      if (e->live && must_not_count (w, stuck, no_count, i)
	  && !absorbing[e->src] && absorbing[e->dst])
	unabsorb (absorbing, queue, &tail, e->dst);
    }
  while (head < tail)
    {
      uint32_t x = queue[head++];
      /* Vertices absorbing only through X.  */
      for (uint32_t p = w->in_start[x]; p < w->in_start[x + 1]; p++)
	unabsorb (absorbing, queue, &tail, w->e[w->in_list[p]].src);
      /* X's out-edge is now a frontier edge.  */
      uint32_t out = single_out (w, x);
      if (out != PP_NONE && must_not_count (w, stuck, no_count, out))
	unabsorb (absorbing, queue, &tail, w->e[out].dst);
    }
}

/* K and U of the file comment: KNOWN[v] if the conceptual R at v is the
   same on every path, KNOWN_VALUE[v], computed at compile time; UNSET[v]
   if moreover R has not been written yet.  RECEIVERs are never in K.  */
static void
compute_register_state (pp_work *w, const bool *stuck, const bool *absorbing,
			const bool *receiver, bool *known,
			uint64_t *known_value, bool *unset, bool *dropped)
{
  for (uint32_t i = 0; i < w->ntopo; i++)
    {
      uint32_t v = w->topo[i], in = single_in (w, v);
      known[v] = v == PP_ENTRY
		 || (in != PP_NONE && known[w->e[in].src] && !receiver[v]);
      known_value[v] = v == PP_ENTRY || !known[v]
		       ? 0 : known_value[w->e[in].src] + w->e[in].inc;
    }
  /* A stuck tree edge out of K that would need a SET drops its source
     from U; the source's own in-edge then needs the SET, and if that
     one is stuck too, its source drops, and so on up to ENTRY (which
     cannot drop: probes.c reports the stuck edge).  Dropping eagerly is
     harmless: a vertex below a dropped one is out of U anyway.  */
  for (uint32_t i = 0; i < w->ne; i++)
    {
      const pp_work_edge *e = &w->e[i];
      if (!e->live || !e->on_tree || !stuck[i] || !known[e->src]
	  || absorbing[e->dst])
	continue;
      if (known[e->dst] && single_in (w, e->dst) == i && !dropped[e->dst])
	continue;  /* no SET needed while e->dst stays in U */
      uint32_t v = e->src;
      while (v != PP_ENTRY && !dropped[v])
	{
	  dropped[v] = true;
	  uint32_t in = single_in (w, v);
	  if (!stuck[in])
	    break;
	  v = w->e[in].src;
	}
    }
  for (uint32_t i = 0; i < w->ntopo; i++)
    {
      uint32_t v = w->topo[i];
      unset[v] = v == PP_ENTRY
		 || (known[v] && !dropped[v]
		     && unset[w->e[single_in (w, v)].src]);
    }
}

/* Figure 8 placement with the moves for stuck edges; see the file
   comment.  Every DAG edge gets at most one operation.  */
int
pp_place_optimized (pp_work *w)
{
  uint32_t nv = w->nv;
  bool *stuck = pp_xcalloc (w, (size_t) w->ne + 1, sizeof (bool));
  bool *no_count = pp_xcalloc (w, (size_t) w->ne + 1, sizeof (bool));
  bool *absorbing = pp_xcalloc (w, nv, sizeof (bool));
  bool *known = pp_xcalloc (w, nv, sizeof (bool));
  uint64_t *known_value = pp_xcalloc (w, nv, sizeof (uint64_t));
  bool *unset = pp_xcalloc (w, nv, sizeof (bool));
  bool *dropped = pp_xcalloc (w, nv, sizeof (bool));
  bool *receiver = pp_xcalloc (w, nv, sizeof (bool));
  uint32_t *queue = pp_xcalloc (w, nv, sizeof (uint32_t));
  int ret = -1;
  if (stuck == NULL || no_count == NULL || absorbing == NULL
      || known == NULL || known_value == NULL || unset == NULL
      || dropped == NULL || receiver == NULL || queue == NULL)
    goto out;

  for (uint32_t i = 0; i < w->ne; i++)
    {
      stuck[i] = w->e[i].live && !pp_edge_can_carry_code (w, i);
      no_count[i] = w->e[i].live && !pp_edge_can_count (w, i);
      if (w->e[i].live && w->e[i].kind == PP_DAG_RESTART_ENTRY)
	receiver[w->e[i].dst] = true;
    }
  compute_absorbing (w, stuck, no_count, receiver, absorbing, queue);
  compute_register_state (w, stuck, absorbing, receiver, known, known_value,
			  unset, dropped);

  for (uint32_t i = 0; i < w->ne; i++)
    {
      pp_work_edge *e = &w->e[i];
      e->num_ops = 0;
      if (!e->live)
	continue;
      uint64_t inc = e->on_tree ? 0 : e->inc;
      if (!absorbing[e->src] && absorbing[e->dst])
	{
	  /* The frontier: the path's only count.  */
	  if (known[e->src])
	    set_op (e, PP_OP_COUNT_CONST, known_value[e->src] + inc);
	  else
	    set_op (e, PP_OP_COUNT, inc);
	}
      else if (absorbing[e->src])
	; /* a tree edge towards EXIT after the count */
      else if (unset[e->src])
	{
	  /* R is still unwritten: nothing while the path stays in U, else
	     R takes its known value.  */
	  if (!unset[e->dst])
	    set_op (e, PP_OP_SET, known_value[e->src] + inc);
	}
      else if (!e->on_tree && inc != 0)
	{
	  if (known[e->src])
	    set_op (e, PP_OP_SET, known_value[e->src] + inc);
	  else
	    set_op (e, PP_OP_ADD, inc);
	}
    }
  ret = 0;

out:
  free (stuck);
  free (no_count);
  free (absorbing);
  free (known);
  free (known_value);
  free (unset);
  free (dropped);
  free (receiver);
  free (queue);
  return ret;
}

/* Potentials for the naive placement: PSI[v] such that
   Val(e) + PSI(src) - PSI(dst) is 0 on every stuck real edge e (a
   PP_CFG_NO_CODE edge with no place for code) that neither leaves ENTRY
   nor enters EXIT, and PSI(ENTRY) = PSI(EXIT) = 0.  Stuck edges form, in
   practice, a forest of stars (a computed goto's dispatcher and its
   labels); pp_forest_potentials walks each tree of it from an arbitrary
   root, setting PSI along its edges.  An edge closing a cycle in that
   forest keeps a nonzero value, and then probes.c reports it.  Returns
   -1 if memory runs out.  */
static int
naive_potentials (pp_work *w, uint64_t *psi)
{
  bool *stuck = pp_xcalloc (w, (size_t) w->ne + 1, sizeof (bool));
  uint32_t reached;
  int ret;
  if (stuck == NULL)
    return -1;
  /* Edges out of ENTRY or into EXIT carry code in any case (the SET or
     the count), so they stay out, and ENTRY and EXIT keep psi 0.  */
  for (uint32_t i = 0; i < w->ne; i++)
    stuck[i] = w->e[i].live && w->e[i].kind == PP_DAG_REAL
	       && w->e[i].src != PP_ENTRY && w->e[i].dst != PP_EXIT
	       && !pp_edge_can_carry_code (w, i);
  ret = pp_forest_potentials (w, stuck, psi, &reached);
  free (stuck);
  return ret;
}

/* The naive placement, the test oracle (design section 5): R = Val on
   the edges out of ENTRY (even Val 0: R starts with garbage), R += Val
   on other edges with nonzero Val, and the count on the edges into EXIT,
   folded with the edge's own Val: count[R + Val]++, or count[Val]++ for
   an edge from ENTRY straight to EXIT.  The spanning tree and increments
   are computed all the same, for the record, but not used.

   One refinement, so that the oracle works where the optimised placement
   does: a stuck edge (PP_CFG_NO_CODE, no place for code, as a computed
   goto's dispatch edges) cannot take R += Val.  Each Val is used shifted
   by potentials, Val(e) + psi(src) - psi(dst), with psi chosen to make
   that 0 on stuck edges and psi(ENTRY) = psi(EXIT) = 0; along an
   ENTRY->EXIT path the shifts cancel.  Without stuck edges psi is 0.  */
int
pp_place_naive (pp_work *w)
{
  uint64_t *psi = pp_xcalloc (w, w->nv, sizeof (uint64_t));
  if (psi == NULL || naive_potentials (w, psi) != 0)
    {
      free (psi);
      return -1;
    }
  for (uint32_t i = 0; i < w->ne; i++)
    {
      pp_work_edge *e = &w->e[i];
      e->num_ops = 0;
      if (!e->live)
	continue;
      uint64_t value = e->val + psi[e->src] - psi[e->dst];
      if (e->dst == PP_EXIT)
	set_op (e, e->src == PP_ENTRY ? PP_OP_COUNT_CONST : PP_OP_COUNT,
		value);
      else if (e->src == PP_ENTRY)
	set_op (e, PP_OP_SET, value);
      else if (value != 0)
	set_op (e, PP_OP_ADD, value);
    }
  free (psi);
  return 0;
}
