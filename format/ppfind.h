/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finding .pathprof files: a file, or every *.pathprof file under a
   directory.

   A program has one profile per object, so the tools that read a
   program's profile take a directory as well as a file: pathprof-dump
   and pathprof-tool (report/load.c) and the plugin's use= and feedback=
   (plugin/measured-profile.cc).  They walk it the same way, here.  */

#ifndef PATHPROF_PPFIND_H
#define PATHPROF_PPFIND_H

#include <stddef.h>
#include <sys/stat.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called for each .pathprof file found, with its stat; returns the
   number of problems it reported.  */
typedef size_t (*ppf_visit_fn) (void *ctx, const char *path,
				const struct stat *st);
/* Called for each problem met while looking: NAME (a file or a
   directory) and what is wrong with it.  */
typedef void (*ppf_problem_fn) (void *ctx, const char *name,
				const char *problem);

/* Give ARG, a .pathprof file, or each *.pathprof file under ARG, a
   directory searched recursively (in byte order of names; symbolic links
   to directories not followed, symbolic links to files followed), to
   VISIT.  Each problem (ARG missing, a directory unreadable or without
   any .pathprof file) goes to PROBLEM.  Returns the number of problems,
   VISIT's included.  */
size_t ppf_find_inputs (const char *arg, ppf_visit_fn visit,
			ppf_problem_fn problem, void *ctx);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PPFIND_H */
