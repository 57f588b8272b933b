/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the journal codec (format/ppjournal.c), shared by the
   runtime and pathprof-dump: the byte layout of doc/file-format.md,
   round trips (an empty content included, and contents from an offset
   in the profile), and that no damaged journal
   passes for complete: cut at every length, any byte flipped, a byte
   appended, a length that disagrees with the size even under a
   recomputed checksum, another magic; the word checksum against its
   definition, and journals of the first two versions still read.  */

#include "ppformat.h"
#include "ppjournal.h"
#include "unit-test.h"

#include <stdlib.h>
#include <string.h>

/* The little-endian u64 at P, read here independently of the codec.  */

static uint64_t
le64 (const unsigned char *p)
{
  uint64_t v = 0;

  for (int i = 7; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

/* Store V little-endian at P.  */

static void
put_le64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* Whether the SIZE bytes at J decode as complete; OLD and OLD_SIZE are
   preset to values that a refusal must leave alone.  */

static int
complete (const unsigned char *j, size_t size, int *untouched)
{
  const unsigned char *old = (const unsigned char *) "x";
  size_t old_size = 12345;
  uint64_t offset = 777;
  int ok = ppf_journal_decode (j, size, &offset, &old, &old_size);

  *untouched = ok || (old_size == 12345 && old[0] == 'x' && offset == 777);
  return ok;
}

/* The layout and a round trip of CONTENT (SIZE bytes from OFFSET in the
   profile), named WHAT.  */

static void
check_round_trip (const char *what, const unsigned char *content,
		  size_t size, uint64_t offset)
{
  unsigned char *j;
  const unsigned char *old = NULL;
  size_t j_size = 0, old_size = 0;
  uint64_t at = 12345;
  char name[200];

  j = ppf_journal_encode (content, size, offset, &j_size);
  snprintf (name, sizeof name, "%s: encodes", what);
  if (!check (j != NULL, name, "expected a journal, saw NULL"))
    return;
  snprintf (name, sizeof name, "%s: size is content + 32", what);
  check_u64 (name, size + 32, j_size);
  snprintf (name, sizeof name, "%s: magic", what);
  check (j_size >= 8 && !memcmp (j, "PPJOURN3", 8), name,
	 "expected \"PPJOURN3\", saw \"%.8s\"", (const char *) j);
  snprintf (name, sizeof name, "%s: offset field", what);
  check_u64 (name, offset, le64 (j + 8));
  snprintf (name, sizeof name, "%s: length field", what);
  check_u64 (name, size, le64 (j + 16));
  snprintf (name, sizeof name, "%s: content byte for byte", what);
  check (!size || !memcmp (j + 24, content, size), name,
	 "expected the content after the length");
  snprintf (name, sizeof name, "%s: checksum of all before it", what);
  check_u64 (name, ppf_hash_words (j, 24 + size, PPF_HASH_SEED),
	     le64 (j + 24 + size));
  snprintf (name, sizeof name, "%s: decodes as complete", what);
  if (check (ppf_journal_decode (j, j_size, &at, &old, &old_size), name,
	     "expected complete"))
    {
      snprintf (name, sizeof name, "%s: decoded content", what);
      check (old == j + 24 && old_size == size && at == offset, name,
	     "expected %zu bytes at offset 24 for profile offset %llu, saw "
	     "%zu at offset %td for %llu", size, (unsigned long long) offset,
	     old_size, old - j, (unsigned long long) at);
    }
  free (j);
}

/* A journal damaged in any way is not complete, and leaves the
   outputs alone.  */

static void
test_damage (void)
{
  static const unsigned char content[] = "PATHPROF and some counts";
  unsigned char *j, *copy;
  size_t j_size, bad_cuts = 0, bad_flips = 0, touched = 0;
  int untouched;

  j = ppf_journal_encode (content, sizeof content, 4096, &j_size);
  copy = malloc (j_size + 1);
  if (!j || !copy)
    {
      check (0, "damage: setup", "out of memory");
      free (j);
      free (copy);
      return;
    }
  check (complete (j, j_size, &untouched), "damage: the intact journal",
	 "expected complete");

  for (size_t len = 0; len < j_size; len++)
    {
      bad_cuts += complete (j, len, &untouched);
      touched += !untouched;
    }
  check_u64 ("a journal cut at any length is incomplete", 0, bad_cuts);

  for (size_t i = 0; i < j_size; i++)
    for (int bit = 0; bit < 8; bit++)
      {
	memcpy (copy, j, j_size);
	copy[i] ^= (unsigned char) (1u << bit);
	bad_flips += complete (copy, j_size, &untouched);
	touched += !untouched;
      }
  check_u64 ("a journal with any bit flipped is incomplete", 0, bad_flips);

  memcpy (copy, j, j_size);
  copy[j_size] = 0;
  check (!complete (copy, j_size + 1, &untouched),
	 "a journal with a byte appended is incomplete", "expected refused");
  touched += !untouched;

  /* A length one more or one less than the content, with the checksum
     made to match: the size still gives it away.  */
  for (int delta = -1; delta <= 1; delta += 2)
    {
      char name[100];
      memcpy (copy, j, j_size);
      put_le64 (copy + 16, sizeof content + delta);
      put_le64 (copy + j_size - 8,
		ppf_hash_words (copy, j_size - 8, PPF_HASH_SEED));
      snprintf (name, sizeof name, "a journal whose length is %s its size "
		"is incomplete", delta < 0 ? "below" : "above");
      check (!complete (copy, j_size, &untouched), name,
	     "expected refused");
      touched += !untouched;
    }

  /* A .pathprof file is no journal.  */
  memcpy (copy, j, j_size);
  memcpy (copy, "PATHPROF", 8);
  put_le64 (copy + j_size - 8,
	    ppf_hash_words (copy, j_size - 8, PPF_HASH_SEED));
  check (!complete (copy, j_size, &untouched),
	 "another magic with a matching checksum is no journal",
	 "expected refused");
  touched += !untouched;
  /* An offset so big that the content would end past 2^64.  */
  memcpy (copy, j, j_size);
  put_le64 (copy + 8, UINT64_MAX - 3);
  put_le64 (copy + j_size - 8,
	    ppf_hash_words (copy, j_size - 8, PPF_HASH_SEED));
  check (!complete (copy, j_size, &untouched),
	 "a journal ending past 2^64 is refused", "expected refused");
  touched += !untouched;
  check_u64 ("a refused journal leaves the outputs alone", 0, touched);
  free (copy);
  free (j);
}

/* The word checksum against its definition, computed here on its own:
   FNV-1a's step on each little-endian 64-bit word, then on each byte of
   the rest; and a journal of the first version ("PPJOURNL", FNV-1a byte
   by byte) is still complete.  */

static void
test_versions (void)
{
  static const unsigned char content[] = "a profile's bytes, 29 of them";
  unsigned char data[11] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
  const uint64_t prime = 0x100000001b3ULL, seed = 0xcbf29ce484222325ULL;
  uint64_t h = seed, word = 0;
  unsigned char v1[sizeof content + 24];
  const unsigned char *old = NULL;
  size_t old_size = 0;
  uint64_t offset = 99;

  for (int i = 7; i >= 0; i--)
    word = (word << 8) | data[i];
  h = (h ^ word) * prime;
  for (int i = 8; i < 11; i++)
    h = (h ^ data[i]) * prime;
  check_u64 ("ppf_hash_words: a word, then three bytes", h,
	     ppf_hash_words (data, sizeof data, PPF_HASH_SEED));
  check (ppf_hash_words (data, 8, PPF_HASH_SEED)
	 != ppf_hash (data, 8, PPF_HASH_SEED),
	 "ppf_hash_words is not ppf_hash", "the same checksum");

  memcpy (v1, "PPJOURNL", 8);
  put_le64 (v1 + 8, sizeof content);
  memcpy (v1 + 16, content, sizeof content);
  put_le64 (v1 + 16 + sizeof content,
	    ppf_hash (v1, 16 + sizeof content, PPF_HASH_SEED));
  check (ppf_journal_decode (v1, sizeof v1, &offset, &old, &old_size)
	 && old_size == sizeof content && !memcmp (old, content, old_size)
	 && offset == 0,
	 "a journal of the first version (PPJOURNL, byte checksum) is read",
	 "refused, or other content");
  put_le64 (v1 + 16 + sizeof content,
	    ppf_hash_words (v1, 16 + sizeof content, PPF_HASH_SEED));
  check (!ppf_journal_decode (v1, sizeof v1, &offset, &old, &old_size),
	 "a PPJOURNL journal with the word checksum is refused",
	 "complete");
  /* The second version: no offset field, the word checksum; the whole
     profile from offset 0.  */
  memcpy (v1, "PPJOURN2", 8);
  put_le64 (v1 + 16 + sizeof content,
	    ppf_hash_words (v1, 16 + sizeof content, PPF_HASH_SEED));
  offset = 99;
  check (ppf_journal_decode (v1, sizeof v1, &offset, &old, &old_size)
	 && old_size == sizeof content && !memcmp (old, content, old_size)
	 && offset == 0,
	 "a journal of the second version (PPJOURN2) is read from offset 0",
	 "refused, or other content");
}

/* The journal at a profile's end (ppjournal.h, "tail journal"): a file
   of PROFILE bytes then the old content then the trailer is complete,
   with the offset and length back; any bit flipped in the content or
   the trailer, or a content that would overlap the counts it stands
   for, is not.  */

static void
test_tail (void)
{
  static const unsigned char content[] = "the counts section, 40 bytes long..";
  const size_t length = sizeof content, profile = 100;
  size_t size = profile + length + PPF_TAIL_SIZE, bad = 0;
  unsigned char *file = calloc (1, size), *copy = malloc (size);
  uint64_t offset = 0, got_length = 0;

  if (!file || !copy)
    {
      check (0, "tail journal: setup", "out of memory");
      free (file);
      free (copy);
      return;
    }
  memcpy (file + profile, content, length);
  ppf_tail_frame (content, length, profile - length, file + profile + length);
  check (ppf_tail_parse (file + size - PPF_TAIL_SIZE, size, &offset,
			 &got_length)
	 && offset == profile - length && got_length == length
	 && ppf_tail_complete (file + size - PPF_TAIL_SIZE, file + profile,
			       length),
	 "a journal at a profile's end is complete",
	 "offset %llu, length %llu", (unsigned long long) offset,
	 (unsigned long long) got_length);
  check (!memcmp (file + size - 8, "PPJTAIL3", 8)
	 && le64 (file + size - PPF_TAIL_SIZE) == profile - length
	 && le64 (file + size - PPF_TAIL_SIZE + 8) == length,
	 "the trailer's layout: offset, length, checksum, magic",
	 "other bytes");
  for (size_t i = profile; i < size; i++)
    for (int bit = 0; bit < 8; bit++)
      {
	memcpy (copy, file, size);
	copy[i] ^= (unsigned char) (1u << bit);
	if (ppf_tail_parse (copy + size - PPF_TAIL_SIZE, size, &offset,
			    &got_length)
	    && ppf_tail_complete (copy + size - PPF_TAIL_SIZE,
				  copy + size - PPF_TAIL_SIZE - got_length,
				  (size_t) got_length))
	  bad++;
      }
  check_u64 ("a journal at the end with any bit flipped is incomplete", 0,
	     bad);
  /* Content that would start before OFFSET + LENGTH: the new counts
     could have overwritten it.  */
  ppf_tail_frame (content, length, profile - length + 1,
		  file + profile + length);
  check (!ppf_tail_parse (file + size - PPF_TAIL_SIZE, size, &offset,
			  &got_length),
	 "a journal at the end overlapping its counts is refused",
	 "accepted");
  check (!ppf_tail_parse (file, PPF_TAIL_SIZE - 1, &offset, &got_length),
	 "a file shorter than a trailer has no journal at its end",
	 "accepted");
  free (file);
  free (copy);
}

int
main (void)
{
  static const unsigned char bytes[] = { 'P', 'A', 'T', 'H', 0, 1, 2, 255 };

  unit_test_init ();
  check_round_trip ("8 bytes", bytes, sizeof bytes, 0);
  check_round_trip ("empty content", NULL, 0, 0);
  check_round_trip ("8 bytes from offset 1000", bytes, sizeof bytes, 1000);
  {
    /* Lengths that leave bytes after the last word, and that take the
       checksum's four-word turns: the frame's checksum, head then
       content, must be the one over the whole journal.  */
    unsigned char more[77];

    for (size_t i = 0; i < sizeof more; i++)
      more[i] = (unsigned char) (i * 13 + 5);
    check_round_trip ("13 bytes", more, 13, 0);
    check_round_trip ("77 bytes", more, sizeof more, 123456);
  }
  test_damage ();
  test_versions ();
  test_tail ();
  return unit_test_report ();
}
