/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Whether the system has a swap area.  mincore's answer, that a page of
   counters is not resident, means that the run never wrote it only
   where no page is ever swapped out: the scans of dense counters rely on
   it (snapshot.c), and so does the choice to map a hashed function's
   counters (hashcount.c), which leaves their pages to those scans.  */

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "runtime-internal.h"

/* Whether the system has no swap area, as /proc/swaps said during the
   current write (pp_rt_swap_begin): -1 not read yet, -2 outside a
   write, where every call reads it.  Read once per write, not once per
   array: a short run's exit with 30 profiles opened it 60 times.
   Protected by pp_rt_mutex.  */
static int swap_free = -2;

/* A write begins (pp_rt_write_all): /proc/swaps is read once until
   pp_rt_swap_end.  */

void
pp_rt_swap_begin (void)
{
  swap_free = -1;
}

/* The write is over: swap may be turned on before the next one.  */

void
pp_rt_swap_end (void)
{
  swap_free = -2;
}

/* Whether the system has no swap area: /proc/swaps has its title line
   only.  Unknown counts as swap.  */

int
pp_rt_no_swap (void)
{
  char buf[256];
  int fd, lines = 0;
  ssize_t n, i;

  if (swap_free >= 0)
    return swap_free;
  fd = open ("/proc/swaps", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      while ((n = read (fd, buf, sizeof buf)) > 0
	     || (n < 0 && errno == EINTR))
	for (i = 0; i < n; i++)
	  lines += buf[i] == '\n';
      close (fd);
      lines = n == 0 && lines == 1;
    }
  if (swap_free == -1)
    swap_free = lines;
  return lines;
}
