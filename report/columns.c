/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Text layout for the terminal reports: see columns.h.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "columns.h"
#include "ratio.h"

/* The glyphs for a UTF-8 terminal or for any other.  */

const report_glyphs *
report_glyphs_for (bool utf8)
{
  static const report_glyphs unicode = { "\xe2\x86\x92", 1, "\xe2\x80\xa6", 1 };
  static const report_glyphs ascii = { "->", 2, "...", 3 };

  return utf8 ? &unicode : &ascii;
}

/* Display columns of the first LEN bytes of S: every byte that does not
   continue a UTF-8 sequence starts a character of one column.  Wide
   (East Asian) characters are rare enough in function and file names to
   be counted as one.  */

size_t
report_text_width_n (const char *s, size_t len)
{
  size_t width = 0;

  for (size_t i = 0; i < len; i++)
    if (((unsigned char) s[i] & 0xc0) != 0x80)
      width++;
  return width;
}

/* Display columns of S.  */

size_t
report_text_width (const char *s)
{
  return report_text_width_n (s, strlen (s));
}

/* Write S padded to WIDTH columns.  */

void
report_put_padded (FILE *out, const char *s, size_t width, bool right)
{
  size_t w = report_text_width (s);
  size_t pad = w < width ? width - w : 0;

  if (right)
    fprintf (out, "%*s%s", (int) pad, "", s);
  else
    fprintf (out, "%s%*s", s, (int) pad, "");
}

/* S cut to WIDTH columns: the longest prefix of whole characters that
   leaves room for the ellipsis, then the ellipsis.  */

char *
report_fit (const char *s, size_t width, const report_glyphs *glyphs)
{
  size_t len = strlen (s), keep = 0, cols = 0;
  char *out;

  if (report_text_width (s) <= width)
    return strdup (s);
  while (keep < len)
    {
      size_t next = keep + 1;
      while (next < len && ((unsigned char) s[next] & 0xc0) == 0x80)
	next++;
      if (cols + 1 + glyphs->ellipsis_width > width)
	break;
      cols++;
      keep = next;
    }
  out = malloc (keep + strlen (glyphs->ellipsis) + 1);
  if (out)
    {
      memcpy (out, s, keep);
      strcpy (out + keep, glyphs->ellipsis);
    }
  return out;
}

/* PART as a percentage of WHOLE: see columns.h.  */

void
report_percent (char buf[REPORT_PERCENT_SIZE], long double part,
		long double whole)
{
  long double pct;

  if (whole <= 0)
    {
      snprintf (buf, REPORT_PERCENT_SIZE, "-");
      return;
    }
  /* Counts (whole numbers up to 2^64 - 1, which a long double holds
     exactly): divided out exactly, rounded half up (ratio.h).  */
  if (part >= 0 && part <= whole && whole <= 18446744073709551615.0L
      && part == floorl (part) && whole == floorl (whole))
    {
      report_big p, w;
      report_big_from_u64 (&p, (uint64_t) part);
      report_big_from_u64 (&w, (uint64_t) whole);
      report_percent_big (buf, &p, &w);
      return;
    }
  pct = part * 100 / whole;
  if (part > 0 && pct < 0.005L)
    snprintf (buf, REPORT_PERCENT_SIZE, "<0.01%%");
  else if (part < whole && pct >= 99.995L)
    snprintf (buf, REPORT_PERCENT_SIZE, ">99.99%%");
  else
    snprintf (buf, REPORT_PERCENT_SIZE, "%.2Lf%%", pct);
}

/* Decimal digits of VALUE.  */

size_t
report_digits (uint64_t value)
{
  size_t n = 1;

  while (value >= 10)
    {
      value /= 10;
      n++;
    }
  return n;
}

/* The length of the valid UTF-8 sequence at S (whose first byte is
   non-ASCII), or 0 if it is not one: no overlong forms, no surrogates,
   nothing above U+10FFFF (RFC 3629).  */

int
report_utf8_sequence (const unsigned char *s)
{
  int len;
  uint32_t cp, min;

  if (s[0] >= 0xc2 && s[0] <= 0xdf)
    len = 2, cp = s[0] & 0x1f, min = 0x80;
  else if (s[0] >= 0xe0 && s[0] <= 0xef)
    len = 3, cp = s[0] & 0x0f, min = 0x800;
  else if (s[0] >= 0xf0 && s[0] <= 0xf4)
    len = 4, cp = s[0] & 0x07, min = 0x10000;
  else
    return 0;
  for (int i = 1; i < len; i++)
    {
      if ((s[i] & 0xc0) != 0x80)
	return 0;
      cp = (cp << 6) | (s[i] & 0x3f);
    }
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return len;
}

/* See columns.h.  */

size_t
report_output_width (size_t fallback)
{
  struct winsize ws;
  const char *columns = getenv ("COLUMNS");

  if (isatty (STDOUT_FILENO) && ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0
      && ws.ws_col > 0)
    return ws.ws_col;
  if (columns && columns[0] >= '1' && columns[0] <= '9')
    {
      char *end;
      unsigned long w = strtoul (columns, &end, 10);
      if (*end == '\0' && w < 100000)
	return w;
    }
  return fallback;
}
