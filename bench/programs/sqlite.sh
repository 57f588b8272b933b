# SPDX-License-Identifier: GPL-3.0-or-later
# sqlite -- SQLite 3 (Debian: sqlite3), with its own benchmark program
# test/speedtest1.c.
#
# The Debian source is SQLite's full tree: "./configure && make
# sqlite3.c" builds the amalgamation (needs tclsh), once, in the
# preparation; each variant then compiles sqlite3.c (8 MB of C, one
# translation unit) and speedtest1.c.  The workload is speedtest1 on an
# in-memory database; --verify makes it print a hash of every query's
# results, which with the list of tests (timings removed) must equal the
# plain build's.

package=sqlite3
binary=speedtest1
about="\`speedtest1 --size 120 --memdb --verify\` (SQLite's own benchmark: inserts, selects, joins, updates, indexes); its verification hash compared"

recipe_tools () {
  echo tclsh:tcl
}

recipe_prepare () {
  cp -a "$1/." "$2/" || return 1
  cd "$2" && ./configure --disable-tcl --disable-readline CC="$CC" CFLAGS="$CFLAGS" \
    && make sqlite3.c
}

recipe_build () {
  src=$1 out=$2
  defs="-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION"
  $CC $CFLAGS $defs -I"$src" -c "$src/sqlite3.c" -o "$out/sqlite3.o" || return 1
  $CC $CFLAGS $defs -I"$src" -c "$src/test/speedtest1.c" -o "$out/speedtest1.o" || return 1
  $CC $CFLAGS -o "$out/speedtest1" "$out/speedtest1.o" "$out/sqlite3.o" -lm $LDLIBS
}

recipe_input () {
  :
}

recipe_run () {
  echo "\"$1/speedtest1\" --size 120 --memdb --verify > output.txt"
}

# The use variant's training (bench.sh, train_profile): other test sets
# of speedtest1 (common table expressions, key/value storage on wide
# tables, floating point), small, never the measured "main" set (the
# "trigger" set needs main's tables).
recipe_train () {
  for set in cte orm fp; do
    echo "\"$1/speedtest1\" --size 10 --memdb --testset $set > train-$set.txt"
  done
}

recipe_check () {
  grep -q '^Verification Hash:' output.txt || { echo "speedtest1 printed no verification hash" >&2; return 1; }
  sed -e 's/[. ]*[0-9.]*s$//' output.txt
}
