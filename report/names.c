/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How the text reports name files and functions: see names.h.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

/* The part of PATH after its last '/'; PATH itself if it ends in '/'.  */

const char *
report_base_name (const char *path)
{
  const char *slash = strrchr (path, '/');

  return slash && slash[1] ? slash + 1 : path;
}

/* Give each of FN's files its short name: the base name, unless another
   of FN's files has the same base name.  Quadratic in the number of files
   of one function, which is small (the function's file and the headers
   its inlined code comes from).  */

int
report_function_names (report_function *fn)
{
  const ppf_meta *m = &fn->meta;

  fn->short_files = malloc ((m->num_files + 1) * sizeof *fn->short_files);
  if (!fn->short_files)
    return -1;
  for (uint32_t i = 0; i < m->num_files; i++)
    {
      const char *base = report_base_name (m->files[i]);
      fn->short_files[i] = base;
      for (uint32_t j = 0; j < m->num_files; j++)
	if (j != i && strcmp (m->files[j], m->files[i]) != 0
	    && strcmp (report_base_name (m->files[j]), base) == 0)
	  {
	    fn->short_files[i] = m->files[i];
	    break;
	  }
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* The parts of a C++ display name.                                    */

/* Deepest nesting of brackets report_name_start follows; a name nested
   deeper is taken whole.  */
#define NAME_DEPTH_MAX 256

/* Whether C can continue an identifier.  */

static bool
ident_char_p (char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c == '_';
}

/* The offset of the '(' that opens the parameter list of DISPLAY: the
   one that matches its last ')', which the demangler writes last but for
   qualifiers (" const", " &&"); LEN, DISPLAY's length, when it has no
   parameter list (C, Fortran).  */

static size_t
params_start (const char *display, size_t len)
{
  const char *close = strrchr (display, ')');
  int depth = 0;

  if (!close)
    return len;
  for (size_t i = (size_t) (close - display) + 1; i-- > 0;)
    {
      depth += display[i] == ')' ? 1 : display[i] == '(' ? -1 : 0;
      if (depth == 0)
	return i;
    }
  return len;
}

/* The start of the qualified name: see names.h.  A demangler writes a
   function template's return type, then a space, then the name; so the
   name starts after the last space outside brackets before the
   parameter list.  Brackets are matched by kind ("<(N>1)>" closes the
   '(' before the '<'), and the scan stops at an "operator" outside
   brackets, whose name may hold spaces and brackets of its own
   ("operator new", "operator<", "operator unsigned long").  */

size_t
report_name_start (const char *display)
{
  size_t len = strlen (display), end = params_start (display, len);
  size_t start = 0;
  char stack[NAME_DEPTH_MAX];
  size_t depth = 0;

  for (size_t i = 0; i < end; i++)
    {
      char c = display[i];
      const char *opener = strchr ("<([{", c);
      if (depth == 0 && strncmp (display + i, "operator", 8) == 0
	  && (i == 0 || !ident_char_p (display[i - 1]))
	  && !ident_char_p (display[i + 8]))
	break;
      if (opener)
	{
	  if (depth == NAME_DEPTH_MAX)
	    return 0;
	  stack[depth++] = c;
	}
      else if (depth && ((c == '>' && stack[depth - 1] == '<')
			 || (c == ')' && stack[depth - 1] == '(')
			 || (c == ']' && stack[depth - 1] == '[')
			 || (c == '}' && stack[depth - 1] == '{')))
	depth--;
      else if (c == ' ' && depth == 0)
	start = i + 1;
    }
  return start < end ? start : 0;
}

/* The offset in LABEL (which has no return type) where the part kept
   whole by report_fit_name starts: the "::" before the unqualified name,
   the last outside brackets before the parameters or an "operator";
   0 when the name is not qualified.  */

static size_t
unqualified_start (const char *label)
{
  size_t len = strlen (label), end = params_start (label, len), key = 0;
  int depth = 0;

  for (size_t i = 0; i + 1 < end; i++)
    {
      char c = label[i];
      if (depth == 0 && strncmp (label + i, "operator", 8) == 0
	  && (i == 0 || !ident_char_p (label[i - 1])))
	break;
      if (c == '<' || c == '(' || c == '[' || c == '{')
	depth++;
      else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth)
	depth--;
      else if (c == ':' && label[i + 1] == ':' && depth == 0)
	key = i;
    }
  return key;
}

/* ------------------------------------------------------------------ */
/* Labels.                                                             */

/* The name FN has in the reports before disambiguation: its display name
   without a return type, or its assembler name if the compiler recorded
   no display name.  */

static const char *
plain_name (const report_function *fn)
{
  const char *display = fn->meta.display_name;

  return display[0] ? display + report_name_start (display) : fn->meta.name;
}

const char *
report_label_suffix (const report_function *fn)
{
  const char *plain = plain_name (fn);
  size_t len = strlen (plain);

  if (!fn->label || strncmp (fn->label, plain, len) != 0)
    return "";
  return fn->label + len;
}

/* What tells FN apart from OTHER, a function of the same name with
   another assembler name, in fresh memory: " [D0]" when the names first
   differ at the digit of a C++ constructor's or destructor's variant
   (Itanium ABI: C1 complete, C2 base, C3 allocating; D0 deleting, D1
   complete, D2 base), else " [ASSEMBLER NAME]".  NULL if memory ran
   out.  */

static char *
variant_suffix (const report_function *fn, const report_function *other)
{
  const char *a = fn->meta.name, *b = other->meta.name;
  size_t i = 0, len = strlen (a) + 4;
  char *s = malloc (len);

  while (a[i] && a[i] == b[i])
    i++;
  if (!s)
    return NULL;
  if (i > 2 && a[i] >= '0' && a[i] <= '9' && b[i] >= '0' && b[i] <= '9'
      && (a[i - 1] == 'C' || a[i - 1] == 'D'))
    snprintf (s, len, " [%c%c]", a[i - 1], a[i]);
  else
    snprintf (s, len, " [%s]", a);
  return s;
}

/* The translation unit FN comes from, as recorded.  */

static const char *
unit_of (const report_function *fn)
{
  const char *unit = fn->unit;

  return unit && unit[0] ? unit : fn->profile->path;
}

/* A run of functions of DATA whose labels are equal: their indices.  */

typedef struct label_run
{
  const report_data *data;
  const size_t *members;
  size_t num;
} label_run;

/* The suffix of member K of RUN, by the variant: see variant_suffix;
   NULL (none) when every member has the same assembler name.  Sets
   *FAILED if memory ran out.  */

static char *
by_variant (const label_run *run, size_t k, bool *failed)
{
  const report_function *fn = run->data->functions[run->members[k]];

  for (size_t l = 0; l < run->num; l++)
    {
      const report_function *o = run->data->functions[run->members[l]];
      if (strcmp (o->meta.name, fn->meta.name) != 0)
	{
	  char *s = variant_suffix (fn, o);
	  *failed |= !s;
	  return s;
	}
    }
  return NULL;
}

/* Whether another member of RUN than K has the same name by OF (its
   unit, its unit's base name, its file) as K.  */

static bool
shared_p (const label_run *run, size_t k,
	  const char *(*of) (const report_function *))
{
  const char *mine = of (run->data->functions[run->members[k]]);

  for (size_t l = 0; l < run->num; l++)
    if (l != k && strcmp (of (run->data->functions[run->members[l]]),
			  mine) == 0)
      return true;
  return false;
}

/* The base name of FN's unit, for shared_p.  */

static const char *
unit_base_of (const report_function *fn)
{
  return report_base_name (unit_of (fn));
}

/* The .pathprof file of FN, for shared_p.  */

static const char *
profile_of (const report_function *fn)
{
  return fn->profile->path;
}

/* The number of leading '/'-separated components all of RUN's members
   share by OF (a whole component each, so that "runtests.dir" and
   "runtestspp.dir" stay whole), as a byte length of member K's name; and
   in *TAIL the length of the trailing components they all share.  */

static size_t
common_components (const label_run *run, size_t k,
		   const char *(*of) (const report_function *), size_t *tail)
{
  const char *mine = of (run->data->functions[run->members[k]]);
  size_t n = strlen (mine), head = n, back = n;

  for (size_t l = 0; l < run->num; l++)
    {
      const char *other = of (run->data->functions[run->members[l]]);
      size_t m = strlen (other), i = 0, j = 0, last = 0, tail_last = 0;

      if (l == k)
	continue;
      /* Leading: up to the last '/' both have at the same place.  */
      while (i < head && i < m && mine[i] == other[i])
	{
	  if (mine[i] == '/')
	    last = i + 1;
	  i++;
	}
      head = last;
      /* Trailing: from the end, up to the last '/' in common.  */
      while (j < back && j < m && mine[n - 1 - j] == other[m - 1 - j])
	{
	  if (mine[n - 1 - j] == '/')
	    tail_last = j + 1;
	  j++;
	}
      back = tail_last;
    }
  *tail = back;
  return head;
}

/* The suffix of member K of RUN by where it comes from: " (a.c)", the
   base name of its unit; when another member's unit has the same base
   name, the unit's name without the directories every member's shares
   ("src/util.c" and "lib/util.c"); when another member has the same
   unit, the part of its .pathprof file's name that differs from the
   others', whole components ("runtests.dir" and "runtestspp.dir"), or
   without the shared directories where that leaves nothing.  Never the
   same for two members whose names differ.  Sets *FAILED if memory ran
   out.  */

static char *
by_unit (const label_run *run, size_t k, bool *failed)
{
  const report_function *fn = run->data->functions[run->members[k]];
  const char *where = unit_base_of (fn);
  size_t len, tail = 0, head = 0;
  char *s;

  if (shared_p (run, k, unit_base_of))
    {
      if (shared_p (run, k, unit_of))
	{
	  where = profile_of (fn);
	  head = common_components (run, k, profile_of, &tail);
	  if (head + tail >= strlen (where))
	    tail = 0;		/* nothing would be left: keep the tail */
	}
      else
	{
	  where = unit_of (fn);
	  head = common_components (run, k, unit_of, &tail);
	  tail = 0;
	}
    }
  len = strlen (where + head) - tail;
  s = malloc (len + 4);
  if (s)
    snprintf (s, len + 4, " (%.*s)", (int) len, where + head);
  *failed |= !s;
  return s;
}

/* The suffix of member K of RUN when nothing else told them apart:
   " #2", its place in the run (input order).  Sets *FAILED if memory
   ran out.  */

static char *
by_number (const label_run *run, size_t k, bool *failed)
{
  char *s = malloc (24);

  if (s)
    snprintf (s, 24, " #%zu", k + 1);
  *failed |= !s;
  return s;
}

/* Labels of positions A and B, for qsort: by label, then position.  */

static char *const *sort_labels;

static int
compare_labels (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  int c = strcmp (sort_labels[x], sort_labels[y]);

  return c ? c : x < y ? -1 : x > y;
}

/* Give every member of each run of equal LABELS (the functions of DATA)
   the suffix SUFFIX says.  Returns 0, or -1 if memory ran out.  */

static int
qualify_runs (const report_data *data, char **labels,
	      char *(*suffix) (const label_run *, size_t, bool *))
{
  size_t n = data->num_functions;
  size_t *order = malloc ((n + 1) * sizeof *order);
  char **suffixes = calloc (n + 1, sizeof *suffixes);
  bool failed = !order || !suffixes;

  for (size_t i = 0; i < n && !failed; i++)
    order[i] = i;
  if (!failed)
    {
      sort_labels = labels;
      qsort (order, n, sizeof *order, compare_labels);
    }
  for (size_t start = 0, end; start < n && !failed; start = end)
    {
      label_run run = { data, order + start, 0 };
      for (end = start + 1;
	   end < n && strcmp (labels[order[end]], labels[order[start]]) == 0;
	   end++)
	;
      run.num = end - start;
      for (size_t k = 0; k < run.num && run.num > 1; k++)
	suffixes[order[start + k]] = suffix (&run, k, &failed);
    }
  for (size_t i = 0; i < n && !failed; i++)
    if (suffixes[i])
      {
	size_t len = strlen (labels[i]) + strlen (suffixes[i]) + 1;
	char *grown = realloc (labels[i], len);
	if (!grown)
	  failed = true;
	else
	  {
	    strcat (grown, suffixes[i]);
	    labels[i] = grown;
	  }
      }
  for (size_t i = 0; suffixes && i < n; i++)
    free (suffixes[i]);
  free (suffixes);
  free (order);
  return failed ? -1 : 0;
}

/* Label the functions of DATA (names.h): their plain names, then for
   those that share one their variant, then their unit or file, then a
   number, each step only for the labels still shared.  */

int
report_assign_labels (report_data *data)
{
  size_t n = data->num_functions;
  char **labels = calloc (n + 1, sizeof *labels);
  int rc = labels ? 0 : -1;

  for (size_t i = 0; i < n && rc == 0; i++)
    if (!(labels[i] = strdup (plain_name (data->functions[i]))))
      rc = -1;
  if (rc == 0)
    rc = qualify_runs (data, labels, by_variant);
  if (rc == 0)
    rc = qualify_runs (data, labels, by_unit);
  if (rc == 0)
    rc = qualify_runs (data, labels, by_number);
  for (size_t i = 0; i < n; i++)
    {
      if (rc == 0)
	{
	  free (data->functions[i]->label);
	  data->functions[i]->label = labels[i];
	}
      else if (labels)
	free (labels[i]);
    }
  free (labels);
  return rc;
}

/* ------------------------------------------------------------------ */
/* Fitting names to a column.                                          */

/* Shortest part of a name kept before the ellipsis when the end is kept
   whole.  */
#define NAME_HEAD_MIN 8

/* The bytes of S's first COLS columns (whole characters).  */

static size_t
head_bytes (const char *s, size_t cols)
{
  size_t i = 0;

  for (size_t c = 0; s[i] && c < cols; c++)
    {
      i++;
      while (((unsigned char) s[i] & 0xc0) == 0x80)
	i++;
    }
  return i;
}

/* The offset in S (LEN bytes) of its last COLS columns.  */

static size_t
tail_offset (const char *s, size_t len, size_t cols)
{
  size_t i = len;

  for (size_t c = 0; i > 0 && c < cols; c++)
    {
      i--;
      while (i > 0 && ((unsigned char) s[i] & 0xc0) == 0x80)
	i--;
    }
  return i;
}

/* LABEL fitted to WIDTH columns: see names.h.  The end kept whole is
   the "::" before the unqualified name and all after it; when that
   leaves less than NAME_HEAD_MIN columns for the start, a third of the
   room goes to the start and the rest to the end.  */

char *
report_fit_name (const char *label, size_t width, const report_glyphs *g)
{
  size_t len = strlen (label), total = report_text_width (label);
  size_t ell = g->ellipsis_width, key, head_w, tail_w, head, tail;
  char *out;

  if (total <= width)
    return strdup (label);
  if (width < ell + 2)
    return report_fit (label, width, g);
  key = unqualified_start (label);
  tail_w = key ? report_text_width (label + key) : 0;
  if (key && tail_w + ell + NAME_HEAD_MIN <= width)
    head_w = width - ell - tail_w;
  else
    {
      head_w = (width - ell) / 3;
      tail_w = width - ell - head_w;
    }
  head = head_bytes (label, head_w);
  tail = tail_offset (label, len, tail_w);
  out = malloc (head + strlen (g->ellipsis) + (len - tail) + 1);
  if (out)
    {
      memcpy (out, label, head);
      strcpy (out + head, g->ellipsis);
      strcat (out, label + tail);
    }
  return out;
}

/* LABEL fitted to WIDTH columns around byte AT, where it first differs
   from a label that report_fit_name cut to the same text: its start, an
   ellipsis, a window that begins a little before AT, an ellipsis and the
   end that report_fit_name keeps ("std::map<…char> > const, int> >…::~map()").
   The window runs into the end when they meet.  NULL if memory ran out;
   report_fit_name's text when WIDTH leaves no room for a window.  */

static char *
fit_around (const char *label, size_t at, size_t width, const report_glyphs *g)
{
  size_t len = strlen (label), total = report_text_width (label);
  size_t ell = g->ellipsis_width, at_col = report_text_width_n (label, at);
  size_t key = unqualified_start (label);
  size_t tail_w = key ? report_text_width (label + key) : 0;
  size_t room, head_w, window_w, from_col, head, from, tail, n;
  char *out;

  if (width < 2 * ell + 12)
    return report_fit_name (label, width, g);
  if (!key || tail_w + 2 * ell + 12 > width)
    tail_w = (width - 2 * ell) / 4;
  room = width - 2 * ell - tail_w;
  head_w = room / 4 ? room / 4 : 1;
  window_w = room - head_w;
  from_col = at_col > head_w + window_w / 3 ? at_col - window_w / 3
					     : head_w;
  head = head_bytes (label, head_w);
  if (from_col + window_w + tail_w + ell >= total)
    {
      /* The window meets the end: one ellipsis, and the rest whole.  */
      from = tail_offset (label, len, width - ell - head_w);
      tail = len;
    }
  else
    {
      from = head_bytes (label, from_col);
      tail = tail_offset (label, len, tail_w);
    }
  n = tail == len ? len - from : head_bytes (label + from, window_w);
  if (from + n > tail)
    n = tail - from;
  out = malloc (head + n + (len - tail) + 2 * strlen (g->ellipsis) + 1);
  if (!out)
    return NULL;
  memcpy (out, label, head);
  strcpy (out + head, g->ellipsis);
  strncat (out, label + from, n);
  if (tail < len)
    {
      strcat (out, g->ellipsis);
      strcat (out, label + tail);
    }
  return out;
}

/* Release COL's memory.  */

void
report_name_column_free (report_name_column *col)
{
  for (size_t i = 0; col->text && i < col->num; i++)
    free (col->text[i]);
  free (col->text);
  free (col->number);
  memset (col, 0, sizeof *col);
}

/* Texts of positions A and B, for qsort: by text, then position; not
   shown last.  */

static char *const *sort_texts;

static int
compare_texts (const void *a, const void *b)
{
  size_t x = *(const size_t *) a, y = *(const size_t *) b;
  int c;

  if (!sort_texts[x] || !sort_texts[y])
    c = !sort_texts[x] - !sort_texts[y];
  else
    c = strcmp (sort_texts[x], sort_texts[y]);
  return c ? c : x < y ? -1 : x > y;
}

/* Sort ORDER (COL's entries) by COL's text and set ALIKE for the
   entries whose text another's equals.  */

static void
find_alike (const report_name_column *col, size_t *order, bool *alike)
{
  sort_texts = col->text;
  qsort (order, col->num, sizeof *order, compare_texts);
  memset (alike, 0, col->num * sizeof *alike);
  for (size_t k = 1; k < col->num; k++)
    if (col->text[order[k]]
	&& strcmp (col->text[order[k]], col->text[order[k - 1]]) == 0)
      alike[order[k]] = alike[order[k - 1]] = true;
}

/* Set ALIKE for the entries of COL that still read alike after a second
   try: each entry of a run of equal texts is fitted around the first
   byte where its label differs from the others' of the run
   (fit_around).  Returns 0, or -1 if memory ran out.  */

static int
mark_alike (report_name_column *col, const char *const *labels, size_t *order,
	    bool *alike, size_t width, const report_glyphs *g)
{
  size_t num = col->num;

  find_alike (col, order, alike);
  for (size_t start = 0, end; start < num; start = end)
    {
      for (end = start + 1; end < num && alike[order[start]]
			    && alike[order[end]]
			    && strcmp (col->text[order[end]],
				       col->text[order[start]]) == 0; end++)
	;
      for (size_t k = start; end - start > 1 && k < end; k++)
	{
	  const char *mine = labels[order[k]];
	  size_t at = 0;
	  char *text;
	  for (size_t l = start; l < end; l++)
	    {
	      const char *other = labels[order[l]];
	      size_t common = 0;
	      while (l != k && mine[common] && mine[common] == other[common])
		common++;
	      at = l != k && common > at ? common : at;
	    }
	  if (!(text = fit_around (mine, at, width, g)))
	    return -1;
	  free (col->text[order[k]]);
	  col->text[order[k]] = text;
	}
    }
  find_alike (col, order, alike);
  return 0;
}

/* Fit the labels and number the ones that read alike: see names.h.
   The numbers go to the entries of every run of equal texts, in entry
   order, so that the legend reads in the order the report lists
   them.  */

int
report_name_column_init (report_name_column *col, const char *const *labels,
			 size_t num, size_t width, const report_glyphs *g)
{
  size_t *order = malloc ((num + 1) * sizeof *order);
  bool *alike = calloc (num + 1, sizeof *alike);

  memset (col, 0, sizeof *col);
  col->num = num;
  col->text = calloc (num + 1, sizeof *col->text);
  col->number = calloc (num + 1, sizeof *col->number);
  if (!order || !alike || !col->text || !col->number)
    goto fail;
  for (size_t i = 0; i < num; i++)
    {
      order[i] = i;
      if (labels[i] && !(col->text[i] = report_fit_name (labels[i], width, g)))
	goto fail;
    }
  if (mark_alike (col, labels, order, alike, width, g) != 0)
    goto fail;
  for (size_t i = 0; i < num; i++)
    if (alike[i])
      {
	char mark[24], *name;
	size_t mark_w = (size_t) snprintf (mark, sizeof mark, " #%zu",
					   col->num_numbered + 1);
	name = report_fit_name (labels[i], width > mark_w ? width - mark_w : 1,
				g);
	if (!name)
	  goto fail;
	free (col->text[i]);
	col->text[i] = malloc (strlen (name) + mark_w + 1);
	if (!col->text[i])
	  {
	    free (name);
	    goto fail;
	  }
	strcpy (col->text[i], name);
	strcat (col->text[i], mark);
	free (name);
	col->number[i] = ++col->num_numbered;
      }
  free (order);
  free (alike);
  return 0;
fail:
  free (order);
  free (alike);
  report_name_column_free (col);
  return -1;
}

/* Write the legend of the numbered entries: see names.h.  */

void
report_name_column_legend (FILE *out, const report_name_column *col,
			   const char *const *labels)
{
  if (col->num_numbered == 0)
    return;
  fputs ("\nNames cut alike above, in full:\n", out);
  for (size_t k = 1; k <= col->num_numbered; k++)
    for (size_t i = 0; i < col->num; i++)
      if (col->number[i] == k)
	fprintf (out, "  #%zu  %s\n", k, labels[i]);
}

/* The widest a function column may be: see names.h.  */

size_t
report_name_column_max (size_t width, size_t fixed, size_t floor)
{
  size_t half;

  if (width == SIZE_MAX)
    return SIZE_MAX;
  half = width > fixed ? (width - fixed) / 2 : 0;
  return half > floor ? half : floor;
}
