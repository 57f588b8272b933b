/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The HTML report's output directory: see html-report.h.

   The report is written into DIR.tmp-XXXXXX, a new directory beside DIR
   (same parent, so that the final rename does not cross file systems).
   When every page is written and closed without error, an existing DIR
   (empty, or an earlier report: it holds .pathprof-html) is renamed to
   DIR.old-XXXXXX, the new one renamed to DIR, and the old one removed.
   On any failure the new directory is removed: DIR is never left with
   half a report.

   Nor on SIGHUP, SIGINT or SIGTERM (a Ctrl-C, a closed terminal, a
   kill): while the site is open, a handler notes the signal, the report
   stops at its next page (html_site_interrupted) or as soon as it no
   longer waits for dot, the new directory is removed as on a failure,
   and the signal is raised again with the disposition it had before, so
   that the program ends as the signal would have ended it.  A signal
   that was ignored (nohup) stays ignored.  */

#define _GNU_SOURCE /* nftw with FTW_DEPTH | FTW_PHYS */

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "html-report.h"
#include "ppformat.h"

/* The file that marks a directory as a pathprof HTML report, which a new
   report may replace.  */
#define MARKER ".pathprof-html"
/* Bytes of a file name's stem before the "-N" and ".html".  */
#define STEM_MAX 60

/* The signals that stop a report, and their dispositions before it
   began (SAVED_ACTIONS[I] holds one only if CAUGHT_HERE[I]).  */
static const int stop_signals[] = { SIGHUP, SIGINT, SIGTERM };
#define NUM_STOP_SIGNALS (sizeof stop_signals / sizeof *stop_signals)
static struct sigaction saved_actions[NUM_STOP_SIGNALS];
static bool caught_here[NUM_STOP_SIGNALS];

/* The signal that arrived while a report was written, or 0.  */
static volatile sig_atomic_t stop_signal;

/* Signal handler: note SIG, which the report acts on at its next
   step.  */

static void
note_stop_signal (int sig)
{
  stop_signal = sig;
}

/* Catch the stop signals that are not ignored.  No SA_RESTART: a wait
   for dot ends with EINTR.  */

static void
catch_stop_signals (void)
{
  struct sigaction action;

  memset (&action, 0, sizeof action);
  action.sa_handler = note_stop_signal;
  sigemptyset (&action.sa_mask);
  for (size_t i = 0; i < NUM_STOP_SIGNALS; i++)
    {
      caught_here[i] = false;
      if (sigaction (stop_signals[i], NULL, &saved_actions[i]) != 0
	  || saved_actions[i].sa_handler == SIG_IGN)
	continue;
      caught_here[i] = sigaction (stop_signals[i], &action, NULL) == 0;
    }
}

/* Give the stop signals back their dispositions; then raise the one
   that arrived, if any, so that it ends the program (its disposition
   was the default one) as it would have without us.  */

static void
release_stop_signals (void)
{
  int sig;

  for (size_t i = 0; i < NUM_STOP_SIGNALS; i++)
    if (caught_here[i])
      {
	sigaction (stop_signals[i], &saved_actions[i], NULL);
	caught_here[i] = false;
      }
  sig = stop_signal;
  stop_signal = 0;
  if (sig)
    raise (sig);
}

/* The stop signal that arrived: see html-report.h.  */

int
html_site_interrupted (void)
{
  return stop_signal;
}

/* For tests only (doc/testing.md): with PATHPROF_TEST_HTML_PAUSE set,
   say so on stderr and wait for a stop signal, which cannot slip in
   between the check and the wait.  */

void
html_site_test_pause (const char *where)
{
  sigset_t stops, before;

  if (!getenv ("PATHPROF_TEST_HTML_PAUSE"))
    return;
  sigemptyset (&stops);
  for (size_t i = 0; i < NUM_STOP_SIGNALS; i++)
    sigaddset (&stops, stop_signals[i]);
  sigprocmask (SIG_BLOCK, &stops, &before);
  fprintf (stderr, "%s: test: paused %s\n", report_program_name, where);
  fflush (stderr);
  while (!stop_signal)
    sigsuspend (&before);
  sigprocmask (SIG_SETMASK, &before, NULL);
}

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
  /* Names equal up to case are one file where case is ignored.  */
  report_string_index_init (&site->stems, true);
  report_string_index_init (&site->names, true);
  if (dir[0] == '\0')
    {
      fprintf (stderr, "%s: the output directory name is empty\n",
	       report_program_name);
      return -1;
    }
  if (stat (dir, &st) == 0)
    {
      int ok;
      if (!S_ISDIR (st.st_mode))
	{
	  fprintf (stderr, "%s: %s: exists and is not a directory\n",
		   report_program_name, dir);
	  return -1;
	}
      ok = replaceable_dir (dir);
      if (ok < 0)
	{
	  fprintf (stderr, "%s: %s: cannot read the directory: %s\n",
		   report_program_name, dir, strerror (errno));
	  return -1;
	}
      if (!ok)
	{
	  fprintf (stderr, "%s: %s: not empty and not a pathprof HTML "
		   "report: not replacing it (remove it or name another "
		   "directory)\n", report_program_name, dir);
	  return -1;
	}
    }
  site->dir = beside (dir, "");
  site->tmp = beside (dir, ".tmp-XXXXXX");
  if (!site->dir || !site->tmp)
    {
      fprintf (stderr, "%s: out of memory\n", report_program_name);
      html_site_abort (site);
      return -1;
    }
  /* From here on, a stop signal removes what was made.  */
  catch_stop_signals ();
  if (!mkdtemp (site->tmp))
    {
      fprintf (stderr, "%s: %s: cannot create the report directory: %s\n",
	       report_program_name, dir, strerror (errno));
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

/* Keep S, a string of SITE's indexes, to be freed with SITE.  Returns S,
   or NULL (S freed) if memory ran out.  */

static char *
keep_string (html_site *site, char *s)
{
  if (!s)
    return NULL;
  if (site->num_strings == site->string_capacity)
    {
      size_t cap = site->string_capacity ? 2 * site->string_capacity : 64;
      char **grown = realloc (site->strings, cap * sizeof *grown);
      if (!grown)
	{
	  free (s);
	  return NULL;
	}
      site->strings = grown;
      site->string_capacity = cap;
    }
  site->strings[site->num_strings++] = s;
  return s;
}

/* "PREFIX-STEM" in fresh memory, STEM made safe for a file name: every
   byte but ASCII letters, digits, '.', '_' and '-' replaced by '_', and
   cut to STEM_MAX bytes.  NULL if memory ran out.  */

static char *
page_base (const char *prefix, const char *stem)
{
  size_t len = strlen (prefix) + 1, end = len + STEM_MAX;
  char *base = malloc (end + 1);

  if (!base)
    return NULL;
  memcpy (base, prefix, len - 1);
  base[len - 1] = '-';
  for (const char *p = stem; *p && len < end; p++)
    {
      char c = *p;
      bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
		  || (c >= '0' && c <= '9') || c == '.' || c == '_'
		  || c == '-';
      base[len++] = safe ? c : '_';
    }
  base[len] = '\0';
  return base;
}

/* Count a page of PREFIX named after STEM: see html-report.h.  */

int
html_site_declare (html_site *site, const char *prefix, const char *stem)
{
  char *base = page_base (prefix, stem);
  size_t *pages;

  if (!base)
    return -1;
  pages = report_string_index_find (&site->stems, base);
  if (pages)
    {
      ++*pages;
      free (base);
      return 0;
    }
  if (!keep_string (site, base))
    return -1;
  return report_string_index_add (&site->stems, base, 1);
}

/* Give out NAME, not given out yet, to be freed with SITE; the next
   "-N" tried after a name equal to it is -2.  Returns NAME, or NULL (NAME
   freed) if memory ran out.  */

static const char *
give_name (html_site *site, char *name)
{
  if (!keep_string (site, name))
    return NULL;
  if (report_string_index_add (&site->names, name, 2) != 0)
    return NULL;
  return name;
}

/* A new page name: see html-report.h.  Expected constant time: two
   index searches, and more only when a name was given out before (the
   identity of two pages is the same, or a 48-bit hash collided).  */

const char *
html_site_name (html_site *site, const char *prefix, const char *stem,
		const void *identity, size_t identity_len)
{
  char *base = page_base (prefix, stem);
  size_t *shared, *next;
  char hash[32] = "";
  char *name;
  size_t size;

  if (!base)
    return NULL;
  shared = report_string_index_find (&site->stems, base);
  if (shared && *shared > 1)
    snprintf (hash, sizeof hash, "-%012llx",
	      (unsigned long long) (ppf_hash (identity, identity_len,
					      PPF_HASH_SEED)
				    >> 16));
  size = strlen (base) + strlen (hash) + sizeof ".html";
  name = malloc (size);
  if (!name)
    {
      free (base);
      return NULL;
    }
  snprintf (name, size, "%s%s.html", base, hash);
  free (base);
  next = report_string_index_find (&site->names, name);
  if (!next)
    return give_name (site, name);

  /* Taken: NAME's next "-N" that is free.  The counter kept with NAME
     makes a run of equal names linear.  */
  name[strlen (name) - strlen (".html")] = '\0';
  for (;;)
    {
      char *again;
      int len = snprintf (NULL, 0, "%s-%zu.html", name, *next);
      again = malloc ((size_t) len + 1);
      if (!again)
	{
	  free (name);
	  return NULL;
	}
      snprintf (again, (size_t) len + 1, "%s-%zu.html", name, (*next)++);
      if (!report_string_index_find (&site->names, again))
	{
	  free (name);
	  return give_name (site, again);
	}
      free (again);
    }
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
      fprintf (stderr, "%s: out of memory\n", report_program_name);
      return NULL;
    }
  out = fopen (path, "w");
  if (!out)
    fprintf (stderr, "%s: %s/%s: cannot create: %s\n", report_program_name,
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
      fprintf (stderr, "%s: %s/%s: write error: %s\n", report_program_name,
	       site->dir, name, saved ? strerror (saved) : "unknown error");
      return -1;
    }
  return 0;
}

/* Put the report in place: marker, then renames (see the top).  */

int
html_site_commit (html_site *site)
{
  FILE *marker;
  char *old = NULL;
  struct stat st;

  /* Stopped by a signal: not in place.  */
  if (stop_signal)
    goto fail;
  marker = html_site_open (site, MARKER);
  if (!marker)
    goto fail;
  fputs ("This directory is an HTML report of pathprof-dump: the next "
	 "report written here replaces it.\n", marker);
  if (html_site_close (site, marker, MARKER) != 0 || stop_signal)
    goto fail;
  if (stat (site->dir, &st) == 0)
    {
      /* Checked at the start; checked again, as the report took time.  */
      if (!S_ISDIR (st.st_mode) || replaceable_dir (site->dir) != 1)
	{
	  fprintf (stderr, "%s: %s: changed while the report was written: "
		   "not replacing it\n", report_program_name, site->dir);
	  goto fail;
	}
      old = beside (site->dir, ".old-XXXXXX");
      if (!old || !mkdtemp (old))
	{
	  fprintf (stderr, "%s: %s: cannot make room for the report: %s\n",
		   report_program_name, site->dir,
		   old ? strerror (errno) : "out of memory");
	  goto fail;
	}
      if (rename (site->dir, old) != 0)
	{
	  fprintf (stderr, "%s: %s: cannot replace the old report: %s\n",
		   report_program_name, site->dir, strerror (errno));
	  rmdir (old);
	  goto fail;
	}
    }
  if (rename (site->tmp, site->dir) != 0)
    {
      fprintf (stderr, "%s: %s: cannot put the report in place: %s\n",
	       report_program_name, site->dir, strerror (errno));
      if (old)
	rename (old, site->dir);
      goto fail;
    }
  free (site->tmp);
  site->tmp = NULL;
  if (old && remove_tree (old) != 0)
    fprintf (stderr, "%s: warning: %s: cannot remove the old report: %s\n",
	     report_program_name, old, strerror (errno));
  free (old);
  html_site_abort (site);
  return 0;
 fail:
  free (old);
  html_site_abort (site);
  return -1;
}

/* Remove the report being written, if any, release SITE, and let a
   stop signal that arrived end the program.  */

void
html_site_abort (html_site *site)
{
  if (site->tmp)
    remove_tree (site->tmp);
  report_string_index_free (&site->stems);
  report_string_index_free (&site->names);
  for (size_t i = 0; i < site->num_strings; i++)
    free (site->strings[i]);
  free (site->strings);
  free (site->dir);
  free (site->tmp);
  memset (site, 0, sizeof *site);
  release_stop_signals ();
}
