/* -fplugin-arg-pathprof-help lists every key the plugin accepts, and the
   compilation goes on.  The help text is not an error: every line of the
   compiler's output that is not an error or a warning is pruned.  */

/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pathprof-help" } */
/* { dg-prune-output "^(?!.*(error|warning):)" } */

int
main (void)
{
  return 0;
}

/* { dg-final { pathprof-compiler-output "placement=(optimized|naive)" } }
   { dg-final { pathprof-compiler-output "\\mdir=" } }
   { dg-final { pathprof-compiler-output "max-array=" } }
   { dg-final { pathprof-compiler-output "update=" } }
   { dg-final { pathprof-compiler-output "include=" } }
   { dg-final { pathprof-compiler-output "exclude=" } }
   { dg-final { pathprof-compiler-output "\\mverbose\\M" } }
   { dg-final { pathprof-compiler-output "\\mhelp\\M" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
