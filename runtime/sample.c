/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* sample.c: the sampled mode's countdown (issue 32, doc/sampling.md
   section 3).

   Every thread has one countdown, __pathprof_countdown, shared by all
   the sampled objects of the process.  Instrumented code keeps it in a
   register while a function runs (stored before calls and returns,
   loaded after calls), takes one from it at every place a path starts,
   and when it goes below zero calls __pathprof_sample, which says
   whether to sample the path that starts there and what the countdown
   becomes.  Between samples the countdown runs N - 1 + J checks, N the
   process's period and J uniform in [-N/8, N/8], so that the samples
   do not fall in step with a loop's own period; a thread's first call
   takes no sample and starts at a random phase in [0, N).

   Nothing here locks, allocates or calls anything but getenv, the
   clock and the message writer once per process: the countdown and the
   random state are the thread's own, and the period is chosen once,
   with an atomic compare-and-swap.  */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "runtime-internal.h"

/* Initial-exec, as the plugin's references to it: one %fs-relative
   access in an executable, a GOT load in a shared object.  Zero in a
   new thread, so that its first check calls __pathprof_sample, which
   seeds the thread.  */
__thread int64_t __pathprof_countdown
  __attribute__ ((tls_model ("initial-exec"), visibility ("default")));

/* The thread's xorshift64* state; 0 until its first call.  */
static __thread uint64_t rng_state;

/* The process's period: 0 until chosen (pp_rt_sample_choose).  */
static uint64_t process_period;

/* PATHPROF_SAMPLE_SEED, when set: seeds from it and a thread number
   instead of the clock.  */
static int fixed_seed_set;
static uint64_t fixed_seed;
static uint64_t thread_number;

/* splitmix64's finaliser: a 64-bit mix of X.  */

static uint64_t
mix64 (uint64_t x)
{
  x += UINT64_C (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * UINT64_C (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The next number of the thread's xorshift64* generator.  */

static uint64_t
next_random (void)
{
  uint64_t x = rng_state;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * UINT64_C (0x2545f4914f6cdd1d);
}

/* A number uniform in [0, RANGE), RANGE > 0: the high half of a 64 by
   64-bit product (Lemire), whose bias, below RANGE / 2^64, is nothing
   at the periods allowed.  */

static uint64_t
random_below (uint64_t range)
{
  return (uint64_t) (((unsigned __int128) next_random () * range) >> 64);
}

/* Parse TEXT as a period: a decimal number from 1 to
   PP_RT_SAMPLE_PERIOD_MAX, nothing else.  0 if it is not one.  */

uint64_t
pp_rt_sample_parse_period (const char *text)
{
  uint64_t value = 0;
  const char *p;

  if (!text || !*text)
    return 0;
  for (p = text; *p; p++)
    {
      if (*p < '0' || *p > '9')
	return 0;
      value = value * 10 + (uint64_t) (*p - '0');
      if (value > PP_RT_SAMPLE_PERIOD_MAX)
	return 0;
    }
  return value;
}

/* Read PATHPROF_SAMPLE_SEED: any decimal number up to 2^64 - 1.  */

static void
read_seed (void)
{
  const char *text = getenv ("PATHPROF_SAMPLE_SEED");
  char *end;

  if (!text || !*text)
    return;
  errno = 0;
  fixed_seed = strtoull (text, &end, 10);
  if (errno != 0 || *end != '\0' || *text == '-')
    {
      pp_rt_message ("PATHPROF_SAMPLE_SEED=%s: not a number; seeding "
		     "from the clock", text);
      return;
    }
  fixed_seed_set = 1;
}

uint64_t
pp_rt_sample_choose (uint64_t compiled)
{
  uint64_t chosen = __atomic_load_n (&process_period, __ATOMIC_ACQUIRE);
  const char *text;
  uint64_t expected = 0;

  if (chosen != 0)
    {
      if (compiled != 0 && compiled != chosen)
	pp_rt_message ("a unit compiled with sample=%" PRIu64 " runs in a "
		       "process that samples 1 path in %" PRIu64, compiled,
		       chosen);
      return chosen;
    }
  if (compiled == 0 || compiled > PP_RT_SAMPLE_PERIOD_MAX)
    compiled = PP_RT_SAMPLE_PERIOD_DEFAULT;
  chosen = compiled;
  text = getenv ("PATHPROF_SAMPLE");
  if (text)
    {
      uint64_t value = pp_rt_sample_parse_period (text);

      if (value == 0)
	pp_rt_message ("PATHPROF_SAMPLE=%s: not a period from 1 to "
		       "%" PRIu64 "; sampling 1 path in %" PRIu64 " (the "
		       "compiled period)", text,
		       (uint64_t) PP_RT_SAMPLE_PERIOD_MAX, compiled);
      else
	chosen = value;
    }
  if (__atomic_compare_exchange_n (&process_period, &expected, chosen, 0,
				   __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    read_seed ();
  else
    chosen = expected;
  return chosen;
}

uint64_t
pp_rt_sample_period (void)
{
  return __atomic_load_n (&process_period, __ATOMIC_ACQUIRE);
}

/* Make SEED the thread's state; xorshift's state is never 0.  */

static void
set_state (uint64_t seed)
{
  rng_state = seed ? seed : UINT64_C (0x9e3779b97f4a7c15);
}

/* Seed the thread's state: from PATHPROF_SAMPLE_SEED and the thread's
   number in the process, or from the thread, the process, the clock
   and the state's address.  Never 0.  */

static void
seed_thread (void)
{
  uint64_t seed;

  if (fixed_seed_set)
    seed = mix64 (fixed_seed
		  + __atomic_fetch_add (&thread_number, 1, __ATOMIC_RELAXED));
  else
    {
      struct timespec ts;

      clock_gettime (CLOCK_MONOTONIC, &ts);
      seed = mix64 ((uint64_t) pthread_self ());
      seed = mix64 (seed ^ (uint64_t) getpid ());
      seed = mix64 (seed ^ ((uint64_t) ts.tv_sec * 1000000000u
			    + (uint64_t) ts.tv_nsec));
      seed = mix64 (seed ^ (uint64_t) (uintptr_t) &rng_state);
    }
  set_state (seed);
}

/* The countdown after a sample: N - 1 + J, J uniform in [-N/8, N/8].  */

static uint64_t
next_countdown (uint64_t period)
{
  uint64_t spread = period / 8;

  return period - 1 - spread + random_below (2 * spread + 1);
}

int64_t
__pathprof_sample (uint64_t compiled)
{
  uint64_t period = __atomic_load_n (&process_period, __ATOMIC_ACQUIRE);
  int saved_errno = errno;

  if (period == 0)
    period = pp_rt_sample_choose (compiled);
  errno = saved_errno;
  if (period == 1)
    return 1;
  if (rng_state == 0)
    {
      seed_thread ();
      return (int64_t) (random_below (period) << 1);
    }
  return (int64_t) (next_countdown (period) << 1) | 1;
}

void
pp_rt_sample_after_fork (void)
{
  uint64_t period = __atomic_load_n (&process_period, __ATOMIC_ACQUIRE);

  if (rng_state == 0 || period == 0)
    return;
  /* With a fixed seed the child's numbers are those of every run too.  */
  set_state (mix64 (rng_state ^ (fixed_seed_set ? UINT64_C (0x5bd1e995)
				  : (uint64_t) getpid ())));
  __pathprof_countdown = (int64_t) random_below (period);
}
