/* Inlined leaves in a split part (plugin/inlined-leaves.cc,
   copy_keeps_scope_p).  fnsplit splits deallocate into its test, which
   callers inline, and the rest, deallocate.part.0, called with no
   location.  IPA-SRA drops the unused V from deallocate (and from the
   part and from release), and in rebuilding the call of the part GCC
   drops its scope too (a call keeps its scope there only with a
   location).  The early inliner put traits_release, and in it the call
   of release, into deallocate; the IPA inliner inlines the part back,
   with release inlined into it: every scope of that copy is gone, so
   the count of release in it cannot be told from any other copy's, and
   must stay.  It stayed, but the call's copies were counted from the
   paths of deallocate as well: release counted twice (8 runs for 4,
   GCC 12 at -O2 with this param; the same in std::vector's
   _M_deallocate with GCC 13's libstdc++ at plain -O2).

   Five pushes grow the vector at sizes 0, 1, 2 and 4, freeing the old
   array but the first time (null), and destroy frees the last: release
   runs 4 times, deallocate 5.  */

/* { dg-do run } */
/* { dg-options "--param max-inline-insns-auto=30 -fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>
#include <stdlib.h>

struct vec { int *start, *finish, *end; };
struct pool { long freed, calls; };
static struct pool pool;
static long freed;

/* One path; SELF is unused.  */
static void
release (struct pool *self, int *p, unsigned long n)
{
  freed += (long) n;
  pool.calls++;
  pool.freed ^= (long) p;
  free (p);
}

static void
traits_release (struct vec *v, int *p, unsigned long n)
{
  release ((struct pool *) v, p, n);
}

static void
deallocate (struct vec *v, int *p, unsigned long n)
{
  if (__builtin_expect (p != 0, 0))
    traits_release (v, p, n);
}

static void
destroy (struct vec *v)
{
  deallocate (v, v->start, v->end - v->start);
}

static void
grow (struct vec *v)
{
  unsigned long n = v->end - v->start;
  unsigned long m = n ? 2 * n : 1;
  int *q = malloc (m * sizeof *q);
  for (unsigned long i = 0; i < n; i++)
    q[i] = v->start[i];
  deallocate (v, v->start, n);
  v->finish = q + (v->finish - v->start);
  v->start = q;
  v->end = q + m;
}

static void
push (struct vec *v, int x)
{
  if (v->finish == v->end)
    grow (v);
  *v->finish++ = x;
}

int
main (int argc, char **argv)
{
  struct vec v = { 0, 0, 0 };
  for (int i = 0; i < argc + 4; i++)
    push (&v, i);
  printf ("%ld\n", (long) (v.finish - v.start));
  destroy (&v);
  printf ("%ld %ld\n", freed, pool.calls);
  return 0;
}

/* { dg-final { pathprof-total release 4 } } */
/* { dg-final { pathprof-total deallocate 5 } } */
/* { dg-final { pathprof-total traits_release 4 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
