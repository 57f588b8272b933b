/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Time readings of the metric=cycles and metric=ns modes: the clock of
   metric=ns (and of metric=cycles where there is no time-stamp counter),
   and the time-stamp counter's frequency, which turns ticks into
   seconds in the reports.

   Frequency: ticks counted against CLOCK_MONOTONIC's nanoseconds
   between the first registration and the write.  Two readings of each
   clock per process, nothing while the program runs; the error is that
   of four clock reads (tens of nanoseconds) over the run's length, so a
   run shorter than MIN_SPAN_NS gives no frequency (0: unknown) rather
   than a wrong one.  On x86 processors with an invariant TSC (every one
   of the last fifteen years) the counter ticks at a constant rate
   whatever the core's clock does, so one ratio holds for the whole
   run.  */

#include <stdint.h>
#include <time.h>

#include "runtime-internal.h"

/* Below this, the frequency is not trusted: 1 ms gives about 10^-4.  */
#define MIN_SPAN_NS 1000000u

static uint64_t start_ticks, start_ns;

/* CLOCK_MONOTONIC in nanoseconds; 0 if it cannot be read.  */

static uint64_t
monotonic_ns (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_MONOTONIC, &ts) != 0)
    return 0;
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* The time-stamp counter, or 0 where there is none.  */

static uint64_t
tsc_ticks (void)
{
#if defined __x86_64__ || defined __i386__
  return __builtin_ia32_rdtsc ();
#else
  return 0;
#endif
}

/* The clock of metric=ns, called by instrumented code at each path end
   (pathprof-abi.h).  */

uint64_t
__pathprof_now_ns (void)
{
  return monotonic_ns ();
}

/* Remember both clocks now: the start of the frequency measurement.
   Called once, at the first registration, with pp_rt_mutex held.  */

void
pp_rt_timebase_start (void)
{
  start_ns = monotonic_ns ();
  start_ticks = tsc_ticks ();
}

/* Time-stamp counter ticks per second since pp_rt_timebase_start, or 0
   when unknown.  */

uint64_t
pp_rt_ticks_per_second (void)
{
  uint64_t ns = monotonic_ns (), ticks = tsc_ticks ();

  if (!start_ns || !ns || !start_ticks || ns - start_ns < MIN_SPAN_NS
      || ticks <= start_ticks)
    return 0;
  /* ticks / (ns / 10^9), without overflow for runs of years.  */
  return (uint64_t) ((double) (ticks - start_ticks) * 1e9
		     / (double) (ns - start_ns) + 0.5);
}
