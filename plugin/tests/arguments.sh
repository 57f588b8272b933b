#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# The plugin's arguments do what doc/man/pathprof.1 says:
# - dense-prefix=auto gives the functions weighted by use= a prefix of
#   max-array rounded down to a power of 2, and the others none: the same
#   code as dense-prefix=4 (max-array=4) with use=, as dense-prefix=0
#   without;
# - a choice's error names every choice (update= has four).
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"
LC_ALL=C; export LC_ALL

cat > "$work/bits.c" <<'EOT'
/* 16 paths: hashed with max-array=4.  */
int __attribute__ ((noinline))
bits (int x)
{
  int s = 0;
  if (x & 1) s += 1;
  if (x & 2) s += 2;
  if (x & 4) s += 4;
  if (x & 8) s += 8;
  return s;
}

int
main (void)
{
  int t = 0;
  for (int i = 0; i < 100; i++)
    t += bits (i * 7);
  return t == 0;
}
EOT

# A profile to weigh by.
cc_plugin "$work/prof" -o "$work/bits" "$work/bits.c" \
  "$PATHPROF_BUILD/libpathprof.a" -lpthread
(cd "$work" && ./bits)
[ -n "$(profile_tsv "$work/prof")" ] && pass "a profile to weigh by" \
  || fail "a profile to weigh by" "a profile" "none ($(cat "$work/cc.log"))"

# asm NAME ARG...: bits.c compiled to $work/NAME.s with max-array=4,
# max-mapped=0 (hashed counts) and ARG...
asm () {
  name=$1; shift
  (cd "$work" && cc_plugin "$work/asm-prof" -S -o out.s bits.c \
     -fplugin-arg-pathprof-max-array=4 -fplugin-arg-pathprof-max-mapped=0 \
     "$@" && mv out.s "$name.s")
}
use=-fplugin-arg-pathprof-use=$work/prof
asm auto-use -fplugin-arg-pathprof-dense-prefix=auto "$use"
asm four-use -fplugin-arg-pathprof-dense-prefix=4 "$use"
asm none-use -fplugin-arg-pathprof-dense-prefix=0 "$use"
asm auto -fplugin-arg-pathprof-dense-prefix=auto
asm none -fplugin-arg-pathprof-dense-prefix=0
for f in auto-use four-use none-use auto none; do
  [ -s "$work/$f.s" ] || fail "$f.s compiled" "assembly" "$(tail -3 "$work/cc.log")"
done
cmp -s "$work/auto-use.s" "$work/four-use.s" \
  && pass "dense-prefix=auto with use=: a prefix of max-array" \
  || fail "dense-prefix=auto with use=: a prefix of max-array" \
	  "the code of dense-prefix=4" "other code"
cmp -s "$work/auto-use.s" "$work/none-use.s" \
  && fail "dense-prefix=auto with use=: not no prefix" \
	  "code other than dense-prefix=0's" "the same code" \
  || pass "dense-prefix=auto with use=: not no prefix"
cmp -s "$work/auto.s" "$work/none.s" \
  && pass "dense-prefix=auto without use=: no prefix" \
  || fail "dense-prefix=auto without use=: no prefix" \
	  "the code of dense-prefix=0" "other code"

# Every choice named in the error.
echo 'int main (void) { return 0; }' > "$work/empty.c"
$CC -fplugin="$PATHPROF_BUILD/pathprof.so" -fplugin-arg-pathprof-update=x \
  -c -o "$work/empty.o" "$work/empty.c" 2> "$work/err"
same "update=x: every choice named" \
  "cc1: error: pathprof: 'update' is 'single', 'atomic', 'per-thread' or 'locked', not 'x'" \
  "$(grep "'update'" "$work/err")"
finish
