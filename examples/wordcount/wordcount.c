/* wordcount: count the lines, words and characters of text files, like
   wc(1), with two more modes.

     wordcount [-c | -w | -k | -L] [FILE]...

   Without an option: lines, words and characters.  -c: characters only.
   -w: words only.  -k: character kinds (letters, digits, blanks,
   punctuation, other).  -L: the length of the longest line.  Without a
   FILE, standard input.

   A small program with the loops and branches of real ones: the
   per-character loop in count_stream is where the time goes, and its path
   profile says which way through the loop body the characters take.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum mode { ALL, CHARS, WORDS, KINDS, LONGEST };

enum kind { LETTER, DIGIT, BLANK, PUNCT, OTHER, NUM_KINDS };

struct counts
{
  long lines, words, chars;
  long longest;
  long kinds[NUM_KINDS];
};

static const char *const kind_names[NUM_KINDS]
  = { "letters", "digits", "blanks", "punctuation", "other" };

/* The kind of character C.  */
static enum kind
classify (int c)
{
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
    return LETTER;
  if (c >= '0' && c <= '9')
    return DIGIT;
  switch (c)
    {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
      return BLANK;
    case '.': case ',': case ';': case ':': case '!': case '?':
    case '\'': case '"': case '(': case ')': case '-':
      return PUNCT;
    default:
      return OTHER;
    }
}

/* Add the counts of stream IN to *C.  Only what MODE asks for is
   counted.  */
static void
count_stream (FILE *in, enum mode mode, struct counts *c)
{
  int ch;
  int in_word = 0;
  long line_length = 0;
  while ((ch = getc (in)) != EOF)
    {
      c->chars++;
      if (mode == CHARS)
	continue;
      if (mode == KINDS)
	c->kinds[classify (ch)]++;
      if (ch == '\n')
	{
	  c->lines++;
	  if (line_length > c->longest)
	    c->longest = line_length;
	  line_length = 0;
	}
      else
	line_length++;
      if (ch == ' ' || ch == '\t' || ch == '\n')
	in_word = 0;
      else if (!in_word)
	{
	  in_word = 1;
	  c->words++;
	}
    }
  if (line_length > c->longest)
    c->longest = line_length;
}

static void
print_counts (const struct counts *c, enum mode mode, const char *name)
{
  switch (mode)
    {
    case ALL:
      printf ("%7ld %7ld %7ld", c->lines, c->words, c->chars);
      break;
    case CHARS:
      printf ("%7ld", c->chars);
      break;
    case WORDS:
      printf ("%7ld", c->words);
      break;
    case LONGEST:
      printf ("%7ld", c->longest);
      break;
    case KINDS:
      for (int k = 0; k < NUM_KINDS; k++)
	printf ("%s%s %ld", k ? ", " : "", kind_names[k], c->kinds[k]);
      break;
    }
  printf (name ? " %s\n" : "\n", name);
}

int
main (int argc, char **argv)
{
  enum mode mode = ALL;
  int first = 1;
  if (argc > 1 && argv[1][0] == '-' && argv[1][1] != '\0')
    {
      if (!strcmp (argv[1], "-c"))
	mode = CHARS;
      else if (!strcmp (argv[1], "-w"))
	mode = WORDS;
      else if (!strcmp (argv[1], "-k"))
	mode = KINDS;
      else if (!strcmp (argv[1], "-L"))
	mode = LONGEST;
      else
	{
	  fprintf (stderr, "usage: wordcount [-c | -w | -k | -L] [FILE]...\n");
	  return 2;
	}
      first = 2;
    }

  struct counts total;
  memset (&total, 0, sizeof total);
  int status = 0;
  if (first == argc)
    {
      count_stream (stdin, mode, &total);
      print_counts (&total, mode, NULL);
      return 0;
    }
  for (int i = first; i < argc; i++)
    {
      FILE *in = fopen (argv[i], "r");
      if (!in)
	{
	  perror (argv[i]);
	  status = 1;
	  continue;
	}
      struct counts c;
      memset (&c, 0, sizeof c);
      count_stream (in, mode, &c);
      fclose (in);
      print_counts (&c, mode, argv[i]);
      total.lines += c.lines;
      total.words += c.words;
      total.chars += c.chars;
      if (c.longest > total.longest)
	total.longest = c.longest;
      for (int k = 0; k < NUM_KINDS; k++)
	total.kinds[k] += c.kinds[k];
    }
  if (argc - first > 1)
    print_counts (&total, mode, "total");
  return status;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
