/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading .pathprof files and directories into the in-memory
   profile (profile-data.h).

   Policy: a problem with one input is reported and that input skipped, and
   the others are still read, so that one damaged file does not hide the
   rest of a program's profile; the caller makes the exit status non-zero.
   A file is accepted whole or not at all: besides ppf_decode's checks,
   every executed path of every function must regenerate from the
   function's DAG, so that the reports never meet a path they cannot
   show.  A file is read under a shared lock, or from its journal when a
   write was interrupted (read-profile.h), with one note on stderr when
   that is not the file as it stands; a note is no problem.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dag-index.h"
#include "names.h"
#include "ppfind.h"
#include "paths.h"
#include "profile-data.h"
#include "read-profile.h"
#include "runs.h"
#include "source-lines.h"
#include "timing.h"

#define ERR_SIZE 512

/* The program named in messages (profile-data.h).  */
const char *report_program_name = "pathprof-dump";

/* Set DATA's min_runs and max_runs (profile-data.h, runs.h).  Returns 0, or
   -1 if memory ran out.  */

static int
count_runs (report_data *data)
{
  report_runs runs;
  int rc = 0;

  report_runs_init (&runs);
  for (size_t i = 0; i < data->num_profiles && rc == 0; i++)
    rc = report_runs_add (&runs, &data->profiles[i]->file, 1);
  report_runs_range (&runs, &data->min_runs, &data->max_runs);
  report_runs_free (&runs);
  return rc;
}

/* Start an empty profile.  */

void
report_data_init (report_data *data)
{
  memset (data, 0, sizeof *data);
}

/* Report PROBLEM with the input named WHAT on stderr.  */

static void
report (const char *what, const char *problem)
{
  fprintf (stderr, "%s: %s: %s\n", report_program_name, what, problem);
}

/* Say on stderr how PATH was read when it was not simply read under
   its lock (HOW, from report_read_profile).  */

static void
note_how_read (const char *path, const report_read_how *how)
{
  char note[ERR_SIZE];

  const char *why = how->locked ? "its last write was interrupted"
		    : how->lock_busy ? "being rewritten (locked for over "
				       REPORT_LOCK_WAIT_TEXT ")"
		    : "being rewritten, or its last write was interrupted "
		      "(the file cannot be locked)";

  if (how->from_journal)
    snprintf (note, sizeof note, "%s; read the journal's copy, %s%s (the "
	      "last complete profile)", why, path, PPF_JOURNAL_SUFFIX);
  else if (how->from_tail)
    snprintf (note, sizeof note, "%s; read the journal at its end (the "
	      "last complete profile)", why);
  else if (how->lock_busy)
    snprintf (note, sizeof note, "locked by a writer for over "
	      REPORT_LOCK_WAIT_TEXT "; read without the lock");
  else
    return;
  report (path, note);
}

/* Release one function and everything it owns.  */

static void
function_free (report_function *fn)
{
  if (!fn)
    return;
  ppf_meta_free (&fn->meta);
  free (fn->short_files);
  free (fn->label);
  ppf_dag_free (&fn->dag);
  free (fn);
}

/* Release one file.  */

static void
profile_free (report_profile *prof)
{
  if (!prof)
    return;
  ppf_file_free (&prof->file);
  free (prof->path);
  free (prof);
}

/* Make the source file NAME canonical, in place, as gcov does
   (canonicalize_name): "." components and repeated slashes go, and
   "DIR/.." goes with DIR unless DIR is a symbolic link (then the two
   may not name the same directory).  So a header that one unit reached
   as "lib/compress/../common/bits.h" and another as
   "lib/common/bits.h" is one file, whose line counts add up.  A
   relative NAME (not what the plugin records) is made canonical by its
   text alone; a leading ".." stays.  */

static void
canonical_file_name (char *name)
{
  int absolute = *name == '/';
  char *base = name + absolute;	/* where the components start */
  char *out = base;		/* the end of what is kept */
  char *keep = base;		/* no ".." may take what is before this */
  const char *in = name;

  while (*in == '/')
    in++;
  while (*in)
    {
      const char *end = strchr (in, '/');
      size_t len = end ? (size_t) (end - in) : strlen (in);
      int dotdot = len == 2 && in[0] == '.' && in[1] == '.';

      if (len == 1 && in[0] == '.')
	;
      else if (dotdot && out > keep)
	{
	  /* OUT ends DIR's name: NAME up to OUT names DIR.  */
	  struct stat st;
	  int link = 0;

	  if (absolute)
	    {
	      char c = *out;

	      *out = '\0';
	      link = lstat (name, &st) == 0 && S_ISLNK (st.st_mode);
	      *out = c;
	    }
	  if (link)
	    {
	      *out++ = '/';
	      memmove (out, in, len);
	      out += len;
	      keep = out;
	    }
	  else
	    {
	      while (out > keep && out[-1] != '/')
		out--;
	      if (out > base)
		out--;		/* the '/' before DIR */
	    }
	}
      else
	{
	  if (out > base)
	    *out++ = '/';
	  memmove (out, in, len);
	  out += len;
	  if (dotdot)
	    keep = out;		/* a leading "..": stays */
	}
      in += len;
      while (*in == '/')
	in++;
    }
  *out = '\0';
  if (!*name)
    strcpy (name, ".");
}

/* Build function number I of PROF: decode its meta, index its blocks,
   prepare regeneration, regenerate every executed path once to check
   it (reusing PATH's memory), and count its exception exits.  Returns
   the function, or NULL with the reason in ERR.  */

static report_function *
function_load (const report_profile *prof, uint32_t i, report_path *path,
	       char *err, size_t errlen)
{
  const ppf_function *pf = &prof->file.functions[i];
  report_function *fn = calloc (1, sizeof *fn);
  char why[ERR_SIZE / 2];
  ppf_meta *m;

  if (!fn)
    {
      snprintf (err, errlen, "out of memory");
      return NULL;
    }
  fn->profile = prof;
  fn->raw = pf;
  fn->unit = ppf_function_unit (&prof->file, i);
  m = &fn->meta;
  if (ppf_meta_decode (pf->meta, pf->meta_size, m, why, sizeof why)
      != PPF_OK)
    {
      snprintf (err, errlen, "function %u: %s", i, why);
      free (fn);
      return NULL;
    }
  for (uint32_t k = 0; k < m->num_files; k++)
    canonical_file_name (m->files[k]);
  fn->counts = pf->counts;
  fn->num_counts = pf->num_counts;
  for (uint64_t k = 0; k < pf->num_counts; k++)
    {
      report_sum_add (&fn->executions, pf->counts[k].count);
      fn->estimated |= report_estimated (pf->counts[k].count,
					 pf->counts[k].samples);
      fn->num_complete += pf->counts[k].path < m->num_paths;
    }

  if (m->num_blocks < 2 || m->blocks[0].index != PP_ENTRY
      || m->blocks[1].index != PP_EXIT)
    {
      snprintf (err, errlen, "function %.200s: blocks do not start with "
		"ENTRY and EXIT", m->name);
      function_free (fn);
      return NULL;
    }
  if (ppf_dag_init (&fn->dag, m, why, sizeof why) != PPF_OK)
    {
      snprintf (err, errlen, "function %.200s: %s", m->name, why);
      function_free (fn);
      return NULL;
    }
  for (uint64_t k = 0; k < fn->num_counts; k++)
    {
      if (report_path_regen (fn, fn->counts[k].path, path, err, errlen) != 0)
	{
	  function_free (fn);
	  return NULL;
	}
      fn->executed_exception_exits += path->end == REPORT_END_EXCEPTION;
    }
  if (report_function_names (fn) != 0 || report_count_exception_exits (fn) != 0)
    {
      snprintf (err, errlen, "out of memory");
      function_free (fn);
      return NULL;
    }
  return fn;
}

/* Append PTR to the array *ARRAY of *NUM pointers.  Returns 0 or -1.  */

static int
push (void ***array, size_t *num, void *ptr)
{
  void **grown = realloc (*array, (*num + 1) * sizeof *grown);

  if (!grown)
    return -1;
  grown[(*num)++] = ptr;
  *array = grown;
  return 0;
}

/* Read the .pathprof file PATH (whose stat is ST) into DATA.  A file
   already read (same device and inode: given twice, or named and also
   found in a directory) is skipped silently.  Returns the number of
   problems: 0 or 1.  */

static size_t
add_file (report_data *data, const char *path, const struct stat *st)
{
  char err[ERR_SIZE];
  report_profile *prof;
  report_function **fns;
  report_path regen_path;
  report_read_how how;
  size_t first = data->num_functions;
  int rc;

  for (size_t i = 0; i < data->num_profiles; i++)
    if (data->profiles[i]->device == st->st_dev
	&& data->profiles[i]->inode == st->st_ino)
      return 0;

  prof = calloc (1, sizeof *prof);
  if (!prof || !(prof->path = strdup (path)))
    {
      free (prof);
      report (path, "out of memory");
      return 1;
    }
  prof->device = st->st_dev;
  prof->inode = st->st_ino;
  err[0] = '\0';
  rc = report_read_profile (path, &prof->file, &how, err, sizeof err);
  if (rc != PPF_OK)
    {
      /* The message names the problem (bad magic, truncated, checksum,
	 cannot open: ...) but not the file.  */
      if (rc == PPF_ENOENT)
	report (path, strerror (ENOENT));
      else
	report (path, err[0] ? err : "cannot be read");
      free (prof->path);
      free (prof);
      return 1;
    }
  note_how_read (path, &how);

  fns = realloc (data->functions, (data->num_functions
				   + prof->file.num_functions + 1)
				  * sizeof *fns);
  if (!fns)
    {
      report (path, "out of memory");
      profile_free (prof);
      return 1;
    }
  data->functions = fns;
  report_path_init (&regen_path);
  for (uint32_t i = 0; i < prof->file.num_functions; i++)
    {
      report_function *fn = function_load (prof, i, &regen_path, err,
					   sizeof err);
      if (!fn)
	{
	  report (path, err);
	  report_path_free (&regen_path);
	  while (data->num_functions > first)
	    function_free (data->functions[--data->num_functions]);
	  profile_free (prof);
	  return 1;
	}
      data->functions[data->num_functions++] = fn;
    }
  report_path_free (&regen_path);
  if (push ((void ***) &data->profiles, &data->num_profiles, prof) != 0)
    {
      report (path, "out of memory");
      while (data->num_functions > first)
	function_free (data->functions[--data->num_functions]);
      profile_free (prof);
      return 1;
    }
  for (size_t i = first; i < data->num_functions; i++)
    report_sum_add_sum (&data->total_executions,
			&data->functions[i]->executions);
  /* A mix of sampled and exact files is read, and refused by the
     program (sampling.h).  */
  report_sampling_add (&data->sampling, &prof->file, prof->path, 0);
  return 0;
}

/* ppf_find_inputs's PROBLEM: the program's message.  */

static void
report_problem (void *ctx, const char *name, const char *problem)
{
  (void) ctx;
  report (name, problem);
}

/* Give ARG, a file, or every .pathprof file under ARG, a directory, to
   VISIT: see profile-data.h; the walk is format/ppfind.c's, which the
   plugin's use= and feedback= share.  */

size_t
report_find_inputs (const char *arg, report_visit_fn visit, void *ctx)
{
  return ppf_find_inputs (arg, visit, report_problem, ctx);
}

/* report_find_inputs's VISIT for report_data_add.  */

static size_t
visit_add_file (void *data, const char *path, const struct stat *st)
{
  return add_file (data, path, st);
}

/* Read ARG, a file or a directory, into DATA: see profile-data.h.  */

size_t
report_data_add (report_data *data, const char *arg)
{
  return report_find_inputs (arg, visit_add_file, data);
}

/* A function and its place in the input order, for sorting.  */
typedef struct
{
  const report_function *fn;
  size_t index;
} placed_function;

/* qsort's order of functions by unit, then name, then input order.  */

static int
compare_identity (const void *pa, const void *pb)
{
  const placed_function *a = pa, *b = pb;
  int c = strcmp (a->fn->unit, b->fn->unit);

  if (c == 0)
    c = strcmp (a->fn->meta.name, b->fn->meta.name);
  if (c == 0)
    c = (a->index > b->index) - (a->index < b->index);
  return c;
}

/* Whether functions A and B are of one build: byte-identical metas.  */

static bool
same_meta (const report_function *a, const report_function *b)
{
  return a->raw->meta_size == b->raw->meta_size
	 && memcmp (a->raw->meta, b->raw->meta, a->raw->meta_size) == 0;
}

/* Say on stderr, for each function of DATA with a copy in another file
   of another build than its first copy (its unit and name the same, its
   meta not), that it differs: both copies are reported, apart, as every
   file's functions are.  Returns 0, or -1 if memory ran out.  */

static int
note_other_builds (const report_data *data)
{
  placed_function *sorted;
  size_t n = data->num_functions;

  if (data->num_profiles < 2 || n < 2)
    return 0;
  sorted = malloc (n * sizeof *sorted);
  if (!sorted)
    return -1;
  for (size_t i = 0; i < n; i++)
    {
      sorted[i].fn = data->functions[i];
      sorted[i].index = i;
    }
  qsort (sorted, n, sizeof *sorted, compare_identity);
  for (size_t first = 0, i = 1; i < n; i++)
    {
      const report_function *a = sorted[first].fn, *b = sorted[i].fn;
      char problem[ERR_SIZE];

      if (strcmp (a->unit, b->unit) != 0
	  || strcmp (a->meta.name, b->meta.name) != 0)
	{
	  first = i;
	  continue;
	}
      if (a->profile == b->profile || same_meta (a, b))
	continue;
      snprintf (problem, sizeof problem, "function %.200s differs from the "
		"one in %.200s: another build; both shown, apart",
		b->meta.name, a->profile->path);
      report (b->profile->path, problem);
    }
  free (sorted);
  return 0;
}

/* Say which functions are of other builds, count the runs, and name the
   functions for the text reports (names.c).  */

int
report_data_finish (report_data *data)
{
  report_time_finish (data);
  if (note_other_builds (data) != 0 || count_runs (data) != 0
      || report_source_learn (data) != 0)
    return -1;
  return report_assign_labels (data);
}

/* Release everything DATA holds.  */

void
report_data_free (report_data *data)
{
  for (size_t i = 0; i < data->num_functions; i++)
    function_free (data->functions[i]);
  for (size_t i = 0; i < data->num_profiles; i++)
    profile_free (data->profiles[i]);
  free (data->functions);
  free (data->profiles);
  report_data_init (data);
}

/* FN's count of path ID, or NULL.  */

const ppf_count *
report_function_count (const report_function *fn, uint64_t id)
{
  uint64_t lo = 0, hi = fn->num_counts;

  while (lo < hi)
    {
      uint64_t mid = lo + (hi - lo) / 2;
      if (fn->counts[mid].path < id)
	lo = mid + 1;
      else if (fn->counts[mid].path > id)
	hi = mid;
      else
	return &fn->counts[mid];
    }
  return NULL;
}
