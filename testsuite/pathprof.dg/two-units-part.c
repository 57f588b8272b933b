/* The second translation unit of two-units.c (not a test by itself).  */

int
count_digits (const char *s)
{
  int n = 0;				/* @S */
  for (; *s; s++)			/* @L */
    if (*s >= '0' && *s <= '9')		/* @T */
      n++;				/* @D */
  return n;				/* @R */
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
