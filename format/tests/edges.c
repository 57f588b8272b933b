/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the edge profile derived from path counts
   (format/ppedges.c): DAG and CFG edge counts of sample-profile.h's loop,
   parallel edges, files read whole or refused, and matching a CFG.

   The loop (sample-profile.h), its DAG edges and their Vals:

     e0 ENTRY->2 0   e1 ENTRY->2 (after backedge 5->2) 4
     e2 2->3 0       e3 2->4 2      e4 3->5 0      e5 4->5 0
     e6 5->EXIT 0    e7 5->EXIT (at backedge 5->2) 1

   so path = (4 if it starts after the backedge) + (2 through 4) + (1 if
   it ends at the backedge).  Ten calls, each going once round through 3,
   then 20 times in all round through 4, and out through 4 three times
   and through 3 seven times:

     path 1 (entry 3 backedge) 10     path 4 (backedge 3 return) 7
     path 6 (backedge 4 return) 3     path 7 (backedge 4 backedge) 20

   DAG edges: e0 10, e1 30, e2 17, e3 23, e4 17, e5 23, e6 10, e7 30.
   CFG edges: 0->2 10, 2->3 17, 2->4 23, 3->5 17, 4->5 23, 5->1 10,
   5->2 backedge 30 (30 started).  */

#include "ppedges.h"
#include "unit-test.h"
#include "sample-profile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static ppf_count loop_counts[] = { { 1, 10 }, { 4, 7 }, { 6, 3 },
				   { 7, 20 } };
static const uint64_t loop_dag_counts[] = { 10, 30, 17, 23, 17, 23, 10,
					    30 };
static const ppf_edge_count loop_cfg_counts[] = {
  { 0, 2, PPF_CFG_FORWARD, 10, 10 },  { 2, 3, PPF_CFG_FORWARD, 17, 17 },
  { 2, 4, PPF_CFG_FORWARD, 23, 23 },  { 3, 5, PPF_CFG_FORWARD, 17, 17 },
  { 4, 5, PPF_CFG_FORWARD, 23, 23 },  { 5, 1, PPF_CFG_FORWARD, 10, 10 },
  { 5, 2, PPF_CFG_BACKEDGE, 30, 30 }
};
#define LOOP_CFG_EDGES (sizeof loop_cfg_counts / sizeof loop_cfg_counts[0])

/* Whether the N edge counts SAW are EXPECTED, field for field; a FAIL
   names the first difference.  */

static int
check_edge_counts (const char *what, const ppf_edge_count *expected,
		   size_t n, const ppf_edge_count *saw, size_t saw_n)
{
  if (saw_n != n)
    return check (0, what, "expected %zu edges, saw %zu", n, saw_n);
  for (size_t i = 0; i < n; i++)
    if (saw[i].src != expected[i].src || saw[i].dst != expected[i].dst
	|| saw[i].kind != expected[i].kind
	|| saw[i].count != expected[i].count
	|| saw[i].started != expected[i].started)
      return check (0, what, "edge %zu: expected %u->%u kind %u count %"
		    PRIu64 " started %" PRIu64 ", saw %u->%u kind %u count %"
		    PRIu64 " started %" PRIu64, i, expected[i].src,
		    expected[i].dst, expected[i].kind, expected[i].count,
		    expected[i].started, saw[i].src, saw[i].dst, saw[i].kind,
		    saw[i].count, saw[i].started);
  return check (1, what, "%s", "");
}

/* DAG and CFG edge counts of the loop; a path that ends at the backedge
   without one starting after it; saturation; a path that does not
   regenerate.  */

static void
test_loop_counts (void)
{
  ppf_meta m;
  ppf_dag dag;
  uint64_t dag_counts[8];
  ppf_edge_count *edges;
  size_t n;
  char err[256] = "";
  int rc;

  sample_loop_meta (&m, "loop");
  rc = ppf_dag_init (&dag, &m, err, sizeof err);
  if (!check (rc == PPF_OK, "ppf_dag_init of the loop", "saw %d (%s)", rc,
	      err))
    return;
  check (dag.num_edges == 8 && dag.src[1] == 0 && dag.dst[1] == 2
	 && dag.dst[7] == 1 && dag.val[3] == 2,
	 "ppf_dag_init: block positions and Vals", "saw %u edges",
	 dag.num_edges);

  rc = ppf_dag_edge_counts (&dag, loop_counts, 4, dag_counts, err,
			    sizeof err);
  check (rc == PPF_OK
	 && memcmp (dag_counts, loop_dag_counts, sizeof dag_counts) == 0,
	 "ppf_dag_edge_counts of the loop", "saw %d, e1 %" PRIu64 " e3 %"
	 PRIu64, rc, dag_counts[1], dag_counts[3]);
  rc = ppf_cfg_edge_counts (&m, dag_counts, &edges, &n);
  if (check (rc == PPF_OK, "ppf_cfg_edge_counts of the loop", "saw %d", rc))
    check_edge_counts ("the loop's CFG edge counts", loop_cfg_counts,
		       LOOP_CFG_EDGES, edges, n);
  free (edges);

  /* Path 1 alone: the backedge ran 10 times, no path started after it
     (the program exited in between, say).  */
  ppf_dag_edge_counts (&dag, loop_counts, 1, dag_counts, err, sizeof err);
  ppf_cfg_edge_counts (&m, dag_counts, &edges, &n);
  check (n == LOOP_CFG_EDGES && edges[6].kind == PPF_CFG_BACKEDGE
	 && edges[6].count == 10 && edges[6].started == 0,
	 "a backedge taken by paths that ended, none started after it",
	 "expected count 10, started 0, saw %" PRIu64 " and %" PRIu64,
	 n == LOOP_CFG_EDGES ? edges[6].count : 0,
	 n == LOOP_CFG_EDGES ? edges[6].started : 0);
  free (edges);

  ppf_count huge[] = { { 0, UINT64_MAX - 1 }, { 1, 5 } };
  ppf_dag_edge_counts (&dag, huge, 2, dag_counts, err, sizeof err);
  check_u64 ("DAG edge counts saturate", UINT64_MAX, dag_counts[0]);

  ppf_count beyond[] = { { 8, 1 } };
  err[0] = '\0';
  rc = ppf_dag_edge_counts (&dag, beyond, 1, dag_counts, err, sizeof err);
  check_int ("a path beyond the DAG's: PPF_EBAD", PPF_EBAD, rc);
  check_contains ("a path beyond the DAG's: the message", err,
		  "path 8 does not regenerate");
  ppf_dag_free (&dag);

  /* A DAG whose Vals are not Figure 5's.  */
  ppf_edge bad_edges[8];
  memcpy (bad_edges, sample_edges, sizeof bad_edges);
  bad_edges[3].val = 3;
  m.edges = bad_edges;
  rc = ppf_dag_init (&dag, &m, err, sizeof err);
  check_int ("a DAG with wrong Vals: PPF_EBAD", PPF_EBAD, rc);
  check_contains ("a DAG with wrong Vals: the message", err, "DAG: ");
  check (dag.regen == NULL && dag.src == NULL,
	 "a refused DAG is left empty", "expected no arrays");
  bad_edges[3].val = 2;
  bad_edges[3].dst = 9;
  rc = ppf_dag_init (&dag, &m, err, sizeof err);
  check_int ("a DAG edge to an unlisted block: PPF_EBAD", PPF_EBAD, rc);
  check_contains ("a DAG edge to an unlisted block: the message", err,
		  "DAG edge 3 joins a block that does not exist");
}

/* Parallel CFG edges merge; a noreturn dummy is no CFG edge.

     ENTRY -> 2 -> 3 by two edges (Val 0 and 1);  3 -> EXIT;
     2 -> 4 -> EXIT (noreturn, 4 calls exit): Val 2.  */

static void
test_parallel_and_noreturn (void)
{
  static ppf_block blocks[] = { { 0, 0, NULL }, { 1, 0, NULL },
				{ 2, 0, NULL }, { 3, 0, NULL },
				{ 4, 0, NULL } };
  static ppf_edge edges[] = {
    { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
    { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
    { 2, 3, PPF_EDGE_REAL, 2, 3, 1 },
    { 2, 4, PPF_EDGE_REAL, 2, 4, 2 },
    { 3, 1, PPF_EDGE_REAL, 3, 1, 0 },
    { 4, 1, PPF_EDGE_NORETURN_EXIT, 4, PPF_NONE, 0 }
  };
  static const ppf_edge_count expected[] = {
    { 0, 2, PPF_CFG_FORWARD, 12, 12 }, { 2, 3, PPF_CFG_FORWARD, 7, 7 },
    { 2, 4, PPF_CFG_FORWARD, 5, 5 },   { 3, 1, PPF_CFG_FORWARD, 7, 7 }
  };
  ppf_count counts[] = { { 0, 3 }, { 1, 4 }, { 2, 5 } };
  ppf_meta m;
  ppf_dag dag;
  uint64_t dag_counts[6];
  ppf_edge_count *out;
  size_t n;
  char err[256] = "";

  memset (&m, 0, sizeof m);
  m.num_paths = 3;
  m.name = "par";
  m.num_blocks = 5;
  m.blocks = blocks;
  m.num_edges = 6;
  m.edges = edges;
  if (!check (ppf_dag_init (&dag, &m, err, sizeof err) == PPF_OK,
	      "ppf_dag_init with parallel edges", "%s", err))
    return;
  ppf_dag_edge_counts (&dag, counts, 3, dag_counts, err, sizeof err);
  if (ppf_cfg_edge_counts (&m, dag_counts, &out, &n) == PPF_OK)
    check_edge_counts ("parallel edges merge, noreturn dummies are none",
		       expected, 4, out, n);
  free (out);
  ppf_dag_free (&dag);
}

/* Write F to PATH.  Returns whether it worked.  */

static int
write_file (const char *path, const ppf_file *f)
{
  char err[256];
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int ok = fd >= 0 && ppf_write_fd (fd, f, err, sizeof err) == PPF_OK;

  if (fd >= 0)
    close (fd);
  return check (ok, "write a test profile", "%s", strerror (errno));
}

/* ppf_edge_profile_read: a good file, then files it refuses.  */

static void
test_edge_profile (const char *dir)
{
  char path[512], err[256] = "";
  ppf_file f;
  ppf_edge_profile p;
  const ppf_function_edges *fe;
  int rc;

  snprintf (path, sizeof path, "%s/loop.pathprof", dir);
  rc = ppf_edge_profile_read (path, &p, err, sizeof err);
  check_int ("ppf_edge_profile_read of a missing file", PPF_ENOENT, rc);
  check_contains ("ppf_edge_profile_read of a missing file: the message",
		  err, "does not exist");

  sample_file (&f, loop_counts, 4);
  if (!write_file (path, &f))
    return;
  rc = ppf_edge_profile_read (path, &p, err, sizeof err);
  if (!check (rc == PPF_OK, "ppf_edge_profile_read", "saw %d (%s)", rc, err))
    return;
  check (p.num_functions == 2 && !strcmp (p.functions[0].name, "f")
	 && !strcmp (p.functions[1].name, "loop"),
	 "the functions, sorted by name", "saw %u functions",
	 p.num_functions);
  check_str ("the unit's name", "loop.c", p.unit_name);
  check_u64 ("the runs", 3, p.runs);
  fe = ppf_edge_profile_find (&p, "loop", NULL);
  if (check (fe != NULL, "ppf_edge_profile_find (loop)", "expected it"))
    {
      check_edge_counts ("loop's edges from the file", loop_cfg_counts,
			 LOOP_CFG_EDGES, fe->edges, fe->num_edges);
      check (fe->num_blocks == 6 && fe->blocks[2] == 2
	     && fe->blocks[5] == 5, "loop's blocks from the file",
	     "saw %u blocks", fe->num_blocks);
    }
  fe = ppf_edge_profile_find (&p, "f", NULL);
  check (fe && fe->num_edges == 1 && fe->edges[0].count == 0,
	 "a function that never ran: its edge, count 0", "expected it");
  check (ppf_edge_profile_find (&p, "g", NULL) == NULL,
	 "ppf_edge_profile_find of an absent function", "expected NULL");
  ppf_edge_profile_free (&p);
  ppf_file_free (&f);

  /* A file whose DAG is not Figure 5's: refused whole.  */
  {
    ppf_meta m;
    ppf_edge bad_edges[8];
    unsigned char *buf;
    size_t size;

    sample_file (&f, loop_counts, 4);
    memcpy (bad_edges, sample_edges, sizeof bad_edges);
    bad_edges[3].val = 3;
    sample_loop_meta (&m, "loop");
    m.edges = bad_edges;
    free (f.functions[0].meta);
    ppf_meta_encode (&m, &buf, &size);
    f.functions[0].meta = buf;
    f.functions[0].meta_size = (uint32_t) size;
    if (write_file (path, &f))
      {
	rc = ppf_edge_profile_read (path, &p, err, sizeof err);
	check_int ("a file with a wrong DAG: PPF_EBAD", PPF_EBAD, rc);
	check_contains ("a file with a wrong DAG: the message", err,
			"function loop: DAG: ");
	check (p.functions == NULL && p.num_functions == 0,
	       "a refused file is left empty", "saw %u functions",
	       p.num_functions);
      }
    ppf_file_free (&f);
  }

  /* Not a .pathprof at all.  */
  {
    int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

    if (fd >= 0)
      {
	if (write (fd, "int main;\n", 10) != 10)
	  check (0, "write garbage", "%s", strerror (errno));
	close (fd);
      }
    rc = ppf_edge_profile_read (path, &p, err, sizeof err);
    check_int ("a file that is not a .pathprof: PPF_EBAD", PPF_EBAD, rc);
    check_contains ("a file that is not a .pathprof: the message", err,
		    "bad magic");
  }
  unlink (path);
}

/* ppf_edges_on_cfg: the loop's CFG, with an unreachable block 6 -> 5,
   then CFGs that are not the profile's.  */

static void
test_on_cfg (void)
{
  ppf_function_edges f;
  uint32_t blocks[] = { 0, 1, 2, 3, 4, 5 };
  ppf_edge_count edges[LOOP_CFG_EDGES];
  pp_cfg_edge cfg_edges[] = {
    { 0, 2, 0, 1 }, { 2, 3, 0, 1 }, { 2, 4, 0, 1 }, { 3, 5, 0, 1 },
    { 4, 5, 0, 1 }, { 5, 2, 0, 1 }, { 5, 1, 0, 1 }, { 6, 5, 0, 1 }
  };
  const uint64_t expected[] = { 10, 17, 23, 17, 23, 30, 10, 0 };
  pp_cfg cfg;
  uint64_t counts[9];
  char why[256] = "";
  int rc;

  memcpy (edges, loop_cfg_counts, sizeof edges);
  memset (&f, 0, sizeof f);
  f.name = "loop";
  f.num_blocks = 6;
  f.blocks = blocks;
  f.num_edges = LOOP_CFG_EDGES;
  f.edges = edges;
  memset (&cfg, 0, sizeof cfg);
  cfg.num_blocks = 7;
  cfg.num_edges = 8;
  cfg.edges = cfg_edges;

  rc = ppf_edges_on_cfg (&f, &cfg, counts, why, sizeof why);
  check (rc == 0 && memcmp (counts, expected, sizeof expected) == 0,
	 "the profile's counts on the CFG's edges, 0 out of unlisted "
	 "blocks", "saw %d (%s), 5->2 %" PRIu64, rc, why, counts[5]);

  /* Two parallel 2->3 edges: both get the merged count.  */
  cfg_edges[7] = (pp_cfg_edge) { 2, 3, 0, 1 };
  rc = ppf_edges_on_cfg (&f, &cfg, counts, why, sizeof why);
  check (rc == 0 && counts[1] == 17 && counts[7] == 17,
	 "parallel CFG edges get the count of all of them",
	 "saw %d (%s), %" PRIu64 " and %" PRIu64, rc, why, counts[1],
	 counts[7]);

  /* An edge out of a listed block that the profile does not have.  */
  cfg_edges[7] = (pp_cfg_edge) { 3, 4, 0, 1 };
  rc = ppf_edges_on_cfg (&f, &cfg, counts, why, sizeof why);
  check_int ("a CFG with one more edge: refused", -1, rc);
  check_contains ("a CFG with one more edge: the message", why,
		  "edge 3->4 is not in the profile");

  /* One edge fewer: 4->5 is gone.  */
  cfg_edges[7] = (pp_cfg_edge) { 6, 5, 0, 1 };
  cfg_edges[4] = (pp_cfg_edge) { 6, 4, 0, 1 };
  rc = ppf_edges_on_cfg (&f, &cfg, counts, why, sizeof why);
  check_int ("a CFG with one edge fewer: refused", -1, rc);
  check_contains ("a CFG with one edge fewer: the message", why,
		  "edge 4->5 of the profile is not in the CFG");
}

int
main (void)
{
  const char *tmp = getenv ("TMPDIR");
  char dir[256];

  unit_test_init ();
  snprintf (dir, sizeof dir, "%s/ppf-edges-XXXXXX",
	    tmp && tmp[0] && strlen (tmp) < 200 ? tmp : P_tmpdir);
  test_loop_counts ();
  test_parallel_and_noreturn ();
  if (mkdtemp (dir))
    {
      test_edge_profile (dir);
      rmdir (dir);
    }
  else
    check (0, "mkdtemp", "expected a directory, saw %s", strerror (errno));
  test_on_cfg ();
  return unit_test_report ();
}
