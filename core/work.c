/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof algorithm core: the bottom of it, what every step uses to
   fail and to allocate: pp_fail records why in the work record, and
   pp_xcalloc allocates or says it could not.  Calls nothing of the
   core's, so that the steps (cfg.c, dag.c, ...) and plan.c, which runs
   them, all sit above it.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ppcore-internal.h"

/* Write a one-line reason for failure into the caller's buffer (if any)
   and return -1, so that every step can `return pp_fail (...)'.  The
   first failure wins: a later message would only describe a
   consequence.  */
int
pp_fail (pp_work *w, const char *fmt, ...)
{
  if (w->err != NULL && w->errlen > 0 && w->err[0] == '\0')
    {
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (w->err, w->errlen, fmt, ap);
      va_end (ap);
    }
  return -1;
}

/* calloc that records "out of memory" in W on failure.  Never asks for
   zero bytes, so NULL always means failure.  */
void *
pp_xcalloc (pp_work *w, size_t n, size_t size)
{
  void *p = calloc (n ? n : 1, size ? size : 1);
  if (p == NULL)
    pp_fail (w, "out of memory");
  return p;
}
