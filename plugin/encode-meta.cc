/* SPDX-License-Identifier: GPL-3.0-or-later */
/* encode-meta.cc: a function's static description for the .pathprof
   file (format/ppformat.h, ppf_meta): its names, the source lines of
   every block of the plan's DAG as gcov gives them, the DAG's edges with
   their Val, each block's statements and branch outcomes (branches.cc)
   and the sources as they were compiled, so that pathprof-dump can
   regenerate every path without the object or the source.  Split from
   cfg-bridge.cc, which builds the graph the plan is made on.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "ppformat.h"

/* The index of FILE in the meta's file table M, adding it if new.  */

static uint32_t
file_index (ppf_meta *m, vec<const char *> *files, const char *file)
{
  for (unsigned i = 0; i < files->length (); i++)
    if (!strcmp ((*files)[i], file))
      return i;
  files->safe_push (file);
  return files->length () - 1;
}

/* Append LOC's line to BLOCK's lines unless it repeats the last one.  */

static void
add_line (ppf_meta *m, vec<const char *> *files, vec<ppf_line> *lines,
	  location_t loc)
{
  if (loc == UNKNOWN_LOCATION || RESERVED_LOCATION_P (loc))
    return;
  expanded_location xloc = expand_location (loc);
  if (!xloc.file || xloc.line <= 0)
    return;
  ppf_line l;
  l.file = file_index (m, files, xloc.file);
  l.line = xloc.line;
  if (!lines->is_empty () && lines->last ().file == l.file
      && lines->last ().line == l.line)
    return;
  lines->safe_push (l);
}

/* Whether block INDEX of PLAN is one the meta lists.  */

static bool
listed_block_p (const pp_plan *plan, int index)
{
  return index >= 0 && (unsigned) index < plan->num_blocks
	 && plan->reachable[index];
}

/* Fill the detail section's part of block B of FUN (format/ppformat.h,
   PPF_FN_DETAIL): its statement count and branch line, and append to
   BRANCHES the outcomes of its edges to listed blocks (branches.cc), in
   increasing destination order.  Blocks come in increasing order, so
   BRANCHES stays sorted by (src, dst).  */

static void
add_detail (function *fun, const pp_plan *plan, ppf_meta *m,
	    vec<const char *> *files, ppf_block *b, vec<ppf_branch> *branches)
{
  if (b->index < NUM_FIXED_BLOCKS
      || b->index >= (unsigned) last_basic_block_for_fn (fun))
    return;
  basic_block bb = BASIC_BLOCK_FOR_FN (fun, b->index);
  if (!bb)
    return;
  b->num_stmts = pathprof_num_stmts (bb);
  location_t loc = pathprof_branch_location (bb);
  if (loc != UNKNOWN_LOCATION && !RESERVED_LOCATION_P (loc))
    {
      expanded_location xloc = expand_location (loc);
      if (xloc.file && xloc.line > 0)
	{
	  b->branch.file = file_index (m, files, xloc.file);
	  b->branch.line = xloc.line;
	}
    }
  auto_vec<pathprof_outcome> outcomes;
  pathprof_branch_outcomes (fun, bb, &outcomes);
  /* Few successors: an insertion sort by destination, keeping the first
     outcome of a destination and dropping any other (the format wants
     (src, dst) strictly increasing).  */
  unsigned first = branches->length ();
  for (unsigned k = 0; k < outcomes.length (); k++)
    {
      pathprof_outcome *o = &outcomes[k];
      bool keep = o->e->src == bb && listed_block_p (plan, o->e->dest->index)
		  && o->kind <= PPF_BRANCH_GOTO && o->label;
      for (unsigned j = first; j < branches->length () && keep; j++)
	if ((*branches)[j].dst == (uint32_t) o->e->dest->index)
	  keep = false;
      if (!keep)
	{
	  free (o->label);
	  continue;
	}
      ppf_branch br;
      br.src = b->index;
      br.dst = o->e->dest->index;
      br.kind = o->kind;
      br.label = o->label;
      unsigned at = branches->length ();
      while (at > first && (*branches)[at - 1].dst > br.dst)
	at--;
      branches->safe_insert (at, br);
    }
}

/* BB's single successor edge as profile.cc's branch_prob sees it, whose
   goto_locus is a line of BB's: none when BB's last statement gets a
   fake edge to EXIT there (pathprof_gcov_fake_exit_p), and the jump a
   block of its own (pathprof_split_goto_edges).  So the landing pad a
   call gets (pathprof_add_unwind_pads) changes nothing: its call gets a
   fake edge in gcov's CFG.  NULL when BB has no such edge.  */

static edge
jump_edge (basic_block bb)
{
  if (!single_succ_p (bb) || pathprof_gcov_fake_exit_p (bb))
    return NULL;
  return single_succ_edge (bb);
}

/* FILE, a source file name as the compiler recorded it, as it is now:
   its size and hash (ppf_source), read once per compilation; unknown
   when it cannot be read ("<built-in>", a preprocessed input's original
   file that is not there).  The working directory is the compiler's, as
   for GCC's own reading of the file.  */

static ppf_source
source_as_compiled (const char *file)
{
  static hash_map<nofree_string_hash, ppf_source> *seen;
  ppf_source src = { PPF_UNKNOWN_SIZE, 0 };

  if (!seen)
    seen = new hash_map<nofree_string_hash, ppf_source>;
  if (ppf_source *known = seen->get (file))
    return *known;
  if (FILE *f = fopen (file, "rb"))
    {
      struct stat st;
      if (fstat (fileno (f), &st) != 0 || !S_ISREG (st.st_mode)
	  || ppf_hash_file (f, &src) != PPF_OK)
	{
	  src.size = PPF_UNKNOWN_SIZE;
	  src.hash = 0;
	}
      fclose (f);
    }
  seen->put (xstrdup (file), src);
  return src;
}

/* A function's description as it is built: the meta and the vectors it
   points into, which live until it is encoded.  */

struct meta_parts
{
  ppf_meta m;
  auto_vec<const char *> files;	     /* m.files */
  auto_vec<vec<ppf_line> > lines_of; /* each block's lines, by index */
  auto_vec<ppf_block> blocks;	     /* m.blocks: the listed ones */
  auto_vec<ppf_edge> edges;	     /* m.edges: the DAG's */
  auto_vec<ppf_branch> branches;     /* m.branches (PPF_FN_DETAIL) */
  auto_vec<ppf_source> sources;	     /* m.sources (PPF_FN_SOURCES) */
  /* Where each call's line is among its block's lines: the entry its
     own statement made or kept (an early exit's cfg_dst, early_exit_line).
     The same line may come again later in the block ("x = 2 * n + f (p\n +
     n);": the call has the first line, after the operands on the
     second), and the split pathprof-dump makes there must be after the
     call's entry, not after an earlier one of the same line.  */
  hash_map<gimple *, unsigned> call_line_index;
};

/* What gather_lines has seen so far, as profile.cc's branch_prob
   sees it.  */

struct lines_seen
{
  /* (file index << 32 | line) of every line seen so far.  */
  hash_set<int_hash<uint64_t, UINT64_MAX, UINT64_MAX - 1> > lines;
  /* Every location as gcov's seen_locations has it (the location_t,
     scope block and all).  */
  hash_set<int_hash<location_t, UNKNOWN_LOCATION, BUILTINS_LOCATION> >
    locations;
};

/* PLAN's path_limit with early exits apart (PPF_FN_APART), whose
   numbers end past the last one's: num_paths plus the largest Val of an
   early exit edge, or num_paths.  */

static uint64_t
apart_path_limit (const pp_plan *plan)
{
  uint64_t limit = plan->num_paths;
  for (unsigned i = 0; i < plan->num_dag_edges; i++)
    if (plan->dag_edges[i].kind == PP_DAG_EARLY_EXIT
	&& plan->dag_edges[i].val + plan->num_paths > limit)
      limit = plan->dag_edges[i].val + plan->num_paths;
  return limit;
}

/* Fill D's header for FUN and PLAN: path count, FLAGS, the names and
   the declaration's file and line.  */

static void
describe_function (function *fun, const pp_plan *plan, unsigned flags,
		   meta_parts *d)
{
  tree fndecl = fun->decl;
  ppf_meta *m = &d->m;
  memset (m, 0, sizeof *m);
  m->num_paths = plan->num_paths;
  m->flags = flags;
  if (flags & PPF_FN_APART)
    m->path_limit = apart_path_limit (plan);
  m->name = CONST_CAST (char *,
			IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl)));
  if (m->name[0] == '*')
    m->name++;
  m->display_name = pathprof_display_name (fndecl);
  expanded_location decl_loc = expand_location (DECL_SOURCE_LOCATION (fndecl));
  m->file = file_index (m, &d->files,
			decl_loc.file ? decl_loc.file : main_input_filename);
  m->line = decl_loc.line > 0 ? decl_loc.line : 0;
}

/* Whether the predict hint at LOC is left out of its block's lines: it
   has no line, or one seen before (see gather_lines).  */

static bool
hint_left_out_p (meta_parts *d, lines_seen *seen, location_t loc)
{
  expanded_location xloc = expand_location (loc);
  if (!xloc.file || xloc.line <= 0)
    return true;
  uint64_t key = ((uint64_t) file_index (&d->m, &d->files, xloc.file) << 32
		  | (uint32_t) xloc.line);
  return seen->lines.contains (key);
}

/* Append to LINES the lines of BB's statements (see gather_lines), and
   note them and the calls' places among LINES in SEEN and D.  */

static void
add_stmt_lines (meta_parts *d, lines_seen *seen, basic_block bb,
		vec<ppf_line> *lines)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      location_t loc = gimple_location (stmt);
      if (is_gimple_debug (stmt) || RESERVED_LOCATION_P (loc))
	continue;
      seen->locations.add (loc);
      if (gimple_code (stmt) == GIMPLE_PREDICT
	  && hint_left_out_p (d, seen, loc))
	continue;
      add_line (&d->m, &d->files, lines, loc);
      if (!lines->is_empty ())
	{
	  seen->lines.add ((uint64_t) lines->last ().file << 32
			   | lines->last ().line);
	  if (is_gimple_call (stmt))
	    d->call_line_index.put (stmt, lines->length () - 1);
	}
    }
}

/* Append to LINES the line of BB's jump (jump_edge), unless its
   location was seen in a statement.  */

static void
add_jump_line (meta_parts *d, lines_seen *seen, basic_block bb,
	       vec<ppf_line> *lines)
{
  edge jump = jump_edge (bb);
  if (!jump)
    return;
  location_t loc = jump->goto_locus;
  if (!loc || RESERVED_LOCATION_P (loc))
    return;
  expanded_location xloc = expand_location (loc);
  if (xloc.file && xloc.line > 0 && !seen->locations.contains (loc))
    add_line (&d->m, &d->files, lines, loc);
}

/* Fill D's lines_of with the lines of each block of FUN that PLAN
   reaches.

   The lines of a block are those profile.cc's branch_prob gives it in
   gcov's notes file, so that the line counts pathprof-dump derives
   from the paths are gcov's (doc/testing.md, the gcov oracle).  In
   gcov's block order (FOR_EACH_BB, not the order of the indices: a
   block pathprof_split_goto_edges added has the highest index but
   follows the block it leaves), a block gets the location of every
   statement, labels included ("out:" and "case 3:" are lines of
   gcov's), and then, when it has a single successor edge, that edge's
   goto_locus unless it was already seen in a statement of this block
   or an earlier one (or is the function's declaration): the "goto",
   "break;", "continue;" or "return" that CFG construction turned into
   that edge.  The CFG is the one GCC builds at -O0, at every level
   (o0-cfg.cc), so the blocks that carry those jumps are there above
   -O0 too, and the lines of a path do not depend on -O.  "Seen" is
   gcov's: the very location_t, scope block included, so that the jump
   back to a loop's head after the destructor of a local of its body
   ("}": the jump has the destructor's line and column but the loop's
   scope) gets the line the destructor has (issue 26).  A front end
   that gives some statements other columns at other levels
   (gfortran's DO WHILE) may give such a jump a line at one level and
   not at another.  Debug statements are never seen (gcov sees them:
   at -O0 -g it then drops a jump's line that -g0 keeps; we keep it,
   so that -g changes no path).  Left out of a block's lines: debug
   statements (absent at -O0; at -O2 -g they would add lines), and
   predict hints whose line was seen before: they are not code and
   mostly carry another statement's line (a "continue" hint has its
   "if"'s), so that paths do not seem to go back to it; a hint's own
   goto follows it.  A hint with a line of its own stays (GCC 12's C
   front end gives the hint of a "continue" at the end of a loop body
   the line of the function's "{", which gcov counts).  gcov also puts the
   function's declaration line at the head of its first block:
   pathprof-dump does that, from the meta's line.  */

static void
gather_lines (function *fun, const pp_plan *plan, meta_parts *d)
{
  d->lines_of.safe_grow_cleared (plan->num_blocks);
  lines_seen seen;
  seen.lines.add ((uint64_t) d->m.file << 32 | d->m.line);
  seen.locations.add (DECL_SOURCE_LOCATION (fun->decl));
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    {
      unsigned i = bb->index;
      if (i >= plan->num_blocks || !plan->reachable[i])
	continue;
      add_stmt_lines (d, &seen, bb, &d->lines_of[i]);
      add_jump_line (d, &seen, bb, &d->lines_of[i]);
    }
}

/* Fill D's blocks, PLAN's reachable ones in increasing order, with
   their lines, and with PPF_FN_DETAIL in FLAGS their detail and D's
   branches (add_detail).  */

static void
describe_blocks (function *fun, const pp_plan *plan, unsigned flags,
		 meta_parts *d)
{
  for (unsigned i = 0; i < plan->num_blocks; i++)
    {
      if (!plan->reachable[i])
	continue;
      ppf_block b;
      b.index = i;
      b.num_lines = d->lines_of[i].length ();
      b.lines = d->lines_of[i].address ();
      b.num_stmts = 0;
      b.branch.file = PPF_NONE;
      b.branch.line = 0;
      if (flags & PPF_FN_DETAIL)
	add_detail (fun, plan, &d->m, &d->files, &b, &d->branches);
      d->blocks.safe_push (b);
    }
}

/* The line of the call of early exit DE as an index into the lines of
   its block in D, or PPF_NONE: the entry its statement made or kept,
   else the first of its line.  */

static uint32_t
early_exit_line (const pathprof_cfg *pcfg, const pp_dag_edge *de,
		 meta_parts *d)
{
  location_t loc = gimple_location (pcfg->calls[de->call]);
  expanded_location xloc = expand_location (loc);
  const ppf_block *b = NULL;
  for (unsigned k = 0; k < d->blocks.length () && !b; k++)
    if (d->blocks[k].index == de->src)
      b = &d->blocks[k];
  unsigned *at = d->call_line_index.get (pcfg->calls[de->call]);
  if (b && at && *at < b->num_lines)
    return *at;
  if (b && xloc.file && !RESERVED_LOCATION_P (loc))
    for (uint32_t k = 0; k < b->num_lines; k++)
      if (b->lines[k].line == (uint32_t) xloc.line
	  && !strcmp (d->files[b->lines[k].file], xloc.file))
	return k;
  return PPF_NONE;
}

/* Fill D's edges with PLAN's DAG edges, each with its Val and the CFG
   edge of PCFG behind it: an early exit's block and its call's line
   (early_exit_line), a dummy's block alone.  */

static void
describe_edges (const pathprof_cfg *pcfg, const pp_plan *plan, meta_parts *d)
{
  for (unsigned i = 0; i < plan->num_dag_edges; i++)
    {
      const pp_dag_edge *de = &plan->dag_edges[i];
      ppf_edge fe;
      fe.src = de->src;
      fe.dst = de->dst;
      fe.kind = de->kind;
      fe.val = de->val;
      if (de->kind == PP_DAG_EARLY_EXIT)
	{
	  fe.cfg_src = de->src;
	  fe.cfg_dst = early_exit_line (pcfg, de, d);
	}
      else if (de->cfg_edge == PP_NONE)
	{
	  fe.cfg_src = de->src;
	  fe.cfg_dst = PPF_NONE;
	}
      else
	{
	  edge e = pcfg->edges[de->cfg_edge];
	  fe.cfg_src = e->src->index;
	  fe.cfg_dst = e->dest->index;
	}
      d->edges.safe_push (fe);
    }
}

/* Point D's meta at its vectors.  With PPF_FN_SOURCES in FLAGS, also
   where the sources were and what they held, so that a report finds
   them from anywhere and never shows another text.  */

static void
point_meta_at_parts (unsigned flags, meta_parts *d)
{
  ppf_meta *m = &d->m;
  m->num_files = d->files.length ();
  m->files = CONST_CAST (char **, d->files.address ());
  if (flags & PPF_FN_SOURCES)
    {
      for (unsigned i = 0; i < d->files.length (); i++)
	d->sources.safe_push (source_as_compiled (d->files[i]));
      const char *pwd = getpwd ();
      m->comp_dir = CONST_CAST (char *, pwd ? pwd : "");
      m->sources = d->sources.address ();
    }
  m->num_blocks = d->blocks.length ();
  m->blocks = d->blocks.address ();
  m->num_edges = d->edges.length ();
  m->edges = d->edges.address ();
  m->num_branches = d->branches.length ();
  m->branches = d->branches.address ();
}

/* Free what D owns beyond its vectors: the display name, the branch
   labels and each block's lines.  */

static void
release_parts (meta_parts *d)
{
  free (d->m.display_name);
  for (ppf_branch &br : d->branches)
    free (br.label);
  for (unsigned i = 0; i < d->lines_of.length (); i++)
    d->lines_of[i].release ();
}

/* Whether META, META_SIZE bytes, decodes.  The runtime checks only each
   meta's checksum and num_paths (runtime/write.c, check_metas), so that
   a short run's exit does not decode every description: we decode what
   we embed, once, here.  */

static bool
meta_decodes_p (const unsigned char *meta, size_t meta_size)
{
  ppf_meta check;
  char err[160];
  if (ppf_meta_decode (meta, meta_size, &check, err, sizeof err) != PPF_OK)
    {
      if (dump_file)
	fprintf (dump_file, "pathprof: our own description does not "
		 "decode: %s\n", err);
      return false;
    }
  ppf_meta_free (&check);
  return true;
}

/* Encode FUN's static description (format/ppformat.h, ppf_meta) for PLAN
   into *META, *META_SIZE (malloc'd): names, the source lines of every
   block in the DAG, and the DAG's edges with their Val, so that
   pathprof-dump can regenerate every path without the object or the
   source; with PPF_FN_DETAIL in FLAGS, also each block's statements and
   branch outcomes (add_detail).  Must run before any code is inserted,
   so that blocks are GCC's as the plan numbered them.  */

bool
pathprof_encode_meta (function *fun, const pathprof_cfg *pcfg,
		      const pp_plan *plan, unsigned flags,
		      unsigned char **meta, size_t *meta_size)
{
  meta_parts d;
  describe_function (fun, plan, flags, &d);
  gather_lines (fun, plan, &d);
  describe_blocks (fun, plan, flags, &d);
  describe_edges (pcfg, plan, &d);
  point_meta_at_parts (flags, &d);
  int rc = ppf_meta_encode (&d.m, meta, meta_size);
  release_parts (&d);
  if (rc != PPF_OK)
    return false;
  if (!meta_decodes_p (*meta, *meta_size))
    {
      free (*meta);
      *meta = NULL;
      return false;
    }
  return true;
}
