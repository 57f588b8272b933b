/* Calls that always return are no early exits (cfg-bridge.cc,
   call_returns_p): a call of a function that makes no call that may not
   return, nor does any function it may call, recursion included, cannot
   cut its caller's path short, so a caller whose calls are all of that
   kind keeps no frame (the verbose note says "a frame for its cut paths"
   only where there is one).  A callee that may call exit, an indirect
   call and a call of a function of another unit still get one, and the
   path exit cuts short in such a caller is counted.  Cut paths are no
   potential paths: branchy's untested one is listed.

     uses_free:  F          entry -> return   3
     uses_exit:  E          entry -> return   2
		 E          entry -> call     1   (the third call exits)  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-verbose" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

#include <stdio.h>
#include <stdlib.h>

/* Loops, no call.  */
static int __attribute__ ((noinline))
sum_to (int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += i;
  return s;
}

/* Recursion through call-free code only.  */
static int __attribute__ ((noinline))
depth (int n)
{
  return n > 0 ? depth (n - 1) + 1 : 0;
}

/* Calls a call-free function: call-free too.  */
static int __attribute__ ((noinline))
twice_sum (int n)
{
  return sum_to (n) + sum_to (n + 1);
}

static int __attribute__ ((noinline))
uses_free (int n)
{
  return sum_to (n) + depth (n) + twice_sum (n);	/* @F */
}

static void __attribute__ ((noinline))
die_if (int n)
{
  if (n > 2)
    {
      printf ("exit\n");
      exit (0);
    }
}

/* die_if may exit: a frame, and the third call's path is cut.  */
static int __attribute__ ((noinline))
checked (int n)
{
  die_if (n);
  return n;
}

static int __attribute__ ((noinline))
uses_exit (int n)
{
  return checked (n) + sum_to (n);			/* @E */
}

/* Two potential paths, one never run; the cut paths at checked's call
   are no potential paths, so the untested one is listed.  */
static int __attribute__ ((noinline))
branchy (int n)
{
  int r;
  if (n > 100)				/* @BI */
    r = 1;				/* @BT */
  else
    r = 2;				/* @BE */
  checked (n);				/* @BC */
  return r;				/* @BR */
}

/* An indirect call: a frame.  */
static int (*volatile fp) (int) = sum_to;

static int __attribute__ ((noinline))
uses_pointer (int n)
{
  return fp (n);
}

int
main (void)
{
  int t = 0;
  for (int i = 0; i < 3; i++)
    t += uses_free (i) + uses_pointer (i) + branchy (i);
  printf ("%d\n", t);
  for (int i = 1; i < 4; i++)
    t += uses_exit (i);
  return t == 0;
}

/* { dg-final { pathprof-compiler-output "'uses_free': \[^\n\]*counters\n" } }
   { dg-final { pathprof-compiler-output "'twice_sum': \[^\n\]*counters\n" } }
   { dg-final { pathprof-compiler-output "'depth': \[^\n\]*counters\n" } }
   { dg-final { pathprof-compiler-output "'uses_exit': \[^\n\]*, a frame for its cut paths\n" } }
   { dg-final { pathprof-compiler-output "'checked': \[^\n\]*, a frame for its cut paths\n" } }
   { dg-final { pathprof-compiler-output "'uses_pointer': \[^\n\]*, a frame for its cut paths\n" } }
   { dg-final { pathprof-path uses_free "F" 3 entry return } }
   { dg-final { pathprof-path uses_exit "E" 2 entry return } }
   { dg-final { pathprof-path uses_exit "E" 1 entry call } }
   { dg-final { pathprof-path checked "*" 1 entry call } }
   { dg-final { pathprof-untested branchy { "BI BT BC BR" } } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
