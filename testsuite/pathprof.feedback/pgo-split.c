/* pgo-split.c: a hot early return and a cold tail, split by the
   profile (feedback.exp, fb-split).  */
#include <stdio.h>
#include <stdlib.h>

static unsigned char blk[65536];

/* Greater than: the first bytes differ nearly always (hot), else a long
   comparison (cold).  */
int
greater (int i1, int i2)
{
  unsigned char c1 = blk[i1], c2 = blk[i2];
  if (c1 != c2)
    return c1 > c2;
  for (int k = 1; k < 64; k++)
    {
      c1 = blk[(i1 + k) & 0xffff];
      c2 = blk[(i2 + k) & 0xffff];
      if (c1 != c2)
	return c1 > c2;
      if (blk[(i1 + 2 * k) & 0xffff] != blk[(i2 + 3 * k) & 0xffff])
	return blk[(i1 + 2 * k) & 0xffff] > blk[(i2 + 3 * k) & 0xffff];
    }
  {
    long t = 0;
    for (int k = 0; k < 256; k++)
      t += blk[(i1 * k) & 0xffff] * blk[(i2 + k * k) & 0xffff] - k;
    if (t > 1000000)
      return 1;
    for (int k = 0; k < 128; k++)
      t ^= blk[(i1 + 5 * k) & 0xffff] << (k & 7);
    return t & 1;
  }
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 3000000;
  long s = 0;
  unsigned x = 12345;
  for (int i = 0; i < 65536; i++)
    {
      x = x * 1103515245u + 12345u;
      blk[i] = (unsigned char) (x >> 16);
    }
  for (int i = 0; i < n; i++)
    {
      x = x * 1103515245u + 12345u;
      s += greater ((int) (x >> 8) & 0xffff, (int) (x >> 12) & 0xffff);
      s += greater (i & 0xffff, (i * 7) & 0xffff);
    }
  printf ("%ld\n", s);
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
