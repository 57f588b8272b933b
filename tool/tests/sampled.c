/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-tool on sampled profiles (doc/sampling.md, section 6), run
   as a user runs it: merge adds counts and samples whatever the
   periods, keeps the period only when they agree, weighs samples and
   runs as counts; refuses a sampled file with an exact one (exit 2, no
   output) unless given --mixed, which makes the exact counts samples
   of period 1; diff and overlap compare sampled with exact and say the
   period in their set headers.

   Every file holds f, the diamond ENTRY -> 2 -> {3, 4} -> 5 -> EXIT
   (paths 0 and 1), one run each (so two files merge into 2 runs):
     s100.pathprof  sampled 1 in 100: path 0 300 (3 samples), 1 500 (5)
     t100.pathprof  sampled 1 in 100: path 0 100 (1)
     s10.pathprof   sampled 1 in 10:  path 0 30 (3), 1 20 (2)
     exact.pathprof exact:            path 0 3, 1 5
   merge s100 s10:            0: 330 (6),   1: 520 (7),   period 0
   merge s100 t100:           0: 400 (4),   1: 500 (5),   period 100
   merge -w 2,3 s100 s10:     0: 690 (15),  1: 1060 (16), 5 runs
   merge --mixed exact s100:  0: 303 (6),   1: 505 (10),  period 0
   (the exact counts first: the set's own become samples).  */

#include "../../dump/tests/dump-test.h"

static ppf_line lines[] = { { 0, 2 }, { 0, 3 }, { 0, 4 }, { 0, 5 } };
static ppf_block blocks[] = {
  { 0, 0, NULL }, { 1, 0, NULL }, { 2, 1, &lines[0] }, { 3, 1, &lines[1] },
  { 4, 1, &lines[2] }, { 5, 1, &lines[3] }
};
static ppf_edge edges[] = {
  { 0, 2, PPF_EDGE_REAL, 0, 2, 0 }, { 2, 3, PPF_EDGE_REAL, 2, 3, 0 },
  { 2, 4, PPF_EDGE_REAL, 2, 4, 1 }, { 3, 5, PPF_EDGE_REAL, 3, 5, 0 },
  { 4, 5, PPF_EDGE_REAL, 4, 5, 0 }, { 5, 1, PPF_EDGE_REAL, 5, 1, 0 }
};
static char *files[] = { "t.c" };

/* Write NAME, f with COUNTS[0..NUM-1], sampled with PERIOD unless it is
   0.  */

static void
write_diamond (const char *name, const ppf_count *counts, uint64_t num,
	       uint64_t period)
{
  fixture_function fn;

  fixture (&fn, "f", files, 1, 1, 2, blocks, COUNT (blocks), edges,
	   COUNT (edges), counts, num);
  write_profile_flags (test_path (name), "t.c", 1, &fn, 1,
		       period ? PPF_FILE_SAMPLED : 0, 0, 0, period);
}

/* Run pathprof-tool with ARGS, words separated by spaces, each that
   starts with '@' a file of the scratch directory; stdout and stderr
   into *OUT and *ERR (the caller frees them).  Returns the exit
   status.  */

static int
run_tool (const char *args, char **out, char **err)
{
  char cmd[4096], words[1024], *save = NULL;
  const char *build = getenv ("PATHPROF_BUILD");
  size_t len;
  int status;

  len = (size_t) snprintf (cmd, sizeof cmd, "LC_ALL=C %s/pathprof-tool",
			   build && build[0] ? build : "build");
  snprintf (words, sizeof words, "%s", args);
  for (char *w = strtok_r (words, " ", &save); w;
       w = strtok_r (NULL, " ", &save))
    len += (size_t) snprintf (cmd + len, sizeof cmd - len, " %s",
			      w[0] == '@' ? test_path (w + 1) : w);
  snprintf (cmd + len, sizeof cmd - len, " > %s 2> %s",
	    test_path ("tool.out"), test_path ("tool.err"));
  status = system (cmd);
  *out = read_bytes (test_path ("tool.out"), NULL);
  *err = read_bytes (test_path ("tool.err"), NULL);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128;
}

/* Check that the merge NAME, from ARGS, exits 0 and that its output
   m.pathprof is sampled with PERIOD and RUNS, its counts C0 and C1 of
   S0 and S1 samples.  */

static void
check_merge (const char *name, const char *args, uint64_t period,
	     uint64_t runs, uint64_t c0, uint64_t s0, uint64_t c1,
	     uint64_t s1)
{
  char label[160], err_text[256], *out, *err;
  ppf_file merged;

  snprintf (label, sizeof label, "%s: exit status", name);
  check_int (label, 0, run_tool (args, &out, &err));
  free (out);
  free (err);
  snprintf (label, sizeof label, "%s: read", name);
  if (ppf_read (test_path ("m.pathprof"), &merged, err_text,
		sizeof err_text) != PPF_OK)
    {
      check (0, label, "%s", err_text);
      return;
    }
  snprintf (label, sizeof label, "%s: sampled", name);
  check (merged.flags & PPF_FILE_SAMPLED, label, "flags %u", merged.flags);
  snprintf (label, sizeof label, "%s: period", name);
  check_u64 (label, period, merged.sample_period);
  snprintf (label, sizeof label, "%s: runs", name);
  check_u64 (label, runs, merged.runs);
  if (merged.num_functions == 1 && merged.functions[0].num_counts == 2)
    {
      const ppf_count *c = merged.functions[0].counts;
      snprintf (label, sizeof label, "%s: counts", name);
      check (c[0].count == c0 && c[0].samples == s0 && c[1].count == c1
	     && c[1].samples == s1, label, "0: %llu (%llu), 1: %llu (%llu)",
	     (unsigned long long) c[0].count,
	     (unsigned long long) c[0].samples,
	     (unsigned long long) c[1].count,
	     (unsigned long long) c[1].samples);
    }
  else
    check (0, name, "%s", "not one function of two paths");
  ppf_file_free (&merged);
  unlink (test_path ("m.pathprof"));
}

/* A sampled file and an exact one: refused, exit 2, the message, no
   output; with --mixed merged.  */

static void
test_mixed (void)
{
  char expected[512], *out, *err;

  check_int ("mixed: exit status", 2,
	     run_tool ("merge -o @m.pathprof @s100.pathprof @exact.pathprof",
		       &out, &err));
  snprintf (expected, sizeof expected, "pathprof-tool: %s is sampled and "
	    "%s exact: use --mixed to add exact counts as samples of "
	    "period 1\n", test_path ("s100.pathprof"),
	    test_path ("exact.pathprof"));
  check_str ("mixed: message", expected, err);
  check (access (test_path ("m.pathprof"), F_OK) != 0, "mixed: no output",
	 "%s", "m.pathprof written");
  free (out);
  free (err);

  check_merge ("merge --mixed",
	       "merge --mixed -o @m.pathprof @exact.pathprof @s100.pathprof",
	       0, 2, 303, 6, 505, 10);

  check_int ("--mixed with diff: exit status", 2,
	     run_tool ("diff --mixed @s100.pathprof @exact.pathprof", &out,
		       &err));
  check_contains ("--mixed with diff: message", err,
		  "--mixed: only for merge");
  free (out);
  free (err);
}

/* diff and overlap: sampled against exact allowed, the headers say the
   period; a set that mixes them refused.  */

static void
test_compare (void)
{
  char *out, *err;

  check_int ("diff: exit status", 0,
	     run_tool ("diff @s100.pathprof @exact.pathprof", &out, &err));
  check_contains ("diff: A's header", out,
		  "executed, 800 executions (sampled 1 in 100)\nB: ");
  check_contains ("diff: B's header", out,
		  "2 paths executed, 8 executions\n");
  free (out);
  free (err);

  check_int ("overlap: exit status", 0,
	     run_tool ("overlap @exact.pathprof @s100.pathprof", &out, &err));
  check_contains ("overlap: B's header", out,
		  "800 executions (sampled 1 in 100)\n");
  check_contains ("overlap: the same shares", out, "100.00%");
  free (out);
  free (err);

  check_int ("overlap --json: exit status", 0,
	     run_tool ("overlap --json @exact.pathprof @s100.pathprof", &out,
		       &err));
  check_contains ("overlap --json: B's period", out,
		  "\"executions\": 800, \"sampled\": true, "
		  "\"sample_period\": 100}");
  free (out);
  free (err);

  mkdir (test_path ("mix"), 0777);
  write_diamond ("mix/a.pathprof", (const ppf_count[]) { { 0, 3 } }, 1, 0);
  write_diamond ("mix/b.pathprof",
		 (const ppf_count[]) { { 0, 300, 0, 3 } }, 1, 100);
  check_int ("diff of a mixed set: exit status", 2,
	     run_tool ("diff @mix @exact.pathprof", &out, &err));
  check_contains ("diff of a mixed set: message", err,
		  "exact: merge them first with pathprof-tool merge --mixed");
  check_str ("diff of a mixed set: no report", "", out);
  free (out);
  free (err);
}

int
main (void)
{
  static const ppf_count s100[] = { { 0, 300, 0, 3 }, { 1, 500, 0, 5 } };
  static const ppf_count t100[] = { { 0, 100, 0, 1 } };
  static const ppf_count s10[] = { { 0, 30, 0, 3 }, { 1, 20, 0, 2 } };
  static const ppf_count exact[] = { { 0, 3 }, { 1, 5 } };

  unit_test_init ();
  make_test_dir ();
  write_diamond ("s100.pathprof", s100, 2, 100);
  write_diamond ("t100.pathprof", t100, 1, 100);
  write_diamond ("s10.pathprof", s10, 2, 10);
  write_diamond ("exact.pathprof", exact, 2, 0);

  check_merge ("merge of two periods",
	       "merge -o @m.pathprof @s100.pathprof @s10.pathprof", 0, 2,
	       330, 6, 520, 7);
  check_merge ("merge of one period",
	       "merge -o @m.pathprof @s100.pathprof @t100.pathprof", 100, 2,
	       400, 4, 500, 5);
  check_merge ("weighted merge",
	       "merge -w 2,3 -o @m.pathprof @s100.pathprof @s10.pathprof", 0,
	       5, 690, 15, 1060, 16);
  test_mixed ();
  test_compare ();
  return unit_test_report ();
}
