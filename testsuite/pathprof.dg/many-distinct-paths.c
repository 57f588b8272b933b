/* A function of 2^17 = 131072 potential paths, more than max-array
   (65536 here, set below): it has no counter array, every path end is a call
   into the runtime's hash table (design.md, trap 11; doc/plugin.md), and
   the table must lose no count however many distinct paths it holds: it
   starts with 128 slots (runtime/hashcount.c) and must grow several
   times here.  (The max-array=1 variant of every test hashes functions of 2
   paths and more; this one fills the table with thousands of keys.)

   sum_bits (x) has 17 ifs in a row, one per bit of x, no loop: one path
   per call, entry -> return, and each value of x below 2^17 takes its own
   path (bit k set: the path runs Bk then Tk; clear: Bk only).
   main calls it for x = 128 * m, m = 0 .. 1023 (bits 0 .. 6 clear, bits
   7 .. 16 those of m: 1024 distinct paths), and a second time for every
   m that is a multiple of 5 (0, 5, .., 1020: 205 values):
     executed paths       1024 of 131072
     path executions      1024 + 205 = 1229
     m = 0 (no bit):      count 2 (a multiple of 5)
     m = 1023 (bits 7 .. 16 all set): count 1 (1023 = 5 * 204 + 3)
     m = 1020 (all but bits 7 and 8): count 2
     m = 1 (bit 7 only):  count 1
     bit 16 set (m >= 512): 512 values, of which the multiples of 5
       515 .. 1020 are 102: the paths through T16 ran 614 times.
   (A thousand rather than all 131072 paths: the suite reads every
   profile's --json with a Tcl JSON reader, which takes seconds for a
   thousand paths and far too long for a hundred thousand.)  sum_bits (x) is the sum of (k + 1) over the set bits k.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-max-array=65536" } */

#include <stdio.h>

__attribute__ ((noinline)) static unsigned
sum_bits (unsigned x)
{
  unsigned s = 0;		/* @S */
  if (x & (1u << 0))		/* @B0 */
    s += 1;			/* @T0 */
  if (x & (1u << 1))		/* @B1 */
    s += 2;			/* @T1 */
  if (x & (1u << 2))		/* @B2 */
    s += 3;			/* @T2 */
  if (x & (1u << 3))		/* @B3 */
    s += 4;			/* @T3 */
  if (x & (1u << 4))		/* @B4 */
    s += 5;			/* @T4 */
  if (x & (1u << 5))		/* @B5 */
    s += 6;			/* @T5 */
  if (x & (1u << 6))		/* @B6 */
    s += 7;			/* @T6 */
  if (x & (1u << 7))		/* @B7 */
    s += 8;			/* @T7 */
  if (x & (1u << 8))		/* @B8 */
    s += 9;			/* @T8 */
  if (x & (1u << 9))		/* @B9 */
    s += 10;			/* @T9 */
  if (x & (1u << 10))		/* @B10 */
    s += 11;			/* @T10 */
  if (x & (1u << 11))		/* @B11 */
    s += 12;			/* @T11 */
  if (x & (1u << 12))		/* @B12 */
    s += 13;			/* @T12 */
  if (x & (1u << 13))		/* @B13 */
    s += 14;			/* @T13 */
  if (x & (1u << 14))		/* @B14 */
    s += 15;			/* @T14 */
  if (x & (1u << 15))		/* @B15 */
    s += 16;			/* @T15 */
  if (x & (1u << 16))		/* @B16 */
    s += 17;			/* @T16 */
  return s;			/* @R */
}

int
main (void)
{
  unsigned long total = 0;
  for (unsigned m = 0; m < 1024; m++)
    total += sum_bits (128 * m);
  for (unsigned m = 0; m < 1024; m += 5)
    total += sum_bits (128 * m);
  printf ("%lu\n", total);
  return 0;
}

/* { dg-final { pathprof-potential sum_bits 131072 } }
   { dg-final { pathprof-executed sum_bits 1024 } }
   { dg-final { pathprof-total sum_bits 1229 } }
   { dg-final { pathprof-path sum_bits "S B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B14 B15 B16 R" 2 entry return } }
   { dg-final { pathprof-path sum_bits "S B0 B1 B2 B3 B4 B5 B6 B7 T7 B8 T8 B9 T9 B10 T10 B11 T11 B12 T12 B13 T13 B14 T14 B15 T15 B16 T16 R" 1 entry return } }
   { dg-final { pathprof-path sum_bits "S B0 B1 B2 B3 B4 B5 B6 B7 B8 B9 T9 B10 T10 B11 T11 B12 T12 B13 T13 B14 T14 B15 T15 B16 T16 R" 2 entry return } }
   { dg-final { pathprof-path sum_bits "S B0 B1 B2 B3 B4 B5 B6 B7 T7 B8 B9 B10 B11 B12 B13 B14 B15 B16 R" 1 entry return } }
   { dg-final { pathprof-path sum_bits "*T16*" 614 entry return } }
   { dg-final { pathprof-path sum_bits "*T0*" 0 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
