/* SPDX-License-Identifier: GPL-3.0-or-later */
/* HTML and JSON text for the HTML report: see html-report.h.

   Pages are UTF-8.  Names and source text are written as they are, with
   the characters HTML gives a meaning (& < > " ') as references, and
   control characters other than tab and newline, which HTML does not
   allow, as U+FFFD.  Bytes that are not UTF-8 are left to the browser,
   which shows them as U+FFFD too.  */

#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "html-report.h"
#include "sampling.h"

/* Write the first LEN bytes of S as HTML text.  */

void
html_text_n (FILE *out, const char *s, size_t len)
{
  for (size_t i = 0; i < len; i++)
    {
      unsigned char c = (unsigned char) s[i];
      switch (c)
	{
	case '&':
	  fputs ("&amp;", out);
	  break;
	case '<':
	  fputs ("&lt;", out);
	  break;
	case '>':
	  fputs ("&gt;", out);
	  break;
	case '"':
	  fputs ("&quot;", out);
	  break;
	case '\'':
	  fputs ("&#39;", out);
	  break;
	default:
	  if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7f)
	    fputs ("&#xfffd;", out);
	  else
	    fputc (c, out);
	}
    }
}

/* Write S as HTML text.  */

void
html_text (FILE *out, const char *s)
{
  html_text_n (out, s, strlen (s));
}

/* Write S as a JSON string for a <script> element: besides JSON's own
   escapes, < > & as \u003c etc., so that no "</script>" or "<!--" can end
   or change the element.  */

void
html_json_string (FILE *out, const char *s)
{
  fputc ('"', out);
  for (; *s; s++)
    {
      unsigned char c = (unsigned char) *s;
      if (c == '"' || c == '\\')
	fprintf (out, "\\%c", c);
      else if (c == '\n')
	fputs ("\\n", out);
      else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x7f)
	fprintf (out, "\\u%04x", c);
      else
	fputc (c, out);
    }
  fputc ('"', out);
}

/* The page head: see html-report.h.  */

void
html_page_begin (FILE *out, const char *title, const char *kind,
		 const char *crumb)
{
  fputs ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	 "<meta charset=\"utf-8\">\n"
	 "<meta name=\"viewport\" content=\"width=device-width, "
	 "initial-scale=1\">\n"
	 "<meta name=\"generator\" content=\"pathprof-dump\">\n<title>",
	 out);
  html_text (out, title);
  fputs (" - pathprof</title>\n"
	 "<link rel=\"stylesheet\" href=\"pathprof.css\">\n</head>\n", out);
  fprintf (out, "<body class=\"%s\">\n<header class=\"top\">"
	   "<a class=\"brand\" href=\"index.html\">pathprof</a>", kind);
  fputs ("<nav class=\"crumbs\"><a href=\"index.html\">report</a>", out);
  if (crumb)
    {
      fputs (" <span class=\"sep\">/</span> <span>", out);
      html_text (out, crumb);
      fputs ("</span>", out);
    }
  fputs ("</nav></header>\n<main>\n", out);
}

/* The page foot.  */

void
html_page_end (FILE *out)
{
  fputs ("</main>\n<footer>Path profile report written by pathprof-dump "
	 "--html.  Counts are path executions (Ball-Larus paths); line "
	 "counts are gcov's, derived from the paths.</footer>\n"
	 "<script src=\"pathprof.js\"></script>\n</body>\n</html>\n", out);
}

/* Open a page with path data.  */

FILE *
html_page_open (html_report *r, const char *name, FILE **json,
		char **json_text, size_t *json_len, int *rc)
{
  FILE *out = html_site_open (&r->site, name);

  *json_text = NULL;
  *json_len = 0;
  if (!out)
    {
      *rc = HTML_FILE_ERROR;
      return NULL;
    }
  *json = open_memstream (json_text, json_len);
  if (!*json)
    {
      fclose (out);
      *rc = -1;
      return NULL;
    }
  return out;
}

/* End a page whose path data went to a memory stream.  */

int
html_page_finish (html_report *r, FILE *out, FILE *json, char **json_text,
		  size_t *json_len, const char *name, int rc)
{
  if (fclose (json) != 0 && rc == 0)
    rc = -1;
  if (rc == 0)
    {
      fputs ("<script type=\"application/json\" id=\"pp-data\">", out);
      fwrite (*json_text, 1, *json_len, out);
      fputs ("</script>\n", out);
    }
  free (*json_text);
  *json_text = NULL;
  html_page_end (out);
  if (html_site_close (&r->site, out, name) != 0 && rc == 0)
    rc = HTML_FILE_ERROR;
  return rc;
}

/* See html-report.h.  */

void
html_sampled_badge (FILE *out, const report_data *data)
{
  char period[REPORT_SAMPLING_SIZE];

  if (!report_sampling_sampled (&data->sampling))
    return;
  report_sampling_period (period, &data->sampling);
  fprintf (out, "<p class=\"badge sampled\" id=\"sampled\">sampled %s: "
	   "counts are %s</p>\n", period,
	   data->sampling.period == 1 ? "exact" : "estimates");
}

/* See html-report.h.  */

void
html_count (FILE *out, uint64_t count, uint64_t samples, bool short_markup)
{
  if (!report_estimated (count, samples))
    fprintf (out, "%s%llu", short_markup ? "<td>" : "<td class=\"num\">",
	     (unsigned long long) count);
  else
    fprintf (out, "%s data-v=%llu>~%llu",
	     short_markup ? "<td" : "<td class=\"num\"",
	     (unsigned long long) count, (unsigned long long) count);
}

/* PART of WHOLE as a percentage.  */

void
html_percent (FILE *out, long double part, long double whole)
{
  char pct[REPORT_PERCENT_SIZE];

  report_percent (pct, part, whole);
  html_text (out, pct);
}

/* A cell with a percentage and a bar, titled TITLE unless it is NULL;
   its sort key is the ratio.  */

static void
put_coverage_cell (FILE *out, long double part, long double whole,
		   const char *title)
{
  long double ratio = whole > 0 ? part / whole : 0;
  const char *level = ratio >= 0.75L ? "hi" : ratio >= 0.25L ? "mid" : "lo";

  fprintf (out, "<td class=\"num cov\" data-v=%.9Lg", ratio);
  if (title)
    fprintf (out, " title=\"%s\"", title);
  fprintf (out, "><span class=\"bar %s\"><span style=\"width:%.1Lf%%\">"
	   "</span></span> ", level, ratio * 100);
  html_percent (out, part, whole);
}

/* A cell with a percentage and a bar; its sort key is the ratio.  */

void
html_coverage_cell (FILE *out, long double part, long double whole)
{
  put_coverage_cell (out, part, whole, NULL);
}

/* See html-report.h.  */

void
html_count_coverage_cell (FILE *out, size_t part, size_t whole,
			  const char *noun)
{
  char title[96];

  if (whole == 0)
    {
      fprintf (out, "<td class=\"num cov\" data-v=-1 title=\"no %s\">-",
	       noun);
      return;
    }
  snprintf (title, sizeof title, "%zu of %zu %s", part, whole, noun);
  put_coverage_cell (out, (long double) part, (long double) whole, title);
}

/* See html-report.h.  */

void
html_exception_exits (FILE *out, const report_sum *potential,
		      uint64_t all_executed, const report_sum *exits,
		      uint64_t executed)
{
  char e[REPORT_SUM_DIGITS], o[REPORT_SUM_DIGITS];
  report_sum other = *potential;

  if (report_sum_is_zero (exits))
    return;
  report_sum_sub_sum (&other, exits);
  fprintf (out, "<div class=\"sub\" id=\"exception-exits\">of which "
	   "<span class=\"exits\">%s</span> exception exit%s (%llu "
	   "executed); without them, <span class=\"others\">%llu of %s"
	   "</span> executed (", report_sum_format (exits, e),
	   exits->high == 0 && exits->low == 1 ? "" : "s",
	   (unsigned long long) executed,
	   (unsigned long long) (all_executed - executed),
	   report_sum_format (&other, o));
  html_percent (out, (long double) (all_executed - executed),
		report_sum_value (&other));
  fputs (")</div>", out);
}
