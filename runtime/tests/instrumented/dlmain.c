/* Compiled with the plugin by runtime/tests/dlopen.sh: pathprof_dump and
   pathprof_reset, called from the main program, cover a module loaded
   with dlopen; its profile is written again when it is unloaded, with
   only what was counted since.

   Usage: dlmain MODULE PROFILE_DIR SNAPSHOT_DIR.  After each step the
   profiles in PROFILE_DIR are copied to SNAPSHOT_DIR/STEP (snapshot,
   compiled without the plugin).  Calls of mod_leaf (1: X, 0: Y):
     step a: 5 and 2, then pathprof_dump      file: 5, 2
     step b: 7 and 7, then pathprof_reset (discarded), 3 and 1, then
	     pathprof_dump                    file: 8, 3
     step c: 4 and 0, then dlclose            file: 12, 3
   and the exit adds nothing to the module's file.  */

#include <dlfcn.h>
#include <stdio.h>

#include "pathprof.h"

void snapshot (const char *from, const char *to, const char *step);

static int (*mod_leaf) (int);

static void
calls (int ones, int zeros)
{
  for (int i = 0; i < ones; i++)
    mod_leaf (1);
  for (int i = 0; i < zeros; i++)
    mod_leaf (0);
}

int
main (int argc, char **argv)
{
  void *module;

  if (argc != 4)
    return 2;
  module = dlopen (argv[1], RTLD_NOW);
  if (!module)
    {
      printf ("dlopen: %s\n", dlerror ());
      return 1;
    }
  mod_leaf = (int (*) (int)) dlsym (module, "mod_leaf");
  if (!mod_leaf)
    return 1;
  calls (5, 2);
  if (pathprof_dump () != 0)
    return 3;
  snapshot (argv[2], argv[3], "a");
  calls (7, 7);
  pathprof_reset ();
  calls (3, 1);
  if (pathprof_dump () != 0)
    return 4;
  snapshot (argv[2], argv[3], "b");
  calls (4, 0);
  dlclose (module);
  snapshot (argv[2], argv[3], "c");
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
