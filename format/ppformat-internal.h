/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* What the files of the format module share and its users must not see.
   ppformat.h is the module's API; this header is included by its files
   alone.

   The files, each calling only those above it in this list:
     ppio.c      the checksums (FNV-1a), error messages, and the byte
		 writer and reader below: the only code that lays out
		 integers and strings
     ppmeta.c    metas, a function's static description: encode,
		 decode, validate, and the readers of their fixed head
     ppformat.c  whole files: decode (with known metas, or a prefix),
		 encode, the static part and the counts section apart,
		 the static checksum; comparing and re-checksumming for
		 tests and fuzzers
     ppfile.c    files on descriptors and paths: read one whole, decode
		 it, encode and write one
     ppmerge.c   adding counts: saturating sums and weights, merging
		 sorted counts, the sampling of a merge (calls ppio.c
		 only)
   ppjournal.c (journals, ppjournal.h) uses the checksums of ppio.c
   through ppformat.h.  The runtime links all six (Makefile,
   RUNTIME_FORMAT_OBJ); ppedges.c and ppfind.c, which need the core,
   are the plugin's and the tools'.

   The small readers and writers of fixed-size fields are inline here:
   a profile's counts are encoded and decoded at every exit, one call per
   field otherwise.  */

#ifndef PATHPROF_PPFORMAT_INTERNAL_H
#define PATHPROF_PPFORMAT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#pragma GCC visibility push(hidden)

#include "ppformat.h"

/* Smallest encodings the meta and the file decoders both check counts
   against (the others are each file's own).  */
#define MIN_STR_SIZE 4		/* u32 length */
#define META_HEADER_SIZE 16	/* checksum, num_paths */

/* Format a message into ERR (ERRLEN bytes, may be 0).  */
void ppf_set_error (char *err, size_t errlen, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* calloc for COUNT elements of SIZE bytes, never NULL for COUNT = 0.  */
void *ppf_alloc_array (uint64_t count, size_t size);

/* ------------------------------------------------------------------ */
/* Writing.                                                           */

/* A growing output buffer.  The first failure (out of memory, size
   overflow, a value the format cannot represent) sticks in STATUS and
   turns every later put into a no-op, so that encoders check once at the
   end.  */
struct ppf_writer
{
  unsigned char *data;
  size_t size;
  size_t capacity;
  int status;			/* PPF_OK or the first error */
};

int ppf_writer_reserve (struct ppf_writer *w, size_t n);
void ppf_put_bytes (struct ppf_writer *w, const void *p, size_t n);
void ppf_put_str (struct ppf_writer *w, const char *s);

/* Append V as a little-endian u32.  */

static inline void
ppf_put_u32 (struct ppf_writer *w, uint32_t v)
{
  unsigned char b[4];
  int i;

  for (i = 0; i < 4; i++)
    b[i] = (unsigned char) (v >> (8 * i));
  ppf_put_bytes (w, b, 4);
}

/* Append V as a little-endian u64.  */

static inline void
ppf_put_u64 (struct ppf_writer *w, uint64_t v)
{
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  v = __builtin_bswap64 (v);
#endif
  if (w->size + 8 <= w->capacity && w->status == PPF_OK)
    {
      /* The common case, room reserved: no call.  */
      memcpy (w->data + w->size, &v, 8);
      w->size += 8;
    }
  else
    ppf_put_bytes (w, &v, 8);
}

/* Store V as a little-endian u64 at P (patching a field written
   earlier).  */

static inline void
ppf_store_u64 (unsigned char *p, uint64_t v)
{
  int i;

  for (i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* ------------------------------------------------------------------ */
/* Reading.                                                           */

/* Decode a little-endian u32 at P.  */

static inline uint32_t
ppf_load_u32 (const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
	 | (uint32_t) p[3] << 24;
}

/* Decode a little-endian u64 at P.  */

static inline uint64_t
ppf_load_u64 (const unsigned char *p)
{
  uint64_t x;

  /* One load on a little-endian host: the counts of a profile are read
     at every exit.  */
  memcpy (&x, p, 8);
#if defined __BYTE_ORDER__ && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  x = __builtin_bswap64 (x);
#endif
  return x;
}

/* A cursor over an input buffer.  Every get checks the bytes that remain;
   the first failure records a message and makes the later gets fail
   too.  */
struct ppf_reader
{
  const unsigned char *data;
  size_t size;
  size_t pos;
  int failed;			/* a get failed: STATUS says how */
  int status;			/* PPF_EBAD or PPF_ENOMEM once failed */
  char *err;
  size_t errlen;
  uint32_t units;		/* a merged file's num_units: each function
				   starts with its unit; else 0 */
  int times;			/* PPF_FILE_TIME: each count has a time */
  int sampled;			/* PPF_FILE_SAMPLED: each count has its
				   samples, the counts section the
				   period */
};

/* Fail R (unless it failed already), saying what, and return 0: a field
   runs past the end, memory ran out, or FMT's message.  */
int ppf_truncated (struct ppf_reader *r, const char *what);
int ppf_out_of_memory (struct ppf_reader *r);
int ppf_fail (struct ppf_reader *r, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
int ppf_get_str (struct ppf_reader *r, char **s, const char *what);
int ppf_check_count (struct ppf_reader *r, uint64_t count, size_t min_size,
		     const char *what);

/* The number of unread bytes.  */

static inline size_t
ppf_remaining (const struct ppf_reader *r)
{
  return r->size - r->pos;
}

/* Read a little-endian u32 (WHAT names it in a message).  */

static inline int
ppf_get_u32 (struct ppf_reader *r, uint32_t *v, const char *what)
{
  uint32_t x = 0;
  int i;

  if (r->failed)
    return 0;
  if (ppf_remaining (r) < 4)
    {
      /* Not "return ppf_truncated": the compiler could not see that
	 *V is never read after a 0.  */
      ppf_truncated (r, what);
      return 0;
    }
  for (i = 0; i < 4; i++)
    x |= (uint32_t) r->data[r->pos + i] << (8 * i);
  r->pos += 4;
  *v = x;
  return 1;
}

/* Read a little-endian u64 (WHAT names it in a message).  */

static inline int
ppf_get_u64 (struct ppf_reader *r, uint64_t *v, const char *what)
{
  if (r->failed)
    return 0;
  if (ppf_remaining (r) < 8)
    {
      /* Not "return ppf_truncated": the compiler could not see that
	 *V is never read after a 0.  */
      ppf_truncated (r, what);
      return 0;
    }
  *v = ppf_load_u64 (r->data + r->pos);
  r->pos += 8;
  return 1;
}

#pragma GCC visibility pop

#endif /* PATHPROF_PPFORMAT_INTERNAL_H */
