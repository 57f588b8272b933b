/* SPDX-License-Identifier: GPL-3.0-or-later */
/* --lcov: the counts derived from the path profile (derive.h) as an lcov
   tracefile, for genhtml, lcov --summary and the CI services that take
   one.  One record per source file of the selected functions:

     TN:
     SF:/src/fig1.c                 the file, as --annotate finds it
     FN:27,fig1                     each function defined there: its
     FNDA:270,fig1                  line and label, its entry count
     FNF:2                          functions found, hit
     FNH:2
     BRDA:30,0,0,150                each branch of each line, as
     BRDA:30,0,1,120                --annotate --branches lists them:
     BRF:2                          "-" when its block never ran
     BRH:2
     DA:27,270                      each line with code, gcov's count
     LF:9                           lines found, hit
     LH:9
     end_of_record

   Path coverage has no record in the format: it stays in pathprof's own
   reports (doc/pathprof-dump.md, --lcov).  */

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "derive.h"
#include "reports.h"
#include "source-lines.h"

/* Whether function I of DATA is selected and defined in FILE.  */

static bool
defined_in (const report_data *data, const report_selection *sel, size_t i,
	    const char *file)
{
  return sel->selected[i] && report_source_defines (data->functions[i], file);
}

/* Write the FN, FNDA, FNF and FNH records of FILE.  Returns 0 or -1.  */

static int
put_functions (FILE *out, const report_data *data, const report_selection *sel,
	       const char *file)
{
  size_t found = 0, hit = 0;

  for (size_t i = 0; i < data->num_functions; i++)
    if (defined_in (data, sel, i, file))
      {
	const report_function *fn = data->functions[i];
	fprintf (out, "FN:%u,%s\n", fn->meta.line ? fn->meta.line : 1,
		 fn->label);
      }
  for (size_t i = 0; i < data->num_functions; i++)
    if (defined_in (data, sel, i, file))
      {
	const report_function *fn = data->functions[i];
	report_counts c;
	if (report_derive_counts (fn, &c) != 0)
	  return -1;
	fprintf (out, "FNDA:%llu,%s\n", (unsigned long long) c.entry_count,
		 fn->label);
	found++;
	hit += c.entry_count > 0;
	report_counts_free (&c);
      }
  fprintf (out, "FNF:%zu\nFNH:%zu\n", found, hit);
  return 0;
}

/* Write the SF record of FILE: the path where --annotate finds the
   source as it was compiled (source-lines.h, report_source_open), so that
   genhtml finds it; else its name as recorded.  */

static void
put_source_file (FILE *out, const report_source_file *file)
{
  char *path = NULL;
  FILE *src = report_source_open (file->name, file->profile, &path, NULL, 0);

  if (src)
    fclose (src);
  fprintf (out, "TN:\nSF:%s\n", path ? path : file->name);
  free (path);
}

/* Write the --lcov report.  */

int
dump_report_lcov (FILE *out, const report_data *data,
		  const report_selection *sel)
{
  report_sources sources;
  int rc = -1;

  if (report_collect_sources (data, sel, &sources) != 0)
    return -1;
  for (size_t f = 0; f < sources.num_files; f++)
    {
      const report_source_file *file = &sources.files[f];
      const report_source_line *lines = sources.lines + file->first_line;
      size_t branches = 0, taken = 0, hit = 0;

      put_source_file (out, file);
      if (put_functions (out, data, sel, file->name) != 0)
	goto done;
      for (size_t l = 0; l < file->num_lines; l++)
	for (size_t k = 0; k < lines[l].num_branches; k++)
	  {
	    const report_source_branch *b
	      = &sources.branches[lines[l].first_branch + k];
	    branches++;
	    taken += b->count > 0;
	    if (b->executed)
	      fprintf (out, "BRDA:%u,0,%zu,%llu\n", lines[l].line, k,
		       (unsigned long long) b->count);
	    else
	      fprintf (out, "BRDA:%u,0,%zu,-\n", lines[l].line, k);
	  }
      fprintf (out, "BRF:%zu\nBRH:%zu\n", branches, taken);
      for (size_t l = 0; l < file->num_lines; l++)
	{
	  fprintf (out, "DA:%u,%llu\n", lines[l].line,
		   (unsigned long long) lines[l].count);
	  hit += lines[l].count > 0;
	}
      fprintf (out, "LF:%zu\nLH:%zu\nend_of_record\n", file->num_lines, hit);
    }
  rc = 0;
 done:
  report_sources_free (&sources);
  return rc;
}
