/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scan.c -- byte scans: a memchr-like search whose loop has two exits
   (the byte found, the end reached), called once per line, and a count
   of one byte over the whole buffer, a loop of one block.

   Usage: scan [MEGABYTES [REPEAT]]   (default 8 and 60)

   Generates MEGABYTES of text-like lines from an LCG, then REPEAT times
   splits it into lines with find_byte and counts the spaces with
   count_byte; checks the two ways of counting lines against each other
   and prints the line count, the longest line and a checksum of the
   line lengths.  Part of pathprof's benchmark harness
   (bench/programs/k-scan.sh).  */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The first C in [P, END), or END: the early exit of memchr.  */
static const unsigned char *
find_byte (const unsigned char *p, const unsigned char *end, unsigned char c)
{
  while (p < end)
    {
      if (*p == c)
	return p;
      p++;
    }
  return end;
}

/* How many bytes of [P, P + N) are C.  */
static size_t
count_byte (const unsigned char *p, size_t n, unsigned char c)
{
  size_t count = 0;
  for (size_t i = 0; i < n; i++)
    count += p[i] == c;
  return count;
}

int
main (int argc, char **argv)
{
  long megabytes = argc > 1 ? atol (argv[1]) : 8;
  int repeat = argc > 2 ? atoi (argv[2]) : 60;
  if (megabytes <= 0 || repeat <= 0)
    {
      fprintf (stderr, "usage: scan [MEGABYTES [REPEAT]]\n");
      return 2;
    }
  size_t n = (size_t) megabytes << 20;
  unsigned char *text = malloc (n);
  if (!text)
    {
      fprintf (stderr, "scan: out of memory\n");
      return 1;
    }
  /* Words of 1 to 12 letters, lines of 20 to 140 bytes.  */
  uint64_t state = 0x9e3779b97f4a7c15u;
  size_t line = 0, word = 0, line_len = 20, word_len = 1;
  for (size_t i = 0; i < n; i++)
    {
      state = state * 6364136223846793005u + 1442695040888963407u;
      unsigned r = (unsigned) (state >> 33);
      if (line++ >= line_len)
	{
	  text[i] = '\n';
	  line = word = 0;
	  line_len = 20 + r % 121;
	}
      else if (word++ >= word_len)
	{
	  text[i] = ' ';
	  word = 0;
	  word_len = 1 + r % 12;
	}
      else
	text[i] = 'a' + r % 26;
    }

  size_t lines = 0, longest = 0, spaces = 0;
  uint64_t checksum = 0;
  for (int r = 0; r < repeat; r++)
    {
      const unsigned char *p = text, *end = text + n;
      lines = longest = 0;
      while (p < end)
	{
	  const unsigned char *nl = find_byte (p, end, '\n');
	  size_t len = nl - p;
	  if (len > longest)
	    longest = len;
	  checksum = checksum * 31 + len;
	  lines += nl < end;
	  p = nl + 1;
	}
      spaces = count_byte (text, n, ' ');
      if (count_byte (text, n, '\n') != lines)
	{
	  fprintf (stderr, "scan: the two line counts differ\n");
	  return 1;
	}
    }
  printf ("scan %zu bytes, %d times: %zu lines, longest %zu, %zu spaces,"
	  " checksum %016llx\n",
	  n, repeat, lines, longest, spaces, (unsigned long long) checksum);
  free (text);
  return 0;
}
