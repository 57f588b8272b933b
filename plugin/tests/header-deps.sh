#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Header dependencies (the Makefile's DEPFLAGS): a header changed rebuilds
# what includes it, and only that.  Asked of make on the build directory
# itself, without changing anything there: make -n -W HEADER ("what if
# HEADER were modified") prints the compiles it would run.  The compiler
# stamp is taken as old (-o): it is remade on every run, which make -n
# would take for a change of everything.  runtime/pathprof-abi.h is read
# by the plugin (plugin/pathprof-plugin.h), the runtime and its tests, and
# not by the core; core/ppcore-internal.h by the core's own sources only;
# core/tests/test-cfg.h by the core's tests only.
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"

# The build directory as the Makefile names its targets, which is how the
# .d files name them: relative to the sources when it is below them (make
# BUILD=build), else as it was given.
b=$PATHPROF_BUILD
case $b in "$src"/*) b=${b#"$src"/} ;; esac
if [ -f "$PATHPROF_BUILD/plugin/descriptor.d" ]; then
  t=$(sed -n '1s/:.*//p' "$PATHPROF_BUILD/plugin/descriptor.d")
  b=${t%/plugin/descriptor.o}
fi

# would_build [-W HEADER]: the outputs (-o) of the commands make would
# run for the build and two unit tests, one a line.  CC and CXX come from
# the environment, as make check passes them.
would_build () {
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
    make -C "$src" --no-print-directory -n BUILD="$b" -o "$b/compiler" "$@" \
      all "$b/tests/runtime-hash" "$b/tests/core-test-core" 2>&1 \
    | awk '{ for (i = 1; i < NF; i++) if ($i == "-o") print $(i + 1) }'
}

# expect HEADER yes|no OUTPUT...: whether make would rebuild each OUTPUT
# (under the build directory) once HEADER changed.
expect () {
  h=$1; want=$2; shift 2
  out=$(would_build -W "$h")
  for o in "$@"; do
    if printf '%s\n' "$out" | grep -qxF "$b/$o"; then saw=yes; else saw=no; fi
    if [ "$saw" = "$want" ]; then
      pass "$h changed: $o $([ "$want" = yes ] && echo rebuilt || echo kept)"
    else
      fail "$h changed: $o" "$([ "$want" = yes ] && echo rebuilt || echo kept)" \
	"$([ "$saw" = yes ] && echo rebuilt || echo kept)"
    fi
  done
}

[ -z "$(would_build)" ] && pass "the build is up to date" \
  || fail "the build is up to date (make check first)" "nothing to compile" \
	  "$(would_build | head -3 | tr '\n' ' ')"

expect runtime/pathprof-abi.h yes plugin/descriptor.o plugin/instrument.o \
  runtime/hashcount.o tests/runtime-hash
expect runtime/pathprof-abi.h no core/dag.o dump/main.o tests/core-test-core
expect core/ppcore-internal.h yes core/dag.o core/plan.o
expect core/ppcore-internal.h no plugin/descriptor.o runtime/api.o \
  dump/main.o tests/runtime-hash
expect core/tests/test-cfg.h yes tests/core-test-core
expect core/tests/test-cfg.h no core/dag.o tests/runtime-hash
finish
