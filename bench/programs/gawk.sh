# SPDX-License-Identifier: GPL-3.0-or-later
# gawk -- GNU awk (Debian: gawk).
#
# Configured once with plain tools (no NLS, MPFR, readline or dynamic
# extensions, so that nothing depends on what else is installed), then
# each variant runs "make gawk" in its own copy of the configured tree
# with its CC, CFLAGS and LIBS.  The workload is bench/workloads/bench.awk
# over a generated 25 MB file: field splitting, regular expressions,
# string functions, associative arrays, sorted traversal; its summary
# must equal the plain build's.

package=gawk
binary=gawk
about="\`gawk -f bench/workloads/bench.awk\` over a generated 25 MB log/prose/CSV file (fields, regexps, arrays, sorting); its summary compared"

recipe_prepare () {
  cp -a "$1/." "$2/" || return 1
  cd "$2" && ./configure --disable-nls --disable-mpfr --disable-extensions \
    --without-readline --without-libsigsegv-prefix CC="$CC" CFLAGS="$CFLAGS"
}

recipe_build () {
  cp -a "$1/." "$2/" || return 1
  cd "$2" || return 1
  # configure's LIBS (-lm) and -DNDEBUG, as its own CFLAGS have it.
  libs=$(sed -n 's/^LIBS = //p' Makefile)
  make -C support CC="$CC" CFLAGS="$CFLAGS -DNDEBUG" libsupport.a \
    && make CC="$CC" CFLAGS="$CFLAGS -DNDEBUG" LIBS="$libs $LDLIBS" gawk
}

recipe_input () {
  "$BENCH_DRIVERS/gen-data" 25000000 > "$1/input.txt"
}

recipe_run () {
  echo "\"$1/gawk\" -f \"$BENCH_WORKLOADS/bench.awk\" \"$2/input.txt\" > output.txt"
}

# The use, pgo and feedback variants' training (bench.sh, train_profile):
# bench/workloads/train.awk, unlike bench.awk on purpose, over a 5 MB
# file of another seed.
recipe_train_input () {
  "$BENCH_DRIVERS/gen-data" 5000000 7 > "$1/train.txt"
}

recipe_train () {
  echo "\"$1/gawk\" -f \"$BENCH_WORKLOADS/train.awk\" \"$2/train.txt\" > train.txt"
}

recipe_check () {
  grep -q '^distinct words' output.txt || { echo "bench.awk did not finish" >&2; return 1; }
  cat output.txt
}
