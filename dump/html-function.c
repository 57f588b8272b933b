/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function's page of the HTML report (html.h): its totals, its paths
   (html_put_path_table), its untested paths (untested.h), and its CFG as
   a picture on which the chosen path is drawn (dot.h: DOT laid out by
   Graphviz's dot, a batch of functions at a time, html-pictures.c; the
   layout goes into the page's JSON as "cfg", html-layout.c, and the
   page's script draws it as SVG): the script lights the path's blocks
   (nodes "bN") and its CFG edges (edges "eS_D"), and for the paths the
   picture colours, their coloured edges (class "pathK").

   Without Graphviz the page says that the picture needs it, and the rest
   of the report is written all the same.  */

#include <stdlib.h>
#include <string.h>

#include "html-report.h"
#include "timing.h"
#include "untested.h"

/* Write the command that draws FN's CFG alone, in a <code> element:
   its assembler name, with its unit for a static function of the same
   name in another.  */

static void
put_dot_command (FILE *out, const report_function *fn)
{
  fputs ("<code>pathprof-dump --dot=svg -f '", out);
  html_text (out, fn->meta.name);
  fputs ("'", out);
  if (fn->unit && fn->unit[0])
    {
      fputs (" --unit='", out);
      html_text (out, fn->unit);
      fputs ("'", out);
    }
  fputs (" ", out);
  html_text (out, fn->profile->path);
  fputs ("</code>", out);
}

/* Write the picture of function K: the place where the script draws it,
   its legend, and its layout as the member "cfg" of the page's JSON
   (followed by a comma); or a note saying why there is none.  Returns
   0, -1 or HTML_FILE_ERROR.  */

static int
put_picture (FILE *out, FILE *json, html_report *r, size_t k)
{
  const char *layout, *legend;
  size_t len;
  int rc;

  if (!r->pictures.dot)
    {
      fputs ("<p class=\"note warn\" id=\"no-picture\">The CFG picture needs "
	     "Graphviz's <code>dot</code>, which was not found when this "
	     "report was written: install the Debian package "
	     "<code>graphviz</code> and write the report again.</p>\n", out);
      return 0;
    }
  rc = html_picture (r, k, &layout, &len, &legend);
  if (rc != 0)
    return rc;
  if (r->functions[k].not_picked)
    {
      const report_function *fn = r->functions[k].fn;
      fprintf (out, "<p class=\"note\" id=\"no-picture\">No CFG picture: "
	       "this report draws those of the %zu hottest functions "
	       "(<code>pathprof-dump --html --pictures=N|all</code>); ",
	       r->pictures.num_picked);
      put_dot_command (out, fn);
      fputs (" draws this one.</p>\n", out);
      return 0;
    }
  if (r->functions[k].no_picture)
    {
      const report_function *fn = r->functions[k].fn;
      fprintf (out, "<p class=\"note warn\" id=\"no-picture\">This "
	       "function's CFG is too large to draw here (%u blocks; with "
	       "its hottest path alone in colour, more than %d nodes, which "
	       "could take Graphviz minutes): ", fn->meta.num_blocks - 2,
	       HTML_PICTURE_NODES_MAX);
      put_dot_command (out, fn);
      fputs (" draws it.</p>\n", out);
      return 0;
    }
  if (!layout)
    fputs ("<p class=\"note warn\" id=\"no-picture\">Graphviz's "
	   "<code>dot</code> failed to draw this function's CFG (its "
	   "message was written when the report was made).</p>\n", out);
  else
    {
      fputs ("<figure class=\"cfg\" id=\"cfg\"><div class=\"cfg-draw\">"
	     "</div>\n", out);
      if (legend)
	fputs (legend, out);
      fputs ("\"cfg\":", json);
      fwrite (layout, 1, len, json);
      fputs (",", json);
      /* pathprof.js writes the caption (it draws the picture).  */
      fputs ("\n</figure>\n", out);
    }
  return 0;
}

/* Write the untested paths of function K: how many never ran, and the
   first few (untested.h says in what order).  Returns 0 or -1.  */

static int
put_untested (FILE *out, html_report *r, size_t k)
{
  const report_function *fn = r->functions[k].fn;
  dump_untested u;

  if (dump_find_untested (fn, r->opt->untested, &u) != 0)
    return -1;
  fprintf (out, "<h2>Untested paths</h2>\n<p id=\"untested-count\">"
	   "<strong>%llu</strong> of %llu potential paths never ran",
	   (unsigned long long) u.never_ran,
	   (unsigned long long) fn->meta.num_paths);
  if (u.left_at_call)
    fprintf (out, " (%llu of them end where a call did not return, and are "
	     "not listed)", (unsigned long long) u.left_at_call);
  fputs (".</p>\n", out);
  if (u.num)
    {
      fputs ("<p class=\"help\">First the paths one decision away from a "
	     "path that ran, then the shortest others.  They are paths of the "
	     "DAG: some may be infeasible.</p>\n<table class=\"paths "
	     "untested\">\n<thead><tr><th class=\"num\">path</th><th>found"
	     "</th><th>start</th><th>path</th><th>end</th></tr></thead>\n"
	     "<tbody>\n", out);
      for (size_t i = 0; i < u.num; i++)
	{
	  const dump_untested_path *p = &u.paths[i];
	  if (html_build_path (r, fn, p->id) != 0)
	    {
	      dump_untested_free (&u);
	      return -1;
	    }
	  fprintf (out, "<tr><td>%llu<td>", (unsigned long long) p->id);
	  if (p->how == DUMP_UNTESTED_DECISION)
	    fprintf (out, "one decision from path %llu",
		     (unsigned long long) p->from);
	  else
	    fputs ("shortest", out);
	  html_put_path_cells (out, r);
	  fputc ('\n', out);
	}
      fputs ("</tbody></table>\n", out);
      if (u.num < u.listable)
	fprintf (out, "<p class=\"more\">%llu more not listed%s "
		 "(<code>pathprof-dump --untested</code> lists more).</p>\n",
		 (unsigned long long) (u.listable - u.num),
		 u.bounded ? "; the search stopped at its work bound" : "");
    }
  dump_untested_free (&u);
  return 0;
}

/* Write the card of FN's time, its paths' time and its share of all
   measured time, when FN has times.  */

static void
put_time_card (FILE *out, const html_report *r, const report_function *fn)
{
  long double time = report_time_function_total (r->data, fn);
  char t[REPORT_TIME_SIZE];

  if (time < 0)
    return;
  report_time_format (t, r->data, time);
  fputs ("<div class=\"card\"><div class=\"label\">Time</div><div "
	 "class=\"big\" id=\"time\">", out);
  html_text (out, t);
  fputs ("</div><div class=\"sub\">", out);
  html_percent (out, time, r->data->total_time);
  fputs (" of all measured time</div></div>\n", out);
}

/* Write the page of function K.  */

int
html_write_function (html_report *r, size_t k)
{
  const html_function *hf = &r->functions[k];
  const report_function *fn = hf->fn;
  const ppf_meta *m = &fn->meta;
  char *json_text;
  size_t json_len;
  char a[REPORT_SUM_DIGITS];
  bool first = true;
  FILE *json;
  int rc;
  FILE *out = html_page_open (r, hf->page, &json, &json_text, &json_len,
			      &rc);

  if (!out)
    return rc;
  html_page_begin (out, fn->label, "function", fn->label);
  fputs ("<h1>", out);
  html_text (out, fn->label);
  fputs ("</h1>\n<p class=\"subtitle\">", out);
  if (hf->file != SIZE_MAX)
    {
      fprintf (out, "defined at <a href=\"%s#" HTML_FUNCTION_ANCHOR "\">",
	       r->files[hf->file].page, k);
      html_text (out, r->files[hf->file].name);
      fprintf (out, ":%u</a>; ", m->line);
    }
  fputs ("assembler name <code>", out);
  html_text (out, m->name);
  fputs ("</code>; profile <code>", out);
  html_text (out, fn->profile->path);
  fputs ("</code></p>\n", out);
  html_sampled_badge (out, r->data);

  fputs ("<section class=\"cards\">\n<div class=\"card wide\"><div "
	 "class=\"label\">Path coverage</div><div class=\"big\" "
	 "id=\"coverage\">", out);
  html_percent (out, (long double) fn->num_complete,
		(long double) m->num_paths);
  fprintf (out, "</div><div class=\"sub\"><span class=\"executed\">%llu"
	   "</span> of <span class=\"potential\">%llu</span> potential paths "
	   "executed</div>", (unsigned long long) fn->num_complete,
	   (unsigned long long) m->num_paths);
  {
    report_sum potential = { 0, 0 }, exits = { 0, 0 };
    report_sum_add (&potential, m->num_paths);
    report_sum_add (&exits, fn->exception_exits);
    html_exception_exits (out, &potential, fn->num_complete, &exits,
			  fn->executed_exception_exits);
  }
  fprintf (out, "</div>\n<div class=\"card\"><div class=\"label\">"
	   "Executions</div><div class=\"big\">%s</div><div class=\"sub\">",
	   report_sum_format (&fn->executions, a));
  html_percent (out, report_sum_value (&fn->executions),
		report_sum_value (&r->data->total_executions));
  fputs (" of the program's</div></div>\n", out);
  put_time_card (out, r, fn);
  fputs ("</section>\n", out);
  if (m->flags & PPF_FN_TRUNCATED)
    fputs ("<p class=\"note\">This function has too many paths to number: "
	   "some edges were cut (paths end and start again there), and "
	   "potential paths are those of the cut graph.</p>\n", out);

  /* pathprof.js writes the help, above this, and the box that names the
     chosen path, below "Paths": both need it.  */
  /* The time columns want a wider paths pane.  */
  fprintf (out, "<div class=\"layout cfg-layout%s\">\n<section "
	   "class=\"picture-pane\">\n", r->data->has_time ? " timed" : "");
  fputs ("{", json);
  rc = put_picture (out, json, r, k);
  fputs ("</section>\n<aside class=\"paths-pane\">\n<h2>Paths</h2>\n", out);
  fputs ("\"paths\":{", json);
  if (rc == 0)
    rc = html_put_path_table (out, json, r, k, NULL, &first);
  fputs ("\n}}", json);
  if (rc == 0)
    rc = put_untested (out, r, k);
  fputs ("</aside>\n</div>\n", out);
  return html_page_finish (r, out, json, &json_text, &json_len, hf->page, rc);
}
