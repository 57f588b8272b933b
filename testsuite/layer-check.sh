#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# layer-check.sh: the build enforces the layers (doc/layers.md).
#
# The Makefile compiles each directory with the include paths of the
# layers below it (its LAYER_<dir> variables) and no other.  For every
# layer and every other layer's header, preprocess an include of that
# header with the layer's include paths, from the source tree's top as
# make does: it must be found if the other layer is below, and fail with
# "No such file" otherwise.  One PASS: or FAIL: line per pair.
# Usage: sh testsuite/layer-check.sh (PATHPROF_SRCDIR: the source tree,
# by default this script's; CC: the compiler, by default gcc).
set -u
top=${PATHPROF_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${CC:-gcc}
LC_ALL=C; export LC_ALL
failed=0
pass () { echo "PASS: $*"; }
fail () { echo "FAIL: $*"; failed=$((failed + 1)); }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-layers.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

layers="core format runtime report dump tool plugin"

# A header of each layer that includes only system headers and its own
# layer's, so that where it may be included it preprocesses alone.
header () {
  case $1 in
    core) echo ppcore.h ;;
    format) echo ppformat.h ;;
    runtime) echo pathprof-abi.h ;;
    report) echo sum.h ;;
    dump) echo reports.h ;;
    tool) echo tool.h ;;
    plugin) echo pathprof-plugin.h ;;
  esac
}

# The include paths the Makefile gives layer $1's sources.
flags () {
  sed -n "s/^LAYER_$1 :=[ 	]*//p" "$top/Makefile"
}

for l in $layers; do
  if ! grep -q "^LAYER_$l :=" "$top/Makefile"; then
    fail "$l: the Makefile has no LAYER_$l"
    continue
  fi
  f=$(flags "$l")
  for m in $layers; do
    [ "$m" = "$l" ] && continue
    h=$(header "$m")
    [ -f "$top/$m/$h" ] || { fail "$m/$h: missing"; continue; }
    printf '#include "%s"\n' "$h" > "$tmp/probe.c"
    # shellcheck disable=SC2086 # the flags are words
    if (cd "$top" && $cc -E $f "$tmp/probe.c" -o /dev/null) \
	 2> "$tmp/err"; then
      found=yes
    else
      found=no
    fi
    case " $f " in
      *" -I$m "*)
	if [ $found = yes ]; then
	  pass "$l may include $m/$h"
	else
	  fail "$l may include $m/$h, but it does not preprocess:"
	  sed 's/^/  /' "$tmp/err"
	fi ;;
      *)
	if [ $found = no ] && grep -q "$h: No such file" "$tmp/err"; then
	  pass "$l cannot include $m/$h"
	else
	  fail "$l can include $m/$h, a layer not below it"
	fi ;;
    esac
  done
done

# The order of doc/layers.md: a layer's include paths name only layers
# before it in "$layers".
seen=
for l in $layers; do
  bad=
  for w in $(flags "$l"); do
    case " $seen " in
      *" ${w#-I} "*) ;;
      *) bad="$bad $w" ;;
    esac
  done
  if [ -z "$bad" ]; then
    pass "$l: only layers below it"
  else
    fail "$l: include paths of a layer not below it:$bad"
  fi
  seen="$seen $l"
done

exit $((failed != 0))
