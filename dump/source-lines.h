/* The source files of a selection of functions and the count of each of
   their lines, summed over the functions, as gcov shows them: the
   --annotate report and the HTML report's source pages.

   Line counts are derive.h's, per function; a line that several
   functions have (an inline function of a header compiled into several
   objects) counts once per function, as gcov adds the data of several
   objects.  */

#ifndef PATHPROF_DUMP_SOURCE_LINES_H
#define PATHPROF_DUMP_SOURCE_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile.h"
#include "select.h"

/* One line of one source file, summed over the selected functions.  */
typedef struct dump_source_line
{
  size_t file;             /* index into dump_sources.files */
  uint32_t line;
  uint64_t count;
  bool unexecuted_block;   /* gcov's "N*" */
} dump_source_line;

/* One source file.  */
typedef struct dump_source_file
{
  const char *name;              /* as the compiler recorded it */
  const dump_profile *profile;   /* the first profile naming it: where a
				    relative name is also looked for */
  size_t first_line;             /* its lines: dump_sources.lines */
  size_t num_lines;              /*   [first_line .. +num_lines) */
} dump_source_file;

typedef struct dump_sources
{
  size_t num_files;
  dump_source_file *files;    /* in order of appearance */
  size_t num_lines;
  dump_source_line *lines;    /* by file, then line; one per line */
} dump_sources;

/* Collect the files and line counts of the functions SEL selects.
   Returns 0, or -1 if memory ran out (OUT is then empty).  */
int dump_collect_sources (const dump_data *data, const dump_selection *sel,
			  dump_sources *out);
void dump_sources_free (dump_sources *sources);

/* The index in SOURCES of the file recorded as NAME, or SIZE_MAX.  */
size_t dump_source_find (const dump_sources *sources, const char *name);

/* Open source file NAME for reading: as recorded, or for a relative name
   also relative to the directory of PROFILE, the profile that names it
   (the object's directory, often the compiler's working directory).
   Returns NULL with errno set if neither opens.  */
FILE *dump_open_source (const char *name, const dump_profile *profile);

/* Called by dump_source_walk for each line of a source file: its number,
   its text without the newline (LEN bytes) and its counted line, or
   NULL.  */
typedef void (*dump_source_line_fn) (void *ctx, uint32_t lineno,
				     const char *text, size_t len,
				     const dump_source_line *line);

/* Read SRC line by line, at most MAX_LINES (0: no limit), giving VISIT
   each line with its counted line of LINES[0..N-1] (one file's, by line
   number).  Returns the number of lines read; *NEXT is then the index of
   the first counted line past them, N if none: the lines the source no
   longer has.  */
uint32_t dump_source_walk (FILE *src, const dump_source_line *lines,
			   size_t n, uint32_t max_lines, size_t *next,
			   dump_source_line_fn visit, void *ctx);

#endif /* PATHPROF_DUMP_SOURCE_LINES_H */
