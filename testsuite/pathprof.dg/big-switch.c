/* A big switch (32 cases and a default) in a loop nest, with its paths
   truncated on purpose: max-paths=64 limits the paths any block may
   start (doc/plugin.md), so the switch block, which would start 66, has
   edges cut (Ball & Larus section 5.3; design.md, trap 10).  Every path
   is still counted exactly: the counts of the pieces before and after
   the cut add up to the executions of each case.

   The CFG as the plugin sees it (GCC 12 C puts each for's test at the
   bottom, after the increment, on the for's line):
     B0 (S, r = 0 on OL) -> OT (outer test, OL) -> IInit (i = 0, IL)
     -> IT (inner test, IL) -> SW (the switch) -> C0 .. C31, CD -> P
     -> Q (odd values) -> J (i++, IL) -> IT: backedge J -> IT, "IL";
     IT false -> ORL (r++, OL) -> OT: backedge ORL -> OT, "OL";
     OT false -> the return (R).
   Numbering backwards (doc/algorithm.md section 5): J, Q and ORL start 1
   path each (they end at a backedge), P 2, every case block 2, so SW
   would start 33 * 2 = 66 > 64.  All its out-edges contribute 2; cutting
   stops only when SW is at most L/2 = 32, so all 33 are cut (SW then
   starts 33, one per cut dummy).  Then IT starts 34, OT and B0 35, all
   within 64; the entry (never cut) starts B0's 35, the two backedges'
   35 + 34 and the 33 cut edges' 2 each: 170 potential paths.

   The program: program[i] = 7 * i % 33 for i = 0 .. 39, a value of 32
   meaning the default.  7 is invertible mod 33, so i = 0 .. 32 hit every
   value 0 .. 32 once (32, the default, at i = 14), and i = 33 .. 39 hit
   0 7 14 21 28 2 9 again.  Per round of the inner loop: cases 0 2 7 9 14
   21 28 run twice, the other 25 cases and the default once (40 in all);
   odd values (Q) 16 + 3 (7 21 9) = 19 times.  run (3) and run (2) make 5
   rounds, 200 inner iterations.

   Paths:
     S OL IL SW    entry -> cut at SW            2  (i = 0 of each call)
     OL IL SW      outer backedge -> cut at SW   3  (the other rounds' i = 0)
     IL SW         inner backedge -> cut at SW   195 (i = 1 .. 39, 5 rounds)
     Ck P [Q] IL   cut at SW -> inner backedge   200: 10 for the cases
                   run twice per round, 5 for the others and the default;
                   Q for odd k
     IL OL         inner backedge -> outer backedge  5 (end of each round)
     OL R          outer backedge -> return      2
   407 path executions.  A piece ending at the cut says which cut edge
   (which case) it ends at, so the distinct paths are: the first two kinds
   always end at the cut edge to case 0 (program[0] = 0): 2 paths; the
   "IL SW" pieces end at all 33 cut edges: 33 paths, whose counts are 5
   for case 0 (it runs after the inner backedge only at i = 33), 10 for
   cases 2 7 9 14 21 28 (twice per round), 5 for the 25 others and the
   default: 6 counts of 10 and 27 of 5; 33 "Ck" pieces; "IL OL" and
   "OL R": 2 + 33 + 33 + 2 = 70.

   acc per round: 1 + 2 + .. + 32 = 528, plus 1 + 3 + 8 + 10 + 15 + 22 +
   29 = 88 for the repeated values, minus 1 for the default: 615.
   run (3) = 1845 * 1000 + 57, run (2) = 1230 * 1000 + 38.  */

/* { dg-do run } */
/* { dg-options "-fplugin-arg-pathprof-max-paths=64" } */

#include <stdio.h>

static unsigned char program[40];

__attribute__ ((noinline)) static long
run (int rounds)
{
  long acc = 0;				/* @S */
  int odd = 0;				/* @S */
  for (int r = 0; r < rounds; r++)	/* @OL */
    for (int i = 0; i < 40; i++)	/* @IL */
      {
	switch (program[i])		/* @SW */
	  {
	  case 0:
	    acc += 1;		/* @C0 */
	    break;
	  case 1:
	    acc += 2;		/* @C1 */
	    break;
	  case 2:
	    acc += 3;		/* @C2 */
	    break;
	  case 3:
	    acc += 4;		/* @C3 */
	    break;
	  case 4:
	    acc += 5;		/* @C4 */
	    break;
	  case 5:
	    acc += 6;		/* @C5 */
	    break;
	  case 6:
	    acc += 7;		/* @C6 */
	    break;
	  case 7:
	    acc += 8;		/* @C7 */
	    break;
	  case 8:
	    acc += 9;		/* @C8 */
	    break;
	  case 9:
	    acc += 10;		/* @C9 */
	    break;
	  case 10:
	    acc += 11;		/* @C10 */
	    break;
	  case 11:
	    acc += 12;		/* @C11 */
	    break;
	  case 12:
	    acc += 13;		/* @C12 */
	    break;
	  case 13:
	    acc += 14;		/* @C13 */
	    break;
	  case 14:
	    acc += 15;		/* @C14 */
	    break;
	  case 15:
	    acc += 16;		/* @C15 */
	    break;
	  case 16:
	    acc += 17;		/* @C16 */
	    break;
	  case 17:
	    acc += 18;		/* @C17 */
	    break;
	  case 18:
	    acc += 19;		/* @C18 */
	    break;
	  case 19:
	    acc += 20;		/* @C19 */
	    break;
	  case 20:
	    acc += 21;		/* @C20 */
	    break;
	  case 21:
	    acc += 22;		/* @C21 */
	    break;
	  case 22:
	    acc += 23;		/* @C22 */
	    break;
	  case 23:
	    acc += 24;		/* @C23 */
	    break;
	  case 24:
	    acc += 25;		/* @C24 */
	    break;
	  case 25:
	    acc += 26;		/* @C25 */
	    break;
	  case 26:
	    acc += 27;		/* @C26 */
	    break;
	  case 27:
	    acc += 28;		/* @C27 */
	    break;
	  case 28:
	    acc += 29;		/* @C28 */
	    break;
	  case 29:
	    acc += 30;		/* @C29 */
	    break;
	  case 30:
	    acc += 31;		/* @C30 */
	    break;
	  case 31:
	    acc += 32;		/* @C31 */
	    break;
	  default:
	    acc -= 1;			/* @CD */
	    break;
	  }
	if (program[i] & 1)		/* @P */
	  odd++;			/* @Q */
      }
  return acc * 1000 + odd;		/* @R */
}

int
main (void)
{
  for (int i = 0; i < 40; i++)
    program[i] = 7 * i % 33;
  long a = run (3);
  long b = run (2);
  printf ("%ld %ld\n", a, b);
  return 0;
}

/* { dg-output "1845057 1230038" }
   { dg-final { pathprof-potential run 170 } }
   { dg-final { pathprof-path run "S OL IL SW" 2 entry cut:SW } }
   { dg-final { pathprof-path run "OL IL SW" 3 backedge:OL cut:SW } }
   { dg-final { pathprof-path run "IL SW" 195 backedge:IL cut:SW } }
   { dg-final { pathprof-path-counts run "IL SW" {10 10 10 10 10 10 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5} backedge:IL cut:SW } }
   { dg-final { pathprof-path run "*" 200 * cut:SW } }
   { dg-final { pathprof-path run "*" 200 cut:SW * } }
   { dg-final { pathprof-path run "IL OL" 5 backedge:IL backedge:OL } }
   { dg-final { pathprof-path run "OL R" 2 backedge:OL return } }
   { dg-final { pathprof-path run "*Q*" 95 } }
   { dg-final { pathprof-executed run 70 } }
   { dg-final { pathprof-total run 407 } }

   Each case, after the cut:
   { dg-final { pathprof-path run "C0 P IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C1 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C2 P IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C3 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C4 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C5 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C6 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C7 P Q IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C8 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C9 P Q IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C10 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C11 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C12 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C13 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C14 P IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C15 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C16 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C17 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C18 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C19 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C20 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C21 P Q IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C22 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C23 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C24 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C25 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C26 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C27 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C28 P IL" 10 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C29 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C30 P IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "C31 P Q IL" 5 cut:SW backedge:IL } }
   { dg-final { pathprof-path run "CD P IL" 5 cut:SW backedge:IL } }

   The dump names the 33 cut edges, all from the switch's line.
   { dg-final { proc pathprof-label-line { label } { foreach { key labels } [pathprof-labels] { if { [lsearch -exact $labels $label] >= 0 } { return [lindex [split $key :] end] } }; return 0 } } }
   { dg-final { proc pathprof-cuts-at { func label n } { global pp; set what "--json cuts of $func: $n from $label"; if { $pp(status) ne "ok" } { unresolved "$pp(name) $what: $pp(status)"; return }; set j [pathprof-json-function $func]; set line [pathprof-label-line $label]; set seen {}; if { $j ne "" && [dict exists $j cuts] } { foreach c [dict get $j cuts] { lappend seen [dict get $c from line] } }; if { $j ne "" && [dict get $j truncated] && [llength $seen] == $n && [lsort -unique $seen] eq $line } { pass "$pp(name) $what" } else { fail "$pp(name) $what (line $line): saw cuts from lines {$seen}" } } } }
   { dg-final { pathprof-cuts-at run SW 33 } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
