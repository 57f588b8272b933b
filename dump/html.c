/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The HTML report: which pages, with which names (html.h).

   The pages are written in a directory beside DIR (html-site.c): the
   style sheet and the script, one page per source file, one per selected
   function (their pictures drawn in the background meanwhile,
   html-pictures.c), then the index; the directory is renamed to DIR
   only when every page was written whole.  */

#include <stdlib.h>
#include <string.h>

#include "html-report.h"

/* Bytes of a source file's name kept in its page name: the end, which
   tells files apart better than a long common directory.  */
#define FILE_STEM_TAIL 48

/* What a source file's page is named after: the end of its NAME.  */

static const char *
file_stem (const char *name)
{
  size_t len = strlen (name);

  return len > FILE_STEM_TAIL ? name + len - FILE_STEM_TAIL : name;
}

/* The index of the file NAME in R, added (from PROFILE) if new; SIZE_MAX
   if memory ran out.  */

static size_t
add_file (html_report *r, size_t *cap, const char *name,
	  const report_profile *profile)
{
  const size_t *known = report_string_index_find (&r->file_index, name);
  const char *page;

  if (known)
    return *known;
  if (r->num_files == *cap)
    {
      size_t grown_cap = *cap ? 2 * *cap : 16;
      html_file *grown = realloc (r->files, grown_cap * sizeof *grown);
      if (!grown)
	return SIZE_MAX;
      r->files = grown;
      *cap = grown_cap;
    }
  page = html_site_name (&r->site, "src", file_stem (name), name,
			 strlen (name));
  if (!page || report_string_index_add (&r->file_index, name,
					r->num_files) != 0)
    return SIZE_MAX;
  memset (&r->files[r->num_files], 0, sizeof r->files[r->num_files]);
  r->files[r->num_files].name = name;
  r->files[r->num_files].page = page;
  r->files[r->num_files].profile = profile;
  r->files[r->num_files].source = report_source_find (&r->sources, name);
  html_file_coverage (&r->sources, &r->files[r->num_files]);
  return r->num_files++;
}

/* What tells function FN from every other: its unit and assembler name,
   in fresh memory, their length in *LEN.  NULL if memory ran out.  */

static char *
function_identity (const report_function *fn, size_t *len)
{
  const char *unit = fn->unit ? fn->unit : "";
  size_t unit_len = strlen (unit), name_len = strlen (fn->meta.name);
  char *id = malloc (unit_len + 1 + name_len + 1);

  if (id)
    {
      memcpy (id, unit, unit_len + 1);
      memcpy (id + unit_len + 1, fn->meta.name, name_len + 1);
      *len = unit_len + 1 + name_len;
    }
  return id;
}

/* Declare to R's site the pages of every function and source file of
   R->data, selected or not, so that a page's name does not depend on
   -f.  Returns 0 or -1.  */

static int
declare_pages (html_report *r)
{
  const report_data *data = r->data;
  report_string_index files;
  int rc = 0;

  report_string_index_init (&files, false);
  for (size_t i = 0; i < data->num_functions && rc == 0; i++)
    {
      const report_function *fn = data->functions[i];
      rc = html_site_declare (&r->site, "fn", fn->label);
      for (uint32_t f = 0; f < fn->meta.num_files && rc == 0; f++)
	{
	  const char *name = fn->meta.files[f];
	  if (report_string_index_find (&files, name))
	    continue;
	  rc = report_string_index_add (&files, name, 0);
	  if (rc == 0)
	    rc = html_site_declare (&r->site, "src", file_stem (name));
	}
    }
  report_string_index_free (&files);
  return rc;
}

/* Order R's functions by definition line, then input order.  */

static const html_report *line_report;

static int
compare_definitions (const void *a, const void *b)
{
  size_t i = *(const size_t *) a, j = *(const size_t *) b;
  uint32_t x = line_report->functions[i].fn->meta.line;
  uint32_t y = line_report->functions[j].fn->meta.line;

  if (x != y)
    return x < y ? -1 : 1;
  return (i > j) - (i < j);
}

/* List the functions defined in each file of R, by line: the file's
   first_function..+num_functions of R->file_functions.  Returns 0 or
   -1.  */

static int
list_file_functions (html_report *r)
{
  size_t next = 0;

  r->file_functions = malloc ((r->num_functions + 1)
			      * sizeof *r->file_functions);
  if (!r->file_functions)
    return -1;
  for (size_t f = 0; f < r->num_files; f++)
    {
      r->files[f].first_function = next;
      next += r->files[f].num_functions;
      r->files[f].num_functions = 0;
    }
  for (size_t k = 0; k < r->num_functions; k++)
    {
      html_file *file;
      if (r->functions[k].file == SIZE_MAX)
	continue;
      file = &r->files[r->functions[k].file];
      r->file_functions[file->first_function + file->num_functions++] = k;
    }
  line_report = r;
  for (size_t f = 0; f < r->num_files; f++)
    if (r->files[f].num_functions > 1)
      qsort (r->file_functions + r->files[f].first_function,
	     r->files[f].num_functions, sizeof *r->file_functions,
	     compare_definitions);
  return 0;
}

/* Fill R's files and functions, and give each its page name.  Returns 0
   or -1.  */

static int
plan_pages (html_report *r)
{
  const report_data *data = r->data;
  size_t file_cap = 0;

  if (report_collect_sources (data, r->sel, &r->sources) != 0
      || declare_pages (r) != 0)
    return -1;
  for (size_t f = 0; f < r->sources.num_files; f++)
    if (add_file (r, &file_cap, r->sources.files[f].name,
		  r->sources.files[f].profile) == SIZE_MAX)
      return -1;
  r->functions = calloc (r->sel->num_selected + 1, sizeof *r->functions);
  r->function_of = malloc ((data->num_functions + 1)
			   * sizeof *r->function_of);
  if (!r->functions || !r->function_of)
    return -1;
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const report_function *fn = data->functions[i];
      html_function *hf;
      size_t id_len;
      char *id;

      r->function_of[i] = SIZE_MAX;
      if (!r->sel->selected[i])
	continue;
      r->function_of[i] = r->num_functions;
      hf = &r->functions[r->num_functions++];
      hf->fn = fn;
      id = function_identity (fn, &id_len);
      hf->page = id ? html_site_name (&r->site, "fn", fn->label, id, id_len)
		    : NULL;
      free (id);
      if (!hf->page)
	return -1;
      hf->file = SIZE_MAX;
      if (fn->meta.file < fn->meta.num_files)
	{
	  html_file *file;
	  hf->file = add_file (r, &file_cap, fn->meta.files[fn->meta.file],
			       fn->profile);
	  if (hf->file == SIZE_MAX)
	    return -1;
	  file = &r->files[hf->file];
	  file->num_functions++;
	  file->num_executed += fn->num_counts > 0;
	  report_sum_add (&file->potential, fn->meta.num_paths);
	  report_sum_add (&file->executed, fn->num_complete);
	  report_sum_add_sum (&file->executions, &fn->executions);
	}
    }
  return list_file_functions (r);
}

/* Release what R holds but its site.  */

static void
report_free (html_report *r)
{
  html_pictures_end (r);
  report_sources_free (&r->sources);
  report_string_index_free (&r->file_index);
  free (r->files);
  free (r->functions);
  free (r->function_of);
  free (r->file_functions);
  report_path_free (&r->path);
  report_path_text_free (&r->text);
}

/* The next page of R may be written: HTML_INTERRUPTED if a stop signal
   arrived (html-site.c), else 0.  */

static int
may_go_on (void)
{
  return html_site_interrupted () ? HTML_INTERRUPTED : 0;
}

/* Write R's files and pages, up to the first that fails or a stop
   signal.  Returns 0, -1, HTML_FILE_ERROR or HTML_INTERRUPTED.  */

static int
write_pages (html_report *r)
{
  int rc = may_go_on ();

  if (rc == 0)
    rc = html_write_assets (&r->site);
  if (rc == 0)
    rc = html_pictures_begin (r);
  for (size_t f = 0; f < r->num_files && rc == 0; f++)
    if ((rc = may_go_on ()) == 0)
      rc = html_write_source (r, f);
  for (size_t k = 0; k < r->num_functions && rc == 0; k++)
    {
      if ((rc = may_go_on ()) == 0)
	rc = html_write_function (r, k);
      if (rc == 0 && k == 0)
	html_site_test_pause ("after the first function page");
    }
  if (rc == 0 && (rc = may_go_on ()) == 0)
    rc = html_write_index (r);
  return rc;
}

/* Write the report: see html.h.  */

int
dump_report_html (const report_data *data, const report_selection *sel,
		  const dump_html_options *opt)
{
  html_report r;
  int rc = 0;

  memset (&r, 0, sizeof r);
  r.data = data;
  r.sel = sel;
  r.opt = opt;
  report_string_index_init (&r.file_index, false);
  report_path_init (&r.path);
  report_path_text_init (&r.text);
  if (html_site_begin (&r.site, opt->dir) != 0)
    return 1;
  /* Writers report their own file errors (HTML_FILE_ERROR); -1 is
     memory.  */
  if (plan_pages (&r) != 0)
    rc = -1;
  if (rc == 0)
    rc = write_pages (&r);
  report_free (&r);
  if (rc != 0)
    {
      if (rc == -1)
	fprintf (stderr, "%s: out of memory writing the report\n",
		 report_program_name);
      html_site_abort (&r.site);
      return 1;
    }
  return html_site_commit (&r.site) == 0 ? 0 : 1;
}
