#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Make sure what pathprof builds and tests with is installed: GCC's plugin
# headers for the GCC that $CC names (gcc-11 -> gcc-11-plugin-dev), the C++
# compiler $CXX that builds the plugin (default: $CC's, g++-11), and
# DejaGnu.  As root, missing Debian packages are installed; otherwise we
# stop and print the command to run.  Graphviz (pathprof-dump --dot=svg
# and --dot=png, and their tests) is optional: installed along when we
# are root, otherwise only named, and the build goes on without it.
# PATHPROF_NO_INSTALL=1: never install, only name what is missing.
set -u
CC=${CC:-gcc}
CXX=${CXX:-$(echo "$CC" | sed -e 's/gcc\([^/]*\)$/g++\1/')}
major=$($CC -dumpversion 2>/dev/null | cut -d. -f1)
if [ -z "$major" ]; then
  echo "pathprof: cannot run '$CC' (set CC to a GCC)" >&2
  exit 1
fi
# GCC 11 to 15 (plugin/gcc-common.h): older ones stop here, with one
# line, rather than in a cascade of compiler errors; newer ones are tried.
if [ "$major" -lt 11 ] 2>/dev/null; then
  echo "pathprof: $CC is GCC $($CC -dumpfullversion 2>/dev/null || echo "$major"); pathprof supports GCC 11 to 15: set CC to one (e.g. make CC=gcc-12, with the package gcc-12-plugin-dev)" >&2
  exit 1
fi
if [ "$major" -gt 15 ] 2>/dev/null; then
  echo "pathprof: note: $CC is GCC $major; pathprof is tested with GCC 11 to 15" >&2
fi
plugin_dir=$($CC -print-file-name=plugin)
missing=
[ -f "$plugin_dir/include/gcc-plugin.h" ] || missing="$missing gcc-$major-plugin-dev"
command -v runtest >/dev/null 2>&1 || missing="$missing dejagnu"
command -v "${CXX%% *}" >/dev/null 2>&1 || missing="$missing g++-$major"
optional=
command -v dot >/dev/null 2>&1 || optional=" graphviz"
[ -z "$missing$optional" ] && exit 0
if [ "$(id -u)" = 0 ] && [ "${PATHPROF_NO_INSTALL:-0}" != 1 ] \
   && command -v apt-get >/dev/null 2>&1; then
  if [ -z "$missing" ]; then
    # Only what is optional is missing: try, but never fail for it.
    echo "pathprof: installing$optional (optional: pathprof-dump --dot=svg)" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q $optional >/dev/null 2>&1 \
      || { apt-get update -q >/dev/null 2>&1 \
	   && apt-get install -y -q $optional >/dev/null 2>&1; } \
      || echo "pathprof: could not install$optional; pathprof-dump --dot=svg and --dot=png will not work" >&2
    exit 0
  fi
  missing="$missing$optional"
  echo "pathprof: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q $missing >/dev/null 2>&1; then
    apt-get update -q >/dev/null 2>&1
    apt-get install -y -q $missing >&2 || {
      echo "pathprof: could not install$missing" >&2
      exit 1
    }
  fi
  exit 0
fi
if [ -z "$missing" ]; then
  echo "pathprof: note: Graphviz is not installed; pathprof-dump --dot=svg and --dot=png need it: sudo apt-get install$optional" >&2
  exit 0
fi
echo "pathprof: missing packages:$missing" >&2
echo "pathprof: run: sudo apt-get install$missing$optional" >&2
exit 1
