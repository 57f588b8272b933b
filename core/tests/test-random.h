/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the core's random-CFG tests share: reproducible random numbers
   (splitmix64, the same sequence on every platform) and the names of
   checks made over many graphs.  */

#ifndef PATHPROF_TEST_RANDOM_H
#define PATHPROF_TEST_RANDOM_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

/* The name of a check about one of many graphs, or one that reports a
   measurement, formatted from FMT.  In a static buffer: one name per
   check.  */
static const char *check_name (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2), unused));

static const char *
check_name (const char *fmt, ...)
{
  static char name[300];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (name, sizeof name, fmt, ap);
  va_end (ap);
  return name;
}

/* The next 64 random bits.  */
static uint64_t __attribute__ ((unused))
rng_next (uint64_t *state)
{
  uint64_t z = (*state += UINT64_C (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* A random number in 0..N-1 (0 if N is 0).  */
static uint32_t __attribute__ ((unused))
rng_below (uint64_t *state, uint32_t n)
{
  return n == 0 ? 0 : (uint32_t) (rng_next (state) % n);
}

#endif /* PATHPROF_TEST_RANDOM_H */
