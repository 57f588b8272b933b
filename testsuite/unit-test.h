/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PASS:/FAIL: reporting for the C unit tests of every part (core/tests,
   format/tests, runtime/tests, dump/tests), as testsuite/run-unit.sh reads
   it: one line per check, "N passed, M failed" at the end, exit status 1
   if anything failed.

   Usage:

     int
     main (void)
     {
       unit_test_init ();
       check (size == 8, "header size", "expected 8, saw %zu", size);
       check_u64 ("runs", 3, file.runs);
       return unit_test_report ();
     }

   unit_test_init comes first: it puts the counters in memory shared with
   forked children, so that a check made in a child counts in the parent's
   closing line, and makes stdout line-buffered, so that the lines of
   parent and children come out whole and in order.  A test that forgets
   it still counts, in its own process only.  The counters are atomic, so
   threads may check too.

   Debugging: every FAIL line says what was expected and what was seen;
   run the test program by hand (build/tests/PART-NAME) to see them all.  */

#ifndef PATHPROF_UNIT_TEST_H
#define PATHPROF_UNIT_TEST_H

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define UNIT_TEST_HELPER static inline __attribute__ ((unused))

/* Checks passed and failed in this process, until unit_test_init moves
   the counts to shared memory.  */
static atomic_int unit_test_local_counts[2];

/* The counters in use: [0] passed, [1] failed.  */
static atomic_int *unit_test_counts = unit_test_local_counts;

/* Longest text quoted in a FAIL line: a whole report would bury it.  */
#define UNIT_TEST_QUOTE_MAX 600

/* Set up reporting before any output: shared counters (a failure to map
   them is reported, and ends the test), line-buffered stdout.  */

UNIT_TEST_HELPER void
unit_test_init (void)
{
  atomic_int *shared;

  setvbuf (stdout, NULL, _IOLBF, 0);
  if (unit_test_counts != unit_test_local_counts)
    return;
  shared = mmap (NULL, 2 * sizeof *shared, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED)
    {
      printf ("FAIL: test setup: expected shared memory, saw %s\n",
	      strerror (errno));
      exit (1);
    }
  atomic_init (&shared[0], atomic_load (&unit_test_local_counts[0]));
  atomic_init (&shared[1], atomic_load (&unit_test_local_counts[1]));
  unit_test_counts = shared;
}

/* Report the check WHAT: PASS if OK, otherwise FAIL with the detail
   formatted from FMT ("expected X, saw Y").  The line is written under
   stdout's lock, so threads do not interleave.  Returns whether OK.  */

UNIT_TEST_HELPER __attribute__ ((format (printf, 3, 4))) int
check (int ok, const char *what, const char *fmt, ...)
{
  va_list ap;

  flockfile (stdout);
  if (ok)
    printf ("PASS: %s\n", what);
  else
    {
      printf ("FAIL: %s: ", what);
      va_start (ap, fmt);
      vprintf (fmt, ap);
      va_end (ap);
      printf ("\n");
    }
  funlockfile (stdout);
  atomic_fetch_add_explicit (&unit_test_counts[ok ? 0 : 1], 1,
			     memory_order_relaxed);
  return ok != 0;
}

/* Check two unsigned integers.  */

UNIT_TEST_HELPER int
check_u64 (const char *what, uint64_t expected, uint64_t saw)
{
  return check (expected == saw, what, "expected %" PRIu64 ", saw %" PRIu64,
		expected, saw);
}

/* Check two signed integers.  */

UNIT_TEST_HELPER int
check_int (const char *what, long long expected, long long saw)
{
  return check (expected == saw, what, "expected %lld, saw %lld", expected,
		saw);
}

/* Check two strings.  */

UNIT_TEST_HELPER int
check_str (const char *what, const char *expected, const char *saw)
{
  return check (saw && strcmp (expected, saw) == 0, what,
		"expected \"%s\", saw \"%s\"", expected, saw ? saw : "(null)");
}

/* Check that TEXT contains PART.  */

UNIT_TEST_HELPER int
check_contains (const char *what, const char *text, const char *part)
{
  return check (text && strstr (text, part) != NULL, what,
		"expected text containing \"%s\", saw \"%.*s\"%s", part,
		UNIT_TEST_QUOTE_MAX, text ? text : "(null)",
		text && strlen (text) > UNIT_TEST_QUOTE_MAX ? "..." : "");
}

/* Check that TEXT does not contain PART.  */

UNIT_TEST_HELPER int
check_lacks (const char *what, const char *text, const char *part)
{
  return check (text && strstr (text, part) == NULL, what,
		"expected text without \"%s\", saw \"%.*s\"%s", part,
		UNIT_TEST_QUOTE_MAX, text ? text : "(null)",
		text && strlen (text) > UNIT_TEST_QUOTE_MAX ? "..." : "");
}

/* Print the closing line; returns the exit status, 1 if a check
   failed.  */

UNIT_TEST_HELPER int
unit_test_report (void)
{
  int passed = atomic_load (&unit_test_counts[0]);
  int failed = atomic_load (&unit_test_counts[1]);

  printf ("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

#endif /* PATHPROF_UNIT_TEST_H */
