/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The interface between code emitted by the pathprof plugin and the
   libpathprof runtime.  The plugin builds these structures as static data
   in every instrumented object (plugin/descriptor.cc); the runtime reads
   them.  Any change here bumps PATHPROF_ABI_VERSION and is made in both
   places: the plugin builds the records field by field in this order.

   Every field is 64 bits wide (a pointer or a uint64_t) so the layout has
   no padding on any LP64 target.  */

#ifndef PATHPROF_ABI_H
#define PATHPROF_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PATHPROF_ABI_VERSION 10

/* Unit flags.  */
#define PATHPROF_UNIT_ATOMIC 1u  /* compiled with update=atomic */
/* Compiled with metric=cycles or metric=ns: every function has times
   (below), in time-stamp counter ticks (rdtsc) or in nanoseconds of
   CLOCK_MONOTONIC (__pathprof_now_ns).  */
#define PATHPROF_UNIT_TIME_TSC 2u
#define PATHPROF_UNIT_TIME_NS 4u
/* Compiled with sample= (ABI 10, doc/sampling.md): the functions whose
   SAMPLED is 1 count one path start in about SAMPLE_PERIOD (below), and
   the runtime writes their counts as estimates.  */
#define PATHPROF_UNIT_SAMPLED 16u

/* One path's counter in the runtime's hash table: KEY is the path number
   plus one (0 while the slot is free).  A slot never moves and its key
   never changes once set, so a pointer to it stays valid for the life of
   the process (runtime/hashcount.c).  TIME is the path's time, in a unit
   compiled with a metric (0 otherwise).  */
struct __pathprof_hash_slot
{
  uint64_t key;
  uint64_t count;
  uint64_t time;
};

/* The slot cache of a hashed function (ABI 6): PATHPROF_HASH_CACHE_WORDS
   words, in the object's .bss.  Word 0 is always 0; the entry of the
   path whose key is K (the path number plus one) is word
     1 + (((uint32_t) K * PATHPROF_HASH_MULTIPLIER)
	  >> (32 - PATHPROF_HASH_CACHE_BITS))
   (Fibonacci hashing of the key's low 32 bits, in 32-bit arithmetic),
   and holds 0 or the byte offset of a
   slot from the cache itself (the slot's address minus the cache's,
   modulo 2^64).  The runtime fills an entry when it counts a path that
   missed; instrumented code reads the entry of each path it ends, adds
   it to the cache's address, and when the key there is K adds one to
   that slot's count itself, calling __pathprof_count_hashed only on a
   miss.  An empty entry leads to word 0, a key no path has, so the probe
   needs no test for it; an entry holding another path's slot is a miss
   too, never a wrong count.  */
#define PATHPROF_HASH_CACHE_BITS 10
#define PATHPROF_HASH_CACHE_SIZE (1u << PATHPROF_HASH_CACHE_BITS)
#define PATHPROF_HASH_CACHE_WORDS (1u + PATHPROF_HASH_CACHE_SIZE)
#define PATHPROF_HASH_MULTIPLIER UINT32_C (0x9e3779b9)

/* One instrumented function.  Its paths 0..NUM_DENSE-1 are counted in
   the dense array COUNTERS, the others (NUM_DENSE..NUM_PATHS-1) in the
   runtime's hash table: a function is hashed when NUM_DENSE < NUM_PATHS.
   A function of at most max-array paths is dense (NUM_DENSE = NUM_PATHS);
   a hashed one has a dense prefix of NUM_DENSE paths (the plugin's
   dense-prefix=, hot paths numbered first: doc/algorithm.md), or none
   (NUM_DENSE = 0, COUNTERS NULL).  Instrumented code counts a path below
   NUM_DENSE in COUNTERS itself, never through the hash table.

   A hashed function with MAPPED (ABI 7: the plugin's max-mapped=) has
   counters for all its paths that the runtime maps at the function's
   first miss: COUNTERS is NULL and NUM_DENSE 0 at
   load; the runtime maps NUM_PATHS words of anonymous memory (pages
   become memory only where a count is made), stores their address in
   COUNTERS and in *MAPPED, then NUM_PATHS in NUM_DENSE, each once.
   Instrumented code loads *MAPPED (a variable of its own, read with one
   load where the record's address would take a register) at each path
   end and counts there when it is not null, through the slot cache
   otherwise: paths counted before the mapping
   (or all of them, where it could not be made) stay in the hash table,
   and a write adds the two.  */
struct __pathprof_function
{
  /* NUM_DENSE counters indexed by path number, in .bss; NULL when
     NUM_DENSE is 0.  */
  uint64_t *counters;
  uint64_t num_paths;
  /* The function's static description, encoded as in format/ppformat.h
     (ppf_meta), copied verbatim into the .pathprof file.  */
  const unsigned char *meta;
  uint64_t meta_size;
  /* Private to the runtime (its hash table); zero at load.  */
  void *runtime;
  /* The slot cache (above) of a hashed function, zero at load; NULL for
     a dense one.  */
  uint64_t *cache;
  /* With a metric (PATHPROF_UNIT_TIME_*): NUM_DENSE time sums indexed by
     path number, in .bss, beside COUNTERS; NULL otherwise (paths counted
     in the hash table keep their times in their slots).  */
  uint64_t *times;
  uint64_t num_dense;
  /* Private to the runtime (ABI 7); zero at load.  */
  uint64_t runtime_flags;
  /* Of a function with mapped counters (above): the variable, null at
     load, through which instrumented code reads their address (ABI 7);
     NULL for other functions.  */
  uint64_t **mapped;
  /* ABI 10: 1 when the counters hold samples (a function of a unit
     with PATHPROF_UNIT_SAMPLED whose paths are sampled), 0 when they
     hold exact counts (every function of an exact unit, and those a
     sampled unit counts exactly: doc/sampling.md, 2.8).  */
  uint64_t sampled;
};

/* An inlined leaf (ABI 8).  A function of one path and no calls (a
   "leaf": nothing can stop it half way) counts its path at its return.
   Where the compiler inlined it into CALLER, the plugin removes that
   copy's count when CALLER's path, after the copy, reaches its own end
   with no call and nothing that may throw on the way: each run of the
   copy is then exactly one run of a path of CALLER through the block
   BLOCK that held the call.  A write therefore adds to LEAF's path 0,
   for each ACTIVE link, the counts it writes of CALLER's paths through
   BLOCK (regenerated from CALLER's meta).  LEAF and CALLER are indices
   into the unit's functions, BLOCK a block index of CALLER's meta.  The
   plugin lists every call to a leaf that it could link when the unit's
   records are built, before inlining, and sets ACTIVE (0 or 1) once it
   knows whether the copy's count was removed; a call left alone, inlined
   with its count or not inlined, has ACTIVE 0 and adds nothing.  */
struct __pathprof_link
{
  uint64_t leaf;
  uint64_t caller;
  uint64_t block;
  uint64_t active;
};

/* One instrumented object file.  */
struct __pathprof_unit
{
  uint64_t abi_version;          /* PATHPROF_ABI_VERSION */
  uint64_t flags;                /* PATHPROF_UNIT_* */
  /* Where the profile goes: absolute, fixed at compile time like gcov's
     .gcda name (PATHPROF_PREFIX / PATHPROF_PREFIX_STRIP relocate it).  */
  const char *filename;
  const char *unit_name;         /* main source file */
  uint64_t num_functions;
  /* One pointer per function: each function's record is its own static
     variable, created when the function is instrumented.  */
  struct __pathprof_function *const *functions;
  /* Private to the runtime; zero at load.  */
  struct __pathprof_unit *next;
  uint64_t runtime_flags;
  /* Private to the runtime (ABI 6): what writes from another thread
     than the counting ones took of the dense counters (snapshot.c).  */
  void *runtime_taken;
  /* The unit's inlined leaves (ABI 8, above): NUM_LINKS links, or 0 and
     NULL.  */
  uint64_t num_links;
  const struct __pathprof_link *links;
  /* ABI 10: the period the unit was compiled with (sample=N), 0 in an
     exact unit.  */
  uint64_t sample_period;
};

/* Called by the object's constructor.  Units of a different
   abi_version are refused with a message on stderr.  */
void __pathprof_register (struct __pathprof_unit *unit);
/* Called by the object's destructor (dlclose, or exit): writes the unit's
   profile if it has counts not yet written, and forgets the unit.  */
void __pathprof_unregister (struct __pathprof_unit *unit);
/* count[PATH]++ for a function whose counters live in the runtime's hash
   table (num_paths above the plugin's max-array), PATH at or above its
   num_dense.  Never loses a count.
   The _atomic form is safe when several threads count at once.  */
void __pathprof_count_hashed (struct __pathprof_function *fn, uint64_t path);
void __pathprof_count_hashed_atomic (struct __pathprof_function *fn,
				     uint64_t path);
/* The same, and time[PATH] += TIME: a path end of a unit compiled with
   a metric.  */
void __pathprof_count_hashed_timed (struct __pathprof_function *fn,
				    uint64_t path, uint64_t time);
void __pathprof_count_hashed_timed_atomic (struct __pathprof_function *fn,
					   uint64_t path, uint64_t time);
/* The time now, in nanoseconds of CLOCK_MONOTONIC: the reading of
   metric=ns, and of metric=cycles on targets without rdtsc.  Unlike the
   other entry points, referred to strongly: a program built with such a
   metric links with libpathprof.  */
uint64_t __pathprof_now_ns (void);
/* count[PATH]-- (modulo 2^64), likewise: the take-back of the count of a
   path that ends at a call, when the call returned (partial-paths).  */
void __pathprof_uncount_hashed (struct __pathprof_function *fn,
				uint64_t path);
void __pathprof_uncount_hashed_atomic (struct __pathprof_function *fn,
				       uint64_t path);

/* update=per-thread (flag PATHPROF_UNIT_PER_THREAD, with
   PATHPROF_UNIT_ATOMIC for its hashed functions): each dense function
   has a thread-local pointer *SLOT to the calling thread's copy of its
   counters (NUM_PATHS counts, then NUM_PATHS times with a metric), where
   the thread counts with plain increments.  The function calls this on
   entry when *SLOT is null: the runtime sets *SLOT to a copy and returns
   it (or returns fn->counters without memory), and folds the copies into
   fn->counters and fn->times at every write and at thread exit
   (runtime/threadcount.c).  On x86-64 the plugin calls instead
   __pathprof_thread_counters_x86_64, a stub with FN in %rax and SLOT in
   %rdx, the result in %rax, that preserves every other register but
   %r10, %r11 and the flags (not a C function: no declaration).  */
#define PATHPROF_UNIT_PER_THREAD 8u
uint64_t *__pathprof_thread_counters (struct __pathprof_function *fn,
				      uint64_t **slot);
/* update=per-thread in a hashed function without a metric or a dense
   prefix (ABI 5): *SLOT points to the thread's own slot cache of
   PATHPROF_HASH_CACHE_WORDS words, returned by
   __pathprof_thread_counters as for a dense function (fn->cache without
   memory), whose entries point to slots of the thread's own tables; the
   inline probe reads that CACHE and adds to a slot with a plain add, and
   on a miss calls one of these, which count in the thread's tables (or,
   if CACHE is fn->cache, in the shared ones, atomically).  The runtime
   folds the threads' tables into the function's at every write and
   thread exit.  */
void __pathprof_count_hashed_thread (struct __pathprof_function *fn,
				     uint64_t path,
				     uint64_t *cache);
void __pathprof_uncount_hashed_thread (struct __pathprof_function *fn,
				       uint64_t path,
				       uint64_t *cache);

/* Replacements for calls that end or fork the process image, as GCC's
   gcov has (__gcov_execve...).  The plugin redirects every call to the
   function on the right, in every function it sees, to the wrapper on the
   left; each has the C library function's exact type.  Each writes every
   unit's counts (as pathprof_dump does: the counts are zeroed once
   written, so if the exec fails and the program goes on, nothing is
   counted twice and nothing is lost), then calls the C library function
   and returns what it returns, with its errno.

     __pathprof_execve       execve
     __pathprof_execv        execv
     __pathprof_execvp       execvp
     __pathprof_execvpe      execvpe
     __pathprof_execl        execl      (variadic: argument list to argv)
     __pathprof_execlp       execlp
     __pathprof_execle       execle
     __pathprof_system       system
     __pathprof_posix_spawn  posix_spawn
     __pathprof_posix_spawnp posix_spawnp

   system and posix_spawn do not replace the image; they write first so
   that a child that is an instrumented copy of this program merges after
   the parent's counts so far.  */

/* Cut paths (ABI 9, runtime/cutpaths.c, doc/runtime.md "Cut paths").
   A function with calls that may not return (exit, longjmp, ... in the
   callee) keeps a frame on its stack, linked into the thread's list
   __pathprof_frames while it runs: PREV the frame of the function it was
   called from (or NULL), FN its record, PENDING the number of the path
   that ends at the call in progress, counted if the call does not
   return, or PATHPROF_NO_PENDING between calls.  Such numbers are at or
   above FN's num_paths (early exits numbered apart, ppformat.h
   PPF_FN_APART), so they are counted in a table of the runtime's, not
   in FN's counters.  The exit handler counts the pending path of every
   frame of its thread's list; __pathprof_longjmp and friends, which the
   plugin puts in place of longjmp, siglongjmp, _longjmp and
   __longjmp_chk, those of the frames the jump leaves, when the target
   was noted by __pathprof_note_setjmp (called before each setjmp of an
   instrumented function with the setjmp's buffer and the frame).  */
struct __pathprof_frame
{
  struct __pathprof_frame *prev;
  struct __pathprof_function *fn;
  uint64_t pending;
};
#define PATHPROF_NO_PENDING UINT64_MAX
extern __thread struct __pathprof_frame *__pathprof_frames;
/* Count path PATH of FN, at or above its num_paths: the pending path of
   a setjmp receiver's own frame, which it counts where the jump lands.  */
void __pathprof_count_cut (struct __pathprof_function *fn, uint64_t path);
void __pathprof_note_setjmp (void *env, struct __pathprof_frame *frame);
void __pathprof_longjmp (void *env, int val)
  __attribute__ ((__noreturn__));
void __pathprof_siglongjmp (void *env, int val)
  __attribute__ ((__noreturn__));
void __pathprof__longjmp (void *env, int val)
  __attribute__ ((__noreturn__));
void __pathprof___longjmp_chk (void *env, int val)
  __attribute__ ((__noreturn__));

/* The sampled mode (runtime/sample.c, doc/sampling.md).  Instrumented
   code takes one from the thread's countdown where a path starts and,
   when it is below zero, calls __pathprof_sample with the period its
   unit was compiled with; the result R says what to do: sample the path
   that starts there if R & 1, and set the countdown to R >> 1.  Zero in
   a new thread.  */
extern __thread int64_t __pathprof_countdown;
int64_t __pathprof_sample (uint64_t compiled_period)
  __attribute__ ((__cold__, __leaf__, __nothrow__));

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_ABI_H */
