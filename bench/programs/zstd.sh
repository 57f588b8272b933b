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

recipe_check () {
  cmp roundtrip.txt "$1/input.txt" >&2 || return 1
  sha256sum < compressed.zst
}
