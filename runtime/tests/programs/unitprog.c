/* A stand-in for an instrumented program, for the shell tests: registers
   the test unit of rt-test.h for the profile named by argv[1], counts
   path 1 of "loop" COUNT times (argv[2], default 1) and path 10 of "big"
   once, and path EXTRA of "big" once if argv[3] gives one (a profile
   that grows), prints "hello" and exits with 3.  */

#include "rt-test.h"

static struct test_unit tu;

int
main (int argc, char **argv)
{
  long count = argc > 2 ? atol (argv[2]) : 1;

  if (argc < 2)
    {
      fprintf (stderr, "usage: unitprog PROFILE [COUNT]\n");
      return 2;
    }
  test_unit_init (&tu, argv[1], "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = (uint64_t) count;
  __pathprof_count_hashed (&tu.fn[1], 10);
  if (argc > 3)
    __pathprof_count_hashed (&tu.fn[1], strtoull (argv[3], NULL, 10));
  printf ("hello\n");
  return 3;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
