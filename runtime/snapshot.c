/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The counts a write takes from memory, and what happens to them after.

   A write reads each function's counts once (its snapshot), merges them into
   the file, and only when the file is safely rewritten (its journal removed)
   subtracts exactly what it read.  Threads may go on counting during the
   write: reads are atomic loads, and the subtraction is an atomic
   fetch-and-sub, so an increment that lands after the read survives for the
   next write, and nothing is written twice.  If the write fails nothing is
   subtracted, and a later write (pathprof_dump, exit) tries again with
   everything.

   A write apart (runtime-internal.h: the dump thread, pathprof_dump)
   subtracts nothing: the thread it runs beside may be adding to a
   counter with a plain load and store, or holding it in a register
   across a loop (store motion), and its next store would put back what
   was subtracted, to be written a second time.  It records what it took
   in a mirror of the counters instead (the unit's taken counts,
   allocated at its first write apart), and every write takes a
   counter's value less its taken count.  Either way what remains to be
   written is counter - taken.

   Dense counters (fn->counters, paths 0..num_dense-1) are here; the
   paths of a hashed function from num_dense on are delegated to
   hashcount.c, which knows the table layout.  A hashed function with a
   dense prefix has both: its snapshot is the union, and remembers the
   prefix's counters as takes beside the slots, so that the subtraction
   after a write is the same loop for both.  */

#include <errno.h>
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
  size_t num_pages;		/* VEC's bytes */
  int shared_vec;		/* VEC is the unit's (not to be freed) */
};

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

      /* Mapped counters are far from the object's .bss: each is
	 scanned with a map of its own.  */
      if (!fn || !fn->counters || !fn->num_dense
	  || fn->mapped
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
  if (bytes / unit_pages.page_size > ((size_t) 1 << 24) || !pp_rt_no_swap ()
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
      sc->num_pages = (unit_pages.end - unit_pages.first_page)
		      / unit_pages.page_size;
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
  if (!pp_rt_no_swap () || !(sc->vec = malloc (bytes / sc->page_size)))
    goto out;
  sc->num_pages = bytes / sc->page_size;
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
	      /* The next resident page, eight pages a test: mapped
		 counters span 10^5 pages, of which a run writes a few.  */
	      uint64_t word;

	      page++;
	      while (page < sc->num_pages && (page & 7) && !(sc->vec[page] & 1))
		page++;
	      while (page + 8 <= sc->num_pages
		     && (memcpy (&word, sc->vec + page, 8),
			 !(word & UINT64_C (0x0101010101010101))))
		page += 8;
	      while (page < sc->num_pages && !(sc->vec[page] & 1))
		page++;
	      next_page = sc->first_page + page * sc->page_size;
	      i = page >= sc->num_pages || next_page >= (uintptr_t) (c + n)
		  ? n : (next_page - (uintptr_t) c) / sizeof *c;
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

/* A dense array and its taken counts, scanned together: a counter that
   differs from its taken count is non-zero in one of them (a counter can
   be back at 0 with a count taken: a take-back of partial-paths after a
   write apart).  */
struct pair_scan
{
  struct scan counts, taken;
  int has_taken;
  uint64_t next_count, next_taken;	/* the next non-zero of each */
};

static void
pair_start (struct pair_scan *ps, const struct __pathprof_function *fn,
	    const uint64_t *taken)
{
  memset (ps, 0, sizeof *ps);
  scan_start (&ps->counts, fn);
  ps->next_count = next_nonzero (&ps->counts, 0);
  ps->next_taken = fn->num_dense;
  if (taken)
    {
      struct __pathprof_function mirror = *fn;

      mirror.counters = (uint64_t *) taken;
      scan_start (&ps->taken, &mirror);
      ps->has_taken = 1;
      ps->next_taken = next_nonzero (&ps->taken, 0);
    }
}

/* The first index from I on where the counter or its taken count is
   non-zero, or num_dense; I never goes back.  */

static uint64_t
pair_next (struct pair_scan *ps, uint64_t i)
{
  if (ps->next_count < i)
    ps->next_count = next_nonzero (&ps->counts, i);
  if (ps->has_taken && ps->next_taken < i)
    ps->next_taken = next_nonzero (&ps->taken, i);
  return ps->next_count < ps->next_taken ? ps->next_count : ps->next_taken;
}

static void
pair_end (struct pair_scan *ps)
{
  scan_end (&ps->counts);
  if (ps->has_taken)
    scan_end (&ps->taken);
}

/* FN as a write sees it.  Mapped counters (pathprof-abi.h) may be mapped
   while the write runs: their num_dense is read once, before the
   counters' address (hashcount.c stores them in the other order), so
   that the write sees them whole or not at all.  */

static void
stable_view (const struct __pathprof_function *fn,
	     struct __pathprof_function *view)
{
  *view = *fn;
  if (fn->mapped)
    {
      view->num_dense = __atomic_load_n (&fn->num_dense, __ATOMIC_ACQUIRE);
      view->counters = view->num_dense
		       ? __atomic_load_n (&fn->counters, __ATOMIC_RELAXED)
		       : NULL;
    }
}

/* Take what remains to be written of FN's dense counters (each counter
   less its TAKEN count, or itself when TAKEN is NULL) into SNAP's
   counts, by path, the non-zero ones.  PPF_OK or PPF_ENOMEM.  */

static int
dense_snapshot (struct __pathprof_function *fn, uint64_t *taken,
		struct pp_snapshot *snap)
{
  uint64_t i, n = 0, k = 0;
  uint64_t *taken_times = taken && fn->times ? taken + fn->num_dense : NULL;
  struct pair_scan ps;

  memset (snap, 0, sizeof *snap);
  pair_start (&ps, fn, taken);
  for (i = pair_next (&ps, 0); i < fn->num_dense; i = pair_next (&ps, i + 1))
    n++;
  pair_end (&ps);
  if (n == 0 || n > SIZE_MAX / sizeof *snap->counts
      || !(snap->counts = malloc (n * sizeof *snap->counts)))
    return n == 0 ? PPF_OK : PPF_ENOMEM;
  /* A counter that became non-zero since the first pass waits for the
     next write.  */
  pair_start (&ps, fn, taken);
  for (i = pair_next (&ps, 0); i < fn->num_dense && k < n;
       i = pair_next (&ps, i + 1))
    {
      uint64_t value = __atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED);

      if (taken)
	value -= taken[i];
      if (value)
	{
	  snap->counts[k].path = i;
	  snap->counts[k].count = value;
	  snap->counts[k].time = 0;
	  snap->counts[k].samples = 0;
	  if (fn->times)
	    snap->counts[k].time = __atomic_load_n (&fn->times[i],
						    __ATOMIC_RELAXED)
				   - (taken_times ? taken_times[i] : 0);
	  k++;
	}
    }
  snap->num_counts = k;
  pair_end (&ps);
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
join_prefix (struct __pathprof_function *fn, uint64_t *taken,
	     struct pp_snapshot *dense, struct pp_snapshot *hashed)
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
      if (taken)
	{
	  takes[t].taken = &taken[path];
	  takes[t].time_taken = fn->times ? &taken[fn->num_dense + path]
					  : NULL;
	}
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

/* Take what remains to be written of FN's counts into SNAP (see
   above), with TAKEN its dense counters' taken counts (or NULL: none
   yet).  In a write APART, SNAP remembers where to record what it
   took.  PPF_OK or PPF_ENOMEM.  */

static int snapshot_take (struct __pathprof_function *fn, uint64_t *taken,
			  int apart, struct pp_snapshot *snap);

/* The counters' snapshot (snapshot_take), then FN's cut paths
   (cutpaths.c), which come after every counter.  */

int
pp_rt_snapshot_take (struct __pathprof_function *fn, uint64_t *taken,
		     int apart, struct pp_snapshot *snap)
{
  int status = snapshot_take (fn, taken, apart, snap);

  if (status == PPF_OK)
    {
      snap->num_cuts = 0;
      snap->cuts = NULL;
      status = pp_rt_cut_snapshot (fn, snap);
      if (status != PPF_OK)
	pp_rt_snapshot_free (snap);
    }
  return status;
}

static int
snapshot_take (struct __pathprof_function *fn, uint64_t *taken,
	       int apart, struct pp_snapshot *snap)
{
  struct pp_snapshot dense;
  struct __pathprof_function view;
  int status;

  if (!pp_rt_function_hashed (fn))
    {
      status = dense_snapshot (fn, taken, snap);
      snap->taken = apart ? taken : NULL;
      return status;
    }
  stable_view (fn, &view);
  status = pp_rt_hash_snapshot (fn, apart, snap);
  if (status != PPF_OK || view.num_dense == 0)
    return status;
  status = dense_snapshot (&view, taken, &dense);
  if (status != PPF_OK)
    {
      pp_rt_snapshot_free (snap);
      return status;
    }
  return join_prefix (&view, apart ? taken : NULL, &dense, snap);
}

/* Subtract what SNAP took from FN's counters, after a successful
   write.  */

void
pp_rt_snapshot_subtract (struct __pathprof_function *fn,
			 const struct pp_snapshot *snap)
{
  uint64_t i;
  size_t j;

  pp_rt_cut_subtract (snap);
  if (!pp_rt_function_hashed (fn) && snap->taken)
    for (i = 0; i < snap->num_counts && snap->counts[i].path < fn->num_paths;
	 i++)
      {
	snap->taken[snap->counts[i].path] += snap->counts[i].count;
	if (fn->times)
	  snap->taken[fn->num_dense + snap->counts[i].path]
	    += snap->counts[i].time;
      }
  else if (!pp_rt_function_hashed (fn))
    for (i = 0; i < snap->num_counts && snap->counts[i].path < fn->num_paths;
	 i++)
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
	const struct pp_slot_take *t = &snap->takes[j];

	if (t->taken)
	  *t->taken += t->value;
	else
	  __atomic_fetch_sub (t->counter, t->value, __ATOMIC_RELAXED);
	if (t->time_taken)
	  *t->time_taken += t->time;
	else if (t->time_counter)
	  __atomic_fetch_sub (t->time_counter, t->time, __ATOMIC_RELAXED);
      }
}

/* ------------------------------------------------------------------ */
/* The taken counts of a unit's dense counters (writes apart, above):
   one anonymous mapping per unit, made at its first write apart, whose
   pages only become memory where counts were taken.  It begins with
   its size and, per function, the index of its taken counts (then its
   taken times) in WORDS, or NONE.  */

#define NONE UINT64_MAX

struct unit_taken
{
  size_t map_size;
  uint64_t num_functions;
  uint64_t *words;
  uint64_t index[];
};

/* How many words of taken counts FN has: its dense counters' (and
   times'), or for mapped counters all its paths', mapped or not yet.  */

static uint64_t
taken_words (const struct __pathprof_function *fn)
{
  if (!fn)
    return 0;
  if (fn->mapped)
    return fn->num_paths;
  if (!fn->counters || !fn->num_dense)
    return 0;
  return fn->times ? 2 * fn->num_dense : fn->num_dense;
}

/* The taken counts of the I-th function of UNIT, or NULL.  */

static const uint64_t *
unit_taken (const struct __pathprof_unit *unit, uint64_t i)
{
  const struct unit_taken *ut = unit->runtime_taken;

  if (!ut || i >= ut->num_functions || ut->index[i] == NONE)
    return NULL;
  return ut->words + ut->index[i];
}

/* FN's taken counts, the I-th function of UNIT, made with MAKE (in a
   write apart) if the unit has none yet; NULL when there are none (or
   no memory, and then the write subtracts, as any other).  */

uint64_t *
pp_rt_unit_taken (struct __pathprof_unit *unit, uint64_t i, int make)
{
  struct unit_taken *ut = unit->runtime_taken;
  uint64_t words = 0, k;
  size_t head, size;

  if (!ut && make)
    {
      for (k = 0; k < unit->num_functions; k++)
	{
	  const struct __pathprof_function *fn = unit->functions[k];
	  uint64_t n = taken_words (fn);

	  if (n > SIZE_MAX / 32)
	    return NULL;
	  if (n > SIZE_MAX / 16 - words)
	    return NULL;
	  words += n;
	}
      if (unit->num_functions > SIZE_MAX / 16)
	return NULL;
      head = sizeof *ut + unit->num_functions * sizeof (uint64_t);
      size = head + words * sizeof (uint64_t);
      ut = mmap (NULL, size, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (ut == MAP_FAILED)
	return NULL;
      ut->map_size = size;
      ut->num_functions = unit->num_functions;
      ut->words = (uint64_t *) ((char *) ut + head);
      words = 0;
      for (k = 0; k < unit->num_functions; k++)
	{
	  const struct __pathprof_function *fn = unit->functions[k];

	  ut->index[k] = NONE;
	  if (!taken_words (fn))
	    continue;
	  ut->index[k] = words;
	  words += taken_words (fn);
	}
      unit->runtime_taken = ut;
    }
  return (uint64_t *) unit_taken (unit, i);
}

/* Forget UNIT's taken counts (its counters were zeroed, or it is being
   unloaded).  */

void
pp_rt_unit_release_taken (struct __pathprof_unit *unit)
{
  struct unit_taken *ut = unit->runtime_taken;

  if (!ut)
    return;
  unit->runtime_taken = NULL;
  munmap (ut, ut->map_size);
}

/* Whether FN has a count not yet written: a counter other than its
   TAKEN count (or non-zero, with TAKEN NULL).  */

int
pp_rt_function_has_counts (const struct __pathprof_function *real_fn,
			   const uint64_t *taken)
{
  struct __pathprof_function view;
  const struct __pathprof_function *fn = &view;
  struct pair_scan ps;
  uint64_t i;

  if ((pp_rt_function_hashed (real_fn) && pp_rt_hash_has_counts (real_fn))
      || pp_rt_cut_has_counts (real_fn))
    return 1;
  stable_view (real_fn, &view);
  pair_start (&ps, fn, taken);
  for (i = pair_next (&ps, 0); i < fn->num_dense; i = pair_next (&ps, i + 1))
    if (!taken
	|| __atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED) != taken[i])
      break;
  pair_end (&ps);
  return i < fn->num_dense;
}

/* Zero FN's dense counters.  Only the non-zero ones are stored to: a
   store to a page of .bss the run never touched would give the process
   a private copy of it.  */

static void
dense_zero (struct __pathprof_function *fn)
{
  uint64_t i;
  struct scan sc;

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

/* Zero FN's counts, or with FORGET forget them: each dense counter's
   TAKEN count becomes its value and each slot's likewise, with no store
   to them, which threads may be adding to with plain stores or holding
   in registers (pathprof_reset; zeroed counts would be put back).
   Zeroing is for a child after fork or a process that adopts inherited
   counts (one thread), and for forgetting without TAKEN (no memory).  */

static void
reset_function (struct __pathprof_function *real_fn, uint64_t *taken,
		int forget)
{
  struct __pathprof_function view;
  struct __pathprof_function *fn = &view;
  struct pair_scan ps;
  uint64_t i;

  if (pp_rt_function_hashed (real_fn))
    pp_rt_hash_reset (real_fn, forget);
  pp_rt_cut_reset (real_fn, forget);
  pp_rt_threads_forget (real_fn);
  stable_view (real_fn, &view);
  if (!forget || !taken)
    {
      dense_zero (fn);
      return;
    }
  pair_start (&ps, fn, taken);
  for (i = pair_next (&ps, 0); i < fn->num_dense; i = pair_next (&ps, i + 1))
    {
      taken[i] = __atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED);
      if (fn->times)
	taken[fn->num_dense + i] = __atomic_load_n (&fn->times[i],
						    __ATOMIC_RELAXED);
    }
  pair_end (&ps);
}

/* Zero FN's counts (reset_function).  */

void
pp_rt_function_zero (struct __pathprof_function *fn)
{
  reset_function (fn, NULL, 0);
}

/* Whether any function of UNIT has a count not yet written.  */

int
pp_rt_unit_has_counts (const struct __pathprof_unit *unit)
{
  uint64_t i;
  int found = 0;

  pp_rt_snapshot_unit_begin (unit);
  for (i = 0; i < unit->num_functions && !found; i++)
    found = unit->functions[i]
	    && pp_rt_function_has_counts (unit->functions[i],
					  unit_taken (unit, i));
  pp_rt_snapshot_unit_end ();
  return found;
}

/* Zero every count of UNIT and drop what was taken of them, or with
   FORGET forget them (reset_function).  */

void
pp_rt_unit_reset (struct __pathprof_unit *unit, int forget)
{
  uint64_t i;

  for (i = 0; i < unit->num_functions; i++)
    if (unit->functions[i])
      reset_function (unit->functions[i],
		      forget ? pp_rt_unit_taken (unit, i, 1) : NULL, forget);
  if (!forget)
    pp_rt_unit_release_taken (unit);
}

