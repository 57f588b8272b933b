/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Shared by the pathprof-dump tests: a scratch directory, hand-made
   profiles written with the format module, and running
   build/pathprof-dump on them.  Reporting is testsuite/unit-test.h's.

   The fixtures are Ball-Larus DAGs written by hand, with Val chosen per
   Figure 5, so that what each path number means is known here without
   regenerating it: the comments list every path.  Files:

   a.pathprof (unit src/fig1.c, 3 runs)
     fig1: the DAG of Ball & Larus Figure 1, A..F = blocks 2..7.
	 A(3,4) -> C | B;  B(5) -> C | D;  C(6,7) -> D;  D(8) -> E | F;
	 E(include/hdr.h:20) -> F;  F(10,11) -> EXIT.
	 Val: A->C 0, A->B 2; B->C 0, B->D 2; D->E 0, D->F 1.
	 path 0 ACDEF  1 ACDF  2 ABCDEF  3 ABCDF  4 ABDEF  5 ABDF
	 counts: 0:500  2:1000  3:250  5:250  (total 2000)
     helper: ENTRY -> 2(30) -> EXIT, one path, never executed.
   b.pathprof (unit loop.c, 3 runs)
     count_loop: 2(3) -> 3(4);  3 -> 5(8) | 4(5,6);  4 -> 3 (backedge) |
	 6(7: abort, no successor);  5 -> EXIT.
	 DAG: ENTRY->2 0, ENTRY->3 (backedge 4->3) 3; 3->5 0, 3->4 1;
	 4->EXIT (backedge 4->3) 0, 4->6 1; 6->EXIT (noreturn).
	 path 0 entry 2 3 5 return      1 entry 2 3 4 backedge
	      2 entry 2 3 4 6 noreturn  3 backedge 3 5 return
	      4 backedge 3 4 backedge   5 backedge 3 4 6 noreturn
	 counts: 0:98  1:200  3:200  4:1500  5:2  (total 2000)
   c.pathprof (unit two.c, 1 run)
     helper (truncated): 2(14) -> 3(15) | 4(16);  3 -> 5 cut;  4 -> 5(17);
	 5 -> EXIT.  DAG: ENTRY->2 0, ENTRY->5 (cut 3->5) 2; 2->3 0,
	 2->4 1; 3->EXIT (cut 3->5) 0.
	 path 0 entry 2 3 cut  1 entry 2 4 5 return  2 cut 5 return
	 counts: 0:30  1:20  2:30
     ns::nolines() (assembler name _ZN2ns7nolinesEv): no line anywhere
	 (as under -g0), no file.  2 -> 3 | 4, both -> EXIT.
	 path 0 2 3, path 1 2 4.  counts: 1:5  (file total 85)
   d.pathprof (unit big.c, 1 run)
     chain: 63 diamonds, 2^63 paths; block s_i = 2+3i (line 1000+3i)
	 -> a_i = 3+3i (1001+3i) | b_i = 4+3i (1002+3i), both -> s_{i+1};
	 s_63 = 191 (line 2000) -> EXIT.  Val(s_i->b_i) = 2^(62-i).
	 counts: 0 (all a): 2^64-1,  2^63-1 (all b): 5.
   e.pathprof: names that need escaping (json.c, tsv.c).  */

#ifndef PATHPROF_DUMP_TEST_H
#define PATHPROF_DUMP_TEST_H

#define _GNU_SOURCE /* nftw */

#include <errno.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ppformat.h"
#include "unit-test.h"

#define TEST_HELPER static __attribute__ ((unused))

/* Stop the test program: something it needs is missing.  */

TEST_HELPER void
test_abort (const char *what, const char *why)
{
  check (0, what, "%s", why);
  exit (unit_test_report ());
}

/* ------------------------------------------------------------------ */
/* Scratch directory.                                                  */

static char test_dir[64];

/* nftw callback: remove one entry.  */

static int
remove_entry (const char *path, const struct stat *st, int flag,
	      struct FTW *ftw)
{
  (void) st;
  (void) flag;
  (void) ftw;
  return remove (path);
}

/* Remove the scratch directory and everything in it.  */

static void
remove_test_dir (void)
{
  if (test_dir[0])
    nftw (test_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Make the scratch directory, removed at exit.  */

TEST_HELPER void
make_test_dir (void)
{
  const char *tmp = getenv ("TMPDIR");

  snprintf (test_dir, sizeof test_dir, "%s/pp-dump-test.XXXXXX",
	    tmp && tmp[0] && strlen (tmp) < 32 ? tmp : "/tmp");
  if (!mkdtemp (test_dir))
    test_abort ("scratch directory", strerror (errno));
  atexit (remove_test_dir);
}

/* NAME in the scratch directory, in a static buffer (one of four, so a
   few can be used in one call).  */

TEST_HELPER const char *
test_path (const char *name)
{
  static char bufs[4][256];
  static int next;
  char *buf = bufs[next++ % 4];

  snprintf (buf, sizeof bufs[0], "%s/%s", test_dir, name);
  return buf;
}

/* Write SIZE bytes at DATA to PATH.  */

TEST_HELPER void
write_bytes (const char *path, const void *data, size_t size)
{
  FILE *f = fopen (path, "wb");

  if (!f || fwrite (data, 1, size, f) != size || fclose (f) != 0)
    test_abort (path, "cannot write");
}

/* Read all of PATH into a NUL-terminated malloc'd buffer; its size in
   *SIZE if SIZE.  */

TEST_HELPER char *
read_bytes (const char *path, size_t *size)
{
  FILE *f = fopen (path, "rb");
  char *buf = NULL;
  size_t len = 0, cap = 0, n;

  if (!f)
    test_abort (path, "cannot read");
  do
    {
      if (len + 4096 + 1 > cap)
	{
	  cap = 2 * cap + 4096 + 1;
	  buf = realloc (buf, cap);
	  if (!buf)
	    test_abort (path, "out of memory");
	}
      n = fread (buf + len, 1, 4096, f);
      len += n;
    }
  while (n > 0);
  fclose (f);
  buf[len] = '\0';
  if (size)
    *size = len;
  return buf;
}

/* TEXT with each "\n" replaced by EOL ("\r\n", "\r"), in fresh memory:
   a source file as another system writes it.  */

TEST_HELPER char *
with_line_ends (const char *text, const char *eol)
{
  size_t lines = 0, len = strlen (eol);
  char *out, *at;

  for (const char *p = text; *p; p++)
    lines += *p == '\n';
  out = malloc (strlen (text) + lines * len + 1);
  if (!out)
    test_abort ("with_line_ends", "out of memory");
  at = out;
  for (const char *p = text; *p; p++)
    if (*p == '\n')
      {
	memcpy (at, eol, len);
	at += len;
      }
    else
      *at++ = *p;
  *at = '\0';
  return out;
}

/* ------------------------------------------------------------------ */
/* Writing profiles.                                                   */

typedef struct fixture_function
{
  ppf_meta meta;
  const ppf_count *counts;
  uint64_t num_counts;
} fixture_function;

/* Encode the functions FNS[0..N-1] into a .pathprof file at PATH with
   the file flags FLAGS: with PPF_FILE_TIME, times in TIME_UNIT at
   TICKS_PER_SECOND (the functions flagged PPF_FN_TIMED carry the times
   of their counts); with PPF_FILE_SAMPLED, SAMPLE_PERIOD (the counts
   carry their samples).  */

TEST_HELPER void
write_profile_flags (const char *path, const char *unit, uint64_t runs,
		     fixture_function *fns, uint32_t n, uint32_t flags,
		     uint32_t time_unit, uint64_t ticks_per_second,
		     uint64_t sample_period)
{
  ppf_file file;
  ppf_function *pf = calloc (n + 1, sizeof *pf);
  unsigned char *buf;
  size_t size;

  if (!pf)
    test_abort (path, "out of memory");
  memset (&file, 0, sizeof file);
  file.version = PPF_VERSION;
  file.runs = runs;
  file.unit_name = (char *) unit;
  file.flags = flags;
  if (flags & PPF_FILE_TIME)
    {
      file.time_unit = time_unit;
      file.ticks_per_second = ticks_per_second;
    }
  if (flags & PPF_FILE_SAMPLED)
    file.sample_period = sample_period;
  file.num_functions = n;
  file.functions = pf;
  for (uint32_t i = 0; i < n; i++)
    {
      size_t msize;
      if (ppf_meta_encode (&fns[i].meta, &pf[i].meta, &msize) != PPF_OK)
	test_abort (path, "ppf_meta_encode failed");
      pf[i].meta_size = (uint32_t) msize;
      pf[i].counts = (ppf_count *) fns[i].counts;
      pf[i].num_counts = fns[i].num_counts;
    }
  if (ppf_encode (&file, &buf, &size) != PPF_OK)
    test_abort (path, "ppf_encode failed");
  write_bytes (path, buf, size);
  free (buf);
  for (uint32_t i = 0; i < n; i++)
    free (pf[i].meta);
  free (pf);
}

/* The same, with times when TIMED.  */

TEST_HELPER void
write_profile_times (const char *path, const char *unit, uint64_t runs,
		     fixture_function *fns, uint32_t n, bool timed,
		     uint32_t time_unit, uint64_t ticks_per_second)
{
  write_profile_flags (path, unit, runs, fns, n, timed ? PPF_FILE_TIME : 0,
		       time_unit, ticks_per_second, 0);
}

/* Encode FNS[0..N-1], without times, into a .pathprof file at PATH.  */

TEST_HELPER void
write_profile (const char *path, const char *unit, uint64_t runs,
	       fixture_function *fns, uint32_t n)
{
  write_profile_times (path, unit, runs, fns, n, false, 0, 0);
}

/* Fill *M with the fields every fixture sets.  */

static void
fixture_meta (ppf_meta *m, const char *name, const char *display,
	      uint32_t file, uint32_t line, uint64_t num_paths)
{
  memset (m, 0, sizeof *m);
  m->name = (char *) name;
  m->display_name = (char *) display;
  m->file = file;
  m->line = line;
  m->num_paths = num_paths;
}

#define COUNT(a) (sizeof (a) / sizeof (a)[0])

/* Fill FN with a one-function fixture.  */

TEST_HELPER void
fixture (fixture_function *fn, const char *name, char **files,
	 uint32_t num_files, uint32_t line, uint64_t num_paths,
	 ppf_block *blocks, uint32_t num_blocks, ppf_edge *edges,
	 uint32_t num_edges, const ppf_count *counts, uint64_t num_counts)
{
  fixture_meta (&fn->meta, name, name, 0, line, num_paths);
  fn->meta.num_files = num_files;
  fn->meta.files = files;
  fn->meta.num_blocks = num_blocks;
  fn->meta.blocks = blocks;
  fn->meta.num_edges = num_edges;
  fn->meta.edges = edges;
  fn->counts = counts;
  fn->num_counts = num_counts;
}

/* a.pathprof: fig1 and helper (see the top of this file).  */

static char *fig1_files[] = { "src/fig1.c", "include/hdr.h" };
static ppf_line fig1_l2[] = { { 0, 3 }, { 0, 4 } };
static ppf_line fig1_l3[] = { { 0, 5 } };
static ppf_line fig1_l4[] = { { 0, 6 }, { 0, 7 } };
static ppf_line fig1_l5[] = { { 0, 8 } };
static ppf_line fig1_l6[] = { { 1, 20 } };
static ppf_line fig1_l7[] = { { 0, 10 }, { 0, 11 } };
static ppf_block fig1_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 2, fig1_l2 }, { 3, 1, fig1_l3 },
  { 4, 2, fig1_l4 }, { 5, 1, fig1_l5 }, { 6, 1, fig1_l6 },
  { 7, 2, fig1_l7 }
};
static ppf_edge fig1_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 4, PPF_EDGE_REAL, 2, 4, 0 }, { 2, 3, PPF_EDGE_REAL, 2, 3, 2 },
  { 3, 4, PPF_EDGE_REAL, 3, 4, 0 }, { 3, 5, PPF_EDGE_REAL, 3, 5, 2 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 },
  { 5, 6, PPF_EDGE_REAL, 5, 6, 0 }, { 5, 7, PPF_EDGE_REAL, 5, 7, 1 },
  { 6, 7, PPF_EDGE_REAL, 6, 7, 0 },
  { 7, 1, PPF_EDGE_REAL, 7, 1, 0 }
};
static const ppf_count fig1_counts[] = {
  { 0, 500 }, { 2, 1000 }, { 3, 250 }, { 5, 250 }
};

static char *helper_a_files[] = { "src/fig1.c" };
static ppf_line helper_a_l2[] = { { 0, 30 } };
static ppf_block helper_a_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, helper_a_l2 }
};
static ppf_edge helper_a_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 1, PPF_EDGE_REAL, 2, 1, 0 }
};

/* Fill FNS with the functions of a.pathprof; returns how many.  */

static uint32_t
fixture_a (fixture_function *fns)
{
  fixture_meta (&fns[0].meta, "fig1", "fig1", 0, 1, 6);
  fns[0].meta.num_files = COUNT (fig1_files);
  fns[0].meta.files = fig1_files;
  fns[0].meta.num_blocks = COUNT (fig1_blocks);
  fns[0].meta.blocks = fig1_blocks;
  fns[0].meta.num_edges = COUNT (fig1_edges);
  fns[0].meta.edges = fig1_edges;
  fns[0].counts = fig1_counts;
  fns[0].num_counts = COUNT (fig1_counts);

  fixture_meta (&fns[1].meta, "helper", "helper", 0, 29, 1);
  fns[1].meta.num_files = COUNT (helper_a_files);
  fns[1].meta.files = helper_a_files;
  fns[1].meta.num_blocks = COUNT (helper_a_blocks);
  fns[1].meta.blocks = helper_a_blocks;
  fns[1].meta.num_edges = COUNT (helper_a_edges);
  fns[1].meta.edges = helper_a_edges;
  fns[1].counts = NULL;
  fns[1].num_counts = 0;
  return 2;
}

/* b.pathprof: count_loop.  */

static char *loop_files[] = { "loop.c" };
static ppf_line loop_l2[] = { { 0, 3 } };
static ppf_line loop_l3[] = { { 0, 4 } };
static ppf_line loop_l4[] = { { 0, 5 }, { 0, 6 } };
static ppf_line loop_l5[] = { { 0, 8 } };
static ppf_line loop_l6[] = { { 0, 7 } };
static ppf_block loop_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, loop_l2 }, { 3, 1, loop_l3 },
  { 4, 2, loop_l4 }, { 5, 1, loop_l5 }, { 6, 1, loop_l6 }
};
static ppf_edge loop_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 3, PPF_EDGE_BACK_ENTRY, 4, 3, 3 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 3, 5, PPF_EDGE_REAL, 3, 5, 0 }, { 3, 4, PPF_EDGE_REAL, 3, 4, 1 },
  { 4, 1, PPF_EDGE_BACK_EXIT, 4, 3, 0 }, { 4, 6, PPF_EDGE_REAL, 4, 6, 1 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 },
  { 6, 1, PPF_EDGE_NORETURN_EXIT, 6, PPF_NONE, 0 }
};
static const ppf_count loop_counts[] = {
  { 0, 98 }, { 1, 200 }, { 3, 200 }, { 4, 1500 }, { 5, 2 }
};

/* Fill FNS with the functions of b.pathprof; returns how many.  */

static uint32_t
fixture_b (fixture_function *fns)
{
  fixture_meta (&fns[0].meta, "count_loop", "count_loop", 0, 2, 6);
  fns[0].meta.num_files = COUNT (loop_files);
  fns[0].meta.files = loop_files;
  fns[0].meta.num_blocks = COUNT (loop_blocks);
  fns[0].meta.blocks = loop_blocks;
  fns[0].meta.num_edges = COUNT (loop_edges);
  fns[0].meta.edges = loop_edges;
  fns[0].counts = loop_counts;
  fns[0].num_counts = COUNT (loop_counts);
  return 1;
}

/* c.pathprof: helper (truncated) and ns::nolines().  */

static char *helper_c_files[] = { "two.c" };
static ppf_line helper_c_l2[] = { { 0, 14 } };
static ppf_line helper_c_l3[] = { { 0, 15 } };
static ppf_line helper_c_l4[] = { { 0, 16 } };
static ppf_line helper_c_l5[] = { { 0, 17 } };
static ppf_block helper_c_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, helper_c_l2 },
  { 3, 1, helper_c_l3 }, { 4, 1, helper_c_l4 }, { 5, 1, helper_c_l5 }
};
static ppf_edge helper_c_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 0, 5, PPF_EDGE_CUT_ENTRY, 3, 5, 2 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 4, PPF_EDGE_REAL, 2, 4, 1 },
  { 3, 1, PPF_EDGE_CUT_EXIT, 3, 5, 0 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 },
  { 5, 1, PPF_EDGE_REAL, 5, 1, 0 }
};
static const ppf_count helper_c_counts[] = { { 0, 30 }, { 1, 20 },
					     { 2, 30 } };

static ppf_block nolines_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 0, NULL }, { 3, 0, NULL },
  { 4, 0, NULL }
};
static ppf_edge nolines_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 }, { 2, 4, PPF_EDGE_REAL, 2, 4, 1 },
  { 3, 1, PPF_EDGE_REAL, 3, 1, 0 },
  { 4, 1, PPF_EDGE_REAL, 4, 1, 0 }
};
static const ppf_count nolines_counts[] = { { 1, 5 } };

/* Fill FNS with the functions of c.pathprof; returns how many.  */

static uint32_t
fixture_c (fixture_function *fns)
{
  fixture_meta (&fns[0].meta, "helper", "helper", 0, 13, 3);
  fns[0].meta.flags = PPF_FN_TRUNCATED;
  fns[0].meta.num_files = COUNT (helper_c_files);
  fns[0].meta.files = helper_c_files;
  fns[0].meta.num_blocks = COUNT (helper_c_blocks);
  fns[0].meta.blocks = helper_c_blocks;
  fns[0].meta.num_edges = COUNT (helper_c_edges);
  fns[0].meta.edges = helper_c_edges;
  fns[0].counts = helper_c_counts;
  fns[0].num_counts = COUNT (helper_c_counts);

  fixture_meta (&fns[1].meta, "_ZN2ns7nolinesEv", "ns::nolines()",
		PPF_NONE, 0, 2);
  fns[1].meta.num_blocks = COUNT (nolines_blocks);
  fns[1].meta.blocks = nolines_blocks;
  fns[1].meta.num_edges = COUNT (nolines_edges);
  fns[1].meta.edges = nolines_edges;
  fns[1].counts = nolines_counts;
  fns[1].num_counts = COUNT (nolines_counts);
  return 2;
}

/* d.pathprof: the chain of 63 diamonds.  */

#define CHAIN_DIAMONDS 63
#define CHAIN_BLOCKS (2 + 3 * CHAIN_DIAMONDS + 1)
static char *chain_files[] = { "big.c" };
static ppf_line chain_lines[CHAIN_BLOCKS];
static ppf_block chain_blocks[CHAIN_BLOCKS];
static ppf_edge chain_edges[1 + 4 * CHAIN_DIAMONDS + 1];
static const ppf_count chain_counts[] = {
  { 0, UINT64_MAX }, { (UINT64_C (1) << 63) - 1, 5 }
};

/* Fill FNS with the function of d.pathprof; returns 1.  */

static uint32_t
fixture_d (fixture_function *fns)
{
  uint32_t ne = 0;

  chain_blocks[0].index = 0;
  chain_blocks[1].index = 1;
  for (uint32_t b = 2; b < CHAIN_BLOCKS; b++)
    {
      /* s_i, a_i, b_i are 2+3i, 3+3i, 4+3i: lines 1000+3i and on.  */
      chain_lines[b].file = 0;
      chain_lines[b].line = b == CHAIN_BLOCKS - 1 ? 2000 : 998 + b;
      chain_blocks[b].index = b;
      chain_blocks[b].num_lines = 1;
      chain_blocks[b].lines = &chain_lines[b];
    }
  chain_edges[ne++] = (ppf_edge) { 0, 2, PPF_EDGE_REAL, 0, 2, 0 };
  for (uint32_t i = 0; i < CHAIN_DIAMONDS; i++)
    {
      uint32_t s = 2 + 3 * i, a = s + 1, bb = s + 2, next = s + 3;
      chain_edges[ne++] = (ppf_edge) { s, a, PPF_EDGE_REAL, s, a, 0 };
      chain_edges[ne++] = (ppf_edge) { s, bb, PPF_EDGE_REAL, s, bb,
				       UINT64_C (1) << (62 - i) };
      chain_edges[ne++] = (ppf_edge) { a, next, PPF_EDGE_REAL, a, next, 0 };
      chain_edges[ne++] = (ppf_edge) { bb, next, PPF_EDGE_REAL, bb, next,
				       0 };
    }
  chain_edges[ne++] = (ppf_edge) { CHAIN_BLOCKS - 1, 1, PPF_EDGE_REAL,
				   CHAIN_BLOCKS - 1, 1, 0 };
  fixture_meta (&fns[0].meta, "chain", "chain", 0, 1, UINT64_C (1) << 63);
  fns[0].meta.num_files = COUNT (chain_files);
  fns[0].meta.files = chain_files;
  fns[0].meta.num_blocks = CHAIN_BLOCKS;
  fns[0].meta.blocks = chain_blocks;
  fns[0].meta.num_edges = ne;
  fns[0].meta.edges = chain_edges;
  fns[0].counts = chain_counts;
  fns[0].num_counts = COUNT (chain_counts);
  return 1;
}

/* e.pathprof: one function whose names need escaping.  Its one block has
   line 5 of its own file and line 6 of another.  */

static char *weird_files[] = { "dir \xc3\xa9/x\ty.c", "bad name\xff.c" };
static ppf_line weird_l2[] = { { 0, 5 }, { 1, 6 } };
static ppf_block weird_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 2, weird_l2 }
};
static ppf_edge weird_edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 1, PPF_EDGE_REAL, 2, 1, 0 }
};
static const ppf_count weird_counts[] = { { 0, 7 } };

/* Fill FNS with the function of e.pathprof; returns 1.  */

static uint32_t
fixture_e (fixture_function *fns)
{
  fixture_meta (&fns[0].meta, "weird",
		"we\"ird\\name\t\x01\xc3\xa9", 0, 4, 1);
  fns[0].meta.num_files = COUNT (weird_files);
  fns[0].meta.files = weird_files;
  fns[0].meta.num_blocks = COUNT (weird_blocks);
  fns[0].meta.blocks = weird_blocks;
  fns[0].meta.num_edges = COUNT (weird_edges);
  fns[0].meta.edges = weird_edges;
  fns[0].counts = weird_counts;
  fns[0].num_counts = COUNT (weird_counts);
  return 1;
}

/* Write a.pathprof .. e.pathprof into the scratch directory.  */

TEST_HELPER void
write_fixtures (void)
{
  fixture_function fns[8];
  uint32_t n;

  n = fixture_a (fns);
  write_profile (test_path ("a.pathprof"), "src/fig1.c", 3, fns, n);
  n = fixture_b (fns);
  write_profile (test_path ("b.pathprof"), "loop.c", 3, fns, n);
  n = fixture_c (fns);
  write_profile (test_path ("c.pathprof"), "two.c", 1, fns, n);
  n = fixture_d (fns);
  write_profile (test_path ("d.pathprof"), "big.c", 1, fns, n);
  n = fixture_e (fns);
  write_profile (test_path ("e.pathprof"), "weird.c", 1, fns, n);
}

/* ------------------------------------------------------------------ */
/* Running pathprof-dump.                                              */

typedef struct run_result
{
  int status;   /* exit status, or 128 + signal */
  char *out;    /* stdout */
  char *err;    /* stderr */
} run_result;

/* The pathprof-dump under test: $PATHPROF_BUILD/pathprof-dump.  */

TEST_HELPER const char *
tool_path (void)
{
  static char path[4096];
  const char *build = getenv ("PATHPROF_BUILD");

  snprintf (path, sizeof path, "%s/pathprof-dump",
	    build && build[0] ? build : "build");
  return path;
}

/* Run pathprof-dump with the arguments ARGS (NULL-terminated), in the
   locale LC_ALL (NULL: the C locale), without COLUMNS.  Arguments that
   start with '@' name files of the scratch directory.  */

TEST_HELPER void
run_dump (run_result *r, const char *lc_all, const char *const *args)
{
  char *argv[64];
  char out_path[256], err_path[256];
  int n = 0, status;
  pid_t pid;

  snprintf (out_path, sizeof out_path, "%s/run.out", test_dir);
  snprintf (err_path, sizeof err_path, "%s/run.err", test_dir);
  argv[n++] = (char *) tool_path ();
  for (; *args && n < 62; args++)
    {
      if ((*args)[0] == '@')
	argv[n++] = strdup (test_path (*args + 1));
      else
	argv[n++] = strdup (*args);
    }
  argv[n] = NULL;
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    test_abort ("fork", strerror (errno));
  if (pid == 0)
    {
      if (!freopen (out_path, "w", stdout) || !freopen (err_path, "w", stderr))
	_exit (126);
      unsetenv ("COLUMNS");
      unsetenv ("LANG");
      unsetenv ("LC_CTYPE");
      setenv ("LC_ALL", lc_all ? lc_all : "C", 1);
      execv (argv[0], argv);
      fprintf (stderr, "cannot run %s: %s\n", argv[0], strerror (errno));
      _exit (127);
    }
  if (waitpid (pid, &status, 0) != pid)
    test_abort ("waitpid", strerror (errno));
  r->status = WIFEXITED (status) ? WEXITSTATUS (status)
				 : 128 + WTERMSIG (status);
  r->out = read_bytes (out_path, NULL);
  r->err = read_bytes (err_path, NULL);
  for (int i = 1; i < n; i++)
    free (argv[i]);
}

/* Make a pipe in FDS and fork, stdout flushed first.  Returns fork's
   result: 0 in the child, its pid in the parent.  */

TEST_HELPER pid_t
fork_with_pipe (int fds[2])
{
  pid_t pid;

  if (pipe (fds) != 0)
    test_abort ("pipe", strerror (errno));
  fflush (stdout);
  pid = fork ();
  if (pid < 0)
    test_abort ("fork", strerror (errno));
  return pid;
}

/* Release R's output.  */

TEST_HELPER void
run_free (run_result *r)
{
  free (r->out);
  free (r->err);
  r->out = r->err = NULL;
}

/* Run pathprof-dump with ARGS; check exit status 0 and nothing on
   stderr.  The caller frees R.  */

TEST_HELPER void
run_ok (const char *what, run_result *r, const char *const *args)
{
  char label[160];

  run_dump (r, NULL, args);
  snprintf (label, sizeof label, "%s: exit status", what);
  check_int (label, 0, r->status);
  snprintf (label, sizeof label, "%s: stderr", what);
  check_str (label, "", r->err);
}

/* The tool must exist: stop early with one clear FAIL otherwise.  */

TEST_HELPER void
require_tool (void)
{
  if (access (tool_path (), X_OK) != 0)
    test_abort (tool_path (), "not built (set PATHPROF_BUILD)");
}

/* A line LINE (0-based) of TEXT, in a static buffer; "" past the end.  */

TEST_HELPER const char *
line_of (const char *text, int line)
{
  static char buf[8192];
  const char *p = text;

  for (int i = 0; i < line && p; i++)
    {
      p = strchr (p, '\n');
      if (p)
	p++;
    }
  if (!p || !*p)
    return "";
  snprintf (buf, sizeof buf, "%.*s", (int) strcspn (p, "\n"), p);
  return buf;
}

/* The number of lines of TEXT (each ending in a newline).  */

TEST_HELPER int
count_lines (const char *text)
{
  int n = 0;

  for (; *text; text++)
    n += *text == '\n';
  return n;
}

#endif /* PATHPROF_DUMP_TEST_H */
