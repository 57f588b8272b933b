/* Compiled WITHOUT the plugin, and not linked with libpathprof, by
   runtime/tests/dlopen.sh: the runtime comes only with the instrumented
   module MODULE (dlmod.c linked with libpathprof.so).  With
   PATHPROF_DUMP_SIGNAL set, the runtime's handler and dump thread must
   survive the module's dlclose (the runtime pins itself): a signal
   after it must not jump into unmapped code.  Prints "alive" and exits
   0 if the process lives 50 ms after the signal (a crash needs no
   more: the handler runs at once, the thread wakes at once).  */

#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

int
main (int argc, char **argv)
{
  struct timespec pause = { 0, 50000000 };
  void *module;
  int (*mod_leaf) (int);

  if (argc != 2 || !(module = dlopen (argv[1], RTLD_NOW)))
    return 2;
  mod_leaf = (int (*) (int)) dlsym (module, "mod_leaf");
  if (!mod_leaf)
    return 3;
  mod_leaf (1);
  dlclose (module);
  raise (SIGUSR1);
  nanosleep (&pause, NULL);
  printf ("alive\n");
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
