/* A switch whose cases share targets: GIMPLE has one edge per distinct
   target block (not one per case label), so classify has 4 paths, one per
   target.  Case labels make no statement of their own: the labels sit on
   the statements.

   classify runs on the 15 characters of "hello world 42\n":
     vowels  e o o               V  3
     blanks  ' ' ' ' '\n'        B  3
     digits  4 2                 D  2
     others  h l l w r l d       O  7  */

/* { dg-do run } */

#include <stdio.h>

static int
classify (int c)
{
  int kind;
  switch (c)		/* @W */
    {
    case 'a': case 'e': case 'i':
    case 'o': case 'u':
      kind = 1;		/* @V */
      break;
    case ' ': case '\t':
    case '\n':
      kind = 2;		/* @B */
      break;
    case '0' ... '9':
      kind = 3;		/* @D */
      break;
    default:
      kind = 0;		/* @O */
      break;
    }
  return kind;		/* @R */
}

int
main (void)
{
  static const char text[] = "hello world 42\n";
  int counts[4] = { 0, 0, 0, 0 };
  for (const char *p = text; *p; p++)	/* @L */
    counts[classify (*p)]++;		/* @X */
  printf ("%d %d %d %d\n", counts[0], counts[1], counts[2], counts[3]);
  return 0;
}

/* { dg-final { pathprof-path classify "W V R" 3 entry return } }
   { dg-final { pathprof-path classify "W B R" 3 entry return } }
   { dg-final { pathprof-path classify "W D R" 2 entry return } }
   { dg-final { pathprof-path classify "W O R" 7 entry return } }
   { dg-final { pathprof-executed classify 4 } }
   { dg-final { pathprof-potential classify 4 } }
   { dg-final { pathprof-total classify 15 } }

   main's loop runs 15 times: 1 entry path, 14 backedge paths, 1 exit.
   { dg-final { pathprof-path main "L X L" 1 entry backedge } }
   { dg-final { pathprof-path main "L X L" 14 backedge backedge } }
   { dg-final { pathprof-path main "L" 1 backedge return } }
   { dg-final { pathprof-total main 16 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
