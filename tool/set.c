/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A profile set: reading files into it and merging their counts.  See
   set.h for the identities and the rules.  */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "names.h"
#include "paths.h"
#include "read-profile.h"
#include "set.h"

#define ERR_SIZE 512

/* Start an empty set.  */

void
tool_set_init (tool_set *set)
{
  memset (set, 0, sizeof *set);
  set->weight = 1;
  set->mixed_hint = "merge them first with pathprof-tool merge --mixed";
  report_runs_init (&set->runs_by_unit);
}

/* Report PROBLEM with the file PATH on stderr.  */

static void
report (const char *path, const char *problem)
{
  fprintf (stderr, "%s: %s: %s\n", TOOL_PROGRAM, path, problem);
}

bool
tool_same_meta (const tool_function *a, const tool_function *b)
{
  return a->meta_size == b->meta_size
	 && memcmp (a->meta, b->meta, a->meta_size) == 0;
}

/* The assembler name in the encoded meta BUF of SIZE bytes, which
   ppf_decode has checked (ppf_meta_head finds it).  Sets *LEN; NULL if
   it does not fit.  */

static const char *
meta_name (const unsigned char *buf, uint32_t size, uint32_t *len)
{
  uint64_t path_limit;
  size_t at;

  if (ppf_meta_head (buf, size, &path_limit, &at) != PPF_OK)
    return NULL;
  *len = (uint32_t) buf[at] | (uint32_t) buf[at + 1] << 8
	 | (uint32_t) buf[at + 2] << 16 | (uint32_t) buf[at + 3] << 24;
  if (*len > size - at - 4)
    return NULL;
  return (const char *) buf + at + 4;
}

/* The hash of the identity (UNIT, NAME of NAME_LEN bytes).  */

static uint64_t
identity_hash (const char *unit, const char *name, size_t name_len)
{
  uint64_t h = ppf_hash (unit, strlen (unit) + 1, PPF_HASH_SEED);

  return ppf_hash (name, name_len, h);
}

/* The function of SET with identity (UNIT, NAME, NAME_LEN) and hash
   HASH, or NULL.  */

static tool_function *
find (const tool_set *set, uint64_t hash, const char *unit,
      const char *name, size_t name_len)
{
  if (!set->num_buckets)
    return NULL;
  for (size_t k = set->buckets[hash & (set->num_buckets - 1)]; k;
       k = set->functions[k - 1]->next)
    {
      tool_function *tf = set->functions[k - 1];
      if (tf->hash == hash && strlen (tf->fn.meta.name) == name_len
	  && memcmp (tf->fn.meta.name, name, name_len) == 0
	  && strcmp (tf->unit, unit) == 0)
	return tf;
    }
  return NULL;
}

tool_function *
tool_set_find (const tool_set *set, const char *unit, const char *name)
{
  size_t len = strlen (name);

  return find (set, identity_hash (unit, name, len), unit, name, len);
}

/* Put every function back into buckets, NUM_BUCKETS of them (a power of
   two).  Returns 0 or -1.  */

static int
rehash (tool_set *set, size_t num_buckets)
{
  size_t *buckets = calloc (num_buckets, sizeof *buckets);

  if (!buckets)
    return -1;
  free (set->buckets);
  set->buckets = buckets;
  set->num_buckets = num_buckets;
  for (size_t i = 0; i < set->num_functions; i++)
    {
      tool_function *tf = set->functions[i];
      size_t b = tf->hash & (num_buckets - 1);
      tf->next = buckets[b];
      buckets[b] = i + 1;
    }
  return 0;
}

/* Release one function.  */

static void
function_free (tool_function *tf)
{
  if (!tf)
    return;
  ppf_meta_free (&tf->fn.meta);
  ppf_dag_free (&tf->fn.dag);
  free (tf->fn.short_files);
  free (tf->fn.label);
  free (tf->unit);
  free (tf->meta);
  free (tf->counts);
  free (tf);
}

/* The index of UNIT in SET's unit table, added if new; -1 if memory ran
   out.  Linear: a program has tens or hundreds of units, and this runs
   once per new function.  */

static long
unit_index (tool_set *set, const char *unit)
{
  char **grown, *copy;

  for (size_t i = set->num_units; i-- > 0;)
    if (strcmp (set->units[i], unit) == 0)
      return (long) i;
  grown = realloc (set->units, (set->num_units + 1) * sizeof *grown);
  if (!grown)
    return -1;
  set->units = grown;
  if (!(copy = strdup (unit)))
    return -1;
  set->units[set->num_units] = copy;
  return (long) set->num_units++;
}

/* A new function of SET from function I of FILE, which has identity
   UNIT and hash HASH: its meta decoded, its DAG ready, its files
   named.  Appended to SET and its bucket.  Returns it, or NULL with the
   reason in ERR.  */

static tool_function *
function_add (tool_set *set, const ppf_file *file, uint32_t i,
	      const char *unit, uint64_t hash, char *err, size_t errlen)
{
  const ppf_function *pf = &file->functions[i];
  tool_function *tf = calloc (1, sizeof *tf), **grown;
  char why[ERR_SIZE / 2];
  long u;

  if (!tf || !(tf->unit = strdup (unit))
      || !(tf->meta = malloc (pf->meta_size + 1)))
    goto oom;
  memcpy (tf->meta, pf->meta, pf->meta_size);
  tf->meta_size = pf->meta_size;
  tf->hash = hash;
  tf->fn.profile = &set->profile;
  tf->fn.unit = tf->unit;
  if (ppf_meta_decode (pf->meta, pf->meta_size, &tf->fn.meta, why,
		       sizeof why) != PPF_OK)
    {
      snprintf (err, errlen, "function %u: %s", i, why);
      function_free (tf);
      return NULL;
    }
  if (tf->fn.meta.num_blocks < 2 || tf->fn.meta.blocks[0].index != PP_ENTRY
      || tf->fn.meta.blocks[1].index != PP_EXIT)
    {
      snprintf (err, errlen, "function %.200s: blocks do not start with "
		"ENTRY and EXIT", tf->fn.meta.name);
      function_free (tf);
      return NULL;
    }
  if (ppf_dag_init (&tf->fn.dag, &tf->fn.meta, why, sizeof why) != PPF_OK)
    {
      snprintf (err, errlen, "function %.200s: %s", tf->fn.meta.name, why);
      function_free (tf);
      return NULL;
    }
  if (report_function_names (&tf->fn) != 0 || (u = unit_index (set, unit)) < 0)
    goto oom;
  tf->unit_index = (uint32_t) u;
  if (set->num_functions + 1 > set->num_buckets
      && rehash (set, set->num_buckets ? 2 * set->num_buckets : 64) != 0)
    goto oom;
  grown = realloc (set->functions,
		   (set->num_functions + 1) * sizeof *grown);
  if (!grown)
    goto oom;
  set->functions = grown;
  tf->next = set->buckets[hash & (set->num_buckets - 1)];
  set->buckets[hash & (set->num_buckets - 1)] = set->num_functions + 1;
  tf->index = set->num_functions;
  set->functions[set->num_functions++] = tf;
  return tf;

oom:
  snprintf (err, errlen, "out of memory");
  function_free (tf);
  return NULL;
}

/* Take back the functions added after the first KEEP (LIFO: each is
   then the head of its bucket).  */

static void
roll_back (tool_set *set, size_t keep)
{
  while (set->num_functions > keep)
    {
      tool_function *tf = set->functions[--set->num_functions];
      set->buckets[tf->hash & (set->num_buckets - 1)] = tf->next;
      function_free (tf);
    }
}

/* Regenerate every path of SRC (NUM counts) that TF's list does not
   hold yet: the lists are sorted, so one walk finds them.  Returns 0,
   or -1 with the reason in ERR.  */

static int
check_new_paths (const tool_function *tf, const ppf_count *src,
		 uint64_t num, report_path *path, char *err, size_t errlen)
{
  uint64_t k = 0;

  for (uint64_t j = 0; j < num; j++)
    {
      while (k < tf->num_counts && tf->counts[k].path < src[j].path)
	k++;
      if (k < tf->num_counts && tf->counts[k].path == src[j].path)
	continue;
      if (report_path_regen (&tf->fn, src[j].path, path, err, errlen) != 0)
	return -1;
    }
  return 0;
}

/* Add SRC's counts, each times WEIGHT, into TF's list, exact counts
   made samples as HOW says (ppf_counts_merge_weighted).  Returns 0 or
   -1.  */

static int
merge_counts (tool_function *tf, const ppf_function *src, uint64_t weight,
	      unsigned how)
{
  ppf_function dst;

  memset (&dst, 0, sizeof dst);
  dst.counts = tf->counts;
  dst.num_counts = tf->num_counts;
  if (ppf_counts_merge_weighted (&dst, src, weight, how) != PPF_OK)
    return -1;
  tf->counts = dst.counts;
  tf->num_counts = dst.num_counts;
  return 0;
}

/* Whether FILE, read from PATH, may join SET's files (report/sampling.h):
   if so, the sampling they make in *SAMPLING and what their counts need
   in *COUNTS_HOW; if not, say why (a sampled file and an exact one) and
   set SET->mixed.  */

static bool
sampling_fits (tool_set *set, const ppf_file *file, const char *path,
	       report_sampling *sampling, unsigned *counts_how)
{
  int how;

  *sampling = set->sampling;
  how = report_sampling_add (sampling, file, path, set->merge_how);
  if (how < 0)
    {
      char mixed[512];
      report_sampling_mixed_text (mixed, sizeof mixed, sampling);
      fprintf (stderr, "%s: %s: %s\n", TOOL_PROGRAM, mixed,
	       set->mixed_hint);
      set->mixed = true;
      return false;
    }
  *counts_how = (unsigned) how;
  return true;
}

/* Remember PATH (stat ST) as input number SET->num_inputs.  Returns 0
   or -1.  */

static int
add_input (tool_set *set, const char *path, const struct stat *st)
{
  size_t n = set->num_inputs + 1;
  char **inputs = realloc (set->inputs, n * sizeof *inputs);
  dev_t *devices;
  ino_t *inodes;

  if (inputs)
    set->inputs = inputs;
  devices = inputs ? realloc (set->devices, n * sizeof *devices) : NULL;
  if (devices)
    set->devices = devices;
  inodes = devices ? realloc (set->inodes, n * sizeof *inodes) : NULL;
  if (inodes)
    set->inodes = inodes;
  if (!inodes || !(set->inputs[set->num_inputs] = strdup (path)))
    return -1;
  set->devices[set->num_inputs] = st->st_dev;
  set->inodes[set->num_inputs] = st->st_ino;
  set->num_inputs++;
  return 0;
}

/* Make the metas of the first file, in its order, known to the reader
   (ppf_decode_known): later files of that build decode none.  */

static int
remember_known (tool_set *set, tool_function **map, uint32_t num)
{
  set->known = calloc (num + 1, sizeof *set->known);
  if (!set->known)
    return -1;
  for (uint32_t i = 0; i < num; i++)
    {
      set->known[i].meta = map[i]->meta;
      set->known[i].meta_size = map[i]->meta_size;
      set->known[i].num_paths = map[i]->fn.meta.path_limit;
    }
  set->num_known = num;
  return 0;
}

/* Whether the file of stat ST was read into SET already (same device
   and inode).  */

static bool
already_read (const tool_set *set, const struct stat *st)
{
  for (size_t i = 0; i < set->num_inputs; i++)
    if (set->devices[i] == st->st_dev && set->inodes[i] == st->st_ino)
      return true;
  return false;
}

/* Read the file PATH (stat ST) into *FILE for SET, unless it is the
   output; say so when the read took the journal's copy or went without
   the lock.  Returns 0, or 1 after reporting why it could not.  */

static int
read_input (tool_set *set, const char *path, const struct stat *st,
	    ppf_file *file)
{
  char err[ERR_SIZE];
  report_read_how how;
  int rc;

  if (set->exclude && st->st_dev == set->exclude_dev
      && st->st_ino == set->exclude_ino)
    {
      report (path, "is the output: merging a file into itself");
      set->into_itself = true;
      return 1;
    }
  err[0] = '\0';
  rc = report_read_profile_known (path, set->known, set->num_known, file,
				  &how, err, sizeof err);
  if (rc != PPF_OK)
    {
      report (path, rc == PPF_ENOENT ? strerror (ENOENT)
		    : err[0] ? err : "cannot be read");
      return 1;
    }
  if (how.from_journal || how.from_tail)
    report (path, "its last write was interrupted or is in flight; read "
	    "the journal's copy (the last complete profile)");
  else if (how.lock_busy)
    report (path, "locked by a writer for over " REPORT_LOCK_WAIT_TEXT
	    "; read without the lock");
  return 0;
}

/* Find or make in SET the function I of FILE, which is input number
   INPUT, read from PATH, and set *TFP to it; to NULL when SET holds
   another build of it, which is left out (said, and counted in
   SET->left_out).  Returns 0, or -1 with the reason in ERR.  */

static int
match_function (tool_set *set, const ppf_file *file, uint32_t i,
		size_t input, const char *path, tool_function **tfp,
		char *err, size_t errlen)
{
  const ppf_function *pf = &file->functions[i];
  const char *unit = ppf_function_unit (file, i);
  uint32_t len;
  const char *name = meta_name (pf->meta, pf->meta_size, &len);
  uint64_t hash;
  tool_function *tf;

  *tfp = NULL;
  if (!name)
    {
      snprintf (err, errlen, "function %u: no name", i);
      return -1;
    }
  hash = identity_hash (unit, name, len);
  tf = find (set, hash, unit, name, len);
  if (tf && tf->last_input == input + 1)
    {
      snprintf (err, errlen, "function %.*s of %s appears twice",
		(int) (len > 200 ? 200 : len), name, unit);
      return -1;
    }
  if (tf && (tf->meta_size != pf->meta_size
	     || memcmp (tf->meta, pf->meta, pf->meta_size) != 0))
    {
      /* Another build of this one function: its copy here is left
	 out, the file's other functions are still summed.  */
      snprintf (err, errlen, "function %s differs from the one in "
		"%.200s: another build; left out",
		tf->fn.meta.name, set->inputs[tf->first_input]);
      report (path, err);
      set->left_out++;
      return 0;
    }
  if (!tf)
    {
      tf = function_add (set, file, i, unit, hash, err, errlen);
      if (!tf)
	return -1;
      tf->first_input = input;
    }
  tf->last_input = input + 1;
  *tfp = tf;
  return 0;
}

/* Find or make each function of FILE (input number INPUT, read from
   PATH) in SET, into MAP (NULL for one left out), and check that the
   file is of the same build and that every path it adds regenerates,
   before anything of it is summed.  Returns 0, or -1 with the reason in
   ERR.  */

static int
map_functions (tool_set *set, const ppf_file *file, size_t input,
	       const char *path, tool_function **map, char *err,
	       size_t errlen)
{
  report_path regen;
  int rc = 0;

  report_path_init (&regen);
  if ((file->flags & PPF_FILE_TIME) && set->has_time
      && file->time_unit != set->time_unit)
    {
      snprintf (err, errlen, "its times are in %s, those merged "
		"before in %s", file->time_unit == PPF_TIME_NS ? "ns" : "ticks",
		set->time_unit == PPF_TIME_NS ? "ns" : "ticks");
      rc = -1;
    }
  for (uint32_t i = 0; rc == 0 && i < file->num_functions; i++)
    {
      const ppf_function *pf = &file->functions[i];

      if (match_function (set, file, i, input, path, &map[i], err,
			  errlen) != 0
	  || (map[i] && check_new_paths (map[i], pf->counts,
					 pf->num_counts, &regen, err,
					 errlen) != 0))
	rc = -1;
    }
  report_path_free (&regen);
  return rc;
}

/* Sum FILE, read from PATH, into SET: the counts of each function into
   MAP's, exact ones made samples as COUNTS_HOW says (sampling_fits), its
   runs and its time unit.  Exits when memory runs out half way.  */

static void
sum_file (tool_set *set, const char *path, const ppf_file *file,
	  tool_function **map, unsigned counts_how)
{
  static const ppf_function none;
  bool failed = false;

  /* The set's counts become samples of period 1: all of them, also of
     the functions FILE lacks.  */
  if (counts_how & PPF_MERGE_EXACT_DST)
    for (size_t i = 0; i < set->num_functions && !failed; i++)
      failed = merge_counts (set->functions[i], &none, 1,
			     PPF_MERGE_EXACT_DST) != 0;
  for (uint32_t i = 0; i < file->num_functions && !failed; i++)
    failed = map[i] && merge_counts (map[i], &file->functions[i],
				     set->weight,
				     counts_how & PPF_MERGE_EXACT_SRC) != 0;
  if (failed)
    {
      /* Half summed: the set is no longer what its inputs say.  */
      report (path, "out of memory");
      exit (1);
    }
  /* Runs are the program's (runs.h), not the sum over the files.  */
  uint64_t fewest;
  if (report_runs_add (&set->runs_by_unit, file, set->weight) != 0)
    {
      report (path, "out of memory");
      exit (1);
    }
  report_runs_range (&set->runs_by_unit, &fewest, &set->runs);
  if (file->flags & PPF_FILE_TIME)
    {
      set->has_time = true;
      set->time_unit = file->time_unit;
      if (file->ticks_per_second)
	set->ticks_per_second = file->ticks_per_second;
    }
}

/* Read the file PATH (stat ST) into the set CTX: see set.h.  A file
   already read (same device and inode) is skipped silently.  Returns
   the number of problems, 0 or 1.  */

static size_t
add_file (void *ctx, const char *path, const struct stat *st)
{
  tool_set *set = ctx;
  size_t keep = set->num_functions, input = set->num_inputs;
  size_t keep_units = set->num_units, keep_left_out = set->left_out;
  tool_function **map = NULL;
  char err[ERR_SIZE];
  report_sampling sampling;
  unsigned counts_how;
  ppf_file file;

  if (already_read (set, st))
    return 0;
  if (read_input (set, path, st, &file) != 0)
    return 1;
  if (!sampling_fits (set, &file, path, &sampling, &counts_how))
    {
      ppf_file_free (&file);
      return 1;
    }

  map = calloc (file.num_functions + 1, sizeof *map);
  if (!map)
    {
      report (path, "out of memory");
      ppf_file_free (&file);
      return 1;
    }
  if (map_functions (set, &file, input, path, map, err, sizeof err) != 0)
    goto undo;
  if (add_input (set, path, st) != 0
      || (input == 0 && remember_known (set, map, file.num_functions) != 0))
    {
      snprintf (err, sizeof err, "out of memory");
      goto undo;
    }
  /* The set's own copy of PATH, for a later message.  */
  if (sampling.sampled_path == path)
    sampling.sampled_path = set->inputs[input];
  if (sampling.exact_path == path)
    sampling.exact_path = set->inputs[input];
  set->sampling = sampling;
  sum_file (set, path, &file, map, counts_how);
  free (map);
  ppf_file_free (&file);
  return 0;

undo:
  for (size_t k = 0; k < set->num_functions; k++)
    if (set->functions[k]->last_input == input + 1)
      set->functions[k]->last_input = 0;
  set->left_out = keep_left_out;
  roll_back (set, keep);
  while (set->num_units > keep_units)
    free (set->units[--set->num_units]);
  report (path, err);
  free (map);
  ppf_file_free (&file);
  return 1;
}

size_t
tool_set_add (tool_set *set, const char *arg, uint64_t weight)
{
  set->weight = weight;
  return report_find_inputs (arg, add_file, set);
}

int
tool_set_finish (tool_set *set)
{
  report_data view;

  set->profile.path = set->num_inputs ? set->inputs[0] : (char *) "";
  memset (&set->total_executions, 0, sizeof set->total_executions);
  for (size_t i = 0; i < set->num_functions; i++)
    {
      tool_function *tf = set->functions[i];
      report_function *fn = &tf->fn;
      fn->counts = tf->counts;
      fn->num_counts = tf->num_counts;
      memset (&fn->executions, 0, sizeof fn->executions);
      for (uint64_t k = 0; k < tf->num_counts; k++)
	report_sum_add (&fn->executions, tf->counts[k].count);
      report_sum_add_sum (&set->total_executions, &fn->executions);
    }
  report_data_init (&view);
  view.num_functions = set->num_functions;
  view.functions = malloc ((set->num_functions + 1)
			   * sizeof *view.functions);
  if (!view.functions)
    return -1;
  for (size_t i = 0; i < set->num_functions; i++)
    view.functions[i] = &set->functions[i]->fn;
  if (report_assign_labels (&view) != 0)
    {
      free (view.functions);
      return -1;
    }
  free (view.functions);
  return 0;
}

void
tool_set_free (tool_set *set)
{
  for (size_t i = 0; i < set->num_functions; i++)
    function_free (set->functions[i]);
  for (size_t i = 0; i < set->num_inputs; i++)
    free (set->inputs[i]);
  for (size_t i = 0; i < set->num_units; i++)
    free (set->units[i]);
  free (set->functions);
  free (set->buckets);
  free (set->inputs);
  free (set->devices);
  free (set->inodes);
  free (set->units);
  report_runs_free (&set->runs_by_unit);
  free (set->known);
  tool_set_init (set);
}
