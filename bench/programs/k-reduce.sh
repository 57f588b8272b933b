# SPDX-License-Identifier: GPL-3.0-or-later
# k-reduce -- bench/kernels/reduce.c, one of our kernels (issue 33):
# reductions (a sum, a dot product), loops of one block.
# A recipe of bench/bench.sh built from this tree (bench/kernels/recipe.sh).

kernel=reduce
run_args="1000000 600"
train_args="300000 200"
about="our kernel: the sum and the dot product of arrays of 10^6 integers, 600 times; both results"
. "$BENCH_DIR/kernels/recipe.sh"
