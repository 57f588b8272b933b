# SPDX-License-Identifier: GPL-3.0-or-later
# zstd -- Zstandard's command-line compressor (Debian: libzstd).
#
# Built from lib/{common,compress,decompress,dictBuilder}/*.c and
# programs/*.c with our own command lines, without the x86-64 assembly
# decoder (ZSTD_DISABLE_ASM, so that every function is C), single
# threaded, without legacy formats.  The workload compresses a generated
# 20 MB text-like file at level 12 and decompresses it; the check is the
# round trip and the compressed file's checksum.

package=libzstd
binary=zstd
about="compress a generated 20 MB text-like file with \`zstd -12\` and decompress it; round trip compared"

recipe_build () {
  src=$1 out=$2
  defs="-DZSTD_DISABLE_ASM -DZSTD_LEGACY_SUPPORT=0 -DZSTD_MULTITHREAD=0 -DBACKTRACE_ENABLE=0"
  for f in "$src"/lib/common/*.c "$src"/lib/compress/*.c "$src"/lib/decompress/*.c \
	   "$src"/lib/dictBuilder/*.c "$src"/programs/*.c; do
    base=$(basename "$f" .c)
    $CC $CFLAGS $defs -I"$src/lib" -I"$src/lib/common" -c "$f" -o "$out/$base.o" || return 1
  done
  $CC $CFLAGS -o "$out/zstd" "$out"/*.o $LDLIBS
}

recipe_input () {
  "$BENCH_DRIVERS/gen-data" 20000000 > "$1/input.txt"
}

recipe_run () {
  echo "\"$1/zstd\" -q -12 -c \"$2/input.txt\" > compressed.zst"
  echo "\"$1/zstd\" -q -d -c compressed.zst > roundtrip.txt"
}

# The use, pgo and feedback variants' training (bench.sh, train_profile):
# a 4 MB file of another seed compressed at levels 3 and 7 (other match
# finders' settings than the measured 12) and decompressed; the round
# trips compared.
recipe_train_input () {
  "$BENCH_DRIVERS/gen-data" 4000000 7 > "$1/train.txt"
}

recipe_train () {
  z="\"$1/zstd\"" f="\"$2/train.txt\""
  cat <<SCRIPT
$z -q -3 -c $f > train3.zst
$z -q -7 -c $f > train7.zst
$z -q -d -c train3.zst | cmp - $f
$z -q -d -c train7.zst | cmp - $f
SCRIPT
}

recipe_check () {
  cmp roundtrip.txt "$1/input.txt" >&2 || return 1
  sha256sum < compressed.zst
}

# make gcov-diff (testsuite/gcov-diff.sh): the training without zstd's
# I/O and compression threads, whose polling loops run as often as the
# scheduler decides.
recipe_deterministic_train () {
  recipe_train "$@" | sed 's/ -q / -q --single-thread --no-asyncio /'
}
