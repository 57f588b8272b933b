/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gcc-common.h: GCC's internal headers in one known-good order.

   Every file of the plugin includes this and nothing else from GCC, so the
   day GCC 13, 14 or 15 renames a header or changes an API, this is the one
   file that changes (add the difference behind a PATHPROF_GCC_VERSION test
   here, never in the plugin's other files).  */

#ifndef PATHPROF_GCC_COMMON_H
#define PATHPROF_GCC_COMMON_H

#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "ssa.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "basic-block.h"
#include "cfgloop.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimple-expr.h"
#include "gimplify.h"
#include "tree-cfg.h"
#include "except.h"
#include "tree-eh.h"
#include "tree-iterator.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "varasm.h"
#include "diagnostic-core.h"
#include "langhooks.h"
#include "output.h"
#include "toplev.h"
#include "intl.h"
#include "memmodel.h"
#include "builtins.h"
#include "calls.h"
#include "ggc.h"
#include "opts.h"
#include "profile.h"
#include "predict.h"
/* plugin-version.h defines the version the plugin was built for, a
   static variable: only pathprof.cc, which checks it, asks for it.  */
#ifdef PATHPROF_WANT_PLUGIN_VERSION
#include "plugin-version.h"
#endif

/* libiberty's demangler is linked into every GCC front end (cc1, cc1plus,
   f951, lto1) but its header is not installed with the plugin headers.  */
extern "C" char *cplus_demangle (const char *mangled, int options);
#define PATHPROF_DMGL_PARAMS (1 << 0)
#define PATHPROF_DMGL_ANSI (1 << 1)

#define PATHPROF_GCC_VERSION BUILDING_GCC_VERSION

#if PATHPROF_GCC_VERSION < 11000
#error "pathprof needs GCC 11 or later"
#endif

/* ------------------------------------------------------------ GCC 11
   What GCC 12 added and the plugin uses, written with GCC 11's own
   means.  Each wrapper has GCC 12's name and signature, so the plugin's
   other files read the same for both versions.  */

#if PATHPROF_GCC_VERSION < 12000

/* GCC 12 keeps per-option warning suppression (diagnostic-spec.h);
   GCC 11 has the one TREE_NO_WARNING bit, which silences every warning
   about T, the option included.  */

static inline void
suppress_warning (tree t, int = 0, bool supp = true)
{
  TREE_NO_WARNING (t) = supp;
}

/* Likewise for a statement: GCC 11's one no-warning bit.  */

static inline void
suppress_warning (gimple *g, int = 0, bool supp = true)
{
  gimple_set_no_warning (g, supp);
}

/* GCC 12's range over the loops of FN (cfgloop.h), in the order and with
   the LI_* flags of GCC 11's loop_iterator, which does the work:
     for (auto loop : loops_list (fun, LI_ONLY_INNERMOST))  */

class loops_list
{
public:
  class iterator
  {
  public:
    iterator (loop_iterator *li, class loop *loop) : m_li (li), m_loop (loop)
    {
    }
    class loop *operator* () const { return m_loop; }
    iterator &
    operator++ ()
    {
      m_loop = m_li->next ();
      return *this;
    }
    bool operator!= (const iterator &o) const { return m_loop != o.m_loop; }

  private:
    loop_iterator *m_li;
    class loop *m_loop;
  };

  loops_list (function *fn, unsigned flags) : m_li (fn, &m_first, flags) {}
  iterator begin () { return iterator (&m_li, m_first); }
  iterator end () { return iterator (&m_li, NULL); }

private:
  /* Set by M_LI's constructor to the first loop, or NULL.  */
  class loop *m_first;
  loop_iterator m_li;
};

#endif /* GCC 11 */

/* ------------------------------------------------------------ GCC 11-13
   What GCC 14 renamed, under GCC 14's names, so that the plugin's
   other files read the same for every version.  */

#if PATHPROF_GCC_VERSION < 14000

/* GCC 14 renamed last_stmt (tree-cfg.h), which already skipped debug
   statements, to say so.  */

static inline gimple *
last_nondebug_stmt (basic_block bb)
{
  return last_stmt (bb);
}

/* GCC 14's make_eh_edge (tree-eh.h) makes the one EH edge of STMT and
   returns it; GCC 11-13's make_eh_edges makes it and returns nothing.  */

static inline edge
make_eh_edge (gimple *stmt)
{
  edge e;
  edge_iterator ei;

  make_eh_edges (stmt);
  FOR_EACH_EDGE (e, ei, gimple_bb (stmt)->succs)
    if (e->flags & EDGE_EH)
      return e;
  return NULL;
}

#endif /* GCC 11-13 */

/* ------------------------------------------------------------ 15
   What -fprofile-use turns on (opts.cc, enable_fdo_optimizations) that
   only some versions have: GCC 15 added -foptimize-crc to the list.  */

#if PATHPROF_GCC_VERSION >= 15000
#define PATHPROF_ENABLE_VERSION_FDO_OPTIMIZATIONS(OPTS, OPTS_SET) \
  SET_OPTION_IF_UNSET (OPTS, OPTS_SET, flag_optimize_crc, 1)
#else
#define PATHPROF_ENABLE_VERSION_FDO_OPTIMIZATIONS(OPTS, OPTS_SET) \
  ((void) (OPTS), (void) (OPTS_SET))
#endif

/* ------------------------------------------------------------ all
   The gcov summary that profile_info (profile.h) points to, which
   feedback.cc sets.  gcov-io.h declares it, but cannot be included:
   GCC 11's includes gcov-iov.h, which gcc-11-plugin-dev does not ship,
   and GCC 12's declares a mangle_path that clashes with the plugin's.
   The layout is the same in GCC 11 to 15; no header the plugin
   includes brings gcov-io.h in (coverage.h and lto-streamer.h would).  */

struct gcov_summary
{
  unsigned runs;       /* gcov_unsigned_t: program runs */
  gcov_type sum_max;   /* sum of each run's largest counter */
};

#endif /* PATHPROF_GCC_COMMON_H */
