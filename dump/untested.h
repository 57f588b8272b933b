/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The paths of a function that never ran (--untested), the useful ones
   first.

   1. "One decision" from an executed path P, hottest P first (count
      descending, then path number), then by the position of the decision
      along P, then by the order of the other successors in the meta:
      follow P to a block with several successors, take another one, go
      by the fewest DAG edges back to a block of P's remaining suffix, or
      to EXIT (the first found in breadth-first order when several are as
      near), then follow P to its end.  These differ from a path that
      ran in one choice, and a test for one usually changes one input.
   2. Then every other path that never ran, shortest first (fewest DAG
      edges): a best-first search from ENTRY over the DAG whose
      heuristic is each block's exact distance to EXIT, so that complete
      paths come out in nondecreasing length without enumerating them
      all; executed and already listed path numbers are skipped.  Paths
      of equal length come in the order the search finds them (fixed for
      a given meta).

   Paths that end at an early or unwind exit (DAG edge kinds 7 and 8: left
   at a call that did not return, or by an exception) are not listed: no
   decision leads there, a call does.  They are counted (left_at_call).

   These are DAG paths: some of them may be infeasible, because their
   conditions contradict each other (the same test twice, a loop bound
   known at compile time); a profile cannot tell.

   Both searches are bounded (DUMP_UNTESTED_WORK steps), so that a
   function with 2^63 paths, most of them executed or not, still answers
   quickly; a report says when a bound cut the list short.  */

#ifndef PATHPROF_DUMP_UNTESTED_H
#define PATHPROF_DUMP_UNTESTED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile-data.h"

/* Steps of each search (blocks visited, states expanded) before it
   gives up.  */
#define DUMP_UNTESTED_WORK 4000000u

/* Paths listed per function without -n (text and JSON), and at most
   with --all.  */
#define DUMP_UNTESTED_DEFAULT 10
#define DUMP_UNTESTED_ALL 100000u

enum dump_untested_how
{
  DUMP_UNTESTED_DECISION,  /* one decision from an executed path */
  DUMP_UNTESTED_SHORTEST   /* found by the shortest-first search */
};

typedef struct dump_untested_path
{
  uint64_t id;
  /* Paths listed per function without -n (text and JSON), and at most
   with --all.  */
#define DUMP_UNTESTED_DEFAULT 10
#define DUMP_UNTESTED_ALL 100000u

enum dump_untested_how how;
  uint64_t from;           /* DECISION: the executed path it leaves */
  uint32_t position;       /* DECISION: the position, in FROM, of the
			      block whose other successor it takes */
} dump_untested_path;

typedef struct dump_untested
{
  uint64_t never_ran;      /* num_paths - executed paths */
  uint64_t left_at_call;   /* of them, paths that end at an early or
			      unwind exit (not listed) */
  uint64_t exception_exits;  /* of those, the unwind exits: paths that
				end by an exception */
  uint64_t listable;       /* never_ran - left_at_call */
  size_t num;              /* listed */
  size_t capacity;
  dump_untested_path *paths;
  bool bounded;            /* a search stopped at its work bound before
			      LIMIT paths or the last one */
} dump_untested;

/* Find at most LIMIT paths of FN that never ran, in the order above.
   Returns 0, or -1 if memory ran out.  */
int dump_find_untested (const report_function *fn, size_t limit,
			dump_untested *out);
void dump_untested_free (dump_untested *u);

#endif /* PATHPROF_DUMP_UNTESTED_H */
