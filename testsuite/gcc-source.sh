# SPDX-License-Identifier: GPL-3.0-or-later
# gcc-source.sh -- GCC's own test programs, from Debian's gcc-MAJOR-source,
# for the suites that run them (testsuite/torture.sh, testsuite/gcov-oracle.sh).
# Sourced, not run: it defines functions and sets nothing else.
#
#   gcc_source_tree CC CACHE
#
# prints the top of a GCC source tree that holds (at least) the parts of
# gcc/testsuite that pathprof's suites use, listed in gcc_source_parts
# below: the c-torture execute programs, gcc.misc-tests (the gcov tests),
# lib (gcov.exp) and the C++ torture and exception tests (g++.dg/torture,
# g++.dg/eh).  The first call fetches gcc-MAJOR-source (MAJOR:
# CC's version) with "apt-get download" into CACHE, takes those parts out
# of the GCC tarball inside it into CACHE/gcc-MAJOR-source, and removes
# the .deb (about 80 MB); later calls find the extraction.  A tree
# extracted before a part was added to the list is extracted again.
# Nothing is written into the source tree of pathprof.
#
# On failure it says why on standard error and returns 1; the message
# contains "cannot fetch" or "could not download" when the package could
# not be had (no apt-get, no network), which .ci/run tolerates.
#
# Debugging: ls CACHE/gcc-12-source/gcc/testsuite; cat .extracted there.

# Directories of the GCC tree that are extracted, all at once, so that one
# download serves every suite.
gcc_source_parts="gcc/testsuite/gcc.c-torture/execute gcc/testsuite/gcc.misc-tests gcc/testsuite/lib gcc/testsuite/g++.dg/torture gcc/testsuite/g++.dg/eh"

gcc_source_say () { printf 'gcc-source: %s\n' "$*" >&2; }

# gcc_source_select GLOBS: the lines of standard input (test names) that
# match one of the space-separated shell GLOBS, or all of them when GLOBS
# is empty; for the suites' *_FILTER variables.
gcc_source_select () {
  if [ -z "$1" ]; then
    cat
    return
  fi
  set -f
  while read -r gcc_source_name; do
    for gcc_source_glob in $1; do
      # shellcheck disable=SC2254 # the user's glob, as a pattern
      case $gcc_source_name in
	$gcc_source_glob) printf '%s\n' "$gcc_source_name"; break ;;
      esac
    done
  done
  set +f
}

gcc_source_tree () {
  gcc_source_cc=$1
  gcc_source_cache=$2
  gcc_source_major=$($gcc_source_cc -dumpversion | cut -d. -f1)
  [ -n "$gcc_source_major" ] || { gcc_source_say "cannot run $gcc_source_cc"; return 1; }
  gcc_source_package=gcc-$gcc_source_major-source
  gcc_source_top=$gcc_source_cache/$gcc_source_package
  gcc_source_missing=
  for gcc_source_part in $gcc_source_parts; do
    [ -d "$gcc_source_top/$gcc_source_part" ] \
      || gcc_source_missing="$gcc_source_missing $gcc_source_part"
  done
  if [ -f "$gcc_source_top/.extracted" ] && [ -z "$gcc_source_missing" ]; then
    printf '%s\n' "$gcc_source_top"
    return 0
  fi
  for gcc_source_tool in apt-get dpkg-deb tar xz; do
    command -v $gcc_source_tool > /dev/null 2>&1 || {
      gcc_source_say "$gcc_source_tool not found: cannot fetch $gcc_source_package"
      return 1
    }
  done
  mkdir -p "$gcc_source_cache" || return 1
  gcc_source_deb=$(ls "$gcc_source_cache/${gcc_source_package}_"*.deb 2>/dev/null | tail -n 1)
  if [ -z "$gcc_source_deb" ]; then
    gcc_source_say "fetching $gcc_source_package into $gcc_source_cache"
    # As root apt would download as _apt, who cannot write to our cache.
    gcc_source_sandbox=
    [ "$(id -u)" = 0 ] && gcc_source_sandbox="-o APT::Sandbox::User=root"
    if ! (cd "$gcc_source_cache" && apt-get -q $gcc_source_sandbox download "$gcc_source_package") >&2; then
      if [ "$(id -u)" = 0 ]; then
	apt-get -q update >&2 \
	  && (cd "$gcc_source_cache" && apt-get -q $gcc_source_sandbox download "$gcc_source_package") >&2
      fi
    fi
    gcc_source_deb=$(ls "$gcc_source_cache/${gcc_source_package}_"*.deb 2>/dev/null | tail -n 1)
    [ -n "$gcc_source_deb" ] || {
      gcc_source_say "could not download $gcc_source_package (apt-get update?)"
      return 1
    }
  fi
  gcc_source_say "extracting$gcc_source_missing from $(basename "$gcc_source_deb")"
  gcc_source_tmp=$gcc_source_top.tmp.$$
  rm -rf "$gcc_source_tmp"
  mkdir -p "$gcc_source_tmp" || return 1
  # The .deb holds usr/src/gcc-MAJOR/gcc-VERSION-dfsg.tar.xz: out of it,
  # only the parts.
  set -f
  gcc_source_patterns=
  for gcc_source_part in $gcc_source_parts; do
    gcc_source_patterns="$gcc_source_patterns */$gcc_source_part/*"
  done
  dpkg-deb --fsys-tarfile "$gcc_source_deb" \
    | tar -xOf - --wildcards "./usr/src/gcc-$gcc_source_major/gcc-[0-9]*.tar.xz" \
    | tar -xJf - -C "$gcc_source_tmp" --strip-components=1 --wildcards \
      $gcc_source_patterns
  set +f
  for gcc_source_part in $gcc_source_parts; do
    if [ ! -d "$gcc_source_tmp/$gcc_source_part" ]; then
      gcc_source_say "no $gcc_source_part in $gcc_source_deb"
      rm -rf "$gcc_source_tmp"
      return 1
    fi
  done
  rm -rf "$gcc_source_top"
  mv "$gcc_source_tmp" "$gcc_source_top" \
    && basename "$gcc_source_deb" > "$gcc_source_top/.extracted" \
    && rm -f "$gcc_source_deb" || return 1
  printf '%s\n' "$gcc_source_top"
}
