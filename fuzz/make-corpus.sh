#!/bin/sh
# Regenerate the seed corpus of the fuzz targets.
#
# fuzz/corpus/file: real .pathprof files written by instrumented programs
# (the examples and a few of the DejaGnu suite's, each built with the
# plugin of BUILD_DIR and run twice), in the shapes that reach every part
# of the reader: dense and hashed counters, cut edges, backedges,
# noreturn calls, restart edges (setjmp, nonlocal goto), C++ names,
# several functions per file; and the hand-made corners of fuzz/seeds.c
# (edge-*, among them the sampled files, which no program writes yet).
# fuzz/corpus/meta: every distinct meta of those files, for fuzz-meta.
#
# Usage: fuzz/make-corpus.sh BUILD_DIR [CC]
# The files are named after their program and options, without the
# .pathprof suffix (.gitignore ignores that suffix).  The profiles hold
# absolute paths of this machine's checkout, which is harmless.
set -eu
build=$(cd "$1" && pwd)
cc=${2:-gcc}
case $cc in *gcc*) cxx=$(echo "$cc" | sed 's/gcc\([^/]*\)$/g++\1/') ;; *) cxx=g++ ;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/fuzz/corpus/file
metas=$top/fuzz/corpus/meta
work=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-seeds.XXXXXX")
trap 'rm -rf "$work"' EXIT
rm -f "$out"/*

# seed NAME COMPILER SOURCE "OPTIONS" [ARGS...]: build SOURCE with the
# plugin and OPTIONS, run it with ARGS (twice, so that runs and counts
# merge), and copy its only profile to fuzz/corpus/NAME.
seed ()
{
  name=$1 compiler=$2 src=$3 opts=$4
  shift 4
  dir=$work/$name
  mkdir -p "$dir"
  # Compiled from the source's own directory and by its base name, so
  # that the profile names the source relatively: the corpus is
  # committed and must hold no path of the machine that made it.
  # shellcheck disable=SC2086
  (cd "$(dirname "$src")" && $compiler -O2 -g -fplugin="$build/pathprof.so" \
    -fplugin-arg-pathprof-dir="$dir/prof" $opts "$(basename "$src")" \
    -o "$dir/prog" "$build/libpathprof.a" -lpthread)
  "$dir/prog" "$@" >/dev/null 2>&1 || true
  "$dir/prog" "$@" >/dev/null 2>&1 || true
  set -- "$dir"/prof/*.pathprof
  if [ $# -ne 1 ] || [ ! -f "$1" ]; then
    echo "$name: expected one profile, found $*" >&2
    exit 1
  fi
  cp "$1" "$out/$name"
}

dg=$top/testsuite/pathprof.dg
seed fig1 "$cc" "$top/examples/fig1/fig1.c" ""
seed wordcount "$cc" "$top/examples/wordcount/wordcount.c" "" \
  "$top/examples/wordcount/input.txt"
seed wordcount-hashed "$cc" "$top/examples/wordcount/wordcount.c" \
  "-fplugin-arg-pathprof-max-array=1" "$top/examples/wordcount/input.txt"
seed loops "$cc" "$dg/loops.c" ""
seed switch-naive "$cc" "$dg/switch.c" "-fplugin-arg-pathprof-placement=naive"
seed many-paths-cut "$cc" "$dg/many-paths.c" "-fplugin-arg-pathprof-max-paths=64"
seed noreturn-kinds "$cc" "$dg/noreturn-kinds.c" ""
seed setjmp "$cc" "$dg/setjmp.c" ""
seed nested-goto "$cc" "$dg/nested-goto.c" ""
seed irreducible "$cc" "$dg/irreducible.c" ""
seed recursion "$cc" "$dg/recursion.c" ""
seed cxx-templates "$cxx" "$dg/cxx-templates.C" ""

$cc -std=gnu11 -O1 -g -I"$top/format" "$top/fuzz/seeds.c" \
  "$top/format/ppio.c" "$top/format/ppmeta.c" "$top/format/ppformat.c" \
  "$top/format/ppfile.c" -o "$work/seeds"
"$work/seeds" edges "$out"
rm -f "$metas"/*
"$work/seeds" metas "$metas" "$out"/*
du -sh "$out" "$metas"
