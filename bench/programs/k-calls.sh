# SPDX-License-Identifier: GPL-3.0-or-later
# k-calls -- bench/kernels/calls.c, one of our kernels (issue 33):
# tiny functions of one path, in another file, called in a loop.
# A recipe of bench/bench.sh built from this tree (bench/kernels/recipe.sh).

kernel=calls
run_args="300"
train_args="50"
about="our kernel: 3 × 10^8 rounds of three calls of one-path functions of another file (calls-leaf.c) in a loop; checksum"
. "$BENCH_DIR/kernels/recipe.sh"
