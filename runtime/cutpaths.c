/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Cut paths: the paths in progress in the functions a thread is inside
   when exit, or a longjmp, leaves them (pathprof-abi.h, ABI 9;
   doc/runtime.md "Cut paths").

   Frames.  Each instrumented function with calls that may not return
   links a frame {prev, fn, pending} on its stack into the thread's list
   __pathprof_frames at entry and unlinks it at return; before each such
   call it stores in PENDING the number of the path that ends at the
   call, and after it PATHPROF_NO_PENDING.  So at any moment a frame's
   PENDING is the path its function would have run if the call in
   progress did not return, or nothing when its function is not inside
   such a call (between calls, or interrupted by a signal in its own
   code).  The list is in stack order: each frame lies above (at a higher
   address than) the frames linked after it.

   Who counts.  The exit handler (register.c) walks its thread's list
   before the last write and counts every frame's pending path
   (pp_rt_cut_walk_exit).  __pathprof_longjmp and friends, put in place
   of longjmp by the plugin, count those of the frames that the jump
   leaves, when they know where it lands: __pathprof_note_setjmp, called
   before each setjmp of an instrumented function, noted the setjmp's
   buffer and its frame.  The jump's target function counts its own
   pending path where the jump lands (__pathprof_count_cut).  A frame
   left by a longjmp of uninstrumented code, or by an exception through
   code built without -fexceptions, stays in the list, dead; the frames
   of a later call then link to it.  It is never counted as it stands:
   a frame is read only if it lies on the thread's stack above the reader
   and above the frame linked after it, and its record is one the
   runtime registered, its pending path a cut path's number of it; a
   dead frame whose memory a later call reused fails one of these and
   ends the walk.  When the function that made a dead frame's caller
   returns, the list is whole again.

   The counts.  Cut paths are numbered from their function's num_paths
   on (PPF_FN_APART), outside its counters: they go to one table of
   {fn, path, count, taken} here, open addressing, claimed with
   compare-and-swap and counted with atomic adds, so that counting takes
   no lock (a longjmp may leave a signal handler) and allocates nothing
   after the table's one mapping.  Two threads claiming the same path at
   once may give it two entries; a write adds them.  A write takes each
   entry's count less its taken count (snapshot.c appends them to the
   function's snapshot; they come after every counter, all of which are
   below num_paths) and adds what it took to TAKEN once the file is
   safe, under pp_rt_mutex.  A full table loses counts, and the next
   write says how many.  */

#define _GNU_SOURCE		/* pthread_getattr_np */
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime-internal.h"

__thread struct __pathprof_frame *__pathprof_frames;

#define CUT_CAPACITY 8192u	/* a power of 2 */
#define CUT_MAX_DEPTH 1000000u	/* frames walked at most */

enum
{
  CUT_FREE = 0,
  CUT_CLAIMED = 1,		/* being filled in */
  CUT_READY = 2
};

struct cut_entry
{
  uint64_t state;
  struct __pathprof_function *fn;
  uint64_t path;
  uint64_t count;
  uint64_t taken;		/* of COUNT, what writes took */
};

struct cut_table
{
  struct cut_entry entries[CUT_CAPACITY];
  uint64_t num_used;		/* entries claimed, in USED */
  uint32_t used[CUT_CAPACITY];	/* their indices + 1, or 0 until stored */
};

static struct cut_table *table;
static uint64_t lost_full;	/* no room in the table, or no table */
static uint64_t lost_bad;	/* a receiver's path that is no cut path */

/* The table, mapped at the first cut path; NULL without memory.  */

static struct cut_table *
get_table (void)
{
  struct cut_table *t = __atomic_load_n (&table, __ATOMIC_ACQUIRE);
  struct cut_table *expected = NULL;
  void *map;

  if (t)
    return t;
  map = mmap (NULL, sizeof *t, PROT_READ | PROT_WRITE,
	      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED)
    return NULL;
  if (!__atomic_compare_exchange_n (&table, &expected, map, 0,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    {
      munmap (map, sizeof *t);
      return expected;
    }
  return map;
}

static uint64_t
mix (uint64_t key)
{
  key ^= key >> 33;
  key *= UINT64_C (0xff51afd7ed558ccd);
  key ^= key >> 33;
  key *= UINT64_C (0xc4ceb9fe1a85ec53);
  key ^= key >> 33;
  return key;
}

/* Count path PATH of FN once.  */

static void
count_cut (struct __pathprof_function *fn, uint64_t path)
{
  int saved_errno = errno;
  struct cut_table *t = get_table ();
  uint64_t h, i;

  if (!t)
    goto lost;
  h = mix ((uint64_t) (uintptr_t) fn ^ mix (path));
  for (i = 0; i < CUT_CAPACITY; i++)
    {
      struct cut_entry *e = &t->entries[(h + i) & (CUT_CAPACITY - 1)];
      uint64_t state = __atomic_load_n (&e->state, __ATOMIC_ACQUIRE);

      if (state == CUT_FREE)
	{
	  uint64_t expected = CUT_FREE;
	  if (__atomic_compare_exchange_n (&e->state, &expected, CUT_CLAIMED,
					   0, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE))
	    {
	      uint64_t k;

	      e->fn = fn;
	      e->path = path;
	      e->count = 1;
	      e->taken = 0;
	      __atomic_store_n (&e->state, CUT_READY, __ATOMIC_RELEASE);
	      /* Listed as index + 1: a reader that finds 0 skips an entry
		 whose index is not stored yet.  */
	      k = __atomic_fetch_add (&t->num_used, 1, __ATOMIC_ACQ_REL);
	      __atomic_store_n (&t->used[k],
				(uint32_t) ((h + i) & (CUT_CAPACITY - 1)) + 1,
				__ATOMIC_RELEASE);
	      goto out;
	    }
	  state = expected;
	}
      if (state == CUT_READY && e->fn == fn && e->path == path)
	{
	  __atomic_fetch_add (&e->count, 1, __ATOMIC_RELAXED);
	  goto out;
	}
    }
 lost:
  __atomic_fetch_add (&lost_full, 1, __ATOMIC_RELAXED);
 out:
  errno = saved_errno;
}

/* The records of the registered units' functions, for a walk to check
   a frame's FN in constant time without reading it: a set of pointers
   in open addressing, filled at registration under pp_rt_mutex, read
   without a lock (a longjmp may run in a signal handler).  A pointer
   unregistered becomes a tombstone.  A full set is followed by one
   twice its size, published whole; the old one is never unmapped (a
   walk may be reading it): a program that loads units one by one
   leaves at most as much behind as the set it ends with.  */

#define RECORD_GONE ((uintptr_t) 1)

struct record_set
{
  uint64_t mask;		/* capacity - 1 */
  uint64_t used;		/* slots not empty (tombstones too) */
  uintptr_t slots[];
};

static struct record_set *records;

static struct record_set *
new_set (uint64_t capacity)
{
  size_t size = sizeof (struct record_set) + capacity * sizeof (uintptr_t);
  void *map = mmap (NULL, size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  struct record_set *set = map;

  if (map == MAP_FAILED)
    return NULL;
  set->mask = capacity - 1;
  return set;
}

static void
set_insert (struct record_set *set, uintptr_t p)
{
  uint64_t i = mix (p) & set->mask;

  while (set->slots[i] && set->slots[i] != p
	 && set->slots[i] != RECORD_GONE)
    i = (i + 1) & set->mask;
  if (set->slots[i] != p)
    {
      if (!set->slots[i])
	set->used++;
      __atomic_store_n (&set->slots[i], p, __ATOMIC_RELEASE);
    }
}

/* Add UNIT's records (register.c, under pp_rt_mutex).  Without memory
   the walks stop at its frames: cut paths lost, nothing else.  */

void
pp_rt_cut_register (const struct __pathprof_unit *unit)
{
  struct record_set *set = __atomic_load_n (&records, __ATOMIC_ACQUIRE);
  uint64_t i, need = 0;

  if (set)
    need = set->used;
  need += unit->num_functions;
  if (!set || need * 2 > set->mask + 1)
    {
      uint64_t capacity = 1024;
      struct record_set *bigger;

      while (capacity < need * 2)
	capacity *= 2;
      if (!(bigger = new_set (capacity)))
	return;
      if (set)
	for (i = 0; i <= set->mask; i++)
	  if (set->slots[i] > RECORD_GONE)
	    set_insert (bigger, set->slots[i]);
      set = bigger;
    }
  for (i = 0; i < unit->num_functions; i++)
    if (unit->functions[i])
      set_insert (set, (uintptr_t) unit->functions[i]);
  __atomic_store_n (&records, set, __ATOMIC_RELEASE);
}

/* Remove UNIT's records (register.c, under pp_rt_mutex).  */

void
pp_rt_cut_unregister (const struct __pathprof_unit *unit)
{
  struct record_set *set = __atomic_load_n (&records, __ATOMIC_ACQUIRE);
  uint64_t i, k;

  if (!set)
    return;
  for (i = 0; i < unit->num_functions; i++)
    {
      uintptr_t p = (uintptr_t) unit->functions[i];
      if (!p)
	continue;
      for (k = mix (p) & set->mask; set->slots[k];
	   k = (k + 1) & set->mask)
	if (set->slots[k] == p)
	  {
	    __atomic_store_n (&set->slots[k], RECORD_GONE, __ATOMIC_RELEASE);
	    break;
	  }
    }
}

/* Whether FN is a function of a registered unit.  */

static int
registered (const struct __pathprof_function *fn)
{
  const struct record_set *set = __atomic_load_n (&records,
						  __ATOMIC_ACQUIRE);
  uintptr_t p = (uintptr_t) fn, q;
  uint64_t k, n;

  if (!set || p <= RECORD_GONE)
    return 0;
  for (k = mix (p) & set->mask, n = 0; n <= set->mask;
       k = (k + 1) & set->mask, n++)
    {
      q = __atomic_load_n (&set->slots[k], __ATOMIC_ACQUIRE);
      if (q == p)
	return 1;
      if (!q)
	return 0;
    }
  return 0;
}

/* Whether PATH is the number of a cut path of FN: at or above its
   num_paths, below the path limit of its meta.  */

static int
cut_path_p (const struct __pathprof_function *fn, uint64_t path)
{
  uint64_t limit;

  return path != PATHPROF_NO_PENDING && path >= fn->num_paths
	 && ppf_meta_path_limit (fn->meta, fn->meta_size, &limit) == PPF_OK
	 && path < limit;
}

/* Whether frame F may be read and counted: it lies on this thread's
   stack between LOW and HIGH, its record is one the runtime registered,
   and its pending path is nothing or a cut path of it.  Frames are not
   in address order: the frames of functions inlined into one another
   share one stack frame.  */

static int
readable (const struct __pathprof_frame *f, uintptr_t low, uintptr_t high)
{
  uintptr_t a = (uintptr_t) f;
  uint64_t pending;

  if (a < low || a > high - sizeof *f || a % sizeof (void *) != 0)
    return 0;
  pending = __atomic_load_n (&f->pending, __ATOMIC_RELAXED);
  return registered (f->fn)
	 && (pending == PATHPROF_NO_PENDING || cut_path_p (f->fn, pending));
}

/* The frame after F in the walk from HEAD to STOP (not included): its
   PREV if readable, else NULL.  */

static struct __pathprof_frame *
next_frame (const struct __pathprof_frame *f,
	    const struct __pathprof_frame *stop, uintptr_t low,
	    uintptr_t high)
{
  struct __pathprof_frame *p = f->prev;

  return p && p != stop && readable (p, low, high) ? p : NULL;
}

/* Count the pending paths of the frames of the list from HEAD, up to
   the first one that is not readable, STOP excluded (NULL: to the end).
   A dead frame that a later frame reused can make the list loop: each
   frame is counted once, the number of distinct frames found first
   with Brent's cycle detection (no memory: this may run on a signal
   stack).  Returns 1 when the walk reached STOP (or the end, for STOP
   NULL) through readable frames only.  */

static int
walk (struct __pathprof_frame *head, struct __pathprof_frame *stop,
      uintptr_t low, uintptr_t high)
{
  struct __pathprof_frame *tortoise, *hare, *f;
  uint64_t power = 1, lam = 1, mu = 0, n, k;

  if (!head || head == stop)
    return head == stop;
  if (!readable (head, low, high))
    return 0;
  /* Brent: LAM, the length of a cycle, if any.  */
  tortoise = head;
  hare = next_frame (head, stop, low, high);
  while (hare && hare != tortoise && lam < CUT_MAX_DEPTH)
    {
      if (power == lam)
	{
	  tortoise = hare;
	  power *= 2;
	  lam = 0;
	}
      hare = next_frame (hare, stop, low, high);
      lam++;
    }
  if (hare && hare == tortoise)
    {
      /* MU, where the cycle starts: the frames before it and the
	 cycle's are each counted once.  */
      tortoise = hare = head;
      for (k = 0; k < lam; k++)
	hare = next_frame (hare, stop, low, high);
      while (tortoise != hare)
	{
	  tortoise = next_frame (tortoise, stop, low, high);
	  hare = next_frame (hare, stop, low, high);
	  mu++;
	}
      n = mu + lam;
    }
  else
    n = CUT_MAX_DEPTH;
  for (f = head, k = 0; f && k < n; f = next_frame (f, stop, low, high), k++)
    {
      uint64_t pending = __atomic_load_n (&f->pending, __ATOMIC_RELAXED);
      if (pending != PATHPROF_NO_PENDING)
	count_cut (f->fn, pending);
      if (f->prev == stop && stop)
	return 1;
    }
  return !stop && k < n;
}

/* The bounds of this thread's stack (0 and 0 when unknown), found once
   per thread.  The frames a walk reads lie between them and above the
   walk's own frame: memory the thread's calls have used, so mapped.  */

static __thread uintptr_t stack_low, stack_high;
static __thread int stack_known;

static void
stack_bounds (uintptr_t *low, uintptr_t *high)
{
  pthread_attr_t attr;
  void *addr;
  size_t size;

  if (!stack_known)
    {
      stack_known = 1;
      if (pthread_getattr_np (pthread_self (), &attr) == 0)
	{
	  if (pthread_attr_getstack (&attr, &addr, &size) == 0)
	    {
	      stack_low = (uintptr_t) addr;
	      stack_high = (uintptr_t) addr + size;
	    }
	  pthread_attr_destroy (&attr);
	}
    }
  *low = stack_low;
  *high = stack_high;
}

/* The bounds of the frames a walk from here may read.  */

static void
walk_bounds (uintptr_t here, uintptr_t *low, uintptr_t *high)
{
  stack_bounds (low, high);
  if (here >= *low && here < *high)
    *low = here;
}

static int walk_to (struct __pathprof_frame *head,
		    struct __pathprof_frame *target, uintptr_t low,
		    uintptr_t high);

/* At exit: count the pending path of every frame of this thread's list,
   and empty it (the exit handler may be followed by destructors that
   write again).  */

void
pp_rt_cut_walk_exit (void)
{
  uintptr_t low, high;
  int saved_errno = errno;
  struct __pathprof_frame *head = __pathprof_frames;

  if (!head)
    return;
  walk_bounds ((uintptr_t) &low, &low, &high);
  if (high)
    walk_to (head, NULL, low, high);
  __pathprof_frames = NULL;
  errno = saved_errno;
}

void
__pathprof_count_cut (struct __pathprof_function *fn, uint64_t path)
{
  if (cut_path_p (fn, path))
    count_cut (fn, path);
  else
    __atomic_fetch_add (&lost_bad, 1, __ATOMIC_RELAXED);
}

/* ------------------------------------------------------------------ */
/* setjmp and longjmp.                                                 */

/* The setjmp buffers this thread's instrumented functions set last,
   with their frames: the most recent first.  */
#define NOTED 16
static __thread struct
{
  void *env;
  struct __pathprof_frame *frame;
} noted[NOTED];

void
__pathprof_note_setjmp (void *env, struct __pathprof_frame *frame)
{
  unsigned i;

  for (i = 0; i < NOTED - 1 && noted[i].env != env; i++)
    ;
  for (; i > 0; i--)
    noted[i] = noted[i - 1];
  noted[0].env = env;
  noted[0].frame = frame;
}

/* Before a longjmp to ENV: if an instrumented function noted ENV and
   its frame is in this thread's list, count the pending paths of the
   frames above it, which the jump leaves, and unlink them.  */

/* Whether the walk from HEAD reaches TARGET through readable frames,
   within CUT_MAX_DEPTH steps (a cycle that does not hold TARGET ends
   there).  */

static int
reaches (struct __pathprof_frame *head, struct __pathprof_frame *target,
	 uintptr_t low, uintptr_t high)
{
  struct __pathprof_frame *f = head;
  uint32_t k;

  if (!readable (head, low, high))
    return 0;
  for (k = 0; f && k < CUT_MAX_DEPTH; k++)
    {
      if (f->prev == target)
	return 1;
      f = next_frame (f, target, low, high);
    }
  return 0;
}

/* The walk of a longjmp, from HEAD to TARGET, and of exit (TARGET
   NULL): up to WALK_BUFFER frames read and checked once each; a
   longjmp's are counted only if TARGET is reached, exit's up to the end
   of the list, the first frame that is not readable or the first one
   seen again (a loop), each once.  (reaches, then walk, checked each
   frame four or five times, a tenth of the runtime's share of lua's
   coroutine switches.)  More frames than that: those two.  Returns 1
   when TARGET (or the end) was reached.  */

#define WALK_BUFFER 64

static int
walk_to (struct __pathprof_frame *head, struct __pathprof_frame *target,
	 uintptr_t low, uintptr_t high)
{
  struct __pathprof_frame *seen[WALK_BUFFER], *f;
  unsigned n = 0, i;

  for (f = head; f && f != target; f = f->prev)
    {
      if (n == WALK_BUFFER)
	return target ? reaches (head, target, low, high)
			&& walk (head, target, low, high)
		      : walk (head, NULL, low, high);
      if (!readable (f, low, high))
	break;
      for (i = 0; i < n && seen[i] != f; i++)
	;
      if (i < n)
	break;			/* a loop */
      seen[n++] = f;
    }
  if (target && f != target)
    return 0;
  for (i = 0; i < n; i++)
    {
      uint64_t pending = __atomic_load_n (&seen[i]->pending,
					  __ATOMIC_RELAXED);
      if (pending != PATHPROF_NO_PENDING)
	count_cut (seen[i]->fn, pending);
    }
  return f == target;
}

static void
before_jump (void *env)
{
  struct __pathprof_frame *target = NULL, *head = __pathprof_frames;
  int saved_errno = errno;
  unsigned i;

  for (i = 0; i < NOTED && !target; i++)
    if (noted[i].env == env)
      target = noted[i].frame;
  if (target && head && head != target)
    {
      uintptr_t low, high;
      walk_bounds ((uintptr_t) &target, &low, &high);
      /* The target must be on the list: the walk counts only if it
	 reaches it.  */
      if (high && walk_to (head, target, low, high))
	__pathprof_frames = target;
    }
  errno = saved_errno;
}

void
__pathprof_longjmp (void *env, int val)
{
  before_jump (env);
  longjmp (*(jmp_buf *) env, val);
}

void
__pathprof_siglongjmp (void *env, int val)
{
  before_jump (env);
  siglongjmp (*(sigjmp_buf *) env, val);
}

void
__pathprof__longjmp (void *env, int val)
{
  before_jump (env);
  _longjmp (*(jmp_buf *) env, val);
}

extern void __longjmp_chk (jmp_buf env, int val)
  __attribute__ ((__noreturn__));

void
__pathprof___longjmp_chk (void *env, int val)
{
  before_jump (env);
  __longjmp_chk (*(jmp_buf *) env, val);
}

/* ------------------------------------------------------------------ */
/* Writes.                                                             */

/* Counts lost since the last call: the table was full or could not be
   mapped (*FULL), or a receiver gave a number that is no cut path of its
   function (*BAD, a compiler bug).  */

void
pp_rt_cut_take_losses (uint64_t *full, uint64_t *bad)
{
  *full = __atomic_exchange_n (&lost_full, 0, __ATOMIC_RELAXED);
  *bad = __atomic_exchange_n (&lost_bad, 0, __ATOMIC_RELAXED);
}

/* Entry K of T's list, or NULL while its index is not stored.  */

static struct cut_entry *
listed (struct cut_table *t, uint64_t k)
{
  uint32_t i = __atomic_load_n (&t->used[k], __ATOMIC_ACQUIRE);

  return i ? &t->entries[i - 1] : NULL;
}

/* Order cut_take by path.  */

static int
compare_takes (const void *a, const void *b)
{
  const struct pp_cut_take *x = a, *y = b;

  if (x->path != y->path)
    return x->path < y->path ? -1 : 1;
  return 0;
}

/* Append to SNAP what remains to be written of FN's cut paths, by path,
   and remember where to add it once written.  PPF_OK or PPF_ENOMEM.  */

int
pp_rt_cut_snapshot (struct __pathprof_function *fn, struct pp_snapshot *snap)
{
  struct cut_table *t = __atomic_load_n (&table, __ATOMIC_ACQUIRE);
  uint64_t n, k, m = 0, j;
  struct pp_cut_take *takes;
  ppf_count *counts;

  if (!t)
    return PPF_OK;
  n = __atomic_load_n (&t->num_used, __ATOMIC_ACQUIRE);
  if (n > CUT_CAPACITY)
    n = CUT_CAPACITY;
  takes = malloc ((n + 1) * sizeof *takes);
  if (!takes)
    return PPF_ENOMEM;
  for (k = 0; k < n; k++)
    {
      struct cut_entry *e = listed (t, k);
      uint64_t value;

      if (!e || __atomic_load_n (&e->state, __ATOMIC_ACQUIRE) != CUT_READY
	  || e->fn != fn)
	continue;
      value = __atomic_load_n (&e->count, __ATOMIC_RELAXED) - e->taken;
      if (value == 0)
	continue;
      takes[m].path = e->path;
      takes[m].value = value;
      takes[m].taken = &e->taken;
      m++;
    }
  if (m == 0)
    {
      free (takes);
      return PPF_OK;
    }
  qsort (takes, m, sizeof *takes, compare_takes);
  counts = realloc (snap->counts, (snap->num_counts + m + 1) * sizeof *counts);
  if (!counts)
    {
      free (takes);
      return PPF_ENOMEM;
    }
  snap->counts = counts;
  for (j = 0; j < m; j++)
    {
      ppf_count *c = &counts[snap->num_counts];
      if (j > 0 && takes[j].path == takes[j - 1].path)
	{
	  /* Two entries of one path (claimed at once): one count.  */
	  c[-1].count += takes[j].value;
	  continue;
	}
      c->path = takes[j].path;
      c->count = takes[j].value;
      c->time = 0;
      c->samples = 0;
      snap->num_counts++;
    }
  snap->cuts = takes;
  snap->num_cuts = m;
  return PPF_OK;
}

/* After a successful write of SNAP: what it took is taken.  */

void
pp_rt_cut_subtract (const struct pp_snapshot *snap)
{
  size_t j;

  for (j = 0; j < snap->num_cuts; j++)
    *snap->cuts[j].taken += snap->cuts[j].value;
}

/* Whether FN has a cut path counted but not written.  */

int
pp_rt_cut_has_counts (const struct __pathprof_function *fn)
{
  struct cut_table *t = __atomic_load_n (&table, __ATOMIC_ACQUIRE);
  uint64_t n, k;

  if (!t)
    return 0;
  n = __atomic_load_n (&t->num_used, __ATOMIC_ACQUIRE);
  for (k = 0; k < n && k < CUT_CAPACITY; k++)
    {
      struct cut_entry *e = listed (t, k);
      if (e && __atomic_load_n (&e->state, __ATOMIC_ACQUIRE) == CUT_READY
	  && e->fn == fn
	  && __atomic_load_n (&e->count, __ATOMIC_RELAXED) != e->taken)
	return 1;
    }
  return 0;
}

/* Zero FN's cut paths, or with FORGET take them all as written.  */

void
pp_rt_cut_reset (const struct __pathprof_function *fn, int forget)
{
  struct cut_table *t = __atomic_load_n (&table, __ATOMIC_ACQUIRE);
  uint64_t n, k;

  if (!t)
    return;
  n = __atomic_load_n (&t->num_used, __ATOMIC_ACQUIRE);
  for (k = 0; k < n && k < CUT_CAPACITY; k++)
    {
      struct cut_entry *e = listed (t, k);
      if (!e || __atomic_load_n (&e->state, __ATOMIC_ACQUIRE) != CUT_READY
	  || e->fn != fn)
	continue;
      if (forget)
	e->taken = __atomic_load_n (&e->count, __ATOMIC_RELAXED);
      else
	{
	  __atomic_store_n (&e->count, 0, __ATOMIC_RELAXED);
	  e->taken = 0;
	}
    }
}
