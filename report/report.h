/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The report library: what pathprof-dump and pathprof-tool share.  It
   reads .pathprof files into memory, names their functions, regenerates
   and writes paths, and derives gcov's counts from them; each program
   keeps only its options and its reports (dump/, tool/).  It sits on the
   core and the format (doc/layers.md: it is compiled with their include
   paths and no other) and knows nothing of either program.  Its names
   begin with report_ (REPORT_ for macros).

   One concept per file, each with its header:
     profile-data.h  the in-memory profile: report_data, report_profile,
		     report_function
     load.c          reading files and directories into it (declared in
		     profile-data.h); report_program_name
     read-profile.c  reading one file a running program may be rewriting:
		     its lock, its journal
     runs.c          the program's runs over a set of files
     string-index.c  an index of strings
     names.c         how reports name files and functions; labels that
		     tell copies apart
     select.c        which functions and which paths a report shows
     paths.c         a function's paths: regeneration, start and end,
		     source lines
     path-text.c     a path as compact text
     dag-index.c     a function's DAG indexed for walks
     derive.c        edge, block and line counts derived from the paths
     source-lines.c  source files and their line counts summed over
		     functions
     timing.c        time per path (metric=cycles, metric=ns)
     sampling.c      sampled profiles: their period, estimated counts
     sum.c           exact sums of 64-bit counts
     ratio.c         exact ratios of counts
     columns.c       text layout: widths, glyphs, percentages
     json.c          JSON strings

   This header includes them all, for a program that wants the whole
   library in one line.  */

#ifndef PATHPROF_REPORT_REPORT_H
#define PATHPROF_REPORT_REPORT_H

#include "profile-data.h"
#include "read-profile.h"
#include "runs.h"
#include "string-index.h"
#include "names.h"
#include "select.h"
#include "paths.h"
#include "path-text.h"
#include "dag-index.h"
#include "derive.h"
#include "source-lines.h"
#include "timing.h"
#include "sampling.h"
#include "sum.h"
#include "ratio.h"
#include "columns.h"
#include "json.h"

#endif /* PATHPROF_REPORT_REPORT_H */
