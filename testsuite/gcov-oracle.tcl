# SPDX-License-Identifier: GPL-3.0-or-later
# gcov-oracle.tcl -- the Tcl half of testsuite/gcov-oracle.sh: what GCC's
# gcov.exp would do with the gcc.misc-tests/gcov-*.c programs, and the
# check of their count() annotations against a gcov-style listing.
#
# Usage:
#   tclsh gcov-oracle.tcl plan CC FILE...
#       one tab-separated line per FILE:
#         NAME  run   FLAGS  SOURCES  GCOV-FILES
#         NAME  skip  REASON
#       FLAGS: the test's own options (a subset of -fprofile-arcs
#       -ftest-coverage --coverage -O0); SOURCES: its dg-additional-sources
#       ("-" for none); GCOV-FILES: the files its "dg-final { run-gcov ... }"
#       directives name, whose annotations are checked (space-separated
#       lists).
#   tclsh gcov-oracle.tcl verify SOURCE LISTING [GCOV-LISTING [NOTE]]
#       one PASS:/FAIL: line per count() annotation of SOURCE, its count
#       read from LISTING (pathprof-dump --annotate, gcov's layout); each
#       FAIL also gives gcov's count from GCOV-LISTING (gcov -t) and NOTE.
#
# The directives are read by testsuite/torture-directives.tcl's procedures
# (target selectors, effective-target keywords of a GNU/Linux target),
# loaded with no file to plan.  A test is skipped when it is not a run
# test, when its dg-options or dg-additional-options ask for anything
# beyond -fprofile-arcs -ftest-coverage (and -O0), when dg-skip-if
# selects this target, when a dg-require-* is not met, or when it has a
# directive this script does not know.
#
# The annotations are those of gcov.exp's verify-lines: on each line, the
# LAST "count(C)" (its regexp is greedy), C made of digits, "-", "#",
# "=", ".", "kMGTPEZY" and "*", compared as a string with the count
# column of the listing: "5", "#####" (executable, never run), "-" (no
# code), "5*" (some block of the line never ran).  A "{ xfail ... }"
# after it is reported, never honoured: a failure is a failure.  The one
# exception is an annotation GCC marks "{ xfail *-*-* }", failing for gcov
# itself everywhere: it is not the truth, so the line is checked against
# the count gcov itself gives (and fails when gcov gives none).
#
# Debugging: tclsh gcov-oracle.tcl plan gcc DIR/gcov-13.c

if { [llength $argv] < 1 } {
    puts stderr "usage: tclsh gcov-oracle.tcl plan CC FILE... | verify SOURCE LISTING \[GCOV-LISTING \[NOTE\]\]"
    exit 2
}

set here [file dirname [info script]]

# ------------------------------------------------------------ plan

# The flags a test may have: what gcov.exp's own runs use, nothing that
# changes the code pathprof sees.
set allowed_flags {-fprofile-arcs -ftest-coverage --coverage -O0}

# The files named by a "run-gcov ARGS" directive: gcov.exp's run-gcov
# takes "calls", "branches", "intermediate" and "remove-gcda" as words
# (GCC 14 and 15 add "conditions", "prime-paths" and a list
# "filters { ... } { ... }"), then gcov's arguments (the last one is the
# file), then a selector.
proc run_gcov_file { arguments } {
    set gcov_args ""
    foreach a $arguments {
	if { $a in {calls branches intermediate remove-gcda conditions
		    prime-paths}
	     || [lindex $a 0] eq "filters" } {
	    continue
	}
	if { $gcov_args eq "" } {
	    set gcov_args $a
	}
    }
    return [lindex $gcov_args end]
}

proc test_plan { file } {
    global allowed_flags
    set flags {}
    set sources {}
    set gcov_files {}
    foreach directive [file_directives $file] {
	lassign $directive line name args
	set where "line $line"
	if { [catch { llength $args }] } {
	    return [list skip "$name at $where: unreadable arguments"]
	}
	switch -- $name {
	    dg-do {
		set what [lindex $args 0]
		if { [llength $args] > 1 && ![target_selected [lindex $args 1]] } {
		    return [list skip "dg-do $what: target not selected"]
		}
		if { $what ne "run" } {
		    return [list skip "dg-do $what: not a run test"]
		}
	    }
	    dg-options - dg-additional-options {
		if { [llength $args] > 1 && ![target_selected [lindex $args 1]] } {
		    continue
		}
		set words [flag_words [lindex $args 0]]
		set extra {}
		foreach word $words {
		    if { $word ni $allowed_flags } { lappend extra $word }
		}
		if { [llength $extra] } {
		    return [list skip "$name needs [join $extra]"]
		}
		lappend flags {*}$words
	    }
	    dg-skip-if {
		set selector [lindex $args 1]
		set include [expr { [llength $args] > 2 ? [lindex $args 2] : "*" }]
		set exclude [expr { [llength $args] > 3 ? [lindex $args 3] : "" }]
		if { [selector_true $selector]
		     && [options_match $flags $include $exclude] } {
		    return [list skip "dg-skip-if \"[lindex $args 0]\" selects this target"]
		}
	    }
	    dg-require-effective-target {
		set keyword [lindex $args 0]
		if { [llength $args] > 1 && ![target_selected [lindex $args 1]] } {
		    continue
		}
		if { ![selector_word $keyword] } {
		    return [list skip "dg-require-effective-target $keyword: not known true here"]
		}
	    }
	    dg-require-weak - dg-require-fork - dg-require-alias {
		# What a hosted ELF GNU/Linux system always has.
		if { ![string match *-*-linux* $::triplet] } {
		    return [list skip "$name: only known on GNU/Linux"]
		}
	    }
	    dg-additional-sources {
		lappend sources {*}[lindex $args 0]
	    }
	    dg-final {
		set final [lindex $args 0]
		if { [lindex $final 0] eq "run-gcov" } {
		    lappend gcov_files [run_gcov_file [lrange $final 1 end]]
		}
	    }
	    default {
		return [list skip "$name at $where: directive unknown to gcov-oracle.tcl"]
	    }
	}
    }
    if { [llength $gcov_files] == 0 } {
	return [list skip "no run-gcov directive"]
    }
    if { [llength $sources] == 0 } { set sources - }
    return [list run [join $flags] [join $sources] [join $gcov_files]]
}

# ------------------------------------------------------------ verify

# The count column of each line of FILE in LISTING: an array line number
# -> count.  A listing may name one file in several sections (a file that
# includes itself as "./gcov-15.c"): like gcov, which merges the names of
# one file (gcov.cc, find_source: canonicalize_name), the sections whose
# Source is FILE once "." and ".." are resolved are merged: counts added,
# "*" if any section has it, "-" (no code) adding nothing.
proc listing_counts { listing file array_name } {
    upvar $array_name count
    set wanted [file normalize $file]
    set channel [open $listing r]
    set in_file 0
    while { [gets $channel line] >= 0 } {
	if { [regexp {^ *-: *0:Source:(.*)$} $line -> source] } {
	    set in_file [expr { [file normalize $source] eq $wanted }]
	    continue
	}
	if { !$in_file || ![regexp {^ *([^:]*): *([0-9]+):} $line -> is n]
	     || $n == 0 } {
	    continue
	}
	if { ![info exists count($n)] || $count($n) eq "-" } {
	    set count($n) $is
	} elseif { $is ne "-" } {
	    set count($n) [merge_counts $count($n) $is]
	}
    }
    close $channel
}

# Two counts of one line, as gcov adds them.
proc merge_counts { a b } {
    set star [expr { [string match *\\* $a] || [string match *\\* $b] ? "*" : "" }]
    set sum 0
    foreach c [list $a $b] {
	set c [string trimright $c *]
	if { [string is wideinteger -strict $c] } {
	    set sum [expr { $sum + $c }]
	} elseif { ![regexp {^[#=]+$} $c] } {
	    # Human-readable counts (gcov -H) cannot be added.
	    return "$a+$b"
	}
    }
    if { $sum == 0 } { return "#####" }
    return "$sum$star"
}

proc verify { source listing gcov_listing note } {
    listing_counts $listing $source seen
    if { $gcov_listing ne "" && [file exists $gcov_listing] } {
	listing_counts $gcov_listing $source gcov
    }
    set name [file tail $source]
    set channel [open $source r]
    set n 0
    while { [gets $channel text] >= 0 } {
	incr n
	# gcov.exp's verify-lines, on the source text.
	if { ![regexp ".*count\\((\[0-9\\-#=\\.kMGTPEZY\*]+)\\)(.*)" \
		   $text -> shouldbe rest] } {
	    continue
	}
	set xfail ""
	set is [expr { [info exists seen($n)] ? $seen($n) : "" }]
	set reference ""
	if { [info exists gcov($n)] } {
	    set reference "; gcov: $gcov($n)"
	} elseif { $gcov_listing ne "" } {
	    set reference "; gcov: no data"
	}
	if { [regexp "^ *{(.*)}" $rest -> selector] } {
	    set xfail " (GCC's annotation says {$selector}: gcov.exp does not expect gcov itself to pass it)"
	    # Failing on every target: the annotation is not what gcov
	    # counts, so gcov's own count is the truth for the line.
	    if { [regexp {^ *xfail +\*-\*-\* *$} $selector]
		 && [info exists gcov($n)] } {
		if { $is eq $gcov($n) } {
		    puts "PASS: $name:$n: count $is (the annotation's $shouldbe is xfail in GCC; gcov counts $gcov($n))"
		} else {
		    puts "FAIL: $name:$n: expected $gcov($n) (gcov's count: the annotation's $shouldbe is xfail in GCC), seen $is$note"
		}
		continue
	    }
	}
	if { $is eq "" } {
	    puts "FAIL: $name:$n: expected $shouldbe, seen no data$reference$xfail$note"
	} elseif { $is ne $shouldbe } {
	    puts "FAIL: $name:$n: expected $shouldbe, seen $is$reference$xfail$note"
	} else {
	    puts "PASS: $name:$n: count $is"
	}
    }
    close $channel
}

# ------------------------------------------------------------ main

switch -- [lindex $argv 0] {
    plan {
	if { [llength $argv] < 2 } {
	    puts stderr "usage: tclsh gcov-oracle.tcl plan CC FILE..."
	    exit 2
	}
	set tests [lrange $argv 2 end]
	# torture-directives.tcl's procedures and target, with no file.
	set argv [list [lindex $argv 1] -O0]
	source [file join $here torture-directives.tcl]
	foreach file $tests {
	    if { [catch { test_plan $file } plan] } {
		set plan [list skip "cannot read its directives: $plan"]
	    }
	    puts [join [concat [list [file tail $file]] $plan] "\t"]
	}
    }
    verify {
	lassign [lrange $argv 1 end] source listing gcov_listing note
	if { $source eq "" || $listing eq "" } {
	    puts stderr "usage: tclsh gcov-oracle.tcl verify SOURCE LISTING \[GCOV-LISTING \[NOTE\]\]"
	    exit 2
	}
	if { $note ne "" } { set note " \[$note\]" }
	verify $source $listing $gcov_listing $note
    }
    default {
	puts stderr "gcov-oracle.tcl: unknown command '[lindex $argv 0]'"
	exit 2
    }
}
