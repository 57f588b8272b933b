/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The layout of a CFG picture of the HTML report (html-report.h): what
   Graphviz's dot -Tjson0 says of a graph, made small for the page's
   script (pathprof.js), which draws the SVG from it when the page loads.

   dot's SVG of a CFG is some 47 KB on average (expat's test-suite: 1000
   pictures, 47.5 MB of the report's 82 MB): paths with six-digit
   coordinates, a font, a title and a comment per element, a legend
   table drawn line by line.  The page needs only where things are: the
   layout keeps each node's box and label and each edge's spline points,
   in whole points, and what the DOT said of their look as a few flag
   bits.  The script gives the SVG the ids and classes dot would have
   given it (nodes "bN", edges "eS_D", classes "pathK"), so that choosing
   a path lights the picture as before.

   The layout is a JSON object:
     {"name":NAME,"w":W,"h":H,
      "n":[[ID,CLASS,PATHS,X,Y,WIDTH,HEIGHT,LABEL,FLAGS],...],
      "e":[[ID,CLASS,PATHS,[X0,Y0,DX1,DY1,...],[AX,AY],LABEL,LX,LY,PEN,
	    FLAGS],...]}
   NAME the graph's (the function's label, dot.c), in whole points, y
   downwards (SVG's), X and Y of a node its centre; a node's ID the
   number N of a block's "bN", else a string;
   CLASS the DOT's classes but "pathK", which are the bits K-1 of PATHS
   (0 for a node's "block" and an edge's "cfg edge", the most of them);
   an edge's points a cubic B-spline as dot gives it (1 + 3N points),
   each but the first as the difference from the one before, [AX, AY]
   where its arrowhead points to (or []) from the spline's last point,
   LX and LY its label's centre from the spline's first point, PEN ten
   times its pen width.  Node FLAGS: HTML_NODE_*; edge FLAGS:
   HTML_EDGE_*; left out when 0.  A label's lines are separated by
   "\n".  Each of these relative forms saves a few bytes of the
   report's thousands of pictures (expat's: 10 %).  */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "html-report.h"

/* A JSON text being read.  */
typedef struct json_reader
{
  const char *p, *end;
  bool failed;
} json_reader;

static void
skip_space (json_reader *j)
{
  while (j->p < j->end
	 && (*j->p == ' ' || *j->p == '\n' || *j->p == '\t' || *j->p == '\r'))
    j->p++;
}

/* Whether the next character is C; if so, take it.  */

static bool
take (json_reader *j, char c)
{
  skip_space (j);
  if (j->p < j->end && *j->p == c)
    {
      j->p++;
      return true;
    }
  return false;
}

/* Read a string into BUF (SIZE bytes, NUL-terminated; a longer one is
   cut).  \uXXXX becomes UTF-8.  */

static void
read_string (json_reader *j, char *buf, size_t size)
{
  size_t n = 0;

  if (!take (j, '"'))
    {
      j->failed = true;
      return;
    }
  while (j->p < j->end && *j->p != '"')
    {
      unsigned c = (unsigned char) *j->p++;
      char utf8[4];
      size_t len = 1;
      if (c == '\\' && j->p < j->end)
	{
	  c = (unsigned char) *j->p++;
	  if (c == 'n')
	    c = '\n';
	  else if (c == 't')
	    c = '\t';
	  else if (c == 'r')
	    c = '\r';
	  else if (c == 'b' || c == 'f')
	    c = ' ';
	  else if (c == 'u' && j->end - j->p >= 4)
	    {
	      char hex[5] = { j->p[0], j->p[1], j->p[2], j->p[3], 0 };
	      c = (unsigned) strtoul (hex, NULL, 16);
	      j->p += 4;
	    }
	}
      if (c < 0x80)
	utf8[0] = (char) c;
      else if (c < 0x800)
	{
	  utf8[0] = (char) (0xc0 | (c >> 6));
	  utf8[1] = (char) (0x80 | (c & 0x3f));
	  len = 2;
	}
      else
	{
	  utf8[0] = (char) (0xe0 | (c >> 12));
	  utf8[1] = (char) (0x80 | ((c >> 6) & 0x3f));
	  utf8[2] = (char) (0x80 | (c & 0x3f));
	  len = 3;
	}
      if (n + len < size)
	{
	  memcpy (buf + n, utf8, len);
	  n += len;
	}
    }
  if (j->p >= j->end)
    j->failed = true;
  else
    j->p++;
  if (size)
    buf[n] = '\0';
}

/* Skip a value of any kind.  */

static void
skip_value (json_reader *j)
{
  int depth = 0;

  skip_space (j);
  do
    {
      if (j->p >= j->end)
	{
	  j->failed = true;
	  return;
	}
      if (*j->p == '"')
	{
	  read_string (j, NULL, 0);
	  if (j->failed)
	    return;
	  continue;
	}
      if (*j->p == '{' || *j->p == '[')
	depth++;
      else if (*j->p == '}' || *j->p == ']')
	depth--;
      j->p++;
    }
  while (depth > 0
	 || (j->p < j->end && *j->p != ',' && *j->p != '}' && *j->p != ']'));
}

/* The members of a node or edge that the layout keeps: their values as
   text (numbers too).  */
enum member
{
  M_ID, M_CLASS, M_LABEL, M_POS, M_WIDTH, M_HEIGHT, M_SHAPE, M_STYLE,
  M_COLOR, M_LP, M_PENWIDTH, M_ARROWHEAD, M_BB, NUM_MEMBERS
};
static const char *const member_names[NUM_MEMBERS] = {
  "id", "class", "label", "pos", "width", "height", "shape", "style",
  "color", "lp", "penwidth", "arrowhead", "bb"
};
/* Labels and splines are short in a picture of at most
   HTML_PICTURE_NODES_MAX nodes; a longer value is cut (a label) or
   fails the layout (a spline cut would be wrong).  */
#define MEMBER_SIZE 8192

typedef struct members
{
  char value[NUM_MEMBERS][MEMBER_SIZE];
} members;

/* Read an object, keeping the members above (the others skipped).  */

static void
read_members (json_reader *j, members *m)
{
  for (int i = 0; i < NUM_MEMBERS; i++)
    m->value[i][0] = '\0';
  if (!take (j, '{'))
    {
      j->failed = true;
      return;
    }
  if (take (j, '}'))
    return;
  do
    {
      char key[32];
      int which = NUM_MEMBERS;
      read_string (j, key, sizeof key);
      if (j->failed || !take (j, ':'))
	{
	  j->failed = true;
	  return;
	}
      for (int i = 0; i < NUM_MEMBERS; i++)
	if (strcmp (key, member_names[i]) == 0)
	  which = i;
      skip_space (j);
      if (which < NUM_MEMBERS && j->p < j->end && *j->p == '"')
	{
	  read_string (j, m->value[which], MEMBER_SIZE);
	  if (strlen (m->value[which]) + 4 >= MEMBER_SIZE
	      && (which == M_POS || which == M_BB))
	    j->failed = true;
	}
      else
	skip_value (j);
    }
  while (!j->failed && take (j, ','));
  if (!take (j, '}'))
    j->failed = true;
}

/* Whether the comma-separated list S (classes are space-separated: SEP)
   has WORD.  */

static bool
has_word (const char *s, const char *word, char sep)
{
  size_t len = strlen (word);

  for (const char *at = s; (at = strstr (at, word)) != NULL; at += len)
    if ((at == s || at[-1] == sep) && (at[len] == '\0' || at[len] == sep))
      return true;
  return false;
}

/* Write the classes CLS as the layout has them: a string of those but
   "pathK", or 0 if that is USUAL, then a number with bit K-1 set for
   each "pathK".  */

static void
put_classes (FILE *out, const char *cls, const char *usual)
{
  char rest[MEMBER_SIZE];
  unsigned long paths = 0;
  size_t n = 0;

  while (*cls)
    {
      size_t len = strcspn (cls, " ");
      char *end;
      unsigned long k;
      if (len > 4 && strncmp (cls, "path", 4) == 0
	  && (k = strtoul (cls + 4, &end, 10)) >= 1 && k <= 31
	  && end == cls + len)
	paths |= 1ul << (k - 1);
      else if (len > 0)
	{
	  if (n)
	    rest[n++] = ' ';
	  memcpy (rest + n, cls, len);
	  n += len;
	}
      cls += len;
      while (*cls == ' ')
	cls++;
    }
  rest[n] = '\0';
  if (strcmp (rest, usual) == 0)
    fputc ('0', out);
  else
    html_json_string (out, rest);
  fprintf (out, ",%lu", paths);
}

/* Write the number V rounded to a whole one.  */

static void
put_int (FILE *out, double v)
{
  fprintf (out, "%ld", lround (v));
}

/* Write a node's id: the number N of a block's "bN", else the id as a
   string ("entry", "exit", a group of blocks).  */

static void
put_node_id (FILE *out, const char *id)
{
  char *end;

  if (id[0] == 'b' && id[1] >= '1' && id[1] <= '9')
    {
      unsigned long n = strtoul (id + 1, &end, 10);
      if (!*end && n < 1000000000ul)
	{
	  fprintf (out, "%lu", n);
	  return;
	}
    }
  html_json_string (out, id);
}

/* End an element with its FLAGS, left out when 0.  */

static void
put_flags (FILE *out, unsigned flags)
{
  if (flags)
    fprintf (out, ",%u", flags);
  fputc (']', out);
}

/* Write dot's label text LABEL as a JSON string: its escapes "\n", "\l"
   and "\r" are line ends, "\\" a backslash.  */

static void
put_label (FILE *out, const char *label)
{
  size_t len = strlen (label);
  char *text = malloc (len + 1);
  size_t n = 0;

  if (!text)
    {
      html_json_string (out, "");
      return;
    }
  for (size_t i = 0; i < len; i++)
    {
      if (label[i] == '\\' && i + 1 < len)
	{
	  char c = label[++i];
	  text[n++] = c == 'n' || c == 'l' || c == 'r' ? '\n' : c;
	}
      else
	text[n++] = label[i];
    }
  /* dot's label ends with a line end when it ends with "\l".  */
  while (n > 0 && text[n - 1] == '\n')
    n--;
  text[n] = '\0';
  html_json_string (out, text);
  free (text);
}

/* Write a node of graph height HEIGHT.  */

static void
put_node (FILE *out, const members *m, double height)
{
  double x = 0, y = 0;
  unsigned flags = 0;
  const char *shape = m->value[M_SHAPE];

  sscanf (m->value[M_POS], "%lf,%lf", &x, &y);
  if (strcmp (shape, "oval") == 0 || strcmp (shape, "ellipse") == 0)
    flags |= HTML_NODE_OVAL;
  else if (strcmp (shape, "box3d") == 0)
    flags |= HTML_NODE_BOX3D;
  else if (strcmp (shape, "note") == 0)
    flags |= HTML_NODE_NOTE;
  if (has_word (m->value[M_STYLE], "dashed", ','))
    flags |= HTML_NODE_DASHED;
  if (m->value[M_COLOR][0])
    flags |= HTML_NODE_COLD;
  fputc ('[', out);
  put_node_id (out, m->value[M_ID]);
  fputc (',', out);
  put_classes (out, m->value[M_CLASS], "block");
  fputc (',', out);
  put_int (out, x);
  fputc (',', out);
  put_int (out, height - y);
  fputc (',', out);
  put_int (out, atof (m->value[M_WIDTH]) * 72);
  fputc (',', out);
  put_int (out, atof (m->value[M_HEIGHT]) * 72);
  fputc (',', out);
  put_label (out, m->value[M_LABEL]);
  put_flags (out, flags);
}

/* Write an edge of graph height HEIGHT.  Returns whether its spline
   could be read.  */

static bool
put_edge (FILE *out, const members *m, double height)
{
  const char *p = m->value[M_POS];
  double x, y, lx = 0, ly = 0;
  bool first = true, has_end = false;
  double end_x = 0, end_y = 0;
  long last_x = 0, last_y = 0, first_x = 0, first_y = 0;
  unsigned flags = 0;
  int used;

  /* "e,X,Y" (where the arrowhead points), "s,X,Y" (an arrow at the
     tail: none here), then the spline's points.  */
  fputc ('[', out);
  html_json_string (out, m->value[M_ID]);
  fputc (',', out);
  put_classes (out, m->value[M_CLASS], "cfg edge");
  fputs (",[", out);
  while (*p)
    {
      while (*p == ' ')
	p++;
      if ((p[0] == 'e' || p[0] == 's') && p[1] == ',')
	{
	  bool is_end = p[0] == 'e';
	  if (sscanf (p + 2, "%lf,%lf%n", &x, &y, &used) != 2)
	    return false;
	  if (is_end)
	    {
	      has_end = true;
	      end_x = x;
	      end_y = y;
	    }
	  p += 2 + used;
	  continue;
	}
      if (!*p)
	break;
      if (sscanf (p, "%lf,%lf%n", &x, &y, &used) != 2)
	return false;
      p += used;
      fprintf (out, "%s%ld,%ld", first ? "" : ",", lround (x) - last_x,
	       lround (height - y) - last_y);
      last_x = lround (x);
      last_y = lround (height - y);
      if (first)
	{
	  first_x = last_x;
	  first_y = last_y;
	}
      first = false;
    }
  if (first)
    return false;
  fputs ("],[", out);
  if (has_end)
    fprintf (out, "%ld,%ld", lround (end_x) - last_x,
	     lround (height - end_y) - last_y);
  fputs ("],", out);
  put_label (out, m->value[M_LABEL]);
  sscanf (m->value[M_LP], "%lf,%lf", &lx, &ly);
  fprintf (out, ",%ld,%ld,", lround (lx) - first_x,
	   lround (height - ly) - first_y);
  put_int (out, atof (m->value[M_PENWIDTH][0] ? m->value[M_PENWIDTH] : "1")
		* 10);
  if (has_word (m->value[M_STYLE], "dashed", ','))
    flags |= HTML_EDGE_DASHED;
  if (has_word (m->value[M_STYLE], "dotted", ','))
    flags |= HTML_EDGE_DOTTED;
  /* dot.c colours an edge only when it never ran.  */
  if (m->value[M_COLOR][0] && strcmp (m->value[M_COLOR], "#AAAAAA") == 0)
    flags |= HTML_EDGE_COLD;
  if (strcmp (m->value[M_ARROWHEAD], "empty") == 0)
    flags |= HTML_EDGE_EMPTY_ARROW;
  put_flags (out, flags);
  return true;
}

/* Read from an array of objects, writing each with PUT_NODE or
   PUT_EDGE; M is scratch.  */

static void
convert_array (json_reader *j, FILE *out, members *m, bool nodes,
	       double height)
{
  bool first = true;

  if (!take (j, '['))
    {
      j->failed = true;
      return;
    }
  if (take (j, ']'))
    return;
  do
    {
      read_members (j, m);
      if (j->failed)
	return;
      if (!first)
	fputc (',', out);
      first = false;
      if (nodes)
	put_node (out, m, height);
      else if (!put_edge (out, m, height))
	j->failed = true;
    }
  while (!j->failed && take (j, ','));
  if (!take (j, ']'))
    j->failed = true;
}

/* Convert one graph of dot -Tjson0 output, TEXT[*AT..LEN): see
   html-report.h.  */

int
html_layout_convert (const char *text, size_t len, size_t *at, FILE *out)
{
  json_reader j = { text + *at, text + len, false };
  members *m = malloc (sizeof *m);
  double x0 = 0, y0 = 0, width = 0, height = 0;
  bool named = false, nodes_done = false, edges_done = false;

  if (!m)
    return -1;
  if (!take (&j, '{'))
    j.failed = true;
  /* "bb" comes before "objects" and "edges" (dot writes the graph's
     attributes first).  */
  while (!j.failed)
    {
      char key[32];
      read_string (&j, key, sizeof key);
      if (j.failed || !take (&j, ':'))
	{
	  j.failed = true;
	  break;
	}
      if (strcmp (key, "name") == 0 && !named)
	{
	  read_string (&j, m->value[M_LABEL], MEMBER_SIZE);
	  fputs ("{\"name\":", out);
	  html_json_string (out, m->value[M_LABEL]);
	  named = true;
	}
      else if (strcmp (key, "bb") == 0 && named)
	{
	  read_string (&j, m->value[M_BB], MEMBER_SIZE);
	  if (sscanf (m->value[M_BB], "%lf,%lf,%lf,%lf", &x0, &y0, &width,
		      &height) != 4)
	    j.failed = true;
	  else
	    {
	      fputs (",\"w\":", out);
	      put_int (out, ceil (width));
	      fputs (",\"h\":", out);
	      put_int (out, ceil (height));
	    }
	}
      else if (strcmp (key, "objects") == 0 && height > 0)
	{
	  fputs (",\"n\":[", out);
	  convert_array (&j, out, m, true, height);
	  fputc (']', out);
	  nodes_done = true;
	}
      else if (strcmp (key, "edges") == 0 && nodes_done)
	{
	  fputs (",\"e\":[", out);
	  convert_array (&j, out, m, false, height);
	  fputc (']', out);
	  edges_done = true;
	}
      else
	skip_value (&j);
      if (!take (&j, ','))
	break;
    }
  if (!take (&j, '}'))
    j.failed = true;
  free (m);
  if (j.failed || !nodes_done)
    return 1;
  /* A graph without edges has no "edges".  */
  fputs (edges_done ? "}" : ",\"e\":[]}", out);
  *at = (size_t) (j.p - text);
  return 0;
}
