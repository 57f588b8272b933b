/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Comparing two profile sets path by path, for diff and overlap: each
   function of A paired with B's of the same identity (set.h) and the
   same meta, and their sorted count lists walked together.  Also what
   the two reports share: set summaries and path text.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path-text.h"
#include "json.h"
#include "tool.h"

/* Append the pairs of function A (B's copy B; either may be NULL) to
   CMP.  Returns 0 or -1.  */

static int
pair_function (tool_compare *cmp, const tool_function *a,
	       const tool_function *b, size_t *capacity)
{
  uint64_t na = a ? a->num_counts : 0, nb = b ? b->num_counts : 0;
  uint64_t i = 0, j = 0;
  tool_fn_pair *fp;

  if (cmp->num_pairs + na + nb > *capacity)
    {
      size_t want = (cmp->num_pairs + na + nb) * 2 + 16;
      tool_pair *grown = realloc (cmp->pairs, want * sizeof *grown);
      if (!grown)
	return -1;
      cmp->pairs = grown;
      *capacity = want;
    }
  fp = realloc (cmp->fns, (cmp->num_fns + 1) * sizeof *fp);
  if (!fp)
    return -1;
  cmp->fns = fp;
  fp = &cmp->fns[cmp->num_fns++];
  fp->a = a;
  fp->b = b;
  fp->first = cmp->num_pairs;
  while (i < na || j < nb)
    {
      tool_pair *p = &cmp->pairs[cmp->num_pairs++];
      p->fn = a ? a : b;
      if (j == nb || (i < na && a->counts[i].path < b->counts[j].path))
	{
	  p->id = a->counts[i].path;
	  p->count_a = a->counts[i++].count;
	  p->count_b = 0;
	}
      else if (i == na || b->counts[j].path < a->counts[i].path)
	{
	  p->id = b->counts[j].path;
	  p->count_a = 0;
	  p->count_b = b->counts[j++].count;
	}
      else
	{
	  p->id = a->counts[i].path;
	  p->count_a = a->counts[i++].count;
	  p->count_b = b->counts[j++].count;
	}
    }
  fp->num = cmp->num_pairs - fp->first;
  return 0;
}

int
tool_compare_sets (const tool_set *a, const tool_set *b, tool_compare *cmp)
{
  size_t capacity = 0;
  bool *paired = calloc (b->num_functions + 1, sizeof *paired);

  memset (cmp, 0, sizeof *cmp);
  cmp->a = a;
  cmp->b = b;
  if (!paired)
    return -1;
  for (size_t i = 0; i < a->num_functions; i++)
    {
      const tool_function *fa = a->functions[i];
      tool_function *fb = tool_set_find (b, fa->unit, fa->fn.meta.name);
      if (fb && !tool_same_meta (fa, fb))
	{
	  fprintf (stderr, "%s: function %s of %s: the one in %s differs "
		   "from the one in %s: another build; left out\n",
		   TOOL_PROGRAM, fa->fn.meta.name, fa->unit,
		   b->inputs[fb->first_input], a->inputs[fa->first_input]);
	  paired[fb->index] = true;
	  cmp->mismatches++;
	  continue;
	}
      if (fb)
	paired[fb->index] = true;
      if (pair_function (cmp, fa, fb, &capacity) != 0)
	{
	  free (paired);
	  return -1;
	}
    }
  for (size_t k = 0; k < b->num_functions; k++)
    if (!paired[k] && pair_function (cmp, NULL, b->functions[k], &capacity)
		      != 0)
      {
	free (paired);
	return -1;
      }
  free (paired);
  return 0;
}

void
tool_compare_free (tool_compare *cmp)
{
  free (cmp->pairs);
  free (cmp->fns);
  memset (cmp, 0, sizeof *cmp);
}

/* The number of executed paths of SET.  */

static uint64_t
executed_paths (const tool_set *set)
{
  uint64_t n = 0;

  for (size_t i = 0; i < set->num_functions; i++)
    n += set->functions[i]->num_counts;
  return n;
}

void
tool_put_set_summary (FILE *out, const char *which, const char *name,
		      const tool_set *set)
{
  char total[REPORT_SUM_DIGITS], period[REPORT_SAMPLING_SIZE];

  fprintf (out, "%s: %s: %zu file%s, %llu run%s, %zu functions, %llu paths "
	   "executed, %s executions", which, name, set->num_inputs,
	   set->num_inputs == 1 ? "" : "s", (unsigned long long) set->runs,
	   set->runs == 1 ? "" : "s", set->num_functions,
	   (unsigned long long) executed_paths (set),
	   report_sum_format (&set->total_executions, total));
  if (report_sampling_sampled (&set->sampling))
    {
      report_sampling_period (period, &set->sampling);
      fprintf (out, " (sampled %s)", period);
    }
  fputc ('\n', out);
}

void
tool_put_set_json (FILE *out, const char *name, const tool_set *set)
{
  char total[REPORT_SUM_DIGITS];

  fputs ("{\"name\": ", out);
  report_json_string (out, name);
  fputs (", \"files\": [", out);
  for (size_t i = 0; i < set->num_inputs; i++)
    {
      fputs (i ? ", " : "", out);
      report_json_string (out, set->inputs[i]);
    }
  fprintf (out, "], \"runs\": %llu, \"functions\": %zu, "
	   "\"executed_paths\": %llu, \"executions\": %s",
	   (unsigned long long) set->runs, set->num_functions,
	   (unsigned long long) executed_paths (set),
	   report_sum_format (&set->total_executions, total));
  /* Fields added for sampled sets only (doc/pathprof-tool.md).  */
  if (report_sampling_sampled (&set->sampling) && set->sampling.period)
    fprintf (out, ", \"sampled\": true, \"sample_period\": %llu",
	     (unsigned long long) set->sampling.period);
  else if (report_sampling_sampled (&set->sampling))
    fputs (", \"sampled\": true, \"sample_period\": null", out);
  fputc ('}', out);
}

char *
tool_path_text (const tool_function *fn, uint64_t id, bool utf8)
{
  const report_glyphs *g = report_glyphs_for (utf8);
  report_path path;
  report_path_text text;
  char err[256], *buf = NULL;
  size_t size = 0;
  FILE *mem;
  int rc;

  report_path_init (&path);
  report_path_text_init (&text);
  rc = report_path_regen (&fn->fn, id, &path, err, sizeof err);
  if (rc == 0)
    rc = report_path_text_build (&text, &fn->fn, &path, g);
  if (rc == 0 && (mem = open_memstream (&buf, &size)) != NULL)
    {
      report_path_text_write (mem, &text, 0, SIZE_MAX, 0, g);
      if (fclose (mem) != 0)
	{
	  free (buf);
	  buf = NULL;
	}
      else if (size && buf[size - 1] == '\n')
	buf[size - 1] = '\0';
    }
  report_path_text_free (&text);
  report_path_free (&path);
  return buf;
}

int
tool_put_path (FILE *out, const tool_function *fn, uint64_t id,
	       size_t column, const tool_report_options *opt)
{
  const report_glyphs *g = report_glyphs_for (opt->utf8);
  report_path path;
  report_path_text text;
  char err[256];
  int rc;

  report_path_init (&path);
  report_path_text_init (&text);
  /* Paths were checked when the sets were read: only memory fails.  */
  rc = report_path_regen (&fn->fn, id, &path, err, sizeof err);
  if (rc == 0)
    rc = report_path_text_build (&text, &fn->fn, &path, g);
  if (rc == 0)
    report_path_text_write (out, &text, column, opt->width, opt->path_lines,
			    g);
  report_path_text_free (&text);
  report_path_free (&path);
  return rc;
}
