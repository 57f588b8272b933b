/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exit-time scan of dense counter arrays (runtime/snapshot.c): it
   finds every non-zero counter wherever it lies (first and last of the
   array, both sides of a page boundary, pages only read), it skips pages
   the run never touched without reading them when the system has no
   swap, and zeroing (pathprof_reset, a child after fork) stores only to
   counters that hold something, so it gives the process no new pages.

   The array is an anonymous private mapping, as .bss is.  */

#include "rt-test.h"

#include <sys/mman.h>

#include "runtime-internal.h"

#define PAGES 64

static long page_size;

/* Whether page P of the mapping at BASE is resident.  */

static int
resident (uint64_t *base, size_t p)
{
  unsigned char v = 0;

  if (mincore ((char *) base + p * page_size, page_size, &v) != 0)
    return -1;
  return v & 1;
}

/* Whether /proc/swaps lists a swap area (the runtime reads every page
   then, so the untouched-page check below does not apply).  */

static int
have_swap (void)
{
  FILE *f = fopen ("/proc/swaps", "r");
  int lines = 0, c;

  if (!f)
    return 1;
  while ((c = getc (f)) != EOF)
    lines += c == '\n';
  fclose (f);
  return lines > 1;
}

/* A write of FN's counts that succeeds: a snapshot with its TAKEN
   counts, as a write apart with APART, then the record of what it took.
   Returns whether the snapshot held one count only, COUNT on PATH
   (UINT64_MAX: -1).  */

static int
write_one (struct __pathprof_function *fn, uint64_t *taken, int apart,
	   uint64_t path, uint64_t count)
{
  struct pp_snapshot snap;
  int ok;

  ok = pp_rt_snapshot_take (fn, taken, apart, &snap) == PPF_OK
       && snap.num_counts == 1 && snap.counts[0].path == path
       && snap.counts[0].count == count;
  if (ok)
    pp_rt_snapshot_subtract (fn, &snap);
  pp_rt_snapshot_free (&snap);
  return ok;
}

static void
test_scan (void)
{
  size_t per_page = page_size / sizeof (uint64_t);
  uint64_t n = PAGES * per_page;
  uint64_t *c = mmap (NULL, n * sizeof *c, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  struct __pathprof_function fn;
  struct pp_snapshot snap;
  /* Counters set: first, last, both sides of the boundary of pages 3|4,
     and one in page 40; page 20 is read only.  */
  uint64_t where[] = { 0, 4 * per_page - 1, 4 * per_page,
		       40 * per_page + 5, n - 1 };
  uint64_t volatile sink;
  size_t i, ok;

  if (c == MAP_FAILED)
    {
      check (0, "map a counter array", "mmap failed: %s", strerror (errno));
      return;
    }
  memset (&fn, 0, sizeof fn);
  fn.counters = c;
  fn.num_paths = n;
  fn.num_dense = n;

  check (!pp_rt_function_has_counts (&fn, NULL),
	 "untouched array has no counts", "has_counts said yes");
  for (i = 0; i < sizeof where / sizeof *where; i++)
    c[where[i]] = i + 1;
  sink = c[20 * per_page + 7];
  (void) sink;
  check (pp_rt_function_has_counts (&fn, NULL), "has_counts finds a count",
	 "has_counts said no");

  if (pp_rt_snapshot_take (&fn, NULL, 0, &snap) != PPF_OK)
    {
      check (0, "snapshot", "pp_rt_snapshot_take failed");
      return;
    }
  ok = snap.num_counts == sizeof where / sizeof *where;
  for (i = 0; ok && i < snap.num_counts; i++)
    ok = snap.counts[i].path == where[i] && snap.counts[i].count == i + 1;
  check (ok, "snapshot finds every non-zero counter in order",
	 "expected %zu counts at the set places, saw %zu",
	 sizeof where / sizeof *where, snap.num_counts);
  pp_rt_snapshot_subtract (&fn, &snap);
  pp_rt_snapshot_free (&snap);
  check (!pp_rt_function_has_counts (&fn, NULL), "subtracting the snapshot "
	 "zeroes the array", "a count is left");

  /* A write apart records what it took in a mirror of the counters
     and stores nothing to them.  */
  {
    uint64_t *taken = calloc (n, sizeof *taken);

    if (taken)
      {
	c[4 * per_page] = 5;
	ok = write_one (&fn, taken, 1, 4 * per_page, 5);
	check (ok && c[4 * per_page] == 5 && taken[4 * per_page] == 5
	       && !pp_rt_function_has_counts (&fn, taken),
	       "a write apart takes into the mirror, not the counter",
	       "counter %" PRIu64 ", taken %" PRIu64, c[4 * per_page],
	       taken[4 * per_page]);
	c[4 * per_page] += 2;
	ok = pp_rt_function_has_counts (&fn, taken)
	     && write_one (&fn, taken, 0, 4 * per_page, 2);
	check (ok && c[4 * per_page] == 5 && taken[4 * per_page] == 5
	       && !pp_rt_function_has_counts (&fn, taken),
	       "after a write apart, the next takes the difference and a "
	       "write in the counting thread subtracts it",
	       "counter %" PRIu64 ", taken %" PRIu64, c[4 * per_page],
	       taken[4 * per_page]);
	/* A take-back (partial-paths) after a write apart can bring a
	   counter back to 0 with a count taken: that is -1 to write.  */
	c[4 * per_page] = 0;
	taken[4 * per_page] = 0;
	c[7] = 1;
	ok = write_one (&fn, taken, 1, 7, 1);
	c[7] = 0;
	ok = ok && pp_rt_function_has_counts (&fn, taken)
	     && write_one (&fn, taken, 1, 7, UINT64_MAX);
	check (ok, "a counter back at 0 with a count taken is a take-back to "
	       "write", "not found, or not as -1");
	free (taken);
      }
  }

  if (!have_swap ())
    {
      int untouched = 1;

      for (i = 0; i < PAGES; i++)
	if (i != 0 && i != 3 && i != 4 && i != 20 && i != 40 && i != PAGES - 1
	    && resident (c, i) != 0)
	  untouched = 0;
      check (untouched, "scans leave untouched pages unread",
	     "a page nobody wrote became resident");
    }

  c[33 * per_page] = 9;
  pp_rt_function_zero (&fn);
  check (c[33 * per_page] == 0 && !pp_rt_function_has_counts (&fn, NULL),
	 "zeroing clears the counts", "a count is left");
  if (!have_swap ())
    check (resident (c, 50) == 0, "zeroing writes no untouched page",
	   "page 50 became resident");
  munmap (c, n * sizeof *c);
}

int
main (void)
{
  unit_test_init ();
  page_size = sysconf (_SC_PAGESIZE);
  test_scan ();
  return unit_test_report ();
}
