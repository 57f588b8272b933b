/* How the text reports name files and functions: see names.h.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

/* The part of PATH after its last '/'; PATH itself if it ends in '/'.  */

const char *
dump_base_name (const char *path)
{
  const char *slash = strrchr (path, '/');

  return slash && slash[1] ? slash + 1 : path;
}

/* Give each of FN's files its short name: the base name, unless another
   of FN's files has the same base name.  Quadratic in the number of files
   of one function, which is small (the function's file and the headers
   its inlined code comes from).  */

int
dump_function_names (dump_function *fn)
{
  const ppf_meta *m = &fn->meta;

  fn->short_files = malloc ((m->num_files + 1) * sizeof *fn->short_files);
  if (!fn->short_files)
    return -1;
  for (uint32_t i = 0; i < m->num_files; i++)
    {
      const char *base = dump_base_name (m->files[i]);
      fn->short_files[i] = base;
      for (uint32_t j = 0; j < m->num_files; j++)
	if (j != i && strcmp (m->files[j], m->files[i]) != 0
	    && strcmp (dump_base_name (m->files[j]), base) == 0)
	  {
	    fn->short_files[i] = m->files[i];
	    break;
	  }
    }
  return 0;
}

/* The name FN has in the reports before disambiguation: its display name,
   or its assembler name if the compiler recorded no display name.  */

static const char *
plain_name (const dump_function *fn)
{
  return fn->meta.display_name[0] ? fn->meta.display_name : fn->meta.name;
}

/* The translation unit FN comes from, for "helper (a.c)".  */

static const char *
unit_of (const dump_function *fn)
{
  const char *unit = fn->unit;

  return dump_base_name (unit && unit[0] ? unit : fn->profile->path);
}

/* Return "NAME (QUALIFIER)" in fresh memory, or NULL.  */

static char *
qualified (const char *name, const char *qualifier)
{
  size_t len = strlen (name) + strlen (qualifier) + 4;
  char *s = malloc (len);

  if (s)
    snprintf (s, len, "%s (%s)", name, qualifier);
  return s;
}

/* A function's plain name and input position, sorted to find the
   functions that share a name.  */

typedef struct named_function
{
  const char *name;
  size_t index;
} named_function;

/* qsort comparator: by plain name, then input order.  */

static int
compare_plain_names (const void *a, const void *b)
{
  const named_function *x = a, *y = b;
  int c = strcmp (x->name, y->name);

  return c ? c : (x->index < y->index ? -1 : x->index > y->index);
}

/* Label the functions of DATA (names.h): sort by display name, and give
   every member of a run of equal names its unit, or failing that its
   .pathprof file.  */

int
dump_assign_labels (dump_data *data)
{
  size_t n = data->num_functions;
  named_function *order = malloc ((n + 1) * sizeof *order);

  if (!order)
    return -1;
  for (size_t i = 0; i < n; i++)
    {
      order[i].name = plain_name (data->functions[i]);
      order[i].index = i;
    }
  qsort (order, n, sizeof *order, compare_plain_names);

  for (size_t start = 0, end; start < n; start = end)
    {
      const char *name = order[start].name;
      for (end = start + 1; end < n && strcmp (order[end].name, name) == 0;
	   end++)
	;
      for (size_t k = start; k < end; k++)
	{
	  dump_function *fn = data->functions[order[k].index];
	  const char *qualifier = NULL;
	  if (end - start > 1)
	    {
	      qualifier = unit_of (fn);
	      for (size_t l = start; l < end; l++)
		if (l != k
		    && strcmp (unit_of (data->functions[order[l].index]),
			       qualifier) == 0)
		  {
		    qualifier = fn->profile->path;
		    break;
		  }
	    }
	  free (fn->label);
	  fn->label = qualifier ? qualified (name, qualifier) : strdup (name);
	  if (!fn->label)
	    {
	      free (order);
	      return -1;
	    }
	}
    }
  free (order);
  return 0;
}
