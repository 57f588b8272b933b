/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The primitives of the .pathprof format (ppformat-internal.h): the
   FNV-1a checksums, and the writer and the reader through which every
   encoder and decoder of the format goes.

   Integers are written and read one byte at a time, least significant
   first, so the code is the same on every host; no structure is ever
   dumped to or loaded from a file as it lies in memory.  The reader
   trusts nothing: every get checks the bytes that remain, and the first
   failure leaves a message in the caller's buffer.

   The symbols are hidden: the module is linked into libpathprof.so, the
   plugin and pathprof-dump, and none of them exports it.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat-internal.h"

#define FNV_PRIME 0x100000001b3ULL

/* ------------------------------------------------------------------ */
/* Messages and checksums.                                            */

/* Format a message into ERR (ERRLEN bytes, may be 0).  Every decoding
   failure goes through here so that the caller always gets a reason.  */

void
ppf_set_error (char *err, size_t errlen, const char *fmt, ...)
{
  va_list ap;

  if (!err || errlen == 0)
    return;
  va_start (ap, fmt);
  vsnprintf (err, errlen, fmt, ap);
  va_end (ap);
}

/* FNV-1a, 64 bits: the checksum of metas and of whole files.  SEED is the
   offset basis, PPF_HASH_SEED for the standard hash; passing the result
   of a previous call continues a hash over several pieces.  */

uint64_t
ppf_hash (const void *data, size_t size, uint64_t seed)
{
  const unsigned char *p = data;
  const unsigned char *end = p + size;
  uint64_t h = seed;

  /* Eight bytes a turn, the same hash: a write at exit hashes the whole
     file twice (its checksum read, then written), and the loop's own
     increment, compare and branch per byte were a third of the cost.  */
  while (end - p >= 8)
    {
      h = (h ^ p[0]) * FNV_PRIME;
      h = (h ^ p[1]) * FNV_PRIME;
      h = (h ^ p[2]) * FNV_PRIME;
      h = (h ^ p[3]) * FNV_PRIME;
      h = (h ^ p[4]) * FNV_PRIME;
      h = (h ^ p[5]) * FNV_PRIME;
      h = (h ^ p[6]) * FNV_PRIME;
      h = (h ^ p[7]) * FNV_PRIME;
      p += 8;
    }
  while (p < end)
    h = (h ^ *p++) * FNV_PRIME;
  return h;
}

/* FNV-1a's step on 64-bit words: the checksum of a journal, which holds
   a whole profile and is written at every write.  Words are read
   little-endian whatever the host, as the format's integers are.  */

uint64_t
ppf_hash_words (const void *data, size_t size, uint64_t seed)
{
  const unsigned char *p = data;
  const unsigned char *end = p + size;
  uint64_t h = seed;

  /* Four words a turn: the multiplies stay one chain, but the loop's
     own instructions are shared (every write hashes whole profiles).  */
  while (end - p >= 32)
    {
      uint64_t w[4];

      memcpy (w, p, 32);
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      for (int i = 0; i < 4; i++)
	w[i] = __builtin_bswap64 (w[i]);
#endif
      h = (h ^ w[0]) * FNV_PRIME;
      h = (h ^ w[1]) * FNV_PRIME;
      h = (h ^ w[2]) * FNV_PRIME;
      h = (h ^ w[3]) * FNV_PRIME;
      p += 32;
    }
  while (end - p >= 8)
    {
      uint64_t w;

      memcpy (&w, p, 8);
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
      w = __builtin_bswap64 (w);
#endif
      h = (h ^ w) * FNV_PRIME;
      p += 8;
    }
  while (p < end)
    h = (h ^ *p++) * FNV_PRIME;
  return h;
}

/* The checksum of a file over its SIZE bytes before it (ppformat.h).  */

uint64_t
ppf_file_checksum (const void *buf, size_t size)
{
  const unsigned char *p = buf;
  uint32_t version = PPF_VERSION;

  if (size >= PPF_MAGIC_SIZE + 4)
    version = (uint32_t) p[8] | (uint32_t) p[9] << 8 | (uint32_t) p[10] << 16
	      | (uint32_t) p[11] << 24;
  return version < 2 ? ppf_hash (buf, size, PPF_HASH_SEED)
		     : ppf_hash_words (buf, size, PPF_HASH_SEED);
}


/* The size and hash of F from its position on (ppformat.h): read in
   chunks that are whole words but the last, so that ppf_hash_words
   over the chunks, each seeded with the last's hash, is its hash over
   the whole.  */

int
ppf_hash_file (FILE *f, ppf_source *out)
{
  unsigned char buf[1 << 16];
  size_t got;

  out->size = 0;
  out->hash = PPF_HASH_SEED;
  do
    {
      got = fread (buf, 1, sizeof buf, f);
      out->hash = ppf_hash_words (buf, got, out->hash);
      out->size += got;
    }
  while (got == sizeof buf);
  return ferror (f) ? PPF_EIO : PPF_OK;
}

/* ------------------------------------------------------------------ */
/* Writing.                                                           */

/* Make room for N more bytes in W, doubling its capacity; false (with
   W->status set) if that is impossible.  */

int
ppf_writer_reserve (struct ppf_writer *w, size_t n)
{
  size_t need, cap;
  unsigned char *data;

  if (w->status != PPF_OK)
    return 0;
  if (n > SIZE_MAX - w->size)
    {
      w->status = PPF_ENOMEM;
      return 0;
    }
  need = w->size + n;
  if (need <= w->capacity)
    return 1;
  cap = w->capacity ? w->capacity : 256;
  while (cap < need)
    cap = cap > SIZE_MAX / 2 ? need : cap * 2;
  data = realloc (w->data, cap);
  if (!data)
    {
      w->status = PPF_ENOMEM;
      return 0;
    }
  w->data = data;
  w->capacity = cap;
  return 1;
}

/* Append N bytes at P to W.  */

void
ppf_put_bytes (struct ppf_writer *w, const void *p, size_t n)
{
  if (n == 0 || !ppf_writer_reserve (w, n))
    return;
  memcpy (w->data + w->size, p, n);
  w->size += n;
}

/* Append the string S (NULL stands for "") as a u32 length and its bytes.
   A string longer than 2^32-1 bytes cannot be represented.  */

void
ppf_put_str (struct ppf_writer *w, const char *s)
{
  size_t len = s ? strlen (s) : 0;

  if (len > UINT32_MAX)
    {
      if (w->status == PPF_OK)
	w->status = PPF_EBAD;
      return;
    }
  ppf_put_u32 (w, (uint32_t) len);
  ppf_put_bytes (w, s, len);
}

/* ------------------------------------------------------------------ */
/* Reading.                                                           */

/* Fail R with "truncated" naming WHAT, unless it failed already.  */

int
ppf_truncated (struct ppf_reader *r, const char *what)
{
  if (!r->failed)
    ppf_set_error (r->err, r->errlen, "truncated: %s at byte %zu runs past "
		   "the end (%zu bytes)", what, r->pos, r->size);
  r->failed = 1;
  r->status = PPF_EBAD;
  return 0;
}

/* Fail R for lack of memory, unless it failed already.  */

int
ppf_out_of_memory (struct ppf_reader *r)
{
  if (!r->failed)
    {
      ppf_set_error (r->err, r->errlen, "out of memory");
      r->status = PPF_ENOMEM;
    }
  r->failed = 1;
  return 0;
}

/* Fail R with a formatted message, unless it failed already.  Returns 0
   so that callers can write "return ppf_fail (...)".  */

int
ppf_fail (struct ppf_reader *r, const char *fmt, ...)
{
  va_list ap;

  if (!r->failed && r->err && r->errlen)
    {
      va_start (ap, fmt);
      vsnprintf (r->err, r->errlen, fmt, ap);
      va_end (ap);
    }
  if (!r->failed)
    r->status = PPF_EBAD;
  r->failed = 1;
  return 0;
}

/* Read a string into a malloc'd NUL-terminated copy in *S.  A NUL byte
   inside is rejected: the decoded C string could not hold it, and
   re-encoding would give other bytes.  */

int
ppf_get_str (struct ppf_reader *r, char **s, const char *what)
{
  uint32_t len;
  char *copy;

  if (!ppf_get_u32 (r, &len, what))
    return 0;
  if (len > ppf_remaining (r))
    return ppf_truncated (r, what);
  if (memchr (r->data + r->pos, 0, len))
    return ppf_fail (r, "%s contains a NUL byte", what);
  copy = malloc ((size_t) len + 1);
  if (!copy)
    return ppf_out_of_memory (r);
  memcpy (copy, r->data + r->pos, len);
  copy[len] = 0;
  r->pos += len;
  *s = copy;
  return 1;
}

/* Check that COUNT elements of at least MIN_SIZE bytes each can still be
   in R, before allocating COUNT of them: a corrupt count must not make us
   allocate gigabytes for a file of a few bytes.  */

int
ppf_check_count (struct ppf_reader *r, uint64_t count, size_t min_size,
		 const char *what)
{
  if (r->failed)
    return 0;
  if (count > ppf_remaining (r) / min_size)
    return ppf_fail (r, "truncated: %s %llu at byte %zu cannot fit in the "
		     "%zu bytes that remain", what, (unsigned long long) count,
		     r->pos, ppf_remaining (r));
  return 1;
}

/* calloc for COUNT elements of SIZE bytes, never NULL for COUNT = 0 (so
   that NULL always means out of memory).  */

void *
ppf_alloc_array (uint64_t count, size_t size)
{
  if (count > SIZE_MAX / size)
    return NULL;
  return calloc (count ? (size_t) count : 1, size);
}
