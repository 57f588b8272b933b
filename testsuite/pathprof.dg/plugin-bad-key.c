/* An unknown key is an error that names it: a misspelt option must not
   silently profile differently from what the user asked.  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pathprof-bogus" } */
/* { dg-error "unknown argument.*pathprof-bogus" "" { target *-*-* } 0 } */
/* { dg-prune-output {failed to initiali[sz]e plugin} } */

int
main (void)
{
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
