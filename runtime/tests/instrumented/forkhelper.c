/* Compiled WITHOUT the plugin by runtime/tests/forkexec.sh: a fork the
   instrumented code does not see.  libpathprof's pthread_atfork handlers
   run for it all the same.  */

#include <unistd.h>

pid_t
helper_fork (void)
{
  return fork ();
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
