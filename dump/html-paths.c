/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function's paths in the HTML report: ranked, as table rows a reader
   can choose, and as the JSON the page's script reads to show the chosen
   path on the source and on the CFG (html-report.h).

   Shares in these tables are of the function's executions: the program's
   share of each path is in the index's hottest paths and in the text
   report.  When the profiles hold times, three columns follow the share,
   as in the text report: the path's time, its time per execution and
   its share of all measured time (of the program, as the text report's
   tshare, so that a path's cost is seen against the whole).  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "html-report.h"
#include "timing.h"

/* Order path counts by count descending, then path number.  */

static int
compare_hottest (const void *a, const void *b)
{
  const ppf_count *x = a, *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->path < y->path ? -1 : x->path > y->path;
}

/* Order path counts of one function by time descending, then as
   compare_hottest.  Raw times rank as their values in the report's unit:
   one function's times share a file, and so a unit.  */

static int
compare_costliest (const void *a, const void *b)
{
  const ppf_count *x = a, *y = b;

  if (x->time != y->time)
    return x->time > y->time ? -1 : 1;
  return compare_hottest (a, b);
}

/* The LIMIT hottest paths of FN.  */

int
html_rank_paths (const html_report *r, const report_function *fn, size_t limit,
		 ppf_count **out, size_t *num)
{
  size_t n = fn->num_counts;
  bool by_time = r->sel->by_time && report_time_value (r->data, fn, 0) >= 0;
  ppf_count *copy;

  *out = NULL;
  *num = 0;
  if (n == 0)
    return 0;
  copy = malloc (n * sizeof *copy);
  if (!copy)
    return -1;
  memcpy (copy, fn->counts, n * sizeof *copy);
  qsort (copy, n, sizeof *copy, by_time ? compare_costliest : compare_hottest);
  *out = copy;
  *num = n < limit ? n : limit;
  return 0;
}

/* The time columns' headers.  The unit is the report's (timing.h); the
   cells scale it ("9.26 ms" under "time (s)").  */

void
html_put_time_headers (FILE *out, const html_report *r)
{
  if (!r->data->has_time)
    return;
  fprintf (out, "<th class=\"num time\" title=\"the path's time over all "
	   "its executions, from its start to its end, callees included\">"
	   "time (%s)</th>"
	   "<th class=\"num time\" title=\"time per execution\">time/exec</th>"
	   "<th class=\"num time\" title=\"share of all measured time: every "
	   "path of every file read\">time share</th>",
	   report_time_unit_name (r->data));
}

/* The time columns' cells, as the text report's (report-text.c).  */

void
html_put_time_cells (FILE *out, const html_report *r, long double time,
		     uint64_t count)
{
  char t[REPORT_TIME_SIZE], per[REPORT_TIME_SIZE];

  if (!r->data->has_time)
    return;
  report_time_format (t, r->data, time);
  report_time_format (per, r->data, time < 0 || count == 0 ? -1
				    : time / count);
  fputs ("<td class=\"num time\">", out);
  html_text (out, t);
  fputs ("</td><td class=\"num time\">", out);
  html_text (out, per);
  fputs ("</td><td class=\"num time\">", out);
  if (time < 0)
    fputs ("-", out);
  else
    html_percent (out, time, r->data->total_time);
  fputs ("</td>", out);
}

/* Regenerate path ID of FN into R's scratch.  Paths were checked when
   the file was read, so this fails only for want of memory.  */

int
html_build_path (html_report *r, const report_function *fn, uint64_t id)
{
  char err[256];

  if (report_path_regen (fn, id, &r->path, err, sizeof err) != 0
      || report_path_text_build (&r->text, fn, &r->path,
				 report_glyphs_for (true))
	   != 0)
    return -1;
  return 0;
}

/* Write one step of a path ("66-67 (false)"): the lines, then the
   outcomes in an <i>.  Path steps are most of a report's text (expat's
   test-suite: some 300,000), so they are short: pathprof.css gives <i>
   in .steps the look of outcomes.  */

static void
put_step (FILE *out, const char *s, size_t len)
{
  const char *paren = NULL;

  for (size_t i = 0; i + 1 < len; i++)
    if (s[i] == ' ' && s[i + 1] == '(')
      {
	paren = s + i;
	break;
      }
  if (paren)
    {
      html_text_n (out, s, (size_t) (paren - s));
      fputs (" <i>", out);
      html_text_n (out, paren + 1, len - (size_t) (paren - s) - 1);
      fputs ("</i>", out);
    }
  else
    html_text_n (out, s, len);
}

/* The line steps of R's scratch path text, joined by arrows.  */

void
html_put_path_steps (FILE *out, const html_report *r)
{
  const report_path_text *t = &r->text;
  bool first = true;

  for (size_t i = 0; i < t->num_tokens; i++)
    {
      const report_path_token *tok = &t->tokens[i];
      if (tok->role != 1)
	continue;
      if (!first)
	fputs (" \xe2\x86\x92 ", out);
      first = false;
      put_step (out, t->text + tok->offset, tok->len);
    }
  if (first)
    fputs ("<span class=\"none\">(no line)</span>", out);
}

/* The start or end marker of R's scratch path text, without its
   brackets.  */

void
html_put_marker (FILE *out, const html_report *r, bool start)
{
  const report_path_text *t = &r->text;

  for (size_t i = 0; i < t->num_tokens; i++)
    {
      const report_path_token *tok = &t->tokens[i];
      const char *s = t->text + tok->offset;
      size_t len = tok->len;
      if (tok->role != (start ? 0 : 2))
	continue;
      if (len >= 2 && s[0] == '[' && s[len - 1] == ']')
	{
	  s++;
	  len -= 2;
	}
      html_text_n (out, s, len);
      return;
    }
}

/* Whether line L of FN is in the file FILE (NULL: FN's own file).  */

static bool
line_in_file (const report_function *fn, const ppf_line *l, const char *file)
{
  if (l->file >= fn->meta.num_files || l->line == 0)
    return false;
  if (!file)
    return l->file == fn->meta.file;
  return strcmp (fn->meta.files[l->file], file) == 0;
}

/* Whether the CFG edges PATH of FN takes are exactly ENTRY to its first
   block, from each of its blocks to the next, and its last to EXIT:
   what pathprof.js infers when a path's JSON has no "edges".  */

static bool
entry_to_exit_p (const report_function *fn, const report_path *path)
{
  /* Blocks are numbered as the compiler's: 0 ENTRY, 1 EXIT.  */
  enum { ENTRY = 0, EXIT = 1 };
  uint32_t nb = report_path_num_blocks (path), prev = ENTRY;

  /* Edge I goes to block I, the last (I = NB) to EXIT; a noreturn
     dummy's cfg_dst, PPF_NONE, matches neither.  */
  if (path->num_edges != nb + 1)
    return false;
  for (uint32_t i = 0; i <= nb; i++)
    {
      const ppf_edge *e = report_path_edge (fn, path, i);
      uint32_t want = i < nb ? report_path_block (fn, path, i)->index : EXIT;
      if (e->cfg_src != prev || e->cfg_dst != want)
	return false;
      prev = want;
    }
  return true;
}

/* Write the blocks and CFG edges of R's scratch path as JSON members,
   and end its object.  */

static void
put_path_cfg_json (FILE *json, const html_report *r,
		   const report_function *fn)
{
  const char *sep = "";

  fputs ("\"blocks\":[", json);
  for (uint32_t i = 0; i < report_path_num_blocks (&r->path); i++)
    fprintf (json, "%s%u", i ? "," : "",
	     report_path_block (fn, &r->path, i)->index);
  fputc (']', json);
  /* The CFG edges it takes: each DAG edge's CFG edge (a dummy's is the
     backedge or cut edge it stands for; a noreturn dummy has none).
     Left out when they are those of a path from ENTRY through its
     blocks to EXIT, which the script infers (most paths: expat's
     test-suite report is half a megabyte smaller).  */
  if (!entry_to_exit_p (fn, &r->path))
    {
      fputs (",\"edges\":[", json);
      for (uint32_t i = 0; i < r->path.num_edges; i++)
	{
	  const ppf_edge *e = report_path_edge (fn, &r->path, i);
	  if (e->cfg_dst == PPF_NONE)
	    continue;
	  fprintf (json, "%s[%u,%u]", sep, e->cfg_src, e->cfg_dst);
	  sep = ",";
	}
      fputc (']', json);
    }
  fputc ('}', json);
}

/* Write the JSON member of R's scratch path, ID PATH_ID, of function K,
   ranked RANK, its count and time PC (see html_put_path_table).  */

static void
put_path_json (FILE *json, const html_report *r, size_t k,
	       const char *path_id, size_t rank, const ppf_count *pc,
	       const char *file)
{
  const report_function *fn = r->functions[k].fn;
  const report_lines *seq = &r->text.lines;
  const char *sep = "";
  long double time;

  html_json_string (json, path_id);
  fprintf (json, ":{\"fn\":%zu,\"rank\":%zu,\"count\":%llu,", k, rank,
	   (unsigned long long) pc->count);
  time = report_time_value (r->data, fn, pc->time);
  if (time >= 0)
    {
      char t[REPORT_TIME_SIZE];
      report_time_format (t, r->data, time);
      fputs ("\"time\":", json);
      html_json_string (json, t);
      report_time_format (t, r->data, pc->count ? time / pc->count : -1);
      fputs (",\"time_per_exec\":", json);
      html_json_string (json, t);
      fputc (',', json);
    }
  /* A function's page: the picture's, a source page: the source's.  */
  if (!file)
    {
      put_path_cfg_json (json, r, fn);
      return;
    }
  fputs ("\"lines\":[", json);
  for (size_t i = 0; i < seq->num; i++)
    if (line_in_file (fn, &seq->lines[i], file))
      {
	fprintf (json, "%s%u", sep, seq->lines[i].line);
	sep = ",";
      }
  fputs ("],\"out\":[", json);
  sep = "";
  for (size_t i = 0; i < seq->num_outcomes; i++)
    {
      const report_outcome *o = &seq->outcomes[i];
      const ppf_line *at = &o->block->branch;
      if ((at->file == PPF_NONE || at->line == 0) && o->at < seq->num)
	at = &seq->lines[o->at];
      if (!line_in_file (fn, at, file))
	continue;
      fprintf (json, "%s[%u,", sep, at->line);
      html_json_string (json, o->branch->label);
      fputc (']', json);
      sep = ",";
    }
  fputs ("]}", json);
}

/* The start, the steps and the end of R's scratch path, a cell each
   (pathprof.css styles the markers by their place, beside the steps),
   their end tags left out as the path table's are.  */

void
html_put_path_cells (FILE *out, const html_report *r)
{
  fputs ("<td>", out);
  html_put_marker (out, r, true);
  fputs ("<td class=steps>", out);
  html_put_path_steps (out, r);
  fputs ("<td>", out);
  html_put_marker (out, r, false);
}

/* The table of function K's paths, and their JSON.  */

int
html_put_path_table (FILE *out, FILE *json, html_report *r, size_t k,
		     const char *file, bool *first)
{
  const report_function *fn = r->functions[k].fn;
  long double total = report_sum_value (&fn->executions);
  ppf_count *ranked;
  size_t num;

  if (fn->num_counts == 0)
    {
      fputs ("<p class=\"note\">No path of this function ran.</p>\n", out);
      return 0;
    }
  if (html_rank_paths (r, fn, file && r->opt->paths > HTML_SOURCE_PATHS
				? HTML_SOURCE_PATHS : r->opt->paths,
		       &ranked, &num) != 0)
    return -1;
  /* Columns: the path's rank, count and share, then where it starts, its
     lines and where it ends.  Measures per path other than the count
     (time, when profiles hold it) go after the share.  */
  fputs ("<table class=\"paths\">\n<thead><tr><th class=\"num\">#</th>"
	 "<th class=\"num\">count</th><th class=\"num\" title=\"share of "
	 "the function's path executions\">share</th>", out);
  html_put_time_headers (out, r);
  fputs ("<th>path: start, lines, end</th></tr></thead>\n<tbody>\n", out);
  for (size_t i = 0; i < num; i++)
    {
      char path_id[64];

      if (html_build_path (r, fn, ranked[i].path) != 0)
	{
	  free (ranked);
	  return -1;
	}
      snprintf (path_id, sizeof path_id, "f%zup%llu", k,
		(unsigned long long) ranked[i].path);
      /* pathprof.js makes the row focusable and a button, and titles
	 it; pathprof.css sets its numbers right.  */
      /* Short markup: a report has tens of thousands of these rows
	 (HTML's optional end tags left out, fixed attribute values
	 unquoted).  */
      fprintf (out, "<tr class=path data-path=%s><td>%zu", path_id, i + 1);
      html_count (out, ranked[i].count, ranked[i].samples, true);
      fputs ("<td>", out);
      html_percent (out, (long double) ranked[i].count, total);
      html_put_time_cells (out, r,
			   report_time_value (r->data, fn, ranked[i].time),
			   ranked[i].count);
      fputs ("<td class=pc><i class=ms>", out);
      html_put_marker (out, r, true);
      fputs ("</i> <span class=steps>", out);
      html_put_path_steps (out, r);
      fputs ("</span> <i class=me>", out);
      html_put_marker (out, r, false);
      fputs ("</i>\n", out);

      if (!*first)
	fputc (',', json);
      *first = false;
      fputc ('\n', json);
      put_path_json (json, r, k, path_id, i + 1, &ranked[i], file);
    }
  fputs ("</tbody></table>\n", out);
  if (num < fn->num_counts && file)
    fprintf (out, "<p class=\"more\">%llu more executed path%s on <a "
	     "href=\"%s\">the function's page</a>.</p>\n",
	     (unsigned long long) (fn->num_counts - num),
	     fn->num_counts - num == 1 ? "" : "s", r->functions[k].page);
  else if (num < fn->num_counts)
    fprintf (out, "<p class=\"more\">%llu more executed path%s not listed "
	     "(<code>-n N</code> lists N per function, <code>--all</code> "
	     "every one).</p>\n",
	     (unsigned long long) (fn->num_counts - num),
	     fn->num_counts - num == 1 ? "" : "s");
  free (ranked);
  return 0;
}
