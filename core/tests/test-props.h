/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Properties checked over many paths and graphs, for the core's unit
   tests: each test file names its own properties (an enum and an array
   of names); a `stats' counts the checks and failures of each and keeps
   the first failure's message, and report_stats turns them into one
   PASS:/FAIL: line per property.  One check over 10,000 graphs would
   otherwise be 10,000 lines, or none that says what failed first.

   Usage:
       enum { P_COUNT, P_UNIQUE, P_NUM };
       static const char *const property_name[P_NUM] = { ..., ... };
       stats st;
       stats_init (&st, property_name, P_NUM, verbose, "seed 7");
       prop (&st, P_COUNT, n == expected, "saw %u, expected %u", ...);
       report_stats ("random CFGs", &st, REPORT_CHECKED);

   With VERBOSE (a rerun of given seeds), every failure is also printed
   to stderr as it happens, under the current context.  */

#ifndef PATHPROF_TEST_PROPS_H
#define PATHPROF_TEST_PROPS_H

#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "test-random.h"
#include "unit-test.h"

/* The most properties a test file may have.  */
#define PROPS_MAX 16

typedef struct stats
{
  const char *const *names;  /* [num_props]: the file's property names */
  int num_props;
  bool verbose;              /* print every failure to stderr */
  const char *context;       /* describes the graph, for messages */
  uint64_t checked[PROPS_MAX];
  uint64_t failed[PROPS_MAX];
  char first[PROPS_MAX][400];
} stats;

/* Nothing checked yet of the NUM_PROPS properties NAMES, in CONTEXT.  */
static void __attribute__ ((unused))
stats_init (stats *st, const char *const *names, int num_props,
	    bool verbose, const char *context)
{
  assert (num_props > 0 && num_props <= PROPS_MAX);
  memset (st, 0, sizeof *st);
  st->names = names;
  st->num_props = num_props;
  st->verbose = verbose;
  st->context = context;
}

static void prop (stats *st, int p, bool ok, const char *fmt, ...)
  __attribute__ ((format (printf, 4, 5), unused));

/* Record one check of property P; keep the first failure's message.  */
static void
prop (stats *st, int p, bool ok, const char *fmt, ...)
{
  assert (p >= 0 && p < st->num_props);
  st->checked[p]++;
  if (ok)
    return;
  st->failed[p]++;
  if (st->first[p][0] == '\0' || st->verbose)
    {
      char msg[300];
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (msg, sizeof msg, fmt, ap);
      va_end (ap);
      if (st->first[p][0] == '\0')
	snprintf (st->first[p], sizeof st->first[p], "%s: %s", st->context,
		  msg);
      if (st->verbose)
	fprintf (stderr, "  [%s] %s\n", st->context, msg);
    }
}

/* Failures of every property so far.  */
static uint64_t __attribute__ ((unused))
stats_failures (const stats *st)
{
  uint64_t sum = 0;
  for (int p = 0; p < st->num_props; p++)
    sum += st->failed[p];
  return sum;
}

/* Which properties report_stats gives a line.  */
enum report_which
{
  REPORT_ALL,      /* every one, even if never checked */
  REPORT_CHECKED,  /* those checked at least once */
  REPORT_FAILED    /* those that failed (a rerun of given seeds) */
};

/* One PASS/FAIL line per property of WHICH, named after LABEL.  */
static void __attribute__ ((unused))
report_stats (const char *label, const stats *st, enum report_which which)
{
  for (int p = 0; p < st->num_props; p++)
    if (which == REPORT_ALL
	|| (which == REPORT_CHECKED && st->checked[p] > 0)
	|| (which == REPORT_FAILED && st->failed[p] > 0))
      check (st->failed[p] == 0,
	     check_name ("%s: %s (%" PRIu64 " checks)", label, st->names[p],
			 st->checked[p]),
	     "expected 0 failures, saw %" PRIu64 "; first: %s", st->failed[p],
	     st->first[p]);
}

#endif /* PATHPROF_TEST_PROPS_H */
