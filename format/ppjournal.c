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
ppf_journal_frame (const unsigned char *old, size_t size,
		   unsigned char head[PPF_JOURNAL_HEAD_SIZE],
		   unsigned char tail[PPF_JOURNAL_TAIL_SIZE])
{
  uint64_t h;

  memcpy (head, PPF_JOURNAL_MAGIC, PPF_JOURNAL_MAGIC_SIZE);
  store_le64 (head + PPF_JOURNAL_MAGIC_SIZE, size);
  /* The head is two whole words: the checksum over the head and then
     OLD is the one over the journal's bytes before the tail.  */
  h = ppf_hash_words (head, PPF_JOURNAL_HEAD_SIZE, PPF_HASH_SEED);
  if (size)
    h = ppf_hash_words (old, size, h);
  store_le64 (tail, h);
}

/* The journal of OLD: magic, length, content, checksum.  */

unsigned char *
ppf_journal_encode (const unsigned char *old, size_t size,
		    size_t *journal_size)
{
  unsigned char *j;

  if (size > SIZE_MAX - PPF_JOURNAL_OVERHEAD
      || !(j = malloc (size + PPF_JOURNAL_OVERHEAD)))
    return NULL;
  ppf_journal_frame (old, size, j, j + PPF_JOURNAL_HEAD_SIZE + size);
  if (size)
    memcpy (j + PPF_JOURNAL_HEAD_SIZE, old, size);
  *journal_size = size + PPF_JOURNAL_OVERHEAD;
  return j;
}

/* Whether J is complete: the magic, then a length that accounts for
   every byte between the header and the checksum, then the checksum of
   all that (over words, or bytes in a journal of the first version).  */

int
ppf_journal_decode (const unsigned char *j, size_t size,
		    const unsigned char **old, size_t *old_size)
{
  uint64_t length, sum;

  if (size < PPF_JOURNAL_OVERHEAD)
    return 0;
  if (memcmp (j, PPF_JOURNAL_MAGIC, PPF_JOURNAL_MAGIC_SIZE) == 0)
    sum = ppf_hash_words (j, size - 8, PPF_HASH_SEED);
  else if (memcmp (j, PPF_JOURNAL_MAGIC_V1, PPF_JOURNAL_MAGIC_SIZE) == 0)
    sum = ppf_hash (j, size - 8, PPF_HASH_SEED);
  else
    return 0;
  length = load_le64 (j + PPF_JOURNAL_MAGIC_SIZE);
  if (length != size - PPF_JOURNAL_OVERHEAD || load_le64 (j + size - 8) != sum)
    return 0;
  *old = j + PPF_JOURNAL_MAGIC_SIZE + 8;
  *old_size = (size_t) length;
  return 1;
}

#pragma GCC visibility pop
