/* A loop whose header is entered from two places ("again:", reached by
   the goto in the "if" and by the statement before it) and by its latch
   ("goto again;"), in a function that calls a pure function (strlen).
   At -O0 GCC's "fixup_cfg2" asks for a CFG cleanup in such a function,
   which gives the header a forwarder before gcov's pass: the label's
   block gets the two entries, the latch goes to the block after it
   (tree-cfgcleanup.cc, cleanup_tree_cfg_noloop).  So gcov counts the
   label's line once per entry into the loop, 6 for 6 calls, not once
   per trip, 18; the plugin makes the same forwarder
   (pathprof_split_loop_entries).  The gcov oracle (step 6) checks every
   line against gcov's; pcre2's "RETURN_SWITCH:" was the first seen
   (issue 29).  */

/* { dg-do run } */

#include <stdio.h>
#include <string.h>

static int __attribute__ ((noinline))
scan (const char *s, int a, int k)
{
  int n = 0;
  if (a)
    {
      n = 1;
      goto again;
    }
  n = 2;
again:
  n += strlen (s) > 3;
  if (--k > 0)
    goto again;
  return n;
}

int
main (void)
{
  int t = 0;
  for (int i = 0; i < 6; i++)
    t += scan ("hello", i & 1, 3);
  printf ("%d\n", t);
  return 0;
}

/* { dg-final { pathprof-line scan 29 6 } }
   { dg-final { pathprof-line scan 30 18 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
