/* placement is "optimized" or "naive"; anything else is an error naming
   the bad value.  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pathprof-placement=foo" } */
/* { dg-error "placement.*foo" "" { target *-*-* } 0 } */
/* { dg-prune-output {failed to initiali[sz]e plugin} } */

int
main (void)
{
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
