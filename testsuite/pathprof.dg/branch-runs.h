/* Included in the middle of a function by branch-runs.c.  */
r += y;
