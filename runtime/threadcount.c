/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Per-thread counters: update=per-thread (doc/runtime.md, "Threads").

   A dense function of a unit compiled with update=per-thread counts, in
   each thread, into that thread's private copy of its counters (and of
   its times, with a metric): a plain increment, no lock prefix.  The
   instrumented function keeps a pointer to the copy in a thread-local
   variable of its object; when the pointer is null (the thread's first
   call) it calls __pathprof_thread_counters, which finds or makes the
   copy and sets the pointer.

   A copy holds COUNTS (what its thread has counted since the copy was
   made, only ever written by that thread) and TAKEN (how much of each
   the shared counters, fn->counters and fn->times, already hold).
   Folding a copy adds COUNTS - TAKEN to the shared counters with an
   atomic add and sets TAKEN = COUNTS.  Its thread keeps counting while
   another folds: the fold reads each count once, so an increment that
   lands after the read is in COUNTS - TAKEN for the next fold; nothing
   is counted twice, nothing is lost, and the copy is never written by
   anyone but its thread.  The sum of the folds telescopes to the copy's
   last value, so even a stale read is made good by the next fold.

   Folds happen, under pp_rt_mutex:
     - before every write of a unit (pp_rt_write_all, unregister): the
       written counts include every thread's so far;
     - at thread exit (the key's destructor): the copies are folded and
       put back, free, on their function's list, for the next thread that
       calls the function; so memory is bounded by the most threads that
       ever ran a function at once, however many threads come and go.
   pathprof_reset and the fork child set TAKEN = COUNTS (pp_rt_unit_reset):
   what was counted so far is forgotten without writing to the copy.  In
   the fork child, the copies of the other threads (which do not exist
   there) are freed for reuse.  When a unit is unloaded (dlclose) its
   functions' copies are freed, or, if their thread still lives, orphaned
   (fn = NULL) for that thread's exit to free.

   The list of a function's copies hangs from fn->runtime, which only
   hashed functions use otherwise; a thread's copies hang from its
   record, the value of a pthread key.  Every list change is made under
   pp_rt_mutex: only the first call of a function in a thread, thread
   exit, writes, fork and unloads take it, never a count.

   Memory comes from mmap, not malloc, for hashcount.c's reasons: the
   program's allocator may itself be instrumented (its first call in a
   thread would come back here, or take its own lock while another
   thread holds ours and waits for it).  Small blocks are cut from
   256 KiB chunks and kept on a free list when released; big ones are
   mapped and unmapped on their own.  The key is made at the first
   registration, early, so that it is one of the keys glibc keeps
   without allocating.  Signals are blocked while the first call and a
   thread's exit hold the mutex, so a signal handler that runs an
   instrumented function for the first time in that thread waits for
   nothing its own thread holds.  */

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>

#include "runtime-internal.h"

struct pp_thread;

/* One thread's copy of one function's counters.  */
struct pp_thread_copy
{
  struct __pathprof_function *fn;	/* NULL once its unit is unloaded */
  struct pp_thread_copy *next_of_function;
  struct pp_thread_copy *next_of_thread;
  struct pp_thread *owner;		/* NULL while free for reuse */
  uint64_t **slot;			/* the owner's pointer to COUNTS */
  uint64_t size;			/* num_paths, twice with times */
  uint64_t *taken;			/* SIZE entries */
  /* A hashed function's copy: the thread's own tables
     (pp_rt_hash_private_new), and COUNTS is its slot cache; NULL in a
     dense function's.  */
  void *tables;
  uint64_t counts[];			/* SIZE: counts, then times */
};

/* A thread's record: the copies it owns.  */
struct pp_thread
{
  struct pp_thread_copy *copies;
};

/* A block of the allocator: its size, header included, and the next
   free block while it is free.  */
struct block
{
  size_t bytes;
  struct block *next_free;
};

#define CHUNK_BYTES ((size_t) 256 * 1024)
#define BIG_BYTES (CHUNK_BYTES / 4)

static struct block *free_blocks;	/* small blocks released */
static char *chunk_next, *chunk_end;	/* the rest of the current chunk */

static pthread_key_t thread_key;
static int thread_key_made;	/* 1 made, -1 could not be or deleted */
static int threads_stopped;	/* the key deleted at exit */
static int no_memory_reported;

/* BYTES of zeroed memory, or NULL.  Called with pp_rt_mutex held.  */

static void *
block_alloc (size_t bytes)
{
  struct block **link, *b;
  size_t need;

  if (bytes > SIZE_MAX - sizeof (struct block) - 15)
    return NULL;
  need = (bytes + sizeof (struct block) + 15) & ~(size_t) 15;
  if (need >= BIG_BYTES)
    {
      void *p = mmap (NULL, need, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED)
	return NULL;
      b = p;
      b->bytes = need;
      return b + 1;
    }
  /* First fit among the released blocks, wasting at most half.  */
  for (link = &free_blocks; (b = *link); link = &b->next_free)
    if (b->bytes >= need && b->bytes / 2 <= need)
      {
	*link = b->next_free;
	b->next_free = NULL;
	memset (b + 1, 0, b->bytes - sizeof *b);
	return b + 1;
      }
  if ((size_t) (chunk_end - chunk_next) < need)
    {
      void *p = mmap (NULL, CHUNK_BYTES, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED)
	return NULL;
      chunk_next = p;
      chunk_end = chunk_next + CHUNK_BYTES;
    }
  b = (struct block *) chunk_next;
  chunk_next += need;
  b->bytes = need;
  return b + 1;
}

/* Release P, from block_alloc.  Called with pp_rt_mutex held.  */

static void
block_free (void *p)
{
  struct block *b;

  if (!p)
    return;
  b = (struct block *) p - 1;
  if (b->bytes >= BIG_BYTES)
    munmap (b, b->bytes);
  else
    {
      b->next_free = free_blocks;
      free_blocks = b;
    }
}

/* Add what COPY has counted since the last fold to the shared counters
   of its function.  */

static void
fold_copy (struct pp_thread_copy *copy)
{
  struct __pathprof_function *fn = copy->fn;
  uint64_t i;

  if (copy->tables)
    {
      pp_rt_hash_private_fold (fn, copy->tables);
      return;
    }
  for (i = 0; i < copy->size; i++)
    {
      uint64_t now = __atomic_load_n (&copy->counts[i], __ATOMIC_RELAXED);
      uint64_t delta = now - copy->taken[i];

      if (!delta)
	continue;
      if (i < fn->num_paths)
	__atomic_fetch_add (&fn->counters[i], delta, __ATOMIC_RELAXED);
      else
	__atomic_fetch_add (&fn->times[i - fn->num_paths], delta,
			    __ATOMIC_RELAXED);
      copy->taken[i] = now;
    }
}

/* Forget what COPY has counted so far: TAKEN = COUNTS.  */

static void
forget_copy (struct pp_thread_copy *copy)
{
  uint64_t i;

  if (copy->tables)
    {
      pp_rt_hash_private_forget (copy->tables);
      return;
    }
  for (i = 0; i < copy->size; i++)
    copy->taken[i] = __atomic_load_n (&copy->counts[i], __ATOMIC_RELAXED);
}

/* Free COPY and a hashed function's tables with it.  */

static void
release_copy (struct pp_thread_copy *copy)
{
  pp_rt_hash_private_free (copy->tables);
  block_free (copy);
}

/* Whether FN's threads count in copies: a dense function, or a hashed
   one (its copies: a slot cache and tables of the thread's own).  */

static int
has_copies (const struct __pathprof_function *fn)
{
  return pp_rt_function_dense (fn)
	 || (pp_rt_function_hashed (fn) && fn->cache);
}

/* The head of FN's list of copies: fn->runtime for a dense function, in
   its hash state for a hashed one, that state made first with MAKE;
   NULL without one (or without memory).  */

static void **
copies_head (struct __pathprof_function *fn, int make)
{
  if (pp_rt_function_dense (fn))
    return &fn->runtime;
  return pp_rt_hash_thread_copies (fn, make);
}

/* FN's first copy, or NULL.  */

static struct pp_thread_copy *
first_copy (struct __pathprof_function *fn)
{
  void **head = has_copies (fn) ? copies_head (fn, 0) : NULL;

  return head ? *head : NULL;
}

/* The key's destructor, at the exit of a thread that owns copies: fold
   them, clear the thread's pointers (an instrumented function run by a
   later destructor makes a new record) and free the copies for reuse;
   free the orphans.  */

static void
thread_exit (void *value)
{
  struct pp_thread *thread = value;
  struct pp_thread_copy *copy, *next;
  int saved_errno = errno;
  sigset_t old;

  pp_rt_lock (&old);
  for (copy = thread->copies; copy; copy = next)
    {
      next = copy->next_of_thread;
      copy->next_of_thread = NULL;
      if (!copy->fn)
	{
	  release_copy (copy);
	  continue;
	}
      fold_copy (copy);
      *copy->slot = NULL;
      copy->slot = NULL;
      copy->owner = NULL;
    }
  block_free (thread);
  pp_rt_unlock (&old);
  errno = saved_errno;
}

/* Make the key whose destructor folds a thread's copies at its exit:
   at the first registration (register.c), or at the first count.
   Called with pp_rt_mutex held.  */

void
pp_rt_threads_start (void)
{
  if (!thread_key_made)
    thread_key_made = pthread_key_create (&thread_key, thread_exit) == 0
		      ? 1 : -1;
}

/* At exit, or when the object holding the runtime is unloaded (its exit
   handler runs then, register.c): delete the key, whose destructor is
   our code and must not be called once it is gone.  Copies are still
   folded by the units' own writes; a thread that starts counting after
   this counts in the shared counters.  Called with pp_rt_mutex held.  */

void
pp_rt_threads_stop (void)
{
  if (thread_key_made > 0)
    pthread_key_delete (thread_key);
  thread_key_made = -1;
  threads_stopped = 1;
}

/* This thread's record, made on first use; NULL without memory or
   key.  Called with pp_rt_mutex held.  */

static struct pp_thread *
this_thread (void)
{
  struct pp_thread *thread;

  pp_rt_threads_start ();
  if (thread_key_made < 0)
    return NULL;
  thread = pthread_getspecific (thread_key);
  if (thread)
    return thread;
  thread = block_alloc (sizeof *thread);
  if (thread && pthread_setspecific (thread_key, thread) != 0)
    {
      block_free (thread);
      thread = NULL;
    }
  return thread;
}

/* A free copy of FN's counters, or a new one; NULL without memory.
   Called with pp_rt_mutex held.  */

static struct pp_thread_copy *
free_copy (struct __pathprof_function *fn)
{
  struct pp_thread_copy *copy;
  int hashed = !pp_rt_function_dense (fn);
  uint64_t size = hashed ? PATHPROF_HASH_CACHE_WORDS
		  : fn->times ? 2 * fn->num_paths : fn->num_paths;
  void **head = copies_head (fn, 1);

  if (!head)
    return NULL;
  for (copy = *head; copy; copy = copy->next_of_function)
    if (!copy->owner)
      return copy;
  if (size > (SIZE_MAX / 2 - sizeof *copy) / (2 * sizeof (uint64_t)))
    return NULL;
  copy = block_alloc (sizeof *copy + (hashed ? 1 : 2) * size
				     * sizeof (uint64_t));
  if (!copy)
    return NULL;
  if (hashed && !(copy->tables = pp_rt_hash_private_new ()))
    {
      block_free (copy);
      return NULL;
    }
  copy->fn = fn;
  copy->size = size;
  copy->taken = hashed ? NULL : copy->counts + size;
  copy->next_of_function = *head;
  *head = copy;
  return copy;
}

/* The first call of FN in this thread (*SLOT, the thread's pointer, is
   null): give the thread a copy of FN's counters, set *SLOT to it and
   return it.  Without memory, the shared counters are returned and *SLOT
   stays null: counts may then race and be lost, which is reported once.  */

uint64_t *
__pathprof_thread_counters (struct __pathprof_function *fn, uint64_t **slot)
{
  struct pp_thread *thread;
  struct pp_thread_copy *copy = NULL;
  int saved_errno = errno;
  sigset_t old;

  if (!fn || !has_copies (fn) || !slot)
    return fn ? fn->counters : NULL;
  pp_rt_lock (&old);
  thread = this_thread ();
  if (thread)
    copy = free_copy (fn);
  if (copy)
    {
      copy->owner = thread;
      copy->slot = slot;
      copy->next_of_thread = thread->copies;
      thread->copies = copy;
      *slot = copy->counts;
    }
  else if (!no_memory_reported && !threads_stopped)
    {
      no_memory_reported = 1;
      pp_rt_message ("no memory for per-thread counters: threads count "
		     "into shared counters, and may lose counts");
    }
  pp_rt_unlock (&old);
  errno = saved_errno;
  if (copy)
    return copy->counts;
  return pp_rt_function_dense (fn) ? fn->counters : fn->cache;
}

/* Count AMOUNT (1, or ~0 to take one back) for PATH of FN, a hashed
   function, in the tables of the thread's copy whose slot cache is
   CACHE: what the inline probe of that cache calls on a miss
   (pathprof-abi.h).  CACHE is fn->cache when the thread has no copy (no
   memory): then the function's shared tables, atomically.  */

static void
count_in_thread (struct __pathprof_function *fn, uint64_t path,
		 uint64_t *cache, uint64_t amount)
{
  struct pp_thread_copy *copy;

  if (!cache || cache == fn->cache)
    {
      if (amount == 1)
	__pathprof_count_hashed_atomic (fn, path);
      else
	__pathprof_uncount_hashed_atomic (fn, path);
      return;
    }
  copy = (struct pp_thread_copy *) ((char *) cache
				    - offsetof (struct pp_thread_copy,
						counts));
  pp_rt_hash_private_count (fn, copy->tables, cache, path, amount);
}

/* count[PATH]++ for FN, in the thread's own tables.  */

void
__pathprof_count_hashed_thread (struct __pathprof_function *fn,
				uint64_t path,
				uint64_t *cache)
{
  count_in_thread (fn, path, cache, 1);
}

/* count[PATH]-- for FN, in the thread's own tables (partial-paths).  */

void
__pathprof_uncount_hashed_thread (struct __pathprof_function *fn,
				  uint64_t path,
				  uint64_t *cache)
{
  count_in_thread (fn, path, cache, ~(uint64_t) 0);
}

/* Fold every thread's copies of UNIT's functions into their shared
   counters, before UNIT is written.  Called with pp_rt_mutex held.  */

void
pp_rt_threads_fold_unit (struct __pathprof_unit *unit)
{
  struct pp_thread_copy *copy;
  uint64_t i;

  for (i = 0; i < unit->num_functions; i++)
    {
      struct __pathprof_function *fn = unit->functions[i];

      if (fn)
	for (copy = first_copy (fn); copy; copy = copy->next_of_function)
	  fold_copy (copy);
    }
}

/* Forget what every copy of FN counted so far (pathprof_reset, the fork
   child, through pp_rt_unit_reset).  Called with pp_rt_mutex held, or
   in the child.  */

void
pp_rt_threads_forget (struct __pathprof_function *fn)
{
  struct pp_thread_copy *copy;

  for (copy = first_copy (fn); copy; copy = copy->next_of_function)
    forget_copy (copy);
}

/* In a child just forked, which has one thread: the copies of UNIT's
   functions owned by the other threads of the parent are free for reuse
   (those threads' records are lost with them: a few bytes each).  */

void
pp_rt_threads_after_fork (struct __pathprof_unit *unit)
{
  struct pp_thread *self = NULL;
  struct pp_thread_copy *copy;
  uint64_t i;

  if (thread_key_made > 0)
    self = pthread_getspecific (thread_key);
  for (i = 0; i < unit->num_functions; i++)
    {
      struct __pathprof_function *fn = unit->functions[i];

      if (fn)
	for (copy = first_copy (fn); copy; copy = copy->next_of_function)
	  if (copy->owner && copy->owner != self)
	    {
	      copy->owner = NULL;
	      copy->slot = NULL;
	      copy->next_of_thread = NULL;
	    }
    }
}

/* UNIT is being unloaded, its counts written: free its functions'
   copies, or orphan those whose thread is alive (it frees them when it
   exits).  Called with pp_rt_mutex held, never at exit.  */

void
pp_rt_threads_release_unit (struct __pathprof_unit *unit)
{
  struct pp_thread_copy *copy, *next;
  uint64_t i;

  for (i = 0; i < unit->num_functions; i++)
    {
      struct __pathprof_function *fn = unit->functions[i];

      void **head;

      if (!fn || !has_copies (fn) || !(head = copies_head (fn, 0)))
	continue;
      for (copy = *head; copy; copy = next)
	{
	  next = copy->next_of_function;
	  copy->next_of_function = NULL;
	  if (copy->owner)
	    copy->fn = NULL;
	  else
	    release_copy (copy);
	}
      *head = NULL;
    }
}

/* The first call of a function in a thread, on x86-64, without costing
   the function anything when it is not taken (doc/plugin.md,
   "Per-thread counters").  Here, beside __pathprof_thread_counters, so
   that the object that defines one defines the other: instrumented code
   refers to both weakly, and a weak reference pulls no member out of
   libpathprof.a.

   A call clobbers the caller-saved registers, so a function whose entry
   check may call __pathprof_thread_counters must keep its arguments in
   callee-saved registers, saved and restored at every call: a leaf
   function becomes a non-leaf one, four pushes and pops more per call
   (doc/performance.md, "Threads").  On x86-64 the plugin calls this stub
   instead, from an asm that declares only %rax, %r10, %r11 (which a
   lazily bound PLT entry may use) and the flags clobbered:

     leaq -128(%rsp), %rsp               (past the caller's red zone)
     call __pathprof_thread_counters_x86_64
     leaq 128(%rsp), %rsp

   with the function's record in %rax and the thread's pointer in %rdx,
   the counters' copy returned in %rax.  The stub saves every other
   general register and the whole vector and x87 state (xsave with
   every enabled component, as glibc's _dl_runtime_resolve_xsave does;
   fxsave on a processor without xsave) around the C call, so the
   function may keep anything in any register across it.  The state's
   size comes from cpuid once.  Nothing here runs on any other target,
   where the plugin calls __pathprof_thread_counters directly.  */

#if defined __x86_64__ && defined __ELF__

/* The xsave area's size in bytes for the enabled state components, or
   -1 without xsave (fxsave's 512 bytes); 0 until the first call.  Read
   and written by the stub (a race writes the same value).  */
__attribute__ ((used)) static int xsave_size;

__asm__ (
  "	.text\n"
  "	.globl	__pathprof_thread_counters_x86_64\n"
  "	.type	__pathprof_thread_counters_x86_64, @function\n"
  "	.p2align 4\n"
  "__pathprof_thread_counters_x86_64:\n"
  "	.cfi_startproc\n"
  "	pushq	%rbp\n"
  "	.cfi_def_cfa_offset 16\n"
  "	.cfi_offset %rbp, -16\n"
  "	movq	%rsp, %rbp\n"
  "	.cfi_def_cfa_register %rbp\n"
  /* -8 rbx, -16 rcx, -24 rdx (the pointer), -32 rsi, -40 rdi, -48 r8,
     -56 r9, -64 r10, -72 r11, -80 rax (the record, then the result).  */
  "	pushq	%rbx\n"
  "	pushq	%rcx\n"
  "	pushq	%rdx\n"
  "	pushq	%rsi\n"
  "	pushq	%rdi\n"
  "	pushq	%r8\n"
  "	pushq	%r9\n"
  "	pushq	%r10\n"
  "	pushq	%r11\n"
  "	pushq	%rax\n"
  "	movl	xsave_size(%rip), %eax\n"
  "	testl	%eax, %eax\n"
  "	jnz	2f\n"
  "	movl	$1, %eax\n"
  "	cpuid\n"
  "	movl	$-1, %eax\n"
  "	btl	$27, %ecx\n"		/* OSXSAVE */
  "	jnc	1f\n"
  "	movl	$0xd, %eax\n"
  "	xorl	%ecx, %ecx\n"
  "	cpuid\n"
  "	movl	%ebx, %eax\n"
  "1:	movl	%eax, xsave_size(%rip)\n"
  "2:	cmpl	$-1, %eax\n"
  "	je	3f\n"
  "	subq	%rax, %rsp\n"
  "	andq	$-64, %rsp\n"
  /* The xsave header must start zeroed.  */
  "	xorl	%ecx, %ecx\n"
  "	movq	%rcx, 512(%rsp)\n"
  "	movq	%rcx, 520(%rsp)\n"
  "	movq	%rcx, 528(%rsp)\n"
  "	movq	%rcx, 536(%rsp)\n"
  "	movq	%rcx, 544(%rsp)\n"
  "	movq	%rcx, 552(%rsp)\n"
  "	movq	%rcx, 560(%rsp)\n"
  "	movq	%rcx, 568(%rsp)\n"
  "	movl	$-1, %eax\n"
  "	movl	$-1, %edx\n"
  "	xsave	(%rsp)\n"
  "	movq	-80(%rbp), %rdi\n"
  "	movq	-24(%rbp), %rsi\n"
  "	call	__pathprof_thread_counters@PLT\n"
  "	movq	%rax, -80(%rbp)\n"
  "	movl	$-1, %eax\n"
  "	movl	$-1, %edx\n"
  "	xrstor	(%rsp)\n"
  "	jmp	4f\n"
  "3:	subq	$512, %rsp\n"
  "	andq	$-64, %rsp\n"
  "	fxsave	(%rsp)\n"
  "	movq	-80(%rbp), %rdi\n"
  "	movq	-24(%rbp), %rsi\n"
  "	call	__pathprof_thread_counters@PLT\n"
  "	movq	%rax, -80(%rbp)\n"
  "	fxrstor	(%rsp)\n"
  "4:	leaq	-80(%rbp), %rsp\n"
  "	popq	%rax\n"
  "	popq	%r11\n"
  "	popq	%r10\n"
  "	popq	%r9\n"
  "	popq	%r8\n"
  "	popq	%rdi\n"
  "	popq	%rsi\n"
  "	popq	%rdx\n"
  "	popq	%rcx\n"
  "	popq	%rbx\n"
  "	popq	%rbp\n"
  "	.cfi_def_cfa %rsp, 8\n"
  "	ret\n"
  "	.cfi_endproc\n"
  "	.size	__pathprof_thread_counters_x86_64, "
  ".-__pathprof_thread_counters_x86_64\n");

#endif
