/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the two later parts of the .pathprof format: a meta's
   detail section (PPF_FN_DETAIL: statements and branch line per block,
   the outcome of each branch edge) and a merged file's unit table
   (PPF_FILE_UNITS).  Round trips, canonical bytes, every rule the
   decoder adds for them, and that a meta without the flag reads as
   before.  */

#include "ppformat.h"
#include "unit-test.h"
#include "sample-profile.h"

#include <stdlib.h>

static ppf_block detail_blocks[6];
static ppf_branch detail_branches[] = {
  { 2, 3, PPF_BRANCH_TRUE, "true" },
  { 2, 4, PPF_BRANCH_FALSE, "false" },
  { 5, 1, PPF_BRANCH_FALSE, "false" },
  { 5, 2, PPF_BRANCH_TRUE, "true" }
};

/* The loop meta of sample-profile.h with a detail section: blocks 2 and
   5 end in conditions at lines 10 and 15.  */

static void
detail_meta (ppf_meta *m)
{
  sample_loop_meta (m, "loop");
  memcpy (detail_blocks, sample_blocks, sizeof detail_blocks);
  for (int i = 0; i < 6; i++)
    {
      detail_blocks[i].num_stmts = (uint32_t) i;
      detail_blocks[i].branch.file = PPF_NONE;
      detail_blocks[i].branch.line = 0;
    }
  detail_blocks[2].branch = (ppf_line) { 0, 10 };
  detail_blocks[5].branch = (ppf_line) { 0, 15 };
  m->blocks = detail_blocks;
  m->flags |= PPF_FN_DETAIL;
  m->num_branches = 4;
  m->branches = detail_branches;
}

/* Encode M (expect EBAD when BAD) and say so.  */

static void
check_encode_refuses (const char *what, ppf_meta *m)
{
  unsigned char *buf;
  size_t size;

  check_int (what, PPF_EBAD, ppf_meta_encode (m, &buf, &size));
}

/* Whether every prefix of the SIZE bytes of meta BUF from FROM bytes
   on, its checksum made right (so that the layout is what fails), is
   refused as truncated.  */

static int
prefixes_truncated (const unsigned char *buf, size_t size, size_t from)
{
  char err[200];
  ppf_meta d;
  int all = 1;

  for (size_t cut = from; cut < size; cut++)
    {
      unsigned char *copy = malloc (cut);
      memcpy (copy, buf, cut);
      uint64_t h = ppf_hash (copy + 8, cut - 8, PPF_HASH_SEED);
      for (int k = 0; k < 8; k++)
	copy[k] = (unsigned char) (h >> (8 * k));
      int status = ppf_meta_decode (copy, cut, &d, err, sizeof err);
      if (status == PPF_OK)
	ppf_meta_free (&d);
      if (status != PPF_EBAD || !strstr (err, "truncated"))
	all = 0;
      free (copy);
    }
  return all;
}

static void
test_detail_round_trip (void)
{
  ppf_meta m, d;
  unsigned char *buf, *again;
  size_t size, again_size;
  char err[200];
  int status;

  detail_meta (&m);
  if (!check_int ("detail meta encodes", PPF_OK,
		  ppf_meta_encode (&m, &buf, &size)))
    return;
  status = ppf_meta_decode (buf, size, &d, err, sizeof err);
  if (!check (status == PPF_OK, "detail meta decodes", "saw %d (%s)",
	      status, err))
    return;
  int same = d.num_branches == 4 && (d.flags & PPF_FN_DETAIL);
  for (uint32_t i = 0; same && i < 4; i++)
    same = d.branches[i].src == detail_branches[i].src
      && d.branches[i].dst == detail_branches[i].dst
      && d.branches[i].kind == detail_branches[i].kind
      && !strcmp (d.branches[i].label, detail_branches[i].label);
  for (uint32_t i = 0; same && i < 6; i++)
    same = d.blocks[i].num_stmts == i
      && d.blocks[i].branch.file == detail_blocks[i].branch.file
      && d.blocks[i].branch.line == detail_blocks[i].branch.line;
  check (same, "detail round trip", "the decoded detail differs");

  const ppf_branch *br = ppf_meta_branch (&d, 5, 2);
  check (br && !strcmp (br->label, "true"), "ppf_meta_branch finds 5->2",
	 "saw %s", br ? br->label : "NULL");
  check (ppf_meta_branch (&d, 3, 5) == NULL, "ppf_meta_branch: 3->5 is no "
	 "branch", "saw one");
  check (ppf_meta_branch (&d, 5, 3) == NULL, "ppf_meta_branch: 5->3 is no "
	 "edge", "saw one");

  status = ppf_meta_encode (&d, &again, &again_size);
  check (status == PPF_OK && again_size == size
	 && !memcmp (again, buf, size), "detail meta re-encodes to the same "
	 "bytes", "saw %zu bytes against %zu", again_size, size);
  free (again);
  ppf_meta_free (&d);

  /* Every prefix is truncated; a trailing byte is refused.  */
  check (prefixes_truncated (buf, size, 8),
	 "every truncated detail meta says truncated", "one prefix did not");
  free (buf);

  /* Without the flag, the same structure encodes as before: the detail
     is not written, and decodes as none.  */
  sample_loop_meta (&m, "loop");
  unsigned char *plain;
  size_t plain_size;
  check_int ("plain meta encodes", PPF_OK,
	     ppf_meta_encode (&m, &plain, &plain_size));
  status = ppf_meta_decode (plain, plain_size, &d, err, sizeof err);
  check (status == PPF_OK && d.num_branches == 0 && d.branches == NULL
	 && d.blocks[2].branch.file == PPF_NONE && d.blocks[2].num_stmts == 0,
	 "a meta without detail decodes with none", "saw status %d", status);
  check (plain_size < size, "the detail costs bytes only when present",
	 "plain %zu, detail %zu", plain_size, size);
  ppf_meta_free (&d);
  free (plain);
}

static void
test_detail_rules (void)
{
  ppf_meta m;
  ppf_branch unsorted[] = {
    { 5, 2, PPF_BRANCH_TRUE, "true" }, { 2, 3, PPF_BRANCH_TRUE, "true" }
  };
  ppf_branch twice[] = {
    { 2, 3, PPF_BRANCH_TRUE, "true" }, { 2, 3, PPF_BRANCH_FALSE, "false" }
  };
  ppf_branch unknown_block[] = { { 2, 9, PPF_BRANCH_TRUE, "true" } };
  ppf_branch unknown_kind[] = { { 2, 3, 5, "?" } };

  detail_meta (&m);
  m.branches = unsorted;
  m.num_branches = 2;
  check_encode_refuses ("branches out of order refused", &m);
  m.branches = twice;
  check_encode_refuses ("one edge with two outcomes refused", &m);
  m.branches = unknown_block;
  m.num_branches = 1;
  check_encode_refuses ("a branch to no block refused", &m);
  m.branches = unknown_kind;
  check_encode_refuses ("an unknown branch kind refused", &m);

  detail_meta (&m);
  detail_blocks[2].branch.file = 2;
  check_encode_refuses ("a branch line in no file refused", &m);
  detail_meta (&m);
  detail_blocks[2].branch = (ppf_line) { PPF_NONE, 7 };
  check_encode_refuses ("a branch line without a file refused", &m);

  detail_meta (&m);
  m.flags &= ~PPF_FN_DETAIL;
  check_encode_refuses ("branches without the detail flag refused", &m);
}

/* A merged file of two units: round trip, ppf_function_unit, rules.  */

static void
test_units (void)
{
  ppf_meta m;
  unsigned char *meta, *buf, *again;
  size_t meta_size, size, again_size;
  char *units[] = { "a.c", "b.c" };
  ppf_count counts[] = { { 1, 5 } };
  ppf_function fns[2];
  ppf_file f, d;
  char err[200];
  int status;

  detail_meta (&m);
  if (!check_int ("meta for the units file", PPF_OK,
		  ppf_meta_encode (&m, &meta, &meta_size)))
    return;
  memset (fns, 0, sizeof fns);
  for (int i = 0; i < 2; i++)
    {
      fns[i].meta = meta;
      fns[i].meta_size = (uint32_t) meta_size;
      fns[i].num_counts = 1;
      fns[i].counts = counts;
      fns[i].unit = (uint32_t) (1 - i);
    }
  memset (&f, 0, sizeof f);
  f.version = PPF_VERSION;
  f.flags = PPF_FILE_UNITS;
  f.runs = 3;
  f.unit_name = "";
  f.num_units = 2;
  f.units = units;
  f.num_functions = 2;
  f.functions = fns;
  if (!check_int ("units file encodes", PPF_OK, ppf_encode (&f, &buf, &size)))
    return;
  status = ppf_decode (buf, size, &d, err, sizeof err);
  if (!check (status == PPF_OK, "units file decodes", "saw %d (%s)", status,
	      err))
    return;
  check (d.flags == PPF_FILE_UNITS && d.num_units == 2
	 && !strcmp (ppf_function_unit (&d, 0), "b.c")
	 && !strcmp (ppf_function_unit (&d, 1), "a.c"),
	 "units survive the round trip", "saw %u units", d.num_units);
  status = ppf_encode (&d, &again, &again_size);
  check (status == PPF_OK && again_size == size && !memcmp (again, buf, size),
	 "units file re-encodes to the same bytes", "saw %zu bytes",
	 again_size);
  free (again);
  ppf_file_free (&d);

  /* A function's unit out of range: refused both ways.  */
  fns[0].unit = 2;
  check_int ("unit out of range not encoded", PPF_EBAD,
	     ppf_encode (&f, &again, &again_size));
  fns[0].unit = 1;
  /* In the bytes: the first function's unit follows the unit table.  */
  size_t at = 8 + 4 + 4 + 4 + 0 + 4 + (4 + 3) * 2 + 4;
  buf[at] = 7;
  ppf_fix_checksums (buf, size);
  status = ppf_decode (buf, size, &d, err, sizeof err);
  check (status == PPF_EBAD, "unit out of range not decoded", "saw %d",
	 status);
  check_contains ("unit out of range message", err, "unit 7 out of range");

  /* An unknown file flag is still refused.  */
  f.flags = 4;
  check_int ("unknown file flag not encoded", PPF_EBAD,
	     ppf_encode (&f, &again, &again_size));
  /* A plain file names its one unit.  */
  f.flags = 0;
  check_str ("ppf_function_unit of a plain file", "",
	     ppf_function_unit (&f, 0));
  free (buf);
  free (meta);
}

/* The sources section (PPF_FN_SOURCES): the compilation directory and
   each file's size and hash round-trip, with and without the detail
   section before it; every prefix is truncated; a meta without the flag
   has none; ppf_hash_file hashes a file as ppf_hash_words its bytes.  */

static void
test_sources (void)
{
  static ppf_source sources[] = { { 1234, 0x1122334455667788ULL },
				  { PPF_UNKNOWN_SIZE, 0 } };
  ppf_meta m, d;
  unsigned char *buf;
  size_t size;
  char err[200];
  int status;

  for (int detail = 0; detail < 2; detail++)
    {
      if (detail)
	detail_meta (&m);
      else
	sample_loop_meta (&m, "loop");
      m.flags |= PPF_FN_SOURCES;
      m.comp_dir = (char *) "/home/u/proj";
      m.sources = sources;
      if (!check_int ("sources meta encodes", PPF_OK,
		      ppf_meta_encode (&m, &buf, &size)))
	return;
      status = ppf_meta_decode (buf, size, &d, err, sizeof err);
      check (status == PPF_OK && d.comp_dir
	     && !strcmp (d.comp_dir, "/home/u/proj") && d.sources
	     && d.sources[0].size == 1234
	     && d.sources[0].hash == 0x1122334455667788ULL
	     && d.sources[1].size == PPF_UNKNOWN_SIZE
	     && d.num_branches == (detail ? 4u : 0u),
	     detail ? "sources after the detail round-trip"
	     : "sources without the detail round-trip", "saw status %d (%s)",
	     status, status == PPF_OK ? "fields differ" : err);
      if (status == PPF_OK)
	ppf_meta_free (&d);
      check (prefixes_truncated (buf, size, size - 16 * 2 - 4),
	     "a meta cut in its sources section says truncated",
	     "one prefix did not");
      free (buf);
    }
  sample_loop_meta (&m, "loop");
  m.flags |= PPF_FN_SOURCES;
  check_encode_refuses ("sources flag without a directory", &m);

  FILE *f = tmpfile ();
  static const char text[] = "int main (void) { return 0; }\n";
  ppf_source got;
  if (f && fwrite (text, 1, sizeof text - 1, f) == sizeof text - 1)
    {
      rewind (f);
      check (ppf_hash_file (f, &got) == PPF_OK
	     && got.size == sizeof text - 1
	     && got.hash == ppf_hash_words (text, sizeof text - 1,
					    PPF_HASH_SEED),
	     "ppf_hash_file: size and word hash of the bytes", "saw %llu",
	     (unsigned long long) got.size);
    }
  if (f)
    fclose (f);
}

int
main (void)
{
  unit_test_init ();
  test_detail_round_trip ();
  test_detail_rules ();
  test_units ();
  test_sources ();
  return unit_test_report ();
}
