/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Exact sums of 64-bit counts: see sum.h.  */

#include "sum.h"

/* Add VALUE to SUM.  A sum that would pass 2^128 - 1 stays there; it
   cannot happen with real profiles (2^64 counters of 2^64 each).  */

void
report_sum_add (report_sum *sum, uint64_t value)
{
  uint64_t low = sum->low + value;

  if (low < sum->low)
    {
      if (sum->high == UINT64_MAX)
	{
	  sum->low = UINT64_MAX;
	  return;
	}
      sum->high++;
    }
  sum->low = low;
}

/* Add the sum OTHER to SUM, saturating as report_sum_add.  */

void
report_sum_add_sum (report_sum *sum, const report_sum *other)
{
  uint64_t high = sum->high + other->high;

  if (high < sum->high)
    {
      sum->high = sum->low = UINT64_MAX;
      return;
    }
  sum->high = high;
  report_sum_add (sum, other->low);
}

/* Subtract the sum OTHER from SUM, which must not be smaller: with a
   borrow from the high half.  A smaller SUM becomes 0.  */

void
report_sum_sub_sum (report_sum *sum, const report_sum *other)
{
  if (report_sum_compare (sum, other) < 0)
    {
      sum->high = sum->low = 0;
      return;
    }
  sum->high -= other->high + (sum->low < other->low);
  sum->low -= other->low;
}

/* Compare two sums: negative, zero or positive as A is below, equal to or
   above B.  */

int
report_sum_compare (const report_sum *a, const report_sum *b)
{
  if (a->high != b->high)
    return a->high < b->high ? -1 : 1;
  if (a->low != b->low)
    return a->low < b->low ? -1 : 1;
  return 0;
}

/* Whether SUM is zero.  */

bool
report_sum_is_zero (const report_sum *sum)
{
  return sum->high == 0 && sum->low == 0;
}

/* SUM as a floating-point number, for shares and percentages only.  */

long double
report_sum_value (const report_sum *sum)
{
  return (long double) sum->high * 18446744073709551616.0L
	 + (long double) sum->low;
}

/* Write SUM in decimal into BUF and return BUF.  Long division of the four
   32-bit limbs by ten, least significant digit first, then reversed.  */

const char *
report_sum_format (const report_sum *sum, char buf[REPORT_SUM_DIGITS])
{
  uint32_t limb[4] = { (uint32_t) (sum->high >> 32), (uint32_t) sum->high,
		       (uint32_t) (sum->low >> 32), (uint32_t) sum->low };
  int len = 0;

  do
    {
      uint64_t rest = 0;
      for (int i = 0; i < 4; i++)
	{
	  uint64_t cur = (rest << 32) | limb[i];
	  limb[i] = (uint32_t) (cur / 10);
	  rest = cur % 10;
	}
      buf[len++] = (char) ('0' + rest);
    }
  while (limb[0] | limb[1] | limb[2] | limb[3]);
  buf[len] = '\0';
  for (int i = 0, j = len - 1; i < j; i++, j--)
    {
      char c = buf[i];
      buf[i] = buf[j];
      buf[j] = c;
    }
  return buf;
}
