/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finding .pathprof files under a directory: see ppfind.h.  */

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ppfind.h"

/* Whether NAME ends with ".pathprof" (and is more than that).  */

static int
has_pathprof_suffix (const char *name)
{
  static const char suffix[] = ".pathprof";
  size_t len = strlen (name), slen = sizeof suffix - 1;

  return len > slen && strcmp (name + len - slen, suffix) == 0;
}

/* qsort comparator of directory entry names: byte order, so that the
   order of files, and so of the reports, does not depend on the
   locale.  */

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Append ITEM to the growing array *ITEMS of *NUM entries.  Returns 0,
   or -1 when out of memory (*ITEMS unchanged).  */

static int
push_name (char ***items, size_t *num, char *item)
{
  char **grown = realloc (*items, (*num + 1) * sizeof *grown);

  if (!grown)
    return -1;
  grown[(*num)++] = item;
  *items = grown;
  return 0;
}

/* Give every *.pathprof file under directory DIR, recursively, in name
   order, to VISIT; count the files found in *FOUND.  Symbolic links to
   directories are not followed (no cycles); symbolic links to files
   are.  Returns the number of problems.  */

static size_t
add_directory (ppf_visit_fn visit, ppf_problem_fn problem, void *ctx,
	       const char *dir, size_t *found)
{
  DIR *d = opendir (dir);
  struct dirent *ent;
  char **names = NULL;
  size_t num_names = 0, problems = 0;
  size_t dlen = strlen (dir);
  int sep = dlen && dir[dlen - 1] != '/';

  if (!d)
    {
      problem (ctx, dir, strerror (errno));
      return 1;
    }
  errno = 0;
  while ((ent = readdir (d)) != NULL)
    {
      char *copy;
      if (strcmp (ent->d_name, ".") == 0 || strcmp (ent->d_name, "..") == 0)
	continue;
      copy = strdup (ent->d_name);
      if (!copy || push_name (&names, &num_names, copy) != 0)
	{
	  free (copy);
	  problem (ctx, dir, "out of memory");
	  problems++;
	  break;
	}
      errno = 0;
    }
  if (!ent && errno != 0)
    {
      problem (ctx, dir, strerror (errno));
      problems++;
    }
  closedir (d);
  if (num_names)
    qsort (names, num_names, sizeof *names, compare_names);

  for (size_t i = 0; i < num_names; i++)
    {
      size_t len = dlen + sep + strlen (names[i]) + 1;
      char *path = malloc (len);
      struct stat st;

      if (!path)
	{
	  problem (ctx, dir, "out of memory");
	  problems++;
	  break;
	}
      snprintf (path, len, "%s%s%s", dir, sep ? "/" : "", names[i]);
      if (lstat (path, &st) != 0)
	{
	  problem (ctx, path, strerror (errno));
	  problems++;
	}
      else if (S_ISDIR (st.st_mode))
	problems += add_directory (visit, problem, ctx, path, found);
      else if (has_pathprof_suffix (names[i]))
	{
	  if (S_ISLNK (st.st_mode) && stat (path, &st) != 0)
	    {
	      problem (ctx, path, strerror (errno));
	      problems++;
	    }
	  else if (S_ISREG (st.st_mode))
	    {
	      ++*found;
	      problems += visit (ctx, path, &st);
	    }
	}
      free (path);
    }
  for (size_t i = 0; i < num_names; i++)
    free (names[i]);
  free (names);
  return problems;
}

/* A directory without any .pathprof file is a problem too: it is most
   likely the wrong directory, or a program that did not run.  */

size_t
ppf_find_inputs (const char *arg, ppf_visit_fn visit, ppf_problem_fn problem,
		 void *ctx)
{
  struct stat st;
  size_t found = 0, problems;

  if (stat (arg, &st) != 0)
    {
      problem (ctx, arg, strerror (errno));
      return 1;
    }
  if (!S_ISDIR (st.st_mode))
    return visit (ctx, arg, &st);
  problems = add_directory (visit, problem, ctx, arg, &found);
  if (found == 0 && problems == 0)
    {
      problem (ctx, arg, "no .pathprof file in this directory");
      problems = 1;
    }
  return problems;
}
