/* SPDX-License-Identifier: GPL-3.0-or-later */
/* huffman.c -- a Huffman-style bit reader, the inner loop of a JPEG or
   DEFLATE decoder: a 64-bit bit buffer refilled a byte at a time, a
   table lookup on its top bits, a code of variable length consumed.

   Usage: huffman [MILLIONS [REPEAT]]   (default 4 and 20)

   A canonical prefix code of 188 symbols (lengths 3 to 11, Kraft sum
   exactly 1); MILLIONS × 2^20 symbols drawn from an LCG with each
   symbol's probability 2^-length, encoded most significant bit first,
   then decoded REPEAT times.  Checks every decoding against the
   symbols drawn and prints a checksum.  Part of pathprof's benchmark
   harness (bench/programs/k-huffman.sh).  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE_BITS 11

/* What the top TABLE_BITS bits of the buffer decode to.  */
struct entry
{
  uint8_t symbol;
  uint8_t length;
};

/* How many symbols have each code length: 4 × 2^-3 + 8 × 2^-5 + 16 × 2^-7
   + 32 × 2^-9 + 128 × 2^-11 = 1.  */
static const struct
{
  int length, symbols;
} code_lengths[] = { { 3, 4 }, { 5, 8 }, { 7, 16 }, { 9, 32 }, { 11, 128 } };

static struct entry table[1 << TABLE_BITS];
static uint16_t codes[256];
static uint8_t lengths[256];

/* Canonical codes in order of length, and the decoding table: each code
   fills the 2^(TABLE_BITS - length) entries it is a prefix of.  */
static void
build_code (void)
{
  unsigned code = 0, symbol = 0;
  int previous = code_lengths[0].length;
  for (size_t l = 0; l < sizeof code_lengths / sizeof code_lengths[0]; l++)
    {
      int length = code_lengths[l].length;
      code <<= length - previous;
      previous = length;
      for (int k = 0; k < code_lengths[l].symbols; k++, symbol++, code++)
	{
	  codes[symbol] = code;
	  lengths[symbol] = length;
	  unsigned first = code << (TABLE_BITS - length);
	  for (unsigned e = 0; e < 1u << (TABLE_BITS - length); e++)
	    table[first + e] = (struct entry) { symbol, length };
	}
    }
}

/* Encode the N symbols of IN into OUT, most significant bit first;
   returns the bytes written.  */
static size_t
encode (const uint8_t *in, size_t n, uint8_t *out)
{
  uint64_t acc = 0;
  int bits = 0;
  size_t pos = 0;
  for (size_t i = 0; i < n; i++)
    {
      acc = acc << lengths[in[i]] | codes[in[i]];
      bits += lengths[in[i]];
      while (bits >= 8)
	{
	  bits -= 8;
	  out[pos++] = (uint8_t) (acc >> bits);
	}
    }
  if (bits > 0)
    out[pos++] = (uint8_t) (acc << (8 - bits));
  return pos;
}

/* Decode N symbols from IN (followed by 8 bytes of padding) into OUT:
   the kernel.  */
static void
decode (const uint8_t *in, size_t n, uint8_t *out)
{
  uint64_t buffer = 0;
  int bits = 0;
  for (size_t i = 0; i < n; i++)
    {
      while (bits <= 56)
	{
	  buffer |= (uint64_t) *in++ << (56 - bits);
	  bits += 8;
	}
      struct entry e = table[buffer >> (64 - TABLE_BITS)];
      out[i] = e.symbol;
      buffer <<= e.length;
      bits -= e.length;
    }
}

int
main (int argc, char **argv)
{
  long millions = argc > 1 ? atol (argv[1]) : 4;
  int repeat = argc > 2 ? atoi (argv[2]) : 20;
  if (millions <= 0 || repeat <= 0)
    {
      fprintf (stderr, "usage: huffman [MILLIONS [REPEAT]]\n");
      return 2;
    }
  size_t n = (size_t) millions << 20;
  uint8_t *symbols = malloc (n);
  uint8_t *decoded = malloc (n);
  /* At most 11 bits a symbol, and the reader's padding.  */
  uint8_t *stream = calloc (n * 11 / 8 + 16, 1);
  if (!symbols || !decoded || !stream)
    {
      fprintf (stderr, "huffman: out of memory\n");
      return 1;
    }
  build_code ();
  uint64_t state = 0xda3e39cb94b95bdbu;
  for (size_t i = 0; i < n; i++)
    {
      state = state * 6364136223846793005u + 1442695040888963407u;
      symbols[i] = table[state >> (64 - TABLE_BITS)].symbol;
    }
  size_t bytes = encode (symbols, n, stream);

  uint32_t checksum = 2166136261u;
  for (int r = 0; r < repeat; r++)
    {
      decode (stream, n, decoded);
      if (memcmp (decoded, symbols, n) != 0)
	{
	  fprintf (stderr, "huffman: decoding %d differs\n", r);
	  return 1;
	}
      checksum = (checksum ^ decoded[(r * 104729u) % n]) * 16777619u;
    }
  for (size_t i = 0; i < n; i++)
    checksum = (checksum ^ decoded[i]) * 16777619u;
  printf ("huffman %zu symbols in %zu bytes, %d times: checksum %08x\n", n,
	  bytes, repeat, (unsigned) checksum);
  free (symbols);
  free (decoded);
  free (stream);
  return 0;
}
