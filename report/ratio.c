/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact ratios of counts: see ratio.h.  */

#include <stdio.h>
#include <string.h>

#include "ratio.h"

void
report_big_from_u64 (report_big *b, uint64_t value)
{
  memset (b, 0, sizeof *b);
  b->w[0] = value;
}

void
report_big_from_sum (report_big *b, const report_sum *sum)
{
  memset (b, 0, sizeof *b);
  b->w[0] = sum->low;
  b->w[1] = sum->high;
}

bool
report_big_add (report_big *a, const report_big *b)
{
  uint64_t carry = 0;

  for (int i = 0; i < REPORT_BIG_WORDS; i++)
    {
      uint64_t s = a->w[i] + b->w[i];
      uint64_t c = s < a->w[i];
      s += carry;
      c += s < carry;
      a->w[i] = s;
      carry = c;
    }
  return carry == 0;
}

/* The 128-bit product of X and Y in *HIGH and *LOW, from 32-bit halves
   (no unsigned __int128 on every target).  */

static void
mul_64 (uint64_t x, uint64_t y, uint64_t *high, uint64_t *low)
{
  uint64_t xl = x & 0xffffffffu, xh = x >> 32;
  uint64_t yl = y & 0xffffffffu, yh = y >> 32;
  uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);

  *low = (mid << 32) | (ll & 0xffffffffu);
  *high = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

bool
report_big_mul (report_big *out, const report_big *a, const report_big *b)
{
  uint64_t r[2 * REPORT_BIG_WORDS];

  memset (r, 0, sizeof r);
  for (int i = 0; i < REPORT_BIG_WORDS; i++)
    {
      uint64_t carry = 0;
      if (!a->w[i])
	continue;
      for (int j = 0; j < REPORT_BIG_WORDS; j++)
	{
	  uint64_t high, low;
	  mul_64 (a->w[i], b->w[j], &high, &low);
	  low += carry;
	  high += low < carry;
	  r[i + j] += low;
	  high += r[i + j] < low;
	  carry = high;
	}
      for (int k = i + REPORT_BIG_WORDS; carry && k < 2 * REPORT_BIG_WORDS; k++)
	{
	  r[k] += carry;
	  carry = r[k] < carry;
	}
    }
  for (int i = REPORT_BIG_WORDS; i < 2 * REPORT_BIG_WORDS; i++)
    if (r[i])
      return false;
  memcpy (out->w, r, sizeof out->w);
  return true;
}

int
report_big_compare (const report_big *a, const report_big *b)
{
  for (int i = REPORT_BIG_WORDS - 1; i >= 0; i--)
    if (a->w[i] != b->w[i])
      return a->w[i] < b->w[i] ? -1 : 1;
  return 0;
}

bool
report_big_is_zero (const report_big *b)
{
  for (int i = 0; i < REPORT_BIG_WORDS; i++)
    if (b->w[i])
      return false;
  return true;
}

long double
report_big_value (const report_big *b)
{
  long double v = 0;

  for (int i = REPORT_BIG_WORDS - 1; i >= 0; i--)
    v = v * 18446744073709551616.0L + (long double) b->w[i];
  return v;
}

/* A -= B, for B <= A.  */

static void
big_sub (report_big *a, const report_big *b)
{
  uint64_t borrow = 0;

  for (int i = 0; i < REPORT_BIG_WORDS; i++)
    {
      uint64_t d = a->w[i] - b->w[i];
      uint64_t c = a->w[i] < b->w[i];
      c += d < borrow;
      a->w[i] = d - borrow;
      borrow = c;
    }
}

/* A <<= 1, the bit shifted out of the top ignored.  */

static void
big_shift_left (report_big *a)
{
  for (int i = REPORT_BIG_WORDS - 1; i > 0; i--)
    a->w[i] = (a->w[i] << 1) | (a->w[i - 1] >> 63);
  a->w[0] <<= 1;
}

bool
report_big_scaled (const report_big *part, const report_big *whole,
		   uint64_t scale, uint64_t *out)
{
  report_big num, s, rem;
  uint64_t q = 0;

  *out = 0;
  if (report_big_is_zero (whole) || report_big_compare (part, whole) > 0
      || scale > 1000000000000u)
    return false;
  /* NUM = PART * SCALE * 2: a part of more than 343 bits does not fit,
     and is no sum of counts.  */
  report_big_from_u64 (&s, scale * 2);
  if (!report_big_mul (&num, part, &s))
    return false;
  /* Long division, a bit at a time: Q = floor (NUM / WHOLE), at most
     2 * SCALE.  */
  memset (&rem, 0, sizeof rem);
  for (int bit = REPORT_BIG_WORDS * 64 - 1; bit >= 0; bit--)
    {
      bool top = rem.w[REPORT_BIG_WORDS - 1] >> 63;
      big_shift_left (&rem);
      rem.w[0] |= (num.w[bit / 64] >> (bit % 64)) & 1;
      q <<= 1;
      if (top || report_big_compare (&rem, whole) >= 0)
	{
	  big_sub (&rem, whole);
	  q |= 1;
	}
    }
  /* Half up: floor ((2x + 1) / 2) for x = PART * SCALE / WHOLE.  */
  *out = (q + 1) / 2;
  return true;
}

/* PART * SCALE / WHOLE rounded, into *OUT; or, where that cannot be,
   the figure itself into BUF of SIZE and false: ZERO for a zero WHOLE,
   a part over the whole in percent with DECIMALS and SUFFIX.  */

static bool
divide_out (char *buf, size_t size, const report_big *part,
	    const report_big *whole, uint64_t scale, const char *zero,
	    int decimals, const char *suffix, uint64_t *out)
{
  if (report_big_is_zero (whole))
    {
      snprintf (buf, size, "%s", zero);
      return false;
    }
  if (report_big_scaled (part, whole, scale, out))
    return true;
  snprintf (buf, size, "%.*Lf%s", decimals,
	    report_big_value (part) * 100 / report_big_value (whole), suffix);
  return false;
}

void
report_percent_big (char buf[REPORT_PERCENT_SIZE], const report_big *part,
		    const report_big *whole)
{
  uint64_t h;

  if (!divide_out (buf, REPORT_PERCENT_SIZE, part, whole, 10000, "-", 2, "%",
		   &h))
    return;
  if (h == 0 && !report_big_is_zero (part))
    snprintf (buf, REPORT_PERCENT_SIZE, "<0.01%%");
  else if (h == 10000 && report_big_compare (part, whole) < 0)
    snprintf (buf, REPORT_PERCENT_SIZE, ">99.99%%");
  else
    {
      /* At most 10000: PART is at most WHOLE.  */
      unsigned int hundredths = (unsigned int) (h < 10000 ? h : 10000);
      snprintf (buf, REPORT_PERCENT_SIZE, "%u.%02u%%", hundredths / 100,
		hundredths % 100);
    }
}

void
report_percent_sums (char buf[REPORT_PERCENT_SIZE], const report_sum *part,
		     const report_sum *whole)
{
  report_big p, w;

  report_big_from_sum (&p, part);
  report_big_from_sum (&w, whole);
  report_percent_big (buf, &p, &w);
}

void
report_percent_fixed (char buf[REPORT_FIXED_SIZE], const report_big *part,
		      const report_big *whole)
{
  uint64_t v;

  if (!divide_out (buf, REPORT_FIXED_SIZE, part, whole, 100000000u,
		   "0.000000", 6, "", &v))
    return;
  /* At most 10^8: PART is at most WHOLE.  */
  unsigned int millionths = (unsigned int) (v < 100000000u ? v : 100000000u);
  snprintf (buf, REPORT_FIXED_SIZE, "%u.%06u", millionths / 1000000,
	    millionths % 1000000);
}
