/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fuzz targets' inputs as a unit test, built without sanitizers by
   the ordinary rule: every file of the seed corpus (fuzz/corpus/file,
   fuzz/corpus/meta) and every input a fuzz target once crashed on
   (fuzz/regressions) goes through fuzz/exercise.h, what the runtime and
   pathprof-dump do with a file.  Each must be refused with a message or
   accepted with every rule of that header holding; never a crash.

   Besides, the seeds written by instrumented programs (the corpus files
   not named edge-*) must be accepted whole: every function's DAG
   regenerates and every stored path with it, as pathprof-dump shows
   them.

   fuzz/regressions/ names each input after the target that found it:
   meta-* are lone metas (fuzz-meta), file-* and merge-* whole files;
   other names there (its README) are not inputs.
   The directory comes from PATHPROF_SRCDIR (testsuite/run-unit.sh sets
   it), else the current directory, where make runs.

   Debugging: build/tests/format-fuzz-regressions prints one line per
   input; the FAIL line names the file and the rule it broke.  Rebuild
   this test after a change to fuzz/exercise.h: the Makefile's test
   dependencies do not list it.  */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit-test.h"
#include "../../fuzz/exercise.h"

/* Read the whole of PATH into a malloc'd buffer (never NULL when it
   succeeds, even empty); its size in *SIZE.  */

static unsigned char *
read_input (const char *path, size_t *size)
{
  FILE *f = fopen (path, "rb");
  unsigned char *buf = NULL;
  size_t cap = 0, n = 0, got;

  if (!f)
    return NULL;
  do
    {
      if (n == cap)
	{
	  unsigned char *bigger;

	  cap = cap ? 2 * cap : 65536;
	  bigger = realloc (buf, cap);
	  if (!bigger)
	    {
	      free (buf);
	      fclose (f);
	      return NULL;
	    }
	  buf = bigger;
	}
      got = fread (buf + n, 1, cap - n, f);
      n += got;
    }
  while (got > 0);
  if (ferror (f))
    {
      free (buf);
      buf = NULL;
    }
  fclose (f);
  *size = n;
  return buf;
}

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* What the files of a directory are.  */
enum kind
{
  SEED_FILES,			/* files; those not named edge-* must be
				   accepted whole */
  SEED_METAS,			/* lone metas */
  REGRESSIONS			/* meta-*: metas; file-*, merge-*: files;
				   anything else (README) is no input */
};

/* Exercise every input of DIR (under TOP), of KIND, in name order.
   Returns the number of inputs.  */

static int
exercise_dir (const char *top, const char *dir, enum kind kind)
{
  char path[4096];
  DIR *d;
  struct dirent *ent;
  char **names = NULL;
  size_t num = 0;

  snprintf (path, sizeof path, "%s/%s", top, dir);
  d = opendir (path);
  if (!d)
    {
      check (0, dir, "expected a directory %s, saw %s", path,
	     strerror (errno));
      return 0;
    }
  while ((ent = readdir (d)))
    {
      char **grown;

      if (ent->d_name[0] == '.'
	  || (kind == REGRESSIONS && strncmp (ent->d_name, "meta-", 5)
	      && strncmp (ent->d_name, "file-", 5)
	      && strncmp (ent->d_name, "merge-", 6)))
	continue;
      grown = realloc (names, (num + 1) * sizeof *names);
      if (!grown || !(grown[num] = strdup (ent->d_name)))
	{
	  printf ("FAIL: %s: out of memory\n", dir);
	  exit (1);
	}
      names = grown;
      num++;
    }
  closedir (d);
  if (num)
    qsort (names, num, sizeof *names, compare_names);

  for (size_t i = 0; i < num; i++)
    {
      struct ppfuzz_result result;
      unsigned char *buf;
      size_t size = 0;
      char what[600];

      snprintf (path, sizeof path, "%s/%s/%s", top, dir, names[i]);
      snprintf (what, sizeof what, "%s/%s", dir, names[i]);
      buf = read_input (path, &size);
      if (!buf)
	{
	  check (0, what, "expected to read it, saw %s", strerror (errno));
	  continue;
	}
      if (kind == SEED_METAS
	  || (kind == REGRESSIONS && !strncmp (names[i], "meta-", 5)))
	ppfuzz_exercise_meta (buf, size, &result);
      else
	ppfuzz_exercise_file (buf, size, &result);
      if (kind == SEED_FILES && strncmp (names[i], "edge-", 5) != 0)
	check (result.outcome == PPFUZZ_ACCEPTED && result.dag_rejects == 0
	       && result.lost_paths == 0, what,
	       "expected a profile whose paths all regenerate, saw %s "
	       "(%s; %lu DAGs and %lu stored paths refused)",
	       result.outcome == PPFUZZ_ACCEPTED ? "it accepted"
	       : result.outcome == PPFUZZ_REJECTED ? "it refused" : "a bug",
	       result.message, result.dag_rejects, result.lost_paths);
      else
	check (result.outcome != PPFUZZ_BUG, what, "expected it refused "
	       "with a message or accepted, saw a bug: %s", result.message);
      free (buf);
    }
  for (size_t i = 0; i < num; i++)
    free (names[i]);
  free (names);
  return (int) num;
}

int
main (void)
{
  const char *top = getenv ("PATHPROF_SRCDIR");
  int files, metas;

  unit_test_init ();
  if (!top || !*top)
    top = ".";
  files = exercise_dir (top, "fuzz/corpus/file", SEED_FILES);
  metas = exercise_dir (top, "fuzz/corpus/meta", SEED_METAS);
  exercise_dir (top, "fuzz/regressions", REGRESSIONS);
  check (files > 0 && metas > 0, "the seed corpus is there",
	 "expected files and metas, saw %d and %d", files, metas);
  return unit_test_report ();
}
