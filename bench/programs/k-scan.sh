# SPDX-License-Identifier: GPL-3.0-or-later
# k-scan -- bench/kernels/scan.c, one of our kernels (issue 33):
# byte scans, a memchr-like loop with an early exit and a count.
# A recipe of bench/bench.sh built from this tree (bench/kernels/recipe.sh).

kernel=scan
run_args="8 60"
train_args="2 40"
about="our kernel: 8 MiB of generated lines split with a memchr-like loop (early exit) and a byte count, 60 times; line counts compared, checksum"
. "$BENCH_DIR/kernels/recipe.sh"
