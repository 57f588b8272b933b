/* update is "single" or "atomic"; anything else is an error naming the
   bad value.  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pathprof-update=sometimes" } */
/* { dg-error "update.*sometimes" "" { target *-*-* } 0 } */
/* { dg-prune-output {failed to initiali[sz]e plugin} } */

int
main (void)
{
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
