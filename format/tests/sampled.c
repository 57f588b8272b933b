/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of sampled profiles in the .pathprof format
   (PPF_FILE_SAMPLED, doc/sampling.md section 5): a round trip keeps the
   period and every count's samples, where doc/file-format.md puts them,
   with and without times; the decoder's rules (samples from 1 to the
   count, only in version 3, unknown flags still refused); and the
   merges: two periods, weights, a sampled profile and an exact one
   refused unless asked for, then the exact counts as samples.  */

#include "ppformat.h"
#include "unit-test.h"
#include "old-versions.h"
#include "sample-profile.h"

#include <stdlib.h>

/* Make F the sample file sampled with PERIOD: the loop function's
   counts {1: 5 samples, 6: 2 samples}, each count samples x PERIOD.  */

static void
sampled_file (ppf_file *f, uint64_t period)
{
  ppf_count counts[] = { { 1, 5 * period, 0, 5 }, { 6, 2 * period, 0, 2 } };

  sample_file (f, counts, 2);
  f->flags |= PPF_FILE_SAMPLED;
  f->sample_period = period;
}

/* Make F's loop function timed and F a file with times (TSC at 1 GHz):
   each count's time 100 per execution.  */

static void
add_times (ppf_file *f)
{
  sample_timed_loop (f, PPF_TIME_TSC, 1000000000u);
  for (uint64_t k = 0; k < f->functions[0].num_counts; k++)
    f->functions[0].counts[k].time = 100 * f->functions[0].counts[k].count;
}

/* Encode F into *BUF, *SIZE and return where its counts section starts
   (ppf_static_part), 0 if either failed.  */

static uint64_t
encode_at (const ppf_file *f, unsigned char **buf, size_t *size)
{
  ppf_buffer head = { NULL, 0 };
  size_t head_size;
  uint64_t static_size = 0, sum;
  int status = ppf_static_part (f, &head, &head_size, &static_size, &sum);

  free (head.data);
  if (ppf_encode (f, buf, size) != PPF_OK || status != PPF_OK)
    return 0;
  return static_size;
}

/* The little-endian u64 at P.  */

static uint64_t
load_u64 (const unsigned char *p)
{
  uint64_t v = 0;

  for (int i = 0; i < 8; i++)
    v |= (uint64_t) p[i] << (8 * i);
  return v;
}

static void
store_u64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

static void
test_round_trip (void)
{
  ppf_file f, d, plain;
  ppf_count plain_counts[] = { { 1, 5000 }, { 6, 2000 } };
  unsigned char *buf, *again, *plain_buf;
  size_t size, again_size, plain_size;
  uint64_t at;
  char err[200] = "";

  sampled_file (&f, 1000);
  at = encode_at (&f, &buf, &size);
  check (at != 0, "sampled file encodes",
	 "expected it and its static part");
  /* The counts section: runs, sample_period, then the loop's num_counts
     and (path, count, samples) each.  */
  check_u64 ("runs first", 3, load_u64 (buf + at));
  check_u64 ("sample_period after runs", 1000, load_u64 (buf + at + 8));
  check_u64 ("num_counts after it", 2, load_u64 (buf + at + 16));
  check_u64 ("a count's path", 1, load_u64 (buf + at + 24));
  check_u64 ("its count", 5000, load_u64 (buf + at + 32));
  check_u64 ("its samples after the count", 5, load_u64 (buf + at + 40));
  check_u64 ("the next path after them", 6, load_u64 (buf + at + 48));
  check_int ("sampled file decodes", PPF_OK,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_u64 ("flag kept", PPF_FILE_SAMPLED, d.flags);
  check_u64 ("period kept", 1000, d.sample_period);
  check_u64 ("count kept", 5000, d.functions[0].counts[0].count);
  check_u64 ("samples kept", 5, d.functions[0].counts[0].samples);
  check_u64 ("second samples kept", 2, d.functions[0].counts[1].samples);
  check (ppf_same_profile (&f, &d), "same profile",
	 "expected it decoded as encoded");
  check_int ("re-encodes", PPF_OK, ppf_encode (&d, &again, &again_size));
  check (again_size == size && memcmp (again, buf, size) == 0,
	 "canonical bytes", "sizes %zu and %zu", size, again_size);
  free (again);
  ppf_file_free (&d);

  /* The exact file of the same counts: 8 bytes fewer per count and no
     period; its samples are 0, and an exact file's samples in memory
     are not written.  */
  sample_file (&plain, plain_counts, 2);
  plain.functions[0].counts[0].samples = 5;
  check_int ("exact file encodes", PPF_OK,
	     ppf_encode (&plain, &plain_buf, &plain_size));
  check_u64 ("samples and period size", plain_size + 2 * 8 + 8, size);
  check_int ("exact file decodes", PPF_OK,
	     ppf_decode (plain_buf, plain_size, &d, err, sizeof err));
  check_u64 ("exact file's samples 0", 0, d.functions[0].counts[0].samples);
  check_u64 ("exact file's period 0", 0, d.sample_period);
  ppf_file_free (&d);
  free (plain_buf);
  ppf_file_free (&plain);

  /* Period 0: runs of several periods.  */
  f.sample_period = 0;
  free (buf);
  check_int ("period 0 encodes", PPF_OK, ppf_encode (&f, &buf, &size));
  check_int ("period 0 decodes", PPF_OK,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_u64 ("period 0 kept", 0, d.sample_period);
  check_u64 ("period 0 sampled", PPF_FILE_SAMPLED, d.flags);
  ppf_file_free (&d);
  free (buf);
  ppf_file_free (&f);
}

/* Times and samples together: ticks_per_second, then the period; each
   count (path, count, samples, time).  */

static void
test_times (void)
{
  ppf_file f, d;
  unsigned char *buf;
  size_t size;
  uint64_t at;
  char err[200] = "";

  sampled_file (&f, 10);
  add_times (&f);
  at = encode_at (&f, &buf, &size);
  check (at != 0, "timed sampled file encodes",
	 "expected it and its static part");
  check_u64 ("ticks after runs", 1000000000u, load_u64 (buf + at + 8));
  check_u64 ("period after ticks", 10, load_u64 (buf + at + 16));
  check_u64 ("samples after count", 5, load_u64 (buf + at + 24 + 24));
  check_u64 ("time after samples", 5000, load_u64 (buf + at + 24 + 32));
  check_int ("timed sampled file decodes", PPF_OK,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_u64 ("both flags", PPF_FILE_SAMPLED | PPF_FILE_TIME, d.flags);
  check_u64 ("period", 10, d.sample_period);
  check_u64 ("ticks", 1000000000u, d.ticks_per_second);
  check_u64 ("samples", 2, d.functions[0].counts[1].samples);
  check_u64 ("time", 2000, d.functions[0].counts[1].time);
  check (ppf_same_profile (&f, &d), "same profile",
	 "expected it decoded as encoded");
  ppf_file_free (&d);
  free (buf);
  ppf_file_free (&f);
}

/* The counts section alone, as a run of the same build rewrites it:
   its period and samples.  */

static void
test_counts_section (void)
{
  ppf_file f, g;
  ppf_buffer head = { NULL, 0 }, counts = { NULL, 0 };
  size_t head_size, counts_size;
  uint64_t static_size, sum;
  char err[200] = "";

  sampled_file (&f, 7);
  check_int ("static part", PPF_OK,
	     ppf_static_part (&f, &head, &head_size, &static_size, &sum));
  check_int ("counts section encodes", PPF_OK,
	     ppf_encode_counts (&f, sum, &counts, &counts_size));
  /* G: F's header and metas, no counts.  */
  sampled_file (&g, 1);
  g.sample_period = 0;
  free (g.functions[0].counts);
  g.functions[0].counts = NULL;
  g.functions[0].num_counts = 0;
  g.runs = 0;
  check_int ("counts section decodes", PPF_OK,
	     ppf_decode_counts (counts.data, counts_size, sum, &g, NULL, err,
				sizeof err));
  check_u64 ("its period", 7, g.sample_period);
  check_u64 ("its samples", 5, g.functions[0].counts[0].samples);
  check (ppf_same_profile (&f, &g), "same profile",
	 "expected it decoded as encoded");
  free (head.data);
  free (counts.data);
  ppf_file_free (&g);
  ppf_file_free (&f);
}

/* Decode the sampled file whose first count's samples are SAMPLES (set
   in the bytes, checksums fixed: the encoder refuses what the decoder
   must, as checked here); its status, the message in ERR.  */

static int
decode_with_samples (uint64_t samples, char *err, size_t errlen)
{
  ppf_file f, d;
  unsigned char *buf;
  size_t size;
  uint64_t at;
  int status;

  sampled_file (&f, 1000);
  f.functions[0].counts[0].samples = samples;
  status = ppf_encode (&f, &buf, &size);
  if (status == PPF_OK)
    free (buf);
  check_int ("the encoder says the same", samples == 0 || samples > 5000
	     ? PPF_EBAD : PPF_OK, status);
  f.functions[0].counts[0].samples = 5;
  at = encode_at (&f, &buf, &size);
  store_u64 (buf + at + 40, samples);
  ppf_fix_checksums (buf, size);
  status = ppf_decode (buf, size, &d, err, errlen);
  if (status == PPF_OK)
    ppf_file_free (&d);
  free (buf);
  ppf_file_free (&f);
  return status;
}

static void
test_rules (void)
{
  ppf_file f, d;
  unsigned char *buf;
  size_t size;
  char err[200] = "";

  /* The bytes as the refused ones, with legal samples: they decode, so
     what is refused below is the samples.  */
  check_int ("samples = count accepted", PPF_OK,
	     decode_with_samples (5000, err, sizeof err));
  check_int ("zero samples refused", PPF_EBAD,
	     decode_with_samples (0, err, sizeof err));
  check_contains ("zero samples message", err, "zero samples");
  check_contains ("zero samples names the function", err, "(loop)");
  check_contains ("zero samples names the path", err, "path 1");
  check_int ("samples above the count refused", PPF_EBAD,
	     decode_with_samples (5001, err, sizeof err));
  check_contains ("samples above the count message", err,
		  "path 1 has more samples (5001) than its count (5000)");
  check_contains ("... names the function", err, "function 0 (loop)");

  /* A flag bit after PPF_FILE_SAMPLED is still unknown.  */
  sampled_file (&f, 1000);
  check_int ("sampled encodes", PPF_OK, ppf_encode (&f, &buf, &size));
  buf[12] |= 1u << 3;		/* flags, after magic and version */
  ppf_fix_checksums (buf, size);
  check_int ("unknown flag refused", PPF_EBAD,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_contains ("unknown flag message", err, "unknown file flags 0x8");
  free (buf);
  f.flags |= 1u << 3;
  check_int ("unknown flag not encoded", PPF_EBAD,
	     ppf_encode (&f, &buf, &size));
  f.flags &= ~(1u << 3);

  /* A truncated period.  */
  {
    uint64_t at = encode_at (&f, &buf, &size);

    check_int ("truncated period refused", PPF_EBAD,
	       ppf_decode (buf, at + 12, &d, err, sizeof err));
    check_contains ("truncated period message", err, "sample_period");
    free (buf);
  }

  /* Sampled counts in a version 2 file, which never had them.  */
  buf = encode_old_version (&f, 2, &size);
  check_int ("sampled version 2 refused", PPF_EBAD,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_contains ("sampled version 2 message", err,
		  "sampled counts in a version 2 file");
  free (buf);
  ppf_file_free (&f);
}

/* A function of the loop's counts COUNTS (N of them), malloc'd.  */

static ppf_function
function_of (const ppf_count *counts, uint64_t n)
{
  ppf_function fn = { 0 };

  fn.num_counts = n;
  fn.counts = malloc ((n + 1) * sizeof *fn.counts);
  if (n)
    memcpy (fn.counts, counts, n * sizeof *counts);
  return fn;
}

/* Merge the sampling of two profiles and the counts of one function of
   each, as pathprof-tool merges two files: DST_FLAGS, DST_PERIOD, DST
   the merged one's.  The status of ppf_sampling_merge, or of
   ppf_counts_merge_weighted after it.  */

static int
merge (uint32_t *dst_flags, uint64_t *dst_period, ppf_function *dst,
       uint32_t src_flags, uint64_t src_period, const ppf_function *src,
       uint64_t weight, unsigned how)
{
  unsigned counts_how;
  int status = ppf_sampling_merge (dst_flags, dst_period, src_flags,
				   src_period, how, &counts_how);

  if (status != PPF_OK)
    return status;
  return ppf_counts_merge_weighted (dst, src, weight, counts_how);
}

static void
test_merge_periods (void)
{
  ppf_count ca[] = { { 1, 5000, 0, 5 }, { 6, 2000, 0, 2 } };
  ppf_count cb[] = { { 1, 300, 0, 3 }, { 3, 100, 0, 1 } };
  ppf_function a = function_of (ca, 2), b = function_of (cb, 2);
  uint32_t flags = PPF_FILE_SAMPLED;
  uint64_t period = 1000;
  unsigned counts_how = 7;

  check_int ("same period", PPF_OK,
	     ppf_sampling_merge (&flags, &period, PPF_FILE_SAMPLED, 1000, 0,
				 &counts_how));
  check_u64 ("same period kept", 1000, period);
  check_u64 ("sampled stays", PPF_FILE_SAMPLED, flags);
  check_u64 ("nothing to convert", 0, counts_how);
  check_int ("two periods", PPF_OK,
	     merge (&flags, &period, &a, PPF_FILE_SAMPLED, 100, &b, 1, 0));
  check_u64 ("two periods give 0", 0, period);
  check_u64 ("merged paths", 3, a.num_counts);
  check_u64 ("counts add", 5300, a.counts[0].count);
  check_u64 ("samples add", 8, a.counts[0].samples);
  check_u64 ("a new path's samples", 1, a.counts[1].samples);
  check_u64 ("an old path's samples", 2, a.counts[2].samples);
  check_int ("period 0 and another", PPF_OK,
	     ppf_sampling_merge (&flags, &period, PPF_FILE_SAMPLED, 1000, 0,
				 NULL));
  check_u64 ("period 0 stays", 0, period);

  /* Exact and exact: no samples, whatever the weight.  */
  ppf_count ce[] = { { 1, 4 } };
  ppf_function e = function_of (ce, 1), e2 = function_of (ce, 1);
  flags = PPF_FILE_TIME;
  period = 0;
  check_int ("two exact profiles", PPF_OK,
	     merge (&flags, &period, &e, 0, 0, &e2, 2, 0));
  check_u64 ("exact stays", PPF_FILE_TIME, flags);
  check_u64 ("exact has no period", 0, period);
  check_u64 ("exact counts weighted", 12, e.counts[0].count);
  check_u64 ("exact has no samples", 0, e.counts[0].samples);
  free (e.counts);
  free (e2.counts);
  free (a.counts);
  free (b.counts);
}

static void
test_merge_weighted (void)
{
  ppf_count ca[] = { { 1, 5000, 70, 5 } };
  ppf_count cb[] = { { 1, 300, 10, 3 }, { 3, 100, 0, 1 } };
  ppf_count cs[] = { { 1, UINT64_MAX / 2, 0, UINT64_MAX / 4 } };
  ppf_function a = function_of (ca, 1), b = function_of (cb, 2);
  ppf_function s = function_of (cs, 1);

  check_int ("weighted", PPF_OK, ppf_counts_merge_weighted (&a, &b, 3, 0));
  check_u64 ("count weighted", 5000 + 3 * 300, a.counts[0].count);
  check_u64 ("samples weighted", 5 + 3 * 3, a.counts[0].samples);
  check_u64 ("time weighted", 70 + 3 * 10, a.counts[0].time);
  check_u64 ("new path weighted", 300, a.counts[1].count);
  check_u64 ("new path's samples weighted", 3, a.counts[1].samples);
  check_int ("weight 0 refused", PPF_EBAD,
	     ppf_counts_merge_weighted (&a, &b, 0, 0));
  check_u64 ("weight 0 leaves it", 2, a.num_counts);
  check_int ("weighted to saturation", PPF_OK,
	     ppf_counts_merge_weighted (&a, &s, 5, 0));
  check_u64 ("count saturates", UINT64_MAX, a.counts[0].count);
  check_u64 ("samples saturate", UINT64_MAX, a.counts[0].samples);
  /* Deltas (the runtime's): samples are differences too.  */
  ppf_count cd[] = { { 3, ~(uint64_t) 99, 0, ~(uint64_t) 0 } };
  ppf_function d = function_of (cd, 1);
  check_int ("deltas", PPF_OK, ppf_counts_merge_deltas (&a, &d));
  check_u64 ("delta count", 200, a.counts[1].count);
  check_u64 ("delta samples", 2, a.counts[1].samples);
  free (a.counts);
  free (b.counts);
  free (s.counts);
  free (d.counts);
}

static void
test_merge_mixed (void)
{
  ppf_count cs[] = { { 1, 5000, 0, 5 }, { 6, 2000, 0, 2 } };
  ppf_count ce[] = { { 1, 7 }, { 3, 4 } };
  ppf_function s = function_of (cs, 2), e = function_of (ce, 2);
  ppf_function none = { 0 };
  uint32_t flags = PPF_FILE_SAMPLED;
  uint64_t period = 1000;
  unsigned counts_how = 0;

  /* Refused by default, either way round, nothing changed.  */
  check_int ("sampled then exact refused", PPF_EMIXED,
	     merge (&flags, &period, &s, 0, 0, &e, 1, 0));
  check_u64 ("refused: flags as they were", PPF_FILE_SAMPLED, flags);
  check_u64 ("refused: period as it was", 1000, period);
  check_u64 ("refused: counts as they were", 5000, s.counts[0].count);
  flags = PPF_FILE_TIME;
  period = 0;
  check_int ("exact then sampled refused", PPF_EMIXED,
	     ppf_sampling_merge (&flags, &period,
				 PPF_FILE_SAMPLED | PPF_FILE_TIME, 1000, 0,
				 &counts_how));
  check_u64 ("refused: exact stays", PPF_FILE_TIME, flags);

  /* Asked for: the exact counts enter as samples of period 1.  */
  flags = PPF_FILE_SAMPLED;
  period = 1000;
  check_int ("sampled then exact mixed", PPF_OK,
	     ppf_sampling_merge (&flags, &period, 0, 0, PPF_MERGE_MIXED,
				 &counts_how));
  check_u64 ("the exact source's counts become samples",
	     PPF_MERGE_EXACT_SRC, counts_how);
  check_u64 ("period 1000 and 1 give 0", 0, period);
  check_int ("merge of the exact counts", PPF_OK,
	     ppf_counts_merge_weighted (&s, &e, 2, counts_how));
  check_u64 ("paths", 3, s.num_counts);
  check_u64 ("common count", 5014, s.counts[0].count);
  check_u64 ("common samples", 5 + 14, s.counts[0].samples);
  check_u64 ("exact path's samples its count", 8, s.counts[1].samples);
  check_u64 ("sampled path's samples", 2, s.counts[2].samples);

  /* An exact profile into which a sampled one of period 1 merges:
     sampled, of period 1, its counts samples (those SRC lacks too).  */
  ppf_count c1[] = { { 3, 9, 0, 9 } };
  ppf_function one = function_of (c1, 1);
  free (e.counts);
  e = function_of (ce, 2);
  flags = 0;
  period = 0;
  check_int ("exact then sampled mixed", PPF_OK,
	     ppf_sampling_merge (&flags, &period, PPF_FILE_SAMPLED, 1,
				 PPF_MERGE_MIXED, &counts_how));
  check_u64 ("now sampled", PPF_FILE_SAMPLED, flags);
  check_u64 ("period 1 and 1 give 1", 1, period);
  check_u64 ("the exact destination's counts become samples",
	     PPF_MERGE_EXACT_DST, counts_how);
  check_int ("merge into the exact counts", PPF_OK,
	     ppf_counts_merge_weighted (&e, &one, 1, counts_how));
  check_u64 ("path only in the exact one", 7, e.counts[0].samples);
  check_u64 ("path in both", 4 + 9, e.counts[1].samples);
  check_u64 ("path in both, count", 13, e.counts[1].count);
  ppf_function e2 = function_of (ce, 2);
  check_int ("a function the source lacks", PPF_OK,
	     ppf_counts_merge_weighted (&e2, &none, 1, counts_how));
  check_u64 ("its counts become samples too", 4, e2.counts[1].samples);

  /* And the result is a valid sampled file.  */
  ppf_file f, d;
  unsigned char *buf;
  size_t size;
  char err[200] = "";
  sample_file (&f, e.counts, e.num_counts);
  f.flags = flags;
  f.sample_period = period;
  check_int ("mixed result encodes", PPF_OK, ppf_encode (&f, &buf, &size));
  check_int ("mixed result decodes", PPF_OK,
	     ppf_decode (buf, size, &d, err, sizeof err));
  ppf_file_free (&d);
  free (buf);
  ppf_file_free (&f);
  free (one.counts);
  free (e.counts);
  free (e2.counts);
  free (s.counts);
}

int
main (void)
{
  unit_test_init ();
  test_round_trip ();
  test_times ();
  test_counts_section ();
  test_rules ();
  test_merge_periods ();
  test_merge_weighted ();
  test_merge_mixed ();
  return unit_test_report ();
}
