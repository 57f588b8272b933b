/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Source files and their line counts summed over functions: see
   source-lines.h.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "derive.h"
#include "source-lines.h"

/* Order source lines by file (in order of appearance), then line.  */

static int
compare_source_lines (const void *a, const void *b)
{
  const report_source_line *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  return x->line < y->line ? -1 : x->line > y->line;
}

/* The index of the file NAME in OUT, added (with PROFILE) if new; SIZE_MAX
   if memory ran out.  *CAP is the capacity of OUT->files.  */

static size_t
intern_file (report_sources *out, size_t *cap, const char *name,
	     const report_profile *profile)
{
  size_t f = report_source_find (out, name);

  if (f != SIZE_MAX)
    return f;
  if (out->num_files == *cap)
    {
      size_t grown_cap = *cap ? 2 * *cap : 8;
      report_source_file *grown = realloc (out->files,
					   grown_cap * sizeof *grown);
      if (!grown)
	return SIZE_MAX;
      out->files = grown;
      *cap = grown_cap;
    }
  if (report_string_index_add (&out->by_name, name, out->num_files) != 0)
    return SIZE_MAX;
  out->files[out->num_files] = (report_source_file) { name, profile, 0, 0 };
  return out->num_files++;
}

/* Order source branches by file, line, then appearance.  */

static int
compare_source_branches (const void *a, const void *b)
{
  const report_source_branch *x = a, *y = b;

  if (x->file != y->file)
    return x->file < y->file ? -1 : 1;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Append FN's branches C to OUT; *FILE_CAP and *CAP are the capacities
   of OUT->files and OUT->branches.  Returns 0 or -1.  */

static int
add_function_branches (report_sources *out, size_t *file_cap, size_t *cap,
		       const report_function *fn, const report_counts *c)
{
  for (size_t k = 0; k < c->num_branches; k++)
    {
      const report_branch_count *b = &c->branches[k];
      size_t f = intern_file (out, file_cap, fn->meta.files[b->file],
			      fn->profile);
      if (f == SIZE_MAX)
	return -1;
      if (out->num_branches == *cap)
	{
	  size_t grown_cap = *cap ? 2 * *cap : 64;
	  report_source_branch *grown = realloc (out->branches,
						 grown_cap * sizeof *grown);
	  if (!grown)
	    return -1;
	  out->branches = grown;
	  *cap = grown_cap;
	}
      out->branches[out->num_branches]
	= (report_source_branch) { f, b->line, out->num_branches, b->count,
				   b->executed, b->fallthrough };
      out->num_branches++;
    }
  return 0;
}

/* Add the derived line counts of FN to OUT (unsorted, not merged).
   *FILE_CAP, *LINE_CAP and *BRANCH_CAP are the capacities of OUT's
   arrays; FN's branches are appended too.  GROUP:
   FN is of a group (mark_groups), and its lines from its first on in
   its own file are the group's.  Returns 0 or -1.  */

static int
add_function_lines (report_sources *out, size_t *file_cap, size_t *line_cap,
		    size_t *branch_cap, const report_function *fn, bool group)
{
  report_counts c;
  int rc = 0;

  if (report_derive_counts (fn, &c) != 0)
    return -1;
  for (size_t k = 0; k < c.num_lines && rc == 0; k++)
    {
      size_t f = intern_file (out, file_cap, fn->meta.files[c.lines[k].file],
			      fn->profile);
      if (f == SIZE_MAX)
	{
	  rc = -1;
	  break;
	}
      if (out->num_lines == *line_cap)
	{
	  size_t cap = *line_cap ? 2 * *line_cap : 64;
	  report_source_line *grown = realloc (out->lines, cap * sizeof *grown);
	  if (!grown)
	    {
	      rc = -1;
	      break;
	    }
	  out->lines = grown;
	  *line_cap = cap;
	}
      out->lines[out->num_lines++]
	= (report_source_line) { f, c.lines[k].line, c.lines[k].count,
				 c.lines[k].unexecuted_block,
				 c.lines[k].owns_block,
				 group && c.lines[k].file == fn->meta.file
				 && c.lines[k].line >= fn->meta.line, 0, 0,
				 fn->estimated && c.lines[k].count > 0 };
    }
  if (rc == 0)
    rc = add_function_branches (out, file_cap, branch_cap, fn, &c);
  report_counts_free (&c);
  return rc;
}

/* Order function indices (of DATA, through a file-scope pointer for
   qsort) by their file's name, then their first line.  */

static const report_data *sorting;

static int
compare_starts (const void *a, const void *b)
{
  const report_function *x = sorting->functions[*(const size_t *) a];
  const report_function *y = sorting->functions[*(const size_t *) b];
  int c = strcmp (x->meta.files[x->meta.file], y->meta.files[y->meta.file]);

  if (c)
    return c;
  return x->meta.line < y->meta.line ? -1 : x->meta.line > y->meta.line;
}

/* Set GROUP[i] for the functions of DATA that gcov.cc puts in a group:
   two or more functions not made by the compiler that start on the same
   line of the same file (a constructor's or destructor's variants, a
   template's instances).  gcov counts a group's lines per function and
   adds them up (accumulate_line_counts).  Returns 0 or -1.  */

static int
mark_groups (const report_data *data, bool *group)
{
  size_t n = 0, *order = malloc ((data->num_functions + 1) * sizeof *order);

  if (!order)
    return -1;
  for (size_t i = 0; i < data->num_functions; i++)
    if (!(data->functions[i]->meta.flags & PPF_FN_ARTIFICIAL)
	&& data->functions[i]->meta.file < data->functions[i]->meta.num_files)
      order[n++] = i;
  sorting = data;
  if (n)
    qsort (order, n, sizeof *order, compare_starts);
  for (size_t k = 1; k < n; k++)
    if (compare_starts (&order[k - 1], &order[k]) == 0)
      group[order[k - 1]] = group[order[k]] = true;
  free (order);
  return 0;
}

/* Collect the files and summed line counts of the selected functions.  */

int
report_collect_sources (const report_data *data, const report_selection *sel,
			report_sources *out)
{
  size_t file_cap = 0, line_cap = 0, branch_cap = 0, merged = 0;
  bool *group = calloc (data->num_functions + 1, sizeof *group);

  memset (out, 0, sizeof *out);
  if (!group || mark_groups (data, group) != 0)
    {
      free (group);
      return -1;
    }
  report_string_index_init (&out->by_name, false);
  /* Not the functions the compiler made: gcov leaves them out.  */
  for (size_t i = 0; i < data->num_functions; i++)
    if (sel->selected[i]
	&& !(data->functions[i]->meta.flags & PPF_FN_ARTIFICIAL)
	&& add_function_lines (out, &file_cap, &line_cap, &branch_cap,
			       data->functions[i], group[i]) != 0)
      {
	free (group);
	report_sources_free (out);
	return -1;
      }
  free (group);

  /* One entry per file and line: the sum over the functions, of those
     where the line owns a block if there are any, plus the groups'
     (source-lines.h).  (LINES is null when no function has a line:
     qsort must not see it.)  */
  if (out->num_lines)
    qsort (out->lines, out->num_lines, sizeof *out->lines,
	   compare_source_lines);
  for (size_t k = 0, j; k < out->num_lines; k = j)
    {
      report_source_line line = out->lines[k];
      uint64_t owned = 0, all = 0, grouped = 0;
      bool any_owned = false;

      line.unexecuted_block = false;
      line.estimated = false;
      for (j = k; j < out->num_lines
		  && compare_source_lines (&out->lines[k], &out->lines[j]) == 0;
	   j++)
	{
	  const report_source_line *l = &out->lines[j];
	  line.unexecuted_block |= l->unexecuted_block;
	  line.estimated |= l->estimated;
	  if (l->group)
	    grouped = ppf_count_add (grouped, l->count);
	  else if (l->owns_block)
	    {
	      owned = ppf_count_add (owned, l->count);
	      any_owned = true;
	    }
	  else
	    all = ppf_count_add (all, l->count);
	}
      line.owns_block = any_owned;
      line.count = ppf_count_add (any_owned ? owned : all, grouped);
      out->lines[merged++] = line;
    }
  out->num_lines = merged;

  /* Each line's branches.  A branch is on a line of its block, so every
     branch finds its line.  */
  if (out->num_branches)
    qsort (out->branches, out->num_branches, sizeof *out->branches,
	   compare_source_branches);
  for (size_t k = 0, b = 0; k < out->num_lines; k++)
    {
      report_source_line *l = &out->lines[k];
      while (b < out->num_branches
	     && (out->branches[b].file < l->file
		 || (out->branches[b].file == l->file
		     && out->branches[b].line < l->line)))
	b++;
      l->first_branch = b;
      while (b < out->num_branches && out->branches[b].file == l->file
	     && out->branches[b].line == l->line)
	b++;
      l->num_branches = b - l->first_branch;
    }

  for (size_t k = 0; k < out->num_lines; k++)
    {
      report_source_file *f = &out->files[out->lines[k].file];
      if (f->num_lines == 0)
	f->first_line = k;
      f->num_lines++;
    }
  return 0;
}

/* Release SOURCES' memory.  */

void
report_sources_free (report_sources *sources)
{
  free (sources->files);
  free (sources->lines);
  free (sources->branches);
  report_string_index_free (&sources->by_name);
  memset (sources, 0, sizeof *sources);
}

/* The index of file NAME, or SIZE_MAX.  */

size_t
report_source_find (report_sources *sources, const char *name)
{
  const size_t *f = report_string_index_find (&sources->by_name, name);

  return f ? *f : SIZE_MAX;
}

/* See source-lines.h.  */

bool
report_source_defines (const report_function *fn, const char *file)
{
  return (fn->meta.file < fn->meta.num_files
	  && !(fn->meta.flags & PPF_FN_ARTIFICIAL)
	  && strcmp (fn->meta.files[fn->meta.file], file) == 0);
}

/* Read the next line of SRC into *TEXT (*CAP bytes, grown as needed),
   NUL-terminated, without its end: "\n", "\r\n" or a lone "\r", the ends
   GCC's preprocessor takes (so that lines are numbered as the compiler
   numbered them, and a file written on Windows shows no "\r").  Returns
   its length, or -1 at the end of SRC (also on a read error, or if
   memory ran out).  */

static ssize_t
read_source_line (FILE *src, char **text, size_t *cap)
{
  size_t len = 0;
  int c = getc (src);

  if (c == EOF)
    return -1;
  for (; c != EOF && c != '\n'; c = getc (src))
    {
      if (c == '\r')
	{
	  c = getc (src);
	  if (c != '\n' && c != EOF)
	    ungetc (c, src);
	  break;
	}
      if (len + 1 >= *cap)
	{
	  size_t grown_cap = *cap ? 2 * *cap : 256;
	  char *grown = realloc (*text, grown_cap);
	  if (!grown)
	    return -1;
	  *text = grown;
	  *cap = grown_cap;
	}
      (*text)[len++] = (char) c;
    }
  if (!*text)
    {
      *text = malloc (1);
      if (!*text)
	return -1;
      *cap = 1;
    }
  (*text)[len] = '\0';
  return (ssize_t) len;
}

/* Give each line of SRC and its counted line to VISIT.  */

uint32_t
report_source_walk (FILE *src, const report_source_line *lines, size_t n,
		    uint32_t max_lines, size_t *next,
		    report_source_line_fn visit, void *ctx)
{
  char *text = NULL;
  size_t cap = 0;
  ssize_t len;
  uint32_t lineno = 0;

  *next = 0;
  while ((max_lines == 0 || lineno < max_lines)
	 && (len = read_source_line (src, &text, &cap)) >= 0)
    {
      const report_source_line *l = NULL;

      lineno++;
      while (*next < n && lines[*next].line < lineno)
	++*next;
      if (*next < n && lines[*next].line == lineno)
	l = &lines[(*next)++];
      visit (ctx, lineno, text, (size_t) len, l);
    }
  free (text);
  return lineno;
}

/* ------------------------------------------------------------------ */
/* Finding a source as it was compiled.                                */

/* What the profiles say of one source file name: the compilation
   directory and the record (size, hash) of the first function naming
   it with a sources section (PPF_FN_SOURCES).  */
typedef struct source_record
{
  const char *comp_dir;
  ppf_source source;
} source_record;

static struct
{
  const char *const *dirs;           /* --source-dir, in order */
  size_t num_dirs;
  bool learnt;
  report_string_index by_name;       /* name -> index into records */
  source_record *records;
  size_t num_records, cap_records;
} finder;

void
report_source_set_dirs (const char *const *dirs, size_t num_dirs)
{
  finder.dirs = dirs;
  finder.num_dirs = num_dirs;
}

int
report_source_learn (const report_data *data)
{
  if (!finder.learnt)
    {
      report_string_index_init (&finder.by_name, false);
      finder.learnt = true;
    }
  for (size_t i = 0; i < data->num_functions; i++)
    {
      const ppf_meta *m = &data->functions[i]->meta;

      if (!(m->flags & PPF_FN_SOURCES))
	continue;
      for (uint32_t k = 0; k < m->num_files; k++)
	{
	  if (report_string_index_find (&finder.by_name, m->files[k]))
	    continue;
	  if (finder.num_records == finder.cap_records)
	    {
	      size_t grown_cap = finder.cap_records
				 ? 2 * finder.cap_records : 64;
	      source_record *grown = realloc (finder.records,
					      grown_cap * sizeof *grown);
	      if (!grown)
		return -1;
	      finder.records = grown;
	      finder.cap_records = grown_cap;
	    }
	  if (report_string_index_add (&finder.by_name, m->files[k],
				       finder.num_records) != 0)
	    return -1;
	  finder.records[finder.num_records++]
	    = (source_record) { m->comp_dir, m->sources[k] };
	}
    }
  return 0;
}

/* NAME's record, or NULL.  */

static const source_record *
record_of (const char *name)
{
  size_t *at = finder.learnt ? report_string_index_find (&finder.by_name, name)
	       : NULL;

  return at ? &finder.records[*at] : NULL;
}

/* DIR/NAME, malloc'd; NULL if memory ran out.  */

static char *
join (const char *dir, const char *name)
{
  size_t len = strlen (dir);
  char *path = malloc (len + strlen (name) + 2);

  if (!path)
    return NULL;
  memcpy (path, dir, len);
  if (len && dir[len - 1] != '/')
    path[len++] = '/';
  strcpy (path + len, name);
  return path;
}

/* For a relative NAME, NAME in the directory of PROFILE, malloc'd; NULL
   when the profile's path has no directory (NAME from here is that) or
   memory ran out.  */

static char *
beside_profile (const char *name, const report_profile *profile)
{
  const char *slash = profile ? strrchr (profile->path, '/') : NULL;
  char *dir, *path;

  if (!slash || !(dir = strndup (profile->path,
				 (size_t) (slash - profile->path))))
    return NULL;
  path = join (dir, name);
  free (dir);
  return path;
}

/* How a search for a source went.  */
typedef struct search
{
  const source_record *rec;
  FILE *found;
  char *found_path;
  int first_errno;           /* of the first candidate that did not open */
  char *differs;             /* the first candidate that opened but is
				not the file compiled, malloc'd */
  uint64_t differs_size;
} search;

/* Try PATH (malloc'd; taken) for S: open it and, when the compiler
   recorded the file, check its size and hash.  Returns true when S is
   done (found, or out of memory).  */

static bool
try_path (search *s, char *path)
{
  FILE *f;
  struct stat st;

  if (!path)
    return true;
  f = fopen (path, "r");
  if (!f || fstat (fileno (f), &st) != 0 || !S_ISREG (st.st_mode))
    {
      if (!s->first_errno)
	s->first_errno = f ? EISDIR : errno;
      if (f)
	fclose (f);
      free (path);
      return false;
    }
  if (s->rec && s->rec->source.size != PPF_UNKNOWN_SIZE)
    {
      ppf_source now;
      bool same = (uint64_t) st.st_size == s->rec->source.size
		  && ppf_hash_file (f, &now) == PPF_OK
		  && now.size == s->rec->source.size
		  && now.hash == s->rec->source.hash;

      if (!same)
	{
	  if (!s->differs)
	    {
	      s->differs = path;
	      s->differs_size = (uint64_t) st.st_size;
	    }
	  else
	    free (path);
	  fclose (f);
	  return false;
	}
      rewind (f);
    }
  s->found = f;
  s->found_path = path;
  return true;
}

/* Try DIR joined with NAME, then with each shorter tail of NAME after a
   '/' (a tree that moved: /old/root/src/x.c is DIR/src/x.c).  */

static bool
try_dir (search *s, const char *dir, const char *name)
{
  for (const char *tail = name; tail; tail = strchr (tail, '/'))
    {
      while (*tail == '/')
	tail++;
      if (!*tail)
	break;
      if (try_path (s, join (dir, tail)))
	return true;
    }
  return false;
}

FILE *
report_source_open (const char *name, const report_profile *profile,
		    char **path, char *why, size_t whylen)
{
  search s = { record_of (name), NULL, NULL, 0, NULL, 0 };
  const char *comp_dir = s.rec ? s.rec->comp_dir : NULL;
  bool done;

  if (path)
    *path = NULL;
  if (why && whylen)
    why[0] = '\0';
  if (name[0] == '/')
    done = try_path (&s, strdup (name));
  else
    done = (comp_dir && comp_dir[0] && try_path (&s, join (comp_dir, name)))
	   || try_path (&s, strdup (name))
	   || (profile && strchr (profile->path, '/')
	       && try_path (&s, beside_profile (name, profile)));
  for (size_t i = 0; !done && i < finder.num_dirs; i++)
    done = try_dir (&s, finder.dirs[i], name);
  if (s.found)
    {
      free (s.differs);
      if (path)
	*path = s.found_path;
      else
	free (s.found_path);
      return s.found;
    }
  if (why && s.differs)
    snprintf (why, whylen, "%s is not the file compiled: %s", s.differs,
	      s.differs_size != s.rec->source.size
	      ? "another size" : "other contents");
  else if (why && name[0] != '/' && comp_dir && comp_dir[0]
	   && access (comp_dir, F_OK) != 0)
    snprintf (why, whylen, "%s; compiled in %s, which no longer exists%s",
	      strerror (s.first_errno ? s.first_errno : ENOENT), comp_dir,
	      finder.num_dirs ? "" : "; --source-dir=DIR says where the "
	      "sources are now");
  else if (why)
    snprintf (why, whylen, "%s", strerror (s.first_errno ? s.first_errno
					   : ENOENT));
  free (s.differs);
  errno = s.first_errno ? s.first_errno : ENOENT;
  return NULL;
}
