/* 100 ifs in a row: 2^100 acyclic paths, far more than 64 bits can
   number.  The core cuts edges the way it cuts backedges (Ball & Larus
   section 5.3; design.md, trap 10; doc/algorithm.md section 5), every
   path is still counted exactly, and the dump says where the paths were
   cut.  (many-paths.c has 70 ifs on one line; here every if has its own
   line and label, I0 .. I99, so the directives can say where the cut is.)

   The cut, by hand, from the rule of doc/algorithm.md section 5: the
   limit per block is L = (2^63 - 1) / (E + 2), E the number of CFG edges.
   At -O0 and -O2 alike (the plugin sees the CFG before any optimisation)
   each "if (v[k]) s += k;" is a condition block Ik with an edge to its
   "then" block and one to the next condition, and the then block has an
   edge to the next condition: 300 edges, plus a few around the entry and
   the return, so E is about 303 and 2^54 < L < 2^55 (that holds for any
   E from 255 to 510).  Numbering from the return backwards, the
   condition of if k starts 2^(100-k) paths: the first block past L is
   I45, with 2^55.  Both its out-edges contribute 2^54 > L/2, so both are
   cut (cutting stops only at L/2); I45 then starts 2 paths (its two cut
   dummies), so every condition before it starts 2^(46-k): nothing else
   is cut.  The entry starts 2^46 paths through I0 .. I45 plus, for each
   cut edge, the 2^54 paths after it:
     potential paths = 2^46 + 2 * 2^54 = 2^55 + 2^46 = 36099165763141632.
   Far more than max-array (524288): bits counts in the runtime's hash
   table.

   bits is called four times: all zeros (twice), all ones, and v[k] = 1
   for k a multiple of 3.  Every call runs one path from the entry to the
   cut at I45 and one from the cut to the return: v[45] is 0 for the
   zeros (the cut edge I45 -> I46) and 1 for the others (I45 -> its then
   block), and the then lines carry no label, so
     I0 I1 .. I45    entry -> cut at I45    3 paths, counts 2 1 1
     I46 .. I99 R    cut at I45 -> return   3 paths, counts 2 1 1
   6 distinct paths, 8 path executions.

   The sums: 0 + 4950 + (0 + 3 + .. + 99 = 3 * (0 + .. + 33) = 1683) + 0.  */

/* { dg-do run } */

#include <stdio.h>
#include <string.h>

__attribute__ ((noinline)) static int
bits (const unsigned char *v)
{
  int s = 0;			/* @S */
  if (v[0])			/* @I0 */
    s += 0;
  if (v[1])			/* @I1 */
    s += 1;
  if (v[2])			/* @I2 */
    s += 2;
  if (v[3])			/* @I3 */
    s += 3;
  if (v[4])			/* @I4 */
    s += 4;
  if (v[5])			/* @I5 */
    s += 5;
  if (v[6])			/* @I6 */
    s += 6;
  if (v[7])			/* @I7 */
    s += 7;
  if (v[8])			/* @I8 */
    s += 8;
  if (v[9])			/* @I9 */
    s += 9;
  if (v[10])			/* @I10 */
    s += 10;
  if (v[11])			/* @I11 */
    s += 11;
  if (v[12])			/* @I12 */
    s += 12;
  if (v[13])			/* @I13 */
    s += 13;
  if (v[14])			/* @I14 */
    s += 14;
  if (v[15])			/* @I15 */
    s += 15;
  if (v[16])			/* @I16 */
    s += 16;
  if (v[17])			/* @I17 */
    s += 17;
  if (v[18])			/* @I18 */
    s += 18;
  if (v[19])			/* @I19 */
    s += 19;
  if (v[20])			/* @I20 */
    s += 20;
  if (v[21])			/* @I21 */
    s += 21;
  if (v[22])			/* @I22 */
    s += 22;
  if (v[23])			/* @I23 */
    s += 23;
  if (v[24])			/* @I24 */
    s += 24;
  if (v[25])			/* @I25 */
    s += 25;
  if (v[26])			/* @I26 */
    s += 26;
  if (v[27])			/* @I27 */
    s += 27;
  if (v[28])			/* @I28 */
    s += 28;
  if (v[29])			/* @I29 */
    s += 29;
  if (v[30])			/* @I30 */
    s += 30;
  if (v[31])			/* @I31 */
    s += 31;
  if (v[32])			/* @I32 */
    s += 32;
  if (v[33])			/* @I33 */
    s += 33;
  if (v[34])			/* @I34 */
    s += 34;
  if (v[35])			/* @I35 */
    s += 35;
  if (v[36])			/* @I36 */
    s += 36;
  if (v[37])			/* @I37 */
    s += 37;
  if (v[38])			/* @I38 */
    s += 38;
  if (v[39])			/* @I39 */
    s += 39;
  if (v[40])			/* @I40 */
    s += 40;
  if (v[41])			/* @I41 */
    s += 41;
  if (v[42])			/* @I42 */
    s += 42;
  if (v[43])			/* @I43 */
    s += 43;
  if (v[44])			/* @I44 */
    s += 44;
  if (v[45])			/* @I45 */
    s += 45;
  if (v[46])			/* @I46 */
    s += 46;
  if (v[47])			/* @I47 */
    s += 47;
  if (v[48])			/* @I48 */
    s += 48;
  if (v[49])			/* @I49 */
    s += 49;
  if (v[50])			/* @I50 */
    s += 50;
  if (v[51])			/* @I51 */
    s += 51;
  if (v[52])			/* @I52 */
    s += 52;
  if (v[53])			/* @I53 */
    s += 53;
  if (v[54])			/* @I54 */
    s += 54;
  if (v[55])			/* @I55 */
    s += 55;
  if (v[56])			/* @I56 */
    s += 56;
  if (v[57])			/* @I57 */
    s += 57;
  if (v[58])			/* @I58 */
    s += 58;
  if (v[59])			/* @I59 */
    s += 59;
  if (v[60])			/* @I60 */
    s += 60;
  if (v[61])			/* @I61 */
    s += 61;
  if (v[62])			/* @I62 */
    s += 62;
  if (v[63])			/* @I63 */
    s += 63;
  if (v[64])			/* @I64 */
    s += 64;
  if (v[65])			/* @I65 */
    s += 65;
  if (v[66])			/* @I66 */
    s += 66;
  if (v[67])			/* @I67 */
    s += 67;
  if (v[68])			/* @I68 */
    s += 68;
  if (v[69])			/* @I69 */
    s += 69;
  if (v[70])			/* @I70 */
    s += 70;
  if (v[71])			/* @I71 */
    s += 71;
  if (v[72])			/* @I72 */
    s += 72;
  if (v[73])			/* @I73 */
    s += 73;
  if (v[74])			/* @I74 */
    s += 74;
  if (v[75])			/* @I75 */
    s += 75;
  if (v[76])			/* @I76 */
    s += 76;
  if (v[77])			/* @I77 */
    s += 77;
  if (v[78])			/* @I78 */
    s += 78;
  if (v[79])			/* @I79 */
    s += 79;
  if (v[80])			/* @I80 */
    s += 80;
  if (v[81])			/* @I81 */
    s += 81;
  if (v[82])			/* @I82 */
    s += 82;
  if (v[83])			/* @I83 */
    s += 83;
  if (v[84])			/* @I84 */
    s += 84;
  if (v[85])			/* @I85 */
    s += 85;
  if (v[86])			/* @I86 */
    s += 86;
  if (v[87])			/* @I87 */
    s += 87;
  if (v[88])			/* @I88 */
    s += 88;
  if (v[89])			/* @I89 */
    s += 89;
  if (v[90])			/* @I90 */
    s += 90;
  if (v[91])			/* @I91 */
    s += 91;
  if (v[92])			/* @I92 */
    s += 92;
  if (v[93])			/* @I93 */
    s += 93;
  if (v[94])			/* @I94 */
    s += 94;
  if (v[95])			/* @I95 */
    s += 95;
  if (v[96])			/* @I96 */
    s += 96;
  if (v[97])			/* @I97 */
    s += 97;
  if (v[98])			/* @I98 */
    s += 98;
  if (v[99])			/* @I99 */
    s += 99;
  return s;			/* @R */
}

int
main (void)
{
  unsigned char v[100];
  int sum = 0;
  memset (v, 0, sizeof v);
  sum += bits (v);
  memset (v, 1, sizeof v);
  sum += bits (v);
  for (int i = 0; i < 100; i++)
    v[i] = (i % 3 == 0);
  sum += bits (v);
  memset (v, 0, sizeof v);
  sum += bits (v);
  printf ("%d\n", sum);
  return 0;
}

/* { dg-output "6633" }
   { dg-final { pathprof-path-counts bits "S I0 I1 I2 * I43 I44 I45" {2 1 1} entry cut:I45 } }
   { dg-final { pathprof-path-counts bits "I46 I47 * I98 I99 R" {2 1 1} cut:I45 return } }
   { dg-final { pathprof-executed bits 6 } }
   { dg-final { pathprof-total bits 8 } }
   { dg-final { pathprof-potential bits 36099165763141632 } }

   The dump says where the paths were cut: the --json "cuts" of bits are
   the two out-edges of I45, and the text report's header has the line
   "Truncated:   bits: cut at hundred-ifs.c:L (bbA->bbB),
   hundred-ifs.c:L (bbA->bbC)" with L the line of I45: the file, and
   the two CFG edges that tell apart two cuts of one line.  (Helpers
   defined here: lib/pathprof.exp has no directive for the text report.)
   { dg-final { proc pathprof-label-line { label } { foreach { key labels } [pathprof-labels] { if { [lsearch -exact $labels $label] >= 0 } { return [lindex [split $key :] end] } }; return 0 } } }
   { dg-final { proc pathprof-report-matches { what re } { global pp PATHPROF_BUILD; if { $pp(status) ne "ok" } { unresolved "$pp(name) pathprof-dump report: $what: $pp(status)"; return }; set r [pathprof-exec [list $PATHPROF_BUILD/pathprof-dump --ascii $pp(dir)]]; if { [lindex $r 0] eq "0" && [regexp -line -- $re [lindex $r 1]] } { pass "$pp(name) pathprof-dump report: $what" } else { fail "$pp(name) pathprof-dump report: $what: not in: [pathprof-first-lines [lindex $r 1] 6]" } } } }
   { dg-final { proc pathprof-cuts-at { func label n } { global pp; set what "--json cuts of $func: $n from $label"; if { $pp(status) ne "ok" } { unresolved "$pp(name) $what: $pp(status)"; return }; set j [pathprof-json-function $func]; set line [pathprof-label-line $label]; set seen {}; if { $j ne "" && [dict exists $j cuts] } { foreach c [dict get $j cuts] { lappend seen [dict get $c from line] } }; if { $j ne "" && [dict get $j truncated] && [llength $seen] == $n && [lsort -unique $seen] eq $line } { pass "$pp(name) $what" } else { fail "$pp(name) $what (line $line): saw cuts from lines {$seen}" } } } }
   { dg-final { pathprof-cuts-at bits I45 2 } }
   { dg-final { set l [pathprof-label-line I45]; set e "\\(bb(\[0-9\]+)->bb\[0-9\]+\\)"; pathprof-report-matches "Truncated: bits: cut at hundred-ifs.c:$l (bbA->bbB), hundred-ifs.c:$l (bbA->bbC)" "^Truncated: +bits: cut at hundred-ifs.c:$l $e, hundred-ifs.c:$l $e\$" } } */
/* SPDX-License-Identifier: GPL-3.0-or-later */
