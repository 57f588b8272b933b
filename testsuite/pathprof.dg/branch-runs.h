/* Included in the middle of a function by branch-runs.c.  */
r += y;
/* SPDX-License-Identifier: GPL-3.0-or-later */
