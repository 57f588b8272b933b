# SPDX-License-Identifier: GPL-3.0-or-later
# torture-directives.tcl -- what GCC's execute.exp would do with c-torture
# programs, for testsuite/torture.sh.
#
# Usage: tclsh torture-directives.tcl CC OPTIONS FILE...
#
# GCC's gcc.c-torture/execute/execute.exp runs every *.c with
# "gcc-dg-runtest FILES {} -w": each program is compiled at each torture
# option set with the flags "OPTIONS EXTRA", where EXTRA is "-w" unless the
# program's dg-options replaces it, plus its dg-additional-options; it is
# linked with -lm (DejaGnu's default_target_compile) and must exit 0.
# dg-skip-if, dg-require-* and a dg-do other than run make it UNSUPPORTED.
# A C++ program (*.C, g++.dg/torture and g++.dg/eh) is not run unless its
# dg-do says run: g++.dg's default is compile.  It is built with the C++
# compiler's default standard, which decides the c++NN, c++NN_only and
# c++NN_down keywords of its selectors.
# This script reads those directives as DejaGnu does (dg-get-options:
# "{ dg-NAME ARGS }" on one line, ARGS a Tcl list) and prints, for each
# FILE, one tab-separated line:
#
#   FILE  run  FLAGS     compile with FLAGS (OPTIONS first, as GCC does)
#   FILE  na   REASON    GCC's harness would not run it here, or it uses a
#                        directive or effective target this script does
#                        not know: not applicable
#
# The target is the one CC compiles for: its triplet (-dumpmachine,
# canonicalised to CPU-VENDOR-OS as config.guess spells it) and its
# predefined macros.  Effective-target keywords come from those macros
# (data model, __int128, decimal float) and, for a GNU/Linux target, from
# what a hosted GNU/Linux system always has (alloca, trampolines,
# label_values, weak, alias, ...).  An unknown keyword is false in a
# selector and makes dg-require-effective-target not applicable.
#
# Debugging: tclsh torture-directives.tcl gcc -O2 DIR/920501-7.c

if { [llength $argv] < 2 } {
    puts stderr "usage: tclsh torture-directives.tcl CC OPTIONS FILE..."
    exit 2
}
set cc [lindex $argv 0]
set torture_options [lindex $argv 1]
set files [lrange $argv 2 end]

# ------------------------------------------------------------ the target

# CPU-VENDOR-OS, as DejaGnu's target_triplet: Debian's gcc says
# x86_64-linux-gnu, config.guess says x86_64-pc-linux-gnu.
proc canonical_triplet { machine } {
    set parts [split $machine -]
    if { [llength $parts] == 3 && [regexp {^(linux|gnu|kfreebsd)} [lindex $parts 1]] } {
	set cpu [lindex $parts 0]
	set vendor [expr { [regexp {^(i.86|x86_64)$} $cpu] ? "pc" : "unknown" }]
	set parts [linsert $parts 1 $vendor]
    }
    return [join $parts -]
}

if { [catch { exec $cc -dumpmachine } machine] } {
    puts stderr "torture-directives: cannot run $cc: $machine"
    exit 2
}
set triplet [canonical_triplet [string trim $machine]]
if { [catch { exec $cc -dM -E -x c /dev/null } macro_text] } {
    puts stderr "torture-directives: $cc -dM -E failed: $macro_text"
    exit 2
}
foreach line [split $macro_text "\n"] {
    if { [regexp {^#define (\S+) ?(.*)$} $line -> name value] } {
	set macro($name) $value
    }
}

proc macro_value { name { default "" } } {
    global macro
    if { [info exists macro($name)] } { return $macro($name) }
    return $default
}

# Effective-target keywords: 1 true, 0 false; absent means unknown.
set et(lp64) [expr { [macro_value __LP64__ 0] == 1 }]
set et(ilp32) [expr { [macro_value __ILP32__ 0] == 1 }]
set et(ia32) [expr { [info exists macro(__i386__)] && ![info exists macro(__x86_64__)] }]
set et(x32) [expr { [info exists macro(__x86_64__)] && $et(ilp32) }]
set et(int16) [expr { [macro_value __SIZEOF_INT__ 0] == 2 }]
set et(int32) [expr { [macro_value __SIZEOF_INT__ 0] == 4 }]
set et(int32plus) [expr { [macro_value __SIZEOF_INT__ 0] >= 4 }]
set et(longlong64) [expr { [macro_value __SIZEOF_LONG_LONG__ 0] == 8 }]
set et(double64) [expr { [macro_value __SIZEOF_DOUBLE__ 0] == 8 }]
set et(double64plus) [expr { [macro_value __SIZEOF_DOUBLE__ 0] >= 8 }]
set et(int128) [info exists macro(__SIZEOF_INT128__)]
set et(dfp) [info exists macro(__DEC32_MANT_DIG__)]
set et(ptr32plus) [expr { [macro_value __SIZEOF_POINTER__ 0] >= 4 }]
set et(freestanding) 0
set et(newlib_nano_io) 0
set et(vxworks_kernel) 0
set et(native) 1
if { [string match *-*-linux* $triplet] } {
    foreach keyword {alloca label_values trampolines indirect_jumps
		     untyped_assembly return_address fileio unwrapped mmap
		     c99_runtime stdint_types signal fpic pie nonlocal_goto
		     named_sections weak alias exceptions} {
	set et($keyword) 1
    }
}
# C++'s standard keywords, from the C++ compiler's __cplusplus (201703
# for gnu++17): c++NN holds from that standard on, c++NN_only for it
# alone, c++NN_down up to it.  Set only when CC compiles C++.
if { ![catch { exec $cc -dM -E -x c++ /dev/null } cxx_macros]
     && [regexp {#define __cplusplus (\d+)L} $cxx_macros -> cplusplus] } {
    set year [expr { $cplusplus / 100 }]
    foreach {name standard} {98 1998 03 2003 11 2011 14 2014 17 2017
			     20 2020 2a 2020 23 2023 2b 2023 26 2026 2c 2026} {
	set et(c++$name) [expr { $year >= $standard }]
	set et(c++${name}_only) [expr { $year == $standard
				      || ($standard == 1998 && $year == 2003) }]
	set et(c++${name}_down) [expr { $year <= $standard }]
    }
}
# Keywords asked for but unknown, for the reason of a "na".
set unknown_keywords {}

# ----------------------------------------------------------- selectors

# One word of a selector: a triplet glob (it has a dash) or an
# effective-target keyword.
proc selector_word { word } {
    global triplet et unknown_keywords
    if { [string first - $word] >= 0 } {
	return [string match $word $triplet]
    }
    if { [info exists et($word)] } {
	return $et($word)
    }
    lappend unknown_keywords $word
    return 0
}

# A selector as GCC's target-supports-dg.exp reads it: a list of words
# (true if any is) or an expression of words and braced sub-selectors with
# !, && and || (left to right, ! binding tightest).
proc selector_true { selector } {
    set tokens $selector
    if { [lsearch -exact $tokens "!"] < 0 && [lsearch -exact $tokens "&&"] < 0
	 && [lsearch -exact $tokens "||"] < 0 } {
	foreach token $tokens {
	    if { [selector_term $token] } { return 1 }
	}
	return 0
    }
    set position 0
    set value [selector_unary $tokens position]
    while { $position < [llength $tokens] } {
	set operator [lindex $tokens $position]
	incr position
	set right [selector_unary $tokens position]
	switch -- $operator {
	    && { set value [expr { $value && $right }] }
	    || { set value [expr { $value || $right }] }
	    default { error "bad selector operator '$operator' in {$selector}" }
	}
    }
    return $value
}

proc selector_unary { tokens position_var } {
    upvar $position_var position
    set token [lindex $tokens $position]
    incr position
    if { $token eq "!" } {
	return [expr { ![selector_unary $tokens position] }]
    }
    return [selector_term $token]
}

proc selector_term { token } {
    if { [llength $token] != 1 || $token ne [lindex $token 0] } {
	return [selector_true $token]
    }
    return [selector_word $token]
}

# "target SELECTOR" or "xfail SELECTOR" as the optional last argument of
# dg-do, dg-options, dg-additional-options: is this target selected?
proc target_selected { selector } {
    set kind [lindex $selector 0]
    set rest [lrange $selector 1 end]
    if { [llength $rest] == 1 } { set rest [lindex $rest 0] }
    switch -- $kind {
	target { return [selector_true $rest] }
	xfail { return 1 }
	default { error "unsupported selector kind '$kind'" }
    }
}

# dg-skip-if's option lists (GCC's check_conditional_xfail): every option
# of INCLUDE ("*": any) is among FLAGS and none of EXCLUDE is.
proc options_match { flags include exclude } {
    if { [lindex $include 0] ne "*" } {
	foreach option $include {
	    if { [lsearch -exact $flags $option] < 0 } { return 0 }
	}
    }
    foreach option $exclude {
	if { $option ne "" && [lsearch -exact $flags $option] >= 0 } {
	    return 0
	}
    }
    return 1
}

# ---------------------------------------------------------- directives

# The directives of FILE, as DejaGnu's dg-get-options finds them: a list
# of {LINE NAME ARGS}.
proc file_directives { file } {
    set channel [open $file r]
    set text [read $channel]
    close $channel
    set result {}
    set line_number 0
    foreach line [split $text "\n"] {
	incr line_number
	if { [regexp "\{\[ \t\]+(dg-\[-a-z\]+)\[ \t\]+(.*)\[ \t\]+\}" $line \
		  -> name args] } {
	    lappend result [list $line_number $name $args]
	}
    }
    return $result
}

# Flags of a dg-options argument: a Tcl list, possibly of one quoted
# string ({ "-fwrapv" }).
proc flag_words { text } {
    set words {}
    foreach element $text {
	foreach word $element { lappend words $word }
    }
    return $words
}

# "run FLAGS" or "na REASON" for one program.
proc program_plan { file } {
    global torture_options unknown_keywords
    set extra {-w}
    set additional {}
    set run [expr { [file extension $file] ne ".C" }]
    foreach directive [file_directives $file] {
	lassign $directive line name args
	set where "line $line"
	if { [catch { llength $args }] } {
	    return [list na "$name at $where: unreadable arguments"]
	}
	set unknown_keywords {}
	switch -- $name {
	    dg-do {
		set what [lindex $args 0]
		if { [llength $args] > 1 && ![target_selected [lindex $args 1]] } {
		    return [list na "$name $what: target not selected"]
		}
		if { $what ne "run" } {
		    return [list na "$name $what: not a run test"]
		}
		set run 1
	    }
	    dg-options {
		if { [llength $args] < 2 || [target_selected [lindex $args 1]] } {
		    set extra [flag_words [lindex $args 0]]
		    set additional {}
		}
	    }
	    dg-additional-options {
		if { [llength $args] < 2 || [target_selected [lindex $args 1]] } {
		    lappend additional {*}[flag_words [lindex $args 0]]
		}
	    }
	    dg-add-options {
		foreach feature $args {
		    # stack_size: -DSTACK_SIZE only on boards with a small
		    # stack; ieee: nothing on x86 and most targets we run on.
		    if { $feature ni {stack_size ieee} } {
			return [list na "$name $feature at $where: unknown feature"]
		    }
		}
	    }
	    dg-skip-if {
		set selector [lindex $args 1]
		set include [expr { [llength $args] > 2 ? [lindex $args 2] : "*" }]
		set exclude [expr { [llength $args] > 3 ? [lindex $args 3] : "" }]
		set flags [concat $torture_options $extra $additional]
		if { [selector_true $selector]
		     && [options_match $flags $include $exclude] } {
		    return [list na "$name \"[lindex $args 0]\" at $where"]
		}
	    }
	    dg-require-effective-target {
		set keyword [lindex $args 0]
		if { [llength $args] > 1 && ![target_selected [lindex $args 1]] } {
		    continue
		}
		if { ![selector_word $keyword] } {
		    if { [llength $unknown_keywords] } {
			return [list na "$name $keyword: keyword unknown to torture-directives.tcl"]
		    }
		    return [list na "$name $keyword: not this target"]
		}
	    }
	    dg-require-stack-size -
	    dg-require-weak -
	    dg-require-alias {
		# Hosted ELF GNU/Linux: no stack limit below the default
		# 8 MiB that these tests need; weak symbols and aliases.
		if { ![string match *-*-linux* $::triplet] } {
		    return [list na "$name at $where: only known on GNU/Linux"]
		}
	    }
	    dg-xfail-if - dg-xfail-run-if - dg-prune-output - dg-timeout-factor -
	    dg-warning - dg-message - dg-bogus {
		# Expectations about messages or failures on other targets:
		# our reference is the program's plain build and run.
	    }
	    default {
		return [list na "$name at $where: directive unknown to torture-directives.tcl"]
	    }
	}
    }
    if { !$run } {
	return [list na "no dg-do run: a compile test"]
    }
    return [list run [join [concat $torture_options $extra $additional]]]
}

foreach file $files {
    if { [catch { program_plan $file } plan] } {
	set plan [list na "cannot read its directives: $plan"]
    }
    puts "$file\t[lindex $plan 0]\t[lindex $plan 1]"
}
