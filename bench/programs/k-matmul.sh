# SPDX-License-Identifier: GPL-3.0-or-later
# k-matmul -- bench/kernels/matmul.c, one of our kernels (issue 33):
# dense matrix multiply, three nested loops whose innermost is one block.
# A recipe of bench/bench.sh built from this tree (bench/kernels/recipe.sh).

kernel=matmul
run_args="320 16"
train_args="200 5"
about="our kernel: C = A × B of 320 × 320 doubles, 16 times (i, j, k loops, the inner one a single block); checksum of C"
. "$BENCH_DIR/kernels/recipe.sh"
