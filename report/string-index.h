/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An index of strings: from a string to a number, in expected constant
   time (an open-addressing hash table of FNV-1a hashes).  The reports
   use it where a search of every name seen so far would make the work
   grow with the square of the names: the HTML report's page names and
   the source files of a report.

   The index does not copy its keys: each must outlive the index.  With
   FOLD_CASE, keys equal up to ASCII letter case are the same key, as on
   a file system that ignores case.  */

#ifndef PATHPROF_REPORT_STRING_INDEX_H
#define PATHPROF_REPORT_STRING_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct report_string_slot
{
  const char *key;      /* NULL: free */
  uint64_t hash;
  size_t value;
} report_string_slot;

typedef struct report_string_index
{
  bool fold_case;
  size_t count;             /* keys held */
  size_t capacity;          /* slots: 0 or a power of two */
  report_string_slot *slots;
  size_t probes;            /* slots looked at so far: the work, which
			       tests can bound */
} report_string_index;

void report_string_index_init (report_string_index *index, bool fold_case);
void report_string_index_free (report_string_index *index);

/* The value of KEY, or NULL if KEY is not held.  The value may be
   changed through the pointer until the next add.  */
size_t *report_string_index_find (report_string_index *index, const char *key);

/* Hold KEY, not held yet, with VALUE.  Returns 0, or -1 if memory ran
   out (the index is then unchanged).  */
int report_string_index_add (report_string_index *index, const char *key,
			     size_t value);

#endif /* PATHPROF_REPORT_STRING_INDEX_H */
