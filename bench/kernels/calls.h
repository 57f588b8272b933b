/* SPDX-License-Identifier: GPL-3.0-or-later */
/* calls.h -- the tiny functions calls.c calls (calls-leaf.c).  */

#ifndef CALLS_H
#define CALLS_H

struct record
{
  unsigned value;
  unsigned weight;
};

unsigned leaf_mix (unsigned x, unsigned y);
unsigned leaf_get (const struct record *r);
void leaf_set (struct record *r, unsigned value);

#endif
