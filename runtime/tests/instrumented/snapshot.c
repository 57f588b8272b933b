/* Compiled WITHOUT the plugin for dlmain.c: copy every *.pathprof file of
   the directory FROM into TO/STEP, so that the test sees the profiles as
   they were at that step.  Exits on failure.  */

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void
snapshot (const char *from, const char *to, const char *step)
{
  char dir[4096], src[8192], dst[8192], buf[65536];
  struct dirent *e;
  DIR *d;

  snprintf (dir, sizeof dir, "%s/%s", to, step);
  mkdir (to, 0777);		/* made by the first step */
  if (mkdir (dir, 0777) != 0 || !(d = opendir (from)))
    exit (10);
  while ((e = readdir (d)))
    {
      size_t len = strlen (e->d_name), n;
      FILE *in, *out;

      if (len < 9 || strcmp (e->d_name + len - 9, ".pathprof") != 0)
	continue;
      snprintf (src, sizeof src, "%s/%s", from, e->d_name);
      snprintf (dst, sizeof dst, "%s/%s", dir, e->d_name);
      in = fopen (src, "rb");
      out = fopen (dst, "wb");
      if (!in || !out)
	exit (11);
      while ((n = fread (buf, 1, sizeof buf, in)) > 0)
	fwrite (buf, 1, n, out);
      fclose (in);
      if (fclose (out) != 0)
	exit (12);
    }
  closedir (d);
}
/* SPDX-License-Identifier: GPL-3.0-or-later */
