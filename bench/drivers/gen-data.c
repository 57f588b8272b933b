/* gen-data -- write a deterministic, text-like input file for the
   benchmarks.

   Usage: gen-data BYTES [SEED]

   Writes BYTES bytes to standard output: a mix of web-server log lines,
   prose made of a Zipf-like vocabulary, CSV records and short hex dumps,
   in runs of varying length, so that compressors, regular-expression
   engines and awk scripts all have something realistic to chew on.  The
   same BYTES and SEED give the same bytes on every machine (a 64-bit LCG,
   no libc randomness).  Part of pathprof's benchmark harness
   (bench/bench.sh); the programs measured are not ours, their inputs
   are.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

/* A uniform number in 0..N-1 (N > 0) from Knuth's MMIX LCG.  */
static uint32_t
uniform (uint32_t n)
{
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t) ((state >> 33) % n);
}

/* A Zipf-like rank in 0..N-1: small ranks far more often.  */
static uint32_t
skewed (uint32_t n)
{
  uint32_t a = uniform (n), b = uniform (n);
  uint32_t c = uniform (n);
  uint32_t m = a < b ? a : b;
  return m < c ? m : c;
}

#define VOCABULARY 4096
static char words[VOCABULARY][16];

/* Pronounceable words of 1 to 12 letters.  */
static void
make_vocabulary (void)
{
  static const char consonants[] = "bcdfghjklmnprstvwz";
  static const char vowels[] = "aeiouy";
  for (int i = 0; i < VOCABULARY; i++)
    {
      int len = 1 + uniform (4) + uniform (5) + uniform (4);
      for (int j = 0; j < len; j++)
	words[i][j] = j % 2 ? vowels[uniform (sizeof vowels - 1)]
			    : consonants[uniform (sizeof consonants - 1)];
      words[i][len] = 0;
    }
}

static const char *methods[] = { "GET", "GET", "GET", "POST", "HEAD", "PUT" };
static const int statuses[] = { 200, 200, 200, 200, 304, 404, 301, 500 };

static size_t
emit (const char *text, size_t left)
{
  size_t n = strlen (text);
  if (n > left)
    n = left;
  fwrite (text, 1, n, stdout);
  return n;
}

int
main (int argc, char **argv)
{
  if (argc < 2 || argc > 3)
    {
      fprintf (stderr, "usage: gen-data BYTES [SEED]\n");
      return 2;
    }
  size_t left = strtoull (argv[1], NULL, 10);
  state = argc == 3 ? strtoull (argv[2], NULL, 10) : 1996;
  make_vocabulary ();

  char line[512];
  unsigned long long clock = 1700000000;
  while (left > 0)
    {
      int kind = uniform (10);
      int run = 1 + uniform (40);
      for (int r = 0; r < run && left > 0; r++)
	{
	  int n = 0;
	  if (kind < 4)		/* a log line */
	    {
	      clock += uniform (5);
	      n = snprintf (line, sizeof line,
			    "%llu 10.%u.%u.%u %s /%s/%s?id=%u HTTP/1.1 %d %u"
			    " \"%s-%s/%u.%u\"\n",
			    clock, uniform (4), uniform (256), uniform (256),
			    methods[uniform (6)], words[skewed (64)],
			    words[skewed (VOCABULARY)], uniform (100000),
			    statuses[uniform (8)], uniform (70000),
			    words[skewed (16)], words[skewed (16)],
			    uniform (10), uniform (100));
	    }
	  else if (kind < 8)	/* prose */
	    {
	      int count = 4 + uniform (14);
	      for (int w = 0; w < count; w++)
		{
		  const char *word = words[skewed (VOCABULARY)];
		  n += snprintf (line + n, sizeof line - n, "%s%s",
				 w ? " " : "", word);
		  if (w == 0 && line[0] >= 'a')
		    line[0] -= 'a' - 'A';
		}
	      n += snprintf (line + n, sizeof line - n, "%s\n",
			     uniform (5) ? "." : "?");
	    }
	  else if (kind < 9)	/* CSV */
	    n = snprintf (line, sizeof line, "%u,%s,%s,%d.%02u,%u\n",
			  uniform (1000000), words[skewed (VOCABULARY)],
			  words[skewed (256)], (int) uniform (20000) - 10000,
			  uniform (100), uniform (2));
	  else			/* hex dump */
	    {
	      n = snprintf (line, sizeof line, "%08x:", uniform (1u << 30));
	      for (int b = 0; b < 16; b++)
		n += snprintf (line + n, sizeof line - n, " %02x",
			       b < 8 ? uniform (256) : uniform (16));
	      n += snprintf (line + n, sizeof line - n, "\n");
	    }
	  left -= emit (line, left);
	}
    }
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      perror ("gen-data: write");
      return 1;
    }
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
