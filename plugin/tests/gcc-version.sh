#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# make with a GCC that pathprof does not support: GCC 10 (a stand-in
# that answers -dumpversion as GCC 10.2.1 does) stops at once with one
# line that names the GCC, its version, the versions supported and the
# package to install, and compiles nothing; a GCC newer than 15 is
# tried, with a note (build-aux/ensure-deps.sh).
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"

mkdir -p "$work/bin"
for v in 10.2.1 16.1.0; do
  major=${v%%.*}
  cat > "$work/bin/gcc-$major" <<EOF
#!/bin/sh
case \$1 in
  -dumpversion) echo $major ;;
  -dumpfullversion) echo $v ;;
  -print-file-name=plugin) echo "$work/no-plugin-$major" ;;
  *) echo "gcc-$major: fake, run \$*" >> "$work/gcc-$major.log"; exit 1 ;;
esac
EOF
  chmod +x "$work/bin/gcc-$major"
done
PATH=$work/bin:$PATH
export PATH

make -C "$PATHPROF_SRCDIR" CC=gcc-10 CXX=gcc-10 BUILD="$work/b10" \
  > "$work/out" 2> "$work/err"
rc=$?
[ "$rc" -ne 0 ] && pass "GCC 10: make fails" \
  || fail "GCC 10: make fails" "non-zero" "$rc"
same "GCC 10: one line says why" \
  "pathprof: gcc-10 is GCC 10.2.1; pathprof supports GCC 11 to 15: set CC to one (e.g. make CC=gcc-12, with the package gcc-12-plugin-dev)" \
  "$(grep '^pathprof:' "$work/err")"
[ ! -e "$work/gcc-10.log" ] && pass "GCC 10: nothing compiled" \
  || fail "GCC 10: nothing compiled" "no compiler run" "$(head -3 "$work/gcc-10.log")"
grep -q 'error:' "$work/err" \
  && fail "GCC 10: no compiler errors" "none" "$(grep error: "$work/err" | head -3)" \
  || pass "GCC 10: no compiler errors"

CC=gcc-16 CXX=gcc-16 PATHPROF_NO_INSTALL=1 \
  sh "$PATHPROF_SRCDIR/build-aux/ensure-deps.sh" \
  > "$work/out" 2> "$work/err"
grep -q '^pathprof: note: gcc-16 is GCC 16; pathprof is tested with GCC 11 to 15$' "$work/err" \
  && pass "GCC 16: a note, and tried" \
  || fail "GCC 16: a note" "pathprof: note: gcc-16 is GCC 16; ..." "$(cat "$work/err")"
grep -q 'gcc-16-plugin-dev' "$work/err" \
  && pass "GCC 16: its plugin headers are asked for" \
  || fail "GCC 16: plugin headers" "gcc-16-plugin-dev named" "$(cat "$work/err")"

# A plugin built for one GCC, loaded by another that this system has:
# refused, by the dynamic loader (a symbol the other GCC lacks) or by
# plugin_init's version check, with an error and nothing compiled.
mine=$("$CC" -dumpfullversion 2>/dev/null || "$CC" -dumpversion)
other=
for n in 11 12 13 14 15; do
  command -v "gcc-$n" >/dev/null 2>&1 || continue
  [ "$(gcc-$n -dumpfullversion 2>/dev/null)" = "$mine" ] && continue
  other=gcc-$n
  break
done
if [ -n "$other" ]; then
  printf 'int main (void) { return 0; }\n' > "$work/x.c"
  "$other" -fplugin="$PATHPROF_BUILD/pathprof.so" -c "$work/x.c" \
    -o "$work/x.o" > "$work/other.out" 2>&1
  rc=$?
  [ "$rc" -ne 0 ] && [ ! -e "$work/x.o" ] \
    && pass "$other refuses a plugin built for GCC $mine" \
    || fail "$other refuses the plugin" "an error, no object" \
	    "exit $rc, $(ls "$work/x.o" 2>&1)"
  grep -q "error: .*\(cannot load plugin\|this plugin was built for GCC\)" \
    "$work/other.out" \
    && pass "$other says why" \
    || fail "$other says why" "cannot load plugin / built for GCC" \
	    "$(cat "$work/other.out")"
else
  echo "gcc-version.sh: no other GCC here: the cross-version load is not tried"
fi
finish
