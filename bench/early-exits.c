/* early-exits.c -- how many calls partial-paths instruments, and how
   often a run executes them, read from the .pathprof files of a run.

   Usage: early-exits FILE|DIR...     (directories: every *.pathprof under
   them)

   Each early exit is a DAG edge of kind PPF_EDGE_EARLY_EXIT (7) from the
   block of its call to EXIT, in the meta the plugin embedded; pathprof-dump
   --json leaves such edges out, so they are counted here.  A block is left
   once per execution by exactly one DAG edge (backedges are split into
   BACK_EXIT dummies), so the executions of the calls of block B are
   (early exits of B) x (sum of the counts of B's out-edges), which
   ppf_dag_edge_counts gives from the executed paths.  That counts a call
   after one that did not return in the same block as executed: a path
   ending at an early exit is rare, so this is exact for all practical
   purposes.

   Prints, as NAME<tab>VALUE lines: the functions, those that count
   cut paths (partial-paths yes or count), those with early exits, the early exits (calls
   instrumented; in hashed functions apart), the calls executed in all
   the runs the files hold, split between functions with dense and with
   hashed counters, and the most runs one file says it merged (a run is
   one process: a workload of two processes counts two).  Exit status 1
   if a file could not be read.

   Build (bench/README.md, "Counting early exits"):
     gcc -O2 -Icore -Iformat -o early-exits bench/early-exits.c \
       build/format/ppedges.o build/format/ppio.o build/format/ppmeta.o \
       build/format/ppformat.o build/format/ppfile.o build/format/ppmerge.o \
       build/core/[a-z]*.o  */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ppedges.h"
#include "ppformat.h"

typedef struct totals
{
  unsigned long functions, functions_with_exits, exits, exits_hashed;
  unsigned long partial_functions;
  double calls_dense, calls_hashed; /* executed, all runs */
  uint64_t runs;                     /* the most runs of one file */
  int errors;
} totals;

/* Add the early exits of the one file PATH to T.  */

static void
count_file (const char *path, totals *t)
{
  ppf_file f;
  char err[512];
  if (ppf_read (path, &f, err, sizeof err) != PPF_OK)
    {
      fprintf (stderr, "early-exits: %s: %s\n", path, err);
      t->errors = 1;
      return;
    }
  if (f.runs > t->runs)
    t->runs = f.runs;
  for (uint32_t i = 0; i < f.num_functions; i++)
    {
      const ppf_function *pf = &f.functions[i];
      ppf_meta m;
      ppf_dag dag;
      if (ppf_meta_decode (pf->meta, pf->meta_size, &m, err, sizeof err)
	  != PPF_OK)
	{
	  fprintf (stderr, "early-exits: %s: function %u: %s\n", path, i, err);
	  t->errors = 1;
	  continue;
	}
      t->functions++;
      if (m.flags & (PPF_FN_PARTIAL | PPF_FN_APART))
	t->partial_functions++;
      int hashed = (m.flags & PPF_FN_HASHED) != 0;
      unsigned long exits = 0;
      for (uint32_t e = 0; e < m.num_edges; e++)
	if (m.edges[e].kind == PPF_EDGE_EARLY_EXIT)
	  exits++;
      if (exits == 0)
	{
	  ppf_meta_free (&m);
	  continue;
	}
      t->functions_with_exits++;
      t->exits += exits;
      if (hashed)
	t->exits_hashed += exits;
      if (pf->num_counts > 0
	  && ppf_dag_init (&dag, &m, err, sizeof err) == PPF_OK)
	{
	  uint64_t *count = calloc (m.num_edges ? m.num_edges : 1,
				    sizeof *count);
	  if (count
	      && ppf_dag_edge_counts (&dag, pf->counts, pf->num_counts, count,
				      err, sizeof err) == PPF_OK)
	    {
	      /* Executions of each block with early exits: the counts of
		 its out-edges (grouped by src).  */
	      for (uint32_t e = 0; e < m.num_edges;)
		{
		  uint32_t src = m.edges[e].src, calls = 0;
		  double runs_of_block = 0;
		  for (; e < m.num_edges && m.edges[e].src == src; e++)
		    {
		      runs_of_block += (double) count[e];
		      if (m.edges[e].kind == PPF_EDGE_EARLY_EXIT)
			calls++;
		    }
		  double executed = calls * runs_of_block;
		  if (hashed)
		    t->calls_hashed += executed;
		  else
		    t->calls_dense += executed;
		}
	    }
	  else
	    {
	      fprintf (stderr, "early-exits: %s: %s: %s\n", path, m.name,
		       count ? err : "out of memory");
	      t->errors = 1;
	    }
	  free (count);
	  ppf_dag_free (&dag);
	}
      ppf_meta_free (&m);
    }
  ppf_file_free (&f);
}

/* Every *.pathprof under PATH, or PATH itself.  */

static void
count_path (const char *path, totals *t)
{
  struct stat st;
  if (stat (path, &st) != 0)
    {
      perror (path);
      t->errors = 1;
      return;
    }
  if (!S_ISDIR (st.st_mode))
    {
      count_file (path, t);
      return;
    }
  DIR *d = opendir (path);
  if (!d)
    {
      perror (path);
      t->errors = 1;
      return;
    }
  struct dirent *de;
  while ((de = readdir (d)))
    {
      if (!strcmp (de->d_name, ".") || !strcmp (de->d_name, ".."))
	continue;
      size_t n = strlen (path) + strlen (de->d_name) + 2;
      char *sub = malloc (n);
      if (!sub)
	{
	  t->errors = 1;
	  break;
	}
      snprintf (sub, n, "%s/%s", path, de->d_name);
      size_t len = strlen (de->d_name);
      if (stat (sub, &st) == 0
	  && (S_ISDIR (st.st_mode)
	      || (len > 9 && !strcmp (de->d_name + len - 9, ".pathprof"))))
	count_path (sub, t);
      free (sub);
    }
  closedir (d);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: early-exits FILE|DIR...\n");
      return 2;
    }
  totals t;
  memset (&t, 0, sizeof t);
  for (int i = 1; i < argc; i++)
    count_path (argv[i], &t);
  printf ("functions\t%lu\n", t.functions);
  printf ("partial_functions\t%lu\n", t.partial_functions);
  printf ("functions_with_early_exits\t%lu\n", t.functions_with_exits);
  printf ("early_exits\t%lu\n", t.exits);
  printf ("early_exits_hashed\t%lu\n", t.exits_hashed);
  printf ("calls_dense\t%.0f\n", t.calls_dense);
  printf ("calls_hashed\t%.0f\n", t.calls_hashed);
  printf ("runs\t%llu\n", (unsigned long long) t.runs);
  return t.errors;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
