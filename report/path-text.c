/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A path as compact text: see path-text.h.  */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "path-text.h"

enum
{
  ROLE_START = 0,
  ROLE_LINES = 1,
  ROLE_END = 2
};

/* Start an empty text.  */

void
report_path_text_init (report_path_text *t)
{
  memset (t, 0, sizeof *t);
}

/* Append one token of ROLE, formatted as by printf.  Returns 0 or -1.  */

static int
add_token (report_path_text *t, int role, const char *fmt, ...)
{
  va_list ap;
  int n;
  report_path_token *tok;

  va_start (ap, fmt);
  n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (n < 0)
    return -1;
  if (t->len + n + 1 > t->capacity)
    {
      size_t cap = 2 * (t->len + n + 1) + 64;
      char *grown = realloc (t->text, cap);
      if (!grown)
	return -1;
      t->text = grown;
      t->capacity = cap;
    }
  if (t->num_tokens == t->token_capacity)
    {
      size_t cap = t->token_capacity ? 2 * t->token_capacity : 32;
      report_path_token *grown = realloc (t->tokens, cap * sizeof *grown);
      if (!grown)
	return -1;
      t->tokens = grown;
      t->token_capacity = cap;
    }
  va_start (ap, fmt);
  vsnprintf (t->text + t->len, n + 1, fmt, ap);
  va_end (ap);
  tok = &t->tokens[t->num_tokens++];
  tok->offset = t->len;
  tok->len = n;
  tok->width = report_text_width_n (t->text + t->len, n);
  tok->role = role;
  t->len += n;
  return 0;
}

/* LOC as text: see path-text.h.  */

void
report_loc_format (char *buf, size_t size, const report_function *fn,
		   report_loc loc)
{
  if (!loc.line)
    loc.line = report_block_nearest_line (fn, loc.block);
  if (!loc.line)
    snprintf (buf, size, "bb%u", loc.block);
  else if (loc.line->file != fn->meta.file
	   && loc.line->file < fn->meta.num_files)
    snprintf (buf, size, "%s:%u", fn->short_files[loc.line->file],
	      loc.line->line);
  else
    snprintf (buf, size, "%u", loc.line->line);
}

/* LOC as text with its file always: see path-text.h.  */

void
report_loc_format_file (char *buf, size_t size, const report_function *fn,
			report_loc loc)
{
  if (loc.line && loc.line->file < fn->meta.num_files)
    snprintf (buf, size, "%s:%u", fn->short_files[loc.line->file],
	      loc.line->line);
  else
    report_loc_format (buf, size, fn, loc);
}

/* Add the start and the end marker of PATH (path-text.h lists them).
   START selects which.  */

static int
add_marker (report_path_text *t, const report_function *fn,
	    const report_path *path, const report_glyphs *g, int start)
{
  const ppf_edge *e = report_path_edge (fn, path,
					start ? 0 : path->num_edges - 1);
  char from[256], to[256];

  report_loc_format (from, sizeof from, fn,
		     !start && (path->end == REPORT_END_NORETURN
				|| REPORT_END_PARTIAL_P (path->end))
		     ? report_path_end_loc (fn, path)
		     : report_edge_source (fn, e));
  report_loc_format (to, sizeof to, fn, report_edge_target (fn, e));
  if (start)
    switch (path->start)
      {
      case REPORT_START_BACKEDGE:
	return add_token (t, ROLE_START, "[loop head after backedge %s%s%s]",
			  from, g->arrow, to);
      case REPORT_START_CUT:
	return add_token (t, ROLE_START, "[after cut at %s]", from);
      case REPORT_START_RESTART:
	return add_token (t, ROLE_START, "[restart at %s]", to);
      case REPORT_START_ENTRY:
      default:
	return add_token (t, ROLE_START, "[entry]");
      }
  switch (path->end)
    {
    case REPORT_END_BACKEDGE:
      return add_token (t, ROLE_END, "[backedge %s%s%s]", from, g->arrow, to);
    case REPORT_END_NORETURN:
      return add_token (t, ROLE_END, "[noreturn call at %s]", from);
    case REPORT_END_CUT:
      return add_token (t, ROLE_END, "[cut at %s]", from);
    case REPORT_END_LONGJMP:
      return add_token (t, ROLE_END, "[left by longjmp in call at %s]",
			from);
    case REPORT_END_CALL:
      return add_token (t, ROLE_END, "[left in call at %s]", from);
    case REPORT_END_EXCEPTION:
      return add_token (t, ROLE_END, "[left by exception at %s]", from);
    case REPORT_END_RETURN:
    default:
      return add_token (t, ROLE_END, "[return]");
    }
}

/* Write into BUF (SIZE bytes) the outcomes of the branches
   OUTCOMES[0 .. NUM-1], which follow the step ending at LAST (NULL for
   a block number): " (true)", " (30: false)", " (true, true)".  An
   outcome's line is given when it is not LAST; outcomes are separated
   by ", ", or by "; " when a label holds a comma ("case 1, 3").  */

static void
format_outcomes (char *buf, size_t size, const report_function *fn,
		 const report_outcome *outcomes, size_t num,
		 const ppf_line *last)
{
  const char *sep = ", ";
  size_t len = 0;

  buf[0] = '\0';
  if (num == 0)
    return;
  for (size_t k = 0; k < num; k++)
    if (strchr (outcomes[k].branch->label, ','))
      sep = "; ";
  for (size_t k = 0; k < num && len < size; k++)
    {
      const ppf_block *b = outcomes[k].block;
      const ppf_line *at = &b->branch;
      char loc[256] = "";
      int n;

      if (at->file != PPF_NONE && at->line != 0
	  && !(last && last->file == at->file && last->line == at->line))
	{
	  report_loc l = { b->index, at };
	  report_loc_format (loc, sizeof loc - 2, fn, l);
	  strcat (loc, ": ");
	}
      n = snprintf (buf + len, size - len, "%s%s%s%s",
		    k ? sep : " (", loc, outcomes[k].branch->label,
		    k + 1 == num ? ")" : "");
      if (n < 0)
	return;
      len += (size_t) n;
    }
}

/* Add the line tokens of PATH, one per display step: a run of
   consecutive lines of one file "a-b", the file named when it differs
   from the previous token's; a step also ends after a line that a branch
   follows, with the branch outcomes in parentheses.  Without any line,
   one "bbN" token per block, with the outcome of its branch.  */

static int
add_lines (report_path_text *t, const report_function *fn,
	   const report_path *path)
{
  const report_lines *seq = &t->lines;
  uint32_t shown_file = PPF_NONE;
  size_t next = 0;   /* first outcome not yet shown */
  char outcomes[1024];

  if (report_path_lines (fn, path, &t->lines) != 0)
    return -1;
  if (seq->num == 0)
    {
      for (uint32_t i = 0; i < report_path_num_blocks (path); i++)
	{
	  size_t first = next;
	  while (next < seq->num_outcomes
		 && seq->outcomes[next].position == i)
	    next++;
	  format_outcomes (outcomes, sizeof outcomes, fn,
			   seq->outcomes + first, next - first, NULL);
	  if (add_token (t, ROLE_LINES, "bb%u%s",
			 report_path_edge (fn, path, i)->dst, outcomes) != 0)
	    return -1;
	}
      return 0;
    }
  for (size_t i = 0, j; i < seq->num; i = j)
    {
      const ppf_line *first = &seq->lines[i];
      const char *file = first->file < fn->meta.num_files
			   ? fn->short_files[first->file] : "?";
      int named = first->file != shown_file;
      size_t first_outcome;
      int rc;

      /* The step runs while lines follow one another and no branch
	 follows its last line.  */
      for (j = i + 1; j < seq->num && seq->lines[j].file == first->file
		      && seq->lines[j].line == seq->lines[j - 1].line + 1
		      && !(next < seq->num_outcomes
			   && seq->outcomes[next].at == j - 1);
	   j++)
	;
      first_outcome = next;
      while (next < seq->num_outcomes && seq->outcomes[next].at == j - 1)
	next++;
      format_outcomes (outcomes, sizeof outcomes, fn,
		       seq->outcomes + first_outcome, next - first_outcome,
		       &seq->lines[j - 1]);
      if (j - 1 > i)
	rc = add_token (t, ROLE_LINES, "%s%s%u-%u%s", named ? file : "",
			named ? ":" : "", first->line, seq->lines[j - 1].line,
			outcomes);
      else
	rc = add_token (t, ROLE_LINES, "%s%s%u%s", named ? file : "",
			named ? ":" : "", first->line, outcomes);
      if (rc != 0)
	return -1;
      shown_file = first->file;
    }
  return 0;
}

/* Build the tokens of PATH: start marker, lines, end marker.  */

int
report_path_text_build (report_path_text *t, const report_function *fn,
			const report_path *path, const report_glyphs *glyphs)
{
  t->len = 0;
  t->num_tokens = 0;
  if (add_marker (t, fn, path, glyphs, 1) != 0
      || add_lines (t, fn, path) != 0
      || add_marker (t, fn, path, glyphs, 0) != 0)
    return -1;
  return 0;
}

/* Columns taken by the separator before token I written on the same line:
   " → " between two line tokens, " " next to a marker.  */

static size_t
inline_separator (const report_path_text *t, size_t i, const report_glyphs *g)
{
  if (i == 0)
    return 0;
  if (t->tokens[i].role == ROLE_LINES && t->tokens[i - 1].role == ROLE_LINES)
    return g->arrow_width + 2;
  return 1;
}

/* Columns of the tail written when a path is cut: " … +K more " and the
   end marker.  */

static size_t
tail_width (const report_path_text *t, size_t left_out, const report_glyphs *g)
{
  return 1 + g->ellipsis_width + 2 + report_digits (left_out) + 6
	 + t->tokens[t->num_tokens - 1].width;
}

/* Write token I, with SEPARATOR before it ("" for none).  */

static void
put_token (FILE *out, const report_path_text *t, size_t i,
	   const char *separator)
{
  const report_path_token *tok = &t->tokens[i];

  fprintf (out, "%s%.*s", separator, (int) tok->len, t->text + tok->offset);
}

/* Write the tail of a cut path: " … +LEFT_OUT more " and the end
   marker.  */

static void
put_tail (FILE *out, const report_path_text *t, size_t left_out,
	  const report_glyphs *g)
{
  fprintf (out, " %s +%zu more ", g->ellipsis, left_out);
  put_token (out, t, t->num_tokens - 1, "");
}

/* Write the tokens, wrapped and cut: see path-text.h.  Greedy: a token
   goes on the current line if it fits, else starts a new one.  On the
   last line allowed, a line token is written only if the rest of the
   path fits after it, or else the tail that says how much was left out
   still does; and when the rest of the path is no wider than that tail,
   or is one step, it is written whole: cutting it would save nothing.  */

void
report_path_text_write (FILE *out, const report_path_text *t, size_t column,
			size_t width, unsigned max_lines,
			const report_glyphs *g)
{
  size_t avail = width > column + REPORT_MIN_PATH_COLUMNS
		   ? width - column : REPORT_MIN_PATH_COLUMNS;
  size_t n = t->num_tokens;
  size_t *rest = malloc ((n + 1) * sizeof *rest);
  size_t line_tokens_left = 0, cur = 0;
  unsigned line = 1;
  bool spill = false;
  char arrow_sep[16], arrow_start[16];

  snprintf (arrow_sep, sizeof arrow_sep, " %s ", g->arrow);
  snprintf (arrow_start, sizeof arrow_start, "%s ", g->arrow);
  for (size_t i = 0; i < n; i++)
    if (t->tokens[i].role == ROLE_LINES)
      line_tokens_left++;
  /* REST[I]: the columns of tokens I.. written on one line.  Without it
     (no memory), paths are wrapped but never cut.  */
  if (rest)
    {
      rest[n] = 0;
      for (size_t i = n; i-- > 0;)
	rest[i] = rest[i + 1] + inline_separator (t, i, g)
		  + t->tokens[i].width;
    }

  for (size_t i = 0; i < n; i++)
    {
      const report_path_token *tok = &t->tokens[i];
      size_t sep = inline_separator (t, i, g);
      const char *sep_text = sep == 0 ? "" : sep == 1 ? " " : arrow_sep;
      bool last_line = max_lines && line >= max_lines && rest;

      /* LINE_TOKENS_LEFT: the line tokens from I on.  Never "+1 more".  */
      if (last_line && (line_tokens_left <= 1
			|| rest[i] <= tail_width (t, line_tokens_left, g)))
	spill = true;
      if (!spill && i > 0 && cur + sep + tok->width > avail
	  && !(last_line && tok->role == ROLE_END))
	{
	  if (last_line)
	    {
	      put_tail (out, t, line_tokens_left, g);
	      break;
	    }
	  fprintf (out, "\n%*s", (int) column, "");
	  line++;
	  last_line = max_lines && line >= max_lines && rest;
	  sep_text = sep == 1 ? "" : arrow_start;
	  sep = sep == 1 ? 0 : g->arrow_width + 1;
	  cur = 0;
	}
      if (!spill && last_line && tok->role == ROLE_LINES
	  && cur + rest[i] > avail
	  && cur + sep + tok->width + tail_width (t, line_tokens_left - 1, g)
	       > avail)
	{
	  put_tail (out, t, line_tokens_left, g);
	  break;
	}
      put_token (out, t, i, sep_text);
      cur += sep + tok->width;
      if (tok->role == ROLE_LINES)
	line_tokens_left--;
    }
  fputc ('\n', out);
  free (rest);
}

/* Release T's memory.  */

void
report_path_text_free (report_path_text *t)
{
  free (t->text);
  free (t->tokens);
  report_lines_free (&t->lines);
  report_path_text_init (t);
}
