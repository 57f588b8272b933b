# SPDX-License-Identifier: GPL-3.0-or-later
# k-stencil -- bench/kernels/stencil.c, one of our kernels (issue 33):
# a 2-D five-point stencil, two nested loops, the inner one a block.
# A recipe of bench/bench.sh built from this tree (bench/kernels/recipe.sh).

kernel=stencil
run_args="256 6000"
train_args="300 500"
about="our kernel: 6000 Jacobi sweeps of a five-point stencil over a 256 × 256 grid of floats; checksum of the grid"
. "$BENCH_DIR/kernels/recipe.sh"
