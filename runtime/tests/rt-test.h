/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the runtime tests: a hand-built instrumented unit (no
   plugin needed), child processes, temporary directories and reading
   profiles back.  Reporting is testsuite/unit-test.h's: each test calls
   unit_test_init first, so that checks made in forked children count.

   The tests play both sides: a forked child is "the program" (it
   registers a unit, counts, and exits or dumps as an instrumented
   program would), the parent checks the files it leaves.  The parent
   never registers a unit itself, so its own exit writes nothing.  */

#ifndef PATHPROF_RT_TEST_H
#define PATHPROF_RT_TEST_H

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pathprof-abi.h"
#include "pathprof.h"
#include "ppformat.h"
#include "unit-test.h"

/* ---------------------------------------------------------------- */
/* A hand-built unit.                                               */

/* Function 0, "loop", is the 8-path loop of format/tests (dense
   counters); function 1, "big", has 2^40 paths counted in the runtime's
   hash table.  BUILD goes into function 0's display name: two units with
   different BUILD strings are two builds of one object.  */
#define LOOP_PATHS 8
#define BIG_PATHS (UINT64_C (1) << 40)
/* Function 1's paths, for a test that wants fewer (mapped counters).  */
static uint64_t tu_big_paths __attribute__ ((unused)) = BIG_PATHS;

struct test_unit
{
  struct __pathprof_unit unit;
  struct __pathprof_function fn[2];
  struct __pathprof_function *fn_ptrs[2];
  uint64_t counters[LOOP_PATHS];
  uint64_t cache[PATHPROF_HASH_CACHE_WORDS];
  char display[64];
};

static char *tu_files[] = { "loop.c" };
static ppf_line tu_lines2[] = { { 0, 10 } };
static ppf_line tu_lines3[] = { { 0, 11 } };
static ppf_line tu_lines4[] = { { 0, 13 } };
static ppf_line tu_lines5[] = { { 0, 14 } };
static ppf_block tu_loop_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, tu_lines2 }, { 3, 1, tu_lines3 },
  { 4, 1, tu_lines4 }, { 5, 1, tu_lines5 }
};
static ppf_edge tu_loop_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 2, PPF_EDGE_BACK_ENTRY, 5, 2, 4 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 4, PPF_EDGE_REAL, 2, 4, 2 },
  { 3, 5, PPF_EDGE_REAL, 3, 5, 0 }, { 4, 5, PPF_EDGE_REAL, 4, 5, 0 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 }, { 5, 1, PPF_EDGE_BACK_EXIT, 5, 2, 1 }
};
static ppf_block tu_big_blocks[] = { { 0, 0, NULL }, { 1, 0, NULL } };
static ppf_edge tu_big_edges[] = { { 0, 1, PPF_EDGE_REAL, 0, 1, 0 } };

/* Fill TU as the plugin would for an object whose profile is FILENAME;
   ATOMIC sets PATHPROF_UNIT_ATOMIC.  Exits on failure (test setup).  */

static void __attribute__ ((unused))
test_unit_init (struct test_unit *tu, const char *filename, const char *build,
		int atomic)
{
  ppf_meta m;
  unsigned char *buf;
  size_t size;

  memset (tu, 0, sizeof *tu);
  snprintf (tu->display, sizeof tu->display, "loop [%s]", build);
  memset (&m, 0, sizeof m);
  m.num_paths = LOOP_PATHS;
  m.name = "loop";
  m.display_name = tu->display;
  m.file = 0;
  m.line = 9;
  m.num_files = 1;
  m.files = tu_files;
  m.num_blocks = 6;
  m.blocks = tu_loop_blocks;
  m.num_edges = 8;
  m.edges = tu_loop_edges;
  if (ppf_meta_encode (&m, &buf, &size) != PPF_OK)
    abort ();
  tu->fn[0].counters = tu->counters;
  tu->fn[0].num_paths = LOOP_PATHS;
  tu->fn[0].num_dense = LOOP_PATHS;
  tu->fn[0].meta = buf;
  tu->fn[0].meta_size = size;

  memset (&m, 0, sizeof m);
  m.num_paths = tu_big_paths;
  m.flags = PPF_FN_HASHED;
  m.name = "big";
  m.display_name = "big";
  m.file = PPF_NONE;
  m.num_blocks = 2;
  m.blocks = tu_big_blocks;
  m.num_edges = 1;
  m.edges = tu_big_edges;
  if (ppf_meta_encode (&m, &buf, &size) != PPF_OK)
    abort ();
  tu->fn[1].counters = NULL;
  tu->fn[1].num_paths = tu_big_paths;
  tu->fn[1].meta = buf;
  tu->fn[1].meta_size = size;
  tu->fn[1].cache = tu->cache;

  tu->fn_ptrs[0] = &tu->fn[0];
  tu->fn_ptrs[1] = &tu->fn[1];
  tu->unit.abi_version = PATHPROF_ABI_VERSION;
  tu->unit.flags = atomic ? PATHPROF_UNIT_ATOMIC : 0;
  tu->unit.filename = filename;
  tu->unit.unit_name = "loop.c";
  tu->unit.num_functions = 2;
  tu->unit.functions = tu->fn_ptrs;
}

/* ---------------------------------------------------------------- */
/* Profiles on disk.                                                */

/* The count of PATH in function FN of F, 0 if absent.  */

static uint64_t __attribute__ ((unused))
profile_count (const ppf_file *f, uint32_t fn, uint64_t path)
{
  uint64_t k;

  if (fn >= f->num_functions)
    return 0;
  for (k = 0; k < f->functions[fn].num_counts; k++)
    if (f->functions[fn].counts[k].path == path)
      return f->functions[fn].counts[k].count;
  return 0;
}

/* The total of function FN's counts in F, 0 if absent.  */

static uint64_t __attribute__ ((unused))
profile_total (const ppf_file *f, uint32_t fn)
{
  uint64_t k, total = 0;

  if (fn >= f->num_functions)
    return 0;
  for (k = 0; k < f->functions[fn].num_counts; k++)
    total += f->functions[fn].counts[k].count;
  return total;
}

/* Read PATH into F; report a failure as the check WHAT.  Returns 1 if
   read.  */

static int __attribute__ ((unused))
read_profile (const char *what, const char *path, ppf_file *f)
{
  char err[256] = "";
  int status = ppf_read (path, f, err, sizeof err);

  if (status == PPF_OK)
    return 1;
  check (0, what, "expected a valid profile at %s, saw status %d (%s)",
	 path, status, err);
  return 0;
}

/* Whether PATH exists.  */

static int __attribute__ ((unused))
exists (const char *path)
{
  struct stat st;

  return lstat (path, &st) == 0;
}

/* The contents of the text file PATH in a static buffer ("" if none).  */

static const char *file_text (const char *path) __attribute__ ((unused));

static const char *
file_text (const char *path)
{
  static char buf[8192];
  FILE *f = fopen (path, "r");
  size_t n = 0;

  buf[0] = 0;
  if (f)
    {
      n = fread (buf, 1, sizeof buf - 1, f);
      fclose (f);
    }
  buf[n] = 0;
  return buf;
}

/* qsort comparison of two names.  */

static int compare_names (const void *, const void *) __attribute__ ((unused));

static int
compare_names (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in DIR other than ".", ".." and KEEP, sorted and separated
   by spaces, in a static buffer: "" when KEEP is all there is (or DIR
   cannot be read, which the caller's read of KEEP then reports).  The
   runtime promises that a normal write leaves nothing but the profile
   itself: no lock file, no temporary file, no journal.  */

static const char *other_files (const char *dir, const char *keep)
  __attribute__ ((unused));

static const char *
other_files (const char *dir, const char *keep)
{
  static char names[2048];
  char *found[64];
  size_t num = 0, used = 0;
  DIR *d = opendir (dir);
  struct dirent *e;

  names[0] = 0;
  if (!d)
    return names;
  while ((e = readdir (d)) && num < 64)
    if (strcmp (e->d_name, ".") && strcmp (e->d_name, "..")
	&& !(keep && !strcmp (e->d_name, keep)))
      found[num++] = strdup (e->d_name);
  closedir (d);
  qsort (found, num, sizeof *found, compare_names);
  for (size_t i = 0; i < num; i++)
    {
      if (found[i] && used < sizeof names)
	used += (size_t) snprintf (names + used, sizeof names - used, "%s%s",
				   used ? " " : "", found[i]);
      free (found[i]);
    }
  return names;
}

/* ---------------------------------------------------------------- */
/* Processes and directories.                                       */

/* Run BODY (ARG) in a child process, with its stderr (and stdout, if
   OUT_PATH is not NULL) sent to files.  Returns the wait status.  BODY
   normally ends by returning (the child then calls exit (0), running the
   exit handlers as a program does) or by calling exit itself.  */

static int __attribute__ ((unused))
run_child (void (*body) (void *), void *arg, const char *err_path,
	   const char *out_path)
{
  pid_t pid;
  int status;

  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    {
      check (0, "fork", "expected a child, saw %s", strerror (errno));
      return -1;
    }
  if (pid == 0)
    {
      if (err_path)
	{
	  int fd = open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	  dup2 (fd, 2);
	  close (fd);
	}
      if (out_path)
	{
	  int fd = open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	  fflush (stdout);
	  dup2 (fd, 1);
	  close (fd);
	}
      body (arg);
      exit (0);
    }
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  return status;
}

/* Whether STATUS is a normal exit with CODE.  */

static int __attribute__ ((unused))
exited_with (int status, int code)
{
  return WIFEXITED (status) && WEXITSTATUS (status) == code;
}

/* nftw callback removing one entry.  */

static int remove_entry (const char *, const struct stat *, int,
			 struct FTW *) __attribute__ ((unused));

static int
remove_entry (const char *path, const struct stat *st, int flag,
	      struct FTW *ftw)
{
  (void) st, (void) flag, (void) ftw;
  remove (path);
  return 0;
}

/* Remove DIR and everything in it.  */

static void __attribute__ ((unused))
remove_tree (const char *dir)
{
  nftw (dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Make a fresh temporary directory into BUF; exits on failure.  */

static void __attribute__ ((unused))
make_temp_dir (char *buf, size_t size, const char *tag)
{
  const char *tmp = getenv ("TMPDIR");

  snprintf (buf, size, "%s/pathprof-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp",
	    tag);
  if (!mkdtemp (buf))
    {
      check (0, "test setup", "expected a temporary directory, saw %s",
	     strerror (errno));
      exit (unit_test_report ());
    }
}

#endif
