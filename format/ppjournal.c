/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The journal of a .pathprof file: see ppjournal.h.  Shared by the
   runtime, which writes and restores journals, and pathprof-dump, which
   reads them.

   The symbols are hidden, as ppformat.c's: the module is linked into
   libpathprof.so and pathprof-dump, and neither exports it.  */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat.h"
#include "ppjournal.h"

/* Store V at P, least significant byte first.  */

static void
store_le64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* The little-endian u64 at P.  */

static uint64_t
load_le64 (const unsigned char *p)
{
  uint64_t v = 0;

  for (int i = 7; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

/* The frame of a journal of OLD (ppjournal.h).  */

void
ppf_journal_frame (const unsigned char *old, size_t size, uint64_t offset,
		   unsigned char head[PPF_JOURNAL_HEAD_SIZE],
		   unsigned char tail[PPF_JOURNAL_TAIL_SIZE])
{
  uint64_t h;

  memcpy (head, PPF_JOURNAL_MAGIC, PPF_JOURNAL_MAGIC_SIZE);
  store_le64 (head + PPF_JOURNAL_MAGIC_SIZE, offset);
  store_le64 (head + PPF_JOURNAL_MAGIC_SIZE + 8, size);
  /* The head is three whole words: the checksum over the head and then
     OLD is the one over the journal's bytes before the tail.  */
  h = ppf_hash_words (head, PPF_JOURNAL_HEAD_SIZE, PPF_HASH_SEED);
  if (size)
    h = ppf_hash_words (old, size, h);
  store_le64 (tail, h);
}

/* The journal of OLD: magic, offset, length, content, checksum.  */

unsigned char *
ppf_journal_encode (const unsigned char *old, size_t size, uint64_t offset,
		    size_t *journal_size)
{
  unsigned char *j;

  if (size > SIZE_MAX - PPF_JOURNAL_OVERHEAD
      || !(j = malloc (size + PPF_JOURNAL_OVERHEAD)))
    return NULL;
  ppf_journal_frame (old, size, offset, j, j + PPF_JOURNAL_HEAD_SIZE + size);
  if (size)
    memcpy (j + PPF_JOURNAL_HEAD_SIZE, old, size);
  *journal_size = size + PPF_JOURNAL_OVERHEAD;
  return j;
}

/* Whether J is complete: the magic, then a length that accounts for
   every byte between the header and the checksum, then the checksum of
   all that (over words, or bytes in a journal of the first version).  */

int
ppf_journal_decode (const unsigned char *j, size_t size, uint64_t *offset,
		    const unsigned char **old, size_t *old_size)
{
  uint64_t length, sum, at = 0;
  size_t head;

  if (size >= PPF_JOURNAL_OVERHEAD
      && memcmp (j, PPF_JOURNAL_MAGIC, PPF_JOURNAL_MAGIC_SIZE) == 0)
    {
      sum = ppf_hash_words (j, size - 8, PPF_HASH_SEED);
      at = load_le64 (j + PPF_JOURNAL_MAGIC_SIZE);
      head = PPF_JOURNAL_HEAD_SIZE;
    }
  else if (size >= PPF_JOURNAL_OVERHEAD - 8
	   && memcmp (j, PPF_JOURNAL_MAGIC_V2, PPF_JOURNAL_MAGIC_SIZE) == 0)
    {
      sum = ppf_hash_words (j, size - 8, PPF_HASH_SEED);
      head = PPF_JOURNAL_MAGIC_SIZE + 8;
    }
  else if (size >= PPF_JOURNAL_OVERHEAD - 8
	   && memcmp (j, PPF_JOURNAL_MAGIC_V1, PPF_JOURNAL_MAGIC_SIZE) == 0)
    {
      sum = ppf_hash (j, size - 8, PPF_HASH_SEED);
      head = PPF_JOURNAL_MAGIC_SIZE + 8;
    }
  else
    return 0;
  length = load_le64 (j + head - 8);
  if (length != size - head - 8 || load_le64 (j + size - 8) != sum
      || at > UINT64_MAX - length)
    return 0;
  *offset = at;
  *old = j + head;
  *old_size = (size_t) length;
  return 1;
}

/* The checksum of a tail journal's content OLD (SIZE bytes) for the
   trailer whose first 16 bytes are HEAD.  */

static uint64_t
tail_checksum (const unsigned char *head, const unsigned char *old,
	       size_t size)
{
  return ppf_hash_words (old, size, ppf_hash_words (head, 16, PPF_HASH_SEED));
}

/* The trailer of a tail journal of OLD (ppjournal.h).  */

void
ppf_tail_frame (const unsigned char *old, size_t size, uint64_t offset,
		unsigned char trailer[PPF_TAIL_SIZE])
{
  store_le64 (trailer, offset);
  store_le64 (trailer + 8, size);
  store_le64 (trailer + 16, tail_checksum (trailer, old, size));
  memcpy (trailer + 24, PPF_TAIL_MAGIC, 8);
}

int
ppf_tail_parse (const unsigned char trailer[PPF_TAIL_SIZE],
		uint64_t file_size, uint64_t *offset, uint64_t *length)
{
  uint64_t at = load_le64 (trailer), len = load_le64 (trailer + 8), start;

  if (memcmp (trailer + 24, PPF_TAIL_MAGIC, 8) != 0
      || file_size < PPF_TAIL_SIZE || len > file_size - PPF_TAIL_SIZE)
    return 0;
  /* The content starts at START, at or after AT + LEN.  */
  start = file_size - PPF_TAIL_SIZE - len;
  if (len > start || at > start - len)
    return 0;
  *offset = at;
  *length = len;
  return 1;
}

int
ppf_tail_complete (const unsigned char trailer[PPF_TAIL_SIZE],
		   const unsigned char *old, size_t length)
{
  return load_le64 (trailer + 8) == length
	 && load_le64 (trailer + 16) == tail_checksum (trailer, old, length);
}

#pragma GCC visibility pop
