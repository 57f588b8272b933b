/* Print a profile's runs and counts, one "runs N" line then one
   "FUNCTION PATH COUNT" line per stored count, for the shell tests; or
   "error: MESSAGE" and exit 1.  */

#include <inttypes.h>
#include <stdio.h>

#include "ppformat.h"

int
main (int argc, char **argv)
{
  char err[256];
  ppf_file f;
  uint32_t i;
  uint64_t k;

  if (argc != 2)
    return 2;
  if (ppf_read (argv[1], &f, err, sizeof err) != PPF_OK)
    {
      printf ("error: %s\n", err);
      return 1;
    }
  printf ("runs %" PRIu64 "\n", f.runs);
  for (i = 0; i < f.num_functions; i++)
    for (k = 0; k < f.functions[i].num_counts; k++)
      printf ("%u %" PRIu64 " %" PRIu64 "\n", (unsigned) i,
	      f.functions[i].counts[k].path, f.functions[i].counts[k].count);
  ppf_file_free (&f);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
