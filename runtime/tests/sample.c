/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The sampled mode's countdown (runtime/sample.c): the period from
   PATHPROF_SAMPLE and its bad forms, the first call's phase, the reload's
   range and mean, period 1, the number of samples over a long run, a
   loop whose paths alternate (the jitter against aliasing), seeds,
   threads and fork.  Every case runs in a child of its own, since the
   period is chosen once per process.  */

#define _GNU_SOURCE
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime-internal.h"
#include "rt-test.h"

static char err_path[] = "/tmp/pathprof-sample-XXXXXX";

/* Run FN in a child, with PATHPROF_SAMPLE set to SAMPLE (NULL: unset);
   the child's messages go to err_path, emptied first.  */

static void
in_child (void (*fn) (void), const char *sample)
{
  pid_t pid;
  int status;
  int fd = open (err_path, O_WRONLY | O_TRUNC);

  if (fd >= 0)
    close (fd);
  pid = fork ();
  if (pid == 0)
    {
      if (sample)
	setenv ("PATHPROF_SAMPLE", sample, 1);
      else
	unsetenv ("PATHPROF_SAMPLE");
      fn ();
      fflush (stdout);
      _exit (0);
    }
  if (pid < 0 || waitpid (pid, &status, 0) != pid || !WIFEXITED (status)
      || WEXITSTATUS (status) != 0)
    check (0, "child", "expected a child that exits 0");
}

/* What the child wrote through pp_rt_message.  */

static const char *
messages (void)
{
  static char buf[4096];
  FILE *f = fopen (err_path, "r");
  size_t n = f ? fread (buf, 1, sizeof buf - 1, f) : 0;

  if (f)
    fclose (f);
  buf[n] = 0;
  return buf;
}

static void
test_parse (void)
{
  static const struct { const char *text; uint64_t value; } cases[] = {
    { "1", 1 }, { "1000", 1000 }, { "4294967295", 4294967295u },
    { "4294967296", 0 }, { "99999999999999999999999", 0 }, { "0", 0 },
    { "", 0 }, { "-5", 0 }, { "+5", 0 }, { " 5", 0 }, { "5 ", 0 },
    { "12x", 0 }, { "abc", 0 }, { "0x10", 0 }
  };

  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    check (pp_rt_sample_parse_period (cases[i].text) == cases[i].value,
	   "period parsed", "\"%s\": expected %" PRIu64 ", saw %" PRIu64,
	   cases[i].text, cases[i].value,
	   pp_rt_sample_parse_period (cases[i].text));
  check (pp_rt_sample_parse_period (NULL) == 0, "no text, no period",
	 "expected 0");
}

/* --- The period at run time.  */

static void
choose_env (void)
{
  check_u64 ("PATHPROF_SAMPLE=500 wins over the compiled 1000", 500,
	     pp_rt_sample_choose (1000));
  check_u64 ("the period stays", 500, pp_rt_sample_period ());
}

static void
choose_compiled (void)
{
  check_u64 ("no period before the first choice", 0,
	     pp_rt_sample_period ());
  check_u64 ("the compiled period without PATHPROF_SAMPLE", 700,
	     pp_rt_sample_choose (700));
  check_u64 ("a later unit's period loses", 700, pp_rt_sample_choose (9));
  check_contains ("a later unit is told", messages (),
		  "pathprof: a unit compiled with sample=9 runs in a process "
		  "that samples 1 path in 700\n");
}

static void
choose_from_sample (void)
{
  /* No unit registered: the first sample chooses, from its argument.  */
  int64_t r = __pathprof_sample (300);

  check_u64 ("the first sample's period", 300, pp_rt_sample_period ());
  check ((r & 1) == 0 && (r >> 1) < 300, "first call: no sample, a phase",
	 "expected an even result below 600, saw %" PRId64, r);
}

static void
choose_bad (void)
{
  const char *text = getenv ("PATHPROF_SAMPLE");
  char want[200];

  check_u64 ("a bad PATHPROF_SAMPLE leaves the compiled period", 1000,
	     pp_rt_sample_choose (1000));
  snprintf (want, sizeof want, "pathprof: PATHPROF_SAMPLE=%s: not a period "
	    "from 1 to 4294967295; sampling 1 path in 1000 (the compiled "
	    "period)\n", text);
  check_str ("one message for a bad PATHPROF_SAMPLE", want, messages ());
  pp_rt_sample_choose (1000);
  check_str ("and only one", want, messages ());
}

/* Registration chooses: the first sampled unit's period, and a later
   unit of another period is told.  */

static char unit_dir[256];

static void
choose_registered (void)
{
  static struct test_unit a, b;
  char path[300];

  snprintf (path, sizeof path, "%s/a.pathprof", unit_dir);
  test_unit_init (&a, strdup (path), "A", 0);
  a.unit.flags |= PATHPROF_UNIT_SAMPLED;
  a.unit.sample_period = 250;
  snprintf (path, sizeof path, "%s/b.pathprof", unit_dir);
  test_unit_init (&b, strdup (path), "B", 0);
  b.unit.flags |= PATHPROF_UNIT_SAMPLED;
  b.unit.sample_period = 40;
  __pathprof_register (&a.unit);
  check_u64 ("the first sampled unit's period", 250,
	     pp_rt_sample_period ());
  __pathprof_register (&b.unit);
  check_u64 ("is the process's", 250, pp_rt_sample_period ());
  check_contains ("the second unit is told", messages (),
		  "pathprof: a unit compiled with sample=40 runs in a process "
		  "that samples 1 path in 250\n");
}

static void
choose_exact_unit (void)
{
  static struct test_unit a;
  char path[300];

  snprintf (path, sizeof path, "%s/c.pathprof", unit_dir);
  test_unit_init (&a, strdup (path), "C", 0);
  __pathprof_register (&a.unit);
  check_u64 ("an exact unit chooses no period", 0, pp_rt_sample_period ());
}

static void
test_choose (void)
{
  static const char *const bad[] = { "", "0", "-3", "abc", "12x",
				     "4294967296", "1e3" };

  in_child (choose_env, "500");
  in_child (choose_compiled, NULL);
  in_child (choose_from_sample, NULL);
  make_temp_dir (unit_dir, sizeof unit_dir, "sample");
  in_child (choose_registered, NULL);
  in_child (choose_exact_unit, NULL);
  remove_tree (unit_dir);
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    in_child (choose_bad, bad[i]);
}

/* --- The countdown.  */

/* Run CHECKS path starts as instrumented code does: take one, call
   __pathprof_sample (PERIOD) below zero.  With ALTERNATE, the starts
   alternate between two paths, and *ODD counts the samples of the odd
   ones.  Returns the samples.  */

static uint64_t
run_checks (uint64_t checks, uint64_t period, uint64_t *odd)
{
  int64_t cd = __pathprof_countdown;
  uint64_t samples = 0;

  for (uint64_t i = 0; i < checks; i++)
    if (--cd < 0)
      {
	int64_t r = __pathprof_sample (period);

	cd = r >> 1;
	if (r & 1)
	  {
	    samples++;
	    if (odd && (i & 1))
	      ++*odd;
	  }
      }
  __pathprof_countdown = cd;
  return samples;
}

static void
reload_range (void)
{
  uint64_t lo = UINT64_MAX, hi = 0, sum = 0, n = 10000000, bad = 0;
  int64_t first = __pathprof_sample (1000);

  check (first >= 0 && (first & 1) == 0 && (first >> 1) < 1000,
	 "the first call samples nothing, at a phase below the period",
	 "saw %" PRId64, first);
  for (uint64_t i = 0; i < n; i++)
    {
      int64_t r = __pathprof_sample (1000);
      uint64_t next = (uint64_t) (r >> 1);

      bad += (r & 1) == 0;
      lo = next < lo ? next : lo;
      hi = next > hi ? next : hi;
      sum += next;
    }
  check_u64 ("every later call samples", 0, bad);
  check_u64 ("the shortest countdown is N - 1 - N/8", 874, lo);
  check_u64 ("the longest countdown is N - 1 + N/8", 1124, hi);
  /* Uniform over 251 values: a standard deviation of 72.5, of the mean
     of 10^7 draws 0.023.  */
  check ((double) sum / n > 998.8 && (double) sum / n < 999.2,
	 "the countdown's mean is N - 1", "saw %.3f", (double) sum / n);
}

static void
period_one (void)
{
  uint64_t samples = run_checks (1000, 1, NULL);

  check_u64 ("period 1 samples every path, the first too", 1000, samples);
  check_u64 ("and leaves the countdown at 0", 0,
	     (uint64_t) __pathprof_countdown);
}

static void
long_run (void)
{
  /* 10^6 starts at 1 in 1000: about 1000 samples, within a few.  */
  uint64_t samples = run_checks (1000000, 1000, NULL);

  check (samples >= 980 && samples <= 1020, "10^6 starts, 1 in 1000",
	 "expected 1000 samples within 2 %%, saw %" PRIu64, samples);
}

static void
alternating (void)
{
  /* Two paths in turn and an even period: without the jitter every
     sample would fall on one of them.  10^4 samples, binomial: a
     standard deviation of 50 for each path's 5,000.  */
  uint64_t odd = 0, samples = run_checks (10000000, 1000, &odd);

  check (samples >= 9900 && samples <= 10100, "10^7 starts, 1 in 1000",
	 "saw %" PRIu64, samples);
  check (odd >= samples / 2 - 300 && odd <= samples / 2 + 300,
	 "alternating paths sampled alike",
	 "expected %" PRIu64 " of %" PRIu64 " within 300, saw %" PRIu64,
	 samples / 2, samples, odd);
}

static void
test_countdown (void)
{
  in_child (reload_range, NULL);
  in_child (period_one, NULL);
  in_child (period_one, "1");
  in_child (long_run, NULL);
  in_child (alternating, NULL);
}

/* --- Seeds, threads, fork.  */

#define TRACE 64

/* The results of TRACE calls at period 1000 after the first.  */

static void
trace (int64_t *out)
{
  __pathprof_sample (1000);
  for (int i = 0; i < TRACE; i++)
    out[i] = __pathprof_sample (1000);
}

static int pipe_fd[2];

static void
trace_to_pipe (void)
{
  int64_t t[TRACE];

  trace (t);
  if (write (pipe_fd[1], t, sizeof t) != (ssize_t) sizeof t)
    check (0, "pipe", "expected a whole write");
}

/* Run trace_to_pipe in a child with SEED as PATHPROF_SAMPLE_SEED (NULL:
   unset), its results into OUT.  */

static void
traced (const char *seed, int64_t *out)
{
  if (seed)
    setenv ("PATHPROF_SAMPLE_SEED", seed, 1);
  else
    unsetenv ("PATHPROF_SAMPLE_SEED");
  if (pipe (pipe_fd) != 0)
    return;
  in_child (trace_to_pipe, NULL);
  close (pipe_fd[1]);
  if (read (pipe_fd[0], out, TRACE * sizeof *out)
      != (ssize_t) (TRACE * sizeof *out))
    check (0, "pipe", "expected a whole read");
  close (pipe_fd[0]);
  unsetenv ("PATHPROF_SAMPLE_SEED");
}

static void *
thread_trace (void *out)
{
  trace (out);
  return NULL;
}

static void
two_threads (void)
{
  int64_t a[TRACE], b[TRACE];
  pthread_t ta, tb;

  pp_rt_sample_choose (1000);
  pthread_create (&ta, NULL, thread_trace, a);
  pthread_join (ta, NULL);
  pthread_create (&tb, NULL, thread_trace, b);
  pthread_join (tb, NULL);
  check (memcmp (a, b, sizeof a) != 0, "two threads sample apart",
	 "expected different countdowns");
}

static void
fork_apart (void)
{
  int64_t parent[TRACE], child[TRACE];
  int fd[2];
  pid_t pid;

  trace (parent);               /* seeded, past the first call */
  if (pipe (fd) != 0)
    return;
  pid = fork ();
  if (pid == 0)
    {
      pp_rt_sample_after_fork ();
      for (int i = 0; i < TRACE; i++)
	child[i] = __pathprof_sample (1000);
      if (write (fd[1], child, sizeof child) != (ssize_t) sizeof child)
	_exit (1);
      _exit (0);
    }
  for (int i = 0; i < TRACE; i++)
    parent[i] = __pathprof_sample (1000);
  close (fd[1]);
  if (read (fd[0], child, sizeof child) != (ssize_t) sizeof child)
    check (0, "pipe", "expected a whole read");
  waitpid (pid, NULL, 0);
  check (memcmp (parent, child, sizeof child) != 0,
	 "a forked child samples apart from its parent",
	 "expected different countdowns");
  check (__pathprof_countdown >= 0, "the countdown is left valid",
	 "saw %" PRId64, __pathprof_countdown);
}

static void
test_seeds (void)
{
  int64_t a[TRACE], b[TRACE], c[TRACE], d[TRACE];

  traced ("42", a);
  traced ("42", b);
  traced ("43", c);
  check (memcmp (a, b, sizeof a) == 0, "PATHPROF_SAMPLE_SEED reproduces",
	 "expected equal countdowns from one seed");
  check (memcmp (a, c, sizeof a) != 0, "another seed, other countdowns",
	 "expected different countdowns");
  traced (NULL, c);
  traced (NULL, d);
  check (memcmp (c, d, sizeof c) != 0, "without a seed, runs differ",
	 "expected different countdowns");
  traced ("x", a);
  check_contains ("a bad seed is reported", messages (),
		  "pathprof: PATHPROF_SAMPLE_SEED=x: not a number; seeding "
		  "from the clock\n");
  in_child (two_threads, NULL);
  setenv ("PATHPROF_SAMPLE_SEED", "7", 1);
  in_child (two_threads, NULL);
  in_child (fork_apart, NULL);
  unsetenv ("PATHPROF_SAMPLE_SEED");
  in_child (fork_apart, NULL);
}

int
main (void)
{
  int fd;

  unit_test_init ();
  unsetenv ("PATHPROF_QUIET");
  fd = mkstemp (err_path);
  if (fd < 0)
    {
      check (0, "test setup", "expected a temporary file");
      return unit_test_report ();
    }
  close (fd);
  setenv ("PATHPROF_ERROR_FILE", err_path, 1);
  test_parse ();
  test_choose ();
  test_countdown ();
  test_seeds ();
  unlink (err_path);
  return unit_test_report ();
}
