/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Robustness of the .pathprof decoder: thousands of valid files mutated
   at random (bits flipped, bytes replaced, inserted, deleted, ranges
   duplicated, the file cut short), with the checksums sometimes repaired
   so that the damage reaches the deeper checks.  Every decode must return
   either an error with a message or a valid profile, never crash; and a
   profile that decodes must encode back to exactly the bytes it came from
   (the encoding is canonical, so this catches a decoder that accepts what
   the specification forbids).  Deterministic: the seed is fixed unless
   PPF_FUZZ_SEED is set; PPF_FUZZ_ITERATIONS changes the count.  Run it
   under -fsanitize=address,undefined when the decoder changes.  */

#include "ppformat.h"
#include "unit-test.h"
#include "sample-profile.h"

#include <stdlib.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

/* xorshift64*: a small deterministic generator.  */

static uint64_t
rng (void)
{
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dULL;
}

/* A random number in 0..N-1 (N > 0).  */

static size_t
rng_below (size_t n)
{
  return (size_t) (rng () % n);
}

/* A byte buffer that mutations resize.  */
struct bytes
{
  unsigned char *data;
  size_t size;
};

/* Store V little-endian at P.  */

static void
poke_u64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* Apply one random mutation to B.  Sizes stay below 1 MiB.  */

static void
mutate (struct bytes *b)
{
  size_t at, len;
  unsigned char *bigger;

  switch (rng_below (b->size ? 7 : 1))
    {
    case 0:			/* insert a random byte */
      bigger = realloc (b->data, b->size + 1);
      if (!bigger)
	return;
      b->data = bigger;
      at = rng_below (b->size + 1);
      memmove (b->data + at + 1, b->data + at, b->size - at);
      b->data[at] = (unsigned char) rng ();
      b->size++;
      break;
    case 1:			/* flip a bit */
      b->data[rng_below (b->size)] ^= (unsigned char) (1u << rng_below (8));
      break;
    case 2:			/* replace a byte, often by 0 or 0xff */
      at = rng_below (b->size);
      b->data[at] = rng_below (3) == 0 ? 0 : rng_below (2) ? 0xff
	: (unsigned char) rng ();
      break;
    case 3:			/* truncate */
      b->size = rng_below (b->size);
      break;
    case 4:			/* delete a range */
      at = rng_below (b->size);
      len = 1 + rng_below (b->size - at < 32 ? b->size - at : 32);
      memmove (b->data + at, b->data + at + len, b->size - at - len);
      b->size -= len;
      break;
    case 5:			/* duplicate a range */
      at = rng_below (b->size);
      len = 1 + rng_below (b->size - at < 32 ? b->size - at : 32);
      if (b->size + len > (1u << 20))
	return;
      bigger = realloc (b->data, b->size + len);
      if (!bigger)
	return;
      b->data = bigger;
      memmove (b->data + at + len, b->data + at, b->size - at);
      b->size += len;
      break;
    case 6:			/* a plausible small or huge u32 */
      if (b->size < 4)
	return;
      at = rng_below (b->size - 3);
      {
	uint32_t v = rng_below (2) ? (uint32_t) rng_below (16)
	  : (uint32_t) rng ();
	for (int i = 0; i < 4; i++)
	  b->data[at + i] = (unsigned char) (v >> (8 * i));
      }
      break;
    }
}

/* Encode one sample file into *OUT: NFN functions (0..3), the first
   counted on NCOUNTS of its 8 paths.  */

static void
make_sample (struct bytes *out, int nfn, int ncounts)
{
  ppf_file f = { 0 };
  ppf_function fns[3];
  ppf_count counts[8];
  ppf_meta m;
  char *names[] = { "main", "loop", "_ZN2ns1A1fEi" };
  size_t size;

  memset (fns, 0, sizeof fns);
  for (int i = 0; i < nfn; i++)
    {
      unsigned char *buf;

      if (i == 1)
	sample_tiny_meta (&m);
      else
	sample_loop_meta (&m, names[i]);
      if (ppf_meta_encode (&m, &buf, &size) != PPF_OK)
	abort ();
      fns[i].meta = buf;
      fns[i].meta_size = (uint32_t) size;
    }
  for (int k = 0; k < ncounts; k++)
    {
      counts[k].path = (uint64_t) k;
      counts[k].count = k == 3 ? UINT64_MAX : (uint64_t) (k * 1000 + 1);
    }
  if (nfn > 0)
    {
      fns[0].counts = counts;
      fns[0].num_counts = (uint64_t) ncounts;
    }
  f.version = PPF_VERSION;
  f.runs = 42;
  f.unit_name = "src/loop.c";
  f.num_functions = (uint32_t) nfn;
  f.functions = fns;
  if (ppf_encode (&f, &out->data, &out->size) != PPF_OK)
    abort ();
  for (int i = 0; i < nfn; i++)
    free (fns[i].meta);
}

/* Offsets of the metas in an encoded sample with unit name "src/loop.c"
   (version 3): magic, version and flags are 16 bytes, the name 4 + 10,
   num_functions 4, then each meta after its size.  */

static size_t
meta_offset (const struct bytes *b, int fn, uint32_t *meta_size)
{
  size_t off = 16 + 14 + 4;

  for (int i = 0;; i++)
    {
      uint32_t ms = 0;

      for (int k = 0; k < 4; k++)
	ms |= (uint32_t) b->data[off + k] << (8 * k);
      if (i == fn)
	{
	  *meta_size = ms;
	  return off + 4;
	}
      off += 4 + ms;
    }
}

/* Statistics reported at the end.  */
static long accepted, rejected, bad_status, no_message, not_canonical;
static long meta_accepted, meta_rejected, meta_bad, meta_not_canonical;

/* Decode B; check the outcome as described at the top of this file.  */

static void
try_decode (const struct bytes *b)
{
  ppf_file f;
  char err[256];
  unsigned char *again;
  size_t again_size;
  int status;

  err[0] = 0;
  status = ppf_decode (b->data, b->size, &f, err, sizeof err);
  if (status == PPF_EBAD)
    {
      rejected++;
      if (!err[0])
	no_message++;
      return;
    }
  if (status != PPF_OK)
    {
      bad_status++;
      return;
    }
  accepted++;
  /* A mutation may have made the file version 1 (its checksum fixed the
     version 1 way): ppf_same_encoding allows for that.  */
  if (ppf_encode (&f, &again, &again_size) != PPF_OK)
    not_canonical++;
  else
    {
      if (!ppf_same_encoding (b->data, b->size, again, again_size))
	not_canonical++;
      free (again);
    }
  ppf_file_free (&f);
}

/* Decode a mutated meta; one that decodes must re-encode identically.  */

static void
try_meta_decode (const unsigned char *buf, size_t size)
{
  ppf_meta m;
  char err[256];
  unsigned char *again;
  size_t again_size;
  int status = ppf_meta_decode (buf, size, &m, err, sizeof err);

  if (status == PPF_EBAD)
    {
      meta_rejected++;
      return;
    }
  if (status != PPF_OK)
    {
      meta_bad++;
      return;
    }
  meta_accepted++;
  if (ppf_meta_encode (&m, &again, &again_size) != PPF_OK
      || again_size != size || memcmp (again, buf, size))
    meta_not_canonical++;
  else
    free (again);
  ppf_meta_free (&m);
}

int
main (void)
{
  struct bytes samples[4];
  long iterations = 20000;
  const char *env;

  unit_test_init ();
  if ((env = getenv ("PPF_FUZZ_ITERATIONS")))
    iterations = atol (env);
  if ((env = getenv ("PPF_FUZZ_SEED")))
    rng_state = strtoull (env, NULL, 0) | 1;
  make_sample (&samples[0], 0, 0);
  make_sample (&samples[1], 1, 8);
  make_sample (&samples[2], 2, 3);
  make_sample (&samples[3], 3, 5);

  for (long it = 0; it < iterations; it++)
    {
      const struct bytes *orig = &samples[rng_below (4)];
      struct bytes b;
      int mode = rng_below (3);

      b.size = orig->size;
      b.data = malloc (b.size);
      memcpy (b.data, orig->data, b.size);
      if (mode == 0 || orig == &samples[0])
	{
	  /* Anywhere in the file, checksum repaired half the time.  */
	  int n = 1 + (int) rng_below (4);
	  for (int i = 0; i < n; i++)
	    mutate (&b);
	  if (b.size >= 8 && rng_below (2))
	    ppf_fix_checksums (b.data, b.size);
	}
      else if (mode == 1)
	{
	  /* Inside one meta, with its checksum and the file's repaired
	     (mostly), so the meta's own rules are exercised.  */
	  int nfn = orig == &samples[1] ? 1 : orig == &samples[2] ? 2 : 3;
	  uint32_t ms;
	  size_t at = meta_offset (orig, (int) rng_below ((size_t) nfn), &ms);
	  struct bytes meta = { malloc (ms), ms };
	  struct bytes rebuilt;

	  memcpy (meta.data, orig->data + at, ms);
	  int n = 1 + (int) rng_below (3);
	  for (int i = 0; i < n; i++)
	    mutate (&meta);
	  if (meta.size >= 8 && rng_below (4))
	    poke_u64 (meta.data, ppf_hash (meta.data + 8, meta.size - 8,
					  PPF_HASH_SEED));
	  try_meta_decode (meta.data, meta.size);
	  rebuilt.size = orig->size - ms + meta.size;
	  rebuilt.data = malloc (rebuilt.size);
	  memcpy (rebuilt.data, orig->data, at - 4);
	  for (int k = 0; k < 4; k++)
	    rebuilt.data[at - 4 + k] = (unsigned char) (meta.size >> (8 * k));
	  memcpy (rebuilt.data + at, meta.data, meta.size);
	  memcpy (rebuilt.data + at + meta.size, orig->data + at + ms,
		  orig->size - at - ms);
	  ppf_fix_checksums (rebuilt.data, rebuilt.size);
	  free (meta.data);
	  free (b.data);
	  b = rebuilt;
	}
      else
	{
	  /* One field-sized change anywhere, checksum repaired: reaches
	     the count rules.  */
	  size_t at = rng_below (b.size - 8 - 7);
	  uint64_t v = rng_below (2) ? rng_below (10) : rng ();
	  poke_u64 (b.data + at, v);
	  ppf_fix_checksums (b.data, b.size);
	}
      try_decode (&b);
      free (b.data);
    }

  printf ("note: %ld iterations: %ld files accepted, %ld rejected; "
	  "%ld metas accepted, %ld rejected\n", iterations, accepted,
	  rejected, meta_accepted, meta_rejected);
  check (bad_status == 0, "every mutated file decodes or is rejected as "
	 "invalid", "expected PPF_OK or PPF_EBAD, saw another status %ld "
	 "times", bad_status);
  check (no_message == 0, "every rejection carries a message",
	 "expected a message, saw none %ld times", no_message);
  check (not_canonical == 0, "every accepted file re-encodes to its own "
	 "bytes", "expected identical bytes, saw others %ld times",
	 not_canonical);
  check (rejected > iterations / 2, "mutations are mostly rejected",
	 "expected over %ld rejections, saw %ld", iterations / 2, rejected);
  check (meta_bad == 0, "every mutated meta decodes or is rejected",
	 "expected PPF_OK or PPF_EBAD, saw another status %ld times",
	 meta_bad);
  check (meta_not_canonical == 0, "every accepted meta re-encodes to its "
	 "own bytes", "expected identical bytes, saw others %ld times",
	 meta_not_canonical);
  check (accepted > 0 && meta_accepted > 0, "some mutations stay valid "
	 "(the decoder is not rejecting everything)", "expected some "
	 "accepted, saw %ld files and %ld metas", accepted, meta_accepted);
  for (int i = 0; i < 4; i++)
    free (samples[i].data);
  return unit_test_report ();
}
