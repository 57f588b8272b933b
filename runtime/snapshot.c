/* The counts a write takes from memory, and what happens to them after.

   A write reads each function's counts once (its snapshot), merges them
   into the file, and only when the file is safely renamed into place
   subtracts exactly what it read.  Threads may go on counting during the
   write: reads are atomic loads, and the subtraction is an atomic
   fetch-and-sub, so an increment that lands after the read survives for
   the next write, and nothing is written twice.  If the write fails
   nothing is subtracted, and a later write (pathprof_dump, exit) tries
   again with everything.

   Dense counters (fn->counters) are here; hashed functions
   (fn->counters == NULL) are delegated to hashcount.c, which knows the
   table layout.  */

#include <stdlib.h>
#include <string.h>

#include "runtime-internal.h"

/* Take FN's non-zero counts into SNAP (see above).  PPF_OK or
   PPF_ENOMEM.  */

int
pp_rt_snapshot_take (struct __pathprof_function *fn, struct pp_snapshot *snap)
{
  uint64_t i, n = 0, k = 0;

  if (!fn->counters)
    return pp_rt_hash_snapshot (fn, snap);
  memset (snap, 0, sizeof *snap);
  for (i = 0; i < fn->num_paths; i++)
    if (__atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED))
      n++;
  if (n == 0)
    return PPF_OK;
  if (n > SIZE_MAX / sizeof *snap->counts)
    return PPF_ENOMEM;
  snap->counts = malloc (n * sizeof *snap->counts);
  if (!snap->counts)
    return PPF_ENOMEM;
  /* A counter that became non-zero since the first pass waits for the
     next write.  */
  for (i = 0; i < fn->num_paths && k < n; i++)
    {
      uint64_t value = __atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED);

      if (value)
	{
	  snap->counts[k].path = i;
	  snap->counts[k].count = value;
	  k++;
	}
    }
  snap->num_counts = k;
  return PPF_OK;
}

/* Subtract what SNAP took from FN's counters, after a successful
   write.  */

void
pp_rt_snapshot_subtract (struct __pathprof_function *fn,
			 const struct pp_snapshot *snap)
{
  uint64_t i;
  size_t j;

  if (fn->counters)
    for (i = 0; i < snap->num_counts; i++)
      __atomic_fetch_sub (&fn->counters[snap->counts[i].path],
			  snap->counts[i].count, __ATOMIC_RELAXED);
  else
    for (j = 0; j < snap->num_takes; j++)
      __atomic_fetch_sub (snap->takes[j].counter, snap->takes[j].value,
			  __ATOMIC_RELAXED);
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
  uint64_t i;

  if (!fn->counters)
    return pp_rt_hash_has_counts (fn);
  for (i = 0; i < fn->num_paths; i++)
    if (__atomic_load_n (&fn->counters[i], __ATOMIC_RELAXED))
      return 1;
  return 0;
}

/* Zero FN's counts (pathprof_reset, and a child after fork).  */

void
pp_rt_function_zero (struct __pathprof_function *fn)
{
  uint64_t i;

  if (!fn->counters)
    {
      pp_rt_hash_zero (fn);
      return;
    }
  for (i = 0; i < fn->num_paths; i++)
    __atomic_store_n (&fn->counters[i], 0, __ATOMIC_RELAXED);
}

/* Whether any function of UNIT has a non-zero count.  */

int
pp_rt_unit_has_counts (const struct __pathprof_unit *unit)
{
  uint64_t i;

  for (i = 0; i < unit->num_functions; i++)
    if (unit->functions[i] && pp_rt_function_has_counts (unit->functions[i]))
      return 1;
  return 0;
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
