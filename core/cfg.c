/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: the input CFG.  Validation, reachability,
   block degrees, where the code of an edge may go, and the choice of
   backedges (design trap 1).

   Ball & Larus section 4 turns a CFG with cycles into a DAG by removing a
   set of backedges.  Any set that leaves the graph acyclic is correct; a
   good set is small, follows the loop structure the user sees (so a path
   "starts at the loop head after backedge X"), and avoids edges that
   cannot carry code (PP_CFG_NO_CODE), because a backedge always carries a
   path end and a register reset (trap 4).

   Restart edges (PP_CFG_RESTART: a longjmp or nonlocal goto landing at
   its receiver) are no part of the flow here: successor lists leave them
   out, and their destinations are roots, like ENTRY, for reachability
   and for the backedge search.  */

#include <stdlib.h>
#include <string.h>

#include "ppcore-internal.h"

/* Check everything pp_plan_build assumes of its input, so that later
   steps never index out of range, and count the degrees of every block.
   The CFG comes from the plugin, but a bad one must give a message, not a
   crash.  Unknown edge or block flags are refused (they would be
   silently ignored).  Edges into ENTRY or out of EXIT are refused: GCC
   never makes them, and they would give a path start or end the
   numbering cannot express.  So are restart edges that are backedges
   (they are no part of any cycle of the DAG), leave ENTRY (GCC's
   dispatcher is a block) or enter EXIT (a path starting there would be
   counted on its restart dummy, which only sets R).  */
int
pp_cfg_validate (pp_work *w)
{
  const pp_cfg *cfg = w->cfg;

  if (cfg->num_blocks < 2)
    return pp_fail (w, "the CFG has %u blocks; ENTRY and EXIT are needed",
		    cfg->num_blocks);
  if (cfg->num_edges > 0 && cfg->edges == NULL)
    return pp_fail (w, "the CFG has %u edges but no edge array",
		    cfg->num_edges);
  /* Every CFG edge yields at most three DAG edges (a cut real edge stays
     in the array, dead, next to its two dummies) and every block at most
     one noreturn dummy; all of them need a uint32_t id below PP_NONE.  */
  if ((uint64_t) cfg->num_edges * 3 + cfg->num_blocks >= PP_NONE)
    return pp_fail (w, "the CFG is too large (%u blocks, %u edges)",
		    cfg->num_blocks, cfg->num_edges);

  w->cfg_outdeg = pp_xcalloc (w, cfg->num_blocks, sizeof (uint32_t));
  w->cfg_indeg = pp_xcalloc (w, cfg->num_blocks, sizeof (uint32_t));
  w->flow_outdeg = pp_xcalloc (w, cfg->num_blocks, sizeof (uint32_t));
  if (w->cfg_outdeg == NULL || w->cfg_indeg == NULL
      || w->flow_outdeg == NULL)
    return -1;

  for (uint32_t i = 0; i < cfg->num_edges; i++)
    {
      const pp_cfg_edge *ce = &cfg->edges[i];
      if (ce->src >= cfg->num_blocks || ce->dst >= cfg->num_blocks)
	return pp_fail (w, "edge %u (%u->%u) names a block outside 0..%u", i,
			ce->src, ce->dst, cfg->num_blocks - 1);
      if (ce->src == PP_EXIT)
	return pp_fail (w, "edge %u (%u->%u) leaves EXIT", i, ce->src,
			ce->dst);
      if (ce->dst == PP_ENTRY)
	return pp_fail (w, "edge %u (%u->%u) enters ENTRY", i, ce->src,
			ce->dst);
      if (ce->flags
	  & ~(uint32_t) (PP_CFG_NO_CODE | PP_CFG_BACKEDGE | PP_CFG_RESTART))
	return pp_fail (w, "edge %u (%u->%u) has unknown flags 0x%x", i,
			ce->src, ce->dst, ce->flags);
      if ((ce->flags & PP_CFG_RESTART)
	  && ((ce->flags & PP_CFG_BACKEDGE) || ce->src == PP_ENTRY
	      || ce->dst == PP_EXIT))
	return pp_fail (w, "restart edge %u (%u->%u) %s", i, ce->src, ce->dst,
			(ce->flags & PP_CFG_BACKEDGE) ? "is marked a backedge"
			: ce->src == PP_ENTRY ? "leaves ENTRY"
			: "enters EXIT");
      /* Also rejects NaN, which would break the spanning-tree sort.  */
      if (!(ce->weight >= 0.0))
	return pp_fail (w, "edge %u (%u->%u) has a negative or NaN weight",
			i, ce->src, ce->dst);
      w->cfg_outdeg[ce->src]++;
      w->cfg_indeg[ce->dst]++;
      if (!(ce->flags & PP_CFG_RESTART))
	w->flow_outdeg[ce->src]++;
    }
  if (w->cfg_outdeg[PP_ENTRY] == 0)
    return pp_fail (w, "ENTRY has no successor");
  if (cfg->block_flags != NULL)
    for (uint32_t v = 0; v < cfg->num_blocks; v++)
      if (cfg->block_flags[v]
	  & ~(uint32_t) (PP_BLOCK_MAY_NOT_RETURN | PP_BLOCK_UNWIND))
	return pp_fail (w, "block %u has unknown flags 0x%x", v,
			cfg->block_flags[v]);
  if (cfg->num_calls != 0 && cfg->call_blocks == NULL)
    return pp_fail (w, "%u early-exit calls but no blocks for them",
		    cfg->num_calls);
  for (uint32_t i = 0; i < cfg->num_calls; i++)
    if (cfg->call_blocks[i] >= cfg->num_blocks
	|| cfg->call_blocks[i] == PP_ENTRY || cfg->call_blocks[i] == PP_EXIT)
      return pp_fail (w, "early-exit call %u is in block %u, not a block "
		      "of the function body", i, cfg->call_blocks[i]);
  return 0;
}

/* Whether CFG edge I may be followed: its ends are blocks of CFG, and it
   is not a restart edge (a jump from outside the flow).  */
static bool
cfg_flow_edge (const pp_cfg *cfg, uint32_t i)
{
  const pp_cfg_edge *ce = &cfg->edges[i];
  return ce->src < cfg->num_blocks && ce->dst < cfg->num_blocks
	 && !(ce->flags & PP_CFG_RESTART);
}

/* The roots of the flow: ENTRY, then the destination of every restart
   edge in edge order (where a jump from outside starts a path), so that
   blocks reached only by a jump are reached too.  Returns the number of
   roots written into ROOTS, an array of at least num_edges + 1.  */
static uint32_t
cfg_roots (const pp_cfg *cfg, uint32_t *roots)
{
  uint32_t n = 0;
  roots[n++] = PP_ENTRY;
  for (uint32_t i = 0; i < cfg->num_edges; i++)
    if ((cfg->edges[i].flags & PP_CFG_RESTART)
	&& cfg->edges[i].dst < cfg->num_blocks)
      roots[n++] = cfg->edges[i].dst;
  return n;
}

/* Build the successor lists of CFG as a compressed array: the edges
   leaving V are LIST[START[V] .. START[V + 1]).  Edges whose ends are out
   of range, and restart edges, are left out.  With NORMAL_FIRST, edges
   without PP_CFG_NO_CODE come before the others, each group in edge
   order, so that a depth-first search prefers them.  Returns false if
   memory runs out.  */
static bool
cfg_successor_lists (const pp_cfg *cfg, bool normal_first, uint32_t **start,
		     uint32_t **list)
{
  uint32_t nv = cfg->num_blocks;
  uint32_t *s = calloc ((size_t) nv + 1, sizeof (uint32_t));
  uint32_t *l = malloc (((size_t) cfg->num_edges + 1) * sizeof (uint32_t));
  if (s == NULL || l == NULL)
    {
      free (s);
      free (l);
      return false;
    }
  for (uint32_t i = 0; i < cfg->num_edges; i++)
    if (cfg_flow_edge (cfg, i))
      s[cfg->edges[i].src + 1]++;
  for (uint32_t v = 0; v < nv; v++)
    s[v + 1] += s[v];
  /* Fill with a moving cursor per block, in two rounds when normal edges
     must come first.  */
  uint32_t *cursor = malloc ((size_t) nv * sizeof (uint32_t));
  if (cursor == NULL)
    {
      free (s);
      free (l);
      return false;
    }
  memcpy (cursor, s, (size_t) nv * sizeof (uint32_t));
  for (int round = 0; round < 2; round++)
    for (uint32_t i = 0; i < cfg->num_edges; i++)
      {
	const pp_cfg_edge *ce = &cfg->edges[i];
	if (!cfg_flow_edge (cfg, i))
	  continue;
	bool no_code = (ce->flags & PP_CFG_NO_CODE) != 0;
	bool take = normal_first ? (round == 0) != no_code : round == 0;
	if (take)
	  l[cursor[ce->src]++] = i;
      }
  free (cursor);
  *start = s;
  *list = l;
  return true;
}

/* Mark every block reachable from ENTRY over CFG edges (any edge,
   backedge or not), or from the destination of a restart edge: a jump
   from outside lands there, whether or not the restart edge's source is
   reachable (normally it is not: GCC's dispatcher never runs, and the
   caller leaves out the edges into it).  Blocks not reached are left out
   of the DAG and get no code: nothing executes there.  EXIT is marked
   even when no CFG path reaches it (a function that never returns): it is
   the DAG's sink, where the dummies of backedges and noreturn blocks
   end.  */
int
pp_cfg_reachability (pp_work *w)
{
  uint32_t nv = w->nv, *start, *list;
  w->reachable = pp_xcalloc (w, nv, sizeof (bool));
  uint32_t *queue = pp_xcalloc (w, nv, sizeof (uint32_t));
  uint32_t *roots
    = pp_xcalloc (w, (size_t) w->cfg->num_edges + 1, sizeof (uint32_t));
  if (w->reachable == NULL || queue == NULL || roots == NULL)
    {
      free (queue);
      free (roots);
      return -1;
    }
  if (!cfg_successor_lists (w->cfg, false, &start, &list))
    {
      free (queue);
      free (roots);
      return pp_fail (w, "out of memory");
    }
  uint32_t head = 0, tail = 0, num_roots = cfg_roots (w->cfg, roots);
  for (uint32_t k = 0; k < num_roots; k++)
    if (!w->reachable[roots[k]])
      {
	w->reachable[roots[k]] = true;
	queue[tail++] = roots[k];
      }
  free (roots);
  while (head < tail)
    {
      uint32_t v = queue[head++];
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	{
	  uint32_t d = w->cfg->edges[list[p]].dst;
	  if (!w->reachable[d])
	    {
	      w->reachable[d] = true;
	      queue[tail++] = d;
	    }
	}
    }
  w->reachable[PP_EXIT] = true;
  w->num_reachable = 0;
  for (uint32_t v = 0; v < nv; v++)
    w->num_reachable += w->reachable[v];
  free (queue);
  free (start);
  free (list);
  return 0;
}

/* Where the code of CFG edge EDGE goes (design trap 7).  An ordinary edge
   carries its own code: site PP_SITE_EDGE.  An edge that cannot
   (PP_CFG_NO_CODE) has its code moved to the end of its source when that
   block has exactly one successor, else to the start of its destination
   when that block has exactly one predecessor: either place executes
   exactly when the edge is taken.  When the source may not return
   (PP_BLOCK_MAY_NOT_RETURN), the start of the destination is preferred:
   the end of the source may come before the call that does not return,
   too early for a count.  ENTRY and EXIT hold no statements, so they are
   never such a place.  Degrees count every CFG edge, restart edges too:
   code at the start of a receiver would run after the jump as well.  A
   restart edge carries nothing itself; the SET of its dummy goes to its
   own site, PP_SITE_RESTART.  Returns false when there is no place.  */
bool
pp_cfg_edge_relocation (const pp_cfg *cfg, const uint32_t *outdeg,
			const uint32_t *indeg, uint32_t edge, uint32_t *site,
			uint32_t *index)
{
  const pp_cfg_edge *ce = &cfg->edges[edge];
  if (ce->flags & PP_CFG_RESTART)
    {
      *site = PP_SITE_RESTART;
      *index = edge;
      return true;
    }
  if (!(ce->flags & PP_CFG_NO_CODE))
    {
      *site = PP_SITE_EDGE;
      *index = edge;
      return true;
    }
  bool end_ok = ce->src != PP_ENTRY && outdeg[ce->src] == 1;
  bool start_ok = ce->dst != PP_EXIT && indeg[ce->dst] == 1;
  bool src_may_not_return
    = cfg->block_flags != NULL
      && (cfg->block_flags[ce->src] & PP_BLOCK_MAY_NOT_RETURN) != 0;
  if (end_ok && !(src_may_not_return && start_ok))
    {
      *site = PP_SITE_BLOCK_END;
      *index = ce->src;
      return true;
    }
  if (start_ok)
    {
      *site = PP_SITE_BLOCK_START;
      *index = ce->dst;
      return true;
    }
  return false;
}

/* Depth-first search from ROOTS[0 .. NUM_ROOTS) in turn (each not yet
   visited) over the successor lists START/LIST of a graph of NV vertices;
   VERTEX_OF maps a block to its vertex (the block itself, or its
   representative in a contracted graph).  Searching from the restart
   destinations after ENTRY is the search from ENTRY with an edge to each
   of them explored last: since nothing enters ENTRY, every cycle is still
   broken.  Marks with PP_CFG_BACKEDGE every edge whose head is on the DFS
   stack when the edge is examined.  Iterative, with an explicit stack, so
   that a chain of 100,000 blocks cannot overflow the C stack.  Returns the
   number of edges marked, or UINT32_MAX if memory runs out (nothing is
   marked then).  */
static uint32_t
dfs_mark (pp_cfg *cfg, uint32_t nv, const uint32_t *roots,
	  uint32_t num_roots, const uint32_t *start, const uint32_t *list,
	  const uint32_t *vertex_of)
{
  unsigned char *state = calloc (nv, 1);  /* 0 new, 1 on stack, 2 done */
  uint32_t *stack_v = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *stack_pos = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t marked = 0, sp = 0;
  if (state == NULL || stack_v == NULL || stack_pos == NULL)
    {
      free (state);
      free (stack_v);
      free (stack_pos);
      return UINT32_MAX;
    }
  for (uint32_t k = 0; k < num_roots; k++)
    {
      uint32_t root = vertex_of[roots[k]];
      if (state[root] != 0)
	continue;
      state[root] = 1;
      stack_v[sp] = root;
      stack_pos[sp++] = start[root];
      while (sp > 0)
	{
	  uint32_t v = stack_v[sp - 1], p = stack_pos[sp - 1];
	  if (p == start[v + 1])
	    {
	      state[v] = 2;
	      sp--;
	      continue;
	    }
	  stack_pos[sp - 1]++;
	  uint32_t edge = list[p];
	  uint32_t d = vertex_of[cfg->edges[edge].dst];
	  if (state[d] == 1)
	    {
	      cfg->edges[edge].flags |= PP_CFG_BACKEDGE;
	      marked++;
	    }
	  else if (state[d] == 0)
	    {
	      state[d] = 1;
	      stack_v[sp] = d;
	      stack_pos[sp++] = start[d];
	    }
	}
    }
  free (state);
  free (stack_v);
  free (stack_pos);
  return marked;
}

/* Strongly connected components of the part of CFG reachable from
   ROOTS[0 .. NUM_ROOTS) over the successor lists START/LIST (Tarjan,
   iterative, one search per root not yet visited).  Writes into SCC[v] a
   component number, or PP_NONE for unreachable blocks.  Returns false if
   memory runs out.  */
static bool
cfg_scc (const pp_cfg *cfg, const uint32_t *roots, uint32_t num_roots,
	 const uint32_t *start, const uint32_t *list, uint32_t *scc)
{
  uint32_t nv = cfg->num_blocks;
  uint32_t *index = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *low = malloc ((size_t) nv * sizeof (uint32_t));
  bool *on_stack = calloc (nv, sizeof (bool));
  uint32_t *tstack = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *call_v = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *call_pos = malloc ((size_t) nv * sizeof (uint32_t));
  bool ok = index && low && on_stack && tstack && call_v && call_pos;
  if (ok)
    {
      uint32_t next_index = 0, tsp = 0, csp = 0, num_scc = 0;
      for (uint32_t v = 0; v < nv; v++)
	{
	  index[v] = PP_NONE;
	  scc[v] = PP_NONE;
	}
      for (uint32_t k = 0; k < num_roots; k++)
	{
	  uint32_t root = roots[k];
	  if (index[root] != PP_NONE)
	    continue;
	  index[root] = low[root] = next_index++;
	  tstack[tsp++] = root;
	  on_stack[root] = true;
	  call_v[csp] = root;
	  call_pos[csp++] = start[root];
	  while (csp > 0)
	    {
	      uint32_t v = call_v[csp - 1], p = call_pos[csp - 1];
	      if (p < start[v + 1])
		{
		  call_pos[csp - 1]++;
		  uint32_t d = cfg->edges[list[p]].dst;
		  if (index[d] == PP_NONE)
		    {
		      index[d] = low[d] = next_index++;
		      tstack[tsp++] = d;
		      on_stack[d] = true;
		      call_v[csp] = d;
		      call_pos[csp++] = start[d];
		    }
		  else if (on_stack[d] && index[d] < low[v])
		    low[v] = index[d];
		  continue;
		}
	      csp--;
	      if (low[v] == index[v])
		{
		  uint32_t x;
		  do
		    {
		      x = tstack[--tsp];
		      on_stack[x] = false;
		      scc[x] = num_scc;
		    }
		  while (x != v);
		  num_scc++;
		}
	      if (csp > 0 && low[v] < low[call_v[csp - 1]])
		low[call_v[csp - 1]] = low[v];
	    }
	}
    }
  free (index);
  free (low);
  free (on_stack);
  free (tstack);
  free (call_v);
  free (call_pos);
  return ok;
}

/* Contract, in REP, every stuck edge of CFG (STUCK) whose ends lie in
   one strongly connected component (SCC): REP[V] is then the smallest
   block of V's group.  */

static void
contract_stuck_edges (const pp_cfg *cfg, const uint32_t *scc,
		      const bool *stuck, uint32_t *rep)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges;

  for (uint32_t v = 0; v < nv; v++)
    rep[v] = v;
  for (uint32_t i = 0; i < ne; i++)
    {
      const pp_cfg_edge *ce = &cfg->edges[i];
      if (stuck[i] && scc[ce->src] != PP_NONE && scc[ce->src] == scc[ce->dst])
	{
	  uint32_t a = pp_uf_find (rep, ce->src);
	  uint32_t b = pp_uf_find (rep, ce->dst);
	  if (a != b)
	    rep[a < b ? b : a] = a < b ? a : b;
	}
    }
  for (uint32_t v = 0; v < nv; v++)
    rep[v] = pp_uf_find (rep, v);
}

/* Fill CSTART and CLIST (CURSOR: scratch, a slot per block) with the
   successor lists of CFG contracted as REP says, from its lists START
   and LIST.  */

static void
contracted_successors (const pp_cfg *cfg, const uint32_t *start,
		       const uint32_t *list, const uint32_t *rep,
		       uint32_t *cstart, uint32_t *clist, uint32_t *cursor)
{
  uint32_t nv = cfg->num_blocks;

  /* Successor lists of the contracted graph, indexed by representative,
     ordinary edges first (they come first in LIST already).  */
  for (uint32_t v = 0; v < nv; v++)
    for (uint32_t p = start[v]; p < start[v + 1]; p++)
      if (rep[cfg->edges[list[p]].dst] != rep[v])
	cstart[rep[v] + 1]++;
  for (uint32_t v = 0; v < nv; v++)
    cstart[v + 1] += cstart[v];
  memcpy (cursor, cstart, (size_t) nv * sizeof (uint32_t));
  for (int round = 0; round < 2; round++)
    for (uint32_t v = 0; v < nv; v++)
      for (uint32_t p = start[v]; p < start[v + 1]; p++)
	{
	  const pp_cfg_edge *ce = &cfg->edges[list[p]];
	  bool no_code = (ce->flags & PP_CFG_NO_CODE) != 0;
	  if (rep[ce->dst] != rep[v] && (round == 0) != no_code)
	    clist[cursor[rep[v]]++] = list[p];
	}
}

/* Order the groups of CFG that REP contracted: a DFS over their stuck
   internal edges marks those that close a cycle as backedges and leaves
   in POS each block's place in its reverse finishing order.  STATE
   (zeroed), STACK_V and STACK_POS are scratch, a slot per block; START,
   LIST, SCC and STUCK as for mark_backedges_contracted.  Returns the
   number of backedges marked.  */

static uint32_t
order_groups (pp_cfg *cfg, const uint32_t *start, const uint32_t *list,
	      const uint32_t *scc, const uint32_t *rep, const bool *stuck,
	      unsigned char *state, uint32_t *pos, uint32_t *stack_v,
	      uint32_t *stack_pos)
{
  uint32_t nv = cfg->num_blocks, marked = 0;

  /* Inside the groups: DFS over stuck internal edges from every vertex,
     highest block number first, so that the reverse finishing order
     follows block numbers (source order in GCC) where nothing else
     decides.  */
  uint32_t next_pos = nv;
  for (uint32_t root = nv; root-- > 0;)
    {
      if (state[root] != 0 || scc[root] == PP_NONE)
	continue;
      uint32_t sp = 0;
      state[root] = 1;
      stack_v[sp] = root;
      stack_pos[sp++] = start[root];
      while (sp > 0)
	{
	  uint32_t v = stack_v[sp - 1], p = stack_pos[sp - 1];
	  if (p == start[v + 1])
	    {
	      state[v] = 2;
	      pos[v] = --next_pos;
	      sp--;
	      continue;
	    }
	  stack_pos[sp - 1]++;
	  uint32_t edge = list[p], d = cfg->edges[edge].dst;
	  if (!stuck[edge] || rep[d] != rep[v])
	    continue;
	  if (state[d] == 1)
	    {
	      cfg->edges[edge].flags |= PP_CFG_BACKEDGE;
	      marked++;
	    }
	  else if (state[d] == 0)
	    {
	      state[d] = 1;
	      stack_v[sp] = d;
	      stack_pos[sp++] = start[d];
	    }
	}
    }
  return marked;
}

/* The fallback of pp_mark_backedges, for CFGs where a plain DFS makes a
   backedge of an edge that can carry no code and has no place to move
   its code to (a "stuck" edge: PP_CFG_NO_CODE, source with several
   successors, destination with several predecessors).  The typical case
   is an interpreter's computed goto: GCC factors every `goto *p' into one
   dispatcher block D whose abnormal edges D->L reach every label L, and
   the DFS, coming to D from inside the body of some label L, finds L on
   its stack.  Cycles through D->L can instead be broken at the ordinary
   edges that enter D.

   Method: contract every stuck edge whose ends lie in one strongly
   connected component (only those can be on a cycle), run the DFS on the
   contracted graph (edges inside a contracted group are not followed),
   then order each group: a DFS over its stuck edges breaks cycles made of
   stuck edges only (no other choice exists) and its reverse finishing
   order is a topological order of the rest; every other edge inside a
   group that goes backwards in that order becomes a backedge.  The result
   is acyclic: a cycle either leaves some group, and then its image in the
   contracted graph is a closed walk that the DFS breaks, or stays in one
   group, and then the ordering breaks it.  Restricting contraction to
   one SCC keeps edges that lie on no cycle from ever being marked.
   Returns the number of backedges, or UINT32_MAX if memory runs out.  */
static uint32_t
mark_backedges_contracted (pp_cfg *cfg, const uint32_t *roots,
			   uint32_t num_roots, const uint32_t *start,
			   const uint32_t *list, const bool *stuck)
{
  uint32_t nv = cfg->num_blocks, ne = cfg->num_edges;
  uint32_t *scc = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *rep = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *cstart = calloc ((size_t) nv + 1, sizeof (uint32_t));
  uint32_t *clist = malloc (((size_t) ne + 1) * sizeof (uint32_t));
  uint32_t *cursor = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *pos = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *stack_v = malloc ((size_t) nv * sizeof (uint32_t));
  uint32_t *stack_pos = malloc ((size_t) nv * sizeof (uint32_t));
  unsigned char *state = calloc (nv, 1);
  uint32_t marked = UINT32_MAX;

  if (!scc || !rep || !cstart || !clist || !cursor || !pos || !stack_v
      || !stack_pos || !state
      || !cfg_scc (cfg, roots, num_roots, start, list, scc))
    goto out;

  contract_stuck_edges (cfg, scc, stuck, rep);
  contracted_successors (cfg, start, list, rep, cstart, clist, cursor);

  for (uint32_t i = 0; i < ne; i++)
    cfg->edges[i].flags &= ~(uint32_t) PP_CFG_BACKEDGE;
  marked = dfs_mark (cfg, nv, roots, num_roots, cstart, clist, rep);
  if (marked == UINT32_MAX)
    goto out;

  marked += order_groups (cfg, start, list, scc, rep, stuck, state, pos,
			  stack_v, stack_pos);
  for (uint32_t v = 0; v < nv; v++)
    for (uint32_t p = start[v]; p < start[v + 1]; p++)
      {
	uint32_t edge = list[p], d = cfg->edges[edge].dst;
	if (scc[v] != PP_NONE && rep[d] == rep[v] && !stuck[edge]
	    && pos[d] <= pos[v])
	  {
	    cfg->edges[edge].flags |= PP_CFG_BACKEDGE;
	    marked++;
	  }
      }

out:
  free (scc);
  free (rep);
  free (cstart);
  free (clist);
  free (cursor);
  free (pos);
  free (stack_v);
  free (stack_pos);
  free (state);
  return marked;
}

/* Choose the backedges (design trap 1): the edges that a depth-first
   search from ENTRY finds going to a block on its stack.  In a reducible
   CFG these are exactly the natural-loop latch edges; in an irreducible
   one the DFS also breaks every other cycle.  Ordinary edges are
   explored before PP_CFG_NO_CODE ones so that abnormal edges become tree
   or forward edges where they can.  If the DFS still makes a backedge of
   an abnormal edge whose code has nowhere to go (see
   mark_backedges_contracted), the choice is redone around it.  Restart
   edges are neither followed nor marked; their destinations are searched
   from after ENTRY.

   If memory runs out nothing is marked; pp_plan_build then reports any
   cycle that remains.  */
uint32_t
pp_mark_backedges (pp_cfg *cfg)
{
  uint32_t *start, *list, *outdeg = NULL, *indeg = NULL, *roots = NULL;
  bool *stuck = NULL;
  uint32_t nv, ne, marked, num_roots;

  if (cfg == NULL || cfg->num_blocks < 1
      || (cfg->num_edges > 0 && cfg->edges == NULL))
    return 0;
  nv = cfg->num_blocks;
  ne = cfg->num_edges;
  for (uint32_t i = 0; i < ne; i++)
    cfg->edges[i].flags &= ~(uint32_t) PP_CFG_BACKEDGE;
  if (!cfg_successor_lists (cfg, true, &start, &list))
    return 0;

  uint32_t *identity = malloc ((size_t) nv * sizeof (uint32_t));
  roots = malloc (((size_t) ne + 1) * sizeof (uint32_t));
  if (identity == NULL || roots == NULL)
    {
      free (identity);
      marked = 0;
      goto out;
    }
  for (uint32_t v = 0; v < nv; v++)
    identity[v] = v;
  num_roots = cfg_roots (cfg, roots);
  marked = dfs_mark (cfg, nv, roots, num_roots, start, list, identity);
  free (identity);
  if (marked == UINT32_MAX)
    {
      marked = 0;
      goto out;
    }

  /* Is some backedge stuck?  */
  outdeg = calloc (nv, sizeof (uint32_t));
  indeg = calloc (nv, sizeof (uint32_t));
  stuck = calloc ((size_t) ne + 1, sizeof (bool));
  if (outdeg == NULL || indeg == NULL || stuck == NULL)
    goto out;
  for (uint32_t i = 0; i < ne; i++)
    if (cfg->edges[i].src < nv && cfg->edges[i].dst < nv)
      {
	outdeg[cfg->edges[i].src]++;
	indeg[cfg->edges[i].dst]++;
      }
  bool any_stuck_backedge = false;
  for (uint32_t i = 0; i < ne; i++)
    {
      uint32_t site, index;
      if (cfg->edges[i].src < nv && cfg->edges[i].dst < nv
	  && !pp_cfg_edge_relocation (cfg, outdeg, indeg, i, &site, &index))
	{
	  stuck[i] = true;
	  if (cfg->edges[i].flags & PP_CFG_BACKEDGE)
	    any_stuck_backedge = true;
	}
    }
  if (any_stuck_backedge)
    {
      /* Keep the first answer if the second cannot be computed.  */
      uint32_t *saved = malloc (((size_t) ne + 1) * sizeof (uint32_t));
      if (saved != NULL)
	{
	  for (uint32_t i = 0; i < ne; i++)
	    saved[i] = cfg->edges[i].flags;
	  uint32_t again = mark_backedges_contracted (cfg, roots, num_roots,
						      start, list, stuck);
	  if (again == UINT32_MAX)
	    for (uint32_t i = 0; i < ne; i++)
	      cfg->edges[i].flags = saved[i];
	  else
	    marked = again;
	  free (saved);
	}
    }

out:
  free (start);
  free (list);
  free (outdeg);
  free (indeg);
  free (stuck);
  free (roots);
  return marked;
}

/* Weight CFG's spanning tree by a measured edge profile (design trap 9:
   the best estimate available).  The static estimate becomes a
   tie-breaker below 1/2, so that an edge that ran once outweighs every
   edge that never ran, edges that ran equally often keep their static
   order, and so do edges that never ran (branches never taken, and every
   edge of a block that never ran) among themselves.  Only the order of
   the weights matters; counts beyond 2^53 lose the tie-breaker, which
   then no longer matters.  */
void
pp_cfg_weigh_by_counts (pp_cfg *cfg, const uint64_t *counts)
{
  double top = 0.0;

  for (uint32_t i = 0; i < cfg->num_edges; i++)
    if (cfg->edges[i].weight > top)
      top = cfg->edges[i].weight;
  for (uint32_t i = 0; i < cfg->num_edges; i++)
    {
      double tie = top > 0.0 ? 0.5 * cfg->edges[i].weight / top : 0.0;
      if (!(tie >= 0.0))
	tie = 0.0;
      cfg->edges[i].weight = (double) counts[i] + tie;
    }
}
