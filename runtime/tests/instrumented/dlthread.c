/* Compiled WITHOUT the plugin, and not linked with libpathprof, by
   runtime/tests/dlopen.sh: the runtime comes only with the instrumented
   module MODULE (dlmod.c built with update=per-thread, linked with
   libpathprof.so).  A thread counts in the module (its own copy of the
   counters), then waits while main unloads the module, and with it the
   runtime; then it exits.  The runtime's thread-exit destructor must
   not be called then (it is unmapped): the key is deleted when the
   runtime goes.  Prints "alive" and exits 0 if the process survives the
   thread's exit.  */

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static int (*mod_leaf) (int);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int counted, unloaded;

static void *
worker (void *arg)
{
  mod_leaf (1);
  pthread_mutex_lock (&lock);
  counted = 1;
  pthread_cond_broadcast (&changed);
  while (!unloaded)
    pthread_cond_wait (&changed, &lock);
  pthread_mutex_unlock (&lock);
  return arg;
}

int
main (int argc, char **argv)
{
  void *module;
  pthread_t thread;

  if (argc != 2 || !(module = dlopen (argv[1], RTLD_NOW)))
    return 2;
  mod_leaf = (int (*) (int)) dlsym (module, "mod_leaf");
  if (!mod_leaf || pthread_create (&thread, NULL, worker, NULL) != 0)
    return 3;
  pthread_mutex_lock (&lock);
  while (!counted)
    pthread_cond_wait (&changed, &lock);
  pthread_mutex_unlock (&lock);
  dlclose (module);
  pthread_mutex_lock (&lock);
  unloaded = 1;
  pthread_cond_broadcast (&changed);
  pthread_mutex_unlock (&lock);
  pthread_join (thread, NULL);
  printf ("alive\n");
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
