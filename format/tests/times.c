/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the time section of the .pathprof format (PPF_FILE_TIME,
   PPF_FN_TIMED: metric=cycles or metric=ns): a round trip keeps every
   time, the unit and the frequency; merging adds times as it adds
   counts; a file without the section reads as before with times 0; and
   the decoder's rules (a timed meta needs the section, the unit is
   known, a truncated time is reported).  */

#include "ppformat.h"
#include "unit-test.h"
#include "sample-profile.h"

#include <stdlib.h>

/* Make F the sample file with the loop function timed: counts
   {1: 5 (time 500), 6: 2 (time 7000)}, in UNIT at HZ.  */

static void
timed_file (ppf_file *f, uint32_t unit, uint64_t hz)
{
  ppf_count counts[] = { { 1, 5, 500 }, { 6, 2, 7000 } };

  sample_file (f, counts, 2);
  sample_timed_loop (f, unit, hz);
}

static void
test_round_trip (void)
{
  ppf_file f, d;
  unsigned char *buf, *again;
  size_t size, again_size;
  char err[200] = "";

  timed_file (&f, PPF_TIME_TSC, 2400000000u);
  check_int ("timed file encodes", PPF_OK, ppf_encode (&f, &buf, &size));
  check_int ("timed file decodes", PPF_OK,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_u64 ("flags kept", PPF_FILE_TIME, d.flags);
  check_u64 ("unit kept", PPF_TIME_TSC, d.time_unit);
  check_u64 ("frequency kept", 2400000000u, d.ticks_per_second);
  check_u64 ("first time kept", 500, d.functions[0].counts[0].time);
  check_u64 ("second time kept", 7000, d.functions[0].counts[1].time);
  check_u64 ("counts kept", 2, d.functions[0].counts[1].count);
  check_int ("re-encodes", PPF_OK, ppf_encode (&d, &again, &again_size));
  check (again_size == size && memcmp (again, buf, size) == 0,
	 "canonical bytes", "sizes %zu and %zu", size, again_size);
  /* Three u64 per count: 16 more bytes than without times for the two
     counts, and 12 for the unit and frequency.  */
  ppf_file plain;
  ppf_count counts[] = { { 1, 5, 0 }, { 6, 2, 0 } };
  unsigned char *plain_buf;
  size_t plain_size;
  sample_file (&plain, counts, 2);
  check_int ("plain file encodes", PPF_OK,
	     ppf_encode (&plain, &plain_buf, &plain_size));
  /* The timed meta is the same size as the plain one.  */
  check_u64 ("time section size", plain_size + 16 + 12, size);
  ppf_file pd;
  check_int ("plain file decodes", PPF_OK,
	     ppf_decode (plain_buf, plain_size, &pd, err, sizeof err));
  check_u64 ("plain file has no times", 0, pd.functions[0].counts[0].time);
  check_u64 ("plain file has no time flag", 0, pd.flags & PPF_FILE_TIME);
  ppf_file_free (&pd);
  free (plain_buf);
  ppf_file_free (&plain);

  /* Nanoseconds.  */
  ppf_file n, nd;
  timed_file (&n, PPF_TIME_NS, 1000000000u);
  unsigned char *nbuf;
  size_t nsize;
  check_int ("ns file encodes", PPF_OK, ppf_encode (&n, &nbuf, &nsize));
  check_int ("ns file decodes", PPF_OK,
	     ppf_decode (nbuf, nsize, &nd, err, sizeof err));
  check_u64 ("ns unit kept", PPF_TIME_NS, nd.time_unit);
  ppf_file_free (&nd);
  ppf_file_free (&n);
  free (nbuf);

  /* Rules.  A truncated time.  */
  check_int ("truncated time refused", PPF_EBAD,
	     ppf_decode (buf, size - 8 - 4, &d, err, sizeof err));
  /* An unknown unit, checksum fixed.  */
  size_t unit_at = 16 + 4 + 6;	/* magic to flags, unit name "loop.c" */
  buf[unit_at] = 7;
  ppf_fix_checksums (buf, size);
  check_int ("unknown time unit refused", PPF_EBAD,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_contains ("unknown time unit message", err, "time unit 7");
  check_int ("unknown time unit not encoded", PPF_EBAD,
	     (f.time_unit = 7, ppf_encode (&f, &again, &again_size)));
  f.time_unit = PPF_TIME_TSC;
  /* A timed meta in a file without the section.  */
  f.flags = 0;
  check_int ("timed meta without section not encoded", PPF_EBAD,
	     ppf_encode (&f, &again, &again_size));
  free (buf);
  free (again);
  ppf_file_free (&d);
  ppf_file_free (&f);
}

/* A timed meta in a file that has no time section: the decoder says so
   (the file is built by hand: the encoder refuses it).  */

static void
test_timed_meta_needs_section (void)
{
  ppf_file f, d;
  ppf_count counts[] = { { 1, 5, 0 } };
  unsigned char *buf;
  size_t size;
  char err[200] = "";

  /* Encode a plain file, then set the meta's flag bit in place and fix
     both checksums.  */
  sample_file (&f, counts, 1);
  check_int ("plain encodes", PPF_OK, ppf_encode (&f, &buf, &size));
  size_t meta_at = 16 + 4 + 6 + 4 + 4;
  buf[meta_at + 16] |= PPF_FN_TIMED;
  uint32_t meta_size = f.functions[0].meta_size;
  uint64_t h = ppf_hash (buf + meta_at + 8, meta_size - 8, PPF_HASH_SEED);
  for (int k = 0; k < 8; k++)
    buf[meta_at + k] = (unsigned char) (h >> (8 * k));
  ppf_fix_checksums (buf, size);
  check_int ("timed meta without section refused", PPF_EBAD,
	     ppf_decode (buf, size, &d, err, sizeof err));
  check_contains ("timed meta without section message", err,
		  "no time section");
  free (buf);
  ppf_file_free (&f);
}

static void
test_merge (void)
{
  ppf_function a = { 0 }, b = { 0 };
  ppf_count ca[] = { { 1, 5, 500 }, { 6, 2, 7000 } };
  ppf_count cb[] = { { 1, 1, 100 }, { 3, 4, 40 } };

  a.num_counts = 2;
  a.counts = malloc (sizeof ca);
  memcpy (a.counts, ca, sizeof ca);
  b.num_counts = 2;
  b.counts = cb;
  check_int ("merge", PPF_OK, ppf_counts_merge (&a, &b));
  check_u64 ("merged paths", 3, a.num_counts);
  check_u64 ("common path's time added", 600, a.counts[0].time);
  check_u64 ("common path's count added", 6, a.counts[0].count);
  check_u64 ("new path's time", 40, a.counts[1].time);
  check_u64 ("old path's time", 7000, a.counts[2].time);
  /* Deltas: a take-back of the count that leaves it at zero drops the
     path, time and all.  */
  ppf_count cc[] = { { 3, ~(uint64_t) 3, 0 }, { 6, 1, 5 } };
  ppf_function c = { 0 };
  c.num_counts = 2;
  c.counts = cc;
  check_int ("merge deltas", PPF_OK, ppf_counts_merge_deltas (&a, &c));
  check_u64 ("path at zero dropped", 2, a.num_counts);
  check_u64 ("delta time added", 7005, a.counts[1].time);
  /* Times saturate as counts do.  */
  ppf_count cd[] = { { 6, 1, UINT64_MAX } };
  ppf_function d = { 0 };
  d.num_counts = 1;
  d.counts = cd;
  check_int ("merge to saturation", PPF_OK, ppf_counts_merge (&a, &d));
  check_u64 ("time saturates", UINT64_MAX, a.counts[1].time);
  free (a.counts);
}

int
main (void)
{
  unit_test_init ();
  test_round_trip ();
  test_timed_meta_needs_section ();
  test_merge ();
  return unit_test_report ();
}
