/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sampled profiles in the reports (doc/sampling.md, section 6).

   A sampled profile (PPF_FILE_SAMPLED) holds estimates: each count is
   its samples times the period of the run that took them, summed over
   the runs merged.  A count is exact when it equals its samples (a
   function counted exactly, or a period of 1); every other count of a
   sampled profile is an estimate, which the text reports print with a
   leading '~'.  Exact profiles have samples 0 and print as ever.

   A set of files read together (the inputs of pathprof-dump, an
   operand of pathprof-tool) is sampled as ppf_sampling_merge says of
   their merge: two sampled files keep their period if it is the same,
   else 0 ("several periods"); a sampled file and an exact one do not
   go together unless the caller allows it (pathprof-tool merge
   --mixed), and the first of each is kept to say which.  */

#ifndef PATHPROF_REPORT_SAMPLING_H
#define PATHPROF_REPORT_SAMPLING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ppformat.h"

/* Room for report_sampling_describe's text.  */
#define REPORT_SAMPLING_SIZE 96

typedef struct report_sampling
{
  size_t num_files;        /* files added */
  uint32_t flags;          /* PPF_FILE_SAMPLED or 0: the set's */
  uint64_t period;         /* with PPF_FILE_SAMPLED: the period, 0 for
			      several */
  bool mixed;              /* a sampled file and an exact one met, and
			      were not allowed to */
  const char *sampled_path;  /* the first sampled file added (not
				copied), or NULL */
  const char *exact_path;    /* the first exact one, or NULL */
} report_sampling;

void report_sampling_init (report_sampling *s);
/* Add FILE, read from PATH (kept, not copied), to S; HOW is
   ppf_sampling_merge's (PPF_MERGE_MIXED or 0).  Returns
   ppf_sampling_merge's COUNTS_HOW for FILE's counts (0 for the first
   file), or -1 when FILE and the files before it mix sampled and exact
   counts without PPF_MERGE_MIXED: S->mixed is then set and S is
   otherwise as before.  */
int report_sampling_add (report_sampling *s, const ppf_file *file,
			 const char *path, unsigned how);
/* Whether S is of sampled files.  */
bool report_sampling_sampled (const report_sampling *s);
/* "A is sampled and B exact" for the first sampled file and the first
   exact one of S, into BUF.  */
void report_sampling_mixed_text (char *buf, size_t size,
				 const report_sampling *s);
/* S's period as the short reports say it, into BUF: "1 in 1000", or
   "at several periods".  */
void report_sampling_period (char buf[REPORT_SAMPLING_SIZE],
			     const report_sampling *s);
/* What S's sampling is, for a report's header, into BUF:
   "1 path in 1000; counts are estimates (~)", "several periods; counts
   are estimates (~)", or with a period of 1 "1 path in 1; counts are
   exact".  MARK is appended after "estimates" (" (~)" or "").  */
void report_sampling_describe (char buf[REPORT_SAMPLING_SIZE],
			       const report_sampling *s, const char *mark);

/* Whether COUNT, of SAMPLES samples, is an estimate: a sampled count
   (SAMPLES not 0) that is not its samples.  */
bool report_estimated (uint64_t count, uint64_t samples);
/* "~" when C is an estimate, else "".  */
const char *report_estimate_mark (uint64_t count, uint64_t samples);

#endif /* PATHPROF_REPORT_SAMPLING_H */
