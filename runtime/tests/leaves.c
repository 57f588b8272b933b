/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inlined leaves (ABI 8, runtime/leaves.c): a write adds to a leaf's
   path 0 the counts it writes of its callers' paths through the blocks
   of its active links, regenerated from the callers' metas; dense and
   hashed callers alike; inactive links add nothing; nothing is added
   twice across writes (pathprof_dump, then exit); wrong links are
   reported once and ignored, the rest of the unit profiled; a counted
   path that does not regenerate is reported and adds nothing.

   The caller is a diamond: ENTRY -> A, A -> B (val 0) and A -> C
   (val 1), B -> D, C -> D, D -> EXIT; path 0 passes B, path 1 C.  Its
   block numbers are not their positions in the meta (A 4, B 7, C 9,
   D 12), as a link names the block by number.  */

#include "rt-test.h"

enum
{
  CALLER,			/* the diamond */
  LEAF,				/* one path */
  TWO,				/* a diamond too: a "leaf" of two paths */
  NUM_FNS
};

#define BLOCK_A 4
#define BLOCK_B 7
#define BLOCK_C 9
#define BLOCK_D 12

static ppf_block diamond_blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { BLOCK_A, 0, NULL }, { BLOCK_B, 0, NULL },
  { BLOCK_C, 0, NULL }, { BLOCK_D, 0, NULL }
};
static ppf_edge diamond_edges[] = {
  { 0, BLOCK_A, PPF_EDGE_REAL, 0, BLOCK_A, 0 },
  { BLOCK_A, BLOCK_B, PPF_EDGE_REAL, BLOCK_A, BLOCK_B, 0 },
  { BLOCK_A, BLOCK_C, PPF_EDGE_REAL, BLOCK_A, BLOCK_C, 1 },
  { BLOCK_B, BLOCK_D, PPF_EDGE_REAL, BLOCK_B, BLOCK_D, 0 },
  { BLOCK_C, BLOCK_D, PPF_EDGE_REAL, BLOCK_C, BLOCK_D, 0 },
  { BLOCK_D, 1, PPF_EDGE_REAL, BLOCK_D, 1, 0 }
};
static ppf_block leaf_blocks[] = { { 0, 0, NULL }, { 1, 0, NULL },
				   { 2, 0, NULL } };
static ppf_edge leaf_edges[] = { { 0, 2, PPF_EDGE_REAL, 0, 2, 0 },
				 { 2, 1, PPF_EDGE_REAL, 2, 1, 0 } };

static char dir[256];

/* One run's unit: the caller hashed or dense, NUM_PATHS paths in its
   meta (2; 3 for a path that does not regenerate), its links.  */
struct scenario
{
  const char *name;		/* the profile's, and the check's */
  int hashed;
  uint64_t num_paths;
  size_t num_links;
  struct __pathprof_link links[3];
};

struct leaf_unit
{
  struct __pathprof_unit unit;
  struct __pathprof_function fn[NUM_FNS];
  struct __pathprof_function *fn_ptrs[NUM_FNS];
  uint64_t caller_counters[3];
  uint64_t leaf_counter[1];
  uint64_t two_counters[2];
  uint64_t cache[PATHPROF_HASH_CACHE_WORDS];
  char filename[300];
};

static struct leaf_unit lu;

/* Encode a meta; exits on failure (test setup).  */

static void
encode (struct __pathprof_function *fn, const char *name, uint64_t num_paths,
	uint32_t flags, ppf_block *blocks, uint32_t num_blocks,
	ppf_edge *edges, uint32_t num_edges)
{
  ppf_meta m;
  unsigned char *buf;
  size_t size;

  memset (&m, 0, sizeof m);
  m.num_paths = num_paths;
  m.flags = flags;
  m.name = (char *) name;
  m.display_name = (char *) name;
  m.file = PPF_NONE;
  m.num_blocks = num_blocks;
  m.blocks = blocks;
  m.num_edges = num_edges;
  m.edges = edges;
  if (ppf_meta_encode (&m, &buf, &size) != PPF_OK)
    {
      check (0, "test setup", "expected the meta of %s to encode", name);
      exit (unit_test_report ());
    }
  fn->meta = buf;
  fn->meta_size = size;
  fn->num_paths = num_paths;
}

/* The profile of scenario S.  */

static const char *
profile_of (const struct scenario *s)
{
  static char path[300];

  snprintf (path, sizeof path, "%s/%s.pathprof", dir, s->name);
  return path;
}

/* Fill LU as the plugin would for S, and register it.  */

static void
start (const struct scenario *s)
{
  memset (&lu, 0, sizeof lu);
  encode (&lu.fn[CALLER], "caller", s->num_paths,
	  s->hashed ? PPF_FN_HASHED : 0, diamond_blocks, 6, diamond_edges, 6);
  if (s->hashed)
    lu.fn[CALLER].cache = lu.cache;
  else
    {
      lu.fn[CALLER].counters = lu.caller_counters;
      lu.fn[CALLER].num_dense = s->num_paths;
    }
  encode (&lu.fn[LEAF], "leaf", 1, 0, leaf_blocks, 3, leaf_edges, 2);
  lu.fn[LEAF].counters = lu.leaf_counter;
  lu.fn[LEAF].num_dense = 1;
  encode (&lu.fn[TWO], "two", 2, 0, diamond_blocks, 6, diamond_edges, 6);
  lu.fn[TWO].counters = lu.two_counters;
  lu.fn[TWO].num_dense = 2;
  for (int i = 0; i < NUM_FNS; i++)
    lu.fn_ptrs[i] = &lu.fn[i];
  snprintf (lu.filename, sizeof lu.filename, "%s", profile_of (s));
  lu.unit.abi_version = PATHPROF_ABI_VERSION;
  lu.unit.filename = lu.filename;
  lu.unit.unit_name = "leaves.c";
  lu.unit.num_functions = NUM_FNS;
  lu.unit.functions = lu.fn_ptrs;
  lu.unit.num_links = s->num_links;
  lu.unit.links = s->links;
  __pathprof_register (&lu.unit);
}

/* The caller runs its path PATH TIMES times.  */

static void
count_caller (const struct scenario *s, uint64_t path, int times)
{
  for (int i = 0; i < times; i++)
    if (s->hashed)
      __pathprof_count_hashed (&lu.fn[CALLER], path);
    else
      lu.caller_counters[path]++;
}

/* A run: the caller's path 0 five times, path 1 three times, the leaf
   counted by itself twice (its copies that were not inlined or kept
   their count), TWO's paths once each; then exit.  */

static void
one_run (void *arg)
{
  const struct scenario *s = arg;

  start (s);
  count_caller (s, 0, 5);
  count_caller (s, 1, 3);
  if (s->num_paths > 2)
    count_caller (s, 2, 4);
  lu.leaf_counter[0] += 2;
  lu.two_counters[0]++;
  lu.two_counters[1]++;
}

/* Read the profile of S and check the leaf's path 0 and the caller's
   counts: LEAF_COUNT, 5 and 3 (plus 4 on path 2 for a caller of three
   paths).  */

static void
check_run (const struct scenario *s, const char *what, uint64_t leaf_count)
{
  ppf_file f;
  char label[300];

  snprintf (label, sizeof label, "%s: profile", what);
  if (!read_profile (label, profile_of (s), &f))
    return;
  snprintf (label, sizeof label, "%s: the leaf's path 0 holds its own "
	    "count and its active links' callers' paths through the block",
	    what);
  check (f.functions[LEAF].num_counts == 1
	 && profile_count (&f, LEAF, 0) == leaf_count, label,
	 "expected path 0 = %" PRIu64 " alone, saw %" PRIu64 " in %" PRIu64
	 " counts", leaf_count, profile_count (&f, LEAF, 0),
	 f.functions[LEAF].num_counts);
  snprintf (label, sizeof label, "%s: the caller's counts as counted",
	    what);
  check (profile_count (&f, CALLER, 0) == 5
	 && profile_count (&f, CALLER, 1) == 3
	 && profile_count (&f, CALLER, 2) == (s->num_paths > 2 ? 4 : 0)
	 && f.functions[CALLER].num_counts == (s->num_paths > 2 ? 3 : 2),
	 label, "expected 5, 3%s, saw %" PRIu64 ", %" PRIu64 ", %" PRIu64
	 " in %" PRIu64 " counts", s->num_paths > 2 ? ", 4" : "",
	 profile_count (&f, CALLER, 0), profile_count (&f, CALLER, 1),
	 profile_count (&f, CALLER, 2), f.functions[CALLER].num_counts);
  snprintf (label, sizeof label, "%s: a function of two paths keeps its "
	    "own counts", what);
  check (profile_count (&f, TWO, 0) == 1 && profile_count (&f, TWO, 1) == 1,
	 label, "expected 1 and 1, saw %" PRIu64 " and %" PRIu64,
	 profile_count (&f, TWO, 0), profile_count (&f, TWO, 1));
  ppf_file_free (&f);
}

/* The link from LEAF at block BLOCK of the caller, ACTIVE or not.  */
#define LINK(BLOCK, ACTIVE) { LEAF, CALLER, BLOCK, ACTIVE }

/* Runs whose links are all valid: what the leaf's path 0 must hold.  */

static void
test_valid_links (void)
{
  static struct
  {
    struct scenario s;
    uint64_t leaf_count;
  } runs[] = {
    /* The brief's case: B active (path 0, 5 runs), C inactive.  */
    { { "dense-b", 0, 2, 2, { LINK (BLOCK_B, 1), LINK (BLOCK_C, 0) } },
      2 + 5 },
    { { "hashed-b", 1, 2, 2, { LINK (BLOCK_B, 1), LINK (BLOCK_C, 0) } },
      2 + 5 },
    /* Path 1: the walk takes A's second edge (val 1).  */
    { { "dense-c", 0, 2, 2, { LINK (BLOCK_B, 0), LINK (BLOCK_C, 1) } },
      2 + 3 },
    /* Both, in a hashed caller: every run of the caller.  */
    { { "hashed-bc", 1, 2, 2, { LINK (BLOCK_B, 1), LINK (BLOCK_C, 1) } },
      2 + 5 + 3 },
    /* A block every path passes, twice: each link adds.  */
    { { "dense-aad", 0, 2, 3, { LINK (BLOCK_A, 1), LINK (BLOCK_A, 1),
				 LINK (BLOCK_D, 1) } }, 2 + 3 * 8 },
    /* Only inactive links: the leaf's own count.  */
    { { "inactive", 0, 2, 2, { LINK (BLOCK_B, 0), LINK (BLOCK_C, 0) } },
      2 },
    /* No links at all (a table that says 0 of them).  */
    { { "none", 0, 2, 0, { LINK (BLOCK_B, 1) } }, 2 },
  };
  char err[300];

  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++)
    {
      int status;

      snprintf (err, sizeof err, "%s/%s.err", dir, runs[i].s.name);
      status = run_child (one_run, &runs[i].s, err, NULL);
      check (exited_with (status, 0) && !*file_text (err), runs[i].s.name,
	     "expected a run that exits 0 and says nothing, saw status %d "
	     "and \"%s\"", status, file_text (err));
      check_run (&runs[i].s, runs[i].s.name, runs[i].leaf_count);
    }
}

/* The second run on "dense-b"'s profile: a pathprof_dump, another with
   nothing new, more counts, then exit.  The file must hold the sums,
   with nothing added twice: a dump is a write apart, which leaves the
   counters as they were and records what it took.  */

static struct scenario again = {
  "dense-b", 0, 2, 2, { LINK (BLOCK_B, 1), LINK (BLOCK_C, 0) }
};

static void
dump_then_exit (void *arg)
{
  ppf_file f;

  (void) arg;
  start (&again);
  count_caller (&again, 0, 2);
  lu.leaf_counter[0]++;
  for (int dump = 1; dump <= 2; dump++)
    {
      char label[100];

      pathprof_dump ();
      snprintf (label, sizeof label, "second run, dump %d: the leaf's and "
		"the caller's path 0", dump);
      if (read_profile (label, profile_of (&again), &f))
	{
	  check (profile_count (&f, LEAF, 0) == 7 + 1 + 2
		 && profile_count (&f, CALLER, 0) == 5 + 2, label,
		 "expected 10 and 7, saw %" PRIu64 " and %" PRIu64,
		 profile_count (&f, LEAF, 0), profile_count (&f, CALLER, 0));
	  ppf_file_free (&f);
	}
    }
  count_caller (&again, 0, 4);
  count_caller (&again, 1, 1);
}

static void
test_accumulates (void)
{
  ppf_file f;
  int status = run_child (dump_then_exit, NULL, NULL, NULL);

  check (exited_with (status, 0), "second run exits 0", "expected 0, saw "
	 "status %d", status);
  if (!read_profile ("second run: profile", profile_of (&again), &f))
    return;
  check (f.runs == 2 && profile_count (&f, LEAF, 0) == 10 + 4
	 && profile_count (&f, CALLER, 0) == 11
	 && profile_count (&f, CALLER, 1) == 4, "second run: the exit adds "
	 "what was counted after the dumps, to the leaf too",
	 "expected runs 2, leaf 14, caller 11 and 4, saw %" PRIu64 ", %"
	 PRIu64 ", %" PRIu64 ", %" PRIu64, f.runs, profile_count (&f, LEAF, 0),
	 profile_count (&f, CALLER, 0), profile_count (&f, CALLER, 1));
  ppf_file_free (&f);
}

/* Wrong links, each beside a good one (B active): one message naming
   the unit and the first wrong link's problem; the good link still
   counts, the wrong one adds nothing.  */

static void
test_bad_links (void)
{
  static struct
  {
    struct scenario s;
    const char *problem;
  } runs[] = {
    { { "bad-two-paths", 0, 2, 2, { { TWO, CALLER, BLOCK_B, 1 },
				     LINK (BLOCK_B, 1) } },
      "the leaf has more than one path" },
    { { "bad-block", 1, 2, 2, { LINK (8, 1), LINK (BLOCK_B, 1) } },
      "the block is not one of the caller's" },
    /* A position in the meta's list is no block number.  */
    { { "bad-position", 0, 2, 2, { LINK (3, 1), LINK (BLOCK_B, 1) } },
      "the block is not one of the caller's" },
    { { "bad-entry", 0, 2, 2, { LINK (0, 1), LINK (BLOCK_B, 1) } },
      "block 0 or 1 (ENTRY or EXIT)" },
    /* Checked even where inactive.  */
    { { "bad-exit", 0, 2, 2, { LINK (1, 0), LINK (BLOCK_B, 1) } },
      "block 0 or 1 (ENTRY or EXIT)" },
    { { "bad-caller", 0, 2, 2, { { LEAF, NUM_FNS, BLOCK_B, 1 },
				  LINK (BLOCK_B, 1) } },
      "function index out of range" },
    { { "bad-leaf", 0, 2, 2, { { 1000, CALLER, BLOCK_B, 1 },
				LINK (BLOCK_B, 1) } },
      "function index out of range" },
    { { "bad-self", 0, 2, 2, { { LEAF, LEAF, 2, 1 }, LINK (BLOCK_B, 1) } },
      "a function linked to itself" },
  };
  char err[300], expected[300];

  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++)
    {
      const char *text;
      int status;

      snprintf (err, sizeof err, "%s/%s.err", dir, runs[i].s.name);
      status = run_child (one_run, &runs[i].s, err, NULL);
      text = file_text (err);
      snprintf (expected, sizeof expected, "pathprof: leaves.c: 1 of 2 "
		"inlined-leaf links invalid from the compiler (link 0: %s); "
		"ignored\n", runs[i].problem);
      check (exited_with (status, 0) && !strcmp (text, expected),
	     runs[i].s.name, "expected exit 0 and the one line \"%s\", saw "
	     "status %d and \"%s\"", expected, status, text);
      check_run (&runs[i].s, runs[i].s.name, 2 + 5);
    }
}

/* A caller whose meta says 3 paths where its DAG has 2: its path 2
   (counted 4 times) does not regenerate.  The write reports it, gives
   its count to no leaf, and writes everything else.  */

static void
test_no_regeneration (void)
{
  static struct scenario s = {
    "no-regeneration", 0, 3, 2, { LINK (BLOCK_B, 1), LINK (BLOCK_C, 1) }
  };
  char err[300], expected[700];
  int status;

  snprintf (err, sizeof err, "%s/%s.err", dir, s.name);
  status = run_child (one_run, &s, err, NULL);
  snprintf (expected, sizeof expected, "pathprof: %s: function 0: internal "
	    "error: 1 counted paths (first 2) do not regenerate; their "
	    "counts are not given to its inlined leaves\n", profile_of (&s));
  check (exited_with (status, 0) && !strcmp (file_text (err), expected),
	 "a path that does not regenerate: one message", "expected exit 0 "
	 "and \"%s\", saw status %d and \"%s\"", expected, status,
	 file_text (err));
  check_run (&s, s.name, 2 + 5 + 3);
}

int
main (void)
{
  unit_test_init ();
  make_temp_dir (dir, sizeof dir, "leaves");
  test_valid_links ();
  test_accumulates ();
  test_bad_links ();
  test_no_regeneration ();
  remove_tree (dir);
  return unit_test_report ();
}
