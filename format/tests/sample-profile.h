/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hand-made metas and files for the format tests.

   loop_meta describes

     ENTRY(0) -> 2; 2 -> 3 | 4; 3 -> 5; 4 -> 5; 5 -> 2 (backedge) | EXIT(1)

   whose Ball-Larus DAG replaces the backedge 5->2 by ENTRY->2 (kind 1) and
   5->EXIT (kind 2): NumPaths(5) = 2, NumPaths(2) = 4, NumPaths(ENTRY) = 8.
   The structures point to static arrays: do not ppf_meta_free them.
   sample_file puts it, as "loop", and sample_tiny_meta's "f" into a
   file; sample_timed_loop gives it times.  */

#ifndef PATHPROF_SAMPLE_PROFILE_H
#define PATHPROF_SAMPLE_PROFILE_H

#include <stdlib.h>
#include <string.h>

#include "ppformat.h"

static char *sample_files[] = { "loop.c", "loop.h" };
static ppf_line sample_lines2[] = { { 0, 10 }, { 1, 3 } };
static ppf_line sample_lines3[] = { { 0, 11 } };
static ppf_line sample_lines4[] = { { 0, 13 } };
static ppf_line sample_lines5[] = { { 0, 14 }, { 0, 15 } };
static ppf_block sample_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 2, sample_lines2 },
  { 3, 1, sample_lines3 }, { 4, 1, sample_lines4 }, { 5, 2, sample_lines5 }
};
static ppf_edge sample_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 0, 2, PPF_EDGE_BACK_ENTRY, 5, 2, 4 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 2, 4, PPF_EDGE_REAL, 2, 4, 2 },
  { 3, 5, PPF_EDGE_REAL, 3, 5, 0 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 },
  { 5, 1, PPF_EDGE_BACK_EXIT, 5, 2, 1 }
};

/* Fill *M with the loop function above, named NAME.  */

static void __attribute__ ((unused))
sample_loop_meta (ppf_meta *m, char *name)
{
  memset (m, 0, sizeof *m);
  m->num_paths = 8;
  m->flags = 0;
  m->name = name;
  m->display_name = name;
  m->file = 0;
  m->line = 9;
  m->num_files = 2;
  m->files = sample_files;
  m->num_blocks = 6;
  m->blocks = sample_blocks;
  m->num_edges = 8;
  m->edges = sample_edges;
}

static ppf_block tiny_blocks[] = { { 0, 0, NULL }, { 1, 0, NULL } };
static ppf_edge tiny_edges[] = { { 0, 1, PPF_EDGE_REAL, 0, 1, 0 } };

/* Fill *M with the smallest function: ENTRY -> EXIT, one path, no source
   location.  */

static void __attribute__ ((unused))
sample_tiny_meta (ppf_meta *m)
{
  memset (m, 0, sizeof *m);
  m->num_paths = 1;
  m->flags = PPF_FN_HASHED;
  m->name = "f";
  m->display_name = "f";
  m->file = PPF_NONE;
  m->line = 0;
  m->num_blocks = 2;
  m->blocks = tiny_blocks;
  m->num_edges = 1;
  m->edges = tiny_edges;
}

/* Build the two-function sample file; COUNTS0 has N0 entries.  The metas
   are malloc'd into F and freed with ppf_file_free.  */

static void __attribute__ ((unused))
sample_file (ppf_file *f, ppf_count *counts0, uint64_t n0)
{
  ppf_meta m;
  unsigned char *buf;
  size_t size;

  memset (f, 0, sizeof *f);
  f->version = PPF_VERSION;
  f->runs = 3;
  f->unit_name = strdup ("loop.c");
  f->num_functions = 2;
  f->functions = calloc (2, sizeof *f->functions);
  sample_loop_meta (&m, "loop");
  ppf_meta_encode (&m, &buf, &size);
  f->functions[0].meta = buf;
  f->functions[0].meta_size = (uint32_t) size;
  f->functions[0].num_counts = n0;
  f->functions[0].counts = malloc (n0 * sizeof (ppf_count) + 1);
  memcpy (f->functions[0].counts, counts0, n0 * sizeof (ppf_count));
  sample_tiny_meta (&m);
  ppf_meta_encode (&m, &buf, &size);
  f->functions[1].meta = buf;
  f->functions[1].meta_size = (uint32_t) size;
}

/* Make the loop function of the sample file F timed (PPF_FN_TIMED) and
   F a file with times, in UNIT at HZ; the counts keep their times.  */

static void __attribute__ ((unused))
sample_timed_loop (ppf_file *f, uint32_t unit, uint64_t hz)
{
  ppf_meta m;
  unsigned char *buf;
  size_t size;

  sample_loop_meta (&m, "loop");
  m.flags |= PPF_FN_TIMED;
  ppf_meta_encode (&m, &buf, &size);
  free (f->functions[0].meta);
  f->functions[0].meta = buf;
  f->functions[0].meta_size = (uint32_t) size;
  f->flags |= PPF_FILE_TIME;
  f->time_unit = unit;
  f->ticks_per_second = hz;
}

#endif
