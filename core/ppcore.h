/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: Ball-Larus path numbering and instrumentation
   placement on an abstract control-flow graph.

   Plain C11, no GCC header, no global state.  A CFG goes in, a plan comes
   out: which edges are backedges, the Ball-Larus DAG with Val on every
   edge, the maximum spanning tree and chord increments, and the probes
   (operations on the path register R and the counters) that the plugin
   turns into GIMPLE.  The same module regenerates a path number back into
   its DAG edges for pathprof-dump.

   References are to Ball & Larus, "Efficient Path Profiling", MICRO 1996.

   Conventions
   -----------
   Blocks are numbered 0..num_blocks-1; block 0 is ENTRY and block 1 is
   EXIT, as in GCC.  Edges are identified by their index, never by their
   endpoints: the DAG is a multigraph (a real edge and a dummy may join the
   same pair of blocks, and two backedges to one header give two
   ENTRY->header dummies).

   Path numbers are uint64_t.  The path register R is a uint64_t that wraps
   modulo 2^64: a chord increment may be negative (stored as int64_t) and the
   plugin emits it as the equivalent unsigned addition.  After the last
   operation of a path, R + the operation's value is in 0..num_paths-1.  */

#ifndef PATHPROF_PPCORE_H
#define PATHPROF_PPCORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PP_ENTRY 0u
#define PP_EXIT 1u
#define PP_NONE UINT32_MAX

/* ------------------------------------------------------------------ */
/* Input: the CFG.                                                     */

/* Flags of a CFG edge.  */
enum
{
  /* The edge cannot be split and cannot carry code (abnormal edges of
     computed goto, setjmp and nonlocal goto, and EH edges).  It is forced
     into the spanning tree; code it would need is moved to the end of its
     source (if that has one successor) or the start of its destination (if
     that has one predecessor), otherwise planning fails.  */
  PP_CFG_NO_CODE = 1u << 0,
  /* The edge closes a cycle and is removed from the DAG (trap 1).  Set by
     pp_mark_backedges, or by the caller from its own analysis; the set
     must make the remaining graph acyclic, or planning fails.  */
  PP_CFG_BACKEDGE = 1u << 1,
  /* The edge is taken only by a jump from outside the function's flow:
     the edges of GCC's ABNORMAL_DISPATCHER to the receivers of longjmp
     (the block that begins with the setjmp call) and of a nested
     function's goto (the nonlocal label's block).  The dispatcher never
     executes: the jump resumes at the receiver, the path in progress
     where it left is lost (section 3.6) and a new path starts at the
     receiver.  So a restart edge ends no path at its source and starts
     one at its destination: it stands for the dummy ENTRY->dst
     (PP_DAG_RESTART_ENTRY), whose one operation, R = value, is the
     probe PP_SITE_RESTART; nothing is put on the edge itself (as for
     PP_CFG_NO_CODE, which may be set too).  Its source is normally
     unreachable (the caller leaves out the edges into the dispatcher,
     so that a call that longjmps ends no path); if it is reachable, it
     is a block whose other successors, if any, are ordinary, and with
     none it gets a NORETURN_EXIT dummy.  A restart edge may not also be
     a backedge, leave ENTRY or enter EXIT.  */
  PP_CFG_RESTART = 1u << 2
};

typedef struct pp_cfg_edge
{
  uint32_t src, dst;
  uint32_t flags;  /* PP_CFG_* */
  double weight;   /* estimated execution frequency, >= 0: hotter edges
		      are preferred for the spanning tree (so carry no code) */
} pp_cfg_edge;

/* Flags of a block.  */
enum
{
  /* The block contains a call that may not return (it may call exit,
     longjmp, or let an exception pass).  A path through the block must
     not be counted before the block's end: Figure 8's folding must not
     pull a count up into or above it, or a path cut short in the callee
     would be counted as if it had completed (paper section 3.6: such a
     path is lost, never miscounted).  */
  PP_BLOCK_MAY_NOT_RETURN = 1u << 0,
  /* The block is a landing pad the caller made so that an exception
     passing through a call is seen leaving the function: it has no
     successor (it resumes unwinding), and its NORETURN dummy is a
     PP_DAG_UNWIND_EXIT, the path "left by an exception".  */
  PP_BLOCK_UNWIND = 1u << 1
};

typedef struct pp_cfg
{
  uint32_t num_blocks;  /* including ENTRY (0) and EXIT (1) */
  uint32_t num_edges;
  pp_cfg_edge *edges;   /* edge id = index */
  /* [num_blocks] PP_BLOCK_* flags, or NULL for none.  */
  const uint32_t *block_flags;
  /* Early exits (paper section 3.6 done better): calls at which a path
     may be left without reaching the block's end, and that must still be
     counted, as a path that ends at the call.  CALL_BLOCKS[i] is the
     block of call i (several calls may share a block); each call of a
     reachable block gets a dummy block->EXIT (PP_DAG_EARLY_EXIT) whose
     one count operation is the probe PP_SITE_CALL with index i, also in
     a block without successor, whose noreturn dummy still counts the
     paths that reach its end.  NUM_CALLS may be 0.  */
  uint32_t num_calls;
  const uint32_t *call_blocks;
} pp_cfg;

/* Mark with PP_CFG_BACKEDGE every edge that a depth-first search from ENTRY
   finds to be a back edge (its destination is on the DFS stack).  This is
   every natural-loop latch edge, plus one edge per irreducible cycle.
   Successors reached over edges without PP_CFG_NO_CODE are explored first,
   so that abnormal edges become backedges only when no other choice
   exists.  If the DFS still makes a backedge of an abnormal edge whose
   code could not be relocated (a computed goto's dispatcher edge to a
   label already on the stack), the choice is redone with such edges
   contracted, so that their cycles are broken at ordinary edges (e.g. the
   edges into the dispatcher; see core/cfg.c): then some backedges are
   not DFS back edges, but each lies on a cycle.  PP_CFG_RESTART edges
   are never followed nor marked (they are no part of the DAG); instead
   the search starts again from the destination of each, after ENTRY, so
   that cycles reached only through a jump (a loop after a nonlocal
   label) are broken too.  Clears PP_CFG_BACKEDGE on all other edges.
   Returns the number of backedges.  Iterative: safe on very deep
   graphs.  */
uint32_t pp_mark_backedges (pp_cfg *cfg);

/* Replace CFG's weights (a static estimate) by measured counts: COUNTS[i]
   is how often edge i ran in an earlier run of the same function.  Each
   weight becomes COUNTS[i] plus the static weight scaled into [0, 1/2),
   so that every edge that ran outweighs every edge that did not, and
   edges of equal counts (those that never ran, in particular) keep their
   static order.  */
void pp_cfg_weigh_by_counts (pp_cfg *cfg, const uint64_t *counts);

/* ------------------------------------------------------------------ */
/* Output: the plan.                                                   */

/* What a DAG edge stands for.  The values are part of the .pathprof file
   format (format/ppformat.h uses the same numbers).  */
enum pp_dag_kind
{
  PP_DAG_REAL = 0,          /* CFG edge cfg_edge, kept in the DAG */
  PP_DAG_BACK_ENTRY = 1,    /* ENTRY -> head of backedge cfg_edge */
  PP_DAG_BACK_EXIT = 2,     /* tail of backedge cfg_edge -> EXIT */
  PP_DAG_CUT_ENTRY = 3,     /* ENTRY -> dst of cfg_edge, cut to bound the
			       number of paths (trap 10) */
  PP_DAG_CUT_EXIT = 4,      /* src of cut cfg_edge -> EXIT */
  PP_DAG_NORETURN_EXIT = 5, /* block without successor -> EXIT;
			       cfg_edge = PP_NONE */
  PP_DAG_RESTART_ENTRY = 6, /* ENTRY -> dst of PP_CFG_RESTART edge
			       cfg_edge: a path that starts where a
			       longjmp or nonlocal goto lands */
  PP_DAG_EARLY_EXIT = 7,    /* block of early-exit call CALL -> EXIT: the
			       path left at that call (longjmp, exit,
			       ...); cfg_edge = PP_NONE */
  PP_DAG_UNWIND_EXIT = 8    /* PP_BLOCK_UNWIND block -> EXIT: the path
			       left by an exception; as NORETURN_EXIT
			       otherwise; cfg_edge = PP_NONE */
};

/* Operations on the path register R.  */
enum pp_op_kind
{
  PP_OP_ADD = 0,         /* R += value */
  PP_OP_SET = 1,         /* R = value */
  PP_OP_COUNT = 2,       /* count[R + value]++ */
  PP_OP_COUNT_CONST = 3  /* count[value]++ */
};

typedef struct pp_op
{
  uint32_t kind;   /* enum pp_op_kind */
  uint64_t value;  /* an increment, taken modulo 2^64 */
} pp_op;

typedef struct pp_dag_edge
{
  uint32_t src, dst;   /* blocks */
  uint32_t kind;       /* enum pp_dag_kind */
  uint32_t cfg_edge;   /* the CFG edge this DAG edge stands for, or PP_NONE */
  uint32_t call;       /* for PP_DAG_EARLY_EXIT, the early-exit call
			  (index into pp_cfg.call_blocks); else PP_NONE */
  uint64_t val;        /* Val(e), Figure 5 */
  int64_t inc;         /* Inc(e) if a chord, 0 if a tree edge */
  bool on_tree;        /* in the maximum spanning tree */
  /* The operations this DAG edge performs, in order, after Figure 8
     folding (or naive placement).  At most two.  */
  uint32_t num_ops;
  pp_op ops[2];
} pp_dag_edge;

/* Where the plugin must put code.  */
enum pp_site_kind
{
  PP_SITE_EDGE = 0,        /* on CFG edge INDEX (split it) */
  PP_SITE_BLOCK_END = 1,   /* at the end of block INDEX: before its last
			      statement if that statement ends the block
			      (a call that does not return, a computed goto,
			      a throw, resx), otherwise after it */
  PP_SITE_BLOCK_START = 2, /* at the start of block INDEX, after labels */
  PP_SITE_RESTART = 3,     /* where the destination of PP_CFG_RESTART
			      edge INDEX resumes after the jump, executed
			      only when control arrived by the jump (the
			      plugin emits R = arrived_normally ? R : value,
			      before every other probe of the receiver and
			      of its out-edges).  Always exactly one
			      PP_OP_SET.  */
  PP_SITE_CALL = 4         /* just before early-exit call INDEX, before any
			      other probe of its block's end: exactly one
			      PP_OP_COUNT or PP_OP_COUNT_CONST, whose
			      counter index (R + value, or value) is the
			      number of the path that ends at the call.
			      The plugin does not count it there as it
			      stands: it counts it before the call and takes
			      it back when the call returns, or keeps the
			      index for a receiver to count after a longjmp
			      left the call.  R is not changed.  */
};

/* A probe: the code for one site, the concatenation of the operations of
   the DAG edges that stand for it.  For a backedge or cut edge u->v these
   are the operations of the u->EXIT dummy followed by those of the
   ENTRY->v dummy (trap 4: count[R + Inc(u->EXIT)]++; R = Inc(ENTRY->v),
   after folding).  A NORETURN_EXIT dummy's operations go to BLOCK_END of
   its source, so the path is counted before the call that never returns
   (trap 6); so do an UNWIND_EXIT dummy's.  An EARLY_EXIT dummy's one
   count goes to PP_SITE_CALL of its call.  A RESTART_ENTRY dummy's one
   SET goes to PP_SITE_RESTART of
   its restart edge; it is never folded into a count nor left out, and the
   receiver's other probes are as if the restart edge did not exist (no
   BLOCK_START probe ever goes to a receiver: its restart edge counts as a
   predecessor).  */
typedef struct pp_probe
{
  uint32_t site;    /* enum pp_site_kind */
  uint32_t index;   /* CFG edge, block, or early-exit call */
  uint32_t num_ops;
  pp_op ops[4];     /* executed in order */
} pp_probe;

/* Where a path starts (pp_start.kind).  Every path begins with one DAG
   edge out of ENTRY, and each such edge is one start.  */
enum pp_start_kind
{
  PP_START_ENTRY = 0,     /* the function's entry, over CFG edge
			     CFG_EDGE out of ENTRY (its REAL DAG edge) */
  PP_START_BACKEDGE = 1,  /* after backedge CFG_EDGE u->v, at v (its
			     BACK_ENTRY dummy ENTRY->v) */
  PP_START_CUT = 2,       /* after cut edge CFG_EDGE u->v, at v (its
			     CUT_ENTRY dummy: trap 10) */
  PP_START_RESTART = 3    /* where restart edge CFG_EDGE lands (its
			     RESTART_ENTRY dummy) */
};

/* A path start and its start ops: the operations that begin the paths
   of DAG edge DAG_EDGE, which are that edge's own (pp_dag_edge.ops),
   without the end of the path before.  For the sampled mode
   (doc/sampling.md, 2.4), which emits them where it moves into an
   instrumented copy of the function, and nothing of the path that came
   before.

   They sit in the probe at SITE INDEX, the one PROBE, after its first
   NUM_END_OPS operations:
     probes[PROBE].num_ops == NUM_END_OPS + NUM_OPS, and
     probes[PROBE].ops[NUM_END_OPS + k] == OPS[k] for k < NUM_OPS.
   NUM_END_OPS is the number of operations of the u->EXIT dummy of a
   backedge or cut edge u->v (they end the previous path: trap 4's
   count[R + Inc(u->EXIT)]++ after folding), 0 for an entry or a
   restart.  So a backedge's probe is its end ops followed by its start
   ops, in every placement (optimised or naive, with or without cuts,
   early exits apart or not).  PROBE is PP_NONE when there is no probe
   at the site (neither end nor start has an operation); SITE INDEX is
   then where the probe would be, or, for a PP_CFG_NO_CODE edge that
   has no such place (and then needs none), PP_SITE_EDGE CFG_EDGE.

   Figure 8 may leave NUM_OPS 0: R is then still garbage, written later
   on the path (its SET pushed onto later edges, as at the entry, where
   nothing initialises R).  A path that starts at a start and runs its
   ops, then the probes of the CFG edges it takes, and ends with the
   first NUM_END_OPS operations of the probe of the backedge or cut edge
   that ends it (or the probe of its edge into EXIT, block end or call),
   counts exactly its number, as in the exact build.  The start ops are
   at most one operation in practice: SET, or COUNT_CONST where the
   whole path is known from its start; a naive plan's are one SET, or
   one COUNT_CONST for an ENTRY->EXIT path.  */
typedef struct pp_start
{
  uint32_t kind;         /* enum pp_start_kind */
  uint32_t cfg_edge;     /* the CFG edge the paths start on */
  uint32_t dag_edge;     /* index into pp_plan.dag_edges: the DAG edge
			    out of ENTRY that begins them */
  uint32_t site;         /* enum pp_site_kind: where the start ops are */
  uint32_t index;        /* CFG edge or block, as pp_probe.index */
  uint32_t probe;        /* index into pp_plan.probes, or PP_NONE */
  uint32_t num_end_ops;  /* operations of the probe before the start's */
  uint32_t num_ops;
  pp_op ops[2];          /* the start ops, executed in order */
} pp_start;

typedef struct pp_options
{
  /* Largest NumPaths allowed at any vertex before its outgoing edges are
     cut (trap 10).  0 selects the largest limit that keeps the total
     number of paths below 2^63.  */
  uint64_t max_paths;
  /* Naive placement, the test oracle: R = 0 at the start of every path,
     R += Val(e) on every DAG edge with nonzero Val, count[R]++ at every
     path end.  No spanning tree, no folding.  */
  bool naive;
  /* The spanning tree by weight alone, as before free chords: edges out
     of ENTRY and some edges into EXIT, which carry the same code as
     chords or tree edges, are then not left for last (doc/algorithm.md
     section 6).  Path numbers do not change, only the placement; for
     tests and measurements.  */
  bool plain_tree;
  /* Hot-first numbering: when NumPaths(ENTRY) exceeds this (and it is not
     0), each vertex's out-edges are ordered by estimated frequency per
     path (the edge weights, see numbering.c) instead of by NumPaths, so
     that the frequent paths get the smallest numbers.  The plugin sets
     it to its max-array threshold: hashed functions count their paths
     below a dense prefix in an array.  0: never (section 5.2's order).  */
  uint64_t hot_first_above;
  /* Early exits numbered apart (cut paths counted by the runtime, not in
     the counters): the EARLY_EXIT dummies take no part in Figure 5, so
     NumPaths and every other Val are those of the DAG without them, and
     the dummy of early-exit call c gets Val = N * (c + 1), N the number
     of paths (NumPaths(ENTRY)).  The path that ends at call c after the
     prefix P then has the number N * (c + 1) + Val (P): no complete
     path's number (all below N) changes, and N * (num_calls + 1) stays
     below 2^63 (the limit on NumPaths is divided by num_calls + 1).
     pp_regen_new_apart decodes such numbers.  */
  bool apart_exits;
} pp_options;

typedef struct pp_plan
{
  uint64_t num_paths;        /* N: path numbers are 0..N-1 */
  uint32_t num_blocks;       /* as in the CFG */
  uint32_t num_backedges;    /* CFG edges removed as backedges */
  uint32_t num_cut_edges;    /* CFG edges cut to bound path counts */
  bool *reachable;           /* [num_blocks]: reached from ENTRY, or
				from the destination of a restart edge;
				others are not in the DAG and get no
				code */
  uint32_t num_dag_edges;
  /* Grouped by src, in increasing Val within a src (so regeneration can
     pick, at each vertex, the last edge whose Val does not exceed the
     remaining path number).  */
  pp_dag_edge *dag_edges;
  uint32_t num_probes;
  pp_probe *probes;          /* at most one per site */
  /* One per DAG edge out of ENTRY, by increasing cfg_edge: where paths
     start and with which operations (pp_start).  */
  uint32_t num_starts;
  pp_start *starts;
} pp_plan;

/* Build the plan for CFG.  Edges flagged PP_CFG_BACKEDGE are taken as the
   backedge set (call pp_mark_backedges first if the caller has none).
   Every block other than EXIT that is reachable and has no successor
   (restart edges aside) gets a NORETURN_EXIT dummy; every restart edge a
   RESTART_ENTRY dummy, whatever the reachability of its source.  Returns
   0 on success.  On failure returns -1, writes a one-line reason into ERR
   (e.g. "abnormal edge 7->9 must carry code but neither its source has
   one successor nor its destination one predecessor") and leaves PLAN
   empty (safe to pp_plan_free).  */
int pp_plan_build (const pp_cfg *cfg, const pp_options *opts, pp_plan *plan,
		   char *err, size_t errlen);

void pp_plan_free (pp_plan *plan);

/* ------------------------------------------------------------------ */
/* Regeneration: path number -> DAG edges (used by pathprof-dump on    */
/* DAGs read from files, so it validates everything it is given).      */

typedef struct pp_regen pp_regen;

/* Prepare regeneration over a DAG of NUM_BLOCKS vertices whose edges are
   given as (src, dst, val), grouped by src with increasing val within a
   src, as pp_plan.dag_edges is.  Returns NULL and a reason in ERR if the
   edges are out of range or not so ordered.  */
pp_regen *pp_regen_new (uint32_t num_blocks, uint32_t num_edges,
			const uint32_t *src, const uint32_t *dst,
			const uint64_t *val, char *err, size_t errlen);

/* Write into EDGES (capacity CAP) the indices of the DAG edges of path
   PATH, from ENTRY to EXIT, and their number into *LEN.  Returns 0, or -1
   if PATH is not a path number of this DAG (or the DAG is malformed: a
   cycle, a dead end, a path longer than CAP).  */
int pp_regen_path (const pp_regen *regen, uint64_t path, uint32_t *edges,
		   uint32_t cap, uint32_t *len);

/* As pp_regen_new, for a DAG numbered with pp_options.apart_exits:
   APART[i] is true for the EARLY_EXIT dummies (edges into EXIT), which
   take no part in Figure 5.  Their Vals must be distinct non-zero
   multiples of N = NumPaths(ENTRY) of the DAG without them, and
   pp_regen_path then also decodes the number N * k + Val (P) of a path
   left at such a dummy of Val N * k after the prefix P (P followed by
   the dummy).  APART NULL is pp_regen_new.  */
pp_regen *pp_regen_new_apart (uint32_t num_blocks, uint32_t num_edges,
			      const uint32_t *src, const uint32_t *dst,
			      const uint64_t *val, const bool *apart,
			      char *err, size_t errlen);

/* N, the number of complete paths (NumPaths(ENTRY)) of REGEN's DAG;
   with apart exits, numbers from N on are paths left at an early exit.  */
uint64_t pp_regen_num_paths (const pp_regen *regen);

void pp_regen_free (pp_regen *regen);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PPCORE_H */
