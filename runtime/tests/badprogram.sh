#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Bad and stale profiles met by a real instrumented program
# (instrumented/badprog.c), not only by the hand-built units of
# badfiles.c.  Each case: the program's output and exit status are its
# own, exactly one message on stderr names the file, and no valid data
# is destroyed:
# - stale: the program rebuilt from a changed source finds the old
#   build's profile: moved to .stale intact, a fresh profile written;
# - garbage in the profile, or another version of the format: moved to
#   .bad intact, a fresh profile;
# - a directory where the profile should be: left alone, nothing written;
# - a directory that cannot be made (PATHPROF_PREFIX through a regular
#   file: root ignores permissions, but not that): nothing written;
# - a read-only directory, when not root.
# The full disk is in enospc.sh.
. "$(dirname "$0")/lib.shinc"

prof=$work/prof
lib="$PATHPROF_BUILD/libpathprof.a"
if ! build_program profinfo "$lib" \
   || ! cc_plugin "$prof" "$inst/badprog.c" -o "$work/badprog" "$lib" \
     -lpthread; then
  fail "build the test program" "no errors" "$(cat "$work/cc.log")"
  finish
fi

# run WHAT [VAR=VALUE...]: run the program; check its output and status.
run () {
  what=$1; shift
  env "$@" "$work/badprog" > "$work/out" 2> "$work/err"
  same "$what: output and exit status are the program's" "3 hello 1" \
    "$? $(cat "$work/out")"
}

# one_message WHAT EXPECTED: stderr is exactly the line EXPECTED.
one_message () {
  same "$1: one message naming the file" "$2" "$(cat "$work/err")"
}

run "first run"
file=$(profile_file "$prof" badprog)
[ -n "$file" ] && same "first run: a profile, one run, no message" "1 " \
  "$(profile_runs "$file") $(cat "$work/err")" \
  || fail "first run: a profile" "a .pathprof file" "$(ls "$prof")"
cp "$file" "$work/build1.pathprof"
old_tsv=$(profile_tsv "$file")

# Stale: rebuild from a changed source.
if cc_plugin "$prof" -DCHANGED "$inst/badprog.c" -o "$work/badprog" "$lib" \
     -lpthread; then
  run "stale"
  one_message "stale" "pathprof: $file: profile of another build (function main differs); moved to $file.stale"
  cmp -s "$file.stale" "$work/build1.pathprof" \
    && pass "stale: the old build's profile kept intact as .stale" \
    || fail "stale: the old build's profile kept intact as .stale" \
         "$file.stale = the first build's profile" "a difference"
  new_tsv=$(profile_tsv "$file")
  [ "$(profile_runs "$file")" = 1 ] && [ -n "$new_tsv" ] \
    && [ "$new_tsv" != "$old_tsv" ] \
    && pass "stale: a fresh profile of the new build, one run" \
    || fail "stale: a fresh profile of the new build, one run" \
         "runs 1, the new build's paths" "runs $(profile_runs "$file")"
  run "stale, next run"
  same "stale, next run: merges, no message" "2 " \
    "$(profile_runs "$file") $(cat "$work/err")"
else
  fail "rebuild with a changed source" "no errors" "$(cat "$work/cc.log")"
fi

# Garbage.
printf 'this is not a profile\n' > "$file"
run "garbage"
one_message "garbage" "pathprof: $file: not a .pathprof file (bad magic); moved to $file.bad"
same "garbage: moved to .bad intact" "this is not a profile" \
  "$(cat "$file.bad")"
same "garbage: a fresh profile, one run" 1 "$(profile_runs "$file")"

# Another version of the format: the u32 after the 8-byte magic.
cp "$file" "$work/v1.pathprof"
printf '\004' | dd of="$file" bs=1 seek=8 conv=notrunc 2> /dev/null
cp "$file" "$work/v4.pathprof"
run "wrong version"
one_message "wrong version" "pathprof: $file: unsupported version 4 (this reader knows versions 1 to 3); moved to $file.bad"
cmp -s "$file.bad" "$work/v4.pathprof" \
  && pass "wrong version: moved to .bad intact" \
  || fail "wrong version: moved to .bad intact" "the file as it was" \
       "a difference"
same "wrong version: a fresh profile, one run" 1 "$(profile_runs "$file")"

# A directory in the way.
rm -f "$file"
mkdir "$file"
run "directory"
one_message "directory" "pathprof: $file: is a directory; profile not written"
[ -d "$file" ] && [ -z "$(ls -A "$file")" ] \
  && pass "directory: left as it was" \
  || fail "directory: left as it was" "an empty directory" "$(ls -A "$file")"
rmdir "$file"

# A directory that cannot be made: the prefix is a regular file.
printf 'x' > "$work/plainfile"
run "path through a regular file" PATHPROF_PREFIX="$work/plainfile"
target=$work/plainfile$file
case $(cat "$work/err") in
  *"
"*) fail "path through a regular file: one message naming the file" \
      "one line" "$(cat "$work/err")" ;;
  "pathprof: $target: "*": Not a directory; profile not written")
    pass "path through a regular file: one message naming the file" ;;
  *) fail "path through a regular file: one message naming the file" \
       "pathprof: $target: ...: Not a directory; profile not written" \
       "$(cat "$work/err")" ;;
esac
same "path through a regular file: the file in the way untouched" x \
  "$(cat "$work/plainfile")"

if [ "$(id -u)" -ne 0 ]; then
  mkdir -p "$work/ro"
  chmod 555 "$work/ro"
  run "read-only directory" PATHPROF_PREFIX="$work/ro"
  case $(cat "$work/err") in
    *"
"*) fail "read-only directory: one message naming the file" \
	"one line" "$(cat "$work/err")" ;;
    "pathprof: $work/ro$file: "*": Permission denied; profile not written")
      pass "read-only directory: one message naming the file" ;;
    *) fail "read-only directory: one message naming the file" \
	 "pathprof: $work/ro$file: ...: Permission denied; ..." \
	 "$(cat "$work/err")" ;;
  esac
  chmod 755 "$work/ro"
else
  echo "note: running as root: a read-only directory does not stop root;" \
    "the path through a regular file stands for it"
fi
finish
