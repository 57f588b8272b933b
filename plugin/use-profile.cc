/* use-profile.cc: use=FILE, spanning-tree weights from a measured
   profile.

   FILE is a .pathprof file an earlier build of the same source wrote.
   It is read once, when the plugin starts, into the edge counts of each
   of its functions (format/ppedges.h).  Each function the pass
   instruments is looked up by its assembler name; when the profile's
   CFG edges are the function's, block for block (ppf_edges_on_cfg), its
   measured counts replace the static weights of cfg-bridge.cc
   (pp_cfg_weigh_by_counts), so that the edges that ran most carry no
   code.  Paths and their numbers do not depend on the weights: only
   which edges carry the probes changes, never the counts.  */

#include "gcc-common.h"
#include <regex.h>
#include "pathprof-plugin.h"
#include "ppedges.h"

/* The profile of use=FILE, or NULL without use=.  */
static ppf_edge_profile *use_profile;
/* Functions of this unit looked up in it, found in it by name, and
   weighted by it (found with the same CFG).  */
static unsigned use_looked_up, use_found, use_weighted;

/* Read use=FILE.  Returns false, with an error given, if it cannot be
   read or is not a valid .pathprof file.  */

bool
pathprof_read_use_profile (const char *file)
{
  char err[512];
  use_profile = XNEW (ppf_edge_profile);
  if (ppf_edge_profile_read (file, use_profile, err, sizeof err) != PPF_OK)
    {
      error ("pathprof: cannot use profile %qs: %s", file, err);
      XDELETE (use_profile);
      use_profile = NULL;
      return false;
    }
  return true;
}

/* Weight PCFG, FUN's graph, by use=FILE's counts for FUN.  Returns
   whether it did; a function that is not in the profile keeps its
   static weights silently, one whose CFG differs with a note under
   verbose.  */

bool
pathprof_weigh_by_profile (function *fun, pathprof_cfg *pcfg)
{
  if (!use_profile)
    return false;
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fun->decl));
  if (name[0] == '*')
    name++;
  use_looked_up++;
  const ppf_function_edges *f = ppf_edge_profile_find (use_profile, name);
  if (!f)
    return false;
  use_found++;
  auto_vec<uint64_t> counts;
  counts.safe_grow_cleared (MAX (1u, pcfg->cfg.num_edges));
  char why[256];
  if (ppf_edges_on_cfg (f, &pcfg->cfg, counts.address (), why, sizeof why)
      != 0)
    {
      if (pathprof_opts.verbose)
	inform (DECL_SOURCE_LOCATION (fun->decl),
		"pathprof: %qD: static weights: its CFG is not the one in "
		"%qs (%s)", fun->decl, pathprof_opts.use, why);
      if (dump_file)
	fprintf (dump_file, "pathprof: static weights: the CFG differs "
		 "from the profile's: %s\n", why);
      return false;
    }
  pp_cfg_weigh_by_counts (&pcfg->cfg, counts.address ());
  use_weighted++;
  return true;
}

/* At the end of the unit: use=FILE that weighted no function of the
   unit is most likely the profile of another source, or of another
   build whose CFGs differ, which the user wants to know once, not per
   function.  */

void
pathprof_use_finish_unit (void)
{
  if (!use_profile || use_looked_up == 0 || use_weighted > 0)
    return;
  if (use_found == 0)
    warning_at (UNKNOWN_LOCATION, 0, "pathprof: no function of this unit "
		"is in %qs (a profile of %qs); static weights",
		pathprof_opts.use, use_profile->unit_name);
  else
    warning_at (UNKNOWN_LOCATION, 0, "pathprof: no function of this unit "
		"has the CFG it has in %qs (%u of %u found by name; "
		"%<-fplugin-arg-pathprof-verbose%> says why); static weights",
		pathprof_opts.use, use_found, use_looked_up);
}
