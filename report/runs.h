/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's runs over a set of .pathprof files, one rule for
   pathprof-dump and pathprof-tool (doc/file-format.md, "runs"): each
   run of a program writes every unit it has, so a file's runs count once
   for each unit it holds (its unit_name, or each name of its unit
   table), the files of one unit add up, and the set ran as often as its
   most-run unit (a program of 7 objects run once: 1 run, not 7).  */

#ifndef PATHPROF_REPORT_RUNS_H
#define PATHPROF_REPORT_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "ppformat.h"
#include "string-index.h"

typedef struct report_runs
{
  report_string_index index;  /* unit name -> index into names and sums */
  char **names;               /* owned copies: the index's keys */
  uint64_t *sums;             /* runs per unit, saturating */
  size_t num, capacity;
} report_runs;

void report_runs_init (report_runs *runs);
/* Add FILE's runs times WEIGHT to each unit it holds.  Returns 0, or -1
   if memory ran out (RUNS is then as before but for some units).  */
int report_runs_add (report_runs *runs, const ppf_file *file, uint64_t weight);
/* The fewest and the most runs of a unit; both 0 without any.  */
void report_runs_range (const report_runs *runs, uint64_t *min, uint64_t *max);
void report_runs_free (report_runs *runs);

#endif /* PATHPROF_REPORT_RUNS_H */
