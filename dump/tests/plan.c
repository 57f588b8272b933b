/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump on a DAG numbered by the core (pp_mark_backedges,
   pp_plan_build), as the plugin would embed it, rather than by hand:

     2 -> 3;  3 (outer loop head) -> 4 | 9;  4 (inner loop head) -> 5 | 8;
     5 -> 6 | 7;  6 -> 4 (continue);  7 -> 4 | 10;  8 -> 8 (self loop) | 3;
     9 -> EXIT;  10 has no successor (abort).

   Two backedges into block 4 (trap 3), a self loop, a noreturn block.
   Every block has line 10 * block (block 5 also 51; block 7's line is in
   inc.h).  Every path number gets count id + 1.  The checks do not
   regenerate paths themselves: for each TSV line they map the lines back
   to blocks and check that some walk of the DAG along those blocks, with
   a first edge of the kind the start column names and a last edge of the
   kind the end column names, has Val summing to the id; that every id
   is listed once, in order, with its count; and that the JSON report of
   the same file lists the same blocks.  */

#include "dump-test.h"
#include "ppcore.h"

#define NUM_BLOCKS 11

static pp_cfg_edge cfg_edges[] = {
  { 0, 2, 0, 1 }, { 2, 3, 0, 1 }, { 3, 4, 0, 1 }, { 3, 9, 0, 1 },
  { 4, 5, 0, 1 }, { 4, 8, 0, 1 }, { 5, 6, 0, 1 }, { 5, 7, 0, 1 },
  { 6, 4, 0, 1 }, { 7, 4, 0, 1 }, { 7, 10, 0, 1 }, { 8, 8, 0, 1 },
  { 8, 3, 0, 1 }, { 9, 1, 0, 1 }
};

static pp_plan plan;

/* The block a source line belongs to (see the top of the file).  */

static int
block_of_line (const char *token)
{
  unsigned line;

  if (strncmp (token, "inc.h:", 6) == 0)
    return atoi (token + 6) == 70 ? 7 : -1;
  line = (unsigned) atoi (token);
  if (line == 51)
    return 5;
  return line % 10 == 0 && line / 10 >= 2 && line / 10 < NUM_BLOCKS
	   ? (int) (line / 10) : -1;
}

/* The DAG edge kinds a start or end column allows.  */

static uint32_t
start_kind (const char *word)
{
  return strcmp (word, "entry") == 0 ? PP_DAG_REAL
	 : strcmp (word, "backedge") == 0 ? PP_DAG_BACK_ENTRY
	 : strcmp (word, "cut") == 0 ? PP_DAG_CUT_ENTRY : 99;
}

static uint32_t
end_kind (const char *word)
{
  return strcmp (word, "return") == 0 ? PP_DAG_REAL
	 : strcmp (word, "backedge") == 0 ? PP_DAG_BACK_EXIT
	 : strcmp (word, "noreturn") == 0 ? PP_DAG_NORETURN_EXIT
	 : strcmp (word, "cut") == 0 ? PP_DAG_CUT_EXIT : 99;
}

/* Whether some walk from block FROM along BLOCKS[I..N-1], then to EXIT
   by an edge of kind LAST, has Val summing to WANT minus SUM.  The first
   step (I == 0, FROM == ENTRY) must use an edge of kind FIRST; steps in
   between real edges.  */

static bool
walk_matches (uint32_t from, const int *blocks, int i, int n, uint32_t first,
	      uint32_t last, uint64_t sum, uint64_t want)
{
  uint32_t to = i < n ? (uint32_t) blocks[i] : PP_EXIT;
  uint32_t kind = i == 0 ? first : i == n ? last : PP_DAG_REAL;

  for (uint32_t e = 0; e < plan.num_dag_edges; e++)
    {
      const pp_dag_edge *d = &plan.dag_edges[e];
      if (d->src != from || d->dst != to || d->kind != kind)
	continue;
      if (i == n ? sum + d->val == want
		 : walk_matches (to, blocks, i + 1, n, first, last,
				 sum + d->val, want))
	return true;
    }
  return false;
}

/* Build the plan and write it as plan.pathprof; returns the number of
   paths.  */

static uint64_t
write_plan_profile (void)
{
  static ppf_line lines[NUM_BLOCKS][2];
  static ppf_block blocks[NUM_BLOCKS];
  static char *files[] = { "loops.c", "inc.h" };
  pp_cfg cfg = { NUM_BLOCKS, COUNT (cfg_edges), cfg_edges };
  pp_options opts = { 0, false };
  fixture_function fn;
  ppf_edge *edges;
  ppf_count *counts;
  char err[256] = "";

  pp_mark_backedges (&cfg);
  if (pp_plan_build (&cfg, &opts, &plan, err, sizeof err) != 0)
    test_abort ("pp_plan_build", err);
  for (uint32_t b = 0; b < NUM_BLOCKS; b++)
    {
      blocks[b].index = b;
      blocks[b].num_lines = b >= 2;
      blocks[b].lines = lines[b];
      lines[b][0].file = b == 7;
      lines[b][0].line = 10 * b;
    }
  blocks[5].num_lines = 2;
  lines[5][1].file = 0;
  lines[5][1].line = 51;

  edges = calloc (plan.num_dag_edges, sizeof *edges);
  counts = calloc (plan.num_paths, sizeof *counts);
  if (!edges || !counts || plan.num_paths > 1000)
    test_abort ("plan", "unexpected size");
  for (uint32_t e = 0; e < plan.num_dag_edges; e++)
    {
      const pp_dag_edge *d = &plan.dag_edges[e];
      edges[e].src = d->src;
      edges[e].dst = d->dst;
      edges[e].kind = d->kind;
      edges[e].val = d->val;
      if (d->cfg_edge == PP_NONE)
	{
	  edges[e].cfg_src = d->src;
	  edges[e].cfg_dst = PPF_NONE;
	}
      else
	{
	  edges[e].cfg_src = cfg_edges[d->cfg_edge].src;
	  edges[e].cfg_dst = cfg_edges[d->cfg_edge].dst;
	}
    }
  for (uint64_t k = 0; k < plan.num_paths; k++)
    {
      counts[k].path = k;
      counts[k].count = k + 1;
    }
  memset (&fn, 0, sizeof fn);
  fn.meta.name = "loops";
  fn.meta.display_name = "loops";
  fn.meta.file = 0;
  fn.meta.line = 1;
  fn.meta.num_paths = plan.num_paths;
  fn.meta.num_files = 2;
  fn.meta.files = files;
  fn.meta.num_blocks = NUM_BLOCKS;
  fn.meta.blocks = blocks;
  fn.meta.num_edges = plan.num_dag_edges;
  fn.meta.edges = edges;
  fn.counts = counts;
  fn.num_counts = plan.num_paths;
  write_profile (test_path ("plan.pathprof"), "loops.c", 1, &fn, 1);
  free (edges);
  free (counts);
  return plan.num_paths;
}

/* Check one TSV line against the DAG; on success store its blocks in
   BLOCKS[*N].  */

static bool
check_tsv_line (char *line, uint64_t expect_id, int *blocks, int *n,
		char *why, size_t whylen)
{
  char *fields[6], *save = NULL, *tok;
  int nf = 0;

  for (char *p = line; nf < 6; nf++)
    {
      fields[nf] = p;
      p = strchr (p, '\t');
      if (!p)
	{
	  nf++;
	  break;
	}
      *p++ = '\0';
    }
  if (nf != 6)
    {
      snprintf (why, whylen, "expected 6 fields, saw %d", nf);
      return false;
    }
  if (strcmp (fields[0], "loops") != 0
      || strtoull (fields[1], NULL, 10) != expect_id
      || strtoull (fields[2], NULL, 10) != expect_id + 1)
    {
      snprintf (why, whylen, "expected loops, id %llu, count %llu; saw %s, "
		"%s, %s", (unsigned long long) expect_id,
		(unsigned long long) expect_id + 1, fields[0], fields[1],
		fields[2]);
      return false;
    }
  *n = 0;
  for (tok = strtok_r (fields[5], " ", &save); tok;
       tok = strtok_r (NULL, " ", &save))
    {
      int b = block_of_line (tok);
      if (b < 0)
	{
	  snprintf (why, whylen, "line %s belongs to no block", tok);
	  return false;
	}
      if (*n == 0 || blocks[*n - 1] != b)
	blocks[(*n)++] = b;
    }
  if (!walk_matches (PP_ENTRY, blocks, 0, *n, start_kind (fields[3]),
		     end_kind (fields[4]), 0, expect_id))
    {
      snprintf (why, whylen, "no %s..%s walk over the %d blocks sums to %llu",
		fields[3], fields[4], *n, (unsigned long long) expect_id);
      return false;
    }
  return true;
}

/* The blocks the JSON report lists for the paths, in its order (hottest
   first: the highest id first here, as count = id + 1).  */

static void
check_json (uint64_t num_paths, int blocks[][NUM_BLOCKS], const int *nblocks)
{
  static const char *const args[] = { "--json", "@plan.pathprof", NULL };
  run_result r;
  const char *p;
  bool ok = true;
  uint64_t id = num_paths;

  run_dump (&r, NULL, args);
  check_int ("plan JSON: exit status", 0, r.status);
  p = r.out;
  while (ok && id > 0 && (p = strstr (p, "\"blocks\": [")))
    {
      const char *end = strstr (p, "\n          ]");
      int i = 0;
      id--;
      for (const char *q = p;
	   ok && (q = strstr (q, "{\"index\": ")) && q < end; q++)
	ok = i < nblocks[id] && atoi (q + 10) == blocks[id][i++];
      ok = ok && i == nblocks[id];
      p = end ? end : p + 1;
    }
  check (ok && id == 0, "plan JSON: blocks of every path agree with the TSV",
	 "disagreement at path %llu", (unsigned long long) id);
  run_free (&r);
}

int
main (void)
{
  static const char *const args[] = { "--tsv", "@plan.pathprof", NULL };
  static int blocks[1000][NUM_BLOCKS];
  static int nblocks[1000];
  uint64_t num_paths, id = 0;
  run_result r;
  char *line, *save = NULL;
  bool all_ok = true;
  bool kinds_seen[4] = { false, false, false, false };

  unit_test_init ();
  require_tool ();
  make_test_dir ();
  num_paths = write_plan_profile ();
  check (num_paths > 10, "plan: several paths", "saw %llu",
	 (unsigned long long) num_paths);

  run_dump (&r, NULL, args);
  check_int ("plan TSV: exit status", 0, r.status);
  check_int ("plan TSV: one line per path", (long long) num_paths,
	     count_lines (r.out));
  for (line = strtok_r (r.out, "\n", &save); line && id < num_paths;
       line = strtok_r (NULL, "\n", &save), id++)
    {
      char why[256];
      if (strstr (line, "\tbackedge\t"))
	kinds_seen[0] = true;
      if (strstr (line, "\tnoreturn\t"))
	kinds_seen[1] = true;
      if (strstr (line, "inc.h:70"))
	kinds_seen[2] = true;
      if (strstr (line, " 50 51 "))
	kinds_seen[3] = true;
      if (!check_tsv_line (line, id, blocks[id], &nblocks[id], why,
			   sizeof why))
	{
	  char what[64];
	  snprintf (what, sizeof what, "plan TSV: path %llu",
		    (unsigned long long) id);
	  check (false, what, "%s", why);
	  all_ok = false;
	}
    }
  check (all_ok && id == num_paths,
	 "plan TSV: every path walks the DAG to its id",
	 "%llu of %llu lines checked", (unsigned long long) id,
	 (unsigned long long) num_paths);
  check (kinds_seen[0] && kinds_seen[1] && kinds_seen[2] && kinds_seen[3],
	 "plan TSV: backedges, noreturn, another file and multi-line "
	 "blocks all occur",
	 "missing some: %d %d %d %d", kinds_seen[0], kinds_seen[1],
	 kinds_seen[2], kinds_seen[3]);
  run_free (&r);

  if (all_ok)
    check_json (num_paths, blocks, nblocks);
  pp_plan_free (&plan);
  return unit_test_report ();
}
