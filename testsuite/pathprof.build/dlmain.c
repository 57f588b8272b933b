/* build.exp's dlopen check (see dlmod-part.c).  Usage: dlmain MODULE
   [PROFILE_DIR].  After the first dlclose it prints how many .pathprof
   files PROFILE_DIR holds: the module's profile must already be there,
   and the program's own is written only at exit.

   run (step, x) counts the steps of the Collatz sequence from x (the
   while's test is at the bottom):
     run (.., 6): 8 steps   run (.., 7): 16 steps
     RS RW RB   entry -> backedge       2
     RW RB      backedge -> backedge    7 + 15 = 22
     RW RR      backedge -> return      2  */

#include <dirent.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static int
run (int (*step) (int), int x)
{
  int n = 0;		/* @RS */
  while (x != 1)	/* @RW */
    {
      x = step (x);	/* @RB */
      n++;		/* @RB */
    }
  return n;		/* @RR */
}

static int
count_profiles (const char *dir)
{
  DIR *d = opendir (dir);
  if (!d)
    return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir (d)))
    {
      size_t len = strlen (e->d_name);
      if (len > 9 && strcmp (e->d_name + len - 9, ".pathprof") == 0)
	n++;
    }
  closedir (d);
  return n;
}

static int
load_and_run (const char *module, int x)
{
  void *h = dlopen (module, RTLD_NOW);
  if (!h)
    {
      printf ("dlopen: %s\n", dlerror ());
      return -1;
    }
  int (*step) (int) = (int (*) (int)) dlsym (h, "mod_step");
  int n = step ? run (step, x) : -1;
  dlclose (h);
  return n;
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    return 2;
  printf ("from 6: %d steps\n", load_and_run (argv[1], 6));
  if (argc > 2)
    printf ("profiles after dlclose: %d\n", count_profiles (argv[2]));
  printf ("from 7: %d steps\n", load_and_run (argv[1], 7));
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
