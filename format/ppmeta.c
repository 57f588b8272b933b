/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Metas, the static description of one instrumented function
   (doc/file-format.md, "Meta"): encode, decode and validate them, and
   read their fixed head without decoding the rest.

   The plugin encodes one per function and embeds it in the object; the
   runtime copies them into files untouched; pathprof-dump decodes them.
   The encoder checks a meta as the decoder does, so that nothing the
   plugin embeds fails to decode.  */

#include <stdlib.h>
#include <string.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat-internal.h"

/* Smallest encoding of each repeated element, used to reject a count that
   the remaining bytes cannot hold before allocating for it.  */
#define MIN_BLOCK_SIZE 8	/* index, num_lines */
#define LINE_SIZE 8		/* file, line */
#define EDGE_SIZE 28		/* 5 x u32, u64 */
#define BLOCK_DETAIL_SIZE 12	/* num_stmts, branch file, branch line */
#define MIN_BRANCH_SIZE 16	/* src, dst, kind, label length */

#define KNOWN_FN_FLAGS (PPF_FN_HASHED | PPF_FN_TRUNCATED | PPF_FN_PARTIAL \
			| PPF_FN_APART | PPF_FN_SOURCES \
			| PPF_FN_DETAIL | PPF_FN_TIMED | PPF_FN_ARTIFICIAL)

/* The block of M numbered INDEX, or NULL: a binary search, M->blocks
   being sorted by number.  */

const ppf_block *
ppf_meta_block (const ppf_meta *m, uint32_t index)
{
  size_t lo = 0, hi = m->num_blocks;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (m->blocks[mid].index == index)
	return &m->blocks[mid];
      if (m->blocks[mid].index < index)
	lo = mid + 1;
      else
	hi = mid;
    }
  return NULL;
}

/* The outcome of the CFG edge SRC -> DST in M, or NULL: a binary search
   in M->branches, sorted by (src, dst).  */

const ppf_branch *
ppf_meta_branch (const ppf_meta *m, uint32_t src, uint32_t dst)
{
  size_t lo = 0, hi = m->num_branches;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;
      const ppf_branch *b = &m->branches[mid];

      if (b->src == src && b->dst == dst)
	return b;
      if (b->src < src || (b->src == src && b->dst < dst))
	lo = mid + 1;
      else
	hi = mid;
    }
  return NULL;
}

/* The position of block number INDEX in M->blocks, or -1.  */

static long
find_block (const ppf_meta *m, uint32_t index)
{
  const ppf_block *b = ppf_meta_block (m, index);

  return b ? (long) (b - m->blocks) : -1;
}

/* The checks of validate_meta on M's own fields: num_paths, flags,
   path_limit and the function's file.  Returns PPF_OK, or PPF_EBAD with
   a message in ERR.  */

static int
validate_meta_head (const ppf_meta *m, char *err, size_t errlen)
{
  if (m->num_paths == 0)
    {
      ppf_set_error (err, errlen, "num_paths is 0");
      return PPF_EBAD;
    }
  if (m->flags & ~KNOWN_FN_FLAGS)
    {
      ppf_set_error (err, errlen, "unknown flags 0x%x",
		     (unsigned) (m->flags & ~KNOWN_FN_FLAGS));
      return PPF_EBAD;
    }
  if ((m->flags & PPF_FN_APART) && (m->flags & PPF_FN_PARTIAL))
    {
      ppf_set_error (err, errlen, "early exits both apart and partial");
      return PPF_EBAD;
    }
  if ((m->flags & PPF_FN_APART)
      ? m->path_limit <= m->num_paths
      : m->path_limit != 0 && m->path_limit != m->num_paths)
    {
      ppf_set_error (err, errlen, "path_limit %llu with %llu paths",
		     (unsigned long long) m->path_limit,
		     (unsigned long long) m->num_paths);
      return PPF_EBAD;
    }
  if (m->file != PPF_NONE && m->file >= m->num_files)
    {
      ppf_set_error (err, errlen, "file index %u out of range (%u files)",
		     (unsigned) m->file, (unsigned) m->num_files);
      return PPF_EBAD;
    }
  return PPF_OK;
}

/* The checks of validate_meta on M's blocks: ENTRY and EXIT first,
   indices increasing, every line's file (and with the detail flag, every
   branch line's) in range.  Returns PPF_OK, or PPF_EBAD with a message
   in ERR.  */

static int
validate_blocks (const ppf_meta *m, char *err, size_t errlen)
{
  uint32_t i, j;

  if (m->num_blocks < 2 || m->blocks[0].index != 0
      || m->blocks[1].index != 1)
    {
      ppf_set_error (err, errlen, "blocks do not start with ENTRY (0) and "
		     "EXIT (1)");
      return PPF_EBAD;
    }
  for (i = 0; i < m->num_blocks; i++)
    {
      const ppf_block *b = &m->blocks[i];

      if (i > 0 && b->index <= m->blocks[i - 1].index)
	{
	  ppf_set_error (err, errlen, "block %u: index %u not above the "
			 "previous block's %u", (unsigned) i,
			 (unsigned) b->index,
			 (unsigned) m->blocks[i - 1].index);
	  return PPF_EBAD;
	}
      for (j = 0; j < b->num_lines; j++)
	if (b->lines[j].file >= m->num_files)
	  {
	    ppf_set_error (err, errlen, "block %u: line %u: file index %u out "
			   "of range (%u files)", (unsigned) b->index,
			   (unsigned) j, (unsigned) b->lines[j].file,
			   (unsigned) m->num_files);
	    return PPF_EBAD;
	  }
      if ((m->flags & PPF_FN_DETAIL)
	  && (b->branch.file == PPF_NONE ? b->branch.line != 0
	      : b->branch.file >= m->num_files))
	{
	  ppf_set_error (err, errlen, "block %u: branch line's file index %u "
			 "out of range (%u files)", (unsigned) b->index,
			 (unsigned) b->branch.file, (unsigned) m->num_files);
	  return PPF_EBAD;
	}
    }
  return PPF_OK;
}

/* The checks of validate_meta on M's branches: only with the detail
   flag, between known blocks, of a known kind, sorted by (src, dst).
   Returns PPF_OK, or PPF_EBAD with a message in ERR.  */

static int
validate_branches (const ppf_meta *m, char *err, size_t errlen)
{
  uint32_t i;

  if (!(m->flags & PPF_FN_DETAIL) && m->num_branches)
    {
      ppf_set_error (err, errlen, "branches without the detail flag");
      return PPF_EBAD;
    }
  for (i = 0; i < m->num_branches; i++)
    {
      const ppf_branch *br = &m->branches[i];
      const char *problem = NULL;

      if (find_block (m, br->src) < 0 || find_block (m, br->dst) < 0)
	problem = "an endpoint is not a block";
      else if (br->kind > PPF_BRANCH_GOTO)
	problem = "unknown kind";
      else if (i > 0 && (br->src < m->branches[i - 1].src
			 || (br->src == m->branches[i - 1].src
			     && br->dst <= m->branches[i - 1].dst)))
	problem = "not above the previous branch";
      if (problem)
	{
	  ppf_set_error (err, errlen, "branch %u (%u->%u): %s", (unsigned) i,
			 (unsigned) br->src, (unsigned) br->dst, problem);
	  return PPF_EBAD;
	}
    }
  return PPF_OK;
}

/* What is wrong with edge I of M, or NULL: SRC is the position of its
   source block in M->blocks (-1 if none), PREV_SRC that of the edge
   before it, SEEN the sources whose group of edges has ended.  */

static const char *
edge_problem (const ppf_meta *m, uint32_t i, long src, long prev_src,
	      const unsigned char *seen)
{
  const ppf_edge *e = &m->edges[i];

  if (src < 0 || find_block (m, e->dst) < 0)
    return "an endpoint is not a block";
  if (e->kind > PPF_EDGE_UNWIND_EXIT)
    return "unknown kind";
  /* A restart edge leaves the abnormal dispatcher, which never runs
     and is normally unreachable: it need not be listed.  */
  if (e->kind != PPF_EDGE_RESTART_ENTRY
      && find_block (m, e->cfg_src) < 0)
    return "cfg_src is not a block";
  if (e->kind == PPF_EDGE_NORETURN_EXIT
      || e->kind == PPF_EDGE_UNWIND_EXIT
      ? e->cfg_dst != PPF_NONE
      : e->kind == PPF_EDGE_EARLY_EXIT
      ? (e->cfg_dst != PPF_NONE
	 && (e->cfg_dst
	     >= m->blocks[find_block (m, e->cfg_src)].num_lines))
      : find_block (m, e->cfg_dst) < 0)
    return e->kind == PPF_EDGE_EARLY_EXIT
      ? "cfg_dst of an early exit is not a line of its block"
      : e->kind == PPF_EDGE_NORETURN_EXIT
	|| e->kind == PPF_EDGE_UNWIND_EXIT
      ? "cfg_dst of a noreturn edge is not 0xFFFFFFFF"
      : "cfg_dst is not a block";
  if ((e->kind == PPF_EDGE_EARLY_EXIT
       || e->kind == PPF_EDGE_UNWIND_EXIT)
      && (e->dst != 1 || e->cfg_src != e->src))
    return "an early or unwind exit does not go from its block to EXIT";
  if ((m->flags & PPF_FN_APART) && e->kind == PPF_EDGE_EARLY_EXIT
      ? e->val == 0 || e->val % m->num_paths != 0
	|| e->val > m->path_limit - m->num_paths
      : e->val >= m->num_paths)
    return (m->flags & PPF_FN_APART) && e->kind == PPF_EDGE_EARLY_EXIT
      ? "val of an early exit apart not a multiple of num_paths below "
	"path_limit"
      : "val not below num_paths";
  if (src == prev_src && e->val <= m->edges[i - 1].val)
    return "val not above the previous edge's from the same block";
  if (src != prev_src && seen[src])
    return "edges not grouped by source block";
  return NULL;
}

/* The checks of validate_meta on M's edges (edge_problem), and that
   they are grouped by source.  Returns PPF_OK, PPF_EBAD with a message
   in ERR, or PPF_ENOMEM.  */

static int
validate_edges (const ppf_meta *m, char *err, size_t errlen)
{
  uint32_t i;
  unsigned char *seen;
  long prev_src = -1;

  /* SEEN marks the sources whose group of edges has ended, to check that
     edges are grouped by source.  */
  seen = calloc (m->num_blocks, 1);
  if (!seen)
    {
      ppf_set_error (err, errlen, "out of memory");
      return PPF_ENOMEM;
    }
  for (i = 0; i < m->num_edges; i++)
    {
      const ppf_edge *e = &m->edges[i];
      long src = find_block (m, e->src);
      const char *problem = edge_problem (m, i, src, prev_src, seen);

      if (problem)
	{
	  ppf_set_error (err, errlen, "edge %u (%u->%u): %s", (unsigned) i,
			 (unsigned) e->src, (unsigned) e->dst, problem);
	  free (seen);
	  return PPF_EBAD;
	}
      if (src != prev_src)
	{
	  if (prev_src >= 0)
	    seen[prev_src] = 1;
	  prev_src = src;
	}
    }
  free (seen);
  return PPF_OK;
}

/* Check everything doc/file-format.md says of a meta beyond its byte
   layout: indices in range, blocks sorted with ENTRY and EXIT present,
   edges between known blocks, grouped by source with increasing Val, each
   Val below num_paths.  Used by the decoder and by the encoder (so the
   plugin cannot embed a meta that pathprof-dump would reject).  Returns
   PPF_OK, PPF_EBAD with a message in ERR, or PPF_ENOMEM.  */

static int
validate_meta (const ppf_meta *m, char *err, size_t errlen)
{
  int status = validate_meta_head (m, err, errlen);

  if (status == PPF_OK)
    status = validate_blocks (m, err, errlen);
  if (status == PPF_OK)
    status = validate_branches (m, err, errlen);
  if (status == PPF_OK)
    status = validate_edges (m, err, errlen);
  return status;
}

/* Release everything M owns and leave it empty.  */

void
ppf_meta_free (ppf_meta *m)
{
  uint32_t i;

  if (!m)
    return;
  free (m->name);
  free (m->display_name);
  if (m->files)
    for (i = 0; i < m->num_files; i++)
      free (m->files[i]);
  free (m->files);
  if (m->blocks)
    for (i = 0; i < m->num_blocks; i++)
      free (m->blocks[i].lines);
  free (m->blocks);
  free (m->edges);
  if (m->branches)
    for (i = 0; i < m->num_branches; i++)
      free (m->branches[i].label);
  free (m->branches);
  free (m->comp_dir);
  free (m->sources);
  memset (m, 0, sizeof *m);
}

/* Whether every array of M that a count says holds something is there:
   the first check of ppf_meta_encode, before validate_meta reads
   them.  */

static int
meta_arrays_present (const ppf_meta *m)
{
  uint32_t i;

  if ((m->num_files && !m->files) || (m->num_blocks && !m->blocks)
      || (m->num_edges && !m->edges))
    return 0;
  for (i = 0; i < m->num_blocks; i++)
    if (m->blocks[i].num_lines && !m->blocks[i].lines)
      return 0;
  if (m->num_branches && !m->branches)
    return 0;
  if ((m->flags & PPF_FN_SOURCES)
      && (!m->comp_dir || (m->num_files && !m->sources)))
    return 0;
  return 1;
}

/* Write the blocks and the edges of M to W.  */

static void
put_blocks_and_edges (struct ppf_writer *w, const ppf_meta *m)
{
  uint32_t i, j;

  ppf_put_u32 (w, m->num_blocks);
  for (i = 0; i < m->num_blocks; i++)
    {
      const ppf_block *b = &m->blocks[i];

      ppf_put_u32 (w, b->index);
      ppf_put_u32 (w, b->num_lines);
      for (j = 0; j < b->num_lines; j++)
	{
	  ppf_put_u32 (w, b->lines[j].file);
	  ppf_put_u32 (w, b->lines[j].line);
	}
    }
  ppf_put_u32 (w, m->num_edges);
  for (i = 0; i < m->num_edges; i++)
    {
      const ppf_edge *e = &m->edges[i];

      ppf_put_u32 (w, e->src);
      ppf_put_u32 (w, e->dst);
      ppf_put_u32 (w, e->kind);
      ppf_put_u32 (w, e->cfg_src);
      ppf_put_u32 (w, e->cfg_dst);
      ppf_put_u64 (w, e->val);
    }
}

/* Write the sections of M that its flags ask for to W: the details
   (PPF_FN_DETAIL), then the sources (PPF_FN_SOURCES).  */

static void
put_optional_sections (struct ppf_writer *w, const ppf_meta *m)
{
  uint32_t i;

  if (m->flags & PPF_FN_DETAIL)
    {
      for (i = 0; i < m->num_blocks; i++)
	{
	  ppf_put_u32 (w, m->blocks[i].num_stmts);
	  ppf_put_u32 (w, m->blocks[i].branch.file);
	  ppf_put_u32 (w, m->blocks[i].branch.line);
	}
      ppf_put_u32 (w, m->num_branches);
      for (i = 0; i < m->num_branches; i++)
	{
	  ppf_put_u32 (w, m->branches[i].src);
	  ppf_put_u32 (w, m->branches[i].dst);
	  ppf_put_u32 (w, m->branches[i].kind);
	  ppf_put_str (w, m->branches[i].label ? m->branches[i].label : "");
	}
    }
  if (m->flags & PPF_FN_SOURCES)
    {
      ppf_put_str (w, m->comp_dir);
      for (i = 0; i < m->num_files; i++)
	{
	  ppf_put_u64 (w, m->sources[i].size);
	  ppf_put_u64 (w, m->sources[i].hash);
	}
    }
}

/* Encode M as doc/file-format.md "Meta" lays it out, after checking it
   with validate_meta: everything after the checksum first, then the
   FNV-1a of those bytes in front, also stored in M->checksum.  *BUF is
   malloc'd.  PPF_EBAD when M is not a valid description (the plugin's
   bug: ppf_meta_decode of the same structure would say why), PPF_ENOMEM
   when memory runs out.  */

int
ppf_meta_encode (ppf_meta *m, unsigned char **buf, size_t *size)
{
  struct ppf_writer w = { NULL, 0, 0, PPF_OK };
  char err[16];
  uint32_t i;
  int status;
  uint64_t checksum;

  *buf = NULL;
  *size = 0;
  if (!meta_arrays_present (m))
    return PPF_EBAD;
  status = validate_meta (m, err, sizeof err);
  if (status != PPF_OK)
    return status;

  ppf_put_u64 (&w, 0);		/* the checksum, patched below */
  ppf_put_u64 (&w, m->num_paths);
  ppf_put_u32 (&w, m->flags);
  if (m->flags & PPF_FN_APART)
    ppf_put_u64 (&w, m->path_limit);
  ppf_put_str (&w, m->name);
  ppf_put_str (&w, m->display_name);
  ppf_put_u32 (&w, m->file);
  ppf_put_u32 (&w, m->line);
  ppf_put_u32 (&w, m->num_files);
  for (i = 0; i < m->num_files; i++)
    ppf_put_str (&w, m->files[i]);
  put_blocks_and_edges (&w, m);
  put_optional_sections (&w, m);
  if (w.status == PPF_OK && w.size > UINT32_MAX)
    w.status = PPF_EBAD;	/* meta_size is a u32 in the file */
  if (w.status != PPF_OK)
    {
      free (w.data);
      return w.status;
    }
  checksum = ppf_hash (w.data + 8, w.size - 8, PPF_HASH_SEED);
  ppf_store_u64 (w.data, checksum);
  m->checksum = checksum;
  *buf = w.data;
  *size = w.size;
  return PPF_OK;
}

/* Read the sources section of M from R, when M has one
   (PPF_FN_SOURCES): the working directory, then each file's size and
   hash.  Returns 1, or 0 after a failure.  */

static int
read_sources (struct ppf_reader *r, ppf_meta *m)
{
  uint32_t i;

  if (!(m->flags & PPF_FN_SOURCES))
    return 1;
  if (!ppf_get_str (r, &m->comp_dir, "compilation directory")
      || !ppf_check_count (r, m->num_files, 16, "file sources"))
    return 0;
  m->sources = ppf_alloc_array (m->num_files, sizeof *m->sources);
  if (!m->sources && m->num_files)
    return ppf_out_of_memory (r);
  for (i = 0; i < m->num_files; i++)
    {
      ppf_get_u64 (r, &m->sources[i].size, "source size");
      ppf_get_u64 (r, &m->sources[i].hash, "source hash");
    }
  return !r->failed;
}

/* Read M's file names from R, num_files first.  Returns 1, or 0 after a
   failure.  */

static int
read_files (struct ppf_reader *r, ppf_meta *m)
{
  uint32_t i;

  if (!ppf_get_u32 (r, &m->num_files, "num_files")
      || !ppf_check_count (r, m->num_files, MIN_STR_SIZE, "num_files"))
    return 0;
  m->files = ppf_alloc_array (m->num_files, sizeof *m->files);
  if (!m->files)
    return ppf_out_of_memory (r);
  for (i = 0; i < m->num_files; i++)
    if (!ppf_get_str (r, &m->files[i], "file name"))
      return 0;
  return 1;
}

/* Read M's blocks from R, num_blocks first, each with its lines.
   Returns 1, or 0 after a failure.  */

static int
read_blocks (struct ppf_reader *r, ppf_meta *m)
{
  uint32_t i, j;

  if (!ppf_get_u32 (r, &m->num_blocks, "num_blocks")
      || !ppf_check_count (r, m->num_blocks, MIN_BLOCK_SIZE, "num_blocks"))
    return 0;
  m->blocks = ppf_alloc_array (m->num_blocks, sizeof *m->blocks);
  if (!m->blocks)
    return ppf_out_of_memory (r);
  for (i = 0; i < m->num_blocks; i++)
    {
      ppf_block *b = &m->blocks[i];

      if (!ppf_get_u32 (r, &b->index, "block index")
	  || !ppf_get_u32 (r, &b->num_lines, "num_lines")
	  || !ppf_check_count (r, b->num_lines, LINE_SIZE, "num_lines"))
	return 0;
      b->lines = ppf_alloc_array (b->num_lines, sizeof *b->lines);
      if (!b->lines)
	return ppf_out_of_memory (r);
      for (j = 0; j < b->num_lines; j++)
	{
	  ppf_get_u32 (r, &b->lines[j].file, "line file");
	  ppf_get_u32 (r, &b->lines[j].line, "line number");
	}
    }
  return 1;
}

/* Read M's edges from R, num_edges first.  Returns 1, or 0 after a
   failure.  */

static int
read_edges (struct ppf_reader *r, ppf_meta *m)
{
  uint32_t i;

  if (!ppf_get_u32 (r, &m->num_edges, "num_edges")
      || !ppf_check_count (r, m->num_edges, EDGE_SIZE, "num_edges"))
    return 0;
  m->edges = ppf_alloc_array (m->num_edges, sizeof *m->edges);
  if (!m->edges)
    return ppf_out_of_memory (r);
  for (i = 0; i < m->num_edges; i++)
    {
      ppf_edge *e = &m->edges[i];

      ppf_get_u32 (r, &e->src, "edge src");
      ppf_get_u32 (r, &e->dst, "edge dst");
      ppf_get_u32 (r, &e->kind, "edge kind");
      ppf_get_u32 (r, &e->cfg_src, "edge cfg_src");
      ppf_get_u32 (r, &e->cfg_dst, "edge cfg_dst");
      ppf_get_u64 (r, &e->val, "edge val");
    }
  return !r->failed;
}

/* Read the detail section of M from R (PPF_FN_DETAIL): each block's
   statement count and branch line, then the branches.  Returns 1, or 0
   after a failure.  */

static int
read_details (struct ppf_reader *r, ppf_meta *m)
{
  uint32_t i;

  if (!ppf_check_count (r, m->num_blocks, BLOCK_DETAIL_SIZE, "block details"))
    return 0;
  for (i = 0; i < m->num_blocks; i++)
    {
      ppf_get_u32 (r, &m->blocks[i].num_stmts, "num_stmts");
      ppf_get_u32 (r, &m->blocks[i].branch.file, "branch file");
      ppf_get_u32 (r, &m->blocks[i].branch.line, "branch line");
    }
  if (!ppf_get_u32 (r, &m->num_branches, "num_branches")
      || !ppf_check_count (r, m->num_branches, MIN_BRANCH_SIZE, "num_branches"))
    return 0;
  m->branches = ppf_alloc_array (m->num_branches, sizeof *m->branches);
  if (!m->branches)
    return ppf_out_of_memory (r);
  for (i = 0; i < m->num_branches; i++)
    {
      ppf_branch *br = &m->branches[i];

      ppf_get_u32 (r, &br->src, "branch src");
      ppf_get_u32 (r, &br->dst, "branch dst");
      ppf_get_u32 (r, &br->kind, "branch kind");
      if (!ppf_get_str (r, &br->label, "branch label"))
	return 0;
    }
  return !r->failed;
}

/* The body of ppf_meta_decode: read every field of a meta from R into M,
   which the caller frees on failure.  */

static int
read_meta (struct ppf_reader *r, ppf_meta *m)
{
  uint32_t i;

  ppf_get_u64 (r, &m->checksum, "meta checksum");
  ppf_get_u64 (r, &m->num_paths, "num_paths");
  ppf_get_u32 (r, &m->flags, "function flags");
  m->path_limit = m->num_paths;
  if (m->flags & PPF_FN_APART)
    ppf_get_u64 (r, &m->path_limit, "path_limit");
  ppf_get_str (r, &m->name, "function name");
  ppf_get_str (r, &m->display_name, "display name");
  ppf_get_u32 (r, &m->file, "function file");
  ppf_get_u32 (r, &m->line, "function line");
  if (!read_files (r, m) || !read_blocks (r, m) || !read_edges (r, m))
    return 0;
  if (!(m->flags & PPF_FN_DETAIL))
    {
      for (i = 0; i < m->num_blocks; i++)
	m->blocks[i].branch.file = PPF_NONE;
      if (!read_sources (r, m))
	return 0;
      if (ppf_remaining (r) != 0)
	return ppf_fail (r, "%zu bytes after the last edge", ppf_remaining (r));
      return 1;
    }
  if (!read_details (r, m) || !read_sources (r, m))
    return 0;
  if (ppf_remaining (r) != 0)
    return ppf_fail (r, "%zu bytes after the last %s", ppf_remaining (r),
		     (m->flags & PPF_FN_SOURCES) ? "source" : "branch");
  return 1;
}

/* Decode the meta of SIZE bytes at BUF into *OUT: the byte layout, then
   the checksum, then the rules of validate_meta.  On failure *OUT is
   empty and ERR says what is wrong.  */

int
ppf_meta_decode (const unsigned char *buf, size_t size, ppf_meta *out,
		 char *err, size_t errlen)
{
  struct ppf_reader r = { buf, size, 0, 0, PPF_OK, err, errlen, 0 };
  int status;

  memset (out, 0, sizeof *out);
  if (!read_meta (&r, out))
    {
      ppf_meta_free (out);
      return r.status;
    }
  if (out->checksum != ppf_hash (buf + 8, size - 8, PPF_HASH_SEED))
    {
      ppf_set_error (err, errlen, "meta checksum mismatch");
      ppf_meta_free (out);
      return PPF_EBAD;
    }
  status = validate_meta (out, err, errlen);
  if (status != PPF_OK)
    ppf_meta_free (out);
  return status;
}

/* Read the num_paths of the meta of SIZE bytes at BUF into *NUM_PATHS
   without decoding, or checksumming, the rest: for the runtime, whose
   metas are the compiler's read-only data and were decoded by the
   compiler when it embedded them.  PPF_OK, or PPF_EBAD when SIZE is too
   small for a meta.  */

int
ppf_meta_num_paths (const unsigned char *buf, size_t size,
		    uint64_t *num_paths)
{
  if (size < META_HEADER_SIZE)
    return PPF_EBAD;
  *num_paths = ppf_load_u64 (buf + 8);
  return PPF_OK;
}

int
ppf_meta_head (const unsigned char *buf, size_t size, uint64_t *path_limit,
	       size_t *name_at)
{
  size_t at = META_HEADER_SIZE + 4;	/* after the flags */

  if (size < at)
    return PPF_EBAD;
  if (!(ppf_load_u32 (buf + META_HEADER_SIZE) & PPF_FN_APART))
    *path_limit = ppf_load_u64 (buf + 8);
  else if (size < at + 8)
    return PPF_EBAD;
  else
    {
      *path_limit = ppf_load_u64 (buf + at);
      at += 8;
    }
  if (size < at + 4)
    return PPF_EBAD;
  *name_at = at;
  return PPF_OK;
}

int
ppf_meta_path_limit (const unsigned char *buf, size_t size,
		     uint64_t *path_limit)
{
  size_t name_at;

  return ppf_meta_head (buf, size, path_limit, &name_at);
}
