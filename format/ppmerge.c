/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Adding counts: the saturating sum, and the merge of one function's
   sorted counts into another's, which the runtime's write makes of the
   file's counts and of its own (differences since the last write); the
   weights and the sampling of the merges of profiles (pathprof-tool's,
   doc/sampling.md).  */

#include <stdlib.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat-internal.h"

/* A + B, or UINT64_MAX if that does not fit: counts saturate rather
   than wrap to a small number.  */

uint64_t
ppf_count_add (uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* A x WEIGHT, or UINT64_MAX if that does not fit.  */

uint64_t
ppf_count_scale (uint64_t a, uint64_t weight)
{
  return weight && a > UINT64_MAX / weight ? UINT64_MAX : a * weight;
}

/* COUNT plus DELTA, a difference modulo 2^64 (2^63 and above are
   negative), saturating at UINT64_MAX and clamped at 0.  */

static uint64_t
count_add_delta (uint64_t count, uint64_t delta)
{
  if (delta < (UINT64_C (1) << 63))
    return ppf_count_add (count, delta);
  uint64_t minus = 0 - delta;
  return count > minus ? count - minus : 0;
}

/* How merge_counts takes the counts it is given.  */
struct merge_how
{
  int deltas;			/* SRC's counts and samples are differences
				   modulo 2^64 (count_add_delta) */
  uint64_t weight;		/* SRC's counts, times and samples are
				   multiplied by it (not with DELTAS) */
  unsigned exact;		/* PPF_MERGE_EXACT_SRC, PPF_MERGE_EXACT_DST */
};

/* SRC's entry C as it enters the merge (HOW), its path aside: scaled by
   the weight, its samples its count when it is exact.  Delta entries
   are taken as they are.  */

static ppf_count
entering (const ppf_count *c, const struct merge_how *how)
{
  ppf_count e = *c;

  if (how->weight != 1)
    {
      e.count = ppf_count_scale (c->count, how->weight);
      e.time = ppf_count_scale (c->time, how->weight);
      e.samples = ppf_count_scale (c->samples, how->weight);
    }
  if (how->exact & PPF_MERGE_EXACT_SRC)
    e.samples = e.count;
  return e;
}

/* DST's entry C as it stays: its samples its count when DST's counts
   are exact ones becoming samples.  */

static ppf_count
staying (const ppf_count *c, const struct merge_how *how)
{
  ppf_count e = *c;

  if (how->exact & PPF_MERGE_EXACT_DST)
    e.samples = e.count;
  return e;
}

/* Merge SRC's sorted counts into DST's as HOW says: the sum where both
   have a path, saturating at UINT64_MAX, of counts, times and samples.
   With HOW->deltas, SRC's counts and samples are differences modulo 2^64
   (count_add_delta): a sum is clamped at 0, and a path left at a count
   of 0 is dropped, so that counts stay strictly positive.  */

static int
merge_counts (ppf_function *dst, const ppf_function *src,
	      const struct merge_how *how)
{
  uint64_t total, i = 0, j = 0, n = 0;
  ppf_count *merged;

  if (src->num_counts == 0)
    {
      for (i = 0; i < dst->num_counts; i++)
	dst->counts[i] = staying (&dst->counts[i], how);
      return PPF_OK;
    }
  if (dst->num_counts > UINT64_MAX - src->num_counts)
    return PPF_ENOMEM;
  total = dst->num_counts + src->num_counts;
  merged = ppf_alloc_array (total, sizeof *merged);
  if (!merged)
    return PPF_ENOMEM;
  while (i < dst->num_counts || j < src->num_counts)
    {
      if (j == src->num_counts
	  || (i < dst->num_counts
	      && dst->counts[i].path < src->counts[j].path))
	merged[n++] = staying (&dst->counts[i++], how);
      else if (i == dst->num_counts
	       || src->counts[j].path < dst->counts[i].path)
	{
	  merged[n] = entering (&src->counts[j], how);
	  if (how->deltas)
	    {
	      merged[n].count = count_add_delta (0, merged[n].count);
	      merged[n].samples = count_add_delta (0, merged[n].samples);
	    }
	  n += merged[n].count != 0;
	  j++;
	}
      else
	{
	  ppf_count d = staying (&dst->counts[i], how);
	  ppf_count s = entering (&src->counts[j], how);

	  merged[n].path = d.path;
	  merged[n].count = how->deltas ? count_add_delta (d.count, s.count)
				       : ppf_count_add (d.count, s.count);
	  merged[n].time = ppf_count_add (d.time, s.time);
	  merged[n].samples = how->deltas
			      ? count_add_delta (d.samples, s.samples)
			      : ppf_count_add (d.samples, s.samples);
	  n += merged[n].count != 0;
	  i++, j++;
	}
    }
  free (dst->counts);
  dst->counts = merged;
  dst->num_counts = n;
  return PPF_OK;
}

/* Add SRC's counts into DST's, both sorted by strictly increasing path:
   a merge of two sorted lists into a new array, adding the counts of a
   path present in both and saturating at UINT64_MAX rather than wrapping
   to a small number.  DST is unchanged on PPF_ENOMEM.  */

int
ppf_counts_merge (ppf_function *dst, const ppf_function *src)
{
  struct merge_how how = { 0, 1, 0 };

  return merge_counts (dst, src, &how);
}

/* ppf_counts_merge with SRC's counts read as differences: see the
   header.  */

int
ppf_counts_merge_deltas (ppf_function *dst, const ppf_function *src)
{
  struct merge_how how = { 1, 1, 0 };

  return merge_counts (dst, src, &how);
}

/* ppf_counts_merge with SRC's counts weighted, and exact counts made
   samples as HOW says (ppformat.h).  */

int
ppf_counts_merge_weighted (ppf_function *dst, const ppf_function *src,
			   uint64_t weight, unsigned how)
{
  struct merge_how merge = { 0, weight,
			     how & (PPF_MERGE_EXACT_SRC
				    | PPF_MERGE_EXACT_DST) };

  if (weight == 0)
    return PPF_EBAD;
  return merge_counts (dst, src, &merge);
}

/* The sampling of a merge's result (ppformat.h).  An exact profile is
   one of period 1, its samples its counts: so a mixed merge is a merge
   of two sampled profiles.  */

int
ppf_sampling_merge (uint32_t *flags, uint64_t *period, uint32_t src_flags,
		    uint64_t src_period, unsigned how, unsigned *counts_how)
{
  int dst_sampled = (*flags & PPF_FILE_SAMPLED) != 0;
  int src_sampled = (src_flags & PPF_FILE_SAMPLED) != 0;
  uint64_t dst_p = dst_sampled ? *period : 1;
  uint64_t src_p = src_sampled ? src_period : 1;

  if (counts_how)
    *counts_how = 0;
  if (!dst_sampled && !src_sampled)
    return PPF_OK;
  if (dst_sampled != src_sampled && !(how & PPF_MERGE_MIXED))
    return PPF_EMIXED;
  if (counts_how)
    *counts_how = (dst_sampled ? 0 : PPF_MERGE_EXACT_DST)
		  | (src_sampled ? 0 : PPF_MERGE_EXACT_SRC);
  *flags |= PPF_FILE_SAMPLED;
  *period = dst_p == src_p ? dst_p : 0;
  return PPF_OK;
}
