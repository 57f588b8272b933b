/* SPDX-License-Identifier: GPL-3.0-or-later */
/* calls-leaf.c -- the tiny functions of calls.c, in a file of their own
   so that no build inlines them: each has one path, and each call is a
   function entry and exit of its own to count.  */

#include "calls.h"

unsigned
leaf_mix (unsigned x, unsigned y)
{
  return (x ^ y) * 0x9e3779b1u + (x >> 7);
}

unsigned
leaf_get (const struct record *r)
{
  return r->value + r->weight;
}

void
leaf_set (struct record *r, unsigned value)
{
  r->value = value;
  r->weight = value >> 3;
}
