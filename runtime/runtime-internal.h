/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Declarations shared by the files of libpathprof.  Not installed.

   One concept per file:
     lock.c       the lock: pp_rt_mutex, pp_rt_lock, pp_rt_unlock
     register.c   the list of units, the exit handler, fork
     exec.c       __pathprof_execve and friends: write, then exec
     signals.c    PATHPROF_DUMP_SIGNAL, PATHPROF_DUMP_ON_TERM: the
		  dump thread
     hashcount.c  counting in the hash table (__pathprof_count_hashed*)
     threadcount.c per-thread counters (update=per-thread): the copies,
		  folded at writes and thread exit
     snapshot.c   reading the counts a write takes, and zeroing them
     swap.c       whether the system has a swap area, on which mincore's
		  answer depends
     write.c      writing one unit: lock, recover, read, merge, rewrite
		  in place through a journal; bad and stale files
     filenames.c  where a unit's file goes: PATHPROF_PREFIX[_STRIP],
		  directories, the .journal/.bad/.stale siblings
     message.c    "pathprof: " messages, PATHPROF_ERROR_FILE, PATHPROF_QUIET
     api.c        pathprof_dump, pathprof_reset
     timebase.c   the clock of metric=ns, the time-stamp counter's
		  frequency
     leaves.c     inlined leaves (ABI 8): links checked at
		  registration, the counts a write gives the leaves
     cutpaths.c   cut paths (ABI 9): the frames' list, its walks at exit
		  and longjmp, the table of their counts
     sample.c     the sampled mode's countdown and period
		  (__pathprof_sample, PATHPROF_SAMPLE, PATHPROF_SAMPLE_SEED)

   Who calls whom: a file calls functions (and reads variables) of the
   files on the lines below its own, never of its line or above, so
   that each can be read knowing only those beneath it:
     api.c exec.c
     register.c
     signals.c write.c
     snapshot.c leaves.c
     threadcount.c
     hashcount.c cutpaths.c filenames.c sample.c
     swap.c timebase.c lock.c message.c
   The one call upwards is the dump thread's write: signals.c calls
   register.c's writer through the function pointer that register.c
   gives pp_rt_dump_signals_start.

   Everything declared here is hidden: libpathprof.so exports only the
   __pathprof_* entry points of pathprof-abi.h (exec.c declares the exec
   wrappers it lists) and the pathprof_* calls of pathprof.h.  */

#ifndef PATHPROF_RUNTIME_INTERNAL_H
#define PATHPROF_RUNTIME_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

/* The public declarations keep their default visibility.  */
#include "pathprof-abi.h"
#include "pathprof.h"

#pragma GCC visibility push(hidden)

#include "ppformat.h"
#include "ppjournal.h"

/* Bits of __pathprof_unit.runtime_flags.  */
#define PP_RT_METAS_CHECKED 1u  /* every meta decoded once */
#define PP_RT_METAS_BAD 2u      /* one did not: the unit is never written */
#define PP_RT_EXIT_FAILED 4u    /* the exit handler could not write it: its
				   destructor does not try again */
#define PP_RT_LEAVES_READ 8u    /* its links read (leaves.c), once */

/* lock.c: the lock that guards the registered units (register.c) and
   every write, reset and fork.  Counting never takes it.  Take it with
   pp_rt_lock, which blocks every signal first (pp_rt_unlock restores the
   mask), so that a signal handler can never wait for it in the thread
   that holds it: one that runs an instrumented function for the first
   time in its thread with update=per-thread (threadcount.c), or calls
   fork.  A thread that holds it takes it again at no cost: a function
   the runtime calls meanwhile (an interposed write(2)) may be such a
   first call.  */
extern pthread_mutex_t pp_rt_mutex;
void pp_rt_lock (sigset_t *old);
void pp_rt_unlock (const sigset_t *old);
void pp_rt_lock_after_fork_child (void);

/* sample.c: the sampled mode (doc/sampling.md, section 3).  Periods
   run from 1 to PP_RT_SAMPLE_PERIOD_MAX; a unit compiled with sample
   alone has PP_RT_SAMPLE_PERIOD_DEFAULT.  */
#define PP_RT_SAMPLE_PERIOD_MAX UINT64_C (4294967295)
#define PP_RT_SAMPLE_PERIOD_DEFAULT UINT64_C (1000)
/* TEXT as a period (decimal, 1 to the maximum, nothing else), or 0.  */
uint64_t pp_rt_sample_parse_period (const char *text);
/* The process's period: chosen once, from PATHPROF_SAMPLE if it is a
   period (a message if it is set and not one), else COMPILED, the
   period of the first sampled unit to register or to sample.  Later
   calls with another COMPILED say, once each, that the process's
   period is used.  */
uint64_t pp_rt_sample_choose (uint64_t compiled);
/* The period chosen, 0 if none yet.  */
uint64_t pp_rt_sample_period (void);
/* In the child after fork: the thread's random state and countdown
   made its own, so that parent and child do not sample in step.  */
void pp_rt_sample_after_fork (void);

/* register.c: the registered units.  */
extern struct __pathprof_unit *pp_rt_units;
/* Set once the exit handler has started: the process is ending and
   other threads may still be counting, so nothing is freed after it.  */
extern int pp_rt_exiting;

/* The process whose counts the counters hold: set at the first
   registration and by the fork child handler.  A process that finds
   another pid here was made without the fork handlers (vfork, clone,
   syscall (SYS_fork)); see register.c.  0 before any registration.  */
extern pid_t pp_rt_owner_pid;

/* Write every registered unit that needs it (a write APART: below); -1
   if one failed.  Called with pp_rt_mutex held.  */
int pp_rt_write_all (int apart);
/* If this process was made without the fork handlers, forget the counts
   it inherited and make it the owner (register.c).  Called with
   pp_rt_mutex held, before any write.  */
void pp_rt_adopt_inherited (void);
/* pathprof_dump without the errno care: lock, write all (a write apart
   with APART, below), unlock.  */
int pp_rt_dump (int apart);

/* signals.c: read PATHPROF_DUMP_SIGNAL and PATHPROF_DUMP_ON_TERM and,
   if either asks for it, install the handlers and start the dump thread,
   which calls DUMP with pp_rt_mutex held at each signal.  Called once, at
   the first registration, with pp_rt_mutex held.  */
void pp_rt_dump_signals_start (void (*dump) (void));
/* In the child after fork: a fresh semaphore and a dump thread of its
   own, if the parent had one.  */
void pp_rt_dump_signals_after_fork (void);
/* At exit, or when the object holding the runtime is unloaded: the
   signals' old actions back, the thread ended.  Without pp_rt_mutex.  */
void pp_rt_dump_signals_stop (void);

/* snapshot.c: the counts of one function that a write takes.  COUNTS is
   what goes into the file (sorted, merged, non-zero); for a hashed
   function TAKES remembers which table slot (or counter of the dense
   prefix) gave how much, so that exactly that can be subtracted after a
   successful write, or, for a write apart (below), added to what was
   taken of it.  */
struct pp_slot_take
{
  uint64_t *counter;
  uint64_t value;
  uint64_t *time_counter;	/* the slot's time, and what was read; NULL
				   for a dense counter without a time */
  uint64_t time;
  /* Where a write apart records VALUE and TIME as taken, or NULL: then
     they are subtracted from COUNTER and TIME_COUNTER.  */
  uint64_t *taken;
  uint64_t *time_taken;
};

/* A write APART is made by another thread than the ones that count (the
   dump thread, pathprof_dump), while they may be counting with a plain
   load, add and store (update=single) or holding a count in a register
   (store motion).  Such a write must not store to a counter, or the
   program's next store would undo it: it records what it took beside
   the counters instead (snapshot.c).  */

/* Whether FN counts some of its paths in the hash table (pathprof-abi.h):
   those from num_dense on, or with mapped counters those counted before
   they were mapped.  */
static inline int
pp_rt_function_hashed (const struct __pathprof_function *fn)
{
  return fn->num_dense < fn->num_paths || fn->mapped;
}

/* Whether FN counts all its paths in its array of counters: then
   update=per-thread gives each thread a copy of them, listed from
   fn->runtime (threadcount.c), which a hashed function's table holds
   instead.  */
static inline int
pp_rt_function_dense (const struct __pathprof_function *fn)
{
  return fn->counters && !pp_rt_function_hashed (fn);
}

/* What a write took of one entry of cut paths (cutpaths.c).  */
struct pp_cut_take
{
  uint64_t path;
  uint64_t value;
  uint64_t *taken;
};

struct pp_snapshot
{
  uint64_t num_counts;
  ppf_count *counts;           /* by path; cut paths (at or above
				  num_paths) last */
  size_t num_cuts;
  struct pp_cut_take *cuts;
  size_t num_takes;
  struct pp_slot_take *takes;
  /* A dense function's taken counts (then its taken times), where a
     write apart records what it took; NULL: subtract it.  */
  uint64_t *taken;
};

void pp_rt_snapshot_unit_begin (const struct __pathprof_unit *unit);
void pp_rt_snapshot_unit_end (void);
uint64_t *pp_rt_unit_taken (struct __pathprof_unit *unit, uint64_t i,
			     int make);
void pp_rt_unit_release_taken (struct __pathprof_unit *unit);
int pp_rt_snapshot_take (struct __pathprof_function *fn, uint64_t *taken,
			 int apart, struct pp_snapshot *snap);
void pp_rt_snapshot_subtract (struct __pathprof_function *fn,
			      const struct pp_snapshot *snap);
/* Release SNAP's memory and leave it empty.  Beside the structure, so
   that hashcount.c, below snapshot.c, frees what it began.  */
static inline void
pp_rt_snapshot_free (struct pp_snapshot *snap)
{
  free (snap->counts);
  free (snap->takes);
  free (snap->cuts);
  memset (snap, 0, sizeof *snap);
}
int pp_rt_function_has_counts (const struct __pathprof_function *fn,
			       const uint64_t *taken);
void pp_rt_function_zero (struct __pathprof_function *fn);
int pp_rt_unit_has_counts (const struct __pathprof_unit *unit);
/* Zero UNIT's counts, or with FORGET forget them (pathprof_reset).  */
void pp_rt_unit_reset (struct __pathprof_unit *unit, int forget);

/* cutpaths.c: the paths cut by exit or longjmp.  */
void pp_rt_cut_walk_exit (void);
void pp_rt_cut_register (const struct __pathprof_unit *unit);
void pp_rt_cut_unregister (const struct __pathprof_unit *unit);
void pp_rt_cut_take_losses (uint64_t *full, uint64_t *bad);
int pp_rt_cut_snapshot (struct __pathprof_function *fn,
			struct pp_snapshot *snap);
void pp_rt_cut_subtract (const struct pp_snapshot *snap);
int pp_rt_cut_has_counts (const struct __pathprof_function *fn);
void pp_rt_cut_reset (const struct __pathprof_function *fn, int forget);

/* hashcount.c: the hash table behind fn->runtime.  With APART, slots
   record what the write takes beside them (a write apart, above).  */
int pp_rt_hash_snapshot (struct __pathprof_function *fn, int apart,
			 struct pp_snapshot *snap);
int pp_rt_hash_has_counts (const struct __pathprof_function *fn);
void pp_rt_hash_reset (struct __pathprof_function *fn, int forget);
void pp_rt_hash_release (struct __pathprof_function *fn);
/* Counts dropped since the last call (no memory for a table, or a path
   number out of range); reported by the next write.  */
void pp_rt_hash_take_losses (uint64_t *no_memory, uint64_t *out_of_range);
/* update=per-thread in hashed functions: a thread's own tables, where it
   counts with plain adds, folded into the function's (threadcount.c);
   and where the function's threads' copies are listed.  */
void **pp_rt_hash_thread_copies (struct __pathprof_function *fn, int make);
void *pp_rt_hash_private_new (void);
void pp_rt_hash_private_count (struct __pathprof_function *fn, void *tables,
			       uint64_t *cache, uint64_t path,
			       uint64_t amount);
void pp_rt_hash_private_fold (struct __pathprof_function *fn, void *tables);
void pp_rt_hash_private_forget (void *tables);
void pp_rt_hash_private_free (void *tables);

/* threadcount.c: every thread's copies of the counters of a unit
   compiled with update=per-thread.  Fold: add what they counted since
   the last fold to the shared counters, before a write.  Forget: what
   FN's copies counted so far is not to be written (pp_rt_unit_reset
   calls it).  After fork: the child's copies of other threads are free
   for reuse.  Release: the unit is unloaded.  Start: make the pthread
   key, at the first registration; stop: delete it, at exit.  All with
   pp_rt_mutex held (or in the fork child).  */
void pp_rt_threads_start (void);
void pp_rt_threads_stop (void);
void pp_rt_threads_fold_unit (struct __pathprof_unit *unit);
void pp_rt_threads_forget (struct __pathprof_function *fn);
void pp_rt_threads_after_fork (struct __pathprof_unit *unit);
void pp_rt_threads_release_unit (struct __pathprof_unit *unit);

/* write.c: write UNIT's profile now (merge with the file, count the
   run once per process), then subtract what was written from memory, or
   in a write APART record it as taken.  0 on success, -1 after a
   message.  */
int pp_rt_write_unit (struct __pathprof_unit *unit, int apart);
void pp_rt_write_begin (void);
void pp_rt_write_end (void);
/* Whether UNIT has anything to write: counts, or this process's run not
   yet counted in its file.  */
int pp_rt_unit_needs_write (const struct __pathprof_unit *unit);

/* swap.c: whether the system has no swap area (/proc/swaps): read once
   per write, between pp_rt_swap_begin and pp_rt_swap_end (write.c), and
   at every call outside a write.  */
void pp_rt_swap_begin (void);
void pp_rt_swap_end (void);
int pp_rt_no_swap (void);

/* timebase.c: the time-stamp counter's frequency, measured against
   CLOCK_MONOTONIC between the first registration
   (pp_rt_timebase_start) and now; 0 when unknown (no rdtsc, or too
   little time has passed).  */
void pp_rt_timebase_start (void);
uint64_t pp_rt_ticks_per_second (void);

/* leaves.c: inlined leaves (pathprof-abi.h, struct __pathprof_link).
   Forget: UNIT is unregistered.  Derive: what a write gives each leaf's
   path 0, from the snapshots SNAPS of UNIT's functions; *DERIVED is a
   malloc'd count per function, or NULL without active links; PATH names
   the profile in messages.  The unit's first write checks its links
   (one message for the wrong ones, which are ignored), and a caller's
   meta is decoded, once, at the first write with its counts.  PPF_OK
   or PPF_ENOMEM.  With pp_rt_mutex held.  */
void pp_rt_leaves_forget (const struct __pathprof_unit *unit);
int pp_rt_leaves_derive (struct __pathprof_unit *unit,
			 const struct pp_snapshot *snaps, const char *path,
			 uint64_t **derived);

/* filenames.c.  */
char *pp_rt_target_path (const char *filename);
char *pp_rt_sibling_path (const char *path, const char *suffix);
int pp_rt_make_parent_dirs (const char *path, char **failed_dir);

/* message.c.  */
void pp_rt_message (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

#pragma GCC visibility pop

#endif /* PATHPROF_RUNTIME_INTERNAL_H */
