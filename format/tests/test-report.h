/* PASS:/FAIL: reporting for the format unit tests (see
   testsuite/run-unit.sh): one line per check, "N passed, M failed" at the
   end, exit status 1 if anything failed.  */

#ifndef PATHPROF_FORMAT_TEST_REPORT_H
#define PATHPROF_FORMAT_TEST_REPORT_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tests_passed, tests_failed;

/* Report one check WHAT: passed if OK, otherwise FAIL with the
   "expected X, saw Y" detail formatted from FMT.  Returns OK.  */

static int __attribute__ ((format (printf, 3, 4), unused))
check (int ok, const char *what, const char *fmt, ...)
{
  va_list ap;

  if (ok)
    {
      printf ("PASS: %s\n", what);
      tests_passed++;
      return 1;
    }
  printf ("FAIL: %s: ", what);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  printf ("\n");
  tests_failed++;
  return 0;
}

/* Check that two integers are equal.  */

static int __attribute__ ((unused))
check_u64 (const char *what, uint64_t expected, uint64_t saw)
{
  return check (expected == saw, what, "expected %" PRIu64 ", saw %" PRIu64,
		expected, saw);
}

/* Check that a message contains a substring.  */

static int __attribute__ ((unused))
check_contains (const char *what, const char *text, const char *part)
{
  return check (text && strstr (text, part) != NULL, what,
		"expected a message containing \"%s\", saw \"%s\"", part,
		text ? text : "(null)");
}

/* Print the closing line and give the exit status.  */

static int __attribute__ ((unused))
report (void)
{
  printf ("%d passed, %d failed\n", tests_passed, tests_failed);
  return tests_failed ? 1 : 0;
}

#endif
