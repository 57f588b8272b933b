/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* pathprof.h: the user's interface to libpathprof.

   Programs built with -fplugin=pathprof write their path profiles at exit.
   These calls let a program write them earlier, or start counting afresh.  */

#ifndef PATHPROF_H
#define PATHPROF_H

#ifdef __cplusplus
extern "C" {
#endif

/* Merge the counts gathered since the last dump (or reset) into every
   loaded module's .pathprof file, and remember them as written (the
   counters themselves are left alone, for threads may be counting): a
   later dump, including the one at exit, adds only what was counted
   after this call.  Nothing
   is counted twice and nothing is lost.  Returns 0, or -1 if some file
   could not be written (a message went to stderr).  */
int pathprof_dump (void);

/* Forget all in-memory counts of every loaded module: the next dump
   adds only what is counted after this call (the counters themselves
   are left alone, for threads may be counting).  */
void pathprof_reset (void);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_H */
