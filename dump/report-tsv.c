/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The TSV report (--tsv): one line per path, no header, for scripts and
   for the DejaGnu suite (testsuite/lib), which parses exactly this:

     FUNCTION \t ID \t COUNT \t START \t END \t LINES \t BRANCHES

   FUNCTION is the display name as stored (the assembler name if the
   compiler recorded none); ID and COUNT are decimal; START is entry,
   backedge, cut or restart; END is return, backedge, noreturn, cut,
   longjmp, call or exception (paths.h);
   LINES is the path's source lines separated by single spaces (up to
   the call for a path left in one),
   consecutive duplicates collapsed, a line of a file other than the
   function's own written FILE:LINE with FILE as stored (empty when no
   block of the path has a line).  BRANCHES is the branches the path
   takes, in order, separated by single spaces: LOC:OUTCOME, LOC the
   branch statement's line written as in LINES (the line the path shows
   before it when the statement has none; bbN when the path has no
   line), OUTCOME the label ("true", "case 1 ... 5") with a space written
   \x20 and a colon \x3a; empty when the path takes no branch or the
   meta has no detail section.  When the profiles hold times
   (metric=cycles), an eighth field TIME follows: the path's total time
   in its file's unit (ticks or ns, an integer), empty for a function
   without times.  Of a sampled profile (sampling.h), a last field
   SAMPLES follows: the samples COUNT was estimated from (COUNT itself
   when the path was counted exactly).  Lines are sorted by function
   (input order) then ID.

   A backslash, tab, newline or carriage return in a name is written \\,
   \t, \n, \r, other control characters \xHH, and in LINES a space in a
   file name \x20, so that tabs and spaces always separate fields.
   Changing any of this breaks the DejaGnu suite: change both, and
   doc/pathprof-dump.md.  */

#include "names.h"
#include "paths.h"
#include "reports.h"
#include "sampling.h"
#include "timing.h"

void
dump_tsv_function (FILE *out, const report_function *fn)
{
  const ppf_meta *m = &fn->meta;

  dump_tsv_field (out, m->display_name[0] ? m->display_name : m->name,
		  false);
  dump_tsv_field (out, report_label_suffix (fn), false);
}

/* Write S escaped as described above; SPACES says whether a space is
   escaped too.  Also used by the --lines and --edges reports.  */

void
dump_tsv_field (FILE *out, const char *s, bool spaces)
{
  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      switch (c)
	{
	case '\\':
	  fputs ("\\\\", out);
	  break;
	case '\t':
	  fputs ("\\t", out);
	  break;
	case '\n':
	  fputs ("\\n", out);
	  break;
	case '\r':
	  fputs ("\\r", out);
	  break;
	default:
	  if (c < 0x20 || c == 0x7f || (spaces && c == ' '))
	    fprintf (out, "\\x%02x", c);
	  else
	    fputc (c, out);
	}
    }
}

/* Write line L of M as LINES does: "12", or "FILE:12" for a file other
   than M's own.  */

static void
put_line (FILE *out, const ppf_meta *m, const ppf_line *l)
{
  if (l->file != m->file && l->file < m->num_files)
    {
      dump_tsv_field (out, m->files[l->file], true);
      fputc (':', out);
    }
  fprintf (out, "%u", l->line);
}

/* Write the BRANCHES field of a path whose lines and outcomes are
   LINES.  */

static void
put_branches (FILE *out, const ppf_meta *m, const report_lines *lines)
{
  for (size_t k = 0; k < lines->num_outcomes; k++)
    {
      const report_outcome *o = &lines->outcomes[k];
      const ppf_line *at = &o->block->branch;

      if (k)
	fputc (' ', out);
      if (at->file != PPF_NONE && at->line != 0)
	put_line (out, m, at);
      else if (o->at < lines->num)
	put_line (out, m, &lines->lines[o->at]);
      else
	fprintf (out, "bb%u", o->block->index);
      fputc (':', out);
      for (const char *p = o->branch->label; *p; p++)
	if (*p == ':')
	  fputs ("\\x3a", out);
	else
	  {
	    char c[2] = { *p, '\0' };
	    dump_tsv_field (out, c, true);
	  }
    }
}

/* Write the TSV report: the kept paths, in the order of SEL (the caller
   sorts them by function then ID).  */

int
dump_report_tsv (FILE *out, const report_data *data,
		 const report_selection *sel)
{
  report_path path;
  report_lines lines = { 0 };
  char err[256];
  int rc = 0;

  report_path_init (&path);
  for (size_t i = 0; i < sel->num_paths; i++)
    {
      const report_path_ref *ref = &sel->paths[i];
      const report_function *fn = data->functions[ref->function];
      const ppf_meta *m = &fn->meta;

      if (report_path_regen (fn, ref->id, &path, err, sizeof err) != 0
	  || report_path_lines (fn, &path, &lines) != 0)
	{
	  rc = -1;
	  break;
	}
      dump_tsv_function (out, fn);
      fprintf (out, "\t%llu\t%llu\t%s\t%s\t", (unsigned long long) ref->id,
	       (unsigned long long) ref->count, report_start_name (path.start),
	       report_end_name (path.end));
      for (size_t k = 0; k < lines.num; k++)
	{
	  if (k)
	    fputc (' ', out);
	  put_line (out, m, &lines.lines[k]);
	}
      fputc ('\t', out);
      put_branches (out, m, &lines);
      if (data->has_time)
	{
	  fputc ('\t', out);
	  if (report_function_timed (fn))
	    {
	      const ppf_count *c = report_function_count (fn, ref->id);
	      fprintf (out, "%llu", (unsigned long long) (c ? c->time : 0));
	    }
	}
      if (report_sampling_sampled (&data->sampling))
	fprintf (out, "\t%llu", (unsigned long long) ref->samples);
      fputc ('\n', out);
    }
  report_lines_free (&lines);
  report_path_free (&path);
  return rc;
}
