/* Compiled with the plugin into a shared object that dlmain.c loads with
   dlopen (runtime/tests/dlopen.sh).  Each call of mod_leaf is one path,
   chosen by X.  */

static volatile int sink;

int
mod_leaf (int x)
{
  if (x)
    sink += x;
  else
    sink--;
  return sink;
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
