/* SPDX-License-Identifier: GPL-3.0-or-later */
/* measured-profile.cc: a measured profile's edge counts on a function's
   CFG, for use= and feedback=.

   Both read the .pathprof files of an earlier run, FILE or every
   *.pathprof under DIR (format/ppfind.h: a program has one per object),
   once, when the plugin starts, into the edge counts of each of their
   functions (format/ppedges.h).  A function is looked up by its
   assembler name, first in the profiles of this unit (the profile's
   unit name is the main input file, as the descriptor records it), then
   in the others, so that the static functions of two units that share
   a name are told apart; its counts apply when the profile's CFG edges
   are the function's, block for block (ppf_edges_on_cfg).  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "ppedges.h"
#include "ppfind.h"


/* ppf_find_inputs's VISIT: read PATH into the set; an error (naming
   the file) if it is not a valid .pathprof file.  */

static size_t
read_one_profile (void *ctx, const char *path, const struct stat *)
{
  pathprof_profile_set *set = (pathprof_profile_set *) ctx;
  char err[512];
  ppf_edge_profile *profile = XNEW (ppf_edge_profile);
  if (ppf_edge_profile_read (path, profile, err, sizeof err) != PPF_OK)
    {
      error ("pathprof: cannot use profile %qs: %s", path, err);
      XDELETE (profile);
      return 1;
    }
  set->profiles.safe_push (profile);
  return 0;
}

/* ppf_find_inputs's PROBLEM: an error naming NAME.  */

static void
report_profile_problem (void *ctx, const char *name, const char *problem)
{
  (void) ctx;
  error ("pathprof: cannot use profile %qs: %s", name, problem);
}

/* Read ARG, a .pathprof file or a directory of them, into SET.  Returns false,
   with an error given per problem, if any file cannot be read: a profile is
   used whole or not at all.  */

bool
pathprof_profile_set_read (pathprof_profile_set *set, const char *arg)
{
  set->arg = arg;
  struct stat st;
  if (stat (arg, &st) != 0 && errno == ENOENT)
    {
      error ("pathprof: cannot use profile %qs: does not exist", arg);
      return false;
    }
  return ppf_find_inputs (arg, read_one_profile, report_profile_problem,
			  set) == 0;
}

/* FUN's assembler name, as the profile records it.  */

static const char *
profile_name (function *fun)
{
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fun->decl));
  return name[0] == '*' ? name + 1 : name;
}

/* Whether F, a function of a profile, was compiled from this unit: its
   unit is this compilation's main file (in a merged profile, each
   function names its own unit).  */

static bool
function_of_this_unit_p (const ppf_function_edges *f)
{
  return main_input_filename && !strcmp (f->unit, main_input_filename);
}

/* Whether FUN is in SET by name: whether it is worth preparing its CFG
   for pathprof_profile_counts.  */

bool
pathprof_profile_has (const pathprof_profile_set *set, function *fun)
{
  const char *name = profile_name (fun);
  for (const ppf_edge_profile *profile : set->profiles)
    if (ppf_edge_profile_find (profile, name, NULL))
      return true;
  return false;
}

/* Write into COUNTS[PCFG->cfg.num_edges] the counts SET measured for
   FUN's edges, PCFG being FUN's graph.  The functions of that name
   compiled from this unit are tried first (a static function of
   another unit may have the name, also in one merged profile), then
   the others; the first whose CFG is FUN's gives the counts, and *FROM
   its unit's name.  Returns PATHPROF_PROFILE_ABSENT
   if no profile has FUN by name, PATHPROF_PROFILE_DIFFERS (with the
   first difference in WHY) if none of those that do has its CFG.  */

pathprof_profile_match
pathprof_profile_counts (const pathprof_profile_set *set, function *fun,
			 const pathprof_cfg *pcfg, uint64_t *counts,
			 const char **from, char *why, size_t whylen)
{
  const char *name = profile_name (fun);
  pathprof_profile_match result = PATHPROF_PROFILE_ABSENT;
  for (int this_unit = 1; this_unit >= 0; this_unit--)
    for (const ppf_edge_profile *profile : set->profiles)
      {
	uint32_t num;
	const ppf_function_edges *first
	  = ppf_edge_profile_find (profile, name, &num);
	for (const ppf_function_edges *f = first; f && f < first + num; f++)
	  {
	    if (function_of_this_unit_p (f) != (this_unit == 1))
	      continue;
	    char differs[256];
	    if (ppf_edges_on_cfg (f, &pcfg->cfg, counts, differs,
				  sizeof differs) == 0)
	      {
		*from = f->unit;
		return PATHPROF_PROFILE_MATCHED;
	      }
	    if (result == PATHPROF_PROFILE_ABSENT)
	      snprintf (why, whylen, "%s", differs);
	    result = PATHPROF_PROFILE_DIFFERS;
	  }
      }
  return result;
}

/* The largest number of runs of SET's profiles, and its largest edge
   count: what a gcov summary holds (runs, sum_max), for feedback=.  */

void
pathprof_profile_set_summary (const pathprof_profile_set *set,
			      uint64_t *runs, uint64_t *max_count)
{
  *runs = *max_count = 0;
  for (const ppf_edge_profile *profile : set->profiles)
    {
      *runs = MAX (*runs, profile->runs);
      for (uint32_t i = 0; i < profile->num_functions; i++)
	{
	  const ppf_function_edges *f = &profile->functions[i];
	  for (size_t k = 0; k < f->num_edges; k++)
	    *max_count = MAX (*max_count, f->edges[k].count);
	}
    }
}

/* The unit name of SET's profiles when they are all one unit's
   (use=FILE's warning names it), or NULL.  */

const char *
pathprof_profile_set_unit (const pathprof_profile_set *set)
{
  return set->profiles.length () == 1 ? set->profiles[0]->unit_name : NULL;
}
