/* The HTML report's output directory: see html-report.h.

   The report is written into DIR.tmp-XXXXXX, a new directory beside DIR
   (same parent, so that the final rename does not cross file systems).
   When every page is written and closed without error, an existing DIR
   (empty, or an earlier report: it holds .pathprof-html) is renamed to
   DIR.old-XXXXXX, the new one renamed to DIR, and the old one removed.
   On any failure the new directory is removed: DIR is never left with
   half a report.  */

#define _GNU_SOURCE /* nftw with FTW_DEPTH | FTW_PHYS */

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html-report.h"

/* The file that marks a directory as a pathprof HTML report, which a new
   report may replace.  */
#define MARKER ".pathprof-html"
/* Bytes of a file name's stem before the "-N" and ".html".  */
#define STEM_MAX 60

/* nftw callback: remove one entry of a tree.  */

static int
remove_entry (const char *path, const struct stat *st, int flag,
	      struct FTW *ftw)
{
  (void) st;
  (void) flag;
  (void) ftw;
  return remove (path) == 0 ? 0 : -1;
}

/* Remove the tree at PATH.  Returns 0 or -1 with errno set.  */

static int
remove_tree (const char *path)
{
  return nftw (path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Whether directory DIR is empty or holds the report marker: a directory
   a new report may replace.  -1 with errno set if it cannot be read.  */

static int
replaceable_dir (const char *dir)
{
  DIR *d = opendir (dir);
  struct dirent *e;
  bool empty = true, marked = false;

  if (!d)
    return -1;
  while ((e = readdir (d)))
    {
      if (strcmp (e->d_name, ".") == 0 || strcmp (e->d_name, "..") == 0)
	continue;
      empty = false;
      if (strcmp (e->d_name, MARKER) == 0)
	marked = true;
    }
  closedir (d);
  return empty || marked;
}

/* DIR with SUFFIX (which ends in XXXXXX) appended, in fresh memory,
   without the trailing slashes of DIR.  NULL if memory ran out.  */

static char *
beside (const char *dir, const char *suffix)
{
  size_t len = strlen (dir);
  char *s;

  while (len > 1 && dir[len - 1] == '/')
    len--;
  s = malloc (len + strlen (suffix) + 1);
  if (s)
    {
      memcpy (s, dir, len);
      strcpy (s + len, suffix);
    }
  return s;
}

/* Check DIR and make the directory the report is written into.  */

int
html_site_begin (html_site *site, const char *dir)
{
  struct stat st;

  memset (site, 0, sizeof *site);
  if (dir[0] == '\0')
    {
      fprintf (stderr, "%s: the output directory name is empty\n",
	       dump_program_name);
      return -1;
    }
  if (stat (dir, &st) == 0)
    {
      int ok;
      if (!S_ISDIR (st.st_mode))
	{
	  fprintf (stderr, "%s: %s: exists and is not a directory\n",
		   dump_program_name, dir);
	  return -1;
	}
      ok = replaceable_dir (dir);
      if (ok < 0)
	{
	  fprintf (stderr, "%s: %s: cannot read the directory: %s\n",
		   dump_program_name, dir, strerror (errno));
	  return -1;
	}
      if (!ok)
	{
	  fprintf (stderr, "%s: %s: not empty and not a pathprof HTML "
		   "report: not replacing it (remove it or name another "
		   "directory)\n", dump_program_name, dir);
	  return -1;
	}
    }
  site->dir = beside (dir, "");
  site->tmp = beside (dir, ".tmp-XXXXXX");
  if (!site->dir || !site->tmp)
    {
      fprintf (stderr, "%s: out of memory\n", dump_program_name);
      html_site_abort (site);
      return -1;
    }
  if (!mkdtemp (site->tmp))
    {
      fprintf (stderr, "%s: %s: cannot create the report directory: %s\n",
	       dump_program_name, dir, strerror (errno));
      free (site->tmp);
      site->tmp = NULL;
      html_site_abort (site);
      return -1;
    }
  /* mkdtemp makes it 0700; a report is for reading like any output.  */
  {
    mode_t mask = umask (0);
    umask (mask);
    chmod (site->tmp, 0777 & ~mask);
  }
  return 0;
}

/* Whether NAME was given out before, up to letter case (file systems that
   ignore case would take the two for one file).  */

static bool
name_taken (const html_site *site, const char *name)
{
  for (size_t i = 0; i < site->num_names; i++)
    if (strcasecmp (site->names[i], name) == 0)
      return true;
  return false;
}

/* A new unique page name: see html-report.h.  Linear in the names given
   out so far per call, so quadratic in all; fine for the thousands of
   functions of a large program.  */

const char *
html_site_name (html_site *site, const char *prefix, const char *stem)
{
  char base[STEM_MAX + 1];
  size_t len = 0;
  char *name;

  for (const char *p = stem; *p && len < STEM_MAX; p++)
    {
      char c = *p;
      bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		  || (c >= '0' && c <= '9') || c == '.' || c == '_'
		  || c == '-';
      base[len++] = safe ? c : '_';
    }
  base[len] = '\0';
  if (site->num_names == site->name_capacity)
    {
      size_t cap = site->name_capacity ? 2 * site->name_capacity : 64;
      char **grown = realloc (site->names, cap * sizeof *grown);
      if (!grown)
	return NULL;
      site->names = grown;
      site->name_capacity = cap;
    }
  for (unsigned long n = 1;; n++)
    {
      char suffix[32] = "";
      int size;
      if (n > 1)
	snprintf (suffix, sizeof suffix, "-%lu", n);
      size = snprintf (NULL, 0, "%s-%s%s.html", prefix, base, suffix);
      name = malloc ((size_t) size + 1);
      if (!name)
	return NULL;
      snprintf (name, (size_t) size + 1, "%s-%s%s.html", prefix, base,
		suffix);
      if (!name_taken (site, name))
	break;
      free (name);
    }
  site->names[site->num_names++] = name;
  return name;
}

/* The path of file NAME in the directory being written, in fresh memory
   (NULL if memory ran out).  */

static char *
site_path (const html_site *site, const char *name)
{
  size_t size = strlen (site->tmp) + 1 + strlen (name) + 1;
  char *path = malloc (size);

  if (path)
    snprintf (path, size, "%s/%s", site->tmp, name);
  return path;
}

/* Create file NAME of the report.  */

FILE *
html_site_open (html_site *site, const char *name)
{
  char *path = site_path (site, name);
  FILE *out;

  if (!path)
    {
      fprintf (stderr, "%s: out of memory\n", dump_program_name);
      return NULL;
    }
  out = fopen (path, "w");
  if (!out)
    fprintf (stderr, "%s: %s/%s: cannot create: %s\n", dump_program_name,
	     site->dir, name, strerror (errno));
  free (path);
  return out;
}

/* Close file NAME of the report, checking that all of it was written.  */

int
html_site_close (html_site *site, FILE *out, const char *name)
{
  bool failed = ferror (out) != 0;
  int saved = errno;

  if (fclose (out) != 0 && !failed)
    {
      failed = true;
      saved = errno;
    }
  if (failed)
    {
      fprintf (stderr, "%s: %s/%s: write error: %s\n", dump_program_name,
	       site->dir, name, saved ? strerror (saved) : "unknown error");
      return -1;
    }
  return 0;
}

/* Put the report in place: marker, then renames (see the top).  */

int
html_site_commit (html_site *site)
{
  FILE *marker = html_site_open (site, MARKER);
  char *old = NULL;
  struct stat st;

  if (!marker)
    goto fail;
  fputs ("This directory is an HTML report of pathprof-dump: the next "
	 "report written here replaces it.\n", marker);
  if (html_site_close (site, marker, MARKER) != 0)
    goto fail;
  if (stat (site->dir, &st) == 0)
    {
      /* Checked at the start; checked again, as the report took time.  */
      if (!S_ISDIR (st.st_mode) || replaceable_dir (site->dir) != 1)
	{
	  fprintf (stderr, "%s: %s: changed while the report was written: "
		   "not replacing it\n", dump_program_name, site->dir);
	  goto fail;
	}
      old = beside (site->dir, ".old-XXXXXX");
      if (!old || !mkdtemp (old))
	{
	  fprintf (stderr, "%s: %s: cannot make room for the report: %s\n",
		   dump_program_name, site->dir,
		   old ? strerror (errno) : "out of memory");
	  goto fail;
	}
      if (rename (site->dir, old) != 0)
	{
	  fprintf (stderr, "%s: %s: cannot replace the old report: %s\n",
		   dump_program_name, site->dir, strerror (errno));
	  rmdir (old);
	  goto fail;
	}
    }
  if (rename (site->tmp, site->dir) != 0)
    {
      fprintf (stderr, "%s: %s: cannot put the report in place: %s\n",
	       dump_program_name, site->dir, strerror (errno));
      if (old)
	rename (old, site->dir);
      goto fail;
    }
  free (site->tmp);
  site->tmp = NULL;
  if (old && remove_tree (old) != 0)
    fprintf (stderr, "%s: warning: %s: cannot remove the old report: %s\n",
	     dump_program_name, old, strerror (errno));
  free (old);
  html_site_abort (site);
  return 0;
 fail:
  free (old);
  html_site_abort (site);
  return -1;
}

/* Remove the report being written, if any, and release SITE.  */

void
html_site_abort (html_site *site)
{
  if (site->tmp)
    remove_tree (site->tmp);
  for (size_t i = 0; i < site->num_names; i++)
    free (site->names[i]);
  free (site->names);
  free (site->dir);
  free (site->tmp);
  memset (site, 0, sizeof *site);
}
