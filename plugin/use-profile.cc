/* SPDX-License-Identifier: GPL-3.0-or-later */
/* use-profile.cc: use=FILE|DIR, spanning-tree weights from a measured
   profile.

   FILE is a .pathprof file an earlier build of the same source wrote,
   DIR a directory of them (measured-profile.cc reads them and matches
   functions).  Each function the pass instruments whose CFG is the
   profile's, block for block, gets its measured counts in place of the
   static weights of cfg-bridge.cc (pp_cfg_weigh_by_counts), so that the
   edges that ran most carry no code.  Paths and their numbers do not
   depend on the weights: only which edges carry the probes changes,
   never the counts.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "ppedges.h"

/* The profiles of use=, read when the plugin starts; empty without
   use=.  */
static pathprof_profile_set use_profiles;
/* Functions of this unit looked up in it, found in it by name, and
   weighted by it (found with the same CFG).  */
static unsigned use_looked_up, use_found, use_weighted;

/* Read use=FILE|DIR.  Returns false, with an error given, if it cannot
   be read or is not a valid .pathprof file (or directory of them).  */

bool
pathprof_read_use_profile (const char *file)
{
  return pathprof_profile_set_read (&use_profiles, file);
}

/* Weight PCFG, FUN's graph, by use='s counts for FUN.  Returns whether
   it did; a function that is not in the profile keeps its static
   weights silently, one whose CFG differs with a note under verbose.  */

bool
pathprof_weigh_by_profile (function *fun, pathprof_cfg *pcfg)
{
  if (!pathprof_opts.use)
    return false;
  use_looked_up++;
  auto_vec<uint64_t> counts;
  counts.safe_grow_cleared (MAX (1u, pcfg->cfg.num_edges));
  const char *from;
  char why[256];
  switch (pathprof_profile_counts (&use_profiles, fun, pcfg,
				   counts.address (), &from, why, sizeof why))
    {
    case PATHPROF_PROFILE_ABSENT:
      return false;
    case PATHPROF_PROFILE_DIFFERS:
      use_found++;
      if (pathprof_opts.verbose)
	inform (DECL_SOURCE_LOCATION (fun->decl),
		"pathprof: %qD: static weights: its CFG is not the one in "
		"%qs (%s)", fun->decl, pathprof_opts.use, why);
      if (dump_file)
	fprintf (dump_file, "pathprof: static weights: the CFG differs "
		 "from the profile's: %s\n", why);
      return false;
    case PATHPROF_PROFILE_MATCHED:
      break;
    }
  use_found++;
  pp_cfg_weigh_by_counts (&pcfg->cfg, counts.address ());
  use_weighted++;
  return true;
}

/* At the end of the unit: use= that weighted no function of the unit is
   most likely the profile of another source, or of another build whose
   CFGs differ, which the user wants to know once, not per function.  */

void
pathprof_use_finish_unit (void)
{
  if (!pathprof_opts.use || use_looked_up == 0 || use_weighted > 0)
    return;
  const char *unit = pathprof_profile_set_unit (&use_profiles);
  if (use_found == 0 && unit)
    warning_at (UNKNOWN_LOCATION, 0, "pathprof: no function of this unit "
		"is in %qs (a profile of %qs); static weights",
		pathprof_opts.use, unit);
  else if (use_found == 0)
    warning_at (UNKNOWN_LOCATION, 0, "pathprof: no function of this unit "
		"is in %qs; static weights", pathprof_opts.use);
  else
    warning_at (UNKNOWN_LOCATION, 0, "pathprof: no function of this unit "
		"has the CFG it has in %qs (%u of %u found by name; "
		"%<-fplugin-arg-pathprof-verbose%> says why); static weights",
		pathprof_opts.use, use_found, use_looked_up);
}
