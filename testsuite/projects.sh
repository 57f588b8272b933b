#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# projects.sh -- real projects profiled with one flag: Debian source
# packages built with their own autotools or CMake build and Debian's
# build flags, once with CC=gcc CXX=g++ and once with the same compilers
# given -specs=pathprof.specs, their own test suites run both ways, and
# the per-test results compared.  What "make projects" runs; never part
# of "make check" (it downloads, and takes minutes).  doc/projects.md has
# the method and the last reading.
#
# Usage: projects.sh PATHPROF_BUILD_DIR
#
# For each package of PROJECTS (default "gzip json-c mawk gawk tinyxml2
# yaml-cpp"):
#   1. "apt-get source" into the cache, once (bench/deb-src.sh derives
#      the deb-src entries apt needs from the system's own Debian
#      entries); missing build dependencies are installed with
#      "apt-get build-dep --arch-only" when we are root.
#   2. Copies of the tree, each configured and built with the package's
#      own build system and the same flags, the only difference being
#      the compilers CC, CXX and FC (gcc, g++ and gfortran here):
#        plain      "$PROJECTS_CC"
#        specs      "$PROJECTS_CC -specs=pathprof.specs"  (the one flag)
#        noruntime  "$PROJECTS_CC -fplugin=pathprof.so": instrumented,
#                   never linked with the runtime, so every program and
#                   library of the package runs unprofiled (weak
#                   references) and leaves its .no-runtime note.
#      and, when PROJECTS_VARIANTS names it, a reference:
#        coverage   "$PROJECTS_CC --coverage": GCC's own profiler, whose
#                   .gcda files sit beside the objects as our profiles do.
#      The flags (PROJECTS_FLAGS=debian, the default) are what a Debian
#      package build uses: "dpkg-buildflags --get" CFLAGS, CXXFLAGS,
#      FFLAGS, CPPFLAGS and LDFLAGS, asked in the tree's own directory
#      (-ffile-prefix-map=TREE=.), with -fcf-protection and
#      -fstack-clash-protection added when the compiler takes them and
#      they are not there already; configure gets them as arguments,
#      CMake in the environment with CPPFLAGS folded into CFLAGS and
#      CXXFLAGS and CMAKE_BUILD_TYPE=None, as debhelper passes them.
#      PROJECTS_FLAGS=package passes no flag: each package's own default
#      (configure's -g -O2, CMake's RelWithDebInfo).
#   3. The package's own test suite in each (automake's "make check",
#      CMake's ctest), and its per-test results: automake's .trs files,
#      ctest's "Test #N: NAME ... Passed" lines, or what the recipe's
#      results_PACKAGE reads from its own test driver (mawk, gawk,
#      tinyxml2's xmltest, yaml-cpp's googletest program).
#   4. Every test that passes plain must pass in the other variants; the
#      specs tree must hold .pathprof files and no note, the noruntime
#      tree notes and no profile, the coverage tree .gcda files.
# One line per package and variant, and a closing verdict, on standard
# output; details in CACHE/results/PACKAGE.VARIANT.tests and
# CACHE/projects.log.  Exit status 0 if every package built and no test
# regressed.  The pathprof files used are copied into CACHE/tools first,
# so that rebuilding the tree during a run changes nothing.
#
# Environment: PROJECTS, PROJECTS_VARIANTS (default "specs noruntime";
# plain always runs, first), PROJECTS_FLAGS (debian or package; default
# debian), PROJECTS_CC (default gcc), PROJECTS_CXX and PROJECTS_FC
# (default PROJECTS_CC's g++ and gfortran: gcc-12 -> g++-12),
# PROJECTS_JOBS (default 2), PROJECTS_CACHE (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/projects).
# DEB_BUILD_MAINT_OPTIONS and DEB_CFLAGS_APPEND and the like reach
# dpkg-buildflags as in a package build.
set -u
LC_ALL=C
export LC_ALL

[ $# -eq 1 ] || { echo "usage: $0 PATHPROF_BUILD_DIR" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
cc=${PROJECTS_CC:-gcc}
# The C++ and Fortran drivers of $cc's GCC (gcc-12 -> g++-12), as the
# Makefile derives CXX from CC.
case $cc in
  *gcc*) cxx_of_cc=$(echo "$cc" | sed 's/gcc\([^/]*\)$/g++\1/')
	 fc_of_cc=$(echo "$cc" | sed 's/gcc\([^/]*\)$/gfortran\1/') ;;
  *) cxx_of_cc=g++ fc_of_cc=gfortran ;;
esac
cxx=${PROJECTS_CXX:-$cxx_of_cc}
fc=${PROJECTS_FC:-$fc_of_cc}
flags=${PROJECTS_FLAGS:-debian}
case $flags in
  debian|package) ;;
  *) echo "projects: PROJECTS_FLAGS is debian or package, not '$flags'" >&2
     exit 2 ;;
esac
jobs=${PROJECTS_JOBS:-2}
cache=${PROJECTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/projects}
mkdir -p "$cache/src" "$cache/build" "$cache/results" || exit 2
log=$cache/projects.log
: > "$log"
tools=$cache/tools
rm -rf "$tools" && mkdir -p "$tools" \
  && cp "$build/pathprof.so" "$build/libpathprof_pic.a" \
	"$build/libpathprof.so.0" "$build/libpathprof-needed.o" "$tools/" \
  && sh "$top/build-aux/link-files.sh" archive "$tools/libpathprof.a" \
	"$tools" "$tools/libpathprof.so.0" \
  && sh "$top/build-aux/link-files.sh" specs "$tools/pathprof.specs" \
	"$tools/pathprof.so" "$tools" "$cc" \
  || { echo "projects: no pathprof in $build: run make first" >&2; exit 2; }
specs=$tools/pathprof.specs
# The runtime's variables would move or silence the profiles.
for v in $(env | sed -n 's/^\(PATHPROF_[A-Z_]*\)=.*/\1/p'); do unset "$v"; done

say () { echo "projects: $*" >&2; echo "projects: $*" >> "$log"; }

# apt-get, waiting for the lock when another apt or dpkg holds it.
apt_get () {
  apt-get -o DPkg::Lock::Timeout=900 "$@"
}

# ---------------------------------------------------------------- flags
# With PROJECTS_FLAGS=debian every variant is built with Debian's build
# flags, as dpkg-buildpackage would build the package; the compilers are
# the only difference between variants.  Bookworm's dpkg-buildflags gives
# "-g -O2 -ffile-prefix-map=DIR=. -fstack-protector-strong -Wformat
# -Werror=format-security", "-Wdate-time -D_FORTIFY_SOURCE=2" and
# "-Wl,-z,relro"; -fcf-protection and -fstack-clash-protection, which
# newer dpkg adds by default, are added here when $cc takes them.
hardening=
if [ "$flags" = debian ]; then
  if ! command -v dpkg-buildflags >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt_get install -y -q dpkg-dev >> "$log" 2>&1
  fi
  command -v dpkg-buildflags >/dev/null 2>&1 \
    || { echo "projects: PROJECTS_FLAGS=debian needs dpkg-buildflags (dpkg-dev)" >&2
	 exit 2; }
  for f in -fcf-protection -fstack-clash-protection; do
    $cc -Werror $f -x c -c -o /dev/null /dev/null 2>/dev/null \
      && hardening="$hardening $f"
  done
fi

# with_flag FLAGS FLAG: FLAGS with FLAG at the end unless it holds it.
with_flag () {
  case " $1 " in
    *" $2 "*) echo "$1" ;;
    *) echo "${1:+$1 }$2" ;;
  esac
}

# set_flags TREE: cflags, cxxflags, fflags, cppflags and ldflags for a
# build in TREE: Debian's, asked in TREE so that -ffile-prefix-map maps
# TREE to "." as in a package build, or all empty (PROJECTS_FLAGS=package).
set_flags () {
  cflags= cxxflags= fflags= cppflags= ldflags=
  [ "$flags" = debian ] || return 0
  cflags=$(cd "$1" && dpkg-buildflags --get CFLAGS) \
    && cxxflags=$(cd "$1" && dpkg-buildflags --get CXXFLAGS) \
    && fflags=$(cd "$1" && dpkg-buildflags --get FFLAGS) \
    && cppflags=$(cd "$1" && dpkg-buildflags --get CPPFLAGS) \
    && ldflags=$(cd "$1" && dpkg-buildflags --get LDFLAGS) || return 1
  for f in $hardening; do
    cflags=$(with_flag "$cflags" "$f")
    cxxflags=$(with_flag "$cxxflags" "$f")
    fflags=$(with_flag "$fflags" "$f")
  done
}

# ---------------------------------------------------------------- recipes
# A recipe gives the build system and how to configure, build and test;
# each runs in the tree's top directory with the compilers set.

# gzip (automake's test harness), json-c (CMake, ctest), mawk (autoconf
# without automake: its own test script; its Makefile links the
# generator makescan with $(BUILD_CC), which is $(CC), alone, without
# $(LIBS): the case that used to fail with undefined symbols).
recipe_gzip_kind=autotools
recipe_json_c_kind=cmake
recipe_mawk_kind=autotools

# gawk (autotools, its own test driver: no .trs files, see results_gawk).
# Debian's source has the GFDL manual taken out (debian/README.source);
# debian/rules touches old stand-ins for it after configure, and so do
# we, or make stops in doc/ with no rule for gawktexi.in.
recipe_gawk_kind=autotools
configured_gawk () {
  (cd doc && touch --date="Jan 01 2000" gawktexi.in sidebar.awk gawk.texi \
     gawk.info gawkinet.texi gawkinet.info gawkworkflow.texi \
     gawkworkflow.info pm-gawk.texi pm-gawk.info)
}

# tinyxml2 (CMake, C++): a shared library, as Debian builds it, and one
# ctest test, xmltest, which runs some 460 checks and prints "[pass]
# TEXT [EXPECTED][FOUND]" or "[fail] ..." for each (see results_tinyxml2).
recipe_tinyxml2_kind=cmake
recipe_tinyxml2_cmake="-DBUILD_SHARED_LIBS=ON"

# yaml-cpp (CMake, C++): a shared library, as Debian's build-shared, and
# one ctest test, yaml-cpp-tests, a googletest program of some 980 tests.
# Debian's patch use-archive-googletest.patch builds googletest and
# googlemock from the googletest package's /usr/src/googletest (a build
# dependency) inside the project, so they are compiled, and profiled,
# with the variant's compilers; debian/rules configures with these
# options.
recipe_yaml_cpp_kind=cmake
recipe_yaml_cpp_cmake="-DYAML_BUILD_SHARED_LIBS=ON -DYAML_CPP_BUILD_TESTS=ON
  -DYAML_CPP_BUILD_TOOLS=ON -Dgtest_disable_pthreads=OFF -DINSTALL_GTEST=OFF"

# fetch PACKAGE: the unpacked source tree's directory on standard output.
fetch () {
  pkg=$1 dir=$cache/src/$1
  if [ ! -d "$dir/tree" ]; then
    sh "$top/bench/deb-src.sh" "$pkg" >> "$log" 2>&1 \
      || { say "apt knows no source for $pkg (see $log)"; return 1; }
    command -v dpkg-source >/dev/null 2>&1 \
      || apt_get install -y -q dpkg-dev >> "$log" 2>&1
    rm -rf "$dir" && mkdir -p "$dir/get" \
      && (cd "$dir/get" && apt-get source -q --only-source "$pkg") \
	   >> "$log" 2>&1 \
      || { say "apt-get source $pkg failed (see $log)"; return 1; }
    tree=$(find "$dir/get" -mindepth 1 -maxdepth 1 -type d | head -1)
    [ -n "$tree" ] && mv "$tree" "$dir/tree" \
      || { say "apt-get source $pkg left no tree"; return 1; }
  fi
  if [ "$(id -u)" = 0 ] \
     && ! (cd "$dir/tree" && dpkg-checkbuilddeps -B) >> "$log" 2>&1; then
    say "installing the build dependencies of $pkg"
    apt_get build-dep -y -q --arch-only "$pkg" >> "$log" 2>&1 \
      || { say "apt-get build-dep $pkg failed (see $log)"; return 1; }
  fi
  echo "$dir/tree"
}

# The compilers of the variant being built: vcc, vcxx and vfc, set by
# the main loop; the flags: set_flags's.

# build_autotools TREE VAR: configure (generating it first if the tree
# has none) with the compilers and flags as arguments, the recipe's
# configured_VAR if it has one, make, make check.  Writes
# TREE/.projects-{build,check}.log, and the time the build ended into
# TREE/.projects-built-at.
build_autotools () {
  work=$1 recipe=$2
  set -- CC="$vcc" CXX="$vcxx" F77="$vfc" FC="$vfc"
  [ "$flags" = package ] \
    || set -- "$@" CFLAGS="$cflags" CXXFLAGS="$cxxflags" FFLAGS="$fflags" \
	 FCFLAGS="$fflags" CPPFLAGS="$cppflags" LDFLAGS="$ldflags"
  (cd "$work" \
   && { [ -x configure ] || autoreconf -fi; } \
   && ./configure "$@" \
   && { ! command -v "configured_$recipe" >/dev/null 2>&1 \
	|| "configured_$recipe"; } \
   && make -j"$jobs") > "$work/.projects-build.log" 2>&1 || return 1
  date +%s > "$work/.projects-built-at"
  (cd "$work" && make -j"$jobs" -k check) > "$work/.projects-check.log" 2>&1
  return 0
}

# build_cmake TREE VAR: CMake in TREE/_build with the compilers in the
# environment, as a user sets them (CMake takes "gcc -specs=..." as
# compiler and flag), and the recipe's recipe_VAR_cmake options; then
# ctest.  Debian's flags go in the environment too, as debhelper passes
# them: CPPFLAGS folded into CFLAGS and CXXFLAGS (CMake reads no
# CPPFLAGS), and build type None, so that CMake adds no flag of its own.
build_cmake () {
  work=$1 recipe=$2
  options=$(eval echo "\${recipe_${recipe}_cmake:-}")
  if [ "$flags" = package ]; then
    set -- cmake -DCMAKE_BUILD_TYPE=RelWithDebInfo
  else
    set -- CFLAGS="${cppflags:+$cppflags }$cflags" \
      CXXFLAGS="${cppflags:+$cppflags }$cxxflags" FFLAGS="$fflags" \
      LDFLAGS="$ldflags" cmake -DCMAKE_BUILD_TYPE=None
  fi
  (cd "$work" && rm -rf _build \
   && env CC="$vcc" CXX="$vcxx" FC="$vfc" "$@" -S . -B _build $options \
   && cmake --build _build -j "$jobs") > "$work/.projects-build.log" 2>&1 \
    || return 1
  date +%s > "$work/.projects-built-at"
  (cd "$work/_build" && ctest -j"$jobs" --timeout 600) \
    > "$work/.projects-check.log" 2>&1
  return 0
}

# results_mawk TREE: mawk's test script prints "GROUP OK" or "GROUP had N
# failures" per group of cases (and "?? fail CASE" per failed case):
# one result per group, spaces in its name made underscores, the tree's
# directory (in "tested DIR/mawk") made ".".
results_mawk () {
  sed "s|$1|.|g" "$1/.projects-check.log" \
  | sed -n -e 's/^\(.*[^ ]\) OK$/\1 PASS/p' \
	 -e 's/^\(.*[^ ]\) had \(one failure\|[0-9]* failures\)$/\1 FAIL/p' \
  | awk '{ r = $NF; $NF = ""; sub(/ $/, ""); gsub(/ /, "_"); print $0, r }' \
  | sort
}

# results_gawk TREE: gawk's test/Makefile names its tests in variables
# (BASIC_TESTS, NEED_MPFR ...); each test's rule echoes the test's name,
# writes its output to _NAME, and removes _NAME if it matches NAME.ok.
# The "_*" files left make its closing "N TESTS FAILED" (a failing test
# may leave more than one: readdir leaves _dirlist and _longlist beside
# _readdir).  So: a test ran if its name is a line of make check's
# output, and failed if test/_NAME is left.  Left "_*" files that are no
# test's output go to the log.
results_gawk () {
  printf '%s\n\t%s\n' 'projects-names:' \
    '@echo $(foreach v,$(filter %_TESTS NEED_%,$(.VARIABLES)),$($(v)))' \
    | make -s -C "$1/test" -f Makefile -f - projects-names \
    | tr ' ' '\n' | sed '/^$/d' | sort -u > "$1/.projects-names"
  sed 's/ *$//' "$1/.projects-check.log" | sort -u \
    | comm -12 - "$1/.projects-names" \
    | while read -r name; do
	if [ -e "$1/test/_$name" ]; then echo "$name FAIL"; else echo "$name PASS"; fi
      done > "$1/.projects-results"
  for f in "$1"/test/_*; do
    f=${f##*/}
    [ -e "$1/test/$f" ] && ! grep -qx "${f#_} FAIL" "$1/.projects-results" \
      && say "gawk: test/$f left, not a test's output (gawk counts it failed)"
  done
  cat "$1/.projects-results"
}

# ctest_output TREE: what the tests ctest ran in TREE/_build printed
# (with the rest of ctest's own log of them, LastTest.log).
ctest_output () {
  cat "$1"/_build/Testing/Temporary/LastTest*.log 2>/dev/null
}

# results_tinyxml2 TREE: ctest's result for xmltest, and one per check
# xmltest made, in its order: "xmltest.NNNN.TEXT", TEXT the check's text
# up to the values compared (" [..][..]"), made a word; several checks
# have the same text, hence the number.  A check's "[pass]" may follow
# on the line what the test printed before it without a newline.  A
# check that printed nothing (xmltest died before it) counts as failed.
results_tinyxml2 () {
  { results cmake "$1"
    ctest_output "$1" \
      | awk 'match($0, /\[(pass|fail)\] /) {
	       r = substr($0, RSTART, 6) == "[pass]" ? "PASS" : "FAIL"
	       text = substr($0, RSTART + 7); sub(/ \[.*$/, "", text)
	       gsub(/[^A-Za-z0-9_.-]+/, "_", text)
	       printf "xmltest.%04d.%s %s\n", ++n, text, r }'
  } | sort
}

# results_yaml_cpp TREE: ctest's result for yaml-cpp-tests, and one per
# googletest test from the program's "[       OK ] SUITE.TEST (N ms)",
# "[  FAILED  ] SUITE.TEST[, where ...] (N ms)" and "[  SKIPPED ] ..."
# lines (its closing list of failed tests has no time and is not read).
results_yaml_cpp () {
  { results cmake "$1"
    ctest_output "$1" \
      | awk '/^\[ *(OK|FAILED|SKIPPED) *\] [^ ].* \([0-9]+ ms\)$/ {
	       name = $4; sub(/,$/, "", name)
	       r = $2 == "OK" ? "PASS" : $2 == "FAILED" ? "FAIL" : "SKIP"
	       print name, r }'
  } | sort
}

# results KIND TREE: "TEST RESULT" lines, sorted: automake's .trs files
# (:test-result: PASS, FAIL, SKIP, XFAIL, XPASS, ERROR) or ctest's
# summary lines (Passed, or the failure's name).
results () {
  case $1 in
    autotools)
      (cd "$2" && find . -name '*.trs' | sort | while read -r trs; do
	 r=$(sed -n 's/^:test-result: *//p' "$trs" | head -1)
	 echo "${trs%.trs} ${r:-NONE}"
       done) ;;
    cmake)
      sed -n 's/^ *[0-9]*\/[0-9]* *Test *#[0-9]*: *\([^ ]*\) \.*[ *]*\(.*\)$/\1 \2/p' \
	"$2/.projects-check.log" \
	| awk '{ r = $2; if (r != "Passed") r = "FAIL"; else r = "PASS";
		 if ($0 ~ /Not Run|Skipped/) r = "SKIP"; print $1, r }' \
	| sort ;;
  esac
}

# ---------------------------------------------------------------- main
# passed FILE: the number of tests of FILE that passed (PASS, XFAIL).
passed () {
  awk '$2 == "PASS" || $2 == "XFAIL"' "$1" | wc -l | tr -d ' '
}
# regressions PLAIN OTHER: the tests that pass in PLAIN and not in OTHER.
regressions () {
  awk 'NR == FNR { r[$1] = $2; next }
       ($2 == "PASS" || $2 == "XFAIL") && r[$1] != $2 { print $1 }' "$2" "$1"
}
# files TREE NAME: how many files named NAME (a glob) under TREE.
files () {
  find "$1" -name "$2" | wc -l | tr -d ' '
}

variants=$(for v in $(echo "${PROJECTS_VARIANTS:-specs noruntime}" \
			| tr ',' ' '); do
	     [ "$v" = plain ] || echo "$v"
	   done)
status=0
if [ "$flags" = debian ]; then
  set_flags "$cache/build" || exit 2
  echo "flags: debian: CFLAGS=\"$cflags\" CXXFLAGS=\"$cxxflags\"" \
       "FFLAGS=\"$fflags\" CPPFLAGS=\"$cppflags\" LDFLAGS=\"$ldflags\"" \
    | sed "s|=$cache/build=|=TREE=|g"
else
  echo "flags: package: each package's own"
fi
echo "compilers: CC=$cc CXX=$cxx FC=$fc"
printf '%-8s %-8s %-10s %6s %6s %6s %6s %9s %8s %6s %9s\n' package \
  version variant build tests passed other regressed profiles notes \
  build+test
for pkg in $(echo "${PROJECTS:-gzip json-c mawk gawk tinyxml2 yaml-cpp}" \
	       | tr ',' ' '); do
  var=$(echo "$pkg" | tr -- '-.' '__')
  kind=$(eval echo "\${recipe_${var}_kind:-}")
  [ -n "$kind" ] || { say "no recipe for $pkg"; status=1; continue; }
  src=$(fetch "$pkg") || { status=1; continue; }
  version=$(cd "$src" && dpkg-parsechangelog -S Version 2>/dev/null)
  for variant in plain $variants; do
    tree=$cache/build/$pkg/$variant
    rm -rf "$tree" && mkdir -p "$cache/build/$pkg" && cp -a "$src" "$tree"
    case $variant in
      plain) flag= ;;
      specs) flag=" -specs=$specs" ;;
      noruntime) flag=" -fplugin=$tools/pathprof.so" ;;
      coverage) flag=" --coverage" ;;
      *) say "no variant $variant"; status=1; continue ;;
    esac
    vcc=$cc$flag vcxx=$cxx$flag vfc=$fc$flag
    set_flags "$tree" || { say "dpkg-buildflags failed in $tree"; exit 2; }
    start=$(date +%s)
    if "build_$kind" "$tree" "$var"; then
      built=ok
    else
      built=failed
      say "$pkg: the $variant build failed (see $tree/.projects-build.log)"
      status=1
    fi
    end=$(date +%s)
    built_at=$(cat "$tree/.projects-built-at" 2>/dev/null || echo "$end")
    secs="$((built_at - start))+$((end - built_at))"
    tests=$cache/results/$pkg.$variant.tests
    if command -v "results_$var" >/dev/null 2>&1; then
      "results_$var" "$tree"
    else
      results "$kind" "$tree"
    fi > "$tests"
    ok=$(passed "$tests")
    other=$(( $(wc -l < "$tests") - ok ))
    case $variant in
      coverage) profiles=$(files "$tree" '*.gcda') ;;
      *) profiles=$(files "$tree" '*.pathprof') ;;
    esac
    notes=$(files "$tree" '*.no-runtime')
    if [ "$variant" = plain ]; then
      regressed=-
      [ "$ok" -gt 0 ] || { say "$pkg: no test passed plain"; status=1; }
    else
      regressed=$(regressions "$cache/results/$pkg.plain.tests" "$tests" \
		  | tr '\n' ' ')
      [ -z "$regressed" ] \
	|| { say "$pkg: passes plain, not $variant: $regressed"; status=1; }
      regressed=$(echo "$regressed" | wc -w | tr -d ' ')
    fi
    case $variant in
      specs) [ "$profiles" -gt 0 ] && [ "$notes" -eq 0 ] \
	       || { say "$pkg: specs: $profiles profiles, $notes notes"; status=1; } ;;
      noruntime) [ "$profiles" -eq 0 ] && [ "$notes" -gt 0 ] \
	       || { say "$pkg: noruntime: $profiles profiles, $notes notes"; status=1; } ;;
      coverage) [ "$profiles" -gt 0 ] \
	       || { say "$pkg: coverage: no .gcda file"; status=1; } ;;
    esac
    printf '%-8s %-8s %-10s %6s %6s %6s %6s %9s %8s %6s %9s\n' "$pkg" \
      "$version" "$variant" "$built" "$(wc -l < "$tests" | tr -d ' ')" \
      "$ok" "$other" "$regressed" "$profiles" "$notes" "$secs"
  done
done
[ "$status" -eq 0 ] \
  && echo "projects: every test that passes plain passes with pathprof" \
  || echo "projects: FAILED (see $log)"
exit "$status"
