/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ppmeta-branches: the detail section of every function's meta in
   .pathprof files, for the DejaGnu suite (pathprof-branch in
   testsuite/lib/pathprof-directives.exp) to check what the plugin
   recorded.

   Usage: ppmeta-branches FILE.pathprof...

   Prints tab-separated lines, per function in file order:
     function  NAME  DETAIL                (DETAIL: 1 with the detail
                                            section, else 0)
     block     NAME  INDEX  NUM_STMTS  BRANCH
     branch    NAME  SRC  DST  KIND  BRANCH  TO  LABEL
   where NAME is the display name, BRANCH the FILE:LINE of the source
   block's branch (FILE as the meta has it) or "-", TO the first
   FILE:LINE of block DST or "-", and KIND one of true, false, case,
   default, goto.  Exit status 0, 1 when a file cannot
   be read, 2 on a usage error.  */

#include <stdio.h>
#include <stdlib.h>
#include "ppformat.h"

static const char *const kind_names[] = { "true", "false", "case",
					   "default", "goto" };

/* Print BLOCK's branch line of meta M as FILE:LINE, or "-".  */

static void
print_branch_line (const ppf_meta *m, const ppf_block *block)
{
  if (!block || block->branch.file == PPF_NONE
      || block->branch.file >= m->num_files)
    fputs ("-", stdout);
  else
    printf ("%s:%u", m->files[block->branch.file],
	    (unsigned) block->branch.line);
}

/* Print the first line of BLOCK of meta M as FILE:LINE, or "-".  */

static void
print_first_line (const ppf_meta *m, const ppf_block *block)
{
  if (!block || block->num_lines == 0
      || block->lines[0].file >= m->num_files)
    fputs ("-", stdout);
  else
    printf ("%s:%u", m->files[block->lines[0].file],
	    (unsigned) block->lines[0].line);
}

/* Print the detail of meta M.  */

static void
print_meta (const ppf_meta *m)
{
  printf ("function\t%s\t%d\n", m->display_name,
	  (m->flags & PPF_FN_DETAIL) ? 1 : 0);
  for (uint32_t i = 0; i < m->num_blocks; i++)
    {
      const ppf_block *b = &m->blocks[i];
      printf ("block\t%s\t%u\t%u\t", m->display_name, (unsigned) b->index,
	      (unsigned) b->num_stmts);
      print_branch_line (m, b);
      putchar ('\n');
    }
  for (uint32_t i = 0; i < m->num_branches; i++)
    {
      const ppf_branch *br = &m->branches[i];
      printf ("branch\t%s\t%u\t%u\t%s\t", m->display_name,
	      (unsigned) br->src, (unsigned) br->dst,
	      br->kind < sizeof kind_names / sizeof *kind_names
	      ? kind_names[br->kind] : "?");
      print_branch_line (m, ppf_meta_block (m, br->src));
      putchar ('\t');
      print_first_line (m, ppf_meta_block (m, br->dst));
      printf ("\t%s\n", br->label);
    }
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s FILE.pathprof...\n", argv[0]);
      return 2;
    }
  int status = 0;
  for (int a = 1; a < argc; a++)
    {
      ppf_file f;
      char err[256];
      int rc = ppf_read (argv[a], &f, err, sizeof err);
      if (rc != PPF_OK)
	{
	  fprintf (stderr, "%s: %s: %s\n", argv[0], argv[a],
		   rc == PPF_ENOENT ? "no such file" : err);
	  status = 1;
	  continue;
	}
      for (uint32_t i = 0; i < f.num_functions; i++)
	{
	  ppf_meta m;
	  if (ppf_meta_decode (f.functions[i].meta, f.functions[i].meta_size,
			       &m, err, sizeof err) != PPF_OK)
	    {
	      fprintf (stderr, "%s: %s: function %u: %s\n", argv[0], argv[a],
		       (unsigned) i, err);
	      status = 1;
	      continue;
	    }
	  print_meta (&m);
	  ppf_meta_free (&m);
	}
      ppf_file_free (&f);
    }
  return status;
}
