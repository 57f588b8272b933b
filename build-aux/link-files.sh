#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# link-files.sh: write the files through which a link finds libpathprof,
# for the build tree (Makefile, target "all") and for "make install".
#
#   link-files.sh archive OUT LIBDIR SYMBOLS_FROM
#       OUT: a GNU ld script "libpathprof.a" that pulls the whole runtime
#       from LIBDIR/libpathprof_pic.a.  Instrumented objects refer to the
#       runtime weakly, and a weak reference never pulls an archive
#       member, so the script names every __pathprof_* entry point that
#       the shared library SYMBOLS_FROM defines (EXTERN, as -u does).
#       The script also holds the archive's checksum, so that it changes
#       whenever the runtime does: bench/bench.sh and testsuite/torture.sh
#       copy and hash libpathprof.a to know which runtime they measured.
#   link-files.sh shared OUT LIBDIR
#       OUT: a GNU ld script "libpathprof.so": LIBDIR/libpathprof-needed.o
#       (one strong reference, so that --as-needed keeps the library) and
#       LIBDIR/libpathprof.so.0.
#   link-files.sh specs OUT PLUGIN LIBDIR CC
#       OUT: the GCC specs file pathprof.specs: "gcc -specs=pathprof.specs"
#       loads PLUGIN for every compilation (cc1, cc1plus and f951 all use
#       cc1_options) and links LIBDIR/libpathprof.a into every executable
#       and shared library (lib, the spec of -lc, is used only by links
#       that link the default libraries: not by -c, -S, -E, -r, -nostdlib
#       or -nodefaultlibs).  Each spec is CC's own (gcc -dumpspecs) with
#       ours before it, rather than a %rename of it, so that reading the
#       file twice (the flag in CC and in CFLAGS) changes nothing; the
#       plugin only works with the GCC it was built for anyway.
#       doc/manual.md explains each choice.
#
# The paths written are absolute: a linker script's INPUT and a specs
# file's plugin are found by those paths whatever the current directory.
set -eu
kind=$1; out=$2
tmp=$out.tmp.$$
case $kind in
  archive)
    libdir=$3; symbols_from=$4
    syms=$(nm -D --defined-only "$symbols_from" \
	   | awk '$3 ~ /^__pathprof_/ { printf " %s", $3 }')
    [ -n "$syms" ] || { echo "link-files.sh: no entry points in $symbols_from" >&2; exit 1; }
    pic=$(dirname "$symbols_from")/libpathprof_pic.a
    sum=$(cksum < "$pic" 2>/dev/null) || sum=unknown
    cat > "$tmp" <<SCRIPT
/* libpathprof.a: a GNU ld script (pathprof's build-aux/link-files.sh).
   Weak references never pull archive members: name the entry points.
   libpathprof_pic.a when this was written: cksum $sum.  */
EXTERN($syms )
INPUT($libdir/libpathprof_pic.a)
SCRIPT
    ;;
  shared)
    libdir=$3
    cat > "$tmp" <<SCRIPT
/* libpathprof.so: a GNU ld script (pathprof's build-aux/link-files.sh).
   libpathprof-needed.o holds one strong reference to the runtime, so that
   --as-needed keeps the library that instrumented code refers to weakly.  */
INPUT($libdir/libpathprof-needed.o $libdir/libpathprof.so.0)
SCRIPT
    ;;
  specs)
    plugin=$3; libdir=$4; cc=$5
    # spec NAME: the value of CC's spec NAME (the line after "*NAME:").
    spec () {
      $cc -dumpspecs | awk -v name="*$1:" 'found { print; exit }
					    $0 == name { found = 1 }'
    }
    cc1_options=$(spec cc1_options); lib=$(spec lib)
    [ -n "$cc1_options" ] && [ -n "$lib" ] \
      || { echo "link-files.sh: no cc1_options or lib spec in $cc -dumpspecs" >&2; exit 1; }
    cat > "$tmp" <<SPECS
# pathprof.specs (pathprof's build-aux/link-files.sh) for $($cc -dumpfullversion):
# with "gcc -specs=pathprof.specs", every compilation loads the pathprof
# plugin and every link of an executable or a shared library links
# libpathprof.  Each spec is GCC's own with ours before it: the plugin
# first, so that -fplugin-arg-pathprof-* options may come anywhere.

*cc1_options:
-fplugin=$plugin $cc1_options

*lib:
$libdir/libpathprof.a $lib
SPECS
    ;;
  *)
    echo "usage: link-files.sh archive|shared|specs OUT ..." >&2
    exit 2
    ;;
esac
mv "$tmp" "$out"
