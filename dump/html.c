/* The HTML report: which pages, with which names (html.h).

   The pages are written in a directory beside DIR (html-site.c): the
   style sheet and the script, one page per source file, one per selected
   function, then the index; the directory is renamed to DIR only when
   every page was written whole.  */

#include <stdlib.h>
#include <string.h>

#include "html-report.h"

/* Bytes of a source file's name kept in its page name: the end, which
   tells files apart better than a long common directory.  */
#define FILE_STEM_TAIL 48

/* The index of the file NAME in R, added (from PROFILE) if new; SIZE_MAX
   if memory ran out.  */

static size_t
add_file (html_report *r, size_t *cap, const char *name,
	  const dump_profile *profile)
{
  size_t len;
  const char *page;

  for (size_t f = 0; f < r->num_files; f++)
    if (strcmp (r->files[f].name, name) == 0)
      return f;
  if (r->num_files == *cap)
    {
      size_t grown_cap = *cap ? 2 * *cap : 16;
      html_file *grown = realloc (r->files, grown_cap * sizeof *grown);
      if (!grown)
	return SIZE_MAX;
      r->files = grown;
      *cap = grown_cap;
    }
  len = strlen (name);
  page = html_site_name (&r->site, "src",
			 len > FILE_STEM_TAIL ? name + len - FILE_STEM_TAIL
					      : name);
  if (!page)
    return SIZE_MAX;
  memset (&r->files[r->num_files], 0, sizeof r->files[r->num_files]);
  r->files[r->num_files].name = name;
  r->files[r->num_files].page = page;
  r->files[r->num_files].profile = profile;
  r->files[r->num_files].source = dump_source_find (&r->sources, name);
  return r->num_files++;
}

/* Fill R's files and functions, and give each its page name.  Returns 0
   or -1.  */

static int
plan_pages (html_report *r)
{
  const dump_data *data = r->data;
  size_t file_cap = 0;

  if (dump_collect_sources (data, r->sel, &r->sources) != 0)
    return -1;
  for (size_t f = 0; f < r->sources.num_files; f++)
    if (add_file (r, &file_cap, r->sources.files[f].name,
		  r->sources.files[f].profile) == SIZE_MAX)
      return -1;
  r->functions = calloc (r->sel->num_selected + 1, sizeof *r->functions);
  if (!r->functions)
    return -1;
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const dump_function *fn = data->functions[i];
      html_function *hf;

      if (!r->sel->selected[i])
	continue;
      hf = &r->functions[r->num_functions++];
      hf->fn = fn;
      hf->page = html_site_name (&r->site, "fn", fn->label);
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
	  dump_sum_add (&file->potential, fn->meta.num_paths);
	  dump_sum_add (&file->executed, fn->num_counts);
	  dump_sum_add_sum (&file->executions, &fn->executions);
	}
    }
  return 0;
}

/* Release what R holds but its site.  */

static void
report_free (html_report *r)
{
  dump_sources_free (&r->sources);
  free (r->files);
  free (r->functions);
  dump_path_free (&r->path);
  dump_path_text_free (&r->text);
}

/* Write the report: see html.h.  */

int
dump_report_html (const dump_data *data, const dump_selection *sel,
		  const dump_html_options *opt)
{
  html_report r;
  int rc = 0;

  memset (&r, 0, sizeof r);
  r.data = data;
  r.sel = sel;
  r.opt = opt;
  dump_path_init (&r.path);
  dump_path_text_init (&r.text);
  if (html_site_begin (&r.site, opt->dir) != 0)
    return 1;
  /* Writers report their own file errors (HTML_FILE_ERROR); -1 is
     memory.  */
  if (plan_pages (&r) != 0)
    rc = -1;
  if (rc == 0)
    rc = html_write_assets (&r.site);
  for (size_t f = 0; f < r.num_files && rc == 0; f++)
    rc = html_write_source (&r, f);
  for (size_t k = 0; k < r.num_functions && rc == 0; k++)
    rc = html_write_function (&r, k);
  if (rc == 0)
    rc = html_write_index (&r);
  report_free (&r);
  if (rc != 0)
    {
      if (rc == -1)
	fprintf (stderr, "%s: out of memory writing the report\n",
		 dump_program_name);
      html_site_abort (&r.site);
      return 1;
    }
  return html_site_commit (&r.site) == 0 ? 0 : 1;
}
