/* What the fuzz targets (fuzz/fuzz-*.c) and their regression test
   (format/tests/fuzz-regressions.c) do with one input, and the oracle
   that says whether the reader behaved.

   A .pathprof file goes through what its two readers do with it: the
   runtime decodes it (ppf_decode), merges counts into it
   (ppf_counts_merge) and encodes it again (ppf_encode); pathprof-dump
   decodes it, decodes every meta (ppf_meta_decode), builds each
   function's regeneration (pp_regen_new, as ppf_dag_init of
   format/ppedges.c does for pathprof-dump and the plugin's use=) and
   regenerates every stored path (pp_regen_path, as report/paths.c does).
   Whatever the bytes, each step must either refuse them with a message or
   give a result that satisfies the specification (doc/file-format.md):

   - a rejection carries a message, and its status is PPF_EBAD;
   - an accepted file or meta encodes back to exactly its own bytes (the
     encoding is canonical), and every meta of an accepted file decodes;
   - regeneration accepts exactly the DAGs whose Vals are Figure 5's
     numbering (checked against a reference written here independently
     of core/regen.c), and then the numbers that regenerate are exactly
     0..NumPaths(ENTRY)-1; a regenerated path runs ENTRY to EXIT along
     chained DAG edges whose Vals add up to its number, and never writes
     past the caller's capacity;
   - a file merged with itself has the same paths with twice the counts
     and twice the samples (saturating), and still encodes and decodes;
   - the counts of an accepted file keep the count rules: paths
     strictly increasing below num_paths, counts not 0, samples from 1
     to the count in a sampled file and 0 in an exact one.

   A breach is a bug in the reader (format/ppformat.c, ppmeta.c) or the
   core (core/regen.c): the fuzz targets abort on it, so that libFuzzer
   keeps the input; the regression test reports it as a FAIL.  Memory
   errors are the sanitizers' to find.

   Everything here is static: the header is included by each fuzz target
   and by the regression test, which are single-source programs.  */

#ifndef PATHPROF_FUZZ_EXERCISE_H
#define PATHPROF_FUZZ_EXERCISE_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppcore.h"
#include "ppformat.h"

/* How many path numbers beyond the stored ones each DAG is probed with:
   0..PPFUZZ_PROBES-1, then NumPaths(ENTRY) - 1 and NumPaths(ENTRY), and
   the meta's num_paths - 1.  */
#define PPFUZZ_PROBES 16

enum ppfuzz_outcome
{
  PPFUZZ_REJECTED,		/* refused with a message: fine */
  PPFUZZ_ACCEPTED,		/* decoded, and everything held */
  PPFUZZ_BUG			/* a rule above was broken: MESSAGE says which */
};

struct ppfuzz_result
{
  enum ppfuzz_outcome outcome;
  char message[512];		/* why rejected, or the bug */
  unsigned long functions;	/* metas decoded */
  unsigned long regens;		/* DAGs pp_regen_new accepted */
  unsigned long dag_rejects;	/* DAGs it refused (pathprof-dump would
				   reject the file) */
  unsigned long paths;		/* path numbers regenerated */
  unsigned long lost_paths;	/* stored paths that did not regenerate
				   (pathprof-dump would reject the file) */
};

/* Record a bug in RESULT (the first one wins) and return 0.  */

static int __attribute__ ((format (printf, 2, 3), unused))
ppfuzz_bug (struct ppfuzz_result *result, const char *fmt, ...)
{
  va_list ap;

  if (result->outcome == PPFUZZ_BUG)
    return 0;
  result->outcome = PPFUZZ_BUG;
  va_start (ap, fmt);
  vsnprintf (result->message, sizeof result->message, fmt, ap);
  va_end (ap);
  return 0;
}

/* Regenerate PATH with REGEN over M's DAG (block positions SRC, DST and
   Vals VAL, as pathprof-dump indexes them) and check the walk.  Returns
   1 if PATH regenerated, 0 if it did not (or a bug was recorded).  */

static int __attribute__ ((unused))
ppfuzz_regen_one (const ppf_meta *m, const pp_regen *regen,
		  const uint32_t *src, const uint32_t *dst,
		  const uint64_t *val, uint64_t path,
		  struct ppfuzz_result *result)
{
  uint32_t cap = m->num_edges + 1, len = 0, short_len = 0;
  /* Exactly CAP entries, so that ASan sees a write past them.  */
  uint32_t *edges = malloc ((size_t) cap * sizeof *edges);
  uint64_t sum = 0;
  int ok = 0;

  if (!edges)
    return 0;
  if (pp_regen_path (regen, path, edges, cap, &len) != 0)
    {
      if (len != 0)
	ppfuzz_bug (result, "pp_regen_path failed on path %llu but set "
		    "*len to %u", (unsigned long long) path, len);
      goto out;
    }
  result->paths++;
  if (len == 0 || len > m->num_edges)
    {
      ppfuzz_bug (result, "path %llu regenerated to %u edges (the DAG has "
		  "%u)", (unsigned long long) path, len, m->num_edges);
      goto out;
    }
  for (uint32_t i = 0; i < len; i++)
    {
      uint32_t e = edges[i];

      if (e >= m->num_edges)
	{
	  ppfuzz_bug (result, "path %llu: edge index %u out of range",
		      (unsigned long long) path, e);
	  goto out;
	}
      if (i == 0 ? src[e] != 0 : src[e] != dst[edges[i - 1]])
	{
	  ppfuzz_bug (result, "path %llu: edge %u (%u) does not continue "
		      "the walk", (unsigned long long) path, i, e);
	  goto out;
	}
      if (val[e] > UINT64_MAX - sum)
	{
	  ppfuzz_bug (result, "path %llu: Vals overflow",
		      (unsigned long long) path);
	  goto out;
	}
      sum += val[e];
      /* What report_path_lines reads: the lines of each block on it.  */
      const ppf_block *b = &m->blocks[dst[e]];
      for (uint32_t j = 0; j < b->num_lines; j++)
	if (b->lines[j].file >= m->num_files)
	  {
	    ppfuzz_bug (result, "block %u: line file %u out of range after "
			"decoding", b->index, b->lines[j].file);
	    goto out;
	  }
    }
  if (dst[edges[len - 1]] != 1)
    {
      ppfuzz_bug (result, "path %llu does not end at EXIT",
		  (unsigned long long) path);
      goto out;
    }
  if (sum != path)
    {
      ppfuzz_bug (result, "path %llu: its Vals add up to %llu",
		  (unsigned long long) path, (unsigned long long) sum);
      goto out;
    }
  /* One entry too few: refused, and nothing written past the end.  */
  if (len > 1)
    {
      uint32_t *small = malloc ((size_t) (len - 1) * sizeof *small);

      if (small)
	{
	  if (pp_regen_path (regen, path, small, len - 1, &short_len) == 0)
	    ppfuzz_bug (result, "path %llu of %u edges regenerated into room "
			"for %u", (unsigned long long) path, len, len - 1);
	  free (small);
	}
    }
  ok = result->outcome != PPFUZZ_BUG;
 out:
  free (edges);
  return ok;
}

/* The reference for pp_regen_new, written independently of core/regen.c
   (depth-first rather than Kahn's order): whether the DAG of NB blocks
   and NE edges (block positions SRC, DST, Vals VAL, grouped by source)
   is one regeneration must accept, and then in *ENTRY_PATHS its number
   of paths, NumPaths(ENTRY).  Accepted: no edge leaves EXIT (1) or
   enters ENTRY (0); Vals strictly increase within a source; no cycle;
   every edge leads to a block with a path to EXIT; each source's Vals
   are 0, then the running sum of NumPaths of the destinations before
   (Figure 5); no NumPaths above 2^64-1.  Returns 1, 0, or -1 out of
   memory.  */

static int __attribute__ ((unused))
ppfuzz_reference_paths (uint32_t nb, uint32_t ne, const uint32_t *src,
			const uint32_t *dst, const uint64_t *val,
			uint64_t *entry_paths)
{
  uint32_t *first = calloc ((size_t) nb + 1, sizeof *first);
  uint32_t *out = malloc (((size_t) ne + 1) * sizeof *out);
  uint32_t *fill = calloc ((size_t) nb + 1, sizeof *fill);
  unsigned char *state = calloc (nb, 1);	/* 0 new, 1 open, 2 done */
  uint64_t *paths = calloc (nb, sizeof *paths);
  uint32_t *stack = malloc (((size_t) nb + 1) * sizeof *stack);
  uint32_t *next = calloc (nb, sizeof *next);
  int ok = -1;

  if (!first || !out || !fill || !state || !paths || !stack || !next)
    goto done;
  ok = 0;
  for (uint32_t e = 0; e < ne; e++)
    {
      if (src[e] == 1 || dst[e] == 0
	  || (e > 0 && src[e] == src[e - 1] && val[e] <= val[e - 1]))
	goto done;
      first[src[e] + 1]++;
    }
  for (uint32_t v = 0; v < nb; v++)
    first[v + 1] += first[v];
  for (uint32_t e = 0; e < ne; e++)
    out[first[src[e]] + fill[src[e]]++] = e;

  /* Post-order: a block's NumPaths once all its successors have one.  */
  for (uint32_t root = 0; root < nb; root++)
    {
      uint32_t depth = 0;

      if (state[root])
	continue;
      stack[depth++] = root;
      state[root] = 1;
      while (depth)
	{
	  uint32_t v = stack[depth - 1];

	  if (next[v] < first[v + 1] - first[v])
	    {
	      uint32_t w = dst[out[first[v] + next[v]++]];

	      if (state[w] == 1)
		goto done;		/* a cycle */
	      if (state[w] == 0)
		{
		  state[w] = 1;
		  stack[depth++] = w;
		}
	      continue;
	    }
	  uint64_t sum = 0;
	  for (uint32_t i = first[v]; i < first[v + 1]; i++)
	    {
	      uint32_t e = out[i];
	      uint64_t p = paths[dst[e]];

	      if (p == 0 || val[e] != sum || p > UINT64_MAX - sum)
		goto done;
	      sum += p;
	    }
	  paths[v] = v == 1 ? 1 : sum;
	  state[v] = 2;
	  depth--;
	}
    }
  *entry_paths = paths[0];
  ok = 1;
 done:
  free (first);
  free (out);
  free (fill);
  free (state);
  free (paths);
  free (stack);
  free (next);
  return ok;
}

/* Regenerate path P and check that it does exactly when P is below the
   DAG's number of paths ENTRY_PATHS.  Returns whether it did.  */

static int __attribute__ ((unused))
ppfuzz_regen_check (const ppf_meta *m, const pp_regen *regen,
		    const uint32_t *src, const uint32_t *dst,
		    const uint64_t *val, uint64_t entry_paths, uint64_t p,
		    struct ppfuzz_result *result)
{
  int ok = ppfuzz_regen_one (m, regen, src, dst, val, p, result);

  if (result->outcome != PPFUZZ_BUG && ok != (p < entry_paths))
    ppfuzz_bug (result, "path %llu %s, but the DAG has %llu paths",
		(unsigned long long) p, ok ? "regenerates" : "does not "
		"regenerate", (unsigned long long) entry_paths);
  return ok;
}

/* Do what pathprof-dump's function_load does with meta M: index its
   DAG, build the regeneration, regenerate each of the NUM_PATHS numbers
   in PATHS (the stored ones), then probe a few more; compare all with
   ppfuzz_reference_paths.  */

static void __attribute__ ((unused))
ppfuzz_regen_meta (const ppf_meta *m, const ppf_count *paths,
		   uint64_t num_paths, struct ppfuzz_result *result)
{
  uint32_t ne = m->num_edges;
  uint32_t *src = malloc (((size_t) ne + 1) * sizeof *src);
  uint32_t *dst = malloc (((size_t) ne + 1) * sizeof *dst);
  uint64_t *val = malloc (((size_t) ne + 1) * sizeof *val);
  pp_regen *regen = NULL;
  char why[256];
  uint64_t entry_paths = 0, probes[PPFUZZ_PROBES + 3];
  size_t num_probes = 0;
  int reference;

  if (!src || !dst || !val)
    goto out;
  for (uint32_t e = 0; e < ne; e++)
    {
      const ppf_block *s = ppf_meta_block (m, m->edges[e].src);
      const ppf_block *d = ppf_meta_block (m, m->edges[e].dst);

      if (!s || !d)
	{
	  ppfuzz_bug (result, "edge %u joins a block that is not listed, "
		      "yet the meta decoded", e);
	  goto out;
	}
      src[e] = (uint32_t) (s - m->blocks);
      dst[e] = (uint32_t) (d - m->blocks);
      val[e] = m->edges[e].val;
    }
  reference = ppfuzz_reference_paths (m->num_blocks, ne, src, dst, val,
				      &entry_paths);
  why[0] = 0;
  regen = pp_regen_new (m->num_blocks, ne, src, dst, val, why, sizeof why);
  if (!regen)
    {
      if (!why[0])
	ppfuzz_bug (result, "pp_regen_new refused a DAG without a reason");
      else if (reference == 1)
	ppfuzz_bug (result, "pp_regen_new refused a DAG of %llu paths: %s",
		    (unsigned long long) entry_paths, why);
      result->dag_rejects++;
      goto out;
    }
  if (reference == 0)
    {
      ppfuzz_bug (result, "pp_regen_new accepted a DAG that breaks "
		  "Figure 5's numbering");
      goto out;
    }
  if (reference < 0)
    goto out;			/* out of memory: nothing to compare */
  result->regens++;

  /* The stored paths: pathprof-dump rejects the file if one fails.  */
  for (uint64_t k = 0; k < num_paths && result->outcome != PPFUZZ_BUG; k++)
    if (!ppfuzz_regen_check (m, regen, src, dst, val, entry_paths,
			     paths[k].path, result))
      result->lost_paths++;
  for (uint64_t p = 0; p < PPFUZZ_PROBES; p++)
    probes[num_probes++] = p;
  if (entry_paths > PPFUZZ_PROBES)
    probes[num_probes++] = entry_paths - 1;
  if (entry_paths >= PPFUZZ_PROBES && entry_paths < UINT64_MAX)
    probes[num_probes++] = entry_paths;
  if (m->num_paths > PPFUZZ_PROBES)
    probes[num_probes++] = m->num_paths - 1;
  for (size_t i = 0; i < num_probes && result->outcome != PPFUZZ_BUG; i++)
    ppfuzz_regen_check (m, regen, src, dst, val, entry_paths, probes[i],
			result);
 out:
  pp_regen_free (regen);
  free (src);
  free (dst);
  free (val);
}

/* Re-encode the decoded meta M and compare with the BUF of SIZE bytes it
   came from.  */

static void __attribute__ ((unused))
ppfuzz_meta_round_trip (ppf_meta *m, const unsigned char *buf, size_t size,
			struct ppfuzz_result *result)
{
  unsigned char *again;
  size_t again_size;
  int status = ppf_meta_encode (m, &again, &again_size);

  if (status != PPF_OK)
    {
      ppfuzz_bug (result, "a decoded meta (%s) does not encode: status %d",
		  m->name, status);
      return;
    }
  if (again_size != size || memcmp (again, buf, size) != 0)
    ppfuzz_bug (result, "meta %s re-encodes to other bytes (%zu, was %zu)",
		m->name, again_size, size);
  free (again);
}

/* Check that STATUS and ERR are a proper refusal, and record it.  */

static void __attribute__ ((unused))
ppfuzz_refused (int status, const char *err, const char *what,
		struct ppfuzz_result *result)
{
  if (status != PPF_EBAD)
    ppfuzz_bug (result, "%s refused with status %d (expected PPF_EBAD)",
		what, status);
  else if (!err[0])
    ppfuzz_bug (result, "%s refused without a message", what);
  else
    {
      result->outcome = PPFUZZ_REJECTED;
      snprintf (result->message, sizeof result->message, "%s", err);
    }
}

/* Exercise a lone meta of SIZE bytes at BUF: decode, round trip,
   regeneration with probes.  */

static void __attribute__ ((unused))
ppfuzz_exercise_meta (const unsigned char *buf, size_t size,
		      struct ppfuzz_result *result)
{
  ppf_meta m;
  char err[256] = "";
  int status;

  memset (result, 0, sizeof *result);
  status = ppf_meta_decode (buf, size, &m, err, sizeof err);
  if (status != PPF_OK)
    {
      ppfuzz_refused (status, err, "meta", result);
      return;
    }
  result->outcome = PPFUZZ_ACCEPTED;
  result->functions = 1;
  ppfuzz_regen_meta (&m, NULL, 0, result);
  ppfuzz_meta_round_trip (&m, buf, size, result);
  ppf_meta_free (&m);
}

/* Merge F with itself, as the runtime merges a run into a file of the
   same build, check the counts, and encode and decode the result.  */

static void __attribute__ ((unused))
ppfuzz_merge_self (const ppf_file *f, struct ppfuzz_result *result)
{
  ppf_file merged = *f;
  ppf_function *fns = calloc (f->num_functions ? f->num_functions : 1,
			      sizeof *fns);
  unsigned char *buf = NULL;
  size_t size;
  ppf_file again;
  char err[256] = "";
  uint32_t i;
  int status;

  if (!fns)
    return;
  for (i = 0; i < f->num_functions; i++)
    {
      const ppf_function *orig = &f->functions[i];
      ppf_function *fn = &fns[i];

      *fn = *orig;
      fn->num_counts = 0;
      fn->counts = NULL;
      /* An empty DST first, then the counts, then the counts again: the
	 first merge copies, the second doubles.  */
      if (ppf_counts_merge (fn, orig) != PPF_OK
	  || ppf_counts_merge (fn, orig) != PPF_OK)
	{
	  ppfuzz_bug (result, "function %u: ppf_counts_merge failed", i);
	  goto out;
	}
      if (fn->num_counts != orig->num_counts)
	{
	  ppfuzz_bug (result, "function %u: %llu counts merged with "
		      "themselves give %llu", i,
		      (unsigned long long) orig->num_counts,
		      (unsigned long long) fn->num_counts);
	  goto out;
	}
      for (uint64_t k = 0; k < fn->num_counts; k++)
	{
	  uint64_t c = orig->counts[k].count, s = orig->counts[k].samples;
	  uint64_t twice = c > UINT64_MAX / 2 ? UINT64_MAX : 2 * c;

	  if (fn->counts[k].path != orig->counts[k].path
	      || fn->counts[k].count != twice
	      || fn->counts[k].samples != (s > UINT64_MAX / 2 ? UINT64_MAX
					   : 2 * s))
	    {
	      ppfuzz_bug (result, "function %u: path %llu count %llu (%llu "
			  "samples) merged with itself gives path %llu count "
			  "%llu (%llu samples)", i,
			  (unsigned long long) orig->counts[k].path,
			  (unsigned long long) c, (unsigned long long) s,
			  (unsigned long long) fn->counts[k].path,
			  (unsigned long long) fn->counts[k].count,
			  (unsigned long long) fn->counts[k].samples);
	      goto out;
	    }
	}
    }
  merged.functions = fns;
  if (merged.runs < UINT64_MAX)
    merged.runs++;
  status = ppf_encode (&merged, &buf, &size);
  if (status != PPF_OK)
    {
      ppfuzz_bug (result, "the merged file does not encode: status %d",
		  status);
      goto out;
    }
  status = ppf_decode (buf, size, &again, err, sizeof err);
  if (status != PPF_OK)
    {
      ppfuzz_bug (result, "the merged file does not decode: %s", err);
      goto out;
    }
  if (again.runs != merged.runs || again.num_functions != f->num_functions)
    ppfuzz_bug (result, "the merged file decodes to other runs or "
		"functions");
  ppf_file_free (&again);
 out:
  free (buf);
  for (i = 0; i < f->num_functions; i++)
    free (fns[i].counts);
  free (fns);
}

/* Exercise a whole file of SIZE bytes at BUF as described at the top of
   this header.  */

static void __attribute__ ((unused))
ppfuzz_exercise_file (const unsigned char *buf, size_t size,
		      struct ppfuzz_result *result)
{
  ppf_file f;
  char err[256] = "";
  unsigned char *again;
  size_t again_size;
  int status;

  memset (result, 0, sizeof *result);
  status = ppf_decode (buf, size, &f, err, sizeof err);
  if (status != PPF_OK)
    {
      ppfuzz_refused (status, err, "file", result);
      /* The same refusal with no room for a message.  */
      if (result->outcome != PPFUZZ_BUG
	  && ppf_decode (buf, size, &f, NULL, 0) != status)
	ppfuzz_bug (result, "ppf_decode gives another status without a "
		    "message buffer");
      return;
    }
  result->outcome = PPFUZZ_ACCEPTED;

  status = ppf_encode (&f, &again, &again_size);
  if (status != PPF_OK)
    ppfuzz_bug (result, "a decoded file does not encode: status %d",
		status);
  else
    {
      if (!ppf_same_encoding (buf, size, again, again_size))
	ppfuzz_bug (result, "the file re-encodes to other bytes (%zu, was "
		    "%zu)", again_size, size);
      free (again);
    }

  for (uint32_t i = 0; i < f.num_functions && result->outcome != PPFUZZ_BUG;
       i++)
    {
      const ppf_function *fn = &f.functions[i];
      ppf_meta m;

      err[0] = 0;
      if (ppf_meta_decode (fn->meta, fn->meta_size, &m, err, sizeof err)
	  != PPF_OK)
	{
	  ppfuzz_bug (result, "function %u of a decoded file: meta does not "
		      "decode: %s", i, err);
	  break;
	}
      result->functions++;
      for (uint64_t k = 0; k < fn->num_counts; k++)
	if (fn->counts[k].path >= m.num_paths || fn->counts[k].count == 0
	    || (k > 0 && fn->counts[k].path <= fn->counts[k - 1].path)
	    || fn->counts[k].samples > fn->counts[k].count
	    || !fn->counts[k].samples != !(f.flags & PPF_FILE_SAMPLED))
	  {
	    ppfuzz_bug (result, "function %u: count %llu breaks the count "
			"rules, yet the file decoded", i,
			(unsigned long long) k);
	    break;
	  }
      if (result->outcome != PPFUZZ_BUG)
	ppfuzz_regen_meta (&m, fn->counts, fn->num_counts, result);
      if (result->outcome != PPFUZZ_BUG)
	ppfuzz_meta_round_trip (&m, fn->meta, fn->meta_size, result);
      ppf_meta_free (&m);
    }
  if (result->outcome != PPFUZZ_BUG)
    ppfuzz_merge_self (&f, result);
  ppf_file_free (&f);
}

#endif /* PATHPROF_FUZZ_EXERCISE_H */
