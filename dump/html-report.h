/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The parts of the HTML report (html.h), and what they share:

   html-site.c      the output directory: written to the side, page file
		    names, renamed into place;
   html-write.c     HTML and JSON text: escaping, page head and foot,
		    percentages and coverage bars;
   html-assets.c    the style sheet and the script every page loads;
   html-paths.c     a function's paths as a table and as the JSON the
		    script reads to highlight them;
   html-index.c     index.html;
   html-source.c    one page per source file;
   html-function.c  one page per function;
   html-pictures.c  their CFG pictures, laid out by Graphviz's dot;
   html-layout.c    dot's layout of a picture made small, for the
		    page's script to draw;
   html.c           the report: which pages, with which names, in what
		    order.  */

#ifndef PATHPROF_DUMP_HTML_REPORT_H
#define PATHPROF_DUMP_HTML_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "html.h"
#include "paths.h"
#include "path-text.h"
#include "source-lines.h"
#include "string-index.h"

/* Rows of the index's function table; hottest paths shown per function
   in the index.  */
#define HTML_INDEX_FUNCTIONS_MAX 2000
#define HTML_INDEX_PATHS_PER_FUNCTION 3
/* Source lines of one page: past this, the page says where it stopped.  */
#define HTML_SOURCE_LINES_MAX 100000
/* Paths a source page lists per function (its page lists -n of them):
   the hottest, enough to light the lines that matter, and a source
   page of many functions stays small.  */
#define HTML_SOURCE_PATHS 10

/* ------------------------------------------------------------ site */

typedef struct html_site
{
  char *dir;                   /* the directory asked for */
  char *tmp;                   /* where the report is written until
				  complete */
  report_string_index stems;   /* "PREFIX-STEM" declared -> its pages */
  report_string_index names;   /* names given out -> the next "-N" to try */
  size_t num_strings;          /* the keys of both, freed with the site */
  size_t string_capacity;
  char **strings;
} html_site;

/* Check that DIR can take the report and make the directory beside it
   where it is written.  Returns 0, or -1 after a message naming DIR.  */
int html_site_begin (html_site *site, const char *dir);

/* Page names.  A page of PREFIX ("fn", "src") is named after STEM (a
   function's or a file's name) and its identity (bytes that tell it from
   every other page of PREFIX, e.g. a function's unit and assembler
   name): "PREFIX-BASE.html", BASE being STEM with every byte but ASCII
   letters, digits, '.', '_' and '-' replaced by '_' and cut to a
   reasonable length.  When other pages declared the same BASE (up to
   letter case, as file systems that ignore case would take the names for
   one), it is "PREFIX-BASE-HASH.html", HASH 12 hex digits of a hash of
   the identity; and "-N" is added (N = 2, 3...) to a name given out
   before.  So a page's name depends on its own name and identity, and on
   which others declared its BASE, not on the order of the pages; each
   name costs a constant time (expected), however many pages share a
   BASE.

   First declare every page that the report may have, then name those it
   has.  */

/* Declare a page of PREFIX named after STEM.  Returns 0 or -1 (memory
   ran out).  */
int html_site_declare (html_site *site, const char *prefix,
		       const char *stem);
/* The name of a page of PREFIX named after STEM with identity IDENTITY
   (IDENTITY_LEN bytes), unique in the site; NULL if memory ran out.  */
const char *html_site_name (html_site *site, const char *prefix,
			    const char *stem, const void *identity,
			    size_t identity_len);
/* Create file NAME of the site.  NULL after a message.  */
FILE *html_site_open (html_site *site, const char *name);
/* Close OUT, file NAME of the site.  Returns 0, or -1 after a message if
   anything written to it was lost.  */
int html_site_close (html_site *site, FILE *out, const char *name);
/* Put the finished report in place of DIR.  Returns 0, or -1 after a
   message (the report is then removed), or if a stop signal arrived.  */
int html_site_commit (html_site *site);
/* Remove what was written and release SITE.  */
void html_site_abort (html_site *site);
/* Between html_site_begin and html_site_commit or html_site_abort,
   SIGHUP, SIGINT and SIGTERM (if not ignored) only set a flag: the
   signal, which this returns (0: none), and the report stops as soon as
   it can.  html_site_commit then fails, and it or html_site_abort, once
   the report is removed, raises the signal again with its former
   disposition: the program ends as the signal would have ended it.  */
int html_site_interrupted (void);
/* For tests: if the environment variable PATHPROF_TEST_HTML_PAUSE is
   set, say on stderr "PROGRAM: test: paused WHERE" and wait for a stop
   signal.  */
void html_site_test_pause (const char *where);

/* ------------------------------------------------------------ text */

/* S as HTML text (also fit for a quoted attribute value).  */
void html_text (FILE *out, const char *s);
void html_text_n (FILE *out, const char *s, size_t len);
/* S as a JSON string that may sit inside a <script> element.  */
void html_json_string (FILE *out, const char *s);
/* The page head up to <main>: TITLE (text), KIND (the body's class), and
   a trail of links back to the index; CRUMB, if not NULL, is the last
   part of the trail.  */
void html_page_begin (FILE *out, const char *title, const char *kind,
		      const char *crumb);
/* The page foot, from </main>.  */
void html_page_end (FILE *out);
/* Of a sampled profile DATA (sampling.h), the badge that says so under
   a page's heading: "sampled 1 in 1000: counts are estimates".  */
void html_sampled_badge (FILE *out, const report_data *data);
/* A table cell of COUNT, of SAMPLES samples: "~N" for an estimate, with
   N as its sort key; SHORT_MARKUP for the path tables' "<td>" (their
   numbers are set right by pathprof.css), else "<td class="num">".  */
void html_count (FILE *out, uint64_t count, uint64_t samples,
		 bool short_markup);
/* PART of WHOLE as report_percent writes it.  */
void html_percent (FILE *out, long double part, long double whole);
/* A table cell with PART of WHOLE as a percentage and a bar.  */
void html_coverage_cell (FILE *out, long double part, long double whole);

/* html_coverage_cell with a title: "PART of WHOLE NOUN"; "-" when
   WHOLE is 0 (nothing to cover: a file without branches).  */
void html_count_coverage_cell (FILE *out, size_t part, size_t whole,
			       const char *noun);
/* The line of a coverage card that puts the exception exits apart, as
   pathprof-dump --coverage: "of which EXITS exception exits (EXECUTED
   executed); without them, A of B executed (P%)", where the other
   potential paths are POTENTIAL - EXITS and the other executed ones
   ALL_EXECUTED - EXECUTED.  Nothing if EXITS is zero.  */
void html_exception_exits (FILE *out, const report_sum *potential,
			   uint64_t all_executed, const report_sum *exits,
			   uint64_t executed);

/* ------------------------------------------------------------ assets */

/* Write pathprof.css and pathprof.js.  */
int html_write_assets (html_site *site);

/* ------------------------------------------------------------ pictures */

/* Graphviz's dots drawing pictures at once, at most; and batches
   started and not read yet, at most: drawn ahead of a batch that takes
   long, so that every dot keeps busy.  */
#define HTML_PICTURE_JOBS_MAX 4
#define HTML_PICTURE_BATCHES_MAX (4 * HTML_PICTURE_JOBS_MAX)
/* Nodes of a picture, at most (--dot's max_nodes): the coloured paths'
   blocks may pass DUMP_DOT_DEFAULT_BLOCKS, and dot's time grows faster
   than the nodes (1 s of processor time for 180 nodes, 40 s for 1000,
   over 7 minutes for 4000 in 6000 ranks: a C++ static initializer).  */
#define HTML_PICTURE_NODES_MAX 300

/* A batch of function pages whose pictures one dot draws
   (html-pictures.c).  */
typedef struct html_batch
{
  size_t number;   /* its files: .picture-NUMBER.dot and .json */
  size_t first;    /* its functions: first..first+num-1 */
  size_t num;
  size_t num_graphs;   /* of them, those with a picture */
  char **legends;      /* [num]: their legends (dot.h), or NULL */
  pid_t pid;       /* the dot drawing it; 0 once it ended, or if none
		      was started */
  int status;      /* once it ended: its wait status, or -1 if it could
		      not be started or waited for */
} html_batch;

/* The pictures of the function pages.  */
typedef struct html_pictures
{
  bool dot;                 /* Graphviz's dot is on PATH */
  size_t jobs;              /* dots run at once */
  size_t batch_size;        /* pictures per batch, at most */
  size_t num_picked;        /* functions whose page has a picture */
  size_t next;              /* the first function in no batch yet */
  size_t num_batches;       /* batches started */
  html_batch batches[HTML_PICTURE_BATCHES_MAX];   /* a ring of those */
  size_t oldest;            /*   not read: from batches[oldest], */
  size_t num_pending;       /*   this many, */
  size_t num_running;       /*   of which with their dot running */
  /* The batch read: its functions, whether dot laid them all out, each
     one's layout (html-layout.c), LAYOUT[START[I]..+LEN[I]], and
     legend.  */
  size_t first;
  size_t num;
  bool drawn;
  char *layout;
  size_t layout_len;
  size_t *start;
  size_t *len;
  char **legends;
  /* A picture laid out alone.  */
  char *alone;
  size_t alone_len;
  char *alone_legend;
  /* Functions whose graph is another's but for its name (the units of a
     source compiled twice, as expat's tests are, for C and C++): laid
     out once.  [R->num_functions] each.  */
  size_t *copy_of;       /* SIZE_MAX, or the function laid out for it */
  size_t *copies_left;   /* of one laid out: its copies not written yet */
  char **kept;           /* its layout, kept for them */
  size_t *kept_len;
  size_t num_copies;
} html_pictures;

/* The flags of a node and of an edge of a picture's layout
   (html-layout.c), as pathprof.js reads them.  */
#define HTML_NODE_OVAL 1          /* entry, exit */
#define HTML_NODE_COLD 2          /* never ran: grey */
#define HTML_NODE_DASHED 4        /* an exception exit: small, dashed */
#define HTML_NODE_BOX3D 8         /* a run of left-out blocks */
#define HTML_NODE_NOTE 16         /* the note on left-out blocks */
#define HTML_EDGE_DASHED 1        /* a backedge */
#define HTML_EDGE_DOTTED 2        /* a cut edge */
#define HTML_EDGE_COLD 4          /* never ran: thin, light */
#define HTML_EDGE_EMPTY_ARROW 8   /* a restart edge */

/* Convert the graph of dot -Tjson0 output that starts at TEXT[*AT]
   (TEXT has LEN bytes) into the layout a page's script draws
   (html-layout.c says what it holds), written to OUT; *AT is then past
   it.  Returns 0, 1 if the text is not what dot writes (OUT may have
   part of a layout), or -1 if memory ran out.  */
int html_layout_convert (const char *text, size_t len, size_t *at,
			 FILE *out);

/* ------------------------------------------------------------ report */

/* A source file of the report.  */
typedef struct html_file
{
  const char *name;                 /* as the compiler recorded it */
  const char *page;
  const report_profile *profile;    /* where a relative name is looked for */
  size_t source;                    /* index into the sources, or SIZE_MAX */
  size_t num_functions;             /* defined in it: */
  size_t first_function;            /*   html_report.file_functions
					 [first_function..+num_functions] */
  size_t num_executed;              /* of them, executed */
  report_sum potential;             /* paths of those functions */
  report_sum executed;
  report_sum executions;
  /* gcov's summary of its lines (html_file_coverage): lines with code,
     of them executed; branches, of them taken at least once.  */
  size_t lines, lines_executed, branches, branches_taken;
} html_file;

/* A selected function.  */
typedef struct html_function
{
  const report_function *fn;
  const char *page;
  size_t file;         /* where it is defined: index into files, or
			  SIZE_MAX */
  bool no_picture;     /* its CFG would have more than
			  HTML_PICTURE_NODES_MAX nodes, or it is not
			  picked: not drawn */
  bool not_picked;     /* not among the opt->pictures hottest */
} html_function;

typedef struct html_report
{
  const report_data *data;
  const report_selection *sel;
  const dump_html_options *opt;
  html_site site;
  report_sources sources;
  size_t num_files;
  html_file *files;
  report_string_index file_index;   /* file name -> index into files */
  size_t num_functions;
  html_function *functions;   /* input order */
  size_t *function_of;        /* [data->num_functions]: index into
				 functions, or SIZE_MAX if not selected */
  size_t *file_functions;     /* indexes into functions, by file (see
				 html_file), then definition line */
  html_pictures pictures;
  /* Scratch, reused from path to path.  */
  report_path path;
  report_path_text text;
} html_report;

/* Open page NAME of R, and *JSON, a memory stream over *JSON_TEXT and
   *JSON_LEN for the page's path data (html_page_finish puts it into the
   page).  Returns the page, or NULL with *RC HTML_FILE_ERROR (the page
   could not be created) or -1 (no memory).  */
FILE *html_page_open (html_report *r, const char *name, FILE **json,
		      char **json_text, size_t *json_len, int *rc);
/* End page NAME of R, OUT, whose path data went to JSON, a memory
   stream opened with open_memstream (JSON_TEXT, JSON_LEN), which set
   them only when it is closed: close JSON, put the data into the page
   (pathprof.js reads it) if RC is 0, free it, write the foot and close
   OUT.  Returns RC, or -1 if JSON failed, or HTML_FILE_ERROR if
   OUT could not be written.  */
int html_page_finish (html_report *r, FILE *out, FILE *json,
		      char **json_text, size_t *json_len, const char *name,
		      int rc);

/* ------------------------------------------------------------ paths */

/* The LIMIT hottest executed paths of FN in fresh memory in *OUT, their
   number in *NUM: count descending, then path number; with --sort=time
   (R->sel->by_time) most time first, then as by count, as
   report_select_paths ranks them (a function whose times cannot be
   converted ranks by count).  Returns 0 or -1.  */
int html_rank_paths (const html_report *r, const report_function *fn,
		     size_t limit, ppf_count **out, size_t *num);

/* Time per path (timing.h), shown only when the profiles hold times
   (R->data->has_time).  The header cells of the time columns: the
   time, in the report's unit, the time per execution and the share of
   all measured time.  */
void html_put_time_headers (FILE *out, const html_report *r);
/* The cells of those columns for a path run COUNT times that took TIME
   (in the report's unit, report_time_value; negative: no time).  */
void html_put_time_cells (FILE *out, const html_report *r, long double time,
			  uint64_t count);

/* Regenerate path ID of FN into R's scratch path and text.  Returns 0 or
   -1.  */
int html_build_path (html_report *r, const report_function *fn, uint64_t id);

/* Write R's scratch path text: its line steps joined by arrows, the
   start and end markers left out (html_put_marker writes them).  */
void html_put_path_steps (FILE *out, const html_report *r);
/* Write R's scratch path as three table cells: its start marker, its
   steps and its end marker.  */
void html_put_path_cells (FILE *out, const html_report *r);
/* Write the start (START) or end marker of R's scratch path text.  */
void html_put_marker (FILE *out, const html_report *r, bool start);

/* Write the table of the executed paths of function K of R, at most
   R->opt->paths of them (on a source page at most HTML_SOURCE_PATHS,
   the others left to the function's page, linked), and say how many
   were left out.  Rows can be
   chosen; each path's data goes to JSON as one member
   "ID":{"fn":K,"rank":N,"count":C,...}, preceded by a comma unless
   *FIRST; a path with a time also has "time":"T" and
   "time_per_exec":"T", as the table writes them.  On a source page
   (FILE not NULL), "lines":[...],"out":[[line,"label"],...]: the path's
   lines of the file FILE and the branch outcomes at those lines; on the
   function's page (FILE NULL), what its picture needs: "blocks":[...],
   "edges":[[src,dst],...].  Returns 0 or -1.  */
int html_put_path_table (FILE *out, FILE *json, html_report *r, size_t k,
			 const char *file, bool *first);

/* ------------------------------------------------------------ pictures */

/* Look for Graphviz's dot (a note on stderr if it is missing: the pages
   then have no picture), and start drawing the pictures of R's
   functions in the background.  Returns 0, -1 or HTML_FILE_ERROR.  */
int html_pictures_begin (html_report *r);
/* The picture of function K of R, laid out by then: *LAYOUT its layout
   (html-layout.c; *LEN bytes) and *LEGEND its legend (HTML, dot.h),
   valid until the next call, or NULL if the function's CFG is too large
   to draw (its no_picture is set) or dot could not lay it out (it said
   why on stderr).  Functions are asked for in order.  Returns 0, -1,
   HTML_FILE_ERROR or HTML_INTERRUPTED.  */
int html_picture (html_report *r, size_t k, const char **layout,
		  size_t *len, const char **legend);
/* Stop the dots still drawing and release R's pictures.  */
void html_pictures_end (html_report *r);

/* ------------------------------------------------------------ pages */

/* The page writers, html_put_path_table and html_write_assets return 0,
   -1 if memory ran out, or HTML_FILE_ERROR after a message about a file
   of the report.  */
#define HTML_FILE_ERROR (-2)
/* What they return, and html_picture, when a stop signal arrived
   (html_site_interrupted): no message.  */
#define HTML_INTERRUPTED (-3)

/* The index; R->sel's kept paths (report_select_paths) are the program's
   hottest paths it lists.  */
int html_write_index (html_report *r);
/* ORDER[0..R->num_functions-1]: R's function indexes, the most executed
   first, then in input order (the index's function table, the pictures
   the report draws).  */
void html_hottest_functions (const html_report *r, size_t *order);
/* The page of file F.  */
int html_write_source (html_report *r, size_t f);

/* Fill F's lines, lines_executed, branches and branches_taken from the
   counted lines of its source (F->source), as gcov's summary counts
   them ("Lines executed", "Taken at least once").  */
void html_file_coverage (const report_sources *sources, html_file *f);
/* The page of function K.  */
int html_write_function (html_report *r, size_t k);

/* The HTML id of function K's part of a source page.  */
#define HTML_FUNCTION_ANCHOR "fn%zu"

#endif /* PATHPROF_DUMP_HTML_REPORT_H */
