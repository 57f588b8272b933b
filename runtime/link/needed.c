/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* needed.c: libpathprof-needed.o, linked by the libpathprof.so linker
   script just before the shared runtime.

   Instrumented code refers to the runtime only weakly (doc/manual.md,
   "Linking"), and a linker running with --as-needed, as Debian's GCC
   does by default, records a shared library as needed only when it
   satisfies a strong reference of a regular object.  Without this one
   strong reference, "gcc foo.o -lpathprof" would drop libpathprof.so from
   the program and silently profile nothing.  */

extern void __pathprof_register (void *unit);

/* Hidden and never used at run time: one strong reference is enough.  */
__attribute__ ((used, visibility ("hidden")))
void (*const __pathprof_needed) (void *) = __pathprof_register;
