/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A source file's page of the HTML report (html.h): the source annotated
   with gcov's line counts, summed over the selected functions as
   --annotate does (source-lines.h), and beside it the paths of the
   functions defined in the file.  Choosing a path (the page's script,
   html-assets.c) highlights its lines of this file and writes its branch
   outcomes at their lines.

   Each source line is a row with id "L<line>"; the data of every listed
   path is in the page as JSON (html_put_path_table).  When the source
   cannot be read, the page says why and shows the counted lines without
   their text.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "html-report.h"
#include "names.h"

/* See html-report.h.  */

void
html_file_coverage (const report_sources *sources, html_file *f)
{
  f->lines = f->lines_executed = f->branches = f->branches_taken = 0;
  if (f->source == SIZE_MAX)
    return;
  const report_source_file *sf = &sources->files[f->source];
  for (size_t i = 0; i < sf->num_lines; i++)
    {
      const report_source_line *l = &sources->lines[sf->first_line + i];
      f->lines++;
      f->lines_executed += l->count > 0;
      for (size_t k = 0; k < l->num_branches; k++)
	{
	  f->branches++;
	  f->branches_taken
	    += sources->branches[l->first_branch + k].count > 0;
	}
    }
}

/* Write the branch cell of line L (NULL: a line without code) of
   SOURCES: "TAKEN/N" (branches taken at least once, of N), its title
   each branch as gcov -b -c lists it; empty without branches.  */

static void
put_branch_cell (FILE *out, const report_sources *sources,
		 const report_source_line *l)
{
  size_t taken = 0;

  if (!l || l->num_branches == 0)
    {
      fputs ("<td>", out);
      return;
    }
  for (size_t k = 0; k < l->num_branches; k++)
    taken += sources->branches[l->first_branch + k].count > 0;
  fprintf (out, "<td class=\"br %s\" title=\"",
	   taken == l->num_branches ? "bhit" : taken ? "bpart" : "bmiss");
  for (size_t k = 0; k < l->num_branches; k++)
    {
      const report_source_branch *b = &sources->branches[l->first_branch + k];
      if (b->executed)
	fprintf (out, "%sbranch %zu taken %llu%s", k ? "&#10;" : "", k,
		 (unsigned long long) b->count,
		 b->fallthrough ? " (fallthrough)" : "");
      else
	fprintf (out, "%sbranch %zu never executed", k ? "&#10;" : "", k);
    }
  fprintf (out, "\">%zu/%zu", taken, l->num_branches);
}

/* Write the row of line LINENO with TEXT (NULL: not known), its count
   L (NULL: a line without code) and L's branches of SOURCES.  A source
   page has a row per line of the file (expat's xmlparse.c: 8,000), so
   the row is short: the cells' end tags and the row's are left out, as
   HTML allows, and the cells' kinds come from their place
   (pathprof.css: line number, count, branches, code); a line without
   code has no class.  */

static void
put_line (FILE *out, const report_sources *sources, uint32_t lineno,
	  const char *text, size_t len, const report_source_line *l)
{
  const char *cls = !l ? NULL : l->count == 0 ? "miss"
		    : l->unexecuted_block ? "part" : "hit";

  fprintf (out, "<tr id=\"L%u\"", lineno);
  if (cls)
    fprintf (out, " class=\"%s\"", cls);
  fprintf (out, "><td>%u<td>", lineno);
  if (l && l->count == 0)
    fputs ("#####", out);
  else if (l)
    fprintf (out, "%s%llu%s", l->estimated ? "~" : "",
	     (unsigned long long) l->count, l->unexecuted_block ? "*" : "");
  put_branch_cell (out, sources, l);
  fputs ("<td>", out);
  if (text)
    html_text_n (out, text, len);
  fputc ('\n', out);
}

/* What put_source_line writes to.  */
typedef struct source_page
{
  FILE *out;
  const report_sources *sources;
} source_page;

/* put_line for report_source_walk, whose context is a source_page.  */

static void
put_source_line (void *ctx, uint32_t lineno, const char *text, size_t len,
		 const report_source_line *l)
{
  const source_page *page = ctx;

  put_line (page->out, page->sources, lineno, text, len, l);
}

/* Write the annotated source of file F: every line of the source with
   its count, or without the source a note and the counted lines.  */

static void
put_source (FILE *out, const html_report *r, const html_file *f)
{
  const report_source_line *lines = NULL;
  size_t n = 0, next = 0;
  char why[1024];
  FILE *src = report_source_open (f->name, f->profile, NULL, why, sizeof why);
  uint32_t lineno = 0;

  if (f->source != SIZE_MAX)
    {
      const report_source_file *sf = &r->sources.files[f->source];
      lines = r->sources.lines + sf->first_line;
      n = sf->num_lines;
    }
  if (!src)
    {
      fputs ("<p class=\"note warn\" id=\"no-source\">The source file <code>",
	     out);
      html_text (out, f->name);
      fputs ("</code> is not shown (", out);
      html_text (out, why);
      fputs ("): only its counted lines are, without their text.  The "
	     "report shows a source only as it was compiled, found where it "
	     "was compiled or in a <code>--source-dir</code>.</p>\n", out);
    }
  fputs ("<table class=\"src\" id=\"source\">\n<thead><tr><th class=\"ln\">"
	 "line</th><th class=\"cnt\">count</th><th class=\"br\" "
	 "title=\"branches taken at least once, of the line's branches\">"
	 "branches</th><th class=\"code\">source</th></tr></thead>\n"
	 "<tbody>\n", out);
  if (src)
    {
      source_page page = { out, &r->sources };
      lineno = report_source_walk (src, lines, n, HTML_SOURCE_LINES_MAX,
				   &next, put_source_line, &page);
      fclose (src);
    }
  fputs ("</tbody></table>\n", out);
  if (lineno >= HTML_SOURCE_LINES_MAX)
    fprintf (out, "<p class=\"more\">The source was cut after %u lines.</p>"
	     "\n", (unsigned) HTML_SOURCE_LINES_MAX);
  if (next < n)
    {
      if (src)
	fputs ("<p class=\"note warn\">Counted lines past the end of the "
	       "source (it changed since it was compiled?):</p>\n", out);
      fputs ("<table class=\"src\"><tbody>\n", out);
      for (; next < n; next++)
	put_line (out, &r->sources, lines[next].line, NULL, 0, &lines[next]);
      fputs ("</tbody></table>\n", out);
    }
}

/* Write the paths of the functions defined in file F (index FI), in line
   order, and their JSON.  */

static int
put_paths (FILE *out, FILE *json, html_report *r, size_t fi)
{
  const html_file *f = &r->files[fi];
  const size_t *order = r->file_functions + f->first_function;
  size_t n = f->num_functions;
  bool first = true;

  fputs ("<div class=\"chosen\" id=\"chosen\" hidden><span class=\"what\">"
	 "</span> <button type=\"button\" class=\"clear\" id=\"clear\" "
	 "title=\"Esc\">Clear</button></div>\n", out);
  for (size_t i = 0; i < n; i++)
    {
      size_t k = order[i];
      const report_function *fn = r->functions[k].fn;
      int rc;

      fprintf (out, "<section class=\"fn\" id=\"" HTML_FUNCTION_ANCHOR
	       "\">\n<h3><a href=\"%s\">", k, r->functions[k].page);
      html_text (out, fn->label);
      fprintf (out, "</a> <span class=\"sub\">line %u; %llu of %llu paths "
	       "(", fn->meta.line, (unsigned long long) fn->num_complete,
	       (unsigned long long) fn->meta.num_paths);
      html_percent (out, (long double) fn->num_complete,
		    (long double) fn->meta.num_paths);
      fputs (")</span></h3>\n", out);
      rc = html_put_path_table (out, json, r, k, r->files[fi].name, &first);
      fputs ("</section>\n", out);
      if (rc != 0)
	return rc;
    }
  if (n == 0)
    fputs ("<p class=\"note\">No selected function is defined in this file: "
	   "its lines belong to functions of other files (inline functions "
	   "of a header, code included into a function).</p>\n", out);
  return 0;
}

/* Write the page of file FI.  */

int
html_write_source (html_report *r, size_t fi)
{
  const html_file *f = &r->files[fi];
  char *json_text;
  size_t json_len;
  FILE *json;
  int rc;
  FILE *out = html_page_open (r, f->page, &json, &json_text, &json_len,
			      &rc);

  if (!out)
    return rc;
  html_page_begin (out, report_base_name (f->name), "source",
		   report_base_name (f->name));
  fputs ("<h1>", out);
  html_text (out, report_base_name (f->name));
  fputs ("</h1>\n<p class=\"subtitle\"><code>", out);
  html_text (out, f->name);
  fprintf (out, "</code>: %zu function%s defined here, %zu executed; "
	   "path coverage ", f->num_functions,
	   f->num_functions == 1 ? "" : "s", f->num_executed);
  html_percent (out, report_sum_value (&f->executed),
		report_sum_value (&f->potential));
  fprintf (out, "; <span id=\"file-lines\">lines executed ");
  html_percent (out, (long double) f->lines_executed,
		(long double) f->lines);
  fprintf (out, " of %zu</span>", f->lines);
  if (f->branches)
    {
      fputs ("; <span id=\"file-branches\">branches taken at least once ",
	     out);
      html_percent (out, (long double) f->branches_taken,
		    (long double) f->branches);
      fprintf (out, " of %zu</span>", f->branches);
    }
  fputs (".</p>\n<p class=\"help\">Choose a path (click, or Tab and Enter) "
	 "to highlight its lines in the source and show its branch outcomes "
	 "at their lines; Esc or Clear to clear.  Counts are gcov's line "
	 "counts derived from the paths: <span class=\"cnt miss\">#####"
	 "</span> never ran, <span class=\"cnt part\">N*</span> some block "
	 "of the line never ran; branches: taken at least once of the "
	 "line's, as gcov -b counts them (hover for each one's count).</p>\n",
	 out);
  /* The time columns want a wider paths pane.  */
  fprintf (out, "<div class=\"layout%s\">\n<section "
	   "class=\"source-pane\">\n", r->data->has_time ? " timed" : "");
  put_source (out, r, f);
  fputs ("</section>\n<aside class=\"paths-pane\">\n<h2>Paths</h2>\n", out);
  fputs ("{\"paths\":{", json);
  rc = put_paths (out, json, r, fi);
  fputs ("\n}}", json);
  fputs ("</aside>\n</div>\n", out);
  return html_page_finish (r, out, json, &json_text, &json_len, f->page, rc);
}
