/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool merge: write a profile set as one .pathprof file, beside
   its destination first and renamed into place, so that OUT is the old
   file or the whole new one, never half of it.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

#define ERR_SIZE 512

/* Report PROBLEM with PATH on stderr; return 1.  */

static int
fail (const char *path, const char *problem)
{
  fprintf (stderr, "%s: %s: %s\n", TOOL_PROGRAM, path, problem);
  return 1;
}

/* Fill F with SET's functions, pointing into SET.  */

static int
build_file (const tool_set *set, ppf_file *f)
{
  bool one_unit = set->num_units == 1;

  memset (f, 0, sizeof *f);
  f->version = PPF_VERSION;
  f->runs = set->runs;
  /* One unit: the file its object would have written.  Several: the
     table, and no one unit name.  */
  f->flags = one_unit ? 0 : PPF_FILE_UNITS;
  if (report_sampling_sampled (&set->sampling))
    {
      f->flags |= PPF_FILE_SAMPLED;
      f->sample_period = set->sampling.period;
    }
  if (set->has_time)
    {
      f->flags |= PPF_FILE_TIME;
      f->time_unit = set->time_unit;
      f->ticks_per_second = set->ticks_per_second;
    }
  f->unit_name = one_unit ? set->units[0] : (char *) "";
  f->num_units = one_unit ? 0 : (uint32_t) set->num_units;
  f->units = one_unit ? NULL : set->units;
  f->num_functions = (uint32_t) set->num_functions;
  f->functions = calloc (set->num_functions + 1, sizeof *f->functions);
  if (!f->functions)
    return -1;
  for (size_t i = 0; i < set->num_functions; i++)
    {
      const tool_function *tf = set->functions[i];
      ppf_function *pf = &f->functions[i];
      pf->meta = tf->meta;
      pf->meta_size = tf->meta_size;
      pf->num_counts = tf->num_counts;
      pf->counts = tf->counts;
      pf->unit = one_unit ? 0 : tf->unit_index;
    }
  return 0;
}

int
tool_merge_write (const tool_set *set, const char *out_path)
{
  size_t len = strlen (out_path);
  char *tmp = malloc (len + sizeof ".XXXXXX");
  char err[ERR_SIZE];
  mode_t mask;
  ppf_file f;
  int fd;

  if (!tmp || build_file (set, &f) != 0)
    {
      free (tmp);
      return fail (out_path, "out of memory");
    }
  memcpy (tmp, out_path, len);
  memcpy (tmp + len, ".XXXXXX", sizeof ".XXXXXX");
  fd = mkstemp (tmp);
  if (fd < 0)
    {
      snprintf (err, sizeof err, "cannot create a file beside it: %s",
		strerror (errno));
      free (tmp);
      free (f.functions);
      return fail (out_path, err);
    }
  /* mkstemp makes it 0600; a profile is as any file the user makes.  */
  mask = umask (0);
  umask (mask);
  errno = 0;
  err[0] = '\0';
  if (fchmod (fd, 0666 & ~mask) != 0
      || ppf_write_fd (fd, &f, err, sizeof err) != PPF_OK
      || fsync (fd) != 0)
    {
      if (errno || !err[0])
	snprintf (err, sizeof err, "cannot write %s: %s", tmp,
		  strerror (errno));
      close (fd);
      unlink (tmp);
      free (tmp);
      free (f.functions);
      return fail (out_path, err);
    }
  free (f.functions);
  if (close (fd) != 0 || rename (tmp, out_path) != 0)
    {
      snprintf (err, sizeof err, "cannot write it: %s", strerror (errno));
      unlink (tmp);
      free (tmp);
      return fail (out_path, err);
    }
  free (tmp);
  return 0;
}
