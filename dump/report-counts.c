/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reports of the counts derived from the path profile (derive.h):

   --annotate[=FILE]  every source file of the selected functions (or only
		      FILE) with each line's count in gcov's style:
			    -:   16:static int
			  270:   17:fig1 (int a, int b, int d)
			120*:   23:      if (b)
			#####:   24:	goto D;
		      "-" a line without code, "#####" code that never ran,
		      "N*" a line that ran N times, some of its blocks never.
		      With --branches, each line's branches follow it as
		      gcov -b -c lists them: "branch  0 taken 7".
		      Without the source file, the counted lines only,
		      with empty text.
   --lines            FUNCTION \t FILE \t LINE \t COUNT, one line per
		      source line of each selected function;
   --edges            FUNCTION \t SRC \t DST \t KIND \t COUNT \t STARTED,
		      one line per CFG edge of each selected function.

   Line counts mean what gcov's do, so that the two can be compared line
   by line (the DejaGnu suite does).  --annotate adds the counts of all
   selected functions with lines in a file, as gcov does with the data of
   several objects: an inline function of a header counts once per
   object that has a copy.

   Of a sampled profile, --annotate and --gcov say so in a header line,
   "-:0:Sampled:1 path in 1000; counts are estimates", and --annotate
   writes an estimated count (a line some function with estimates adds
   to) "~270"; --gcov, --lines and --edges, read by other programs, keep
   plain integers.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "derive.h"
#include "names.h"
#include "reports.h"
#include "sampling.h"
#include "source-lines.h"

/* gcov's columns: the count, then the line number.  */
#define COUNT_WIDTH 9
#define LINE_WIDTH 5

/* Whether the recorded file NAME is what the user called WANTED: the same
   string, the same base name, or NAME ends in "/WANTED".  */

static bool
file_matches (const char *name, const char *wanted)
{
  size_t n = strlen (name), w = strlen (wanted);

  if (strcmp (name, wanted) == 0
      || strcmp (report_base_name (name), wanted) == 0)
    return true;
  return w < n && name[n - w - 1] == '/' && strcmp (name + n - w, wanted) == 0;
}

/* Write the count column of a line: "-", "#####", "N" or "N*", then the
   line number, "~N" for an estimate when MARKS.  L is NULL for a line
   without code.  */

static void
put_count_column (FILE *out, const report_source_line *l, uint32_t line,
		  bool marks)
{
  char buf[32];

  if (!l)
    snprintf (buf, sizeof buf, "-");
  else if (l->count == 0)
    snprintf (buf, sizeof buf, "#####");
  else
    snprintf (buf, sizeof buf, "%s%llu%s",
	      marks && l->estimated ? "~" : "", (unsigned long long) l->count,
	      l->unexecuted_block ? "*" : "");
  fprintf (out, "%*s:%*u:", COUNT_WIDTH, buf, LINE_WIDTH, line);
}

/* What put_annotated_line writes to.  */
typedef struct annotate_context
{
  FILE *out;
  const report_sources *sources;
  bool branches;            /* --branches */
  const report_data *gcov;  /* --gcov: the data, for gcov's header lines;
			       NULL for --annotate */
  /* --gcov: the "function NAME called ..." lines of the file's
     functions, by line, and the next to write.  */
  struct gcov_function *functions;
  size_t num_functions, next_function;
  /* Of a sampled profile, its sampling, for a header line; and, for
     --annotate, whether estimates are written "~N" (gcov's format has
     no room for it).  */
  const report_sampling *sampling;
  bool marks;
} annotate_context;

/* One function's line as gcov -b writes it before the function's first
   line.  */
typedef struct gcov_function
{
  uint32_t line;
  char *text;
} gcov_function;

/* gcov's percentage of TOP over BOTTOM without decimals (gcov.cc,
   format_gcov): never 100% unless all, never 0% unless none.  */

static unsigned
gcov_percent (uint64_t top, uint64_t bottom)
{
  long double r;

  if (!bottom || !top)
    return 0;
  r = 100.0L * top / bottom;
  if (top == bottom)
    return 100;
  if (r >= 99.5L)
    return 99;
  if (r < 1)
    return 1;
  return (unsigned) (r + 0.5L);
}

/* Write the function lines of CTX that come before LINENO.  */

static void
put_gcov_functions (annotate_context *ctx, uint32_t lineno)
{
  while (ctx->next_function < ctx->num_functions
	 && ctx->functions[ctx->next_function].line <= lineno)
    fprintf (ctx->out, "%s\n", ctx->functions[ctx->next_function++].text);
}

/* L's branches, as gcov -b -c lists them (output_branch_count), numbered
   from 0 (gcov numbers the calls it lists among them).  */

static void
put_branches (const annotate_context *ctx, const report_source_line *l)
{
  for (size_t k = 0; k < l->num_branches; k++)
    {
      const report_source_branch *b = &ctx->sources->branches[l->first_branch
							     + k];
      if (b->executed)
	fprintf (ctx->out, "branch %2zu taken %s%llu%s\n", k,
		 ctx->marks && l->estimated ? "~" : "",
		 (unsigned long long) b->count,
		 b->fallthrough ? " (fallthrough)" : "");
      else
	fprintf (ctx->out, "branch %2zu never executed\n", k);
    }
}

/* A line of source with its count column (and its branches), for
   report_source_walk, whose context is an annotate_context.  */

static void
put_annotated_line (void *context, uint32_t lineno, const char *text,
		    size_t len, const report_source_line *l)
{
  annotate_context *ctx = context;

  put_gcov_functions (ctx, lineno);
  put_count_column (ctx->out, l, lineno, ctx->marks);
  fprintf (ctx->out, "%s\n", text);
  if (l && ctx->branches)
    put_branches (ctx, l);
}

/* Write one annotated file: its header, then every line of the source
   with its count, or, without the source, the counted lines LINES[0..N-1]
   (of this file, by line) with empty text.  */

static void
put_annotated_file (annotate_context *ctx, const report_source_file *f,
		    const report_source_line *lines, size_t n)
{
  FILE *out = ctx->out;
  char why[1024];
  FILE *src = report_source_open (f->name, f->profile, NULL, why, sizeof why);
  size_t next = 0;

  fprintf (out, "%*s:%*u:Source:%s\n", COUNT_WIDTH, "-", LINE_WIDTH, 0u,
	   f->name);
  if (ctx->gcov)
    {
      /* gcov's other header lines: the notes and data files are the
	 profile here.  */
      const char *profile = f->profile ? f->profile->path : "";
      fprintf (out, "%*s:%*u:Graph:%s\n", COUNT_WIDTH, "-", LINE_WIDTH, 0u,
	       profile);
      fprintf (out, "%*s:%*u:Data:%s\n", COUNT_WIDTH, "-", LINE_WIDTH, 0u,
	       profile);
      fprintf (out, "%*s:%*u:Runs:%llu\n", COUNT_WIDTH, "-", LINE_WIDTH, 0u,
	       (unsigned long long) ctx->gcov->max_runs);
    }
  if (ctx->sampling)
    {
      char sampled[REPORT_SAMPLING_SIZE];
      report_sampling_describe (sampled, ctx->sampling,
				ctx->marks ? " (~)" : "");
      fprintf (out, "%*s:%*u:Sampled:%s\n", COUNT_WIDTH, "-", LINE_WIDTH,
	       0u, sampled);
    }
  if (!src && ctx->gcov)
    fprintf (stderr, "%s: %s: not readable (%s): its .gcov file has the "
	     "counted lines only\n", DUMP_PROGRAM, f->name, why);
  else if (!src)
    fprintf (out, "%*s:%*u:Source is not readable (%s): counted lines "
	     "only\n", COUNT_WIDTH, "-", LINE_WIDTH, 0u, why);
  else
    {
      report_source_walk (src, lines, n, 0, &next, put_annotated_line,
			  (void *) ctx);
      fclose (src);
      if (next < n)
	fprintf (out, "%*s:%*u:Lines past the end of the source (it changed "
		 "since it was compiled?):\n", COUNT_WIDTH, "-", LINE_WIDTH,
		 0u);
    }
  for (; next < n; next++)
    {
      put_gcov_functions (ctx, lines[next].line);
      put_count_column (out, &lines[next], lines[next].line, ctx->marks);
      fputc ('\n', out);
      if (ctx->branches)
	put_branches (ctx, &lines[next]);
    }
}

/* Write a note for each backedge or cut edge of FN whose start count
   differs from its end count: paths were lost after it.  */

static void
put_lost_notes (FILE *out, const report_function *fn, const report_counts *c)
{
  for (size_t e = 0; e < c->num_edges; e++)
    {
      const ppf_edge_count *ec = &c->edges[e];
      if (ec->count == ec->started)
	continue;
      fprintf (out, "%*s:%*u:Note:%s: %s bb%u->bb%u ran %llu times, %llu "
	       "paths started after it: line counts after it are those of "
	       "completed paths\n", COUNT_WIDTH, "-", LINE_WIDTH, 0u,
	       fn->label, report_edge_kind_name (ec->kind), ec->src, ec->dst,
	       (unsigned long long) ec->count,
	       (unsigned long long) ec->started);
    }
}

/* Write the --annotate report.  Returns 0, -1 if memory ran out, or 1
   (writing nothing) if --annotate=FILE names no file of the selected
   functions.  */

int
dump_report_annotate (FILE *out, const report_data *data,
		      const report_selection *sel, const dump_options *opt)
{
  report_sources sources;
  bool first = true, any_shown = false;
  int rc = -1;

  if (report_collect_sources (data, sel, &sources) != 0)
    return -1;
  annotate_context ctx = { out, &sources, opt->branches, NULL };
  if (report_sampling_sampled (&data->sampling))
    {
      ctx.sampling = &data->sampling;
      ctx.marks = true;
    }
  for (size_t f = 0; f < sources.num_files; f++)
    any_shown |= !opt->annotate_file
		 || file_matches (sources.files[f].name, opt->annotate_file);
  if (opt->annotate_file && !any_shown)
    {
      rc = 1;
      goto done;
    }
  for (size_t f = 0; f < sources.num_files; f++)
    {
      const report_source_file *file = &sources.files[f];

      if (opt->annotate_file && !file_matches (file->name, opt->annotate_file))
	continue;
      if (!first)
	fputc ('\n', out);
      first = false;
      put_annotated_file (&ctx, file, sources.lines + file->first_line,
			  file->num_lines);
      /* Notes about the functions defined in this file.  */
      for (size_t i = 0; i < data->num_functions; i++)
	{
	  const report_function *fn = data->functions[i];
	  report_counts c;
	  if (!sel->selected[i] || fn->meta.file >= fn->meta.num_files
	      || strcmp (fn->meta.files[fn->meta.file], file->name) != 0)
	    continue;
	  if (report_derive_counts (fn, &c) != 0)
	    goto done;
	  put_lost_notes (out, fn, &c);
	  report_counts_free (&c);
	}
    }
  rc = 0;
 done:
  report_sources_free (&sources);
  return rc;
}

/* The name of FILES[F]'s .gcov file: its base name, or, when another of
   the N FILES has the same base name, its whole name with each '/' made
   '#' (gcov's --preserve-paths), then ".gcov".  Malloc'd, or NULL.  */

static char *
gcov_file_name (const report_source_file *files, size_t n, size_t f)
{
  const char *base = report_base_name (files[f].name);
  const char *name = base;
  char *s;

  for (size_t g = 0; g < n; g++)
    if (g != f && strcmp (report_base_name (files[g].name), base) == 0)
      name = files[f].name;
  s = malloc (strlen (name) + sizeof ".gcov");
  if (!s)
    return NULL;
  strcpy (s, name);
  for (char *c = s; *c; c++)
    if (*c == '/')
      *c = '#';
  strcat (s, ".gcov");
  return s;
}

/* gcov_functions' order: by line.  */

static int
compare_gcov_functions (const void *a, const void *b)
{
  const gcov_function *x = a, *y = b;

  return x->line < y->line ? -1 : x->line > y->line;
}

/* Fill CTX's function lines with those of the selected functions of
   DATA defined in FILE (not those the compiler made, which gcov leaves
   out): "function NAME called N returned R% blocks executed B%", NAME
   their label.  Returns 0 or -1.  */

static int
gcov_functions (const report_data *data, const report_selection *sel,
		const char *file, annotate_context *ctx)
{
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      uint64_t returns = 0, blocks = 0, executed = 0;
      report_counts c;
      gcov_function *grown;
      char *text;

      if (!sel->selected[i] || !report_source_defines (fn, file))
	continue;
      if (report_derive_counts (fn, &c) != 0)
	return -1;
      for (size_t e = 0; e < c.num_edges; e++)
	if (c.edges[e].dst == PP_EXIT)
	  returns += c.edges[e].count;
      for (uint32_t b = 2; b < fn->meta.num_blocks; b++)
	{
	  blocks++;
	  executed += c.block_counts[b] > 0;
	}
      text = malloc (strlen (fn->label) + 128);
      grown = realloc (ctx->functions,
		       (ctx->num_functions + 1) * sizeof *grown);
      if (!text || !grown)
	{
	  free (text);
	  report_counts_free (&c);
	  return -1;
	}
      sprintf (text, "function %s called %llu returned %u%% blocks "
	       "executed %u%%", fn->label,
	       (unsigned long long) c.entry_count,
	       gcov_percent (returns, c.entry_count),
	       gcov_percent (executed, blocks));
      ctx->functions = grown;
      ctx->functions[ctx->num_functions].line = fn->meta.line;
      ctx->functions[ctx->num_functions++].text = text;
      report_counts_free (&c);
    }
  if (ctx->num_functions > 1)
    qsort (ctx->functions, ctx->num_functions, sizeof *ctx->functions,
	   compare_gcov_functions);
  return 0;
}

/* Write the --gcov report: see report.h.  */

int
dump_report_gcov (const report_data *data, const report_selection *sel,
		  const char *dir)
{
  report_sources sources;
  int rc = 0;

  if (report_collect_sources (data, sel, &sources) != 0)
    return -1;
  for (size_t f = 0; f < sources.num_files && rc == 0; f++)
    {
      const report_source_file *file = &sources.files[f];
      char *name = gcov_file_name (sources.files, sources.num_files, f);
      char *path = name ? malloc (strlen (dir) + strlen (name) + 2) : NULL;
      FILE *out;

      if (!path)
	{
	  free (name);
	  rc = -1;
	  break;
	}
      sprintf (path, "%s/%s", dir, name);
      free (name);
      out = fopen (path, "w");
      if (!out)
	{
	  fprintf (stderr, "%s: %s: %s\n", DUMP_PROGRAM, path,
		   strerror (errno));
	  free (path);
	  rc = 1;
	  break;
	}
      annotate_context ctx = { out, &sources, true, data, NULL, 0, 0 };
      if (report_sampling_sampled (&data->sampling))
	ctx.sampling = &data->sampling;
      if (gcov_functions (data, sel, file->name, &ctx) != 0)
	{
	  fclose (out);
	  free (path);
	  rc = -1;
	  break;
	}
      put_annotated_file (&ctx, file, sources.lines + file->first_line,
			  file->num_lines);
      put_gcov_functions (&ctx, UINT32_MAX);
      for (size_t i = 0; i < ctx.num_functions; i++)
	free (ctx.functions[i].text);
      free (ctx.functions);
      if (fclose (out) != 0)
	{
	  fprintf (stderr, "%s: %s: %s\n", DUMP_PROGRAM, path,
		   strerror (errno));
	  rc = 1;
	}
      free (path);
    }
  report_sources_free (&sources);
  return rc;
}

/* Write the --lines report.  */

int
dump_report_lines (FILE *out, const report_data *data,
		   const report_selection *sel)
{
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      const ppf_meta *m = &fn->meta;
      report_counts c;

      if (!sel->selected[i])
	continue;
      if (report_derive_counts (fn, &c) != 0)
	return -1;
      for (size_t k = 0; k < c.num_lines; k++)
	{
	  dump_tsv_function (out, fn);
	  fputc ('\t', out);
	  dump_tsv_field (out, m->files[c.lines[k].file], false);
	  fprintf (out, "\t%u\t%llu\n", c.lines[k].line,
		   (unsigned long long) c.lines[k].count);
	}
      report_counts_free (&c);
    }
  return 0;
}

/* Write the --edges report.  */

int
dump_report_edges (FILE *out, const report_data *data,
		   const report_selection *sel)
{
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      report_counts c;

      if (!sel->selected[i])
	continue;
      if (report_derive_counts (fn, &c) != 0)
	return -1;
      for (size_t k = 0; k < c.num_edges; k++)
	{
	  const ppf_edge_count *e = &c.edges[k];
	  dump_tsv_function (out, fn);
	  fprintf (out, "\t%u\t%u\t%s\t%llu\t", e->src, e->dst,
		   report_edge_kind_name (e->kind),
		   (unsigned long long) e->count);
	  if (e->kind == PPF_CFG_FORWARD || e->kind == PPF_CFG_RESTART)
	    fputs ("-\n", out);
	  else
	    fprintf (out, "%llu\n", (unsigned long long) e->started);
	}
      report_counts_free (&c);
    }
  return 0;
}
