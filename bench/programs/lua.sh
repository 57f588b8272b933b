# SPDX-License-Identifier: GPL-3.0-or-later
# lua -- the Lua 5.4 interpreter (Debian: lua5.4).
#
# Its interpreter loop, luaV_execute, dispatches with computed goto under
# GCC (lvm.c, ljumptab.h): the abnormal edges of design.md trap 7 in a
# hot loop.  Built from src/*.c (all but luac.c) with our own command
# lines; Debian's luaconf.h includes a generated lua5.4-deb-multiarch.h,
# which we write.  The workload is bench/workloads/bench.lua (calls,
# tables, strings and patterns, floats, sort, coroutines), whose
# checksums must equal the plain build's.

package=lua5.4
binary=lua
about="the interpreter running bench/workloads/bench.lua (calls, tables, string patterns, floats, sort, coroutines); its checksums compared"

recipe_build () {
  src=$1/src out=$2
  printf '#define DEB_HOST_MULTIARCH "%s"\n' \
    "$($BENCH_REAL_CC -print-multiarch 2>/dev/null || echo unknown)" \
    > "$out/lua5.4-deb-multiarch.h" || return 1
  for f in "$src"/*.c; do
    base=$(basename "$f" .c)
    [ "$base" = luac ] && continue
    $CC $CFLAGS -DLUA_USE_LINUX -I"$out" -c "$f" -o "$out/$base.o" || return 1
  done
  $CC $CFLAGS -o "$out/lua" "$out"/*.o -lm -ldl $LDLIBS
}

recipe_input () {
  cp "$BENCH_WORKLOADS/bench.lua" "$1/bench.lua"
}

recipe_run () {
  echo "\"$1/lua\" \"$2/bench.lua\" 2 > output.txt"
}

# The use variant's training (bench.sh, train_profile):
# bench/workloads/train.lua, unlike bench.lua on purpose.
recipe_train () {
  echo "\"$1/lua\" \"$BENCH_WORKLOADS/train.lua\" > train.txt"
}

recipe_check () {
  grep -q '^generators' output.txt || { echo "bench.lua did not finish" >&2; return 1; }
  cat output.txt
}

# make gcov-diff (testsuite/gcov-diff.sh): Lua seeds its string hashes
# with the time and addresses, and its API's string cache (luaS_new)
# picks a slot by the C string's address, which differs from build to
# build; a fixed seed and a cache of one slot (hits depend on contents
# only) make every build's run the same.
recipe_deterministic_cflags () {
  echo '-Dluai_makeseed(L)=0u -DSTRCACHE_N=1 -DSTRCACHE_M=1'
}
