/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The .pathprof file format: encode, decode, validate whole files.

   doc/file-format.md is the specification; this file and the others of
   the module (ppformat-internal.h lists them) implement it field by
   field.

   Decoding trusts nothing: every count is checked against the bytes that
   remain before anything is allocated for it, every index and order that
   the specification states is checked, and every failure leaves a message
   in the caller's buffer and the output structure empty.  Encoding
   checks what it is given the same way, so that nothing this module
   writes fails to decode.

   The symbols are hidden: the module is linked into libpathprof.so, the
   plugin and pathprof-dump, and none of them exports it.  */

#include <stdlib.h>
#include <string.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat-internal.h"

/* Smallest encoding of each repeated element, used to reject a count that
   the remaining bytes cannot hold before allocating for it.  */
#define COUNT_SIZE 16		/* path, count; samples (sampled files)
				   and time (timed ones) 8 more each */
#define MIN_FUNCTION_SIZE 12	/* meta_size, num_counts */
#define FILE_HEADER_SIZE 24	/* magic, version, flags, runs */

#define KNOWN_FILE_FLAGS (PPF_FILE_UNITS | PPF_FILE_TIME | PPF_FILE_SAMPLED)

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
read_meta_record (struct ppf_reader *r, ppf_function *fn, uint32_t index,
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
      if (!ppf_get_u32 (r, &fn->unit, "function unit"))
	return 0;
      if (fn->unit >= r->units)
	return ppf_fail (r, "function %u: unit %u out of range (%u units)",
			 (unsigned) index, (unsigned) fn->unit,
			 (unsigned) r->units);
    }
  if (!ppf_get_u32 (r, &meta_size, "meta_size"))
    return 0;
  if (meta_size > ppf_remaining (r))
    return ppf_truncated (r, "meta");
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
	return ppf_out_of_memory (r);
      if (status != PPF_OK)
	return ppf_fail (r, "function %u: meta: %s", (unsigned) index,
			 meta_err);
      bound->num_paths = meta.path_limit;
      bound->name = meta.name;
      meta.name = NULL;
      ppf_meta_free (&meta);
    }
  if (!fn->meta_shared)
    {
      fn->meta = malloc (meta_size);
      if (!fn->meta)
	return ppf_out_of_memory (r);
      memcpy (fn->meta, r->data + r->pos, meta_size);
    }
  fn->meta_size = meta_size;
  r->pos += meta_size;

  /* The meta's flags: the meta is at least its header and flags long
     (decoded above, or the caller's).  */
  if ((ppf_load_u32 (fn->meta + META_HEADER_SIZE) & PPF_FN_TIMED) && !r->times)
    return ppf_fail (r, "function %u (%s): its times were measured, but the "
		     "file has no time section", (unsigned) index,
		     bound->name ? bound->name : "as built");
  return 1;
}

/* Read the counts of one Function record from R into FN (INDEX and
   BOUND's name name it in messages): strictly increasing paths below
   BOUND's num_paths with non-zero counts, and in a sampled file
   samples from 1 to the count.  */

static int
read_counts_record (struct ppf_reader *r, ppf_function *fn, uint32_t index,
		    const struct fn_bound *bound)
{
  const char *name = bound->name ? bound->name : "as built";
  uint64_t k;

  if (!ppf_get_u64 (r, &fn->num_counts, "num_counts")
      || !ppf_check_count (r, fn->num_counts,
			   COUNT_SIZE + 8 * (r->times + r->sampled),
			   "num_counts"))
    return 0;
  fn->counts = ppf_alloc_array (fn->num_counts, sizeof *fn->counts);
  if (!fn->counts)
    return ppf_out_of_memory (r);
  for (k = 0; k < fn->num_counts; k++)
    {
      ppf_count *c = &fn->counts[k];

      if (!ppf_get_u64 (r, &c->path, "path")
	  || !ppf_get_u64 (r, &c->count, "count")
	  || (r->sampled && !ppf_get_u64 (r, &c->samples, "samples"))
	  || (r->times && !ppf_get_u64 (r, &c->time, "time")))
	break;
      if (c->path >= bound->num_paths)
	ppf_fail (r, "function %u (%s): path %llu not below num_paths %llu",
		  (unsigned) index, name, (unsigned long long) c->path,
		  (unsigned long long) bound->num_paths);
      else if (k > 0 && c->path <= fn->counts[k - 1].path)
	ppf_fail (r, "function %u (%s): paths not strictly increasing at "
		  "path %llu", (unsigned) index, name,
		  (unsigned long long) c->path);
      else if (c->count == 0)
	ppf_fail (r, "function %u (%s): zero count stored for path %llu",
		  (unsigned) index, name, (unsigned long long) c->path);
      else if (r->sampled && c->samples == 0)
	ppf_fail (r, "function %u (%s): zero samples stored for path %llu",
		  (unsigned) index, name, (unsigned long long) c->path);
      else if (c->samples > c->count)
	ppf_fail (r, "function %u (%s): path %llu has more samples (%llu) "
		  "than its count (%llu)", (unsigned) index, name,
		  (unsigned long long) c->path,
		  (unsigned long long) c->samples,
		  (unsigned long long) c->count);
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

/* Read the unit names of a merged file from R into OUT (the
   PPF_FILE_UNITS part of its head).  Returns 1, or 0 with R failed.  */

static int
read_units (struct ppf_reader *r, ppf_file *out)
{
  uint32_t i;

  if (!ppf_get_u32 (r, &out->num_units, "num_units")
      || !ppf_check_count (r, out->num_units, MIN_STR_SIZE, "num_units"))
    return 0;
  if (out->num_units == 0)
    return ppf_fail (r, "a merged file without units");
  out->units = ppf_alloc_array (out->num_units, sizeof *out->units);
  if (!out->units)
    return ppf_out_of_memory (r);
  for (i = 0; i < out->num_units; i++)
    if (!ppf_get_str (r, &out->units[i], "unit"))
      return 0;
  r->units = out->num_units;
  return 1;
}

/* Read the time unit of a file with PPF_FILE_TIME from R into OUT (and
   a version 2 file's ticks_per_second).  Returns 1, or 0 with R
   failed.  */

static int
read_time_head (struct ppf_reader *r, ppf_file *out)
{
  if (!ppf_get_u32 (r, &out->time_unit, "time_unit")
      || (out->version < 3
	  && !ppf_get_u64 (r, &out->ticks_per_second, "ticks_per_second")))
    return 0;
  if (out->time_unit > PPF_TIME_NS)
    return ppf_fail (r, "unknown time unit %u", (unsigned) out->time_unit);
  r->times = 1;
  return 1;
}

/* Read the head of a file from R into OUT, from the version after the
   magic to num_functions.  Returns 1, or 0 with R failed.  */

static int
read_file_head (struct ppf_reader *r, ppf_file *out)
{
  uint32_t flags;

  if (!ppf_get_u32 (r, &out->version, "version"))
    return 0;
  if (out->version < PPF_VERSION_MIN || out->version > PPF_VERSION)
    return ppf_fail (r, "unsupported version %u (this reader knows "
		     "versions %u to %u)", (unsigned) out->version,
		     (unsigned) PPF_VERSION_MIN, (unsigned) PPF_VERSION);
  if (!ppf_get_u32 (r, &flags, "flags"))
    return 0;
  if (flags & ~KNOWN_FILE_FLAGS)
    return ppf_fail (r, "unknown file flags 0x%x",
		     (unsigned) (flags & ~KNOWN_FILE_FLAGS));
  if ((flags & PPF_FILE_SAMPLED) && out->version < 3)
    return ppf_fail (r, "sampled counts in a version %u file (only "
		     "version 3 has them)", (unsigned) out->version);
  out->flags = flags;
  r->sampled = (flags & PPF_FILE_SAMPLED) != 0;
  if (out->version < 3)
    ppf_get_u64 (r, &out->runs, "runs");
  if (!ppf_get_str (r, &out->unit_name, "unit name"))
    return 0;
  if ((flags & PPF_FILE_UNITS) && !read_units (r, out))
    return 0;
  if ((flags & PPF_FILE_TIME) && !read_time_head (r, out))
    return 0;
  return ppf_get_u32 (r, &out->num_functions, "num_functions")
	 && ppf_check_count (r, out->num_functions, MIN_FUNCTION_SIZE,
			     "num_functions");
}

/* Read the functions of a version 2 file from R into OUT, each meta
   followed by its counts, then check the file checksum over BUF.
   KNOWN, NUM_KNOWN are decode_file's; BOUNDS has a place per function.
   Returns 1, or 0 with R failed.  */

static int
read_functions_v2 (struct ppf_reader *r, const unsigned char *buf,
		   const ppf_known *known, uint32_t num_known,
		   ppf_file *out, struct fn_bound *bounds)
{
  uint64_t checksum;
  size_t body_size;
  uint32_t i;

  /* Each function's meta, then its counts.  */
  for (i = 0; i < out->num_functions; i++)
    if (!read_meta_record (r, &out->functions[i], i,
			   i < num_known ? &known[i] : NULL, &bounds[i])
	|| !read_counts_record (r, &out->functions[i], i, &bounds[i]))
      return 0;
  body_size = r->pos;
  if (!ppf_get_u64 (r, &checksum, "file checksum"))
    return 0;
  if (checksum != ppf_file_checksum (buf, body_size))
    return ppf_fail (r, "checksum mismatch (the file is damaged)");
  return 1;
}

/* Read the functions of a version 3 file from R into OUT: every meta,
   the static checksum (over BUF's HEAD_SIZE bytes of head and the
   metas), then the counts section and the file checksum.  KNOWN,
   NUM_KNOWN are decode_file's; BOUNDS has a place per function.
   Returns 1, or 0 with R failed.  */

static int
read_functions_v3 (struct ppf_reader *r, const unsigned char *buf,
		   size_t head_size, const ppf_known *known,
		   uint32_t num_known, ppf_file *out, struct fn_bound *bounds)
{
  uint64_t checksum, sum;
  size_t body_size, counts_at;
  uint32_t i;

  /* Every meta, the static checksum, then the counts section.  */
  for (i = 0; i < out->num_functions; i++)
    if (!read_meta_record (r, &out->functions[i], i,
			   i < num_known ? &known[i] : NULL, &bounds[i]))
      return 0;
  if (!ppf_get_u64 (r, &sum, "static checksum"))
    return 0;
  if (sum != static_checksum (buf, head_size, out->functions,
			      out->num_functions, r->units != 0))
    return ppf_fail (r, "static checksum mismatch (the file is damaged)");
  counts_at = r->pos;
  ppf_get_u64 (r, &out->runs, "runs");
  if (out->flags & PPF_FILE_TIME)
    ppf_get_u64 (r, &out->ticks_per_second, "ticks_per_second");
  if (r->sampled)
    ppf_get_u64 (r, &out->sample_period, "sample_period");
  for (i = 0; i < out->num_functions; i++)
    if (!read_counts_record (r, &out->functions[i], i, &bounds[i]))
      return 0;
  body_size = r->pos;
  if (!ppf_get_u64 (r, &checksum, "file checksum"))
    return 0;
  if (checksum != ppf_hash_words (buf + counts_at, body_size - counts_at,
				  sum))
    return ppf_fail (r, "checksum mismatch (the file is damaged)");
  return 1;
}

/* Decode the file at BUF as ppf_decode_known; with END not null, bytes
   may follow the file's checksum, and *END says where it ends.  */

static int
decode_file (const unsigned char *buf, size_t size, const ppf_known *known,
	     uint32_t num_known, ppf_file *out, size_t *end, char *err,
	     size_t errlen)
{
  struct ppf_reader r = { buf, size, 0, 0, PPF_OK, err, errlen, 0 };
  struct fn_bound *bounds = NULL;
  size_t head_size;

  memset (out, 0, sizeof *out);
  if (size == 0)
    {
      ppf_set_error (err, errlen, "empty file");
      return PPF_EBAD;
    }
  if (size < PPF_MAGIC_SIZE || memcmp (buf, PPF_MAGIC, PPF_MAGIC_SIZE))
    {
      ppf_set_error (err, errlen, "not a .pathprof file (bad magic)");
      return PPF_EBAD;
    }
  r.pos = PPF_MAGIC_SIZE;
  if (!read_file_head (&r, out))
    goto failed;
  head_size = r.pos;
  out->functions = ppf_alloc_array (out->num_functions, sizeof *out->functions);
  bounds = ppf_alloc_array (out->num_functions, sizeof *bounds);
  if (!out->functions || !bounds)
    {
      ppf_out_of_memory (&r);
      goto failed;
    }
  if (out->version < 3
      ? !read_functions_v2 (&r, buf, known, num_known, out, bounds)
      : !read_functions_v3 (&r, buf, head_size, known, num_known, out,
			    bounds))
    goto failed;
  if (end)
    *end = r.pos;
  else if (ppf_remaining (&r) != 0)
    {
      ppf_fail (&r, "%zu bytes after the checksum", ppf_remaining (&r));
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
  /* Runs, ticks, period, checksum.  */
  uint64_t total = 8 + 8 + 8 + 8;
  uint64_t per_count = COUNT_SIZE + (f->flags & PPF_FILE_SAMPLED ? 8 : 0)
		       + (f->flags & PPF_FILE_TIME ? 8 : 0);
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
reserve_hint (struct ppf_writer *w, size_t n)
{
  if (n && w->status == PPF_OK && !ppf_writer_reserve (w, n))
    w->status = PPF_OK;
}

/* Hand W's buffer over to B, and its size to *SIZE if all went well:
   W's status.  */

static int
writer_give (struct ppf_writer *w, ppf_buffer *b, size_t *size)
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
	   || ((ppf_load_u32 (fn->meta + META_HEADER_SIZE) & PPF_FN_TIMED)
	       && !(f->flags & PPF_FILE_TIME))
	   || ((f->flags & PPF_FILE_UNITS) && fn->unit >= f->num_units));
}

/* Append F's header, from the magic to num_functions, to W.  */

static void
put_head (struct ppf_writer *w, const ppf_file *f)
{
  uint32_t i;

  ppf_put_bytes (w, PPF_MAGIC, PPF_MAGIC_SIZE);
  ppf_put_u32 (w, PPF_VERSION);
  ppf_put_u32 (w, f->flags);
  ppf_put_str (w, f->unit_name);
  if (f->flags & PPF_FILE_UNITS)
    {
      ppf_put_u32 (w, f->num_units);
      for (i = 0; i < f->num_units; i++)
	ppf_put_str (w, f->units[i]);
    }
  if (f->flags & PPF_FILE_TIME)
    ppf_put_u32 (w, f->time_unit);
  ppf_put_u32 (w, f->num_functions);
}

/* Append F's counts section to W, with its checksum seeded with the
   static checksum SUM.  The counts are checked as the decoder would
   (strictly increasing, non-zero, below the num_paths in the meta's
   header; in a sampled file, samples from 1 to the count), so that a
   bug in a writer cannot produce a file that every later run moves
   aside.  */

static void
put_counts_section (struct ppf_writer *w, const ppf_file *f, uint64_t sum)
{
  size_t start = w->size;
  uint32_t i;
  uint64_t k;

  ppf_put_u64 (w, f->runs);
  if (f->flags & PPF_FILE_TIME)
    ppf_put_u64 (w, f->ticks_per_second);
  if (f->flags & PPF_FILE_SAMPLED)
    ppf_put_u64 (w, f->sample_period);
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
      ppf_put_u64 (w, fn->num_counts);
      for (k = 0; k < fn->num_counts; k++)
	{
	  const ppf_count *c = &fn->counts[k];

	  if (c->count == 0 || c->path >= num_paths
	      || (k > 0 && c->path <= fn->counts[k - 1].path)
	      || ((f->flags & PPF_FILE_SAMPLED)
		  && (c->samples == 0 || c->samples > c->count)))
	    {
	      w->status = PPF_EBAD;
	      break;
	    }
	  ppf_put_u64 (w, c->path);
	  ppf_put_u64 (w, c->count);
	  if (f->flags & PPF_FILE_SAMPLED)
	    ppf_put_u64 (w, c->samples);
	  if (f->flags & PPF_FILE_TIME)
	    ppf_put_u64 (w, c->time);
	}
    }
  if (w->status == PPF_OK)
    ppf_put_u64 (w, ppf_hash_words (w->data + start, w->size - start, sum));
}

/* Encode F as doc/file-format.md "File" lays it out (version 3) into B.
   PPF_EBAD for a structure the format cannot hold, PPF_ENOMEM.  */

int
ppf_encode_into (const ppf_file *f, ppf_buffer *b, size_t *size)
{
  struct ppf_writer w = { b->data, 0, b->data ? b->capacity : 0, PPF_OK };
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
	ppf_put_u32 (&w, fn->unit);
      ppf_put_u32 (&w, fn->meta_size);
      ppf_put_bytes (&w, fn->meta, fn->meta_size);
    }
  if (w.status == PPF_OK)
    {
      uint64_t sum = static_checksum (w.data, head_size, f->functions,
				      f->num_functions,
				      (f->flags & PPF_FILE_UNITS) != 0);

      ppf_put_u64 (&w, sum);
      put_counts_section (&w, f, sum);
    }
  return writer_give (&w, b, size);
}

/* F's static part (ppformat.h).  */

int
ppf_static_part (const ppf_file *f, ppf_buffer *head, size_t *head_size,
		 uint64_t *static_size, uint64_t *sum)
{
  struct ppf_writer w = { head->data, 0, head->data ? head->capacity : 0,
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
  struct ppf_writer w = { b->data, 0, b->data ? b->capacity : 0, PPF_OK };

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
  struct ppf_reader r = { buf, size, 0, 0, PPF_OK, err, errlen, 0 };
  uint64_t checksum, runs = 0, ticks = 0, period = 0;
  size_t body_size;
  uint32_t i;

  r.times = (f->flags & PPF_FILE_TIME) != 0;
  r.sampled = (f->flags & PPF_FILE_SAMPLED) != 0;
  ppf_get_u64 (&r, &runs, "runs");
  if (r.times)
    ppf_get_u64 (&r, &ticks, "ticks_per_second");
  if (r.sampled)
    ppf_get_u64 (&r, &period, "sample_period");
  for (i = 0; i < f->num_functions && !r.failed; i++)
    {
      struct fn_bound bound = { 0, NULL };
      ppf_function *fn = &f->functions[i];

      if (fn->meta_size < META_HEADER_SIZE)
	{
	  ppf_fail (&r, "function %u: no meta", (unsigned) i);
	  break;
	}
      if (ppf_meta_path_limit (fn->meta, fn->meta_size, &bound.num_paths)
	  != PPF_OK)
	{
	  ppf_fail (&r, "function %u: no meta", (unsigned) i);
	  break;
	}
      read_counts_record (&r, fn, i, &bound);
    }
  body_size = r.pos;
  if (!r.failed && ppf_get_u64 (&r, &checksum, "file checksum"))
    {
      if (checksum != ppf_hash_words (buf, body_size, sum))
	ppf_fail (&r, "checksum mismatch (the file is damaged)");
      else if (end)
	*end = r.pos;
      else if (ppf_remaining (&r) != 0)
	ppf_fail (&r, "%zu bytes after the checksum", ppf_remaining (&r));
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
  /* Only a counts section that decodes changes F's runs, ticks and
     period.  */
  f->runs = runs;
  if (r.times)
    f->ticks_per_second = ticks;
  if (r.sampled)
    f->sample_period = period;
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
      || a->sample_period != b->sample_period
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
  struct ppf_reader r = { buf, size, 0, 0, PPF_OK, NULL, 0, 0 };
  ppf_function *fns = NULL;
  uint32_t version = 0, flags = 0, n = 0, i, units = 0, skip;
  size_t head_size, counts_at;
  uint64_t sum, h;
  int ok = 0;

  if (size < PPF_MAGIC_SIZE + 4 + 8)
    return 0;
  r.pos = PPF_MAGIC_SIZE;
  ppf_get_u32 (&r, &version, "version");
  if (version < 3)
    {
      h = ppf_file_checksum (buf, size - 8);
      for (i = 0; i < 8; i++)
	buf[size - 8 + i] = (unsigned char) (h >> (8 * i));
      return 1;
    }
  ppf_get_u32 (&r, &flags, "flags");
  ppf_get_u32 (&r, &skip, "unit name");
  if (r.failed || skip > ppf_remaining (&r))
    return 0;
  r.pos += skip;
  if (flags & PPF_FILE_UNITS)
    {
      ppf_get_u32 (&r, &units, "num_units");
      for (i = 0; i < units && !r.failed; i++)
	if (ppf_get_u32 (&r, &skip, "unit") && skip <= ppf_remaining (&r))
	  r.pos += skip;
	else
	  r.failed = 1;
    }
  if (flags & PPF_FILE_TIME)
    ppf_get_u32 (&r, &skip, "time_unit");
  ppf_get_u32 (&r, &n, "num_functions");
  if (r.failed || n > ppf_remaining (&r) / 4)
    return 0;
  head_size = r.pos;
  fns = calloc (n ? n : 1, sizeof *fns);
  if (!fns)
    return 0;
  for (i = 0; i < n; i++)
    {
      if ((flags & PPF_FILE_UNITS) && !ppf_get_u32 (&r, &fns[i].unit, "unit"))
	goto out;
      if (!ppf_get_u32 (&r, &fns[i].meta_size, "meta_size")
	  || fns[i].meta_size > ppf_remaining (&r))
	goto out;
      fns[i].meta = buf + r.pos;
      r.pos += fns[i].meta_size;
    }
  if (ppf_remaining (&r) < 16)
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
