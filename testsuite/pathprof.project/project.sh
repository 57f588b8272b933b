#!/bin/sh
# project.sh: profiling a project with one flag, and instrumented code
# that meets the linker without libpathprof (doc/manual.md, "Linking").
#
#   (a) The project of this directory (Makefile: a shared library, a
#       program linked with it, a helper linked with $(CC) alone) built
#       with CC="$CC -specs=build/pathprof.specs": it builds, its own
#       "make check" passes with the uninstrumented build's output, and the
#       program, the helper and the library each write their profile,
#       with the counts worked out by hand.
#   (b) noruntime.c compiled with the plugin and linked by plain $CC, no
#       specs, no -lpathprof: it links, runs twice with the output,
#       standard error and exit status of the uninstrumented build (also
#       through execl), writes no profile and exactly one note,
#       NAME.pathprof.no-runtime, the first run only.
#   (c) shape.c as an instrumented -fPIC -shared library linked with and
#       without the runtime: both link; loaded by an uninstrumented
#       program, the first writes its profile and the second its note;
#       loaded by a program built with the specs, the second is profiled
#       through the program's runtime.
#   (d) The specs and the driver's modes: -E and -M print what they print
#       without it; -nostdlib links no runtime; -static links it; C++
#       (count.cc) and Fortran (count.f90) programs are profiled; the
#       specs given twice work; a -fplugin-arg-pathprof-* option before
#       anything else is accepted.
#   (e) The README's CMake and Makefile lines, as written there (with
#       $CC's drivers and this build's specs), on a project of a C, a C++
#       and a Fortran program (readme/): each program writes its profile.
#       A line that set CC alone left C++ and Fortran unprofiled.
#
# Debugging: PATHPROF_KEEP_WORK=1 keeps the work directory.
. "$PATHPROF_SRCDIR/runtime/tests/lib.shinc"
proj=$src/testsuite/pathprof.project
specs=$PATHPROF_BUILD/pathprof.specs
plugin=$PATHPROF_BUILD/pathprof.so

# build_project DIR CC: make the project out of tree in DIR with CC, then
# its own "make check"; the check's output into DIR/check.out.  Returns
# make's status.
build_project () {
  mkdir -p "$1" && (cd "$1" \
    && make -s -f "$proj/Makefile" srcdir="$proj" CC="$2" all \
	 >build.log 2>&1 \
    && make -s -f "$proj/Makefile" srcdir="$proj" CC="$2" check \
	 >check.out 2>&1)
}

# notes DIR: the number of notes under DIR.
notes () {
  find "$1" -name '*.no-runtime' | wc -l | tr -d ' '
}

# ---------------------------------------------------------------- (a)
build_project "$work/plain" "$CC" \
  || fail "the project builds and checks uninstrumented" "success" \
       "$(cat "$work/plain/build.log" "$work/plain/check.out" 2>/dev/null)"
if build_project "$work/prof" "$CC -specs=$specs"; then
  pass "the project builds and passes its check with CC=\"$CC -specs=pathprof.specs\""
else
  fail "the project builds and passes its check with the specs" "success" \
    "$(cat "$work/prof/build.log" "$work/prof/check.out" 2>/dev/null)"
fi
same "the instrumented project's check prints what the plain one does" \
  "$(cat "$work/plain/check.out")" "$(cat "$work/prof/check.out")"
if nm "$work/prof/helper" 2>/dev/null | grep -q ' T __pathprof_register$'; then
  pass "the helper linked with \$(CC) alone holds the runtime"
else
  fail "the helper linked with \$(CC) alone holds the runtime" \
    "__pathprof_register defined" "$(nm "$work/prof/helper" 2>&1 | grep pathprof_reg)"
fi
# One run of "shapes 7": shape_area is called three times, each call a
# loop of 7 iterations: 8 paths each (entry to the first backedge, 6
# between backedges, the last backedge to the return), 24 in all; main
# main's total is checked only to be positive, the library's and the
# helper's exactly.
lib_profile=$work/prof/libshape.so-shape.pathprof
[ "$(profile_sum "$lib_profile" -f shape_area)" = 24 ] \
  && pass "the shared library writes its own profile" \
  || fail "the shared library writes its own profile" "24 path executions" \
       "$(profile_sum "$lib_profile" -f shape_area) in $(ls "$work/prof" | tr '\n' ' ')"
main_total=$(profile_sum "$work/prof/main.pathprof" -f main)
[ "$main_total" -gt 0 ] 2>/dev/null \
  && pass "the program writes its profile" \
  || fail "the program writes its profile" "main's paths counted" "$main_total"
# The helper reads 3 lines: its loop's body runs 3 times, so main runs
# 4 paths (entry to the first backedge, 2 between backedges, the last
# backedge to the return).
[ "$(profile_sum "$work/prof/helper.pathprof" -f main)" = 4 ] \
  && pass "the helper writes its profile" \
  || fail "the helper writes its profile" "4 path executions" \
       "$(profile_sum "$work/prof/helper.pathprof" -f main)"
[ "$(notes "$work/prof")" = 0 ] \
  && pass "a project built with the specs writes no note" \
  || fail "a project built with the specs writes no note" "none" \
       "$(find "$work/prof" -name '*.no-runtime')"

# ---------------------------------------------------------------- (b)
mkdir -p "$work/nr" "$work/nr/profile"
$CC -O2 -o "$work/nr/plain" "$proj/noruntime.c" 2>>"$work/cc.log"
if cc_plugin "$work/nr/profile" -fplugin-arg-pathprof-max-array=1 -fchecking \
     -c "$proj/noruntime.c" -o "$work/nr/noruntime.o" \
   && $CC -o "$work/nr/instrumented" "$work/nr/noruntime.o" \
	2>>"$work/cc.log"; then
  pass "an instrumented object links without libpathprof"
else
  fail "an instrumented object links without libpathprof" "a program" \
    "$(cat "$work/cc.log")"
fi
# run_nr PROGRAM TAG ARG...: run it in $work/nr; "STATUS" then its
# standard output, then its standard error, into $work/nr/TAG.out.
run_nr () {
  prog=$1; tag=$2; shift 2
  (cd "$work/nr" && "./$prog" "$@" >"$tag.stdout" 2>"$tag.stderr"
   echo "status $?" >"$tag.out"
   cat "$tag.stdout" "$tag.stderr" >>"$tag.out")
}
run_nr plain plain
run_nr instrumented first
same "without the runtime, the program behaves as uninstrumented" \
  "$(cat "$work/nr/plain.out")" "$(cat "$work/nr/first.out")"
note_file=$(find "$work/nr/profile" -name '*.no-runtime')
[ "$(notes "$work/nr/profile")" = 1 ] \
  && [ "$(find "$work/nr/profile" -name '*.pathprof' | wc -l)" -eq 0 ] \
  && pass "without the runtime, one note where the profile would be" \
  || fail "without the runtime, one note where the profile would be" \
       "one .no-runtime file, no profile" "$(ls -a "$work/nr/profile")"
grep -q 'noruntime\.c was compiled for path profiling' "$note_file" 2>/dev/null \
  && grep -q 'specs=pathprof.specs' "$note_file" \
  && pass "the note names the source and the fix" \
  || fail "the note names the source and the fix" "noruntime.c, -specs" \
       "$(cat "$note_file" 2>&1)"
before=$(ls -li --time-style=full-iso "$note_file" 2>&1)
run_nr plain plain-exec exec
run_nr instrumented second exec
same "without the runtime, execl and system are the C library's" \
  "$(cat "$work/nr/plain-exec.out")" "$(cat "$work/nr/second.out")"
grep -q 'from execl' "$work/nr/second.out" \
  && pass "the exec test really execs" \
  || fail "the exec test really execs" "from execl" "$(cat "$work/nr/second.out")"
[ "$(notes "$work/nr/profile")" = 1 ] \
  && [ "$(ls -li --time-style=full-iso "$note_file" 2>&1)" = "$before" ] \
  && pass "the note is written once, by the first run" \
  || fail "the note is written once, by the first run" "$before" \
       "$(ls -li --time-style=full-iso "$work/nr/profile")"

# ---------------------------------------------------------------- (c)
mkdir -p "$work/so/with" "$work/so/without" "$work/so/plainprog" \
  "$work/so/profprog"
if $CC -specs="$specs" -O2 -fPIC -shared "$proj/shape.c" \
     -o "$work/so/with/libshape.so" 2>>"$work/cc.log"; then
  pass "an instrumented -shared library links with the runtime"
else
  fail "an instrumented -shared library links with the runtime" "a library" \
    "$(cat "$work/cc.log")"
fi
if $CC -O2 -fplugin="$plugin" -fPIC -shared "$proj/shape.c" \
     -o "$work/so/without/libshape.so" 2>>"$work/cc.log"; then
  pass "an instrumented -shared library links without the runtime"
else
  fail "an instrumented -shared library links without the runtime" \
    "a library" "$(cat "$work/cc.log")"
fi
nm -D "$work/so/without/libshape.so" 2>&1 | grep -q ' w __pathprof_register$' \
  && ! nm -D "$work/so/without/libshape.so" | grep -q ' T __pathprof' \
  && pass "the library without the runtime refers to it weakly" \
  || fail "the library without the runtime refers to it weakly" \
       "w __pathprof_register" "$(nm -D "$work/so/without/libshape.so" 2>&1 | grep pathprof)"
$CC -O2 -c "$proj/main.c" -o "$work/so/main-plain.o"
$CC -specs="$specs" -O2 -c "$proj/main.c" -o "$work/so/main-prof.o" \
  2>>"$work/cc.log"
# run_so PROG LIBDIR OUT: link PROG's object with LIBDIR's library into
# $work/so/OUT and run it there with "7"; the output into OUT/run.out.
run_so () {
  case $1 in
    plain) obj=$work/so/main-plain.o; cc=$CC ;;
    *) obj=$work/so/main-prof.o; cc="$CC -specs=$specs" ;;
  esac
  rm -f "$work/so/$3"/*
  $cc -o "$work/so/$3/shapes" "$obj" -L"$work/so/$2" -lshape \
    2>>"$work/cc.log" \
  && (cd "$work/so/$3" && LD_LIBRARY_PATH=$work/so/$2 ./shapes 7 \
	>run.out 2>&1)
}
ref=$(printf '0 7\n1 28\n2 49')
run_so plain with plainprog
same "a plain program runs with the instrumented library" "$ref" \
  "$(cat "$work/so/plainprog/run.out")"
[ "$(profile_sum "$work/so/with/libshape.so-shape.pathprof" -f shape_area)" = 24 ] \
  && pass "the library with the runtime writes its profile in a plain program" \
  || fail "the library with the runtime writes its profile in a plain program" \
       24 "$(ls "$work/so/with")"
run_so plain without plainprog
same "a plain program runs with the library without the runtime" "$ref" \
  "$(cat "$work/so/plainprog/run.out")"
[ "$(notes "$work/so/without")" = 1 ] \
  && [ ! -e "$work/so/without/libshape.so-shape.pathprof" ] \
  && pass "the library without the runtime writes its note, no profile" \
  || fail "the library without the runtime writes its note, no profile" \
       "one note" "$(ls "$work/so/without")"
rm -f "$work/so/without"/*.no-runtime
run_so prof without profprog
same "a profiled program runs with the library without the runtime" "$ref" \
  "$(cat "$work/so/profprog/run.out")"
[ "$(profile_sum "$work/so/without/libshape.so-shape.pathprof" -f shape_area)" = 24 ] \
  && [ "$(notes "$work/so/without")" = 0 ] \
  && pass "the program's runtime profiles the library linked without one" \
  || fail "the program's runtime profiles the library linked without one" \
       "24 path executions, no note" "$(ls "$work/so/without")"
[ "$(profile_sum "$work/so/main-prof.pathprof" -f main)" -gt 0 ] \
  2>/dev/null \
  && pass "the program writes its own profile besides the library's" \
  || fail "the program writes its own profile besides the library's" \
       "a profile" "$(ls "$work/so")"

# ---------------------------------------------------------------- (d)
mkdir -p "$work/modes"
cd "$work/modes" || exit 1
same "-E with the specs preprocesses as without" \
  "$($CC -E "$proj/main.c" 2>&1)" "$($CC -specs="$specs" -E "$proj/main.c" 2>&1)"
same "-M with the specs lists the dependencies as without" \
  "$($CC -M "$proj/main.c" 2>&1)" "$($CC -specs="$specs" -M "$proj/main.c" 2>&1)"
if $CC -specs="$specs" -nostdlib -shared -fPIC "$proj/shape.c" \
     -o libnostd.so 2>>"$work/cc.log" \
   && nm -D libnostd.so | grep -q ' w __pathprof_register$' \
   && ! nm -D libnostd.so | grep -q ' T __pathprof'; then
  pass "a -nostdlib link with the specs links no runtime"
else
  fail "a -nostdlib link with the specs links no runtime" \
    "a library referring weakly to the runtime" "$(cat "$work/cc.log")"
fi
# shapes_with WHAT NAME FLAG...: main.c and shape.c built into NAME with
# $CC -O2 FLAG..., run with 7: shape_area's 24 paths in its profile.
shapes_with () {
  what=$1 name=$2; shift 2
  if $CC "$@" -O2 "$proj/main.c" "$proj/shape.c" -o "$name" \
       2>>"$work/cc.log" && "./$name" 7 >"$name.out" 2>&1 \
     && [ "$(profile_sum "$name-shape.pathprof" -f shape_area)" = 24 ]; then
    pass "$what"
  else
    fail "$what" "24 path executions" \
      "$(tail -3 "$work/cc.log"; cat "$name.out"; ls)"
  fi
}
[ -f "$($CC -print-file-name=libc.a)" ] \
  && shapes_with "-static with the specs links the runtime" static \
       -specs="$specs" -static
# The C++ and Fortran drivers of $CC's GCC (gcc-12 -> g++-12).
case $CC in
  *gcc*) cxx=$(echo "$CC" | sed 's/gcc\([^/]*\)$/g++\1/')
	 fc=$(echo "$CC" | sed 's/gcc\([^/]*\)$/gfortran\1/') ;;
  *) cxx=g++ fc=gfortran ;;
esac
# One call of main: its loop runs 10 times, 11 paths.
for lang in "C++ $cxx count.cc cxx" "Fortran $fc count.f90 fortran"; do
  set -- $lang
  if $2 -specs="$specs" -O2 "$proj/$3" -o "$4" 2>>"$work/cc.log" \
     && [ "$(./"$4" | tr -d ' ')" = 5 ] \
     && [ "$(profile_sum "$4-count.pathprof")" -ge 11 ]; then
    pass "$1 with the specs is profiled"
  else
    fail "$1 with the specs is profiled" "5 and a profile" \
      "$(tail -3 "$work/cc.log"; ls)"
  fi
done
# ---------------------------------------------------------------- (e)
# readme_line TAG: the README's command line that ends with "# TAG",
# comment gone, made to use $CC's drivers.
readme_line () {
  grep -m1 " # $1\$" "$src/README.md" | sed -e "s/ *# $1\$//" \
    -e "s/\"gcc /\"$CC /g" -e "s/\"g++ /\"$cxx /g" -e "s/\"gfortran /\"$fc /g"
}
# readme_profiles DIR WHAT: each of the three programs in DIR runs and
# writes its profile there.
readme_profiles () {
  for program in count_c count_cxx count_fortran; do
    if [ -x "$1/$program" ] && (cd "$1" && ./$program) > /dev/null \
       && [ -n "$(find "$1" -name '*.pathprof' -path "*/$program[.-]*")" ]
    then
      pass "$2: $program is profiled"
    else
      fail "$2: $program is profiled" "a profile of $program in $1" \
	"$(cd "$1" && ls 2>&1 | tr '\n' ' ')"
    fi
  done
}
pp=-specs=$specs
cmake_line=$(readme_line CMake)
make_line=$(readme_line Makefiles)
if [ -z "$cmake_line" ] || [ -z "$make_line" ]; then
  fail "the README has CMake and Makefile lines" "two lines" \
    "'$cmake_line' and '$make_line'"
else
  mkdir -p "$work/readme-make"
  (cd "$work/readme-make" \
    && eval "$make_line -s -f \"\$proj/readme/Makefile\" srcdir=\"\$proj/readme\"" \
    > build.log 2>&1)
  readme_profiles "$work/readme-make" "the README's make line"
  if command -v cmake > /dev/null 2>&1; then
    (cd "$work" && eval "${cmake_line% -S . -B build} -S \"\$proj/readme\" -B readme-cmake" \
      > readme-cmake.log 2>&1 \
      && cmake --build readme-cmake >> readme-cmake.log 2>&1)
    readme_profiles "$work/readme-cmake" "the README's CMake line"
  else
    echo "note: cmake not found: the README's CMake line is not tried"
  fi
fi

shapes_with "the specs file given twice works as once" twice \
  -specs="$specs" -specs="$specs"
$CC -specs="$specs" -fplugin-arg-pathprof-verbose -c "$proj/shape.c" \
  -o verbose.o > verbose.log 2>&1
grep -q "pathprof: .shape_area.: [0-9]* paths" verbose.log \
  && pass "plugin arguments may come anywhere with the specs" \
  || fail "plugin arguments may come anywhere with the specs" \
       "a verbose note" "$(cat verbose.log)"
finish
# SPDX-License-Identifier: GPL-3.0-or-later
