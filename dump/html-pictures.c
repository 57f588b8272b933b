/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The CFG pictures of the function pages of the HTML report
   (html-report.h), laid out by Graphviz's dot a batch of functions at a
   time, in the background.  dot gives the layout only (-Tjson0), which
   html-layout.c makes small for the page's script to draw: dot's SVG
   was most of a report's bytes.

   Starting dot costs far more than drawing a small CFG (some 60 ms of
   processor time for its fonts and plugins, against 2 ms to lay out and
   draw a function of ten blocks), and a large C++ program has tens of
   thousands of functions: one dot per function made the pictures most
   of the report's time.  So the DOT graphs of a batch of functions go
   into one file in the report's directory, and one dot lays them out
   into one file, which holds one JSON document per graph, in order.  Up
   to JOBS dots run at once, ahead of the pages being written; a page
   takes its layout from its batch's output, and its legend (HTML,
   dot.h) from the batch, which keeps it from when the DOT was
   written.  Batches take very
   different times (a few functions whose every call has an edge to one
   landing pad can take most of a batch's), so while the report waits
   for the oldest batch, a dot that ends makes room for the next batch,
   up to HTML_PICTURE_BATCHES_MAX not read.

   Dot's time also grows faster than a graph's nodes, and the coloured
   paths' blocks are drawn even past max_blocks: a picture has at most
   HTML_PICTURE_NODES_MAX nodes (write_graph), else none.

   When dot fails on a batch (or its output does not hold one document
   per graph), each function of the batch is laid out alone, so that a
   graph dot cannot draw costs its own picture only.
   A function whose graph is another's, but for its name, is not laid
   out again: its page takes the other's layout (find_copies).  Of
   expat's test-suite profiles, 283 of the 1000 pictures: each source of
   the library is compiled into two test programs, and both ran the same
   tests.

   The files of a batch are removed once its pages are written; those of
   batches still being drawn when the report stops go with the report's
   directory (html_pictures_end stops their dots first).  */

#define _GNU_SOURCE /* open_memstream is POSIX 2008; posix_spawn */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dot.h"
#include "html-report.h"

extern char **environ;

/* Functions per batch: about a quarter of each dot's share of the
   report, so that the dots keep busy to the end, but not so few that
   starting dot costs more than drawing them, nor so many that a batch
   holds up the first pages.  */
#define BATCH_MIN 32
#define BATCH_MAX 256
/* DOT bytes that end a batch early: large functions make large
   pictures, which a batch holds in memory while its pages are
   written.  */
#define BATCH_DOT_BYTES (2u << 20)

/* Whether "dot" is an executable in a directory of PATH.  */

static bool
dot_on_path (void)
{
  const char *path = getenv ("PATH");
  const char *p = path ? path : "/usr/local/bin:/usr/bin:/bin";

  while (*p)
    {
      size_t len = strcspn (p, ":");
      char file[4096];
      if (len == 0)
	snprintf (file, sizeof file, "dot");
      else
	snprintf (file, sizeof file, "%.*s/dot", (int) len, p);
      if (access (file, X_OK) == 0)
	return true;
      p += len;
      if (*p == ':')
	p++;
    }
  return false;
}

/* The path of batch NUMBER's file with SUFFIX ("dot" or "json") in R's
   report directory, in fresh memory; NULL if memory ran out.  */

static char *
batch_path (const html_report *r, size_t number, const char *suffix)
{
  /* dot would take a relative "-o..." for an option.  */
  const char *dir_prefix = r->site.tmp[0] == '/' ? "" : "./";
  int len = snprintf (NULL, 0, "%s%s/.picture-%zu.%s", dir_prefix,
		      r->site.tmp, number, suffix);
  char *path = malloc ((size_t) len + 1);

  if (path)
    snprintf (path, (size_t) len + 1, "%s%s/.picture-%zu.%s", dir_prefix,
	      r->site.tmp, number, suffix);
  return path;
}

/* The options of a picture: as --dot's defaults, but for a bound on its
   nodes; then, if that is passed, with the hottest path alone in
   colour.  */

static const dump_dot_options picture_options = {
  DUMP_DOT_DEFAULT_PATHS, DUMP_DOT_DEFAULT_BLOCKS, true,
  HTML_PICTURE_NODES_MAX
};
static const dump_dot_options one_path_options = {
  1, DUMP_DOT_DEFAULT_BLOCKS, true, HTML_PICTURE_NODES_MAX
};

/* Write the DOT graph of function K of R to OUT, if it has a picture,
   laid out for a page (dot.h), and its legend in fresh memory in
   *LEGEND: with the hottest paths in colour, or the hottest alone when
   the others' blocks make too many nodes; if even that does, nothing
   (the function's no_picture is set, *LEGEND is NULL).  AGAIN: it was
   written before (find_copies), and dot.c said on stderr what it left
   out then.  Returns 0 or -1.  */

static int
write_graph (FILE *out, html_report *r, size_t k, char **legend,
	     bool again)
{
  html_function *hf = &r->functions[k];
  dump_dot_options opt = picture_options;
  size_t legend_len;
  int rc;

  *legend = NULL;
  if (hf->not_picked)
    {
      hf->no_picture = true;
      return 0;
    }
  for (int tries = 0; tries < 2; tries++)
    {
      opt.page_legend = open_memstream (legend, &legend_len);
      if (!opt.page_legend)
	return -1;
      opt.quiet = again;
      rc = dump_dot_function (out, r->data, hf->fn, &opt);
      if (fclose (opt.page_legend) != 0 && rc == 0)
	rc = -1;
      if (rc == 0)
	break;
      free (*legend);
      *legend = NULL;
      if (rc != 1)
	return rc;
      opt = one_path_options;
    }
  hf->no_picture = rc == 1;
  return 0;
}

/* Start dot on file DOT_PATH, its output to file OUT_PATH.  Returns its
   process id, or 0 after a message if it could not be started.  */

static pid_t
start_dot (const char *dot_path, const char *out_path)
{
  char *argv[] = { "dot", "-Tjson0", (char *) dot_path, NULL };
  posix_spawn_file_actions_t actions;
  pid_t pid;
  int err;

  if (posix_spawn_file_actions_init (&actions) != 0)
    return 0;
  err = posix_spawn_file_actions_addopen (&actions, STDIN_FILENO,
					  "/dev/null", O_RDONLY, 0);
  if (err == 0)
    err = posix_spawn_file_actions_addopen (&actions, STDOUT_FILENO,
					    out_path,
					    O_WRONLY | O_CREAT | O_TRUNC,
					    0600);
  if (err == 0)
    err = posix_spawnp (&pid, "dot", &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  if (err != 0)
    {
      fprintf (stderr, "%s: cannot run dot: %s\n", report_program_name,
	       strerror (err));
      return 0;
    }
  return pid;
}

/* Make the next batch of R's pictures: its functions' DOT graphs into
   its file, and a dot started on it.  A dot that cannot be started
   leaves the batch to be drawn function by function.  Returns 0, -1 if
   memory ran out, or HTML_FILE_ERROR after a message.  */

static int
start_batch (html_report *r)
{
  html_pictures *p = &r->pictures;
  html_batch *b = &p->batches[(p->oldest + p->num_pending)
			      % HTML_PICTURE_BATCHES_MAX];
  char *dot_path, *svg_path = NULL;
  FILE *out;
  int rc = 0;

  memset (b, 0, sizeof *b);
  b->number = p->num_batches;
  b->first = p->next;
  dot_path = batch_path (r, b->number, "dot");
  if (!dot_path)
    return -1;
  out = fopen (dot_path, "w");
  if (!out)
    {
      fprintf (stderr, "%s: %s: cannot create: %s\n", report_program_name,
	       dot_path, strerror (errno));
      free (dot_path);
      return HTML_FILE_ERROR;
    }
  while (p->next < r->num_functions && b->num_graphs < p->batch_size
	 && ftell (out) < (long) BATCH_DOT_BYTES && rc == 0)
    {
      bool copy = p->copy_of && p->copy_of[p->next] != SIZE_MAX;
      if (b->num % BATCH_MAX == 0)
	{
	  char **grown = realloc (b->legends, (b->num + BATCH_MAX)
						* sizeof *grown);
	  if (!grown)
	    {
	      rc = -1;
	      break;
	    }
	  b->legends = grown;
	}
      if (copy)
	{
	  /* Its legend; the layout is another's.  */
	  char *text = NULL;
	  size_t len = 0;
	  FILE *mem = open_memstream (&text, &len);
	  if (!mem)
	    rc = -1;
	  else
	    {
	      rc = write_graph (mem, r, p->next, &b->legends[b->num], true);
	      if (fclose (mem) != 0)
		rc = -1;
	      free (text);
	    }
	}
      else
	rc = write_graph (out, r, p->next, &b->legends[b->num], true);
      b->num_graphs += !copy && !r->functions[p->next].no_picture;
      p->next++;
      b->num++;
    }
  if ((ferror (out) || fclose (out) != 0) && rc == 0)
    {
      fprintf (stderr, "%s: %s: write error: %s\n", report_program_name,
	       dot_path, strerror (errno));
      rc = HTML_FILE_ERROR;
    }
  if (rc == 0)
    {
      svg_path = batch_path (r, b->number, "json");
      if (!svg_path)
	rc = -1;
    }
  /* A batch without a graph (all too large) needs no dot.  */
  b->status = b->num_graphs > 0 ? -1 : 0;
  if (rc == 0 && b->num_graphs > 0)
    b->pid = start_dot (dot_path, svg_path);
  free (dot_path);
  free (svg_path);
  p->num_batches++;
  p->num_pending++;
  p->num_running += b->pid > 0;
  return rc;
}

/* The hash and length of DOT text TEXT (LEN bytes) less its first two
   lines (the graph's name, and its attributes, which say the name
   again), as a string in BUF.  */

static void
graph_key (char *buf, size_t size, const char *text, size_t len)
{
  const char *body = text, *end = text + len;
  uint64_t hash = 14695981039346656037ull;   /* FNV-1a */

  for (int line = 0; line < 2 && body < end; line++)
    {
      const char *nl = memchr (body, '\n', (size_t) (end - body));
      body = nl ? nl + 1 : end;
    }
  for (const char *c = body; c < end; c++)
    hash = (hash ^ (unsigned char) *c) * 1099511628211ull;
  snprintf (buf, size, "%016llx:%zu", (unsigned long long) hash,
	    (size_t) (end - body));
}

/* Find the picked functions whose graph is an earlier one's but for its
   name: their copy_of, and the copies_left of those.  Returns 0 or
   -1.  */

static int
find_copies (html_report *r)
{
  html_pictures *p = &r->pictures;
  size_t n = r->num_functions;
  char (*keys)[32] = calloc (n + 1, sizeof *keys);
  report_string_index index;
  int rc = 0;

  p->copy_of = malloc ((n + 1) * sizeof *p->copy_of);
  p->copies_left = calloc (n + 1, sizeof *p->copies_left);
  p->kept = calloc (n + 1, sizeof *p->kept);
  p->kept_len = calloc (n + 1, sizeof *p->kept_len);
  if (!keys || !p->copy_of || !p->copies_left || !p->kept || !p->kept_len)
    {
      free (keys);
      return -1;
    }
  report_string_index_init (&index, false);
  for (size_t k = 0; k < n && rc == 0; k++)
    {
      char *text = NULL, *legend = NULL;
      size_t len = 0, *first;
      FILE *mem;
      p->copy_of[k] = SIZE_MAX;
      if (r->functions[k].not_picked)
	continue;
      mem = open_memstream (&text, &len);
      if (!mem)
	{
	  rc = -1;
	  break;
	}
      rc = write_graph (mem, r, k, &legend, false);
      if (fclose (mem) != 0)
	rc = -1;
      if (rc == 0 && !r->functions[k].no_picture)
	{
	  graph_key (keys[k], sizeof keys[k], text, len);
	  first = report_string_index_find (&index, keys[k]);
	  if (first)
	    {
	      p->copy_of[k] = *first;
	      p->copies_left[*first]++;
	      p->num_copies++;
	    }
	  else
	    rc = report_string_index_add (&index, keys[k], k);
	}
      free (text);
      free (legend);
    }
  report_string_index_free (&index);
  free (keys);
  return rc;
}

/* Keep the layout LAYOUT (LEN bytes) of function K of R if later
   functions are copies of it.  Returns 0 or -1.  */

static int
keep_layout (html_report *r, size_t k, const char *layout, size_t len)
{
  html_pictures *p = &r->pictures;

  if (!p->copies_left || p->copies_left[k] == 0 || p->kept[k])
    return 0;
  p->kept[k] = malloc (len + 1);
  if (!p->kept[k])
    return -1;
  memcpy (p->kept[k], layout, len);
  p->kept[k][len] = '\0';
  p->kept_len[k] = len;
  return 0;
}

/* Start batches until JOBS dots run, as many batches wait to be read
   as may, or every function is in one.  */

static int
fill_batches (html_report *r)
{
  html_pictures *p = &r->pictures;
  int rc = 0;

  while (rc == 0 && p->num_running < p->jobs
	 && p->num_pending < HTML_PICTURE_BATCHES_MAX
	 && p->next < r->num_functions)
    rc = start_batch (r);
  return rc;
}

/* Mark the functions whose page has no picture for not being among the
   R->opt->pictures hottest.  Returns 0 or -1.  */

static int
pick_functions (html_report *r)
{
  html_pictures *p = &r->pictures;
  size_t *order;

  p->num_picked = r->num_functions;
  if (r->opt->pictures >= r->num_functions)
    return 0;
  order = malloc ((r->num_functions + 1) * sizeof *order);
  if (!order)
    return -1;
  html_hottest_functions (r, order);
  for (size_t i = r->opt->pictures; i < r->num_functions; i++)
    r->functions[order[i]].not_picked = true;
  free (order);
  p->num_picked = r->opt->pictures;
  fprintf (stderr, "%s: note: CFG pictures on the pages of the %zu "
	   "hottest of %zu functions (--pictures=all draws every one)\n",
	   report_program_name, p->num_picked, r->num_functions);
  return 0;
}

/* Decide whether the report has pictures, and which, and start drawing
   the first batches.  */

int
html_pictures_begin (html_report *r)
{
  html_pictures *p = &r->pictures;
  long cpus = sysconf (_SC_NPROCESSORS_ONLN);
  size_t per_job;

  memset (p, 0, sizeof *p);
  p->dot = dot_on_path ();
  if (!p->dot)
    {
      fprintf (stderr, "%s: note: Graphviz's dot was not found: the "
	       "function pages have no CFG picture (install the Debian "
	       "package graphviz for them)\n", report_program_name);
      return 0;
    }
  if (pick_functions (r) != 0 || find_copies (r) != 0)
    return -1;
  p->jobs = cpus < 1 ? 1 : cpus > HTML_PICTURE_JOBS_MAX
			     ? HTML_PICTURE_JOBS_MAX : (size_t) cpus;
  per_job = p->num_picked / (4 * p->jobs) + 1;
  p->batch_size = per_job < BATCH_MIN ? BATCH_MIN
		  : per_job > BATCH_MAX ? BATCH_MAX : per_job;
  return fill_batches (r);
}

/* Convert the output of the batch read (TEXT, LEN bytes) into P's
   layouts: each function's that has a picture, in order, at
   P->layout[P->start[I]..+P->len[I]].  Returns 1 if there is one per
   such function and nothing more, 0 if not, -1 if memory ran out.  */

static int
convert_output (const html_report *r, html_pictures *p, const char *text,
		size_t len)
{
  size_t at = 0;
  FILE *mem = open_memstream (&p->layout, &p->layout_len);
  int rc = 1;

  if (!mem)
    return -1;
  for (size_t i = 0; i < p->num && rc == 1; i++)
    {
      int converted;
      if (r->functions[p->first + i].no_picture
	  || p->copy_of[p->first + i] != SIZE_MAX)
	continue;
      p->start[i] = (size_t) ftell (mem);
      converted = text ? html_layout_convert (text, len, &at, mem) : 1;
      p->len[i] = (size_t) ftell (mem) - p->start[i];
      rc = converted == 0 ? 1 : converted == 1 ? 0 : -1;
    }
  while (rc == 1 && text && at < len
	 && (text[at] == ' ' || text[at] == '\n'))
    at++;
  if (rc == 1 && text && at < len)
    rc = 0;
  if (fclose (mem) != 0 && rc == 1)
    rc = -1;
  for (size_t i = 0; i < p->num && rc == 1; i++)
    if (p->copies_left[p->first + i] > 0
	&& keep_layout ((html_report *) r, p->first + i,
			p->layout + p->start[i], p->len[i]) != 0)
      rc = -1;
  return rc;
}

/* Read all of file PATH into fresh memory, NUL-terminated: *TEXT, *LEN
   bytes.  Returns 0, or -1 with errno set.  */

static int
read_file (const char *path, char **text, size_t *len)
{
  FILE *in = fopen (path, "rb");
  size_t cap = 1 << 16, n;
  char *buf = NULL;

  *text = NULL;
  *len = 0;
  if (!in)
    return -1;
  for (;;)
    {
      char *grown = realloc (buf, cap + 1);
      if (!grown)
	{
	  free (buf);
	  fclose (in);
	  errno = ENOMEM;
	  return -1;
	}
      buf = grown;
      n = fread (buf + *len, 1, cap - *len, in);
      *len += n;
      if (*len < cap)
	break;
      cap *= 2;
    }
  if (ferror (in))
    {
      int saved = errno;
      free (buf);
      fclose (in);
      *len = 0;
      errno = saved;
      return -1;
    }
  fclose (in);
  buf[*len] = '\0';
  *text = buf;
  return 0;
}

/* Wait until the dot of the oldest batch not read has ended, starting
   more batches as other dots end, so that JOBS keep running.  Returns 1
   if it drew the batch (exit status 0), 0 if not (a dot failing has
   said why on stderr, a dot killed is said to be here), or
   HTML_INTERRUPTED if a stop signal arrived (html_pictures_end stops the
   dots), -1 or HTML_FILE_ERROR if a batch could not be started.  */

static int
wait_oldest (html_report *r)
{
  html_pictures *p = &r->pictures;
  html_batch *oldest = &p->batches[p->oldest];

  while (oldest->pid > 0)
    {
      int status, rc;
      pid_t pid = waitpid (-1, &status, 0);
      if (pid < 0)
	{
	  if (html_site_interrupted ())
	    return HTML_INTERRUPTED;
	  if (errno == EINTR)
	    continue;
	  fprintf (stderr, "%s: dot: %s\n", report_program_name,
		   strerror (errno));
	  oldest->pid = 0;
	  p->num_running--;
	  break;
	}
      for (size_t i = 0; i < p->num_pending; i++)
	{
	  html_batch *b = &p->batches[(p->oldest + i)
				      % HTML_PICTURE_BATCHES_MAX];
	  if (b->pid == pid)
	    {
	      b->pid = 0;
	      b->status = status;
	      p->num_running--;
	    }
	}
      rc = fill_batches (r);
      if (rc != 0)
	return rc;
    }
  if (oldest->status != -1 && WIFEXITED (oldest->status)
      && WEXITSTATUS (oldest->status) == 0)
    return 1;
  /* A Ctrl-C reaches dot too: no need to say.  */
  if (html_site_interrupted ())
    return HTML_INTERRUPTED;
  if (oldest->status != -1 && WIFSIGNALED (oldest->status))
    fprintf (stderr, "%s: dot -Tsvg was killed by signal %d\n",
	     report_program_name, WTERMSIG (oldest->status));
  return 0;
}

/* Free the legends of the batch read.  */

static void
free_legends (html_pictures *p)
{
  if (p->legends)
    for (size_t i = 0; i < p->num; i++)
      free (p->legends[i]);
  free (p->legends);
  p->legends = NULL;
}

/* Make the oldest batch not read the one read: wait for its dot, read
   and convert its output, remove its files; then start more batches.
   Returns 0, -1, HTML_FILE_ERROR or HTML_INTERRUPTED (the batch is
   left running).  */

static int
read_batch (html_report *r)
{
  html_pictures *p = &r->pictures;
  html_batch *b = &p->batches[p->oldest];
  int drawn = wait_oldest (r);
  char *dot_path, *out_path, *text = NULL;
  size_t text_len = 0;
  int rc = 0;

  if (drawn != 0 && drawn != 1)
    return drawn;
  dot_path = batch_path (r, b->number, "dot");
  out_path = batch_path (r, b->number, "json");
  p->oldest = (p->oldest + 1) % HTML_PICTURE_BATCHES_MAX;
  p->num_pending--;
  free_legends (p);
  free (p->layout);
  free (p->start);
  free (p->len);
  p->layout = NULL;
  p->layout_len = 0;
  p->first = b->first;
  p->num = b->num;
  p->legends = b->legends;
  b->legends = NULL;
  p->start = calloc (b->num + 1, sizeof *p->start);
  p->len = calloc (b->num + 1, sizeof *p->len);
  if (!dot_path || !out_path || !p->start || !p->len)
    rc = -1;
  else if (drawn && b->num_graphs > 0
	   && read_file (out_path, &text, &text_len) != 0)
    {
      fprintf (stderr, "%s: %s: cannot read: %s\n", report_program_name,
	       out_path, strerror (errno));
      rc = errno == ENOMEM ? -1 : HTML_FILE_ERROR;
    }
  /* Not drawn whole: each function alone (html_picture).  */
  p->drawn = false;
  if (rc == 0 && drawn)
    {
      int converted = convert_output (r, p, text, text_len);
      if (converted < 0)
	rc = -1;
      p->drawn = converted == 1;
    }
  free (text);
  if (dot_path)
    unlink (dot_path);
  if (out_path)
    unlink (out_path);
  free (dot_path);
  free (out_path);
  return rc == 0 ? fill_batches (r) : rc;
}

/* Lay out function K of R alone into P's buffers.  Returns 0 (*LAYOUT
   NULL if dot failed, after its message) or -1.  */

static int
draw_alone (html_report *r, size_t k, const char **layout, size_t *len,
	    const char **legend)
{
  html_pictures *p = &r->pictures;
  char *dot_text = NULL, *text = NULL;
  size_t dot_len = 0, text_len = 0, at = 0;
  FILE *mem;
  int rc;

  free (p->alone);
  free (p->alone_legend);
  p->alone = NULL;
  p->alone_legend = NULL;
  mem = open_memstream (&dot_text, &dot_len);
  if (!mem)
    return -1;
  rc = write_graph (mem, r, k, &p->alone_legend, true);
  if (fclose (mem) != 0 || rc != 0)
    {
      free (dot_text);
      return -1;
    }
  if (r->functions[k].no_picture)
    {
      free (dot_text);
      return 0;
    }
  mem = open_memstream (&text, &text_len);
  if (!mem)
    {
      free (dot_text);
      return -1;
    }
  rc = dump_dot_render (dot_text, dot_len, "json0", mem);
  free (dot_text);
  if (fclose (mem) != 0)
    {
      free (text);
      return -1;
    }
  if (rc != 0)
    {
      /* dot failed, and said why: the page goes without its picture
	 (dump_dot_render's -1 is never memory).  */
      free (text);
      return 0;
    }
  mem = open_memstream (&p->alone, &p->alone_len);
  if (!mem)
    {
      free (text);
      return -1;
    }
  rc = html_layout_convert (text, text_len, &at, mem);
  if (fclose (mem) != 0 && rc == 0)
    rc = -1;
  if (rc == 1)
    fprintf (stderr, "%s: %s: dot -Tjson0 wrote what it does not write\n",
	     report_program_name, r->functions[k].fn->label);
  free (text);
  if (rc < 0 || (rc == 0 && keep_layout (r, k, p->alone, p->alone_len) != 0))
    return -1;
  if (rc == 0)
    {
      *layout = p->alone;
      *len = p->alone_len;
      *legend = p->alone_legend;
    }
  return 0;
}

/* The picture of function K, a copy: the layout of the function it
   copies, with K's name, into P's buffer for one alone; or drawn alone
   if that one's could not be made.  Returns as html_picture.  */

static int
copied_layout (html_report *r, size_t k, const char **layout, size_t *len,
	       const char **legend)
{
  html_pictures *p = &r->pictures;
  size_t j = p->copy_of[k];
  const report_function *fn = r->functions[k].fn;
  const char *rest = p->kept[j] ? strstr (p->kept[j], ",\"w\":") : NULL;
  FILE *mem;

  *legend = p->legends ? p->legends[k - p->first] : NULL;
  if (!rest)
    {
      /* The function copied has no layout: drawn alone, then.  */
      p->copy_of[k] = SIZE_MAX;
      return html_site_interrupted () ? HTML_INTERRUPTED
				      : draw_alone (r, k, layout, len, legend);
    }
  free (p->alone);
  p->alone = NULL;
  mem = open_memstream (&p->alone, &p->alone_len);
  if (!mem)
    return -1;
  fputs ("{\"name\":", mem);
  html_json_string (mem, fn->label ? fn->label : fn->meta.name);
  fputs (rest, mem);
  if (fclose (mem) != 0)
    return -1;
  *layout = p->alone;
  *len = p->alone_len;
  if (--p->copies_left[j] == 0)
    {
      free (p->kept[j]);
      p->kept[j] = NULL;
    }
  return 0;
}

/* The picture of function K: see html-report.h.  */

int
html_picture (html_report *r, size_t k, const char **layout, size_t *len,
	      const char **legend)
{
  html_pictures *p = &r->pictures;

  *layout = NULL;
  *len = 0;
  *legend = NULL;
  while (k >= p->first + p->num && p->num_pending > 0)
    {
      int rc = read_batch (r);
      if (rc != 0)
	return rc;
    }
  if (k < p->first || k >= p->first + p->num)
    return -1;   /* asked out of order: a bug */
  if (r->functions[k].no_picture)
    return 0;
  if (p->copy_of[k] != SIZE_MAX)
    return copied_layout (r, k, layout, len, legend);
  if (!p->drawn)
    return html_site_interrupted () ? HTML_INTERRUPTED
				    : draw_alone (r, k, layout, len, legend);
  *layout = p->layout + p->start[k - p->first];
  *len = p->len[k - p->first];
  *legend = p->legends ? p->legends[k - p->first] : NULL;
  return 0;
}

/* Stop the dots still drawing and release R's pictures.  */

void
html_pictures_end (html_report *r)
{
  html_pictures *p = &r->pictures;

  for (size_t i = 0; i < p->num_pending; i++)
    {
      html_batch *b = &p->batches[(p->oldest + i)
				  % HTML_PICTURE_BATCHES_MAX];
      if (b->pid > 0)
	{
	  int status;
	  kill (b->pid, SIGTERM);
	  while (waitpid (b->pid, &status, 0) < 0 && errno == EINTR)
	    continue;
	}
      if (b->legends)
	for (size_t j = 0; j < b->num; j++)
	  free (b->legends[j]);
      free (b->legends);
    }
  free_legends (p);
  free (p->layout);
  free (p->start);
  free (p->len);
  free (p->alone);
  free (p->alone_legend);
  if (p->kept)
    for (size_t k = 0; k < r->num_functions; k++)
      free (p->kept[k]);
  free (p->kept);
  free (p->kept_len);
  free (p->copy_of);
  free (p->copies_left);
  memset (p, 0, sizeof *p);
}
