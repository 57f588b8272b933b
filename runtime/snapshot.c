/* The counts a write takes from memory, and what happens to them after.

   A write reads each function's counts once (its snapshot), merges them
   into the file, and only when the file is safely rewritten (its journal
   removed) subtracts exactly what it read.  Threads may go on counting during the
   write: reads are atomic loads, and the subtraction is an atomic
   fetch-and-sub, so an increment that lands after the read survives for
   the next write, and nothing is written twice.  If the write fails
   nothing is subtracted, and a later write (pathprof_dump, exit) tries
   again with everything.

   Dense counters (fn->counters, paths 0..num_dense-1) are here; the
   paths of a hashed function from num_dense on are delegated to
   hashcount.c, which knows the table layout.  A hashed function with a
   dense prefix has both: its snapshot is the union, and remembers the
   prefix's counters as takes beside the slots, so that the subtraction
   after a write is the same loop for both.  */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runtime-internal.h"

/* A dense array is scanned for non-zero counters at every write: at a
   short run's exit that scan was most of the cost (doc/performance.md),
   because the arrays of big functions span many pages of .bss the run
   never touched, and reading each of them costs a page fault.  A page
   that mincore reports not resident was never written (or was swapped
   out, which is why this is used only when the system has no swap): its
   counters are all zero and it is skipped unread.  */

/* Which pages of one dense array may hold non-zero counters.  VEC is
   NULL when every page must be read.  */
struct scan
{
  const uint64_t *counters;
  uint64_t num_dense;
  uintptr_t first_page;		/* address of the page holding counters[0] */
  size_t page_size;
  unsigned char *vec;		/* mincore's answer, one byte a page */
  int shared_vec;		/* VEC is the unit's (not to be freed) */
};

/* Whether the system has no swap area, as /proc/swaps said during the
   current write (pp_rt_snapshot_begin): -1 not read yet, -2 outside a
   write, where every call reads it.  Read once per write, not once per
   array: a short run's exit with 30 profiles opened it 60 times.
   Protected by pp_rt_mutex.  */
static int swap_free = -2;

/* A write begins (pp_rt_write_all): /proc/swaps is read once until
   pp_rt_snapshot_end.  */

void
pp_rt_snapshot_begin (void)
{
  swap_free = -1;
}

/* The write is over: swap may be turned on before the next one.  */

void
pp_rt_snapshot_end (void)
{
  swap_free = -2;
}

/* Whether the system has no swap area: /proc/swaps has its title line
   only.  Unknown counts as swap.  */

static int
no_swap (void)
{
  char buf[256];
  int fd, lines = 0;
  ssize_t n, i;

  if (swap_free >= 0)
    return swap_free;
  fd = open ("/proc/swaps", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      while ((n = read (fd, buf, sizeof buf)) > 0
	     || (n < 0 && errno == EINTR))
	for (i = 0; i < n; i++)
	  lines += buf[i] == '\n';
      close (fd);
      lines = n == 0 && lines == 1;
    }
  if (swap_free == -1)
    swap_free = lines;
  return lines;
}

/* The pages of all the dense arrays of the unit being written
   (pp_rt_snapshot_unit_begin): one mincore for the unit, so that the
   arrays of a few pages, which have none of their own, are not read
   either where the run never wrote them (a page fault each: a short
   gawk run took a hundred of them).  VEC is NULL outside.  Protected by
   pp_rt_mutex.  */
static struct
{
  uintptr_t first_page, end;
  size_t page_size;
  unsigned char *vec;
} unit_pages;

/* The write of UNIT's functions begins: their pages' residency, read
   once, for the scans until pp_rt_snapshot_unit_end.  errno is left as
   the program had it.  */

void
pp_rt_snapshot_unit_begin (const struct __pathprof_unit *unit)
{
  int saved_errno = errno;
  long page = sysconf (_SC_PAGESIZE);
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  size_t bytes;
  uint64_t i;

  pp_rt_snapshot_unit_end ();
  if (page <= 0 || (page & (page - 1)) != 0)
    return;
  for (i = 0; i < unit->num_functions; i++)
    {
      const struct __pathprof_function *fn = unit->functions[i];

      if (!fn || !fn->counters || !fn->num_dense
	  || fn->num_dense > SIZE_MAX / sizeof (uint64_t))
	continue;
      if ((uintptr_t) fn->counters < lo)
	lo = (uintptr_t) fn->counters;
      if ((uintptr_t) (fn->counters + fn->num_dense) > hi)
	hi = (uintptr_t) (fn->counters + fn->num_dense);
    }
  if (lo >= hi)
    return;
  unit_pages.page_size = (size_t) page;
  unit_pages.first_page = lo & ~(uintptr_t) (page - 1);
  bytes = ((hi - unit_pages.first_page) + unit_pages.page_size - 1)
	  & ~(unit_pages.page_size - 1);
  unit_pages.end = unit_pages.first_page + bytes;
  /* A unit's arrays are its object's .bss, together; a range much wider
     than that (arrays of several objects' units) is not worth a map.  */
  if (bytes / unit_pages.page_size > ((size_t) 1 << 24) || !no_swap ()
      || !(unit_pages.vec = malloc (bytes / unit_pages.page_size)))
    goto out;
  if (mincore ((void *) unit_pages.first_page, bytes, unit_pages.vec) != 0)
    {
      free (unit_pages.vec);
      unit_pages.vec = NULL;
    }
 out:
  errno = saved_errno;
}

/* The unit's write is over.  */

void
pp_rt_snapshot_unit_end (void)
{
  free (unit_pages.vec);
  memset (&unit_pages, 0, sizeof unit_pages);
}

/* Prepare SC for scanning FN's counters.  Arrays of a few pages are read
   whole, unless the unit's map (above) covers them; errno is left as the
   program had it.  */

static void
scan_start (struct scan *sc, const struct __pathprof_function *fn)
{
  int saved_errno = errno;
  long page = sysconf (_SC_PAGESIZE);
  uintptr_t end;
  size_t bytes;

  memset (sc, 0, sizeof *sc);
  sc->counters = fn->counters;
  sc->num_dense = fn->num_dense;
  if (unit_pages.vec && fn->counters && fn->num_dense
      && fn->num_dense <= SIZE_MAX / sizeof (uint64_t)
      && (uintptr_t) fn->counters >= unit_pages.first_page
      && (uintptr_t) (fn->counters + fn->num_dense) <= unit_pages.end)
    {
      sc->page_size = unit_pages.page_size;
      sc->first_page = unit_pages.first_page;
      sc->vec = unit_pages.vec;
      sc->shared_vec = 1;
      return;
    }
  if (page <= 0 || (page & (page - 1)) != 0
      || fn->num_dense < 4 * (uint64_t) page / sizeof (uint64_t)
      || fn->num_dense > SIZE_MAX / sizeof (uint64_t))
    return;
  sc->page_size = (size_t) page;
  sc->first_page = (uintptr_t) fn->counters & ~(uintptr_t) (page - 1);
  end = (uintptr_t) (fn->counters + fn->num_dense);
  bytes = ((end - sc->first_page) + sc->page_size - 1) & ~(sc->page_size - 1);
  if (!no_swap () || !(sc->vec = malloc (bytes / sc->page_size)))
    goto out;
  if (mincore ((void *) sc->first_page, bytes, sc->vec) != 0)
    {
      free (sc->vec);
      sc->vec = NULL;
    }
 out:
  errno = saved_errno;
}

static void
scan_end (struct scan *sc)
{
  if (!sc->shared_vec)
    free (sc->vec);
  sc->vec = NULL;
}

/* The first index from I on whose counter is non-zero, or the number of
   dense counters.
   Eight counters are tested with one branch.  Every load is atomic
   (threads may count), and a counter that becomes non-zero behind the
   scan waits for the next write, as it would anyway.  */

static uint64_t
next_nonzero (const struct scan *sc, uint64_t i)
{
  const uint64_t *c = sc->counters;
  uint64_t n = sc->num_dense;

  while (i < n)
    {
      uint64_t stop = n;

      if (sc->vec)
	{
	  uintptr_t addr = (uintptr_t) &c[i];
	  size_t page = (addr - sc->first_page) / sc->page_size;
	  uintptr_t next_page = sc->first_page + (page + 1) * sc->page_size;
	  uint64_t page_end = (next_page - (uintptr_t) c) / sizeof *c;

	  if (page_end < n)
	    stop = page_end;
	  if (!(sc->vec[page] & 1))
	    {
	      i = stop;
	      continue;
	    }
	}
      for (; i + 8 <= stop; i += 8)
	if (__atomic_load_n (&c[i], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 1], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 2], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 3], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 4], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 5], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 6], __ATOMIC_RELAXED)
	    | __atomic_load_n (&c[i + 7], __ATOMIC_RELAXED))
	  break;
      for (; i < stop; i++)
	if (__atomic_load_n (&c[i], __ATOMIC_RELAXED))
	  return i;
    }
  return n;
}

/* Take the non-zero counts of FN's dense counters into SNAP's counts,
   by path.  PPF_OK or PPF_ENOMEM.  */

static int
dense_snapshot (struct __pathprof_function *fn, struct pp_snapshot *snap)
{
  uint64_t i, n = 0, k = 0;
  struct scan sc;

  memset (snap, 0, sizeof *snap);
  scan_start (&sc, fn);
  for (i = next_nonzero (&sc, 0); i < fn->num_dense;
       i = next_nonzero (&sc, i + 1))
    n++;
  if (n == 0 || n > SIZE_MAX / sizeof *snap->counts
      || !(snap->counts = malloc (n * sizeof *snap->counts)))
    {
      scan_end (&sc);
      return n == 0 ? PPF_OK : PPF_ENOMEM;
    }
  /* A counter that became non-zero since the first pass waits for the
     next write.  */
  for (i = next_nonzero (&sc, 0); i < fn->num_dense && k < n;
       i = next_nonzero (&sc, i + 1))
    {
      uint64_t value = __atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED);

      if (value)
	{
	  snap->counts[k].path = i;
	  snap->counts[k].count = value;
	  snap->counts[k].time = 0;
	  if (fn->times)
	    snap->counts[k].time = __atomic_load_n (&fn->times[i],
						    __ATOMIC_RELAXED);
	  k++;
	}
    }
  snap->num_counts = k;
  scan_end (&sc);
  return PPF_OK;
}

/* X + Y, saturated.  */

static uint64_t
sat_add (uint64_t x, uint64_t y)
{
  return x > UINT64_MAX - y ? UINT64_MAX : x + y;
}

/* Join DENSE, the snapshot of the dense prefix of hashed function FN,
   into HASHED, its table's: the prefix's counters become takes too, and
   the counts the sorted union of both (a path in both, which the plugin
   never makes, gets their sum).  Both are consumed; HASHED is left as
   the result or, on PPF_ENOMEM, empty.  */

static int
join_prefix (struct __pathprof_function *fn, struct pp_snapshot *dense,
	     struct pp_snapshot *hashed)
{
  size_t num_takes = hashed->num_takes + dense->num_counts;
  uint64_t num_counts = hashed->num_counts + dense->num_counts;
  struct pp_slot_take *takes;
  ppf_count *counts;
  uint64_t i = 0, j = 0, k = 0;
  size_t t;

  if (dense->num_counts == 0)
    return PPF_OK;
  takes = calloc (num_takes, sizeof *takes);
  counts = calloc (num_counts, sizeof *counts);
  if (!takes || !counts)
    {
      free (takes);
      free (counts);
      pp_rt_snapshot_free (dense);
      pp_rt_snapshot_free (hashed);
      return PPF_ENOMEM;
    }
  for (t = 0; t < hashed->num_takes; t++)
    takes[t] = hashed->takes[t];
  for (i = 0; i < dense->num_counts; i++, t++)
    {
      uint64_t path = dense->counts[i].path;

      takes[t].counter = &fn->counters[path];
      takes[t].value = dense->counts[i].count;
      takes[t].time_counter = fn->times ? &fn->times[path] : NULL;
      takes[t].time = dense->counts[i].time;
    }
  i = 0;
  while (i < dense->num_counts || j < hashed->num_counts)
    if (j == hashed->num_counts
	|| (i < dense->num_counts
	    && dense->counts[i].path < hashed->counts[j].path))
      counts[k++] = dense->counts[i++];
    else if (i == dense->num_counts
	     || hashed->counts[j].path < dense->counts[i].path)
      counts[k++] = hashed->counts[j++];
    else
      {
	counts[k] = dense->counts[i++];
	counts[k].count = sat_add (counts[k].count, hashed->counts[j].count);
	counts[k].time = sat_add (counts[k].time, hashed->counts[j].time);
	j++, k++;
      }
  pp_rt_snapshot_free (dense);
  pp_rt_snapshot_free (hashed);
  hashed->takes = takes;
  hashed->num_takes = num_takes;
  hashed->counts = counts;
  hashed->num_counts = k;
  return PPF_OK;
}

/* Take FN's non-zero counts into SNAP (see above).  PPF_OK or
   PPF_ENOMEM.  */

int
pp_rt_snapshot_take (struct __pathprof_function *fn, struct pp_snapshot *snap)
{
  struct pp_snapshot dense;
  int status;

  if (!pp_rt_function_hashed (fn))
    return dense_snapshot (fn, snap);
  status = pp_rt_hash_snapshot (fn, snap);
  if (status != PPF_OK || fn->num_dense == 0)
    return status;
  status = dense_snapshot (fn, &dense);
  if (status != PPF_OK)
    {
      pp_rt_snapshot_free (snap);
      return status;
    }
  return join_prefix (fn, &dense, snap);
}

/* Subtract what SNAP took from FN's counters, after a successful
   write.  */

void
pp_rt_snapshot_subtract (struct __pathprof_function *fn,
			 const struct pp_snapshot *snap)
{
  uint64_t i;
  size_t j;

  if (!pp_rt_function_hashed (fn))
    for (i = 0; i < snap->num_counts; i++)
      {
	__atomic_fetch_sub (&fn->counters[snap->counts[i].path],
			    snap->counts[i].count, __ATOMIC_RELAXED);
	if (fn->times)
	  __atomic_fetch_sub (&fn->times[snap->counts[i].path],
			      snap->counts[i].time, __ATOMIC_RELAXED);
      }
  else
    for (j = 0; j < snap->num_takes; j++)
      {
	__atomic_fetch_sub (snap->takes[j].counter, snap->takes[j].value,
			    __ATOMIC_RELAXED);
	if (snap->takes[j].time_counter)
	  __atomic_fetch_sub (snap->takes[j].time_counter,
			      snap->takes[j].time, __ATOMIC_RELAXED);
      }
}

/* Release SNAP's memory.  */

void
pp_rt_snapshot_free (struct pp_snapshot *snap)
{
  free (snap->counts);
  free (snap->takes);
  memset (snap, 0, sizeof *snap);
}

/* Whether FN has a non-zero count.  */

int
pp_rt_function_has_counts (const struct __pathprof_function *fn)
{
  struct scan sc;
  int found;

  if (pp_rt_function_hashed (fn) && pp_rt_hash_has_counts (fn))
    return 1;
  scan_start (&sc, fn);
  found = next_nonzero (&sc, 0) < fn->num_dense;
  scan_end (&sc);
  return found;
}

/* Zero FN's counts (pathprof_reset, and a child after fork).  Only the
   non-zero ones are stored to: a store to a page of .bss the run never
   touched would give the process a private copy of it.  */

void
pp_rt_function_zero (struct __pathprof_function *fn)
{
  uint64_t i;
  struct scan sc;

  if (pp_rt_function_hashed (fn))
    pp_rt_hash_zero (fn);
  pp_rt_threads_forget (fn);
  scan_start (&sc, fn);
  for (i = next_nonzero (&sc, 0); i < fn->num_dense;
       i = next_nonzero (&sc, i + 1))
    {
      __atomic_store_n (&fn->counters[i], 0, __ATOMIC_RELAXED);
      /* A time is added only with a count: where the count is zero, so
	 is the time.  */
      if (fn->times)
	__atomic_store_n (&fn->times[i], 0, __ATOMIC_RELAXED);
    }
  scan_end (&sc);
}

/* Whether any function of UNIT has a non-zero count.  */

int
pp_rt_unit_has_counts (const struct __pathprof_unit *unit)
{
  uint64_t i;
  int found = 0;

  pp_rt_snapshot_unit_begin (unit);
  for (i = 0; i < unit->num_functions && !found; i++)
    found = unit->functions[i]
	    && pp_rt_function_has_counts (unit->functions[i]);
  pp_rt_snapshot_unit_end ();
  return found;
}

/* Zero every count of UNIT.  */

void
pp_rt_unit_zero (struct __pathprof_unit *unit)
{
  uint64_t i;

  for (i = 0; i < unit->num_functions; i++)
    if (unit->functions[i])
      pp_rt_function_zero (unit->functions[i]);
}
