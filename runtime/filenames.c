/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Where a unit's profile goes.

   The plugin records an absolute file name at compile time, as GCC does
   for a .gcda file.  At run time PATHPROF_PREFIX and PATHPROF_PREFIX_STRIP
   relocate it exactly as GCOV_PREFIX and GCOV_PREFIX_STRIP relocate a
   .gcda file (libgcov-driver-system.c, allocate_filename_struct and
   gcov_exit_open_gcda_file), so that a program built in one tree can
   write its profile into another (a test machine, a sandbox).  Missing
   directories are created, as gcov's create_file_directory does.  The
   journal of a write in flight and the set-aside files sit next to the
   profile.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "runtime-internal.h"

/* The number of leading directories PATHPROF_PREFIX_STRIP asks to drop,
   read as libgcov reads GCOV_PREFIX_STRIP (atoi: leading digits, 0 when
   there are none; negative means 0).  strtol rather than atoi so that a
   huge value cannot overflow.  */

static int
prefix_strip (void)
{
  const char *s = getenv ("PATHPROF_PREFIX_STRIP");
  long v;

  if (!s)
    return 0;
  v = strtol (s, NULL, 10);
  if (v < 0)
    return 0;
  return v > 4096 ? 4096 : (int) v;
}

/* Return FILENAME relocated, malloc'd; NULL when out of memory.

   With PATHPROF_PREFIX_STRIP=N, the first N directories of FILENAME are
   dropped (its leading '/' is not counted, and if it has fewer, only its
   last component remains).  Then, with PATHPROF_PREFIX=P (one trailing
   '/' removed), the result is P followed by the stripped name, with a
   '/' between if the name does not start with one.  A strip without a
   prefix means the prefix ".", relative to the current directory.  This
   is gcov's rule; libgcov in GCC 12 mishandles the '/' it inserts
   before a relative name, which we do not copy.  */

char *
pp_rt_target_path (const char *filename)
{
  const char *prefix = getenv ("PATHPROF_PREFIX");
  size_t prefix_len = prefix ? strlen (prefix) : 0;
  const char *name = filename;
  int strip = prefix_strip ();
  size_t name_len;
  char *path;
  int slash = 0;

  if (prefix_len && prefix[prefix_len - 1] == '/')
    prefix_len--;
  if (!prefix_len && strip)
    {
      prefix = ".";
      prefix_len = 1;
    }
  if (strip > 0)
    {
      const char *probe = filename;
      int level;

      if (*probe == '/')
	probe++;
      for (level = strip; *probe && level; probe++)
	if (*probe == '/')
	  {
	    name = probe;
	    level--;
	  }
    }
  if (prefix_len && *name != '/')
    slash = 1;
  name_len = strlen (name);
  if (name_len > SIZE_MAX - prefix_len - 2)
    return NULL;
  path = malloc (prefix_len + slash + name_len + 1);
  if (!path)
    return NULL;
  if (prefix_len)
    memcpy (path, prefix, prefix_len);
  if (slash)
    path[prefix_len] = '/';
  memcpy (path + prefix_len + slash, name, name_len + 1);
  return path;
}

/* PATH followed by SUFFIX, malloc'd (NAME.pathprof.journal and friends);
   NULL when out of memory.  */

char *
pp_rt_sibling_path (const char *path, const char *suffix)
{
  size_t a = strlen (path), b = strlen (suffix);
  char *s;

  if (a > SIZE_MAX - b - 1)
    return NULL;
  s = malloc (a + b + 1);
  if (!s)
    return NULL;
  memcpy (s, path, a);
  memcpy (s + a, suffix, b + 1);
  return s;
}

/* Create the missing directories above PATH, like mkdir -p of its
   directory.  A directory that another process creates at the same time
   is fine (EEXIST).  On failure returns -1 with errno set and, if
   FAILED_DIR is not NULL, a malloc'd copy of the directory that could not
   be made in *FAILED_DIR (NULL if even that copy failed).  */

int
pp_rt_make_parent_dirs (const char *path, char **failed_dir)
{
  char *copy = strdup (path);
  char *s;

  if (failed_dir)
    *failed_dir = NULL;
  if (!copy)
    return -1;
  for (s = copy + 1; *s; s++)
    {
      struct stat st;

      if (*s != '/')
	continue;
      *s = 0;
      if (stat (copy, &st) != 0 && mkdir (copy, 0777) != 0
	  && errno != EEXIST)
	{
	  int saved_errno = errno;

	  if (failed_dir)
	    *failed_dir = copy;
	  else
	    free (copy);
	  errno = saved_errno;
	  return -1;
	}
      *s = '/';
    }
  free (copy);
  return 0;
}
