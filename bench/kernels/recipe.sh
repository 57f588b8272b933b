# SPDX-License-Identifier: GPL-3.0-or-later
# recipe.sh -- what the kernels' recipes (bench/programs/k-*.sh) share:
# sourced by each after it has set
#   kernel      the kernel: KERNEL.c and any KERNEL-*.c of bench/kernels
#   run_args    its arguments in the measured run (0.5-2 s at -O2)
#   train_args  its arguments in the training run of use, feedback and
#               pgo: other sizes, so that a profiled build is judged on
#               an input it was not trained on
#   about       the report's line
# Our own sources: local_source makes bench.sh take this directory of
# the tree instead of a Debian package.

local_source=bench/kernels
package=
binary=$kernel

recipe_build () {
  src=$1 out=$2
  for f in "$src/$kernel.c" "$src/$kernel"-*.c; do
    [ -f "$f" ] || continue
    $CC $CFLAGS -c "$f" -o "$out/$(basename "$f" .c).o" || return 1
  done
  $CC $CFLAGS -o "$out/$kernel" "$out"/*.o $LDLIBS
}

# Every input is made by the kernel itself, from its arguments.
recipe_input () {
  :
}

recipe_run () {
  echo "\"$1/$kernel\" $run_args > output.txt"
}

recipe_train () {
  echo "\"$1/$kernel\" $train_args > train.txt"
}

# The kernel's line (its checksum); a kernel that checks itself exits 1.
recipe_check () {
  grep "^$kernel " output.txt \
    || { echo "$kernel printed no result" >&2; return 1; }
}
