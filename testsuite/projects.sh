#!/bin/sh
# projects.sh -- real projects profiled with one flag: Debian source
# packages built with their own autotools or CMake build, once with
# CC=gcc and once with CC="gcc -specs=pathprof.specs", their own test
# suites run both ways, and the per-test results compared.  What
# "make projects" runs; never part of "make check" (it downloads, and
# takes minutes).  doc/projects.md has the method and the last reading.
#
# Usage: projects.sh PATHPROF_BUILD_DIR
#
# For each package of PROJECTS (default "gzip json-c"):
#   1. "apt-get source" into the cache, once (bench/deb-src.sh derives
#      the deb-src entries apt needs from the system's own Debian
#      entries); missing build dependencies are installed with
#      "apt-get build-dep --arch-only" when we are root.
#   2. Two copies of the tree, plain and pathprof, each configured and
#      built with the package's own build system, the only difference
#      being CC: "$PROJECTS_CC" or "$PROJECTS_CC -specs=BUILD/pathprof.specs".
#   3. The package's own test suite in each (automake's "make check",
#      CMake's ctest), and its per-test results: automake's .trs files,
#      ctest's "Test #N: NAME ... Passed" lines.
#   4. Every test that passes plain must pass instrumented; the
#      instrumented tree must hold .pathprof files (and, reported, the
#      number of .no-runtime notes: objects linked without the runtime).
# One line per package and a closing verdict on standard output, details
# in CACHE/results/PACKAGE.{plain,pathprof}.tests and CACHE/projects.log.
# Exit status 0 if every package built and no test regressed.
#
# Environment: PROJECTS, PROJECTS_CC (default gcc), PROJECTS_JOBS
# (default 2), PROJECTS_CACHE (default
# ${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/projects).
set -u
LC_ALL=C
export LC_ALL

[ $# -eq 1 ] || { echo "usage: $0 PATHPROF_BUILD_DIR" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
specs=$build/pathprof.specs
[ -f "$specs" ] || { echo "projects: no $specs: run make first" >&2; exit 2; }
cc=${PROJECTS_CC:-gcc}
jobs=${PROJECTS_JOBS:-2}
cache=${PROJECTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pathprof/projects}
mkdir -p "$cache/src" "$cache/build" "$cache/results" || exit 2
log=$cache/projects.log
: > "$log"
# The runtime's variables would move or silence the profiles.
for v in $(env | sed -n 's/^\(PATHPROF_[A-Z_]*\)=.*/\1/p'); do unset "$v"; done

say () { echo "projects: $*" >&2; echo "projects: $*" >> "$log"; }

# ---------------------------------------------------------------- recipes
# A recipe gives the build system and how to configure, build and test;
# each runs in the tree's top directory with CC set.

recipe_gzip_kind=autotools
recipe_json_c_kind=cmake

# fetch PACKAGE: the unpacked source tree's directory on standard output.
fetch () {
  pkg=$1 dir=$cache/src/$1
  if [ ! -d "$dir/tree" ]; then
    sh "$top/bench/deb-src.sh" "$pkg" >> "$log" 2>&1 \
      || { say "apt knows no source for $pkg (see $log)"; return 1; }
    command -v dpkg-source >/dev/null 2>&1 \
      || apt-get install -y -q dpkg-dev >> "$log" 2>&1
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
    apt-get build-dep -y -q --arch-only "$pkg" >> "$log" 2>&1 \
      || { say "apt-get build-dep $pkg failed (see $log)"; return 1; }
  fi
  echo "$dir/tree"
}

# build_autotools TREE CC: configure (generating it first if the tree has
# none), make, make check.  Writes TREE/.projects-{build,check}.log.
build_autotools () {
  (cd "$1" \
   && { [ -x configure ] || autoreconf -fi; } \
   && ./configure CC="$2" \
   && make -j"$jobs") > "$1/.projects-build.log" 2>&1 || return 1
  (cd "$1" && make -j"$jobs" -k check) > "$1/.projects-check.log" 2>&1
  return 0
}

# build_cmake TREE CC: CMake in TREE/_build with CC in the environment,
# as a user sets it (CMake takes "gcc -specs=..." as compiler and flag),
# then ctest.
build_cmake () {
  (cd "$1" && rm -rf _build \
   && CC="$2" cmake -S . -B _build -DCMAKE_BUILD_TYPE=RelWithDebInfo \
   && cmake --build _build -j "$jobs") > "$1/.projects-build.log" 2>&1 \
    || return 1
  (cd "$1/_build" && ctest -j"$jobs" --timeout 600) \
    > "$1/.projects-check.log" 2>&1
  return 0
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
status=0
printf '%-8s %-14s %-9s %7s %7s %7s %7s %9s %6s %6s\n' package version \
  build plain-ok plain-no prof-ok prof-no regressed profiles notes
for pkg in $(echo "${PROJECTS:-gzip json-c}" | tr ',' ' '); do
  var=$(echo "$pkg" | tr -- '-.' '__')
  kind=$(eval echo "\${recipe_${var}_kind:-}")
  [ -n "$kind" ] || { say "no recipe for $pkg"; status=1; continue; }
  src=$(fetch "$pkg") || { status=1; continue; }
  version=$(cd "$src" && dpkg-parsechangelog -S Version 2>/dev/null)
  for variant in plain pathprof; do
    tree=$cache/build/$pkg/$variant
    rm -rf "$tree" && mkdir -p "$cache/build/$pkg" && cp -a "$src" "$tree"
    case $variant in
      plain) vcc=$cc ;;
      pathprof) vcc="$cc -specs=$specs" ;;
    esac
    start=$(date +%s)
    if "build_$kind" "$tree" "$vcc"; then
      eval "built_$variant=ok"
    else
      eval "built_$variant=failed"
      say "$pkg: the $variant build failed (see $tree/.projects-build.log)"
    fi
    eval "secs_$variant=$(( $(date +%s) - start ))"
    results "$kind" "$tree" > "$cache/results/$pkg.$variant.tests"
  done
  plain=$cache/results/$pkg.plain.tests prof=$cache/results/$pkg.pathprof.tests
  plain_ok=$(awk '$2 == "PASS" || $2 == "XFAIL"' "$plain" | wc -l)
  plain_no=$(awk '$2 != "PASS" && $2 != "XFAIL"' "$plain" | wc -l)
  prof_ok=$(awk '$2 == "PASS" || $2 == "XFAIL"' "$prof" | wc -l)
  prof_no=$(awk '$2 != "PASS" && $2 != "XFAIL"' "$prof" | wc -l)
  # A test that passes plain and does not pass (or is missing) instrumented.
  regressed=$(awk 'NR == FNR { r[$1] = $2; next }
		   ($2 == "PASS" || $2 == "XFAIL") && r[$1] != $2 { print $1 }' \
	      "$prof" "$plain" | tr '\n' ' ')
  nreg=$(echo "$regressed" | wc -w)
  profiles=$(find "$cache/build/$pkg/pathprof" -name '*.pathprof' | wc -l)
  notes=$(find "$cache/build/$pkg/pathprof" -name '*.no-runtime' | wc -l)
  ratio=$(awk -v a="$secs_plain" -v b="$secs_pathprof" \
	  'BEGIN { printf "%.2f", a > 0 ? b / a : 0 }')
  printf '%-8s %-14s %-9s %7s %7s %7s %7s %9s %6s %6s\n' "$pkg" "$version" \
    "$built_plain/$built_pathprof" "$plain_ok" "$plain_no" "$prof_ok" \
    "$prof_no" "$nreg" "$profiles" "$notes"
  echo "projects: $pkg: build and test ${secs_plain}s plain, ${secs_pathprof}s with pathprof (x$ratio)" >&2
  [ "$nreg" -eq 0 ] || say "$pkg: passes plain, not instrumented: $regressed"
  if [ "$built_plain$built_pathprof" != okok ] || [ "$nreg" -ne 0 ] \
     || [ "$plain_ok" -eq 0 ] || [ "$profiles" -eq 0 ]; then
    status=1
  fi
done
[ "$status" -eq 0 ] && echo "projects: every test that passes plain passes instrumented" \
  || echo "projects: FAILED (see $log)"
exit "$status"
