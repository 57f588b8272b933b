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
#include "ggc.h"

/* libiberty's demangler is linked into every GCC front end (cc1, cc1plus,
   f951, lto1) but its header is not installed with the plugin headers.  */
extern "C" char *cplus_demangle (const char *mangled, int options);
#define PATHPROF_DMGL_PARAMS (1 << 0)
#define PATHPROF_DMGL_ANSI (1 << 1)

#define PATHPROF_GCC_VERSION BUILDING_GCC_VERSION

#if PATHPROF_GCC_VERSION < 12000
#error "pathprof needs GCC 12 or later"
#endif

#endif /* PATHPROF_GCC_COMMON_H */
