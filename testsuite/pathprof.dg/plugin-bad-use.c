/* use=FILE must name a .pathprof file that can be read: otherwise an
   error naming it, before any function is compiled
   (pathprof.build/build.exp tries a directory, garbage and a damaged
   profile).  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pathprof-use=no-such-profile.pathprof" } */
/* { dg-error "cannot use profile .no-such-profile.pathprof.: does not exist" "" { target *-*-* } 0 } */
/* { dg-prune-output {failed to initiali[sz]e plugin} } */

int
main (void)
{
  return 0;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
