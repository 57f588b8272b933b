/* max-mapped takes a number (0 for none); anything else is an error
   naming the bad value.  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pathprof-max-mapped=12x" } */
/* { dg-error "max-mapped.*needs a number.*12x" "" { target *-*-* } 0 } */
/* { dg-prune-output {failed to initiali[sz]e plugin} } */

int
main (void)
{
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
