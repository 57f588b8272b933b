/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Counting in a hash table, for functions with too many paths for a
   dense array (design.md trap 11, Ball & Larus §5.3).

   At each path end of such a function the plugin emits an inline probe
   of the function's slot cache (FN->cache, below, in the object's .bss)
   and, when it misses, a call of __pathprof_count_hashed (FN, PATH), or
   __pathprof_count_hashed_atomic under -fprofile-update=atomic.
   FN->runtime points to the function's table state, created on the
   first count.

   Design.  Open addressing with linear probing over slots {key, count},
   key = path + 1 so that 0 marks an empty slot.  A slot, once its key is
   set, keeps that key and its address for the life of the process: keys
   are claimed with compare-and-swap, and a full table is never rehashed
   but followed by a new one twice its size, linked in front of it.  So:
   - a pointer to a slot never dangles, which makes the slot cache (the
     fast path, below) safe without any lock;
   - no count is ever lost to growth: an increment lands in a slot that
     stays in the table set; if two threads race to insert one path, one
     into the old table and one into the new, the path simply has two
     slots, and the dump adds them;
   - counting takes no lock, so it is safe in signal handlers and cannot
     deadlock with a dump, a fork or the program's own locks.

   The fast path.  A path may live in any table of the chain, and a
   miss in one table costs a probe sequence, so the tables themselves
   are slow to search; in front of them sits a direct-mapped cache of
   slot offsets (from the cache itself; 0 leads to the cache's word 0,
   always 0, a key no path has), indexed by a multiplicative hash of the
   path's key.  The cache
   is part of the ABI (pathprof-abi.h): it lives in the instrumented
   object, and the instrumented code probes it inline, so a count whose
   path is in the cache costs one multiply, two dependent loads, an add, a
   compare and the increment, with no call (measured: a call per path end
   cost pcre2's matcher 48 % against gcov's 10 %, doc/performance.md);
   the runtime is called only on a miss, and does not probe the cache
   again.  The path a tight loop repeats (paper §5.3) always hits; so do
   the few hundred paths an interpreter's dispatch loop alternates
   between, which defeated a one-entry cache of the last slot (measured:
   18-72 % of all path ends in the benchmarks' interpreters went to the
   slow path, doc/performance.md).
   A stale entry only costs a trip to the slow path, which refills it.
   The runtime publishes an entry with a release store; the inline probe
   reads it with a plain load followed by a load through it, which an
   address dependency orders on every target GCC supports but Alpha.

   Memory comes from mmap, not malloc: counting must not call into the
   allocator, because the program's own malloc may be instrumented (an
   allocator built with -fplugin=pathprof would recurse), and malloc is
   not async-signal-safe.  The first table is 128 slots (one page with
   the state); each new table doubles.  A new table is made when the
   newest is half full, so probes stay short.

   Atomicity.  Keys are always claimed with compare-and-swap, so even the
   non-atomic entry point never gives one slot to two paths or writes
   outside a table, whatever threads do.  Counts are added with an atomic
   fetch-and-add by the _atomic entry point; the plain one adds with a
   plain load and store (relaxed atomics: no lock prefix) as the dense
   counters do under -fprofile-update=single, and like them can lose an
   increment when two threads count the same path at the same instant.
   A program that needs exact counts from several threads is compiled
   with -fprofile-update=atomic.

   Counts that cannot be recorded (mmap failed; a path number not below
   num_paths, which would be a compiler bug) are counted in two global
   counters and reported by the next write: losses are never silent.  */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime-internal.h"

#define FIRST_CAPACITY 128u
/* 2^32 slots (64 GiB): beyond that, mmap is hopeless anyway.  */
#define MAX_CAPACITY (UINT64_C (1) << 32)

/* {key = path + 1 (0 while free), count}: pathprof-abi.h.  */
#define hash_slot __pathprof_hash_slot

struct hash_table
{
  struct hash_table *older;	/* the table this one followed, or NULL */
  uint64_t mask;		/* capacity - 1; capacity a power of 2 */
  uint64_t used;		/* slots whose key is claimed */
  size_t map_size;		/* its own mapping, or 0 for the first table,
				   which lives in the state's mapping */
  /* A function's shared table: what writes apart took of each slot, its
     count and its time (snapshot.c), two words a slot in a mapping of
     its own made at the first such write; NULL before.  */
  uint64_t *taken;
  struct hash_slot slots[];
};

/* What fn->runtime points to.  The first table follows it in the same
   mapping.  */
struct hash_state
{
  struct hash_table *newest;	/* where new paths go */
  size_t map_size;
  /* update=per-thread: the threads' copies of the function (their own
     caches and tables, threadcount.c), in a state of fn->runtime.  */
  void *thread_copies;
  /* A thread's own tables (pp_rt_hash_private_new): each table's slots
     are followed by what of each slot's count the function's shared
     tables already hold (its TAKEN, as threadcount.c's copies have).  */
  int private_tables;
};

/* Counts that could not be recorded; see the top of this file.  */
static uint64_t lost_no_memory;
static uint64_t lost_out_of_range;

/* Spread the bits of KEY over the table index (MurmurHash3's finaliser):
   path numbers are small consecutive integers with structure in their
   low bits.  */

static inline uint64_t
mix (uint64_t key)
{
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdULL;
  key ^= key >> 33;
  return key;
}

/* The word of the slot cache that holds the entry of the path whose key
   is KEY (pathprof-abi.h).  Fibonacci hashing: the top bits of the
   32-bit product depend on every bit of KEY's low half.  */

static inline uint64_t
cache_word (uint64_t key)
{
  return 1 + (((uint32_t) key * PATHPROF_HASH_MULTIPLIER)
	      >> (32 - PATHPROF_HASH_CACHE_BITS));
}

/* Add AMOUNT to *COUNTER: atomically, or as a plain addition (see the
   top of this file for why the plain form is allowed to race).  */

static inline void
add (uint64_t *counter, uint64_t amount, int atomic)
{
  if (atomic)
    __atomic_fetch_add (counter, amount, __ATOMIC_RELAXED);
  else
    __atomic_store_n (counter,
		      __atomic_load_n (counter, __ATOMIC_RELAXED) + amount,
		      __ATOMIC_RELAXED);
}

/* Add AMOUNT (modulo 2^64: ~0 takes one back) to slot S's count and
   TIME to its time.  */

static inline void
bump (struct hash_slot *s, uint64_t amount, uint64_t time, int atomic)
{
  add (&s->count, amount, atomic);
  if (time)
    add (&s->time, time, atomic);
}

/* SIZE bytes of zeroed memory from the kernel, or NULL.  */

static void *
map_zeroed (size_t size)
{
  void *p = mmap (NULL, size, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  return p == MAP_FAILED ? NULL : p;
}

/* The bytes of a table of CAPACITY slots, with their TAKEN counts for a
   thread's own tables.  */

static size_t
table_bytes (uint64_t capacity, int private_tables)
{
  return sizeof (struct hash_table)
	 + capacity * (sizeof (struct hash_slot)
		       + (private_tables ? sizeof (uint64_t) : 0));
}

/* A thread's own table T's TAKEN counts, one per slot.  */

static uint64_t *
taken_of (struct hash_table *t)
{
  return (uint64_t *) &t->slots[t->mask + 1];
}

/* A new state with its first table, or NULL when out of memory.  */

static struct hash_state *
new_state (int private_tables)
{
  size_t size = sizeof (struct hash_state)
    + table_bytes (FIRST_CAPACITY, private_tables);
  struct hash_state *st = map_zeroed (size);
  struct hash_table *first;

  if (!st)
    return NULL;
  first = (struct hash_table *) (st + 1);
  first->mask = FIRST_CAPACITY - 1;
  st->newest = first;
  st->map_size = size;
  st->private_tables = private_tables;
  return st;
}

/* Create FN's state with its first table and publish it in FN->runtime.
   If another thread published one first, ours is unmapped and theirs
   returned.  NULL when out of memory.  */

static struct hash_state *
create_state (struct __pathprof_function *fn)
{
  struct hash_state *st = new_state (0);
  size_t size;
  void *expected = NULL;

  if (!st)
    return NULL;
  size = st->map_size;
  if (__atomic_compare_exchange_n (&fn->runtime, &expected, st, 0,
				   __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
    return st;
  munmap (st, size);
  return expected;
}

/* Put a table twice the size of T in front of it as ST's newest, unless
   another thread already replaced T; return the newest table either way,
   or NULL when out of memory.  */

static struct hash_table *
grow (struct hash_state *st, struct hash_table *t)
{
  uint64_t capacity = (t->mask + 1) * 2;
  size_t size;
  struct hash_table *bigger;

  if (capacity > MAX_CAPACITY)
    return NULL;
  size = table_bytes (capacity, st->private_tables);
  bigger = map_zeroed (size);
  if (!bigger)
    return NULL;
  bigger->older = t;
  bigger->mask = capacity - 1;
  bigger->map_size = size;
  if (__atomic_compare_exchange_n (&st->newest, &t, bigger, 0,
				   __ATOMIC_RELEASE, __ATOMIC_ACQUIRE))
    return bigger;
  munmap (bigger, size);
  return t;			/* the newest, which another thread made */
}

/* Find KEY's slot in T.  With INSERT, claim a free slot for it if it is
   absent; otherwise stop at the first free slot.  Sets *FULL when every
   slot was tried.  */

static struct hash_slot *
probe (struct hash_table *t, uint64_t key, int insert, int *full)
{
  uint64_t mask = t->mask, i = mix (key) & mask, n;

  for (n = 0; n <= mask; n++, i = (i + 1) & mask)
    {
      struct hash_slot *s = &t->slots[i];
      uint64_t k = __atomic_load_n (&s->key, __ATOMIC_ACQUIRE);

      if (k == key)
	return s;
      if (k != 0)
	continue;
      if (!insert)
	return NULL;
      if (__atomic_compare_exchange_n (&s->key, &k, key, 0, __ATOMIC_ACQ_REL,
				       __ATOMIC_ACQUIRE))
	{
	  __atomic_fetch_add (&t->used, 1, __ATOMIC_RELAXED);
	  return s;
	}
      if (k == key)
	return s;		/* another thread claimed it for KEY */
    }
  *full = 1;
  return NULL;
}

/* Count PATH for FN: what instrumented code calls when its inline probe
   of the slot cache missed (pathprof-abi.h), so the cache is not looked
   at again.  Find PATH's slot in any table, or claim one in the newest
   (growing as needed), put it in PATH's cache entry and count.  errno is
   preserved: mmap may set it, and the program must not see that.  */

static void
count_in (struct hash_state *st, uint64_t *cache, uint64_t path,
	  uint64_t amount, uint64_t time, int atomic);

/* fn->runtime_flags of a function with mapped counters (pathprof-abi.h):
   the mapping was tried and could not be made, or is not to be (swap:
   the exit's scan could not tell the pages the run wrote).  */
#define FN_MAP_REFUSED 1u

/* FN's mapped counters, mapped now if they are not yet and can be; NULL
   when they cannot.  Two threads may map at once: one mapping is kept.
   The address is stored (in the record, then in the variable the code
   reads) before num_dense, so that a write which sees num_dense sees the
   counters (snapshot.c reads them in that order).  */

static uint64_t *
map_counters (struct __pathprof_function *fn)
{
  uint64_t *counters = __atomic_load_n (&fn->counters, __ATOMIC_ACQUIRE);
  uint64_t *expected = NULL;
  size_t size;
  void *map;

  if (counters)
    return counters;
  if (__atomic_load_n (&fn->runtime_flags, __ATOMIC_RELAXED) & FN_MAP_REFUSED)
    return NULL;
  if (fn->num_paths > SIZE_MAX / sizeof (uint64_t) || fn->times
      || !pp_rt_no_swap ())
    goto refuse;
  size = fn->num_paths * sizeof (uint64_t);
  map = mmap (NULL, size, PROT_READ | PROT_WRITE,
	      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED)
    goto refuse;
  if (!__atomic_compare_exchange_n (&fn->counters, &expected, map, 0,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    {
      munmap (map, size);
      return expected;
    }
  __atomic_store_n (fn->mapped, map, __ATOMIC_RELEASE);
  __atomic_store_n (&fn->num_dense, fn->num_paths, __ATOMIC_RELEASE);
  return map;

 refuse:
  __atomic_fetch_or (&fn->runtime_flags, FN_MAP_REFUSED, __ATOMIC_RELAXED);
  return NULL;
}

static void
count_slow (struct __pathprof_function *fn, uint64_t path, uint64_t amount,
	    uint64_t time, int atomic)
{
  int saved_errno = errno;
  struct hash_state *st;
  uint64_t *counters;

  if (path >= fn->num_paths)
    {
      __atomic_fetch_add (&lost_out_of_range, 1, __ATOMIC_RELAXED);
      goto out;
    }
  /* Mapped counters: from the first miss on, every count there (a
     function without a metric: no time).  */
  if (fn->mapped && (counters = map_counters (fn)))
    {
      if (atomic)
	__atomic_fetch_add (&counters[path], amount, __ATOMIC_RELAXED);
      else
	counters[path] += amount;
      goto out;
    }
  st = __atomic_load_n (&fn->runtime, __ATOMIC_ACQUIRE);
  if (!st && !(st = create_state (fn)))
    {
      __atomic_fetch_add (&lost_no_memory, 1, __ATOMIC_RELAXED);
      goto out;
    }
  count_in (st, fn->cache, path, amount, time, atomic);
 out:
  errno = saved_errno;
}

/* Count PATH (below its function's num_paths) in the tables of ST, the
   function's or a thread's own, putting its slot in PATH's entry of
   CACHE (when not NULL).  */

static void
count_in (struct hash_state *st, uint64_t *cache, uint64_t path,
	  uint64_t amount, uint64_t time, int atomic)
{
  uint64_t key = path + 1;
  struct hash_table *t;
  struct hash_slot *s = NULL;
  int full = 0;

  for (t = __atomic_load_n (&st->newest, __ATOMIC_ACQUIRE); t && !s;
       t = t->older)
    s = probe (t, key, 0, &full);
  while (!s)
    {
      t = __atomic_load_n (&st->newest, __ATOMIC_ACQUIRE);
      if (__atomic_load_n (&t->used, __ATOMIC_RELAXED) >= (t->mask + 1) / 2
	  && !(t = grow (st, t)))
	goto no_memory;
      full = 0;
      s = probe (t, key, 1, &full);
      if (!s && full && !grow (st, t))
	goto no_memory;
    }
  /* Release: a thread that finds S in the cache must also see the table
     S lives in, which may be one this thread just mapped.  */
  if (cache)
    __atomic_store_n (&cache[cache_word (key)],
		      (uint64_t) ((uintptr_t) s - (uintptr_t) cache),
		      __ATOMIC_RELEASE);
  bump (s, amount, time, atomic);
  return;

 no_memory:
  __atomic_fetch_add (&lost_no_memory, 1, __ATOMIC_RELAXED);
}

/* count[PATH]++ for FN, compiled with -fprofile-update=single.  */

void
__pathprof_count_hashed (struct __pathprof_function *fn, uint64_t path)
{
  count_slow (fn, path, 1, 0, 0);
}

/* count[PATH]++ for FN, safe when threads count at once: no count is
   lost.  */

void
__pathprof_count_hashed_atomic (struct __pathprof_function *fn,
				uint64_t path)
{
  count_slow (fn, path, 1, 0, 1);
}

/* count[PATH]++ and time[PATH] += TIME for FN (a unit compiled with a
   metric), -fprofile-update=single.  */

void
__pathprof_count_hashed_timed (struct __pathprof_function *fn, uint64_t path,
			       uint64_t time)
{
  count_slow (fn, path, 1, time, 0);
}

/* The same, safe when threads count at once.  */

void
__pathprof_count_hashed_timed_atomic (struct __pathprof_function *fn,
				      uint64_t path, uint64_t time)
{
  count_slow (fn, path, 1, time, 1);
}

/* count[PATH]-- for FN: the take-back of an early exit's count when its
   call returned (partial-paths).  The count is a difference modulo 2^64
   until it is written (ppf_counts_merge_deltas, called by write.c,
   reads counts at or above 2^63 as negative), so a take-back after a
   dump in the call is exact too.  */

void
__pathprof_uncount_hashed (struct __pathprof_function *fn, uint64_t path)
{
  count_slow (fn, path, ~(uint64_t) 0, 0, 0);
}

/* The same, safe when threads count at once.  */

void
__pathprof_uncount_hashed_atomic (struct __pathprof_function *fn,
				  uint64_t path)
{
  count_slow (fn, path, ~(uint64_t) 0, 0, 1);
}

/* Order two counts by path, for qsort.  */

static int
compare_paths (const void *a, const void *b)
{
  uint64_t x = ((const ppf_count *) a)->path;
  uint64_t y = ((const ppf_count *) b)->path;

  return x < y ? -1 : x > y;
}

/* Take FN's hashed counts into SNAP: every slot with a non-zero count
   (read atomically: threads may be counting), remembered slot by slot in
   SNAP->takes, and the per-path totals sorted by path in SNAP->counts (a
   path with slots in two tables gets their sum, saturated).  Counting
   may go on meanwhile; what arrives after a slot is read stays in memory
   for the next write.  PPF_OK or PPF_ENOMEM.  */

/* What remains to be written of slot J of T: its count (or time, with
   TIME) less what writes apart took of it.  */

static inline uint64_t
untaken (const struct hash_table *t, uint64_t j, int time)
{
  const struct hash_slot *s = &t->slots[j];
  uint64_t v = __atomic_load_n (time ? &s->time : &s->count,
				__ATOMIC_RELAXED);

  return t->taken ? v - t->taken[2 * j + time] : v;
}

/* T's taken counts and times, made if needed; NULL without memory.  */

static uint64_t *
make_taken (struct hash_table *t)
{
  void *p;

  if (t->taken)
    return t->taken;
  p = map_zeroed ((size_t) (t->mask + 1) * 2 * sizeof (uint64_t));
  t->taken = p;
  return t->taken;
}

/* Forget what writes apart took of T's slots.  */

static void
free_taken (struct hash_table *t)
{
  if (t->taken)
    munmap (t->taken, (size_t) (t->mask + 1) * 2 * sizeof (uint64_t));
  t->taken = NULL;
}

int
pp_rt_hash_snapshot (struct __pathprof_function *fn, int apart,
		     struct pp_snapshot *snap)
{
  struct hash_state *st = __atomic_load_n (&fn->runtime, __ATOMIC_ACQUIRE);
  struct hash_table *newest, *t;
  size_t n = 0, k, i;
  uint64_t j;

  memset (snap, 0, sizeof *snap);
  if (!st)
    return PPF_OK;
  newest = __atomic_load_n (&st->newest, __ATOMIC_ACQUIRE);
  for (t = newest; t; t = t->older)
    {
      if (apart)
	make_taken (t);
      for (j = 0; j <= t->mask; j++)
	if (__atomic_load_n (&t->slots[j].key, __ATOMIC_ACQUIRE)
	    && untaken (t, j, 0))
	  n++;
    }
  if (n == 0)
    return PPF_OK;
  snap->takes = calloc (n, sizeof *snap->takes);
  snap->counts = calloc (n, sizeof *snap->counts);
  if (!snap->takes || !snap->counts)
    {
      pp_rt_snapshot_free (snap);
      return PPF_ENOMEM;
    }
  /* Slots that became non-zero since the first pass wait for the next
     write.  */
  k = 0;
  for (t = newest; t && k < n; t = t->older)
    for (j = 0; j <= t->mask && k < n; j++)
      {
	struct hash_slot *s = &t->slots[j];
	uint64_t key = __atomic_load_n (&s->key, __ATOMIC_ACQUIRE);
	uint64_t value = untaken (t, j, 0);

	if (!key || !value)
	  continue;
	snap->takes[k].counter = &s->count;
	snap->takes[k].value = value;
	snap->takes[k].time_counter = &s->time;
	snap->takes[k].time = untaken (t, j, 1);
	if (apart && t->taken)
	  {
	    snap->takes[k].taken = &t->taken[2 * j];
	    snap->takes[k].time_taken = &t->taken[2 * j + 1];
	  }
	snap->counts[k].path = key - 1;
	snap->counts[k].count = value;
	snap->counts[k].time = snap->takes[k].time;
	k++;
      }
  snap->num_takes = k;
  qsort (snap->counts, k, sizeof *snap->counts, compare_paths);
  /* Add up the slots of one path.  */
  n = 0;
  for (i = 0; i < k; i++)
    if (n > 0 && snap->counts[n - 1].path == snap->counts[i].path)
      {
	uint64_t a = snap->counts[n - 1].count, b = snap->counts[i].count;

	snap->counts[n - 1].count = a > UINT64_MAX - b ? UINT64_MAX : a + b;
	a = snap->counts[n - 1].time, b = snap->counts[i].time;
	snap->counts[n - 1].time = a > UINT64_MAX - b ? UINT64_MAX : a + b;
      }
    else
      snap->counts[n++] = snap->counts[i];
  snap->num_counts = n;
  return PPF_OK;
}

/* Whether any slot of FN has a non-zero count.  */

int
pp_rt_hash_has_counts (const struct __pathprof_function *fn)
{
  struct hash_state *st = __atomic_load_n (&fn->runtime, __ATOMIC_ACQUIRE);
  struct hash_table *t;
  uint64_t j;

  if (!st)
    return 0;
  for (t = __atomic_load_n (&st->newest, __ATOMIC_ACQUIRE); t; t = t->older)
    for (j = 0; j <= t->mask; j++)
      if (untaken (t, j, 0))
	return 1;
  return 0;
}

/* Zero every count of FN and what writes apart took of them (a fork
   child: one thread), or with FORGET forget them: each slot's taken count
   and time become its own, with no store to the slots, which threads may
   be adding to (pathprof_reset); a table without memory for them is
   zeroed instead.  Either way the slots and their keys stay, so
   that the cache and the tables stay valid for threads counting
   meanwhile.  */

void
pp_rt_hash_reset (struct __pathprof_function *fn, int forget)
{
  struct hash_state *st = __atomic_load_n (&fn->runtime, __ATOMIC_ACQUIRE);
  struct hash_table *t;
  uint64_t j;

  if (!st)
    return;
  for (t = __atomic_load_n (&st->newest, __ATOMIC_ACQUIRE); t; t = t->older)
    if (forget && make_taken (t))
      for (j = 0; j <= t->mask; j++)
	{
	  t->taken[2 * j] = __atomic_load_n (&t->slots[j].count,
					     __ATOMIC_RELAXED);
	  t->taken[2 * j + 1] = __atomic_load_n (&t->slots[j].time,
						 __ATOMIC_RELAXED);
	}
    else
      {
	for (j = 0; j <= t->mask; j++)
	  {
	    __atomic_store_n (&t->slots[j].count, 0, __ATOMIC_RELAXED);
	    __atomic_store_n (&t->slots[j].time, 0, __ATOMIC_RELAXED);
	  }
	free_taken (t);
      }
}

/* Unmap FN's tables and clear FN->runtime and FN's slot cache.  Only when
   nothing can count in FN any more: its module is being unloaded (dlclose),
   not at exit, when other threads may still run.  */

void
pp_rt_hash_release (struct __pathprof_function *fn)
{
  struct hash_state *st = __atomic_exchange_n (&fn->runtime, NULL,
					       __ATOMIC_ACQ_REL);
  struct hash_table *t, *older;

  if (fn->mapped && fn->counters)
    {
      *fn->mapped = NULL;
      munmap (fn->counters, fn->num_paths * sizeof (uint64_t));
      fn->num_dense = 0;
      fn->counters = NULL;
    }
  if (!st)
    return;
  if (fn->cache)
    memset (fn->cache, 0, PATHPROF_HASH_CACHE_WORDS * sizeof *fn->cache);
  for (t = st->newest; t; t = older)
    {
      older = t->older;
      free_taken (t);
      if (t->map_size)
	munmap (t, t->map_size);
    }
  munmap (st, st->map_size);
}

/* Hand over, and reset, the numbers of counts that could not be
   recorded.  */

void
pp_rt_hash_take_losses (uint64_t *no_memory, uint64_t *out_of_range)
{
  *no_memory = __atomic_exchange_n (&lost_no_memory, 0, __ATOMIC_RELAXED);
  *out_of_range = __atomic_exchange_n (&lost_out_of_range, 0,
				       __ATOMIC_RELAXED);
}

/* ------------------------------------------------------------------ */
/* update=per-thread: a thread's own tables (threadcount.c).           */

/* Where FN's threads' copies are listed (FN hashed), its state made
   first if needed with MAKE; NULL without a state (or memory).  With
   pp_rt_mutex held.  */

void **
pp_rt_hash_thread_copies (struct __pathprof_function *fn, int make)
{
  struct hash_state *st = __atomic_load_n (&fn->runtime, __ATOMIC_ACQUIRE);

  if (!st && (!make || !(st = create_state (fn))))
    return NULL;
  return &st->thread_copies;
}

/* A thread's own tables, empty, or NULL without memory.  */

void *
pp_rt_hash_private_new (void)
{
  return new_state (1);
}

/* Count PATH for FN in a thread's own tables TABLES, from the thread
   itself (the only one that counts there: plain adds), putting its slot
   in the thread's CACHE.  errno is preserved.  */

void
pp_rt_hash_private_count (struct __pathprof_function *fn, void *tables,
			  uint64_t *cache, uint64_t path,
			  uint64_t amount)
{
  int saved_errno = errno;

  if (path >= fn->num_paths)
    __atomic_fetch_add (&lost_out_of_range, 1, __ATOMIC_RELAXED);
  else
    count_in (tables, cache, path, amount, 0, 0);
  errno = saved_errno;
}

/* Settle what a thread's own TABLES counted since the last settling:
   add it to FN's shared tables, atomically, or, with FN null, drop it;
   either way remember it as taken.  The thread may go on counting
   meanwhile: each count is read once, and what lands after the read is
   in the next difference (threadcount.c's copies are folded the same
   way).  With pp_rt_mutex held.  */

static void
settle_private (struct __pathprof_function *fn, struct hash_state *st)
{
  struct hash_table *t;
  uint64_t j;

  for (t = __atomic_load_n (&st->newest, __ATOMIC_ACQUIRE); t; t = t->older)
    {
      uint64_t *taken = taken_of (t);

      for (j = 0; j <= t->mask; j++)
	{
	  uint64_t key = __atomic_load_n (&t->slots[j].key, __ATOMIC_ACQUIRE);
	  uint64_t now;

	  if (!key)
	    continue;
	  now = __atomic_load_n (&t->slots[j].count, __ATOMIC_RELAXED);
	  if (fn && now != taken[j])
	    count_slow (fn, key - 1, now - taken[j], 0, 1);
	  taken[j] = now;
	}
    }
}

/* Add what a thread's own TABLES counted since the last fold to FN's
   shared tables (settle_private).  */

void
pp_rt_hash_private_fold (struct __pathprof_function *fn, void *tables)
{
  settle_private (fn, tables);
}

/* Forget what a thread's own TABLES counted so far: TAKEN = count
   (pathprof_reset, the fork child).  */

void
pp_rt_hash_private_forget (void *tables)
{
  settle_private (NULL, tables);
}

/* Unmap a thread's own TABLES (their copy is freed).  */

void
pp_rt_hash_private_free (void *tables)
{
  struct hash_state *st = tables;
  struct hash_table *t, *older;

  if (!st)
    return;
  for (t = st->newest; t; t = older)
    {
      older = t->older;
      if (t->map_size)
	munmap (t, t->map_size);
    }
  munmap (st, st->map_size);
}
