# SPDX-License-Identifier: GPL-3.0-or-later
# bzip2 -- Julian Seward's block-sorting compressor (Debian: bzip2).
#
# Built from its eight C files with our own command lines (its Makefile
# hard-codes CFLAGS); the workload compresses a generated 20 MB text-like
# file at -9 and decompresses it again; the check is the round trip and
# the compressed stream's checksum.  A recipe of bench/bench.sh: see
# bench/README.md for the functions and variables a recipe defines.

package=bzip2
binary=bzip2
about="compress a generated 20 MB text-like file with \`bzip2 -9\` and decompress it; round trip compared"

recipe_build () {
  src=$1 out=$2
  for f in blocksort huffman crctable randtable compress decompress bzlib bzip2; do
    $CC $CFLAGS -D_FILE_OFFSET_BITS=64 -c "$src/$f.c" -o "$out/$f.o" || return 1
  done
  $CC $CFLAGS -o "$out/bzip2" "$out"/*.o $LDLIBS
}

recipe_input () {
  "$BENCH_DRIVERS/gen-data" 20000000 > "$1/input.txt"
}

recipe_run () {
  echo "\"$1/bzip2\" -9 -c \"$2/input.txt\" > compressed.bz2"
  echo "\"$1/bzip2\" -d -c compressed.bz2 > roundtrip.txt"
}

# The use, pgo and feedback variants' training (bench.sh, train_profile):
# a 4 MB file of another seed compressed at -1 and -6 (smaller blocks,
# unlike the measured -9) and decompressed; the round trips compared.
recipe_train_input () {
  "$BENCH_DRIVERS/gen-data" 4000000 7 > "$1/train.txt"
}

recipe_train () {
  b="\"$1/bzip2\"" f="\"$2/train.txt\""
  cat <<SCRIPT
$b -1 -c $f > train1.bz2
$b -6 -c $f > train6.bz2
$b -d -c train1.bz2 | cmp - $f
$b -d -c train6.bz2 | cmp - $f
SCRIPT
}

recipe_check () {
  cmp roundtrip.txt "$1/input.txt" >&2 || return 1
  sha256sum < compressed.bz2
}
