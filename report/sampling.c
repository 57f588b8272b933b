/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sampled profiles in the reports: see sampling.h.  */

#include <stdio.h>
#include <string.h>

#include "sampling.h"

void
report_sampling_init (report_sampling *s)
{
  memset (s, 0, sizeof *s);
}

/* Add FILE to S as ppf_sampling_merge merges it: see sampling.h.  */

int
report_sampling_add (report_sampling *s, const ppf_file *file,
		     const char *path, unsigned how)
{
  bool sampled = (file->flags & PPF_FILE_SAMPLED) != 0;
  unsigned counts_how = 0;

  if (sampled && !s->sampled_path)
    s->sampled_path = path;
  if (!sampled && !s->exact_path)
    s->exact_path = path;
  if (s->num_files++ == 0)
    {
      s->flags = file->flags & PPF_FILE_SAMPLED;
      s->period = sampled ? file->sample_period : 0;
      return 0;
    }
  if (ppf_sampling_merge (&s->flags, &s->period,
			  file->flags & PPF_FILE_SAMPLED,
			  file->sample_period, how, &counts_how) != PPF_OK)
    {
      s->mixed = true;
      return -1;
    }
  return (int) counts_how;
}

bool
report_sampling_sampled (const report_sampling *s)
{
  return (s->flags & PPF_FILE_SAMPLED) != 0;
}

void
report_sampling_mixed_text (char *buf, size_t size, const report_sampling *s)
{
  snprintf (buf, size, "%.200s is sampled and %.200s exact",
	    s->sampled_path ? s->sampled_path : "?",
	    s->exact_path ? s->exact_path : "?");
}

void
report_sampling_period (char buf[REPORT_SAMPLING_SIZE],
			const report_sampling *s)
{
  if (s->period)
    snprintf (buf, REPORT_SAMPLING_SIZE, "1 in %llu",
	      (unsigned long long) s->period);
  else
    snprintf (buf, REPORT_SAMPLING_SIZE, "at several periods");
}

void
report_sampling_describe (char buf[REPORT_SAMPLING_SIZE],
			  const report_sampling *s, const char *mark)
{
  if (s->period == 1)
    snprintf (buf, REPORT_SAMPLING_SIZE, "1 path in 1; counts are exact");
  else if (s->period == 0)
    snprintf (buf, REPORT_SAMPLING_SIZE, "several periods; counts are "
	      "estimates%s", mark);
  else
    snprintf (buf, REPORT_SAMPLING_SIZE, "1 path in %llu; counts are "
	      "estimates%s", (unsigned long long) s->period, mark);
}

bool
report_estimated (uint64_t count, uint64_t samples)
{
  return samples != 0 && samples != count;
}

const char *
report_estimate_mark (uint64_t count, uint64_t samples)
{
  return report_estimated (count, samples) ? "~" : "";
}
