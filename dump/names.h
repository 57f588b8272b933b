/* How the text reports name files and functions.

   Source files are named by their base name ("fig1.c" for
   "/home/u/src/fig1.c"), unless two files of one function share a base
   name, in which case both keep the name the compiler recorded.

   Functions are named by their display name.  When several functions
   loaded share a display name (static functions of different files, or
   one inline function compiled into several objects), each gets the base
   name of its translation unit's main file appended, "helper (a.c)", or,
   if that is still ambiguous, the .pathprof file it comes from.

   The TSV and JSON reports do not use these names: they write the
   strings as stored.  */

#ifndef PATHPROF_DUMP_NAMES_H
#define PATHPROF_DUMP_NAMES_H

#include "profile.h"

/* The part of PATH after its last '/'.  */
const char *dump_base_name (const char *path);
/* Fill FN->short_files.  Returns 0, or -1 if memory ran out.  */
int dump_function_names (dump_function *fn);
/* Fill the label of every function of DATA.  Returns 0 or -1.  */
int dump_assign_labels (dump_data *data);

#endif /* PATHPROF_DUMP_NAMES_H */
