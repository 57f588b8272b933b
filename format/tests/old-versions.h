/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Files of the format's earlier versions (doc/file-format.md, "Earlier
   versions"), written here byte by byte from a ppf_file, for the tests
   that check they are still read and merged: versions 1 and 2 have one
   part, runs in the header, each function's counts after its meta, and
   one checksum (FNV-1a byte by byte in version 1, over words in 2).  */

#ifndef PATHPROF_OLD_VERSIONS_H
#define PATHPROF_OLD_VERSIONS_H

#include <stdlib.h>
#include <string.h>

#include "ppformat.h"

struct old_bytes
{
  unsigned char *data;
  size_t size, capacity;
};

static void
old_put (struct old_bytes *b, const void *p, size_t n)
{
  if (b->size + n > b->capacity)
    {
      b->capacity = (b->size + n) * 2 + 64;
      b->data = realloc (b->data, b->capacity);
      if (!b->data)
	abort ();
    }
  memcpy (b->data + b->size, p, n);
  b->size += n;
}

static void
old_put_le (struct old_bytes *b, uint64_t v, int bytes)
{
  unsigned char le[8];

  for (int i = 0; i < bytes; i++)
    le[i] = (unsigned char) (v >> (8 * i));
  old_put (b, le, (size_t) bytes);
}

static void
old_put_str (struct old_bytes *b, const char *s)
{
  size_t len = s ? strlen (s) : 0;

  old_put_le (b, len, 4);
  old_put (b, s, len);
}

/* F encoded as a file of VERSION (1 or 2), in a malloc'd buffer of
   *SIZE bytes.  */

static unsigned char * __attribute__ ((unused))
encode_old_version (const ppf_file *f, uint32_t version, size_t *size)
{
  struct old_bytes b = { NULL, 0, 0 };
  uint64_t sum;

  old_put (&b, "PATHPROF", 8);
  old_put_le (&b, version, 4);
  old_put_le (&b, f->flags, 4);
  old_put_le (&b, f->runs, 8);
  old_put_str (&b, f->unit_name);
  if (f->flags & PPF_FILE_UNITS)
    {
      old_put_le (&b, f->num_units, 4);
      for (uint32_t i = 0; i < f->num_units; i++)
	old_put_str (&b, f->units[i]);
    }
  if (f->flags & PPF_FILE_TIME)
    {
      old_put_le (&b, f->time_unit, 4);
      old_put_le (&b, f->ticks_per_second, 8);
    }
  old_put_le (&b, f->num_functions, 4);
  for (uint32_t i = 0; i < f->num_functions; i++)
    {
      const ppf_function *fn = &f->functions[i];

      if (f->flags & PPF_FILE_UNITS)
	old_put_le (&b, fn->unit, 4);
      old_put_le (&b, fn->meta_size, 4);
      old_put (&b, fn->meta, fn->meta_size);
      old_put_le (&b, fn->num_counts, 8);
      for (uint64_t k = 0; k < fn->num_counts; k++)
	{
	  old_put_le (&b, fn->counts[k].path, 8);
	  old_put_le (&b, fn->counts[k].count, 8);
	  if (f->flags & PPF_FILE_TIME)
	    old_put_le (&b, fn->counts[k].time, 8);
	}
    }
  sum = version == 1 ? ppf_hash (b.data, b.size, PPF_HASH_SEED)
		     : ppf_hash_words (b.data, b.size, PPF_HASH_SEED);
  old_put_le (&b, sum, 8);
  *size = b.size;
  return b.data;
}

#endif /* PATHPROF_OLD_VERSIONS_H */
