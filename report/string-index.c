/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An index of strings: see string-index.h.

   Linear probing in a table kept at most half full, so that a search
   looks at two slots on average; each slot keeps its key's full hash,
   so that keys are compared only when the hashes are equal.  */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "string-index.h"

/* FNV-1a, 64 bits (as ppf_hash), of KEY, folded to lower case if FOLD.  */

static uint64_t
hash_key (const char *key, bool fold)
{
  uint64_t h = UINT64_C (0xcbf29ce484222325);

  for (const unsigned char *p = (const unsigned char *) key; *p; p++)
    {
      unsigned char c = *p;
      if (fold && c >= 'A' && c <= 'Z')
	c = (unsigned char) (c - 'A' + 'a');
      h = (h ^ c) * UINT64_C (0x100000001b3);
    }
  return h;
}

/* Whether keys A and B are the same key of INDEX.  */

static bool
same_key (const report_string_index *index, const char *a, const char *b)
{
  return (index->fold_case ? strcasecmp (a, b) : strcmp (a, b)) == 0;
}

/* Start INDEX empty.  */

void
report_string_index_init (report_string_index *index, bool fold_case)
{
  memset (index, 0, sizeof *index);
  index->fold_case = fold_case;
}

/* Release INDEX's table (not its keys).  */

void
report_string_index_free (report_string_index *index)
{
  free (index->slots);
  report_string_index_init (index, index->fold_case);
}

/* The slot of KEY, whose hash is HASH, in INDEX: where it is held, or
   the free slot where it would go.  INDEX must have a free slot.  The
   slots looked at are added to *PROBES.  */

static report_string_slot *
find_slot (const report_string_index *index, const char *key, uint64_t hash,
	   size_t *probes)
{
  size_t mask = index->capacity - 1;

  for (size_t i = (size_t) hash & mask;; i = (i + 1) & mask)
    {
      report_string_slot *s = &index->slots[i];
      ++*probes;
      if (!s->key
	  || (s->hash == hash && same_key (index, s->key, key)))
	return s;
    }
}

/* The value of KEY, or NULL.  */

size_t *
report_string_index_find (report_string_index *index, const char *key)
{
  report_string_slot *s;

  if (index->count == 0)
    return NULL;
  s = find_slot (index, key, hash_key (key, index->fold_case),
		 &index->probes);
  return s->key ? &s->value : NULL;
}

/* Double INDEX's table (make the first one).  Returns 0 or -1.  */

static int
grow (report_string_index *index)
{
  size_t capacity = index->capacity ? 2 * index->capacity : 16;
  report_string_slot *old = index->slots;
  size_t old_capacity = index->capacity;

  if (capacity < index->capacity)
    return -1;
  index->slots = calloc (capacity, sizeof *index->slots);
  if (!index->slots)
    {
      index->slots = old;
      return -1;
    }
  index->capacity = capacity;
  for (size_t i = 0; i < old_capacity; i++)
    if (old[i].key)
      *find_slot (index, old[i].key, old[i].hash, &index->probes) = old[i];
  free (old);
  return 0;
}

/* Hold KEY with VALUE.  */

int
report_string_index_add (report_string_index *index, const char *key,
			 size_t value)
{
  uint64_t hash = hash_key (key, index->fold_case);
  report_string_slot *s;

  /* At most half full.  */
  if (2 * (index->count + 1) > index->capacity && grow (index) != 0)
    return -1;
  s = find_slot (index, key, hash, &index->probes);
  s->key = key;
  s->hash = hash;
  s->value = value;
  index->count++;
  return 0;
}
