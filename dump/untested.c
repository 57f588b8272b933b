/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The paths of a function that never ran: see untested.h.  */

#include <stdlib.h>
#include <string.h>

#include "dag-index.h"
#include "paths.h"
#include "untested.h"

#define NO_DISTANCE UINT32_MAX

/* FN's DAG as the searches walk it (dag-index.h), and each vertex's
   distance to EXIT.  */
typedef struct graph
{
  report_dag_index ix;
  uint32_t *to_exit;       /* fewest listable edges to EXIT, or
			      NO_DISTANCE */
} graph;

/* Whether a path may end with (or use) DAG edge KIND: not an early or
   unwind exit.  */

static bool
listable_kind (uint32_t kind)
{
  return kind != PPF_EDGE_EARLY_EXIT && kind != PPF_EDGE_UNWIND_EXIT;
}

/* Release G's memory.  */

static void
graph_free (graph *g)
{
  report_dag_index_free (&g->ix);
  free (g->to_exit);
}

/* Index FN's DAG into G, then each vertex's distance to EXIT by listable
   edges, in reverse topological order.  Returns 0 or -1.  */

static int
graph_init (graph *g, const report_function *fn)
{
  const ppf_dag *dag = &fn->dag;
  const report_dag_index *ix = &g->ix;
  uint32_t nv = fn->meta.num_blocks;

  memset (g, 0, sizeof *g);
  if (report_dag_index_init (&g->ix, fn) != 0)
    return -1;
  g->to_exit = malloc ((nv + 1) * sizeof *g->to_exit);
  if (!g->to_exit)
    {
      graph_free (g);
      return -1;
    }
  for (uint32_t v = 0; v < nv; v++)
    g->to_exit[v] = v == 1 ? 0 : NO_DISTANCE;
  for (uint32_t i = nv; i-- > 0;)
    {
      uint32_t v = ix->order[i];
      for (uint32_t k = ix->out_start[v]; k < ix->out_start[v + 1]; k++)
	{
	  uint32_t e = ix->out[k], d = dag->dst[e];
	  if (listable_kind (fn->meta.edges[e].kind)
	      && g->to_exit[d] != NO_DISTANCE
	      && g->to_exit[d] + 1 < g->to_exit[v])
	    g->to_exit[v] = g->to_exit[d] + 1;
	}
    }
  return 0;
}

/* A set of path numbers: those listed so far, so that none is listed
   twice (up to 100000 of them with --all).  Open addressing; a slot
   holds the number plus one, 0 when empty.  */

typedef struct id_set
{
  size_t mask;
  uint64_t *slots;   /* id + 1; 0 empty */
  size_t used;
} id_set;

/* Whether S holds ID.  */

static bool
id_set_has (const id_set *s, uint64_t id)
{
  for (size_t i = (size_t) (id * 0x9e3779b97f4a7c15ULL) & s->mask;
       s->slots[i]; i = (i + 1) & s->mask)
    if (s->slots[i] == id + 1)
      return true;
  return false;
}

/* Add ID to S.  Returns 0 or -1.  */

static int
id_set_add (id_set *s, uint64_t id)
{
  if (2 * (s->used + 1) > s->mask + 1)
    {
      id_set bigger = { 2 * (s->mask + 1) - 1, NULL, 0 };
      bigger.slots = calloc (bigger.mask + 1, sizeof *bigger.slots);
      if (!bigger.slots)
	return -1;
      for (size_t i = 0; i <= s->mask; i++)
	if (s->slots[i])
	  id_set_add (&bigger, s->slots[i] - 1);
      free (s->slots);
      *s = bigger;
    }
  size_t i = (size_t) (id * 0x9e3779b97f4a7c15ULL) & s->mask;
  while (s->slots[i])
    i = (i + 1) & s->mask;
  s->slots[i] = id + 1;
  s->used++;
  return 0;
}

/* Append a path to OUT (and SEEN).  Returns 0 or -1.  */

static int
add_found (dump_untested *out, id_set *seen, uint64_t id,
	   enum dump_untested_how how, uint64_t from, uint32_t position)
{
  if (out->num == out->capacity)
    {
      size_t cap = out->capacity ? 2 * out->capacity : 16;
      dump_untested_path *grown = realloc (out->paths, cap * sizeof *grown);
      if (!grown)
	return -1;
      out->paths = grown;
      out->capacity = cap;
    }
  out->paths[out->num++] = (dump_untested_path) { id, how, from, position };
  return id_set_add (seen, id);
}

/* Executed paths, hottest first (count descending, then number).  */

static int
compare_hottest (const void *a, const void *b)
{
  const ppf_count *x = *(const ppf_count *const *) a;
  const ppf_count *y = *(const ppf_count *const *) b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->path < y->path ? -1 : x->path > y->path;
}

/* The scratch space of find_decisions, a slot per vertex of the DAG.  */
typedef struct decision_scratch
{
  int32_t *pos;			/* the position of a block on the
				   executed path, or -1 */
  uint32_t *parent;		/* the edge the search came by */
  uint32_t *queue;
  uint32_t *visited;		/* STAMP once the search saw it */
  uint32_t stamp;
} decision_scratch;

/* Breadth-first from the destination of FN's DAG edge E to the nearest
   block of the executed path's suffix after position I (when
   SUFFIX_OK), or EXIT: that block, or PPF_NONE.  S->parent then leads
   back to E.  *WORK counts blocks visited.  */

static uint32_t
find_rejoin (const report_function *fn, const graph *g,
	     decision_scratch *s, uint32_t e, uint32_t i,
	     uint32_t suffix_ok, uint64_t *work)
{
  const ppf_meta *m = &fn->meta;
  const ppf_dag *dag = &fn->dag;
  uint32_t d = dag->dst[e], head = 0, tail = 0;

  s->stamp++;
  s->visited[d] = s->stamp;
  s->parent[d] = e;
  s->queue[tail++] = d;
  while (head < tail)
    {
      uint32_t x = s->queue[head++];
      (*work)++;
      if (x == 1 || (suffix_ok && s->pos[x] > (int32_t) i))
	return x;
      for (uint32_t q = g->ix.out_start[x];
	   q < g->ix.out_start[x + 1]; q++)
	{
	  uint32_t f = g->ix.out[q], y = dag->dst[f];
	  if (!listable_kind (m->edges[f].kind)
	      || s->visited[y] == s->stamp
	      || g->to_exit[y] == NO_DISTANCE)
	    continue;
	  s->visited[y] = s->stamp;
	  s->parent[y] = f;
	  s->queue[tail++] = y;
	}
    }
  return PPF_NONE;
}

/* The number of the path that follows PATH up to V, its block at
   position I, takes the detour S's search found back to W, then PATH's
   rest.  */

static uint64_t
detour_id (const ppf_dag *dag, const report_path *path, uint32_t i,
	   uint32_t v, uint32_t w, const decision_scratch *s)
{
  uint64_t id = 0;

  /* The prefix up to V, the detour back to W, P's rest.  */
  for (uint32_t q = 0; q <= i; q++)
    id += dag->val[path->edges[q]];
  for (uint32_t x = w; ; x = dag->src[s->parent[x]])
    {
      id += dag->val[s->parent[x]];
      if (dag->src[s->parent[x]] == v)
	break;
    }
  if (w != 1)
    for (uint32_t q = (uint32_t) s->pos[w] + 1; q < path->num_edges; q++)
      id += dag->val[path->edges[q]];
  return id;
}

/* Add to OUT (and SEEN) the paths one decision away from PATH, the
   executed path numbered FROM, until OUT has LIMIT.  Sets OUT->bounded
   when *WORK passes DUMP_UNTESTED_WORK.  Returns 0 or -1.  */

static int
decisions_from (const report_function *fn, const graph *g, size_t limit,
		dump_untested *out, id_set *seen, uint64_t *work,
		const report_path *path, uint64_t from, decision_scratch *s)
{
  const ppf_meta *m = &fn->meta;
  const ppf_dag *dag = &fn->dag;
  uint32_t nblocks = report_path_num_blocks (path), suffix_ok;
  int rc = 0;

  /* A path left at a call has no suffix to rejoin: every path that
     rejoins it would be left at the call too.  */
  suffix_ok = listable_kind (m->edges[path->edges[path->num_edges - 1]]
			     .kind);
  for (uint32_t i = 0; i < nblocks; i++)
    s->pos[dag->dst[path->edges[i]]] = (int32_t) i;

  for (uint32_t i = 0; i < nblocks && out->num < limit; i++)
    {
      uint32_t v = dag->dst[path->edges[i]];
      uint32_t taken = path->edges[i + 1];
      for (uint32_t k = g->ix.out_start[v];
	   k < g->ix.out_start[v + 1] && out->num < limit; k++)
	{
	  uint32_t e = g->ix.out[k], d = dag->dst[e], w;
	  uint64_t id;

	  if (e == taken || !listable_kind (m->edges[e].kind)
	      || g->to_exit[d] == NO_DISTANCE)
	    continue;
	  if (*work > DUMP_UNTESTED_WORK)
	    {
	      out->bounded = true;
	      goto done;
	    }
	  w = find_rejoin (fn, g, s, e, i, suffix_ok, work);
	  if (w == PPF_NONE)
	    continue;
	  id = detour_id (dag, path, i, v, w, s);
	  if (report_function_count (fn, id) || id_set_has (seen, id))
	    continue;
	  if (add_found (out, seen, id, DUMP_UNTESTED_DECISION, from, i) != 0)
	    {
	      rc = -1;
	      goto done;
	    }
	}
    }
done:
  for (uint32_t i = 0; i < nblocks; i++)
    s->pos[dag->dst[path->edges[i]]] = -1;
  return rc;
}

/* Phase 1: the paths one decision away from each executed path (see
   untested.h).  *WORK counts blocks visited.  Returns 0 or -1.  */

static int
find_decisions (const report_function *fn, const graph *g, size_t limit,
		dump_untested *out, id_set *seen, uint64_t *work)
{
  uint32_t nv = g->ix.num_vertices;
  const ppf_count **hot = malloc ((fn->num_counts + 1) * sizeof *hot);
  decision_scratch s;
  report_path path;
  char err[256];
  int rc = -1;

  s.pos = malloc (nv * sizeof *s.pos);
  s.parent = malloc (nv * sizeof *s.parent);
  s.queue = malloc (nv * sizeof *s.queue);
  s.visited = calloc (nv, sizeof *s.visited);
  s.stamp = 0;
  report_path_init (&path);
  if (!hot || !s.pos || !s.parent || !s.queue || !s.visited)
    goto out;
  for (uint64_t i = 0; i < fn->num_counts; i++)
    hot[i] = &fn->counts[i];
  qsort (hot, fn->num_counts, sizeof *hot, compare_hottest);
  for (uint32_t v = 0; v < nv; v++)
    s.pos[v] = -1;

  rc = 0;
  for (uint64_t p = 0; p < fn->num_counts && out->num < limit; p++)
    {
      if (report_path_regen (fn, hot[p]->path, &path, err, sizeof err) != 0)
	{
	  rc = -1;
	  break;
	}
      rc = decisions_from (fn, g, limit, out, seen, work, &path,
			   hot[p]->path, &s);
      if (rc != 0 || out->bounded)
	break;
    }
out:
  report_path_free (&path);
  free (hot);
  free (s.pos);
  free (s.parent);
  free (s.queue);
  free (s.visited);
  return rc;
}

/* A partial path of the best-first search: from ENTRY to VERTEX in LENGTH
   edges, its Val sum so far ID.  */
typedef struct search_state
{
  uint32_t vertex;
  uint32_t length;
  uint32_t estimate;   /* length + distance to EXIT */
  uint64_t id;
  uint64_t order;      /* when pushed: the last tie-break */
} search_state;

/* Whether A comes out of the heap before B: smaller estimate, then the
   longer partial path (closer to a complete one), then pushed first.  */

static bool
state_before (const search_state *a, const search_state *b)
{
  if (a->estimate != b->estimate)
    return a->estimate < b->estimate;
  if (a->length != b->length)
    return a->length > b->length;
  return a->order < b->order;
}

typedef struct state_heap
{
  size_t num, capacity;
  search_state *states;
} state_heap;

static int
heap_push (state_heap *h, search_state s)
{
  size_t i;

  if (h->num == h->capacity)
    {
      size_t cap = h->capacity ? 2 * h->capacity : 64;
      search_state *grown = realloc (h->states, cap * sizeof *grown);
      if (!grown)
	return -1;
      h->states = grown;
      h->capacity = cap;
    }
  for (i = h->num++; i > 0; i = (i - 1) / 2)
    {
      size_t up = (i - 1) / 2;
      if (!state_before (&s, &h->states[up]))
	break;
      h->states[i] = h->states[up];
    }
  h->states[i] = s;
  return 0;
}

static search_state
heap_pop (state_heap *h)
{
  search_state top = h->states[0], last = h->states[--h->num];
  size_t i = 0;

  for (;;)
    {
      size_t c = 2 * i + 1;
      if (c >= h->num)
	break;
      if (c + 1 < h->num && state_before (&h->states[c + 1], &h->states[c]))
	c++;
      if (!state_before (&h->states[c], &last))
	break;
      h->states[i] = h->states[c];
      i = c;
    }
  if (h->num)
    h->states[i] = last;
  return top;
}

/* Phase 2: the other paths, shortest first (see untested.h).  Returns 0
   or -1.  */

static int
find_shortest (const report_function *fn, const graph *g, size_t limit,
	       dump_untested *out, id_set *seen)
{
  const ppf_dag *dag = &fn->dag;
  state_heap heap = { 0, 0, NULL };
  uint64_t pushed = 0, expanded = 0;
  int rc = 0;

  if (out->num >= limit || g->to_exit[0] == NO_DISTANCE)
    return 0;
  if (heap_push (&heap, (search_state) { 0, 0, g->to_exit[0], 0,
					 pushed++ }) != 0)
    return -1;
  while (heap.num && out->num < limit)
    {
      search_state s = heap_pop (&heap);

      if (s.vertex == 1)
	{
	  if (!report_function_count (fn, s.id) && !id_set_has (seen, s.id)
	      && add_found (out, seen, s.id, DUMP_UNTESTED_SHORTEST, 0, 0)
		   != 0)
	    {
	      rc = -1;
	      break;
	    }
	  continue;
	}
      if (++expanded > DUMP_UNTESTED_WORK)
	{
	  out->bounded = true;
	  break;
	}
      for (uint32_t k = g->ix.out_start[s.vertex];
	   k < g->ix.out_start[s.vertex + 1]; k++)
	{
	  uint32_t e = g->ix.out[k], d = dag->dst[e];
	  if (!listable_kind (fn->meta.edges[e].kind)
	      || g->to_exit[d] == NO_DISTANCE)
	    continue;
	  if (heap_push (&heap, (search_state) { d, s.length + 1,
						 s.length + 1 + g->to_exit[d],
						 s.id + dag->val[e],
						 pushed++ }) != 0)
	    {
	      rc = -1;
	      break;
	    }
	}
      if (rc != 0)
	break;
    }
  free (heap.states);
  return rc;
}

/* Find the untested paths of FN: see untested.h.  */

int
dump_find_untested (const report_function *fn, size_t limit,
		    dump_untested *out)
{
  graph g;
  id_set seen = { 63, NULL, 0 };
  uint64_t work = 0, executed_at_call = 0;
  report_path path;
  char err[256];
  int rc = -1;

  memset (out, 0, sizeof *out);
  out->never_ran = fn->meta.num_paths - fn->num_complete;
  if (graph_init (&g, fn) != 0)
    return -1;
  report_path_init (&path);
  seen.slots = calloc (seen.mask + 1, sizeof *seen.slots);
  if (!seen.slots)
    goto out;
  /* Potential paths left at a call: those through each early or unwind
     exit, less the executed ones.  Early exits numbered apart
     (PPF_FN_APART) end cut paths, which are no potential paths.  */
  out->left_at_call
    = report_dag_paths_ending (&g.ix, fn, PPF_EDGE_UNWIND_EXIT);
  if (!(fn->meta.flags & PPF_FN_APART))
    out->left_at_call
      = ppf_count_add (out->left_at_call,
		       report_dag_paths_ending (&g.ix, fn,
						PPF_EDGE_EARLY_EXIT));
  out->exception_exits
    = fn->exception_exits - fn->executed_exception_exits;
  if (out->left_at_call)
    for (uint64_t i = 0; i < fn->num_counts; i++)
      {
	if (fn->counts[i].path >= fn->meta.num_paths)
	  continue;		/* a cut path */
	if (report_path_regen (fn, fn->counts[i].path, &path, err, sizeof err)
	    != 0)
	  goto out;
	if (REPORT_END_PARTIAL_P (path.end))
	  executed_at_call++;
      }
  out->left_at_call = out->left_at_call >= executed_at_call
		        ? out->left_at_call - executed_at_call : 0;
  out->listable = out->never_ran >= out->left_at_call
		    ? out->never_ran - out->left_at_call : 0;
  if (limit > out->listable)
    limit = out->listable;
  if (find_decisions (fn, &g, limit, out, &seen, &work) != 0
      || find_shortest (fn, &g, limit, out, &seen) != 0)
    goto out;
  rc = 0;
out:
  if (rc != 0)
    dump_untested_free (out);
  free (seen.slots);
  report_path_free (&path);
  graph_free (&g);
  return rc;
}

/* Release U's memory.  */

void
dump_untested_free (dump_untested *u)
{
  free (u->paths);
  u->paths = NULL;
  u->num = u->capacity = 0;
}
