/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The .pathprof file format: encode, decode, validate.

   doc/file-format.md is the specification; this file implements it field
   by field.  Integers are written and read one byte at a time, least
   significant first, so the code is the same on every host; no structure
   is ever dumped to or loaded from a file as it lies in memory.

   Decoding trusts nothing: every count is checked against the bytes that
   remain before anything is allocated for it, every index and order that
   the specification states is checked, and every failure leaves a message
   in the caller's buffer and the output structure empty.  Encoding
   checks what it is given the same way, so that nothing this module
   writes fails to decode.

   The symbols are hidden: the module is linked into libpathprof.so, the
   plugin and pathprof-dump, and none of them exports it.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat.h"

#define FNV_PRIME 0x100000001b3ULL

/* Smallest encoding of each repeated element, used to reject a count that
   the remaining bytes cannot hold before allocating for it.  */
#define MIN_STR_SIZE 4		/* u32 length */
#define MIN_BLOCK_SIZE 8	/* index, num_lines */
#define LINE_SIZE 8		/* file, line */
#define EDGE_SIZE 28		/* 5 x u32, u64 */
#define COUNT_SIZE 16		/* path, count */
#define TIMED_COUNT_SIZE 24	/* path, count, time */
#define MIN_FUNCTION_SIZE 12	/* meta_size, num_counts */
#define META_HEADER_SIZE 16	/* checksum, num_paths */
#define FILE_HEADER_SIZE 24	/* magic, version, flags, runs */

#define KNOWN_FN_FLAGS (PPF_FN_HASHED | PPF_FN_TRUNCATED | PPF_FN_PARTIAL \
			| PPF_FN_APART | PPF_FN_SOURCES \
			| PPF_FN_DETAIL | PPF_FN_TIMED | PPF_FN_ARTIFICIAL)
#define KNOWN_FILE_FLAGS (PPF_FILE_UNITS | PPF_FILE_TIME)
#define BLOCK_DETAIL_SIZE 12	/* num_stmts, branch file, branch line */
#define MIN_BRANCH_SIZE 16	/* src, dst, kind, label length */

/* Format a message into ERR (ERRLEN bytes, may be 0).  Every decoding
   failure goes through here so that the caller always gets a reason.  */

static void __attribute__ ((format (printf, 3, 4)))
set_error (char *err, size_t errlen, const char *fmt, ...)
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


/* ------------------------------------------------------------------ */
/* Writing.                                                           */

/* A growing output buffer.  The first failure (out of memory, size
   overflow, a value the format cannot represent) sticks in STATUS and
   turns every later put into a no-op, so that encoders check once at the
   end.  */
struct writer
{
  unsigned char *data;
  size_t size;
  size_t capacity;
  int status;			/* PPF_OK or the first error */
};

/* Make room for N more bytes in W, doubling its capacity; false (with
   W->status set) if that is impossible.  */

static int
writer_reserve (struct writer *w, size_t n)
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

static void
put_bytes (struct writer *w, const void *p, size_t n)
{
  if (n == 0 || !writer_reserve (w, n))
    return;
  memcpy (w->data + w->size, p, n);
  w->size += n;
}

/* Append V as a little-endian u32.  */

static void
put_u32 (struct writer *w, uint32_t v)
{
  unsigned char b[4];
  int i;

  for (i = 0; i < 4; i++)
    b[i] = (unsigned char) (v >> (8 * i));
  put_bytes (w, b, 4);
}

/* Append V as a little-endian u64.  */

static void
put_u64 (struct writer *w, uint64_t v)
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
    put_bytes (w, &v, 8);
}

/* Store V as a little-endian u64 at P (patching a field written
   earlier).  */

static void
store_u64 (unsigned char *p, uint64_t v)
{
  int i;

  for (i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* Append the string S (NULL stands for "") as a u32 length and its bytes.
   A string longer than 2^32-1 bytes cannot be represented.  */

static void
put_str (struct writer *w, const char *s)
{
  size_t len = s ? strlen (s) : 0;

  if (len > UINT32_MAX)
    {
      if (w->status == PPF_OK)
	w->status = PPF_EBAD;
      return;
    }
  put_u32 (w, (uint32_t) len);
  put_bytes (w, s, len);
}

/* ------------------------------------------------------------------ */
/* Reading.                                                           */

/* Decode a little-endian u32 at P.  */

static uint32_t
load_u32 (const unsigned char *p)
{
  return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16
	 | (uint32_t) p[3] << 24;
}

/* Decode a little-endian u64 at P.  */

static uint64_t
load_u64 (const unsigned char *p)
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
struct reader
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
};

/* Fail R with "truncated" naming WHAT, unless it failed already.  */

static int
truncated (struct reader *r, const char *what)
{
  if (!r->failed)
    set_error (r->err, r->errlen, "truncated: %s at byte %zu runs past "
	       "the end (%zu bytes)", what, r->pos, r->size);
  r->failed = 1;
  r->status = PPF_EBAD;
  return 0;
}

/* Fail R for lack of memory, unless it failed already.  */

static int
out_of_memory (struct reader *r)
{
  if (!r->failed)
    {
      set_error (r->err, r->errlen, "out of memory");
      r->status = PPF_ENOMEM;
    }
  r->failed = 1;
  return 0;
}

/* Fail R with a formatted message, unless it failed already.  Returns 0
   so that callers can write "return fail (...)".  */

static int __attribute__ ((format (printf, 2, 3)))
fail (struct reader *r, const char *fmt, ...)
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

/* The number of unread bytes.  */

static size_t
remaining (const struct reader *r)
{
  return r->size - r->pos;
}

/* Read a little-endian u32 (WHAT names it in a message).  */

static int
get_u32 (struct reader *r, uint32_t *v, const char *what)
{
  uint32_t x = 0;
  int i;

  if (r->failed)
    return 0;
  if (remaining (r) < 4)
    return truncated (r, what);
  for (i = 0; i < 4; i++)
    x |= (uint32_t) r->data[r->pos + i] << (8 * i);
  r->pos += 4;
  *v = x;
  return 1;
}

/* Read a little-endian u64 (WHAT names it in a message).  */

static int
get_u64 (struct reader *r, uint64_t *v, const char *what)
{
  if (r->failed)
    return 0;
  if (remaining (r) < 8)
    return truncated (r, what);
  *v = load_u64 (r->data + r->pos);
  r->pos += 8;
  return 1;
}


/* Read a string into a malloc'd NUL-terminated copy in *S.  A NUL byte
   inside is rejected: the decoded C string could not hold it, and
   re-encoding would give other bytes.  */

static int
get_str (struct reader *r, char **s, const char *what)
{
  uint32_t len;
  char *copy;

  if (!get_u32 (r, &len, what))
    return 0;
  if (len > remaining (r))
    return truncated (r, what);
  if (memchr (r->data + r->pos, 0, len))
    return fail (r, "%s contains a NUL byte", what);
  copy = malloc ((size_t) len + 1);
  if (!copy)
    return out_of_memory (r);
  memcpy (copy, r->data + r->pos, len);
  copy[len] = 0;
  r->pos += len;
  *s = copy;
  return 1;
}

/* Check that COUNT elements of at least MIN_SIZE bytes each can still be
   in R, before allocating COUNT of them: a corrupt count must not make us
   allocate gigabytes for a file of a few bytes.  */

static int
check_count (struct reader *r, uint64_t count, size_t min_size,
	     const char *what)
{
  if (r->failed)
    return 0;
  if (count > remaining (r) / min_size)
    return fail (r, "truncated: %s %llu at byte %zu cannot fit in the "
		 "%zu bytes that remain", what, (unsigned long long) count,
		 r->pos, remaining (r));
  return 1;
}

/* calloc for COUNT elements of SIZE bytes, never NULL for COUNT = 0 (so
   that NULL always means out of memory).  */

static void *
alloc_array (uint64_t count, size_t size)
{
  if (count > SIZE_MAX / size)
    return NULL;
  return calloc (count ? (size_t) count : 1, size);
}

/* ------------------------------------------------------------------ */
/* Metas.                                                             */

/* The block of M numbered INDEX, or NULL: a binary search, M->blocks
   being sorted by number.  */

const ppf_block *
ppf_meta_block (const ppf_meta *m, uint32_t index)
{
  size_t lo = 0, hi = m->num_blocks;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (m->blocks[mid].index == index)
	return &m->blocks[mid];
      if (m->blocks[mid].index < index)
	lo = mid + 1;
      else
	hi = mid;
    }
  return NULL;
}

/* The outcome of the CFG edge SRC -> DST in M, or NULL: a binary search
   in M->branches, sorted by (src, dst).  */

const ppf_branch *
ppf_meta_branch (const ppf_meta *m, uint32_t src, uint32_t dst)
{
  size_t lo = 0, hi = m->num_branches;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      const ppf_branch *b = &m->branches[mid];

      if (b->src == src && b->dst == dst)
	return b;
      if (b->src < src || (b->src == src && b->dst < dst))
	lo = mid + 1;
      else
	hi = mid;
    }
  return NULL;
}

/* The position of block number INDEX in M->blocks, or -1.  */

static long
find_block (const ppf_meta *m, uint32_t index)
{
  const ppf_block *b = ppf_meta_block (m, index);

  return b ? (long) (b - m->blocks) : -1;
}

/* Check everything doc/file-format.md says of a meta beyond its byte
   layout: indices in range, blocks sorted with ENTRY and EXIT present,
   edges between known blocks, grouped by source with increasing Val, each
   Val below num_paths.  Used by the decoder and by the encoder (so the
   plugin cannot embed a meta that pathprof-dump would reject).  Returns
   PPF_OK, PPF_EBAD with a message in ERR, or PPF_ENOMEM.  */

static int
validate_meta (const ppf_meta *m, char *err, size_t errlen)
{
  uint32_t i, j;
  unsigned char *seen;
  long prev_src = -1;

  if (m->num_paths == 0)
    {
      set_error (err, errlen, "num_paths is 0");
      return PPF_EBAD;
    }
  if (m->flags & ~KNOWN_FN_FLAGS)
    {
      set_error (err, errlen, "unknown flags 0x%x",
		 (unsigned) (m->flags & ~KNOWN_FN_FLAGS));
      return PPF_EBAD;
    }
  if ((m->flags & PPF_FN_APART) && (m->flags & PPF_FN_PARTIAL))
    {
      set_error (err, errlen, "early exits both apart and partial");
      return PPF_EBAD;
    }
  if ((m->flags & PPF_FN_APART)
      ? m->path_limit <= m->num_paths
      : m->path_limit != 0 && m->path_limit != m->num_paths)
    {
      set_error (err, errlen, "path_limit %llu with %llu paths",
		 (unsigned long long) m->path_limit,
		 (unsigned long long) m->num_paths);
      return PPF_EBAD;
    }
  if (m->file != PPF_NONE && m->file >= m->num_files)
    {
      set_error (err, errlen, "file index %u out of range (%u files)",
		 (unsigned) m->file, (unsigned) m->num_files);
      return PPF_EBAD;
    }
  if (m->num_blocks < 2 || m->blocks[0].index != 0
      || m->blocks[1].index != 1)
    {
      set_error (err, errlen, "blocks do not start with ENTRY (0) and "
		 "EXIT (1)");
      return PPF_EBAD;
    }
  for (i = 0; i < m->num_blocks; i++)
    {
      const ppf_block *b = &m->blocks[i];

      if (i > 0 && b->index <= m->blocks[i - 1].index)
	{
	  set_error (err, errlen, "block %u: index %u not above the "
		     "previous block's %u", (unsigned) i, (unsigned) b->index,
		     (unsigned) m->blocks[i - 1].index);
	  return PPF_EBAD;
	}
      for (j = 0; j < b->num_lines; j++)
	if (b->lines[j].file >= m->num_files)
	  {
	    set_error (err, errlen, "block %u: line %u: file index %u out "
		       "of range (%u files)", (unsigned) b->index,
		       (unsigned) j, (unsigned) b->lines[j].file,
		       (unsigned) m->num_files);
	    return PPF_EBAD;
	  }
      if ((m->flags & PPF_FN_DETAIL)
	  && (b->branch.file == PPF_NONE ? b->branch.line != 0
	      : b->branch.file >= m->num_files))
	{
	  set_error (err, errlen, "block %u: branch line's file index %u out "
		     "of range (%u files)", (unsigned) b->index,
		     (unsigned) b->branch.file, (unsigned) m->num_files);
	  return PPF_EBAD;
	}
    }
  if (!(m->flags & PPF_FN_DETAIL) && m->num_branches)
    {
      set_error (err, errlen, "branches without the detail flag");
      return PPF_EBAD;
    }
  for (i = 0; i < m->num_branches; i++)
    {
      const ppf_branch *br = &m->branches[i];
      const char *problem = NULL;

      if (find_block (m, br->src) < 0 || find_block (m, br->dst) < 0)
	problem = "an endpoint is not a block";
      else if (br->kind > PPF_BRANCH_GOTO)
	problem = "unknown kind";
      else if (i > 0 && (br->src < m->branches[i - 1].src
			 || (br->src == m->branches[i - 1].src
			     && br->dst <= m->branches[i - 1].dst)))
	problem = "not above the previous branch";
      if (problem)
	{
	  set_error (err, errlen, "branch %u (%u->%u): %s", (unsigned) i,
		     (unsigned) br->src, (unsigned) br->dst, problem);
	  return PPF_EBAD;
	}
    }

  /* SEEN marks the sources whose group of edges has ended, to check that
     edges are grouped by source.  */
  seen = calloc (m->num_blocks, 1);
  if (!seen)
    {
      set_error (err, errlen, "out of memory");
      return PPF_ENOMEM;
    }
  for (i = 0; i < m->num_edges; i++)
    {
      const ppf_edge *e = &m->edges[i];
      long src = find_block (m, e->src);
      const char *problem = NULL;

      if (src < 0 || find_block (m, e->dst) < 0)
	problem = "an endpoint is not a block";
      else if (e->kind > PPF_EDGE_UNWIND_EXIT)
	problem = "unknown kind";
      /* A restart edge leaves the abnormal dispatcher, which never runs
	 and is normally unreachable: it need not be listed.  */
      else if (e->kind != PPF_EDGE_RESTART_ENTRY
	       && find_block (m, e->cfg_src) < 0)
	problem = "cfg_src is not a block";
      else if (e->kind == PPF_EDGE_NORETURN_EXIT
	       || e->kind == PPF_EDGE_UNWIND_EXIT
	       ? e->cfg_dst != PPF_NONE
	       : e->kind == PPF_EDGE_EARLY_EXIT
	       ? (e->cfg_dst != PPF_NONE
		  && (e->cfg_dst
		      >= m->blocks[find_block (m, e->cfg_src)].num_lines))
	       : find_block (m, e->cfg_dst) < 0)
	problem = e->kind == PPF_EDGE_EARLY_EXIT
	  ? "cfg_dst of an early exit is not a line of its block"
	  : e->kind == PPF_EDGE_NORETURN_EXIT
	    || e->kind == PPF_EDGE_UNWIND_EXIT
	  ? "cfg_dst of a noreturn edge is not 0xFFFFFFFF"
	  : "cfg_dst is not a block";
      else if ((e->kind == PPF_EDGE_EARLY_EXIT
		|| e->kind == PPF_EDGE_UNWIND_EXIT)
	       && (e->dst != 1 || e->cfg_src != e->src))
	problem = "an early or unwind exit does not go from its block to "
		  "EXIT";
      else if ((m->flags & PPF_FN_APART) && e->kind == PPF_EDGE_EARLY_EXIT
	       ? e->val == 0 || e->val % m->num_paths != 0
		 || e->val > m->path_limit - m->num_paths
	       : e->val >= m->num_paths)
	problem = (m->flags & PPF_FN_APART) && e->kind == PPF_EDGE_EARLY_EXIT
	  ? "val of an early exit apart not a multiple of num_paths below "
	    "path_limit"
	  : "val not below num_paths";
      else if (src == prev_src && e->val <= m->edges[i - 1].val)
	problem = "val not above the previous edge's from the same block";
      else if (src != prev_src && seen[src])
	problem = "edges not grouped by source block";
      if (problem)
	{
	  set_error (err, errlen, "edge %u (%u->%u): %s", (unsigned) i,
		     (unsigned) e->src, (unsigned) e->dst, problem);
	  free (seen);
	  return PPF_EBAD;
	}
      if (src != prev_src)
	{
	  if (prev_src >= 0)
	    seen[prev_src] = 1;
	  prev_src = src;
	}
    }
  free (seen);
  return PPF_OK;
}

/* Release everything M owns and leave it empty.  */

void
ppf_meta_free (ppf_meta *m)
{
  uint32_t i;

  if (!m)
    return;
  free (m->name);
  free (m->display_name);
  if (m->files)
    for (i = 0; i < m->num_files; i++)
      free (m->files[i]);
  free (m->files);
  if (m->blocks)
    for (i = 0; i < m->num_blocks; i++)
      free (m->blocks[i].lines);
  free (m->blocks);
  free (m->edges);
  if (m->branches)
    for (i = 0; i < m->num_branches; i++)
      free (m->branches[i].label);
  free (m->branches);
  free (m->comp_dir);
  free (m->sources);
  memset (m, 0, sizeof *m);
}

/* Encode M as doc/file-format.md "Meta" lays it out, after checking it
   with validate_meta: everything after the checksum first, then the
   FNV-1a of those bytes in front, also stored in M->checksum.  *BUF is
   malloc'd.  PPF_EBAD when M is not a valid description (the plugin's
   bug: ppf_meta_decode of the same structure would say why), PPF_ENOMEM
   when memory runs out.  */

int
ppf_meta_encode (ppf_meta *m, unsigned char **buf, size_t *size)
{
  struct writer w = { NULL, 0, 0, PPF_OK };
  char err[16];
  uint32_t i, j;
  int status;
  uint64_t checksum;

  *buf = NULL;
  *size = 0;
  if ((m->num_files && !m->files) || (m->num_blocks && !m->blocks)
      || (m->num_edges && !m->edges))
    return PPF_EBAD;
  for (i = 0; i < m->num_blocks; i++)
    if (m->blocks[i].num_lines && !m->blocks[i].lines)
      return PPF_EBAD;
  if (m->num_branches && !m->branches)
    return PPF_EBAD;
  if ((m->flags & PPF_FN_SOURCES)
      && (!m->comp_dir || (m->num_files && !m->sources)))
    return PPF_EBAD;
  status = validate_meta (m, err, sizeof err);
  if (status != PPF_OK)
    return status;

  put_u64 (&w, 0);		/* the checksum, patched below */
  put_u64 (&w, m->num_paths);
  put_u32 (&w, m->flags);
  if (m->flags & PPF_FN_APART)
    put_u64 (&w, m->path_limit);
  put_str (&w, m->name);
  put_str (&w, m->display_name);
  put_u32 (&w, m->file);
  put_u32 (&w, m->line);
  put_u32 (&w, m->num_files);
  for (i = 0; i < m->num_files; i++)
    put_str (&w, m->files[i]);
  put_u32 (&w, m->num_blocks);
  for (i = 0; i < m->num_blocks; i++)
    {
      const ppf_block *b = &m->blocks[i];

      put_u32 (&w, b->index);
      put_u32 (&w, b->num_lines);
      for (j = 0; j < b->num_lines; j++)
	{
	  put_u32 (&w, b->lines[j].file);
	  put_u32 (&w, b->lines[j].line);
	}
    }
  put_u32 (&w, m->num_edges);
  for (i = 0; i < m->num_edges; i++)
    {
      const ppf_edge *e = &m->edges[i];

      put_u32 (&w, e->src);
      put_u32 (&w, e->dst);
      put_u32 (&w, e->kind);
      put_u32 (&w, e->cfg_src);
      put_u32 (&w, e->cfg_dst);
      put_u64 (&w, e->val);
    }
  if (m->flags & PPF_FN_DETAIL)
    {
      for (i = 0; i < m->num_blocks; i++)
	{
	  put_u32 (&w, m->blocks[i].num_stmts);
	  put_u32 (&w, m->blocks[i].branch.file);
	  put_u32 (&w, m->blocks[i].branch.line);
	}
      put_u32 (&w, m->num_branches);
      for (i = 0; i < m->num_branches; i++)
	{
	  put_u32 (&w, m->branches[i].src);
	  put_u32 (&w, m->branches[i].dst);
	  put_u32 (&w, m->branches[i].kind);
	  put_str (&w, m->branches[i].label ? m->branches[i].label : "");
	}
    }
  if (m->flags & PPF_FN_SOURCES)
    {
      put_str (&w, m->comp_dir);
      for (i = 0; i < m->num_files; i++)
	{
	  put_u64 (&w, m->sources[i].size);
	  put_u64 (&w, m->sources[i].hash);
	}
    }
  if (w.status == PPF_OK && w.size > UINT32_MAX)
    w.status = PPF_EBAD;	/* meta_size is a u32 in the file */
  if (w.status != PPF_OK)
    {
      free (w.data);
      return w.status;
    }
  checksum = ppf_hash (w.data + 8, w.size - 8, PPF_HASH_SEED);
  store_u64 (w.data, checksum);
  m->checksum = checksum;
  *buf = w.data;
  *size = w.size;
  return PPF_OK;
}

/* Read the sources section of M from R, when M has one
   (PPF_FN_SOURCES): the working directory, then each file's size and
   hash.  Returns 1, or 0 after a failure.  */

static int
read_sources (struct reader *r, ppf_meta *m)
{
  uint32_t i;

  if (!(m->flags & PPF_FN_SOURCES))
    return 1;
  if (!get_str (r, &m->comp_dir, "compilation directory")
      || !check_count (r, m->num_files, 16, "file sources"))
    return 0;
  m->sources = alloc_array (m->num_files, sizeof *m->sources);
  if (!m->sources && m->num_files)
    return out_of_memory (r);
  for (i = 0; i < m->num_files; i++)
    {
      get_u64 (r, &m->sources[i].size, "source size");
      get_u64 (r, &m->sources[i].hash, "source hash");
    }
  return !r->failed;
}

/* The body of ppf_meta_decode: read every field of a meta from R into M,
   which the caller frees on failure.  */

static int
read_meta (struct reader *r, ppf_meta *m)
{
  uint32_t i, j;

  get_u64 (r, &m->checksum, "meta checksum");
  get_u64 (r, &m->num_paths, "num_paths");
  get_u32 (r, &m->flags, "function flags");
  m->path_limit = m->num_paths;
  if (m->flags & PPF_FN_APART)
    get_u64 (r, &m->path_limit, "path_limit");
  get_str (r, &m->name, "function name");
  get_str (r, &m->display_name, "display name");
  get_u32 (r, &m->file, "function file");
  get_u32 (r, &m->line, "function line");
  if (!get_u32 (r, &m->num_files, "num_files")
      || !check_count (r, m->num_files, MIN_STR_SIZE, "num_files"))
    return 0;
  m->files = alloc_array (m->num_files, sizeof *m->files);
  if (!m->files)
    return out_of_memory (r);
  for (i = 0; i < m->num_files; i++)
    if (!get_str (r, &m->files[i], "file name"))
      return 0;

  if (!get_u32 (r, &m->num_blocks, "num_blocks")
      || !check_count (r, m->num_blocks, MIN_BLOCK_SIZE, "num_blocks"))
    return 0;
  m->blocks = alloc_array (m->num_blocks, sizeof *m->blocks);
  if (!m->blocks)
    return out_of_memory (r);
  for (i = 0; i < m->num_blocks; i++)
    {
      ppf_block *b = &m->blocks[i];

      if (!get_u32 (r, &b->index, "block index")
	  || !get_u32 (r, &b->num_lines, "num_lines")
	  || !check_count (r, b->num_lines, LINE_SIZE, "num_lines"))
	return 0;
      b->lines = alloc_array (b->num_lines, sizeof *b->lines);
      if (!b->lines)
	return out_of_memory (r);
      for (j = 0; j < b->num_lines; j++)
	{
	  get_u32 (r, &b->lines[j].file, "line file");
	  get_u32 (r, &b->lines[j].line, "line number");
	}
    }

  if (!get_u32 (r, &m->num_edges, "num_edges")
      || !check_count (r, m->num_edges, EDGE_SIZE, "num_edges"))
    return 0;
  m->edges = alloc_array (m->num_edges, sizeof *m->edges);
  if (!m->edges)
    return out_of_memory (r);
  for (i = 0; i < m->num_edges; i++)
    {
      ppf_edge *e = &m->edges[i];

      get_u32 (r, &e->src, "edge src");
      get_u32 (r, &e->dst, "edge dst");
      get_u32 (r, &e->kind, "edge kind");
      get_u32 (r, &e->cfg_src, "edge cfg_src");
      get_u32 (r, &e->cfg_dst, "edge cfg_dst");
      get_u64 (r, &e->val, "edge val");
    }
  if (r->failed)
    return 0;
  if (!(m->flags & PPF_FN_DETAIL))
    {
      for (i = 0; i < m->num_blocks; i++)
	m->blocks[i].branch.file = PPF_NONE;
      if (!read_sources (r, m))
	return 0;
      if (remaining (r) != 0)
	return fail (r, "%zu bytes after the last edge", remaining (r));
      return 1;
    }
  if (!check_count (r, m->num_blocks, BLOCK_DETAIL_SIZE, "block details"))
    return 0;
  for (i = 0; i < m->num_blocks; i++)
    {
      get_u32 (r, &m->blocks[i].num_stmts, "num_stmts");
      get_u32 (r, &m->blocks[i].branch.file, "branch file");
      get_u32 (r, &m->blocks[i].branch.line, "branch line");
    }
  if (!get_u32 (r, &m->num_branches, "num_branches")
      || !check_count (r, m->num_branches, MIN_BRANCH_SIZE, "num_branches"))
    return 0;
  m->branches = alloc_array (m->num_branches, sizeof *m->branches);
  if (!m->branches)
    return out_of_memory (r);
  for (i = 0; i < m->num_branches; i++)
    {
      ppf_branch *br = &m->branches[i];

      get_u32 (r, &br->src, "branch src");
      get_u32 (r, &br->dst, "branch dst");
      get_u32 (r, &br->kind, "branch kind");
      if (!get_str (r, &br->label, "branch label"))
	return 0;
    }
  if (r->failed || !read_sources (r, m))
    return 0;
  if (remaining (r) != 0)
    return fail (r, "%zu bytes after the last %s", remaining (r),
		 (m->flags & PPF_FN_SOURCES) ? "source" : "branch");
  return 1;
}

/* Decode the meta of SIZE bytes at BUF into *OUT: the byte layout, then
   the checksum, then the rules of validate_meta.  On failure *OUT is
   empty and ERR says what is wrong.  */

int
ppf_meta_decode (const unsigned char *buf, size_t size, ppf_meta *out,
		 char *err, size_t errlen)
{
  struct reader r = { buf, size, 0, 0, PPF_OK, err, errlen, 0 };
  int status;

  memset (out, 0, sizeof *out);
  if (!read_meta (&r, out))
    {
      ppf_meta_free (out);
      return r.status;
    }
  if (out->checksum != ppf_hash (buf + 8, size - 8, PPF_HASH_SEED))
    {
      set_error (err, errlen, "meta checksum mismatch");
      ppf_meta_free (out);
      return PPF_EBAD;
    }
  status = validate_meta (out, err, errlen);
  if (status != PPF_OK)
    ppf_meta_free (out);
  return status;
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

/* Read the num_paths of the meta of SIZE bytes at BUF into *NUM_PATHS
   without decoding, or checksumming, the rest: for the runtime, whose
   metas are the compiler's read-only data and were decoded by the
   compiler when it embedded them.  PPF_OK, or PPF_EBAD when SIZE is too
   small for a meta.  */

int
ppf_meta_num_paths (const unsigned char *buf, size_t size,
		    uint64_t *num_paths)
{
  if (size < META_HEADER_SIZE)
    return PPF_EBAD;
  *num_paths = load_u64 (buf + 8);
  return PPF_OK;
}

int
ppf_meta_head (const unsigned char *buf, size_t size, uint64_t *path_limit,
	       size_t *name_at)
{
  size_t at = META_HEADER_SIZE + 4;	/* after the flags */

  if (size < at)
    return PPF_EBAD;
  if (!(load_u32 (buf + META_HEADER_SIZE) & PPF_FN_APART))
    *path_limit = load_u64 (buf + 8);
  else if (size < at + 8)
    return PPF_EBAD;
  else
    {
      *path_limit = load_u64 (buf + at);
      at += 8;
    }
  if (size < at + 4)
    return PPF_EBAD;
  *name_at = at;
  return PPF_OK;
}

int
ppf_meta_path_limit (const unsigned char *buf, size_t size,
		     uint64_t *path_limit)
{
  size_t name_at;

  return ppf_meta_head (buf, size, path_limit, &name_at);
}

/* ------------------------------------------------------------------ */
/* Whole files.                                                       */

/* Release everything F owns and leave it empty.  */

void
ppf_file_free (ppf_file *f)
{
  uint32_t i;

  if (!f)
    return;
  free (f->unit_name);
  if (f->units)
    for (i = 0; i < f->num_units; i++)
      free (f->units[i]);
  free (f->units);
  if (f->functions)
    for (i = 0; i < f->num_functions; i++)
      {
	if (!f->functions[i].meta_shared)
	  free (f->functions[i].meta);
	free (f->functions[i].counts);
      }
  free (f->functions);
  memset (f, 0, sizeof *f);
}

/* What the counts of a function need from its meta: the bound of its
   path numbers, and its name for messages (NAME malloc'd, or NULL for a
   meta taken as built: see ppf_decode_known).  */
struct fn_bound
{
  uint64_t num_paths;
  char *name;
};

/* Read the static half of one Function record from R into FN (INDEX
   names it in messages): its unit, and its meta, which must decode.  A
   meta byte-identical to KNOWN (may be NULL), which the caller vouches
   for, is taken as it is, with KNOWN's num_paths: see
   ppf_decode_known.  */

static int
read_meta_record (struct reader *r, ppf_function *fn, uint32_t index,
		  const ppf_known *known, struct fn_bound *bound)
{
  uint32_t meta_size;
  ppf_meta meta;
  char meta_err[160];
  int status;

  memset (&meta, 0, sizeof meta);
  bound->name = NULL;
  if (r->units)
    {
      if (!get_u32 (r, &fn->unit, "function unit"))
	return 0;
      if (fn->unit >= r->units)
	return fail (r, "function %u: unit %u out of range (%u units)",
		     (unsigned) index, (unsigned) fn->unit,
		     (unsigned) r->units);
    }
  if (!get_u32 (r, &meta_size, "meta_size"))
    return 0;
  if (meta_size > remaining (r))
    return truncated (r, "meta");
  if (known && known->meta_size == meta_size
      && memcmp (known->meta, r->data + r->pos, meta_size) == 0)
    {
      bound->num_paths = known->num_paths;
      if (known->share)
	{
	  fn->meta = (unsigned char *) known->meta;
	  fn->meta_shared = 1;
	}
    }
  else
    {
      status = ppf_meta_decode (r->data + r->pos, meta_size, &meta, meta_err,
				sizeof meta_err);
      if (status == PPF_ENOMEM)
	return out_of_memory (r);
      if (status != PPF_OK)
	return fail (r, "function %u: meta: %s", (unsigned) index, meta_err);
      bound->num_paths = meta.path_limit;
      bound->name = meta.name;
      meta.name = NULL;
      ppf_meta_free (&meta);
    }
  if (!fn->meta_shared)
    {
      fn->meta = malloc (meta_size);
      if (!fn->meta)
	return out_of_memory (r);
      memcpy (fn->meta, r->data + r->pos, meta_size);
    }
  fn->meta_size = meta_size;
  r->pos += meta_size;

  /* The meta's flags: the meta is at least its header and flags long
     (decoded above, or the caller's).  */
  if ((load_u32 (fn->meta + META_HEADER_SIZE) & PPF_FN_TIMED) && !r->times)
    return fail (r, "function %u (%s): its times were measured, but the "
		 "file has no time section", (unsigned) index,
		 bound->name ? bound->name : "as built");
  return 1;
}

/* Read the counts of one Function record from R into FN (INDEX and
   BOUND's name name it in messages): strictly increasing paths below
   BOUND's num_paths with non-zero counts.  */

static int
read_counts_record (struct reader *r, ppf_function *fn, uint32_t index,
		    const struct fn_bound *bound)
{
  const char *name = bound->name ? bound->name : "as built";
  uint64_t k;

  if (!get_u64 (r, &fn->num_counts, "num_counts")
      || !check_count (r, fn->num_counts,
		       r->times ? TIMED_COUNT_SIZE : COUNT_SIZE,
		       "num_counts"))
    return 0;
  fn->counts = alloc_array (fn->num_counts, sizeof *fn->counts);
  if (!fn->counts)
    return out_of_memory (r);
  for (k = 0; k < fn->num_counts; k++)
    {
      ppf_count *c = &fn->counts[k];

      if (!get_u64 (r, &c->path, "path") || !get_u64 (r, &c->count, "count")
	  || (r->times && !get_u64 (r, &c->time, "time")))
	break;
      if (c->path >= bound->num_paths)
	fail (r, "function %u (%s): path %llu not below num_paths %llu",
	      (unsigned) index, name, (unsigned long long) c->path,
	      (unsigned long long) bound->num_paths);
      else if (k > 0 && c->path <= fn->counts[k - 1].path)
	fail (r, "function %u (%s): paths not strictly increasing at "
	      "path %llu", (unsigned) index, name,
	      (unsigned long long) c->path);
      else if (c->count == 0)
	fail (r, "function %u (%s): zero count stored for path %llu",
	      (unsigned) index, name, (unsigned long long) c->path);
      if (r->failed)
	break;
    }
  return !r->failed;
}

/* FNV-1a's word step (ppf_hash_words) over bytes fed in pieces of any
   length: the same value as over their concatenation.  */
struct word_hasher
{
  uint64_t h;
  unsigned char pending[8];
  unsigned num_pending;
};

static void
hasher_feed (struct word_hasher *wh, const unsigned char *p, size_t n)
{
  while (n > 0 && wh->num_pending > 0)
    {
      wh->pending[wh->num_pending++] = *p++;
      n--;
      if (wh->num_pending == 8)
	{
	  wh->h = ppf_hash_words (wh->pending, 8, wh->h);
	  wh->num_pending = 0;
	}
    }
  if (n >= 8)
    {
      size_t whole = n & ~(size_t) 7;

      wh->h = ppf_hash_words (p, whole, wh->h);
      p += whole;
      n -= whole;
    }
  memcpy (wh->pending + wh->num_pending, p, n);
  wh->num_pending += (unsigned) n;
}

static uint64_t
hasher_finish (const struct word_hasher *wh)
{
  return ppf_hash_words (wh->pending, wh->num_pending, wh->h);
}

static void
hasher_feed_u32 (struct word_hasher *wh, uint32_t v)
{
  unsigned char b[4];

  for (int i = 0; i < 4; i++)
    b[i] = (unsigned char) (v >> (8 * i));
  hasher_feed (wh, b, 4);
}

/* The static checksum of a version 3 file (doc/file-format.md): over
   HEAD, its HEAD_SIZE bytes from the magic to num_functions, then for
   each of the N functions FNS its unit (with UNITS), its meta_size and
   its meta's own checksum (the meta's first 8 bytes, which cover the
   rest of it), so that it costs a few words per function however big
   the metas are.  */

static uint64_t
static_checksum (const unsigned char *head, size_t head_size,
		 const ppf_function *fns, uint32_t n, int units)
{
  struct word_hasher wh = { PPF_HASH_SEED, { 0 }, 0 };
  uint32_t i;

  hasher_feed (&wh, head, head_size);
  for (i = 0; i < n; i++)
    {
      if (units)
	hasher_feed_u32 (&wh, fns[i].unit);
      hasher_feed_u32 (&wh, fns[i].meta_size);
      hasher_feed (&wh, fns[i].meta, fns[i].meta_size < 8
				     ? fns[i].meta_size : 8);
    }
  return hasher_finish (&wh);
}

static void
free_bounds (struct fn_bound *bounds, uint32_t n)
{
  if (!bounds)
    return;
  for (uint32_t i = 0; i < n; i++)
    free (bounds[i].name);
  free (bounds);
}

/* Decode a whole file of SIZE bytes at BUF into *OUT, checking all of
   doc/file-format.md: magic, version, flags, every length, every meta,
   the counts, the trailing checksum and that nothing follows it.  The
   structure is read before the checksum is checked so that a truncated
   file is reported as truncated.  On failure *OUT is empty.  */

int
ppf_decode (const unsigned char *buf, size_t size, ppf_file *out,
	    char *err, size_t errlen)
{
  return ppf_decode_known (buf, size, NULL, 0, out, err, errlen);
}

/* ppf_decode, except that the meta of function I, when it is byte for
   byte KNOWN[I].meta (I < NUM_KNOWN), is not decoded: the caller has
   checked that meta and gives its num_paths.  The runtime merging into
   the profile of its own build decodes no meta at all this way; any
   other meta is checked in full.  */

static int decode_file (const unsigned char *buf, size_t size,
			const ppf_known *known, uint32_t num_known,
			ppf_file *out, size_t *end, char *err, size_t errlen);

int
ppf_decode_known (const unsigned char *buf, size_t size,
		  const ppf_known *known, uint32_t num_known, ppf_file *out,
		  char *err, size_t errlen)
{
  return decode_file (buf, size, known, num_known, out, NULL, err, errlen);
}

/* A profile followed by other bytes (ppformat.h).  */

int
ppf_decode_prefix (const unsigned char *buf, size_t size, ppf_file *out,
		   size_t *end, char *err, size_t errlen)
{
  return decode_file (buf, size, NULL, 0, out, end, err, errlen);
}

/* Decode the file at BUF as ppf_decode_known; with END not null, bytes
   may follow the file's checksum, and *END says where it ends.  */

static int
decode_file (const unsigned char *buf, size_t size, const ppf_known *known,
	     uint32_t num_known, ppf_file *out, size_t *end, char *err,
	     size_t errlen)
{
  struct reader r = { buf, size, 0, 0, PPF_OK, err, errlen, 0 };
  struct fn_bound *bounds = NULL;
  uint32_t flags, i;
  uint64_t checksum, sum;
  size_t body_size, head_size, counts_at;

  memset (out, 0, sizeof *out);
  if (size == 0)
    {
      set_error (err, errlen, "empty file");
      return PPF_EBAD;
    }
  if (size < PPF_MAGIC_SIZE || memcmp (buf, PPF_MAGIC, PPF_MAGIC_SIZE))
    {
      set_error (err, errlen, "not a .pathprof file (bad magic)");
      return PPF_EBAD;
    }
  r.pos = PPF_MAGIC_SIZE;
  if (!get_u32 (&r, &out->version, "version"))
    goto failed;
  if (out->version < PPF_VERSION_MIN || out->version > PPF_VERSION)
    {
      fail (&r, "unsupported version %u (this reader knows versions %u "
	    "to %u)", (unsigned) out->version, (unsigned) PPF_VERSION_MIN,
	    (unsigned) PPF_VERSION);
      goto failed;
    }
  if (!get_u32 (&r, &flags, "flags"))
    goto failed;
  if (flags & ~KNOWN_FILE_FLAGS)
    {
      fail (&r, "unknown file flags 0x%x",
	    (unsigned) (flags & ~KNOWN_FILE_FLAGS));
      goto failed;
    }
  out->flags = flags;
  if (out->version < 3)
    get_u64 (&r, &out->runs, "runs");
  if (!get_str (&r, &out->unit_name, "unit name"))
    goto failed;
  if (flags & PPF_FILE_UNITS)
    {
      if (!get_u32 (&r, &out->num_units, "num_units")
	  || !check_count (&r, out->num_units, MIN_STR_SIZE, "num_units"))
	goto failed;
      if (out->num_units == 0)
	{
	  fail (&r, "a merged file without units");
	  goto failed;
	}
      out->units = alloc_array (out->num_units, sizeof *out->units);
      if (!out->units)
	{
	  out_of_memory (&r);
	  goto failed;
	}
      for (i = 0; i < out->num_units; i++)
	if (!get_str (&r, &out->units[i], "unit"))
	  goto failed;
      r.units = out->num_units;
    }
  if (flags & PPF_FILE_TIME)
    {
      if (!get_u32 (&r, &out->time_unit, "time_unit")
	  || (out->version < 3
	      && !get_u64 (&r, &out->ticks_per_second, "ticks_per_second")))
	goto failed;
      if (out->time_unit > PPF_TIME_NS)
	{
	  fail (&r, "unknown time unit %u", (unsigned) out->time_unit);
	  goto failed;
	}
      r.times = 1;
    }
  if (!get_u32 (&r, &out->num_functions, "num_functions")
      || !check_count (&r, out->num_functions, MIN_FUNCTION_SIZE,
		       "num_functions"))
    goto failed;
  head_size = r.pos;
  out->functions = alloc_array (out->num_functions, sizeof *out->functions);
  bounds = alloc_array (out->num_functions, sizeof *bounds);
  if (!out->functions || !bounds)
    {
      out_of_memory (&r);
      goto failed;
    }
  if (out->version < 3)
    {
      /* Each function's meta, then its counts.  */
      for (i = 0; i < out->num_functions; i++)
	if (!read_meta_record (&r, &out->functions[i], i,
			       i < num_known ? &known[i] : NULL, &bounds[i])
	    || !read_counts_record (&r, &out->functions[i], i, &bounds[i]))
	  goto failed;
      body_size = r.pos;
      if (!get_u64 (&r, &checksum, "file checksum"))
	goto failed;
      if (checksum != ppf_file_checksum (buf, body_size))
	{
	  fail (&r, "checksum mismatch (the file is damaged)");
	  goto failed;
	}
    }
  else
    {
      /* Every meta, the static checksum, then the counts section.  */
      for (i = 0; i < out->num_functions; i++)
	if (!read_meta_record (&r, &out->functions[i], i,
			       i < num_known ? &known[i] : NULL, &bounds[i]))
	  goto failed;
      if (!get_u64 (&r, &sum, "static checksum"))
	goto failed;
      if (sum != static_checksum (buf, head_size, out->functions,
				  out->num_functions, r.units != 0))
	{
	  fail (&r, "static checksum mismatch (the file is damaged)");
	  goto failed;
	}
      counts_at = r.pos;
      get_u64 (&r, &out->runs, "runs");
      if (flags & PPF_FILE_TIME)
	get_u64 (&r, &out->ticks_per_second, "ticks_per_second");
      for (i = 0; i < out->num_functions; i++)
	if (!read_counts_record (&r, &out->functions[i], i, &bounds[i]))
	  goto failed;
      body_size = r.pos;
      if (!get_u64 (&r, &checksum, "file checksum"))
	goto failed;
      if (checksum != ppf_hash_words (buf + counts_at, body_size - counts_at,
				      sum))
	{
	  fail (&r, "checksum mismatch (the file is damaged)");
	  goto failed;
	}
    }
  if (end)
    *end = r.pos;
  else if (remaining (&r) != 0)
    {
      fail (&r, "%zu bytes after the checksum", remaining (&r));
      goto failed;
    }
  free_bounds (bounds, out->num_functions);
  return PPF_OK;

 failed:
  free_bounds (bounds, out ? out->num_functions : 0);
  ppf_file_free (out);
  return r.status;
}

/* How many bytes F's counts section encodes to (a runtime write
   encodes it at every exit: one allocation); 0 when it does not fit a
   size_t.  */

static size_t
counts_section_size (const ppf_file *f)
{
  /* Runs, ticks, checksum.  */
  uint64_t total = 8 + 8 + 8;
  uint64_t per_count = f->flags & PPF_FILE_TIME ? 24 : 16;
  uint32_t i;

  for (i = 0; i < f->num_functions && f->functions; i++)
    {
      if (f->functions[i].num_counts > (UINT64_MAX >> 6))
	return 0;
      total += 8 + f->functions[i].num_counts * per_count;
      if (total > SIZE_MAX || total > (UINT64_MAX >> 1))
	return 0;
    }
  return (size_t) total;
}

/* About how many bytes F encodes to, for one allocation where doubling
   copied the whole profile again; 0 when it does not fit a size_t.  */

static size_t
encoded_size (const ppf_file *f)
{
  /* Magic, version, flags, unit name, num_units, time_unit,
     num_functions, static checksum.  */
  uint64_t total = PPF_MAGIC_SIZE + 4 + 4 + 4 + 4 + 4 + 4 + 8;
  size_t counts = counts_section_size (f);
  uint32_t i;

  if (!counts)
    return 0;
  total += counts;
  if (f->unit_name)
    total += strlen (f->unit_name);
  if ((f->flags & PPF_FILE_UNITS) && f->units)
    for (i = 0; i < f->num_units; i++)
      total += 4 + (f->units[i] ? strlen (f->units[i]) : 0);
  for (i = 0; i < f->num_functions && f->functions; i++)
    {
      total += 4 + 4 + (uint64_t) f->functions[i].meta_size;
      if (total > SIZE_MAX || total > (UINT64_MAX >> 1))
	return 0;
    }
  return (size_t) total;
}

/* Room for N bytes in W at once, if N can be had: a size that cannot
   is no error yet, the puts find out.  */

static void
reserve_hint (struct writer *w, size_t n)
{
  if (n && w->status == PPF_OK && !writer_reserve (w, n))
    w->status = PPF_OK;
}

/* Hand W's buffer over to B, and its size to *SIZE if all went well:
   W's status.  */

static int
writer_give (struct writer *w, ppf_buffer *b, size_t *size)
{
  b->data = w->data;
  b->capacity = w->capacity;
  if (w->status != PPF_OK)
    return w->status;
  *size = w->size;
  return PPF_OK;
}

/* Whether F's header fields can be encoded.  */

static int
header_ok (const ppf_file *f)
{
  return !((f->num_functions && !f->functions)
	   || (f->flags & ~KNOWN_FILE_FLAGS)
	   || ((f->flags & PPF_FILE_UNITS) && (!f->num_units || !f->units))
	   || ((f->flags & PPF_FILE_TIME) && f->time_unit > PPF_TIME_NS));
}

/* Whether FN's meta can be encoded in F: long enough for its header and
   flags, timed only in a file with times, its unit in range.  */

static int
meta_ok (const ppf_file *f, const ppf_function *fn)
{
  return !(fn->meta_size < META_HEADER_SIZE + 4 || !fn->meta
	   || ((load_u32 (fn->meta + META_HEADER_SIZE) & PPF_FN_TIMED)
	       && !(f->flags & PPF_FILE_TIME))
	   || ((f->flags & PPF_FILE_UNITS) && fn->unit >= f->num_units));
}

/* Append F's header, from the magic to num_functions, to W.  */

static void
put_head (struct writer *w, const ppf_file *f)
{
  uint32_t i;

  put_bytes (w, PPF_MAGIC, PPF_MAGIC_SIZE);
  put_u32 (w, PPF_VERSION);
  put_u32 (w, f->flags);
  put_str (w, f->unit_name);
  if (f->flags & PPF_FILE_UNITS)
    {
      put_u32 (w, f->num_units);
      for (i = 0; i < f->num_units; i++)
	put_str (w, f->units[i]);
    }
  if (f->flags & PPF_FILE_TIME)
    put_u32 (w, f->time_unit);
  put_u32 (w, f->num_functions);
}

/* Append F's counts section to W, with its checksum seeded with the
   static checksum SUM.  The counts are checked as the decoder would
   (strictly increasing, non-zero, below the num_paths in the meta's
   header), so that a bug in a writer cannot produce a file that every
   later run moves aside.  */

static void
put_counts_section (struct writer *w, const ppf_file *f, uint64_t sum)
{
  size_t start = w->size;
  uint32_t i;
  uint64_t k;

  put_u64 (w, f->runs);
  if (f->flags & PPF_FILE_TIME)
    put_u64 (w, f->ticks_per_second);
  for (i = 0; i < f->num_functions && w->status == PPF_OK; i++)
    {
      const ppf_function *fn = &f->functions[i];
      uint64_t num_paths;

      if (fn->meta_size < META_HEADER_SIZE || !fn->meta
	  || (fn->num_counts && !fn->counts))
	{
	  w->status = PPF_EBAD;
	  break;
	}
      if (ppf_meta_path_limit (fn->meta, fn->meta_size, &num_paths)
	  != PPF_OK)
	{
	  w->status = PPF_EBAD;
	  break;
	}
      put_u64 (w, fn->num_counts);
      for (k = 0; k < fn->num_counts; k++)
	{
	  const ppf_count *c = &fn->counts[k];

	  if (c->count == 0 || c->path >= num_paths
	      || (k > 0 && c->path <= fn->counts[k - 1].path))
	    {
	      w->status = PPF_EBAD;
	      break;
	    }
	  put_u64 (w, c->path);
	  put_u64 (w, c->count);
	  if (f->flags & PPF_FILE_TIME)
	    put_u64 (w, c->time);
	}
    }
  if (w->status == PPF_OK)
    put_u64 (w, ppf_hash_words (w->data + start, w->size - start, sum));
}

/* Encode F as doc/file-format.md "File" lays it out (version 3) into B.
   PPF_EBAD for a structure the format cannot hold, PPF_ENOMEM.  */

int
ppf_encode_into (const ppf_file *f, ppf_buffer *b, size_t *size)
{
  struct writer w = { b->data, 0, b->data ? b->capacity : 0, PPF_OK };
  size_t head_size;
  uint32_t i;

  *size = 0;
  if (!header_ok (f))
    return PPF_EBAD;
  reserve_hint (&w, encoded_size (f));
  put_head (&w, f);
  head_size = w.size;
  for (i = 0; i < f->num_functions && w.status == PPF_OK; i++)
    {
      const ppf_function *fn = &f->functions[i];

      if (!meta_ok (f, fn))
	{
	  w.status = PPF_EBAD;
	  break;
	}
      if (f->flags & PPF_FILE_UNITS)
	put_u32 (&w, fn->unit);
      put_u32 (&w, fn->meta_size);
      put_bytes (&w, fn->meta, fn->meta_size);
    }
  if (w.status == PPF_OK)
    {
      uint64_t sum = static_checksum (w.data, head_size, f->functions,
				      f->num_functions,
				      (f->flags & PPF_FILE_UNITS) != 0);

      put_u64 (&w, sum);
      put_counts_section (&w, f, sum);
    }
  return writer_give (&w, b, size);
}

/* F's static part (ppformat.h).  */

int
ppf_static_part (const ppf_file *f, ppf_buffer *head, size_t *head_size,
		 uint64_t *static_size, uint64_t *sum)
{
  struct writer w = { head->data, 0, head->data ? head->capacity : 0,
		      PPF_OK };
  uint64_t total;
  uint32_t i;

  if (!header_ok (f))
    return PPF_EBAD;
  put_head (&w, f);
  head->data = w.data;
  head->capacity = w.capacity;
  if (w.status != PPF_OK)
    return w.status;
  total = w.size + 8;
  for (i = 0; i < f->num_functions; i++)
    {
      if (!meta_ok (f, &f->functions[i]))
	return PPF_EBAD;
      total += (f->flags & PPF_FILE_UNITS ? 4 : 0) + 4
	       + (uint64_t) f->functions[i].meta_size;
    }
  *head_size = w.size;
  *static_size = total;
  *sum = static_checksum (w.data, w.size, f->functions, f->num_functions,
			  (f->flags & PPF_FILE_UNITS) != 0);
  return PPF_OK;
}

/* F's counts section alone (ppformat.h).  */

int
ppf_encode_counts (const ppf_file *f, uint64_t sum, ppf_buffer *b,
		   size_t *size)
{
  struct writer w = { b->data, 0, b->data ? b->capacity : 0, PPF_OK };

  *size = 0;
  if (!header_ok (f))
    return PPF_EBAD;
  reserve_hint (&w, counts_section_size (f));
  put_counts_section (&w, f, sum);
  return writer_give (&w, b, size);
}

/* F's counts section as it stands in a version 3 file of SIZE bytes at
   BUF whose static part, SUM its checksum, ends at STATIC_SIZE: the
   runs, the ticks, every function's counts (F's functions' metas give
   the bounds), the checksum and nothing after it.  */

int
ppf_decode_counts (const unsigned char *buf, size_t size, uint64_t sum,
		   ppf_file *f, size_t *end, char *err, size_t errlen)
{
  struct reader r = { buf, size, 0, 0, PPF_OK, err, errlen, 0 };
  uint64_t checksum, runs = 0, ticks = 0;
  size_t body_size;
  uint32_t i;

  r.times = (f->flags & PPF_FILE_TIME) != 0;
  get_u64 (&r, &runs, "runs");
  if (r.times)
    get_u64 (&r, &ticks, "ticks_per_second");
  for (i = 0; i < f->num_functions && !r.failed; i++)
    {
      struct fn_bound bound = { 0, NULL };
      ppf_function *fn = &f->functions[i];

      if (fn->meta_size < META_HEADER_SIZE)
	{
	  fail (&r, "function %u: no meta", (unsigned) i);
	  break;
	}
      if (ppf_meta_path_limit (fn->meta, fn->meta_size, &bound.num_paths)
	  != PPF_OK)
	{
	  fail (&r, "function %u: no meta", (unsigned) i);
	  break;
	}
      read_counts_record (&r, fn, i, &bound);
    }
  body_size = r.pos;
  if (!r.failed && get_u64 (&r, &checksum, "file checksum"))
    {
      if (checksum != ppf_hash_words (buf, body_size, sum))
	fail (&r, "checksum mismatch (the file is damaged)");
      else if (end)
	*end = r.pos;
      else if (remaining (&r) != 0)
	fail (&r, "%zu bytes after the checksum", remaining (&r));
    }
  if (r.failed)
    {
      for (i = 0; i < f->num_functions; i++)
	{
	  free (f->functions[i].counts);
	  f->functions[i].counts = NULL;
	  f->functions[i].num_counts = 0;
	}
      return r.status;
    }
  /* Only a counts section that decodes changes F's runs and ticks.  */
  f->runs = runs;
  if (r.times)
    f->ticks_per_second = ticks;
  return PPF_OK;
}

/* Encode F into a malloc'd *BUF of *SIZE bytes (ppf_encode_into).  */

int
ppf_encode (const ppf_file *f, unsigned char **buf, size_t *size)
{
  ppf_buffer b = { NULL, 0 };
  int status = ppf_encode_into (f, &b, size);

  if (status != PPF_OK)
    {
      free (b.data);
      *buf = NULL;
      *size = 0;
      return status;
    }
  *buf = b.data;
  return PPF_OK;
}

/* Encode F and write all of it to FD, retrying short and interrupted
   writes.  On failure returns PPF_EIO with errno saying why (or the
   encoder's status), and a message in ERR.  */

int
ppf_write_fd (int fd, const ppf_file *f, char *err, size_t errlen)
{
  unsigned char *buf;
  size_t size, done = 0;
  int status, saved_errno;

  status = ppf_encode (f, &buf, &size);
  if (status != PPF_OK)
    {
      set_error (err, errlen, status == PPF_ENOMEM ? "out of memory"
		 : "invalid profile structure (not written)");
      return status;
    }
  while (done < size)
    {
      ssize_t n = write (fd, buf + done, size - done);

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	{
	  if (n == 0)
	    errno = EIO;
	  saved_errno = errno;
	  set_error (err, errlen, "cannot write: %s", strerror (saved_errno));
	  free (buf);
	  errno = saved_errno;
	  return PPF_EIO;
	}
      done += (size_t) n;
    }
  free (buf);
  return PPF_OK;
}

/* Read the whole of FD from offset 0 into B, grown as needed, its
   first *SIZE bytes (pread: the descriptor's offset does not matter; an
   empty file gives a size of 0).  Returns PPF_OK, PPF_EIO with errno
   set, or PPF_ENOMEM; B stays allocated either way.  */

int
ppf_read_fd_into (int fd, ppf_buffer *b, size_t *size)
{
  struct stat st;
  size_t used = 0;

  *size = 0;
  if (fstat (fd, &st) != 0)
    return PPF_EIO;
  if ((uint64_t) st.st_size >= SIZE_MAX / 2)
    return PPF_ENOMEM;
  /* One byte more than the size, so that end of file is seen without a
     reallocation; the loop still copes with a file that grows.  */
  if (b->capacity < (size_t) st.st_size + 1 || !b->data)
    {
      unsigned char *data = realloc (b->data, (size_t) st.st_size + 1);

      if (!data)
	return PPF_ENOMEM;
      b->data = data;
      b->capacity = (size_t) st.st_size + 1;
    }
  for (;;)
    {
      ssize_t n;

      if (used == b->capacity)
	{
	  unsigned char *bigger;

	  if (b->capacity > SIZE_MAX / 2
	      || !(bigger = realloc (b->data, b->capacity * 2)))
	    return PPF_ENOMEM;
	  b->data = bigger;
	  b->capacity *= 2;
	}
      n = pread (fd, b->data + used, b->capacity - used, (off_t) used);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0)
	return PPF_EIO;
      if (n == 0)
	break;
      used += (size_t) n;
    }
  *size = used;
  return PPF_OK;
}

/* Read the whole of FD from offset 0 into a malloc'd buffer *BUF of
   *SIZE bytes (ppf_read_fd_into).  */

int
ppf_read_fd (int fd, unsigned char **buf, size_t *size)
{
  ppf_buffer b = { NULL, 0 };
  int status = ppf_read_fd_into (fd, &b, size);

  if (status != PPF_OK)
    {
      int saved_errno = errno;

      free (b.data);
      errno = saved_errno;
      *buf = NULL;
      *size = 0;
      return status;
    }
  *buf = b.data;
  return PPF_OK;
}

/* Read the whole of PATH and decode it into *OUT.  PPF_ENOENT, with no
   message, when PATH does not exist; PPF_EIO with errno set when it
   cannot be opened or read, is a directory (EISDIR) or is not a regular
   file (EINVAL: a FIFO would block the program at exit, which is why the
   open does not wait); PPF_EBAD / PPF_ENOMEM from ppf_decode.  */

int
ppf_read (const char *path, ppf_file *out, char *err, size_t errlen)
{
  return ppf_read_known (path, NULL, 0, out, err, errlen);
}

/* ppf_read with ppf_decode_known's KNOWN metas.  */

int
ppf_read_known (const char *path, const ppf_known *known, uint32_t num_known,
		ppf_file *out, char *err, size_t errlen)
{
  int fd, saved_errno, status;
  struct stat st;
  unsigned char *buf = NULL;
  size_t size = 0;

  memset (out, 0, sizeof *out);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    {
      if (errno == ENOENT)
	{
	  /* Quiet for the caller, but a message if it prints one anyway.  */
	  set_error (err, errlen, "does not exist");
	  return PPF_ENOENT;
	}
      saved_errno = errno;
      set_error (err, errlen, "cannot open: %s", strerror (saved_errno));
      errno = saved_errno;
      return PPF_EIO;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      if (fstat (fd, &st) != 0)
	{
	  saved_errno = errno;
	  set_error (err, errlen, "cannot stat: %s", strerror (saved_errno));
	}
      else if (S_ISDIR (st.st_mode))
	{
	  saved_errno = EISDIR;
	  set_error (err, errlen, "is a directory");
	}
      else
	{
	  saved_errno = EINVAL;
	  set_error (err, errlen, "not a regular file");
	}
      close (fd);
      errno = saved_errno;
      return PPF_EIO;
    }
  status = ppf_read_fd (fd, &buf, &size);
  if (status != PPF_OK)
    {
      saved_errno = errno;
      close (fd);
      if (status == PPF_ENOMEM)
	set_error (err, errlen, "out of memory (or file too large)");
      else
	set_error (err, errlen, "cannot read: %s", strerror (saved_errno));
      errno = saved_errno;
      return status;
    }
  close (fd);
  status = ppf_decode_known (buf, size, known, num_known, out, err, errlen);
  free (buf);
  return status;
}

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
  merged = alloc_array (total, sizeof *merged);
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

/* The unit name of function I of F.  */

const char *
ppf_function_unit (const ppf_file *f, uint32_t i)
{
  if ((f->flags & PPF_FILE_UNITS) && f->functions[i].unit < f->num_units)
    return f->units[f->functions[i].unit];
  return f->unit_name;
}

/* Whether AGAIN is ORIG re-encoded (ppformat.h).  */

int
ppf_same_encoding (const unsigned char *orig, size_t size,
		   const unsigned char *again, size_t again_size)
{
  ppf_file a, b;
  char err[8];
  int same;

  if (size < PPF_MAGIC_SIZE + 4 || orig[8] == PPF_VERSION)
    return again_size == size && memcmp (orig, again, size) == 0;
  /* An earlier version re-encodes in another layout: the same profile,
     decoded.  */
  if (ppf_decode (orig, size, &a, err, sizeof err) != PPF_OK)
    return 0;
  if (ppf_decode (again, again_size, &b, err, sizeof err) != PPF_OK)
    {
      ppf_file_free (&a);
      return 0;
    }
  same = ppf_same_profile (&a, &b);
  ppf_file_free (&a);
  ppf_file_free (&b);
  return same;
}

/* Whether A and B hold the same profile (ppformat.h).  */

int
ppf_same_profile (const ppf_file *a, const ppf_file *b)
{
  uint32_t i;

  if (a->flags != b->flags || a->runs != b->runs
      || strcmp (a->unit_name ? a->unit_name : "",
		 b->unit_name ? b->unit_name : "") != 0
      || a->num_units != b->num_units || a->time_unit != b->time_unit
      || a->ticks_per_second != b->ticks_per_second
      || a->num_functions != b->num_functions)
    return 0;
  for (i = 0; i < a->num_units; i++)
    if (strcmp (a->units[i] ? a->units[i] : "",
		b->units[i] ? b->units[i] : "") != 0)
      return 0;
  for (i = 0; i < a->num_functions; i++)
    {
      const ppf_function *x = &a->functions[i], *y = &b->functions[i];

      if (x->unit != y->unit || x->meta_size != y->meta_size
	  || memcmp (x->meta, y->meta, x->meta_size) != 0
	  || x->num_counts != y->num_counts
	  || (x->num_counts
	      && memcmp (x->counts, y->counts,
			 x->num_counts * sizeof *x->counts) != 0))
	return 0;
    }
  return 1;
}

/* Put every checksum of the encoded file BUF (SIZE bytes) right
   (ppformat.h).  */

int
ppf_fix_checksums (unsigned char *buf, size_t size)
{
  struct reader r = { buf, size, 0, 0, PPF_OK, NULL, 0, 0 };
  ppf_function *fns = NULL;
  uint32_t version = 0, flags = 0, n = 0, i, units = 0, skip;
  size_t head_size, counts_at;
  uint64_t sum, h;
  int ok = 0;

  if (size < PPF_MAGIC_SIZE + 4 + 8)
    return 0;
  r.pos = PPF_MAGIC_SIZE;
  get_u32 (&r, &version, "version");
  if (version < 3)
    {
      h = ppf_file_checksum (buf, size - 8);
      for (i = 0; i < 8; i++)
	buf[size - 8 + i] = (unsigned char) (h >> (8 * i));
      return 1;
    }
  get_u32 (&r, &flags, "flags");
  get_u32 (&r, &skip, "unit name");
  if (r.failed || skip > remaining (&r))
    return 0;
  r.pos += skip;
  if (flags & PPF_FILE_UNITS)
    {
      get_u32 (&r, &units, "num_units");
      for (i = 0; i < units && !r.failed; i++)
	if (get_u32 (&r, &skip, "unit") && skip <= remaining (&r))
	  r.pos += skip;
	else
	  r.failed = 1;
    }
  if (flags & PPF_FILE_TIME)
    get_u32 (&r, &skip, "time_unit");
  get_u32 (&r, &n, "num_functions");
  if (r.failed || n > remaining (&r) / 4)
    return 0;
  head_size = r.pos;
  fns = calloc (n ? n : 1, sizeof *fns);
  if (!fns)
    return 0;
  for (i = 0; i < n; i++)
    {
      if ((flags & PPF_FILE_UNITS) && !get_u32 (&r, &fns[i].unit, "unit"))
	goto out;
      if (!get_u32 (&r, &fns[i].meta_size, "meta_size")
	  || fns[i].meta_size > remaining (&r))
	goto out;
      fns[i].meta = buf + r.pos;
      r.pos += fns[i].meta_size;
    }
  if (remaining (&r) < 16)
    goto out;
  sum = static_checksum (buf, head_size, fns, n, (flags & PPF_FILE_UNITS) != 0);
  for (i = 0; i < 8; i++)
    buf[r.pos + i] = (unsigned char) (sum >> (8 * i));
  counts_at = r.pos + 8;
  h = ppf_hash_words (buf + counts_at, size - 8 - counts_at, sum);
  for (i = 0; i < 8; i++)
    buf[size - 8 + i] = (unsigned char) (h >> (8 * i));
  ok = 1;
 out:
  free (fns);
  return ok;
}
