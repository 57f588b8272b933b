/* The branch outcomes the plugin records in each function's meta (the
   detail section, doc/file-format.md): each choice's line and the label
   of every edge out of it, as the user wrote the choice.  Checked with
   pathprof-branch at -O0 and -O2: the plugin sees the CFG of -O0 at
   every level (doc/plugin.md), so the outcomes are the same.

   - if/else: "true" and "false";
   - "x > 0 && data[x] != 0": two conditions on one line, the first's
     "true" going to the second (on the same line).  The second operand
     may trap, so no level folds the two into one test;
   - a for loop: its test (at the bottom in GCC's C front end) is a
     condition whose "true" enters the body;
   - a switch: one outcome per target block, with the case labels the
     user wrote, although GCC groups them before the plugin sees the
     switch (6 and 9 stay "case 6, 9"; 7, which goes where default goes,
     is named with it);
   - a switch of one case and default, which GCC turns into a condition:
     still "case -1" and "default";
   - a switch whose one target takes 20 values: the label stops after 8;
   - case values in the sign of their type, in decimal however wide;
   - a computed goto: "goto NAME" for each label whose address is taken.  */

/* { dg-do run } */

#include <stdio.h>

static const int data[] = { 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1 };

static int
outcomes (int x, int y, int which)
{
  static void *const where[] = { &&first, &&second };
  int r = 0;
  if (x > 3)			/* @I */
    r += 1;			/* @IT */
  else
    r -= 1;			/* @IF */
  if (x > 0 && data[x] != 0)	/* @A */
    r += 2;			/* @AT */
  for (int i = 0; i < x; i++)	/* @F */
    r += i;			/* @FB */
  switch (x)			/* @S */
    {
    case 0:			/* @S0 */
      r += 10;
      break;
    case 1 ... 5:		/* @S1 */
      r += 20;
      break;
    case 6:			/* @S6 */
    case 9:
      r += 30;
      break;
    case 7:			/* @S7 */
    default:
      r += 40;
      break;
    }
  switch (y)			/* @T */
    {
    case -1:			/* @TC */
      r++;
      break;
    default:			/* @TD */
      r--;
    }
  goto *where[which];		/* @G */
 first:				/* @GF */
  return r;
 second:			/* @GS */
  return -r;
}

static int
many (unsigned u)
{
  switch (u)			/* @M */
    {
    case 1: case 2: case 3: case 4: case 5:	/* @M1 */
    case 6: case 7: case 8: case 9: case 10:
    case 11: case 12: case 13: case 14: case 15:
    case 16: case 17: case 18: case 19: case 20:
      return 1;
    case 4000000000u:		/* @MB */
      return 2;
    default:			/* @MD */
      return 0;
    }
}

static int
wide (__int128 v, unsigned char c)
{
  int r = 0;
  switch (v)			/* @W */
    {
    case -((__int128) 1 << 100):	/* @WN */
      r = 1;
      break;
    case (__int128) 1 << 90:	/* @WP */
      r = 2;
      break;
    }
  switch (c)			/* @C */
    {
    case 200:			/* @CB */
    case 201:
      r += 1;
      break;
    case 'a':			/* @CA */
      r += 2;
      break;
    default:			/* @CD */
      break;
    }
  return r;
}

int
main (void)
{
  int sum = 0;
  for (int x = 0; x <= 9; x++)
    sum += outcomes (x, x % 3 - 1, x & 1);
  sum += many (3) + many (4000000000u) + many (99);
  sum += wide (-((__int128) 1 << 100), 200) + wide (0, 'a') + wide (1, 0);
  printf ("%d\n", sum);
  return 0;
}

/* { dg-final { pathprof-branch outcomes @I {"true -> @IT" "false -> @IF"} } }
   { dg-final { pathprof-branch outcomes @A {"true -> @A" "false -> @F" "true -> @AT" "false -> @F"} } }
   { dg-final { pathprof-branch outcomes @F {"true -> @FB" "false -> @S"} } }
   { dg-final { pathprof-branch outcomes @S {"case 0 -> @S0" "case 1 ... 5 -> @S1" "case 6, 9 -> @S6" "case 7, default -> @S7"} } }
   { dg-final { pathprof-branch outcomes @T {"case -1 -> @TC" "default -> @TD"} } }
   { dg-final { pathprof-branch outcomes @G {"goto first -> @GF" "goto second -> @GS"} } }
   { dg-final { pathprof-branch many @M {"case 1, 2, 3, 4, 5, 6, 7, 8, ... (+12 more) -> @M1" "case 4000000000 -> @MB" "default -> @MD"} } }
   { dg-final { pathprof-branch wide @W {"case -1267650600228229401496703205376 -> @WN" "case 1237940039285380274899124224 -> @WP" "default -> @C"} } }
   { dg-final { pathprof-branch wide @C {"case 200, 201 -> @CB" "case 97 -> @CA" "default -> @CD"} } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
