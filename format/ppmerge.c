/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Adding counts: the saturating sum, and the merge of one function's
   sorted counts into another's, which the runtime's write makes of the
   file's counts and of its own (differences since the last write).  */

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

/* Merge SRC's sorted counts into DST's: the sum where both have a path,
   saturating at UINT64_MAX.  With DELTAS, SRC's counts are differences
   modulo 2^64 (count_add_delta): a sum is clamped at 0, and a path left
   at 0 is dropped, so that counts stay strictly positive.  */

static int
merge_counts (ppf_function *dst, const ppf_function *src, int deltas)
{
  uint64_t total, i = 0, j = 0, n = 0;
  ppf_count *merged;

  if (src->num_counts == 0)
    return PPF_OK;
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
	merged[n++] = dst->counts[i++];
      else if (i == dst->num_counts
	       || src->counts[j].path < dst->counts[i].path)
	{
	  merged[n].path = src->counts[j].path;
	  merged[n].count = deltas ? count_add_delta (0, src->counts[j].count)
				   : src->counts[j].count;
	  merged[n].time = src->counts[j].time;
	  n += merged[n].count != 0;
	  j++;
	}
      else
	{
	  merged[n].path = dst->counts[i].path;
	  merged[n].count = deltas
			    ? count_add_delta (dst->counts[i].count,
					       src->counts[j].count)
			    : ppf_count_add (dst->counts[i].count,
					     src->counts[j].count);
	  merged[n].time = ppf_count_add (dst->counts[i].time,
					  src->counts[j].time);
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
  return merge_counts (dst, src, 0);
}

/* ppf_counts_merge with SRC's counts read as differences: see the
   header.  */

int
ppf_counts_merge_deltas (ppf_function *dst, const ppf_function *src)
{
  return merge_counts (dst, src, 1);
}
