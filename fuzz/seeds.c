/* The hand-made part of the fuzz seed corpus, and the meta seeds.

   fuzz/make-corpus.sh builds this with the format module and runs it:

     seeds edges DIR        write the hand-made files DIR/edge-*: the
			    corners that instrumented programs rarely
			    give (every edge kind in one DAG, 2^63 paths,
			    2^64 paths, 2^64 + 1 paths, saturated counts,
			    no functions, sampled counts with and without
			    times)
			    and a few files every reader must refuse
     seeds metas DIR FILE...  write each distinct meta of each FILE to
			    DIR/NAME-I (NAME: the file's base name), the
			    seeds of fuzz-meta

   and for fuzz/run-afl.sh:

     seeds repair IN OUT    write IN with its checksums repaired as the
			    AFL++ build of fuzz-file repairs each input
			    (fuzz/repair.h), so that a crash AFL++ found
			    reproduces with any reader

   Nothing here is used by the fuzz targets themselves.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppformat.h"
#include "repair.h"
#include "tests/old-versions.h"

/* Write SIZE bytes at BUF to DIR/NAME (NAME if DIR is NULL); exit on
   failure.  */

static void
write_seed (const char *dir, const char *name, const void *buf, size_t size)
{
  char path[4096];
  FILE *f;

  snprintf (path, sizeof path, "%s%s%s", dir ? dir : "", dir ? "/" : "",
	    name);
  f = fopen (path, "wb");
  if (!f || (size && fwrite (buf, 1, size, f) != size) || fclose (f) != 0)
    {
      fprintf (stderr, "seeds: %s: %s\n", path, strerror (errno));
      exit (1);
    }
}

/* Encode M into FN (exit on failure: a seed that breaks the rules is
   this program's bug).  */

static void
encode_meta (ppf_meta *m, ppf_function *fn)
{
  size_t size;

  memset (fn, 0, sizeof *fn);
  if (ppf_meta_encode (m, &fn->meta, &size) != PPF_OK)
    {
      fprintf (stderr, "seeds: meta %s does not encode\n", m->name);
      exit (1);
    }
  fn->meta_size = (uint32_t) size;
}

/* Encode F and write it as DIR/NAME; keep the bytes in *BUF, *SIZE if
   BUF is not NULL.  */

static void
write_file (const char *dir, const char *name, ppf_file *f,
	    unsigned char **buf, size_t *size)
{
  unsigned char *data;
  size_t n;

  f->version = PPF_VERSION;
  if (ppf_encode (f, &data, &n) != PPF_OK)
    {
      fprintf (stderr, "seeds: %s does not encode\n", name);
      exit (1);
    }
  write_seed (dir, name, data, n);
  if (buf)
    {
      *buf = data;
      *size = n;
    }
  else
    free (data);
}

/* ENTRY -> EXIT: one path, no source location, hashed.  */

static ppf_block tiny_blocks[] = { { 0, 0, NULL }, { 1, 0, NULL } };
static ppf_edge tiny_edges[] = { { 0, 1, PPF_EDGE_REAL, 0, 1, 0 } };

static void
tiny_meta (ppf_meta *m, uint64_t num_paths)
{
  memset (m, 0, sizeof *m);
  m->num_paths = num_paths;
  m->flags = PPF_FN_HASHED;
  m->name = "tiny";
  m->display_name = "tiny";
  m->file = PPF_NONE;
  m->num_blocks = 2;
  m->blocks = tiny_blocks;
  m->num_edges = 1;
  m->edges = tiny_edges;
}

/* Every edge kind in one DAG (Vals by Figure 5; NumPaths 13):

     ENTRY -> 2 (real 0, backedge 4->2 entry 4), ENTRY -> 3 (cut 2->3
     entry 8), ENTRY -> 4 (restart from dispatcher 9, 11);
     2 -> 3 (real 0), 2 -> EXIT (cut 2->3 exit 3);
     3 -> 4 (real 0), 3 -> 7 (real 2); 7 -> EXIT (noreturn 0);
     4 -> EXIT (real 0, backedge 4->2 exit 1).  */

static char *kinds_files[] = { "kinds.c", "kinds.h" };
static ppf_line kinds_lines2[] = { { 0, 3 }, { 1, 7 }, { 0, 4 } };
static ppf_line kinds_lines3[] = { { 0, 5 } };
static ppf_line kinds_lines4[] = { { 0, 6 }, { 0, 8 } };
static ppf_line kinds_lines7[] = { { 1, 2 } };
static ppf_block kinds_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 3, kinds_lines2 },
  { 3, 1, kinds_lines3 }, { 4, 2, kinds_lines4 }, { 7, 1, kinds_lines7 }
};
static ppf_edge kinds_edges[] = {
  { 4, 1, PPF_EDGE_REAL, 4, 1, 0 },
  { 4, 1, PPF_EDGE_BACK_EXIT, 4, 2, 1 },
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
  { 0, 2, PPF_EDGE_BACK_ENTRY, 4, 2, 4 },
  { 0, 3, PPF_EDGE_CUT_ENTRY, 2, 3, 8 },
  { 0, 4, PPF_EDGE_RESTART_ENTRY, 9, 4, 11 },
  { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 2, 1, PPF_EDGE_CUT_EXIT, 2, 3, 3 },
  { 7, 1, PPF_EDGE_NORETURN_EXIT, 7, PPF_NONE, 0 },
  { 3, 4, PPF_EDGE_REAL, 3, 4, 0 },
  { 3, 7, PPF_EDGE_REAL, 3, 7, 2 },
};

static void
kinds_meta (ppf_meta *m)
{
  memset (m, 0, sizeof *m);
  m->num_paths = 13;
  m->flags = PPF_FN_TRUNCATED;
  m->name = "_Z5kindsv";
  m->display_name = "kinds()";
  m->file = 0;
  m->line = 2;
  m->num_files = 2;
  m->files = kinds_files;
  m->num_blocks = sizeof kinds_blocks / sizeof kinds_blocks[0];
  m->blocks = kinds_blocks;
  m->num_edges = sizeof kinds_edges / sizeof kinds_edges[0];
  m->edges = kinds_edges;
}

/* A chain of N diamonds, 2^N paths: ENTRY -> d0; d_k -> l_k | r_k;
   l_k, r_k -> d_k+1; d_N -> EXIT.  Block numbers: d_k = 2 + 3k, l_k =
   3 + 3k, r_k = 4 + 3k.  For N = 64 the Vals still fit in 64 bits but
   the path count does not: regeneration must refuse the DAG.  With WRAP
   (N = 63), ENTRY -> v instead, v -> d0 | b, b -> d0 | EXIT: NumPaths(b)
   = 2^63 + 1, and NumPaths(v) = 2^64 + 1 would wrap around to 1, a
   plausible number that regeneration must refuse as well.  */

static void
diamonds_meta (ppf_meta *m, unsigned n, int wrap)
{
  uint32_t nb = 2 + 3 * n + 1 + (wrap ? 2 : 0), ne = 4 * n + 2 + 4 * !!wrap;
  uint32_t b, e = 0, last = 2 + 3 * n, v = last + 1, bb = last + 2;
  uint64_t half = (uint64_t) 1 << 63;

  memset (m, 0, sizeof *m);
  m->num_paths = n >= 64 || wrap ? UINT64_MAX : (uint64_t) 1 << n;
  m->name = wrap ? "wrap" : "diamonds";
  m->display_name = m->name;
  m->file = PPF_NONE;
  m->blocks = calloc (nb, sizeof *m->blocks);
  m->edges = calloc (ne, sizeof *m->edges);
  if (!m->blocks || !m->edges)
    exit (1);
  for (b = 0; b < nb; b++)
    m->blocks[b].index = b;
  m->num_blocks = nb;
  if (wrap)
    {
      m->edges[e++] = (ppf_edge) { 0, v, PPF_EDGE_REAL, 0, v, 0 };
      m->edges[e++] = (ppf_edge) { v, 2, PPF_EDGE_REAL, v, 2, 0 };
      m->edges[e++] = (ppf_edge) { v, bb, PPF_EDGE_REAL, v, bb, half };
      m->edges[e++] = (ppf_edge) { bb, 2, PPF_EDGE_REAL, bb, 2, 0 };
      m->edges[e++] = (ppf_edge) { bb, 1, PPF_EDGE_REAL, bb, 1, half };
    }
  else
    m->edges[e++] = (ppf_edge) { 0, 2, PPF_EDGE_REAL, 0, 2, 0 };
  for (unsigned k = 0; k < n; k++)
    {
      uint32_t d = 2 + 3 * k, l = d + 1, r = d + 2, next = d + 3;
      uint64_t below = (uint64_t) 1 << (n - 1 - k);

      m->edges[e++] = (ppf_edge) { d, l, PPF_EDGE_REAL, d, l, 0 };
      m->edges[e++] = (ppf_edge) { d, r, PPF_EDGE_REAL, d, r, below };
      m->edges[e++] = (ppf_edge) { l, next, PPF_EDGE_REAL, l, next, 0 };
      m->edges[e++] = (ppf_edge) { r, next, PPF_EDGE_REAL, r, next, 0 };
    }
  m->edges[e++] = (ppf_edge) { last, 1, PPF_EDGE_REAL, last, 1, 0 };
  m->num_edges = e;
}

/* Sampled profiles (PPF_FILE_SAMPLED), which no program writes yet:
   DIR/edge-sampled, every edge kind's paths estimated at period 1000,
   one estimate saturated, one path of samples = count; and
   DIR/edge-sampled-times, a timed function in a file of times of
   several periods (0).  */

static void
write_sampled (const char *dir)
{
  ppf_file f;
  ppf_function fns[2];
  ppf_meta m;
  ppf_count kinds_counts[] = { { 0, 5000, 0, 5 }, { 3, 1000, 0, 1 },
			       { 5, 2, 0, 2 }, { 8, 9000, 0, 9 },
			       { 11, UINT64_MAX, 0, 3 } };
  ppf_count timed_counts[] = { { 0, 700, 91000, 4 } };

  memset (&f, 0, sizeof f);
  kinds_meta (&m);
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = sizeof kinds_counts / sizeof kinds_counts[0];
  fns[0].counts = kinds_counts;
  f.flags = PPF_FILE_SAMPLED;
  f.sample_period = 1000;
  f.runs = 2;
  f.unit_name = "kinds.cc";
  f.num_functions = 1;
  f.functions = fns;
  write_file (dir, "edge-sampled", &f, NULL, NULL);
  free (fns[0].meta);

  tiny_meta (&m, 1);
  m.flags |= PPF_FN_TIMED;
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = 1;
  fns[0].counts = timed_counts;
  tiny_meta (&m, 1);
  encode_meta (&m, &fns[1]);
  f.flags = PPF_FILE_SAMPLED | PPF_FILE_TIME;
  f.sample_period = 0;
  f.time_unit = PPF_TIME_NS;
  f.ticks_per_second = 1000000000;
  f.runs = 3;
  f.unit_name = "timed.c";
  f.num_functions = 2;
  write_file (dir, "edge-sampled-times", &f, NULL, NULL);
  free (fns[0].meta);
  free (fns[1].meta);
}

/* Write the hand-made files into DIR.  */

static void
write_edges (const char *dir)
{
  ppf_file f;
  ppf_function fns[3];
  ppf_meta m;
  ppf_count saturated[] = { { 0, UINT64_MAX } };
  ppf_count kinds_counts[] = { { 0, 5 }, { 3, 1 }, { 5, 2 }, { 8, 9 },
			       { 11, 1 }, { 12, 7 } };
  ppf_count wide_counts[] = { { 0, 1 }, { UINT64_MAX - 1, 1 } };
  ppf_count deep_counts[] = { { 0, 3 }, { 12345678901234ULL, 1 },
			      { (UINT64_C (1) << 63) - 1, 2 } };
  unsigned char *buf;
  size_t size;

  memset (&f, 0, sizeof f);
  write_file (dir, "edge-no-functions", &f, NULL, NULL);

  /* Counts and runs at their maximum: merging must saturate.  */
  tiny_meta (&m, 1);
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = 1;
  fns[0].counts = saturated;
  f.runs = UINT64_MAX;
  f.unit_name = "saturated.c";
  f.num_functions = 1;
  f.functions = fns;
  write_file (dir, "edge-saturated", &f, NULL, NULL);
  free (fns[0].meta);

  /* num_paths far above what the DAG has: the decoder accepts path
     UINT64_MAX - 1, regeneration refuses it.  */
  tiny_meta (&m, UINT64_MAX);
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = 2;
  fns[0].counts = wide_counts;
  f.runs = 1;
  f.unit_name = "wide.c";
  write_file (dir, "edge-wide-num-paths", &f, NULL, NULL);
  free (fns[0].meta);

  /* Every kind of edge, one function without counts next to it.  */
  kinds_meta (&m);
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = sizeof kinds_counts / sizeof kinds_counts[0];
  fns[0].counts = kinds_counts;
  tiny_meta (&m, 1);
  encode_meta (&m, &fns[1]);
  f.runs = 3;
  f.unit_name = "kinds.cc";
  f.num_functions = 2;
  write_file (dir, "edge-all-kinds", &f, &buf, &size);
  /* The same in the earlier versions of the format, which are still
     read.  */
  for (uint32_t version = 1; version <= 2; version++)
    {
      size_t old_size;
      unsigned char *old = encode_old_version (&f, version, &old_size);
      char name[40];

      snprintf (name, sizeof name, "edge-version-%u", (unsigned) version);
      write_seed (dir, name, old, old_size);
      free (old);
    }
  free (fns[0].meta);
  free (fns[1].meta);

  /* Files every reader refuses, made from that one.  */
  write_seed (dir, "edge-empty", "", 0);
  write_seed (dir, "edge-truncated", buf, size / 2);
  buf[size - 1] ^= 0x10;
  write_seed (dir, "edge-bad-checksum", buf, size);
  buf[size - 1] ^= 0x10;
  buf[7] = 'X';
  write_seed (dir, "edge-bad-magic", buf, size);
  buf[7] = 'F';
  buf[8] = PPF_VERSION + 1;	/* a later version, checksums made right */
  ppf_fix_checksums (buf, size);
  write_seed (dir, "edge-version-next", buf, size);
  buf[8] = PPF_VERSION;
  ppf_fix_checksums (buf, size);
  {
    unsigned char *longer = malloc (size + 1);
    if (!longer)
      exit (1);
    memcpy (longer, buf, size);
    longer[size] = 0;
    write_seed (dir, "edge-trailing-byte", longer, size + 1);
    free (longer);
  }
  free (buf);

  /* 2^63 paths: the largest numbers a path can have.  */
  diamonds_meta (&m, 63, 0);
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = 3;
  fns[0].counts = deep_counts;
  free (m.blocks);
  free (m.edges);
  f.runs = 1;
  f.unit_name = "diamonds.c";
  f.num_functions = 1;
  write_file (dir, "edge-diamonds-63", &f, NULL, NULL);
  free (fns[0].meta);
  /* 2^64 paths: the Vals fit, the count does not, and regeneration
     refuses the DAG.  */
  diamonds_meta (&m, 64, 0);
  encode_meta (&m, &fns[0]);
  fns[0].num_counts = 1;
  fns[0].counts = deep_counts;
  free (m.blocks);
  free (m.edges);
  write_file (dir, "edge-diamonds-64", &f, NULL, NULL);
  free (fns[0].meta);
  /* 2^64 + 1 paths, which wraps around to 1.  */
  diamonds_meta (&m, 63, 1);
  encode_meta (&m, &fns[0]);
  free (m.blocks);
  free (m.edges);
  write_file (dir, "edge-wrap", &f, NULL, NULL);
  free (fns[0].meta);
  write_sampled (dir);
}

/* Write the distinct metas of each file in FILES (NUM of them) into
   DIR.  */

static void
write_metas (const char *dir, char **files, int num)
{
  for (int i = 0; i < num; i++)
    {
      ppf_file f;
      char err[256];
      const char *base = strrchr (files[i], '/');

      base = base ? base + 1 : files[i];
      if (ppf_read (files[i], &f, err, sizeof err) != PPF_OK)
	continue;		/* the refused seeds have no metas */
      for (uint32_t k = 0; k < f.num_functions; k++)
	{
	  char name[512];
	  uint32_t j;

	  for (j = 0; j < k; j++)
	    if (f.functions[j].meta_size == f.functions[k].meta_size
		&& !memcmp (f.functions[j].meta, f.functions[k].meta,
			    f.functions[k].meta_size))
	      break;
	  if (j < k)
	    continue;
	  snprintf (name, sizeof name, "%s-%u", base, (unsigned) k);
	  write_seed (dir, name, f.functions[k].meta,
		      f.functions[k].meta_size);
	}
      ppf_file_free (&f);
    }
}

int
main (int argc, char **argv)
{
  if (argc == 3 && !strcmp (argv[1], "edges"))
    {
      write_edges (argv[2]);
      return 0;
    }
  if (argc >= 3 && !strcmp (argv[1], "metas"))
    {
      write_metas (argv[2], argv + 3, argc - 3);
      return 0;
    }
  if (argc == 4 && !strcmp (argv[1], "repair"))
    {
      FILE *in = fopen (argv[2], "rb");
      static unsigned char buf[1 << 20];
      size_t size;

      if (!in)
	{
	  perror (argv[2]);
	  return 1;
	}
      size = fread (buf, 1, sizeof buf - 8, in);
      fclose (in);
      size = ppfuzz_repair_file (buf, size, size + 8, size % 8);
      write_seed (NULL, argv[3], buf, size);
      return 0;
    }
  fprintf (stderr, "usage: seeds edges DIR | seeds metas DIR FILE... | "
	   "seeds repair IN OUT\n");
  return 2;
}
