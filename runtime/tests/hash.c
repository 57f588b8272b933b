/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Counting in the runtime's hash table (__pathprof_count_hashed and
   _atomic): many distinct paths (the tables grow several times) counted
   exactly; a tight loop on one path; eight
   threads with the atomic entry point give exact counts while the tables
   grow under them; eight threads with the plain entry point never crash
   and never give a count to a path that was not counted; dumps taken
   while threads count lose and duplicate nothing; a path number out of
   range is reported, not stored; a hashed function with a dense prefix
   writes, merges and resets both halves; with update=per-thread, a
   thread's own slot cache and tables count exactly, are folded at each
   write and forgotten by a reset; a hashed function with mapped
   counters maps them at its first miss, counts there from then on and
   writes, merges and forgets them like any other.  */

#include "rt-test.h"
#include "runtime-internal.h"

#include <pthread.h>
#include <time.h>

static char dir[256], profile[300];
static struct test_unit tu;

#define NUM_THREADS 8
#define SHARED_PATHS 4000
#define ROUNDS 50

static uint64_t paths[SHARED_PATHS];

/* A deterministic 64-bit generator (splitmix64).  */

static uint64_t
next_random (uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Fill PATHS with distinct random path numbers below BIG_PATHS.  */

static void
make_paths (void)
{
  uint64_t state = 42;

  for (int i = 0; i < SHARED_PATHS; i++)
    {
      uint64_t p;
      int dup;

      do
	{
	  p = next_random (&state) % BIG_PATHS;
	  dup = 0;
	  for (int j = 0; j < i; j++)
	    dup |= paths[j] == p;
	}
      while (dup);
      paths[i] = p;
    }
}

/* Register a fresh unit for a profile named NAME in the test directory.  */

static void
start (const char *name)
{
  snprintf (profile, sizeof profile, "%s/%s.pathprof", dir, name);
  test_unit_init (&tu, profile, name, 1);
  __pathprof_register (&tu.unit);
}

/* Dump, read the profile back into F.  */

static int
dump_and_read (const char *what, ppf_file *f)
{
  int result = pathprof_dump ();

  if (!check (result == 0, what, "expected pathprof_dump to return 0, saw "
	      "%d", result))
    return 0;
  return read_profile (what, profile, f);
}

/* Many distinct paths from one thread, each counted I % 5 + 1 times in
   interleaved rounds, plus a tight loop on one path.  */

static void
single_thread (void *arg)
{
  enum { DISTINCT = 20000 };
  static uint64_t many[DISTINCT];
  uint64_t state = 7;
  ppf_file f;
  int exact = 1;

  (void) arg;
  start ("single");
  for (int i = 0; i < DISTINCT; i++)
    many[i] = next_random (&state) % BIG_PATHS;
  /* Random 40-bit numbers: a duplicate among 20000 is unlikely but
     possible; the expectation below allows for it.  */
  for (int round = 0; round < 5; round++)
    for (int i = 0; i < DISTINCT; i++)
      if (i % 5 >= round)
	__pathprof_count_hashed (&tu.fn[1], many[i]);
  for (int i = 0; i < 1000000; i++)
    __pathprof_count_hashed (&tu.fn[1], 3);
  if (!dump_and_read ("single thread: profile", &f))
    return;
  for (int i = 0; i < DISTINCT && exact; i++)
    {
      uint64_t expected = 0;

      for (int j = 0; j < DISTINCT; j++)
	if (many[j] == many[i])
	  expected += (uint64_t) (j % 5 + 1);
      if (many[i] == 3)
	expected += 1000000;
      if (profile_count (&f, 1, many[i]) != expected)
	{
	  check (0, "single thread: 20000 distinct paths counted exactly",
		 "expected %" PRIu64 " for path %" PRIu64 ", saw %" PRIu64,
		 expected, many[i], profile_count (&f, 1, many[i]));
	  exact = 0;
	}
    }
  if (exact)
    check (1, "single thread: 20000 distinct paths counted exactly", "%s",
	   "");
  check_u64 ("tight loop on one path counted exactly", 1000000,
	     profile_count (&f, 1, 3));
  ppf_file_free (&f);
}

struct worker
{
  int index;
  int atomic;
};

/* One of NUM_THREADS threads: count every shared path ROUNDS times, in an
   order of its own, so that threads insert new paths at the same time.  */

static void *
count_worker (void *arg)
{
  struct worker *w = arg;
  uint64_t state = (uint64_t) w->index * 1000 + 1;
  int order[SHARED_PATHS];

  for (int i = 0; i < SHARED_PATHS; i++)
    order[i] = i;
  for (int i = SHARED_PATHS - 1; i > 0; i--)
    {
      int j = (int) (next_random (&state) % (uint64_t) (i + 1));
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
  for (int r = 0; r < ROUNDS; r++)
    for (int i = 0; i < SHARED_PATHS; i++)
      {
	uint64_t p = paths[order[(i + r * 7) % SHARED_PATHS]];

	if (w->atomic)
	  __pathprof_count_hashed_atomic (&tu.fn[1], p);
	else
	  __pathprof_count_hashed (&tu.fn[1], p);
      }
  return NULL;
}

/* NUM_THREADS threads counting the shared paths; ARG non-NULL for the
   atomic entry point, which must be exact.  */

static void
threads (void *arg)
{
  int atomic = arg != NULL;
  pthread_t tid[NUM_THREADS];
  struct worker w[NUM_THREADS];
  uint64_t expected = NUM_THREADS * ROUNDS, total = 0, k;
  int exact = 1, foreign = 0, over = 0;
  ppf_file f;

  start (atomic ? "threads-atomic" : "threads-plain");
  for (int i = 0; i < NUM_THREADS; i++)
    {
      w[i].index = i;
      w[i].atomic = atomic;
      pthread_create (&tid[i], NULL, count_worker, &w[i]);
    }
  for (int i = 0; i < NUM_THREADS; i++)
    pthread_join (tid[i], NULL);
  if (!dump_and_read (atomic ? "atomic threads: profile"
		      : "plain threads: profile", &f))
    return;
  for (int i = 0; i < SHARED_PATHS; i++)
    {
      uint64_t c = profile_count (&f, 1, paths[i]);

      exact &= c == expected;
      over |= c > expected;
    }
  for (k = 0; k < f.functions[1].num_counts; k++)
    {
      int known = 0;

      for (int i = 0; i < SHARED_PATHS; i++)
	known |= paths[i] == f.functions[1].counts[k].path;
      foreign |= !known;
      total += f.functions[1].counts[k].count;
    }
  if (atomic)
    check (exact && f.functions[1].num_counts == SHARED_PATHS,
	   "8 threads, atomic: every count exact", "expected %d paths of %"
	   PRIu64 ", saw %" PRIu64 " paths, total %" PRIu64, SHARED_PATHS,
	   expected, f.functions[1].num_counts, total);
  else
    {
      printf ("note: plain entry point, 8 threads: %" PRIu64 " of %" PRIu64
	      " counts kept (races on one path may lose increments, as "
	      "with -fprofile-update=single)\n", total,
	      expected * SHARED_PATHS);
      check (!foreign && !over, "8 threads, plain: no count on a path "
	     "that was not counted, none above the truth", "expected only "
	     "the %d counted paths, each at most %" PRIu64, SHARED_PATHS,
	     expected);
    }
  ppf_file_free (&f);
}

static int stop_counting;

/* Count on the dense counters (as code compiled with
   -fprofile-update=atomic does) and on hashed paths until told to stop;
   report how many times in *ARG.  */

static void *
steady_worker (void *arg)
{
  uint64_t *done = arg, i;

  for (i = 0; !__atomic_load_n (&stop_counting, __ATOMIC_RELAXED); i++)
    {
      __atomic_fetch_add (&tu.counters[i % LOOP_PATHS], 1, __ATOMIC_RELAXED);
      __pathprof_count_hashed_atomic (&tu.fn[1], paths[i % 100]);
    }
  *done = i;
  return NULL;
}

/* Dump again and again while four threads count: the file must end with
   exactly what was counted, no more (nothing written twice) and no less
   (nothing zeroed that was not written).  */

static void
dump_while_counting (void *arg)
{
  pthread_t tid[4];
  uint64_t done[4];
  uint64_t dense, hashed, expected = 0;
  int dumps = 0;
  ppf_file f;

  (void) arg;
  start ("concurrent-dumps");
  for (int i = 0; i < 4; i++)
    pthread_create (&tid[i], NULL, steady_worker, &done[i]);
  for (; dumps < 20; dumps++)
    {
      struct timespec ts = { 0, 2000000 };

      pathprof_dump ();
      nanosleep (&ts, NULL);
    }
  __atomic_store_n (&stop_counting, 1, __ATOMIC_RELAXED);
  for (int i = 0; i < 4; i++)
    {
      pthread_join (tid[i], NULL);
      expected += done[i];
    }
  if (!dump_and_read ("dumps while counting: profile", &f))
    return;
  dense = profile_total (&f, 0);
  hashed = profile_total (&f, 1);
  check (dense == expected && hashed == expected && f.runs == 1,
	 "21 dumps while 4 threads count: nothing lost or doubled",
	 "expected %" PRIu64 " dense and hashed counts in one run, saw %"
	 PRIu64 ", %" PRIu64 ", runs %" PRIu64, expected, dense, hashed,
	 f.runs);
  printf ("note: %" PRIu64 " counts made during the dumps\n", expected);
  ppf_file_free (&f);
}

/* Count as code compiled with update=single does, until told to stop:
   path 3 of the dense function held in a register and stored at every
   iteration (GCC's store motion), reloaded every 1000; path 5 with a
   plain load, add and store; hashed paths through the inline probe of
   the slot cache with a plain add (pathprof-abi.h) or the plain entry
   point.  Report how many iterations in *ARG.  */

static void *
single_worker (void *arg)
{
  uint64_t *done = arg, i, held = 0;

  for (i = 0; !__atomic_load_n (&stop_counting, __ATOMIC_RELAXED); i++)
    {
      uint64_t path = paths[i % 100], key = path + 1;
      struct __pathprof_hash_slot *s;

      if (i % 1000 == 0)
	held = __atomic_load_n (&tu.counters[3], __ATOMIC_RELAXED);
      __atomic_store_n (&tu.counters[3], ++held, __ATOMIC_RELAXED);
      __atomic_store_n (&tu.counters[5],
			__atomic_load_n (&tu.counters[5], __ATOMIC_RELAXED)
			+ 1, __ATOMIC_RELAXED);
      s = (struct __pathprof_hash_slot *)
	((uintptr_t) tu.cache
	 + tu.cache[1 + (((uint32_t) key * PATHPROF_HASH_MULTIPLIER)
			 >> (32 - PATHPROF_HASH_CACHE_BITS))]);
      if (s->key == key)
	__atomic_store_n (&s->count,
			  __atomic_load_n (&s->count, __ATOMIC_RELAXED) + 1,
			  __ATOMIC_RELAXED);
      else
	__pathprof_count_hashed (&tu.fn[1], path);
    }
  *done = i;
  return NULL;
}

/* The same, for N iterations from this thread.  */

static void
count_single (uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    {
      __atomic_store_n (&tu.counters[3], tu.counters[3] + 1,
			__ATOMIC_RELAXED);
      __atomic_store_n (&tu.counters[5], tu.counters[5] + 1,
			__ATOMIC_RELAXED);
      __pathprof_count_hashed (&tu.fn[1], paths[i % 100]);
    }
}

/* Register a unit named NAME compiled with update=single, and start a
   thread counting as its code does (single_worker) into *DONE.  */

static void
start_single_worker (const char *name, pthread_t *tid, uint64_t *done)
{
  start (name);
  tu.unit.flags = 0;
  pthread_create (tid, NULL, single_worker, done);
}

/* Dumps apart (pathprof_dump, as the dump thread's) while a thread
   counts as update=single code does: a dump must not subtract from a
   counter such a thread adds to with a plain load and store, or holds
   in a register, since its next store would put the subtracted counts
   back, to be written twice.  The file must hold exactly what was
   counted; then the main thread counts more and exits, and the exit's
   write (which subtracts) must add exactly that.  The expected total is
   left in EXPECTED_FILE for the parent.  */

static char expected_file[300];

static void
dump_apart_while_counting_single (void *arg)
{
  pthread_t tid;
  uint64_t done = 0, dense3, dense5, hashed;
  ppf_file f;
  FILE *out;

  (void) arg;
  start_single_worker ("apart", &tid, &done);
  for (int dumps = 0; dumps < 20; dumps++)
    {
      struct timespec ts = { 0, 2000000 };

      pathprof_dump ();
      nanosleep (&ts, NULL);
    }
  __atomic_store_n (&stop_counting, 1, __ATOMIC_RELAXED);
  pthread_join (tid, NULL);
  if (!dump_and_read ("dumps apart: profile", &f))
    return;
  dense3 = profile_count (&f, 0, 3);
  dense5 = profile_count (&f, 0, 5);
  hashed = profile_total (&f, 1);
  check (dense3 == done && dense5 == done && hashed == done,
	 "21 dumps apart while a thread counts as update=single code: "
	 "nothing lost or doubled, a count held in a register included",
	 "expected %" PRIu64 " of each, saw %" PRIu64 " (held), %" PRIu64
	 " (plain add), %" PRIu64 " (hashed)", done, dense3, dense5, hashed);
  printf ("note: %" PRIu64 " iterations during the dumps apart\n", done);
  ppf_file_free (&f);
  count_single (777);
  out = fopen (expected_file, "w");
  if (out)
    {
      fprintf (out, "%" PRIu64 "\n", done + 777);
      fclose (out);
    }
}

/* pathprof_reset while a thread counts as update=single code does: the
   reset must not store to the counters either, or the thread's next
   store (of a count held in a register) would bring the forgotten counts
   back.  What is written after the reset is at most what was counted
   after the counters were read just before it.  */

/* Wait, a millisecond at a time for at most 30 seconds, until the
   worker's counter 3 exceeds AT_LEAST: not a fixed time, since a loaded
   machine (CI runs two suites at once) may not run the thread for a
   while.  */

static void
wait_for_count (uint64_t at_least)
{
  struct timespec ms = { 0, 1000000 };

  for (int i = 0; i < 30000
       && __atomic_load_n (&tu.counters[3], __ATOMIC_RELAXED) <= at_least;
       i++)
    nanosleep (&ms, NULL);
}

static void
reset_while_counting_single (void *arg)
{
  pthread_t tid;
  uint64_t done = 0, before3, before5;
  ppf_file f;

  (void) arg;
  start_single_worker ("reset-single", &tid, &done);
  wait_for_count (1000);
  before3 = __atomic_load_n (&tu.counters[3], __ATOMIC_RELAXED);
  before5 = __atomic_load_n (&tu.counters[5], __ATOMIC_RELAXED);
  pathprof_reset ();
  wait_for_count (before3 + 1000);
  __atomic_store_n (&stop_counting, 1, __ATOMIC_RELAXED);
  pthread_join (tid, NULL);
  if (!dump_and_read ("reset while counting: profile", &f))
    return;
  check (before3 > 1000 && before5 > 1000
	 && profile_count (&f, 0, 3) <= done - before3 + 1
	 && profile_count (&f, 0, 5) <= done - before5 + 1,
	 "pathprof_reset while a thread counts as update=single code: "
	 "nothing counted before it is written",
	 "%" PRIu64 " iterations, %" PRIu64 " and %" PRIu64 " before the "
	 "reset; written %" PRIu64 " (held) and %" PRIu64 " (plain add)",
	 done, before3, before5, profile_count (&f, 0, 3),
	 profile_count (&f, 0, 5));
  ppf_file_free (&f);
}

/* A path number out of range is ignored and reported at the next
   write.  */

static void
out_of_range (void *arg)
{
  ppf_file f;

  (void) arg;
  start ("range");
  __pathprof_count_hashed (&tu.fn[1], BIG_PATHS);
  __pathprof_count_hashed (&tu.fn[1], UINT64_MAX);
  __pathprof_count_hashed (&tu.fn[1], BIG_PATHS - 1);
  if (dump_and_read ("out of range: profile", &f))
    {
      check (f.functions[1].num_counts == 1
	     && profile_count (&f, 1, BIG_PATHS - 1) == 1,
	     "out-of-range paths are not stored", "expected only path 2^40-1, "
	     "saw %" PRIu64 " paths", f.functions[1].num_counts);
      ppf_file_free (&f);
    }
}

/* What instrumented code relies on (pathprof-abi.h, ABI 6): after the
   runtime counts a path, the path's entry in the function's slot cache
   holds the offset from the cache of a slot whose key is path + 1, and a
   count added to that slot directly, as the inline probe does, is in the
   profile.  An empty entry leads to the cache's word 0, which stays 0.
   A path with the same cache word takes the entry over; the first path's
   probe then misses (its key does not match) and goes to the runtime,
   losing nothing.  Unregistering the unit (dlclose) clears the cache, so
   no probe follows an offset into an unmapped table.  */

static unsigned
abi_cache_word (uint64_t path)
{
  return 1 + (((uint32_t) (path + 1) * PATHPROF_HASH_MULTIPLIER)
	      >> (32 - PATHPROF_HASH_CACHE_BITS));
}

/* The slot the entry of PATH in CACHE leads to, as the plugin's probe
   finds it: the cache's word 0 when the entry is empty.  */

static struct __pathprof_hash_slot *
abi_slot (uint64_t *cache, uint64_t path)
{
  return (struct __pathprof_hash_slot *) ((uintptr_t) cache
					  + cache[abi_cache_word (path)]);
}

/* Count PATH as the instrumented code does: inline when the cache
   leads to its slot, else through the runtime.  Returns whether it
   hit.  */

static int
probe_as_plugin (uint64_t path)
{
  struct __pathprof_hash_slot *s = abi_slot (tu.cache, path);

  if (s->key == path + 1)
    {
      s->count++;
      return 1;
    }
  __pathprof_count_hashed (&tu.fn[1], path);
  return 0;
}

static void
cache_contract (void *arg)
{
  uint64_t p = 123456, q = p + 1;
  int hits = 0, i;
  ppf_file f;

  (void) arg;
  start ("cache");
  while (abi_cache_word (q) != abi_cache_word (p))
    q++;
  check (abi_slot (tu.cache, p) == (void *) tu.cache && tu.cache[0] == 0,
	 "an empty entry leads to the cache's word 0, which is 0",
	 "slot %p, cache %p, word 0 %" PRIu64, (void *) abi_slot (tu.cache, p),
	 (void *) tu.cache, tu.cache[0]);
  hits += probe_as_plugin (p);
  {
    struct __pathprof_hash_slot *s = abi_slot (tu.cache, p);

    check (s != (void *) tu.cache && s->key == p + 1 && s->count == 1
	   && tu.cache[0] == 0,
	   "the runtime fills the path's cache entry, and only it",
	   "entry %p, key %" PRIu64 ", word 0 %" PRIu64, (void *) s, s->key,
	   tu.cache[0]);
  }
  for (i = 0; i < 5; i++)
    hits += probe_as_plugin (p);
  hits += probe_as_plugin (q);
  hits += probe_as_plugin (q);
  hits += probe_as_plugin (p);
  check (hits == 6, "inline probes hit except after a collision",
	 "expected 6 hits of 9, saw %d", hits);
  if (dump_and_read ("cache: profile", &f))
    {
      check (profile_count (&f, 1, p) == 7 && profile_count (&f, 1, q) == 2,
	     "counts added inline and by the runtime are all written",
	     "path p %" PRIu64 " (expected 7), q %" PRIu64 " (expected 2)",
	     profile_count (&f, 1, p), profile_count (&f, 1, q));
      ppf_file_free (&f);
    }
  __pathprof_unregister (&tu.unit);
  for (i = 0; i < (int) PATHPROF_HASH_CACHE_WORDS && !tu.cache[i]; i++)
    ;
  check (i == (int) PATHPROF_HASH_CACHE_WORDS,
	 "unregistering clears the slot cache", "entry %d still set", i);
}

/* A hashed function with a dense prefix (pathprof-abi.h: num_dense <
   num_paths): paths below PREFIX counted in its array as the plugin's
   code does, the others through the slot cache and the table.  A write
   takes both halves into one sorted list, subtracts exactly what it
   wrote from both, a second write merges into the file, and
   pathprof_reset zeroes both.  The runtime also sums a prefix path that
   reached the table (the plugin never sends one there).  */

#define PREFIX 4

static void
prefix_merge (void *arg)
{
  static uint64_t prefix[PREFIX];
  static const uint64_t hashed[] = { PREFIX, 1000, BIG_PATHS - 1 };
  ppf_file f;
  int i, zero;

  (void) arg;
  snprintf (profile, sizeof profile, "%s/prefix.pathprof", dir);
  test_unit_init (&tu, profile, "prefix", 0);
  tu.fn[1].counters = prefix;
  tu.fn[1].num_dense = PREFIX;
  __pathprof_register (&tu.unit);
  for (i = 0; i < PREFIX; i++)
    prefix[i] += i + 1;
  for (i = 0; i < 3; i++)
    {
      probe_as_plugin (hashed[i]);
      probe_as_plugin (hashed[i]);
    }
  __pathprof_count_hashed (&tu.fn[1], 2);
  if (dump_and_read ("prefix: first write", &f))
    {
      check (f.functions[1].num_counts == 7
	     && profile_count (&f, 1, 0) == 1 && profile_count (&f, 1, 1) == 2
	     && profile_count (&f, 1, 2) == 4 && profile_count (&f, 1, 3) == 4
	     && profile_count (&f, 1, PREFIX) == 2
	     && profile_count (&f, 1, 1000) == 2
	     && profile_count (&f, 1, BIG_PATHS - 1) == 2,
	     "prefix: both halves written, sorted, a path in both summed",
	     "%" PRIu64 " counts; paths 0-3: %" PRIu64 " %" PRIu64 " %" PRIu64
	     " %" PRIu64 " (expected 1 2 4 4), hashed %" PRIu64 " %" PRIu64
	     " %" PRIu64 " (expected 2 each)", f.functions[1].num_counts,
	     profile_count (&f, 1, 0), profile_count (&f, 1, 1),
	     profile_count (&f, 1, 2), profile_count (&f, 1, 3),
	     profile_count (&f, 1, PREFIX), profile_count (&f, 1, 1000),
	     profile_count (&f, 1, BIG_PATHS - 1));
      ppf_file_free (&f);
    }
  for (zero = 1, i = 0; i < PREFIX; i++)
    zero &= prefix[i] == (uint64_t) i + 1;
  check (zero, "prefix: a write apart leaves the array as it was",
	 "counters %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64, prefix[0],
	 prefix[1], prefix[2], prefix[3]);

  prefix[0] += 5;
  probe_as_plugin (PREFIX);
  if (dump_and_read ("prefix: second write", &f))
    {
      check (f.functions[1].num_counts == 7
	     && profile_count (&f, 1, 0) == 6
	     && profile_count (&f, 1, 1) == 2
	     && profile_count (&f, 1, PREFIX) == 3
	     && profile_count (&f, 1, 1000) == 2,
	     "prefix: a second write merges both halves into the file",
	     "%" PRIu64 " counts; path 0 %" PRIu64 " (expected 6), 1 %" PRIu64
	     " (2), %d %" PRIu64 " (3), 1000 %" PRIu64 " (2)",
	     f.functions[1].num_counts, profile_count (&f, 1, 0),
	     profile_count (&f, 1, 1), PREFIX,
	     profile_count (&f, 1, PREFIX), profile_count (&f, 1, 1000));
      ppf_file_free (&f);
    }

  prefix[1]++;
  probe_as_plugin (1000);
  pathprof_reset ();
  check (prefix[1] == 3, "prefix: pathprof_reset leaves the array as it "
	 "was (threads may be counting)", "counter 1 is %" PRIu64, prefix[1]);
  if (dump_and_read ("prefix: after reset", &f))
    {
      check (profile_count (&f, 1, 1) == 2
	     && profile_count (&f, 1, 1000) == 2,
	     "prefix: pathprof_reset forgets both halves",
	     "path 1 %" PRIu64 " (expected 2), 1000 %" PRIu64 " (expected 2)",
	     profile_count (&f, 1, 1), profile_count (&f, 1, 1000));
      ppf_file_free (&f);
    }
  __pathprof_unregister (&tu.unit);
}

/* Mapped counters (ABI 7): function 1 with a mapped variable and
   2^20 paths.  Count PATH as the plugin's code does: in the counters
   when the runtime has mapped them, through the slot cache otherwise.  */

#define MAPPED_PATHS (UINT64_C (1) << 20)

static uint64_t *mapped_address;	/* the plugin's __pathprof_mapped */

static void
count_mapped (uint64_t path)
{
  uint64_t *counters = __atomic_load_n (&mapped_address, __ATOMIC_ACQUIRE);

  if (counters)
    counters[path]++;
  else
    probe_as_plugin (path);
}

static void
mapped_counters (void *arg)
{
  ppf_file f;
  int mapped;

  (void) arg;
  snprintf (profile, sizeof profile, "%s/mapped.pathprof", dir);
  tu_big_paths = MAPPED_PATHS;
  test_unit_init (&tu, profile, "mapped", 0);
  tu.fn[1].mapped = &mapped_address;
  __pathprof_register (&tu.unit);
  check (tu.fn[1].counters == NULL && tu.fn[1].num_dense == 0,
	 "mapped: nothing mapped before the first count",
	 "counters %p, num_dense %" PRIu64, (void *) tu.fn[1].counters,
	 tu.fn[1].num_dense);
  errno = 1234;
  count_mapped (7);
  check (errno == 1234, "mapped: the mapping leaves errno alone",
	 "errno %d", errno);
  mapped = pp_rt_no_swap ();
  if (mapped)
    check (tu.fn[1].counters != NULL && tu.fn[1].num_dense == MAPPED_PATHS
	   && mapped_address == tu.fn[1].counters
	   && tu.fn[1].counters[7] == 1,
	   "mapped: the first miss maps the counters, publishes their "
	   "address to the code and counts there",
	   "counters %p, the code's %p, num_dense %" PRIu64,
	   (void *) tu.fn[1].counters, (void *) mapped_address,
	   tu.fn[1].num_dense);
  else
    check (tu.fn[1].counters == NULL && tu.fn[1].num_dense == 0
	   && mapped_address == NULL,
	   "mapped: with swap, no mapping (the hash table counts)",
	   "counters %p", (void *) tu.fn[1].counters);
  count_mapped (7);
  count_mapped (7);
  count_mapped (MAPPED_PATHS - 1);
  count_mapped (MAPPED_PATHS - 1);
  count_mapped (123456);
  if (dump_and_read ("mapped: first write", &f))
    {
      check (f.functions[1].num_counts == 3
	     && profile_count (&f, 1, 7) == 3
	     && profile_count (&f, 1, 123456) == 1
	     && profile_count (&f, 1, MAPPED_PATHS - 1) == 2,
	     "mapped: the counts written exactly",
	     "%" PRIu64 " counts; 7: %" PRIu64 " (3), 123456: %" PRIu64
	     " (1), last: %" PRIu64 " (2)", f.functions[1].num_counts,
	     profile_count (&f, 1, 7), profile_count (&f, 1, 123456),
	     profile_count (&f, 1, MAPPED_PATHS - 1));
      ppf_file_free (&f);
    }
  if (mapped)
    check (tu.fn[1].counters[7] == 3,
	   "mapped: a write apart leaves the counters as they were",
	   "counter 7 is %" PRIu64, tu.fn[1].counters[7]);
  count_mapped (7);
  __pathprof_uncount_hashed (&tu.fn[1], 123456);
  count_mapped (500000);
  if (dump_and_read ("mapped: second write", &f))
    {
      check (profile_count (&f, 1, 7) == 4
	     && profile_count (&f, 1, 123456) == 0
	     && profile_count (&f, 1, 500000) == 1
	     && profile_count (&f, 1, MAPPED_PATHS - 1) == 2,
	     "mapped: a second write merges what was counted since, a "
	     "take-back too",
	     "7: %" PRIu64 " (4), 123456: %" PRIu64 " (0), 500000: %" PRIu64
	     " (1), last: %" PRIu64 " (2)", profile_count (&f, 1, 7),
	     profile_count (&f, 1, 123456), profile_count (&f, 1, 500000),
	     profile_count (&f, 1, MAPPED_PATHS - 1));
      ppf_file_free (&f);
    }
  count_mapped (7);
  pathprof_reset ();
  count_mapped (500000);
  if (dump_and_read ("mapped: after reset", &f))
    {
      check (profile_count (&f, 1, 7) == 4
	     && profile_count (&f, 1, 500000) == 2,
	     "mapped: pathprof_reset forgets the counts made before it",
	     "7: %" PRIu64 " (4), 500000: %" PRIu64 " (2)",
	     profile_count (&f, 1, 7), profile_count (&f, 1, 500000));
      ppf_file_free (&f);
    }
  __pathprof_unregister (&tu.unit);
  tu_big_paths = BIG_PATHS;
}

/* update=per-thread in a hashed function (ABI 5): the thread's slot
   cache, from __pathprof_thread_counters, in front of tables of the
   thread's own.  Count PATH as the plugin's probe of that CACHE does, and
   return whether it hit.  */

static int
thread_probe (uint64_t *cache, uint64_t path)
{
  struct __pathprof_hash_slot *s = abi_slot (cache, path);

  if (s->key == path + 1)
    {
      s->count++;
      return 1;
    }
  __pathprof_count_hashed_thread (&tu.fn[1], path, cache);
  return 0;
}

/* 3000 distinct paths, counted I % 3 + 1 times through the thread's own
   cache and tables (which grow from 128 slots several times), are
   exactly in the profile after a write, which folds them into the
   function's table; a second round and a take-back after it add only
   their difference; what pathprof_reset forgot is never written.  */

static void
thread_tables (void *arg)
{
  enum { DISTINCT = 3000 };
  static uint64_t *slot;
  uint64_t *cache;
  ppf_file f;
  long hits = 0;
  int exact = 1, i, round;

  (void) arg;
  start ("thread-tables");
  tu.unit.flags |= PATHPROF_UNIT_PER_THREAD;
  cache = __pathprof_thread_counters (&tu.fn[1], &slot);
  if (!check (cache && cache != tu.fn[1].cache && cache == slot,
	      "per-thread, hashed: the thread gets a slot cache of its own",
	      "cache %p, the function's %p, the thread's pointer %p",
	      (void *) cache, (void *) tu.fn[1].cache, (void *) slot))
    return;
  for (round = 0; round < 3; round++)
    for (i = 0; i < DISTINCT; i++)
      if (i % 3 >= round)
	hits += thread_probe (cache, paths[i]);
  for (i = 0; i < (int) PATHPROF_HASH_CACHE_WORDS; i++)
    if (tu.fn[1].cache[i])
      break;
  check (i == (int) PATHPROF_HASH_CACHE_WORDS && cache[0] == 0,
	 "per-thread, hashed: counting leaves the function's cache alone",
	 "entry %d set", i);
  if (dump_and_read ("per-thread, hashed: first write", &f))
    {
      for (i = 0; i < DISTINCT && exact; i++)
	exact = profile_count (&f, 1, paths[i]) == (uint64_t) (i % 3 + 1);
      check (exact && f.functions[1].num_counts == DISTINCT,
	     "per-thread, hashed: 3000 paths counted exactly in the "
	     "thread's tables",
	     "%" PRIu64 " counts; path %d: %" PRIu64 ", expected %d",
	     f.functions[1].num_counts, i - 1,
	     profile_count (&f, 1, paths[i - 1]), (i - 1) % 3 + 1);
      ppf_file_free (&f);
    }
  printf ("note: per-thread, hashed: %ld of %d counts hit the thread's "
	  "cache\n", hits, DISTINCT * 2);
  for (i = 0; i < DISTINCT; i++)
    thread_probe (cache, paths[i]);
  __pathprof_uncount_hashed_thread (&tu.fn[1], paths[0], cache);
  if (dump_and_read ("per-thread, hashed: second write", &f))
    {
      exact = profile_count (&f, 1, paths[0]) == 1;
      for (i = 1; i < DISTINCT && exact; i++)
	exact = profile_count (&f, 1, paths[i]) == (uint64_t) (i % 3 + 2);
      check (exact, "per-thread, hashed: a second write adds only what "
	     "was counted since, a take-back included",
	     "path %d: %" PRIu64, i - 1, profile_count (&f, 1, paths[i - 1]));
      ppf_file_free (&f);
    }
  for (i = 0; i < 5; i++)
    thread_probe (cache, paths[1]);
  pathprof_reset ();
  thread_probe (cache, paths[1]);
  if (dump_and_read ("per-thread, hashed: after reset", &f))
    {
      check (profile_count (&f, 1, paths[1]) == 4
	     && profile_count (&f, 1, paths[2]) == 4,
	     "per-thread, hashed: pathprof_reset forgets the thread's counts",
	     "path 1: %" PRIu64 " (expected 3 + 1), path 2: %" PRIu64
	     " (expected 4)", profile_count (&f, 1, paths[1]),
	     profile_count (&f, 1, paths[2]));
      ppf_file_free (&f);
    }
  __pathprof_unregister (&tu.unit);
}

/* Measure a call of the runtime, what a miss of the inline probe costs
   (information only, not a check).  */

static void
speed (void *arg)
{
  struct timespec t0, t1;
  double ns;

  (void) arg;
  start ("speed");
  clock_gettime (CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < 10000000; i++)
    __pathprof_count_hashed (&tu.fn[1], 17);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e7;
  printf ("note: repeated path, plain entry point: %.2f ns per count\n", ns);
  clock_gettime (CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < 10000000; i++)
    __pathprof_count_hashed (&tu.fn[1], paths[i & 1023]);
  clock_gettime (CLOCK_MONOTONIC, &t1);
  ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 1e7;
  printf ("note: 1024 paths in turn, plain entry point: %.2f ns per count\n",
	  ns);
}

int
main (void)
{
  char err[300];
  int status;

  unit_test_init ();
  make_temp_dir (dir, sizeof dir, "hash");
  make_paths ();
  status = run_child (single_thread, NULL, NULL, NULL);
  check (exited_with (status, 0), "single thread run exits normally",
	 "expected exit 0, saw status %d", status);
  status = run_child (threads, (void *) 1, NULL, NULL);
  check (exited_with (status, 0), "atomic threads run exits normally",
	 "expected exit 0, saw status %d", status);
  status = run_child (threads, NULL, NULL, NULL);
  check (exited_with (status, 0), "plain threads run exits normally",
	 "expected exit 0, saw status %d", status);
  run_child (dump_while_counting, NULL, NULL, NULL);
  snprintf (expected_file, sizeof expected_file, "%s/apart.expected", dir);
  status = run_child (dump_apart_while_counting_single, NULL, NULL, NULL);
  if (check (exited_with (status, 0), "dumps apart run exits normally",
	     "expected exit 0, saw status %d", status))
    {
      ppf_file f;
      uint64_t expected = strtoull (file_text (expected_file), NULL, 10);

      snprintf (profile, sizeof profile, "%s/apart.pathprof", dir);
      if (read_profile ("dumps apart, then the exit", profile, &f))
	{
	  check (expected > 777 && profile_count (&f, 0, 3) == expected
		 && profile_count (&f, 0, 5) == expected
		 && profile_total (&f, 1) == expected,
		 "the exit's write after writes apart adds exactly what "
		 "was counted since",
		 "expected %" PRIu64 " of each, saw %" PRIu64 ", %" PRIu64
		 ", %" PRIu64, expected, profile_count (&f, 0, 3),
		 profile_count (&f, 0, 5), profile_total (&f, 1));
	  ppf_file_free (&f);
	}
    }
  status = run_child (reset_while_counting_single, NULL, NULL, NULL);
  check (exited_with (status, 0), "reset while counting run exits normally",
	 "expected exit 0, saw status %d", status);
  snprintf (err, sizeof err, "%s/range.err", dir);
  run_child (out_of_range, NULL, err, NULL);
  check_contains ("out-of-range paths are reported", file_text (err),
		  "pathprof: 2 path counts ignored: path number out of range");
  status = run_child (mapped_counters, NULL, NULL, NULL);
  check (exited_with (status, 0), "mapped counters run exits normally",
	 "expected exit 0, saw status %d", status);
  status = run_child (cache_contract, NULL, NULL, NULL);
  check (exited_with (status, 0), "cache contract run exits normally",
	 "expected exit 0, saw status %d", status);
  status = run_child (prefix_merge, NULL, NULL, NULL);
  check (exited_with (status, 0), "dense prefix run exits normally",
	 "expected exit 0, saw status %d", status);
  status = run_child (thread_tables, NULL, NULL, NULL);
  check (exited_with (status, 0), "per-thread hashed run exits normally",
	 "expected exit 0, saw status %d", status);
  run_child (speed, NULL, NULL, NULL);
  remove_tree (dir);
  return unit_test_report ();
}
