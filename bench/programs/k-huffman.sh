# SPDX-License-Identifier: GPL-3.0-or-later
# k-huffman -- bench/kernels/huffman.c, one of our kernels (issue 33):
# a Huffman-style bit reader (refill, table lookup, variable-length codes).
# A recipe of bench/bench.sh built from this tree (bench/kernels/recipe.sh).

kernel=huffman
run_args="4 20"
train_args="1 15"
about="our kernel: 4 Mi symbols of a canonical prefix code (3 to 11 bits) decoded 20 times with a 64-bit bit buffer and an 11-bit table; decodings compared, checksum"
. "$BENCH_DIR/kernels/recipe.sh"
