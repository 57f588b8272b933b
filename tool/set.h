/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A profile set: the .pathprof files given to one pathprof-tool operand
   list, merged in memory, function by function.

   A function is identified by its translation unit (ppf_function_unit:
   the file's unit_name, or its unit table entry in a merged file) and its
   assembler name.  The same function of the same build has a
   byte-identical meta in every file; its counts add (saturating, each
   file's counts multiplied by its weight; samples too, of sampled
   files, which go together as report/sampling.h says: a sampled file
   and an exact one only with PPF_MERGE_MIXED, pathprof-tool merge
   --mixed).  A function of the same identity with another meta comes
   from another build: that copy is
   reported and left out, never summed, and the copy already in the set
   (from the first file given, in command-line order) stays; the file's
   other functions are summed.

   Reading is as pathprof-dump's (report/load.c, report/read-profile.c):
   directories searched recursively, each file under a shared lock or from
   its journal, a file used whole or not at all, every executed path
   regenerated once from its function's DAG.  For speed over many files
   of one build, each distinct meta is decoded once (the metas of the
   first file are given to the reader as known: later files of that build
   decode none), and each (meta, path) is regenerated once: only the paths
   a file adds to the set's list are checked.  */

#ifndef PATHPROF_TOOL_SET_H
#define PATHPROF_TOOL_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "profile-data.h"
#include "runs.h"
#include "sampling.h"

#define TOOL_PROGRAM "pathprof-tool"

/* One function of the set.  FN is what the dump modules need (decoded
   meta, DAG, names); FN.counts points at COUNTS once the set is
   finished.  */
typedef struct tool_function
{
  report_function fn;
  char *unit;               /* its unit's name (owned) */
  uint32_t unit_index;      /* into tool_set.units */
  unsigned char *meta;      /* the encoded meta (owned) */
  uint32_t meta_size;
  ppf_count *counts;        /* merged, strictly increasing path */
  uint64_t num_counts;
  size_t first_input;       /* tool_set.inputs index it came from first */
  size_t last_input;        /* the last one that held it */
  size_t index;             /* in tool_set.functions */
  uint64_t hash;            /* of unit and name */
  size_t next;              /* hash chain: index + 1, 0 ends it */
} tool_function;

typedef struct tool_set
{
  size_t num_inputs;          /* files merged */
  char **inputs;              /* their paths */
  dev_t *devices;
  ino_t *inodes;
  uint64_t runs;              /* the program's runs (runs.h): the most
				 of RUNS_BY_UNIT */
  report_runs runs_by_unit;   /* every file's runs x weight, by unit */
  /* Times (metric=cycles): whether an input had them, their one unit
     (PPF_TIME_*; files of another unit are refused) and the latest
     known frequency.  */
  bool has_time;
  uint32_t time_unit;
  uint64_t ticks_per_second;
  /* Whether the files are sampled, and their period; a file that would
     mix sampled and exact counts without MERGE_HOW's PPF_MERGE_MIXED
     is refused with MIXED_HINT and sets MIXED.  */
  report_sampling sampling;
  unsigned merge_how;
  const char *mixed_hint;
  bool mixed;
  size_t num_functions;
  tool_function **functions;  /* first-seen order: the first file's */
  size_t num_buckets;
  size_t *buckets;            /* index + 1 of a chain's first function */
  size_t num_units;
  char **units;               /* first-seen order */
  ppf_known *known;           /* the first file's metas, in its order */
  uint32_t num_known;
  report_sum total_executions;
  report_profile profile;     /* what FN.profile points at: path = the
				 first input */
  uint64_t weight;            /* of the files being added */
  bool exclude;               /* refuse the file EXCLUDE_DEV/INO (the
				 output of a merge) */
  dev_t exclude_dev;
  ino_t exclude_ino;
  bool into_itself;           /* that file was found among the inputs */
  size_t left_out;            /* function copies of another build left
				 out (each reported) */
} tool_set;

void tool_set_init (tool_set *set);
/* Add ARG, a file or directory, to SET with weight WEIGHT (>= 1).
   Problems are reported on stderr, "pathprof-tool: FILE: what is wrong";
   returns their number.  */
size_t tool_set_add (tool_set *set, const char *arg, uint64_t weight);
/* After the last tool_set_add: point each function at its counts, total
   them, and label the functions for the text reports.  Returns 0, or -1
   if memory ran out.  */
int tool_set_finish (tool_set *set);
/* The function of SET with UNIT and assembler NAME, or NULL.  */
tool_function *tool_set_find (const tool_set *set, const char *unit,
			      const char *name);
void tool_set_free (tool_set *set);

/* Whether the metas of A and B are byte for byte the same.  */
bool tool_same_meta (const tool_function *a, const tool_function *b);

#endif /* PATHPROF_TOOL_SET_H */
