/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Unit tests of the .pathprof codec (format/ppformat.c and the files
   ppformat-internal.h lists): the FNV-1a checksum, the exact byte
   layout of doc/file-format.md, round trips of metas and files, every
   validation rule the decoder enforces, ppf_read on missing, directory
   and FIFO paths, the checks of early and unwind exits (kinds 7 and 8),
   ppf_counts_merge and ppf_counts_merge_deltas.  */

#include "ppformat.h"
#include "unit-test.h"
#include "sample-profile.h"
#include "tests/old-versions.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#define COUNTS_OF(a) (sizeof (a) / sizeof (a)[0])

static const uint64_t fnv_prime = 0x100000001b3ULL;

/* Store V little-endian at P (for patching encodings by hand).  */

static void
poke_u64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* Store V little-endian at P.  */

static void
poke_u32 (unsigned char *p, uint32_t v)
{
  for (int i = 0; i < 4; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* Recompute the trailing file checksum of the SIZE-byte file at BUF after
   a hand edit, so that the decoder gets past it to the rule under
   test.  */

static void
fix_file_checksum (unsigned char *buf, size_t size)
{
  ppf_fix_checksums (buf, size);
}

/* Recompute the checksum of a meta of SIZE bytes at BUF.  */

static void
fix_meta_checksum (unsigned char *buf, size_t size)
{
  poke_u64 (buf, ppf_hash (buf + 8, size - 8, PPF_HASH_SEED));
}

/* FNV-1a 64 against published test vectors, and chaining.  */

static void
test_hash (void)
{
  check_u64 ("fnv1a of \"\"", 0xcbf29ce484222325ULL,
	     ppf_hash ("", 0, PPF_HASH_SEED));
  check_u64 ("fnv1a of \"a\"", 0xaf63dc4c8601ec8cULL,
	     ppf_hash ("a", 1, PPF_HASH_SEED));
  check_u64 ("fnv1a of \"foobar\"", 0x85944171f73967e8ULL,
	     ppf_hash ("foobar", 6, PPF_HASH_SEED));
  check_u64 ("fnv1a chains over pieces",
	     ppf_hash ("foobar", 6, PPF_HASH_SEED),
	     ppf_hash ("bar", 3, ppf_hash ("foo", 3, PPF_HASH_SEED)));
  (void) fnv_prime;

  /* The word checksum, four words a turn, against its definition: one
     step per little-endian word, then one per byte left.  */
  {
    unsigned char bytes[103];
    size_t len, i;
    int bad = -1;

    for (i = 0; i < sizeof bytes; i++)
      bytes[i] = (unsigned char) (i * 37 + 11);
    for (len = 0; len <= sizeof bytes && bad < 0; len++)
      {
	uint64_t h = PPF_HASH_SEED;

	for (i = 0; i + 8 <= len; i += 8)
	  {
	    uint64_t w = 0;

	    for (int b = 7; b >= 0; b--)
	      w = (w << 8) | bytes[i + (size_t) b];
	    h = (h ^ w) * fnv_prime;
	  }
	for (; i < len; i++)
	  h = (h ^ bytes[i]) * fnv_prime;
	if (h != ppf_hash_words (bytes, len, PPF_HASH_SEED))
	  bad = (int) len;
      }
    check (bad < 0, "ppf_hash_words is FNV-1a's step over words",
	   "lengths 0 to 103: differs at length %d", bad);
  }
}

/* The smallest meta, byte for byte as doc/file-format.md lays it out.  */

static void
test_meta_layout (void)
{
  static const unsigned char expected_body[] = {
    1, 0, 0, 0, 0, 0, 0, 0,	/* num_paths */
    1, 0, 0, 0,			/* flags: hashed */
    1, 0, 0, 0, 'f',		/* name */
    1, 0, 0, 0, 'f',		/* display_name */
    0xff, 0xff, 0xff, 0xff,	/* file: none */
    0, 0, 0, 0,			/* line */
    0, 0, 0, 0,			/* num_files */
    2, 0, 0, 0,			/* num_blocks */
    0, 0, 0, 0, 0, 0, 0, 0,	/* ENTRY, no lines */
    1, 0, 0, 0, 0, 0, 0, 0,	/* EXIT, no lines */
    1, 0, 0, 0,			/* num_edges */
    0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,	/* src, dst, kind */
    0, 0, 0, 0, 1, 0, 0, 0,	/* cfg_src, cfg_dst */
    0, 0, 0, 0, 0, 0, 0, 0	/* val */
  };
  ppf_meta m;
  unsigned char *buf;
  size_t size;
  uint64_t sum = 0;
  int status;

  sample_tiny_meta (&m);
  status = ppf_meta_encode (&m, &buf, &size);
  if (!check_u64 ("tiny meta encodes", PPF_OK, (uint64_t) status))
    return;
  check_u64 ("tiny meta size", 8 + sizeof expected_body, size);
  check (size == 8 + sizeof expected_body
	 && memcmp (buf + 8, expected_body, sizeof expected_body) == 0,
	 "tiny meta bytes after the checksum", "expected the documented "
	 "layout, saw other bytes");
  for (int i = 7; i >= 0; i--)
    sum = sum << 8 | buf[i];
  check_u64 ("meta checksum is stored little-endian first", m.checksum, sum);
  check_u64 ("meta checksum is FNV-1a of the rest",
	     ppf_hash (expected_body, sizeof expected_body, PPF_HASH_SEED),
	     m.checksum);
  free (buf);
}

/* Compare two metas field by field; WHAT prefixes the report.  */

static void
check_same_meta (const char *what, const ppf_meta *a, const ppf_meta *b)
{
  int same = a->checksum == b->checksum && a->num_paths == b->num_paths
    && a->flags == b->flags && !strcmp (a->name, b->name)
    && !strcmp (a->display_name, b->display_name) && a->file == b->file
    && a->line == b->line && a->num_files == b->num_files
    && a->num_blocks == b->num_blocks && a->num_edges == b->num_edges;

  for (uint32_t i = 0; same && i < a->num_files; i++)
    same = !strcmp (a->files[i], b->files[i]);
  for (uint32_t i = 0; same && i < a->num_blocks; i++)
    {
      same = a->blocks[i].index == b->blocks[i].index
	&& a->blocks[i].num_lines == b->blocks[i].num_lines;
      for (uint32_t j = 0; same && j < a->blocks[i].num_lines; j++)
	same = a->blocks[i].lines[j].file == b->blocks[i].lines[j].file
	  && a->blocks[i].lines[j].line == b->blocks[i].lines[j].line;
    }
  for (uint32_t i = 0; same && i < a->num_edges; i++)
    same = !memcmp (&a->edges[i], &b->edges[i], sizeof a->edges[i]);
  check (same, what, "expected the meta that was encoded, saw another");
}

/* Encode, decode, re-encode the loop meta: same structure, same bytes.  */

static void
test_meta_round_trip (void)
{
  ppf_meta m, d;
  unsigned char *buf, *again;
  size_t size, again_size;
  char err[200];
  int status;

  sample_loop_meta (&m, "loop");
  if (!check_u64 ("loop meta encodes", PPF_OK,
		  (uint64_t) ppf_meta_encode (&m, &buf, &size)))
    return;
  status = ppf_meta_decode (buf, size, &d, err, sizeof err);
  check (status == PPF_OK, "loop meta decodes", "expected OK, saw %d (%s)",
	 status, err);
  if (status != PPF_OK)
    return;
  check_same_meta ("loop meta round trip", &m, &d);
  status = ppf_meta_encode (&d, &again, &again_size);
  check (status == PPF_OK && again_size == size
	 && !memcmp (again, buf, size), "loop meta re-encodes to the same "
	 "bytes", "expected %zu identical bytes, saw %zu", size, again_size);
  free (again);
  ppf_meta_free (&d);
  check (d.name == NULL && d.blocks == NULL, "ppf_meta_free empties",
	 "expected NULL pointers, saw others");

  /* A damaged byte: the checksum catches it.  */
  buf[size - 1] ^= 1;
  status = ppf_meta_decode (buf, size, &d, err, sizeof err);
  check (status == PPF_EBAD, "flipped meta byte rejected",
	 "expected %d, saw %d", PPF_EBAD, status);
  check_contains ("flipped meta byte message", err, "checksum");
  buf[size - 1] ^= 1;

  /* Every truncation is rejected as truncated.  */
  int all_truncated = 1;
  for (size_t cut = 0; cut < size; cut++)
    {
      status = ppf_meta_decode (buf, cut, &d, err, sizeof err);
      if (status != PPF_EBAD || !strstr (err, "truncated"))
	all_truncated = 0;
    }
  check (all_truncated, "every truncated meta says truncated",
	 "expected EBAD \"truncated\" for all %zu prefixes", size);

  /* An extra byte, with the checksum made right: still rejected.  */
  unsigned char *longer = malloc (size + 1);
  memcpy (longer, buf, size);
  longer[size] = 0;
  fix_meta_checksum (longer, size + 1);
  status = ppf_meta_decode (longer, size + 1, &d, err, sizeof err);
  check (status == PPF_EBAD, "meta with a trailing byte rejected",
	 "expected %d, saw %d", PPF_EBAD, status);
  check_contains ("meta trailing byte message", err, "after the last edge");
  free (longer);
  free (buf);
}

/* Encode M after applying a defect, expect PPF_EBAD; then check that the
   decoder rejects the same defect planted in valid bytes (OFFSET into the
   loop meta's encoding, patched with the u32 VALUE and a fixed checksum)
   with a message containing PART.  */

static void
check_meta_rule (const char *what, ppf_meta *bad, size_t offset,
		 uint32_t value, const char *part)
{
  ppf_meta m, d;
  unsigned char *buf;
  size_t size;
  char name[200], err[200];
  int status;

  snprintf (name, sizeof name, "encoder refuses %s", what);
  status = ppf_meta_encode (bad, &buf, &size);
  check (status == PPF_EBAD, name, "expected %d, saw %d", PPF_EBAD, status);
  if (status == PPF_OK)
    free (buf);

  sample_loop_meta (&m, "loop");
  if (ppf_meta_encode (&m, &buf, &size) != PPF_OK)
    return;
  poke_u32 (buf + offset, value);
  fix_meta_checksum (buf, size);
  err[0] = 0;
  status = ppf_meta_decode (buf, size, &d, err, sizeof err);
  snprintf (name, sizeof name, "decoder refuses %s", what);
  check (status == PPF_EBAD, name, "expected %d, saw %d", PPF_EBAD, status);
  snprintf (name, sizeof name, "decoder message for %s", what);
  check_contains (name, err, part);
  free (buf);
}

/* The byte offset of edge I's field FIELD (0 src .. 4 cfg_dst, 5 val) in
   the loop meta's encoding.  */

static size_t
loop_edge_offset (int i, int field)
{
  /* checksum, num_paths, flags, "loop" x 2, file, line, num_files,
     "loop.c", "loop.h", num_blocks.  */
  size_t off = 8 + 8 + 4 + 8 + 8 + 4 + 4 + 4 + 10 + 10 + 4;
  static const int lines[] = { 0, 0, 2, 1, 1, 2 };

  for (int b = 0; b < 6; b++)
    off += 8 + 8 * lines[b];
  off += 4;			/* num_edges */
  return off + 28 * i + 4 * field;
}

/* Every structural rule of a meta, in the encoder and the decoder.  */

static void
test_meta_rules (void)
{
  ppf_meta m;
  ppf_block blocks[6];
  ppf_edge edges[8];
  ppf_line line = { 7, 1 };

  sample_loop_meta (&m, "loop");
  m.num_paths = 0;
  check_meta_rule ("zero num_paths", &m, 8, 0, "num_paths");

  sample_loop_meta (&m, "loop");
  m.flags = 256;
  check_meta_rule ("unknown flags", &m, 16, 256, "flags");

  sample_loop_meta (&m, "loop");
  m.file = 2;
  check_meta_rule ("function file out of range", &m, 36, 2, "file index");

  sample_loop_meta (&m, "loop");
  memcpy (blocks, sample_blocks, sizeof blocks);
  blocks[3].index = 2;
  m.blocks = blocks;
  check_meta_rule ("block indices not increasing", &m,
		   8 + 8 + 4 + 8 + 8 + 4 + 4 + 4 + 20 + 4 + 8 + 8 + 24, 2,
		   "not above");

  sample_loop_meta (&m, "loop");
  memcpy (blocks, sample_blocks, sizeof blocks);
  blocks[3].lines = &line;
  m.blocks = blocks;
  check_meta_rule ("line file index out of range", &m,
		   8 + 8 + 4 + 8 + 8 + 4 + 4 + 4 + 20 + 4 + 8 + 8 + 24 + 8, 7,
		   "file index 7");

  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[2].dst = 9;
  m.edges = edges;
  check_meta_rule ("edge to an unknown block", &m, loop_edge_offset (2, 1), 9,
		   "not a block");

  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[2].kind = PPF_EDGE_UNWIND_EXIT + 1;
  m.edges = edges;
  check_meta_rule ("unknown edge kind", &m, loop_edge_offset (2, 2),
		   PPF_EDGE_UNWIND_EXIT + 1, "unknown kind");

  /* A restart edge's cfg_dst is its receiver, a listed block.  */
  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[1].kind = PPF_EDGE_RESTART_ENTRY;
  edges[1].cfg_dst = 9;
  m.edges = edges;
  {
    unsigned char *buf;
    size_t size;
    int status = ppf_meta_encode (&m, &buf, &size);
    check (status == PPF_EBAD, "encoder refuses a restart edge whose "
	   "receiver is not a block", "expected %d, saw %d", PPF_EBAD,
	   status);
    if (status == PPF_OK)
      free (buf);
  }

  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[6].kind = PPF_EDGE_NORETURN_EXIT;
  m.edges = edges;
  check_meta_rule ("noreturn edge with a cfg_dst", &m,
		   loop_edge_offset (6, 2), PPF_EDGE_NORETURN_EXIT,
		   "0xFFFFFFFF");

  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[3].val = 0;
  m.edges = edges;
  check_meta_rule ("val not increasing within a source", &m,
		   loop_edge_offset (3, 5), 0, "val not above");

  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[3].val = 8;
  m.edges = edges;
  check_meta_rule ("val not below num_paths", &m, loop_edge_offset (3, 5),
		   8, "below num_paths");

  /* Edges of block 2 after those of block 3: 2, 3, 2 is not grouped.  */
  sample_loop_meta (&m, "loop");
  memcpy (edges, sample_edges, sizeof edges);
  edges[4].src = 2, edges[4].dst = 4, edges[4].val = 3;
  edges[3] = sample_edges[4];
  m.edges = edges;
  {
    unsigned char *buf;
    size_t size;
    int status = ppf_meta_encode (&m, &buf, &size);

    check (status == PPF_EBAD, "encoder refuses edges not grouped by source",
	   "expected %d, saw %d", PPF_EBAD, status);
    if (status == PPF_OK)
      free (buf);
  }
}

/* The loop meta with edge 6 (5 -> EXIT, val 0) replaced by EDGE6: the
   blocks, names and edge count stay, so loop_edge_offset still finds
   every field.  EDGES is the caller's storage.  */

static void
loop_meta_with_edge6 (ppf_meta *m, ppf_edge *edges, ppf_edge edge6)
{
  sample_loop_meta (m, "loop");
  memcpy (edges, sample_edges, sizeof sample_edges);
  edges[6] = edge6;
  m->edges = edges;
}

/* The encoder refuses the loop meta with edge 6 BAD; and the decoder
   refuses the bytes of the loop meta with edge 6 GOOD (which must
   encode) once field FIELD of edge 6 is patched to VALUE, with a message
   containing PART.  */

static void
check_edge6_rule (const char *what, ppf_edge good, ppf_edge bad, int field,
		  uint32_t value, const char *part)
{
  ppf_meta m, d;
  ppf_edge edges[8];
  unsigned char *buf;
  size_t size;
  char name[200], err[200];
  int status;

  loop_meta_with_edge6 (&m, edges, bad);
  snprintf (name, sizeof name, "encoder refuses %s", what);
  status = ppf_meta_encode (&m, &buf, &size);
  check (status == PPF_EBAD, name, "expected %d, saw %d", PPF_EBAD, status);
  if (status == PPF_OK)
    free (buf);

  loop_meta_with_edge6 (&m, edges, good);
  snprintf (name, sizeof name, "%s: the valid meta encodes", what);
  status = ppf_meta_encode (&m, &buf, &size);
  if (!check (status == PPF_OK, name, "expected OK, saw %d", status))
    return;
  poke_u32 (buf + loop_edge_offset (6, field), value);
  fix_meta_checksum (buf, size);
  err[0] = 0;
  status = ppf_meta_decode (buf, size, &d, err, sizeof err);
  snprintf (name, sizeof name, "decoder refuses %s", what);
  check (status == PPF_EBAD, name, "expected %d, saw %d", PPF_EBAD, status);
  if (status == PPF_OK)
    ppf_meta_free (&d);
  snprintf (name, sizeof name, "decoder message for %s", what);
  check_contains (name, err, part);
  free (buf);
}

/* Early exits (kind 7: block -> EXIT at a call of the block, cfg_dst the
   index of the call's line in the block's lines or PPF_NONE) and unwind
   exits (kind 8: landing pad -> EXIT, cfg_dst PPF_NONE), in a function
   flagged PPF_FN_PARTIAL or not: what encodes and decodes, and what
   the encoder and the decoder refuse.  Block 5 of the loop meta has two
   lines (14, 15); block 4 one (13).  */

static void
test_meta_early_exits (void)
{
  static const struct
  {
    const char *what;
    ppf_edge edge6;
    uint32_t flags;
  } valid[] = {
    { "early exit at the block's first line", { 5, 1, PPF_EDGE_EARLY_EXIT,
						5, 0, 0 }, 0 },
    { "early exit at the block's last line", { 5, 1, PPF_EDGE_EARLY_EXIT,
					       5, 1, 0 }, 0 },
    { "early exit without a line", { 5, 1, PPF_EDGE_EARLY_EXIT, 5,
				     PPF_NONE, 0 }, 0 },
    { "early exit, partial-paths", { 5, 1, PPF_EDGE_EARLY_EXIT, 5, 1, 0 },
      PPF_FN_PARTIAL },
    { "unwind exit", { 5, 1, PPF_EDGE_UNWIND_EXIT, 5, PPF_NONE, 0 },
      PPF_FN_PARTIAL | PPF_FN_HASHED },
  };
  const ppf_edge early = { 5, 1, PPF_EDGE_EARLY_EXIT, 5, 0, 0 };
  const ppf_edge unwind = { 5, 1, PPF_EDGE_UNWIND_EXIT, 5, PPF_NONE, 0 };
  ppf_edge bad;

  for (size_t i = 0; i < sizeof valid / sizeof valid[0]; i++)
    {
      ppf_meta m, d;
      ppf_edge edges[8];
      unsigned char *buf;
      size_t size;
      char name[200], err[200];
      int status;

      loop_meta_with_edge6 (&m, edges, valid[i].edge6);
      m.flags = valid[i].flags;
      snprintf (name, sizeof name, "%s encodes", valid[i].what);
      status = ppf_meta_encode (&m, &buf, &size);
      if (!check (status == PPF_OK, name, "expected OK, saw %d", status))
	continue;
      err[0] = 0;
      status = ppf_meta_decode (buf, size, &d, err, sizeof err);
      snprintf (name, sizeof name, "%s decodes", valid[i].what);
      if (check (status == PPF_OK, name, "expected OK, saw %d (%s)", status,
		 err))
	{
	  snprintf (name, sizeof name, "%s round trip", valid[i].what);
	  check_same_meta (name, &m, &d);
	  ppf_meta_free (&d);
	}
      free (buf);
    }

  /* cfg_dst names a line of the block: block 5 has lines 0 and 1.  */
  bad = early;
  bad.cfg_dst = 2;
  check_edge6_rule ("an early exit's cfg_dst one past its block's lines",
		    early, bad, 4, 2, "cfg_dst of an early exit is not a "
		    "line of its block");
  bad.cfg_dst = PPF_NONE - 1;
  check_edge6_rule ("an early exit's cfg_dst far past its block's lines",
		    early, bad, 4, PPF_NONE - 1, "cfg_dst of an early exit "
		    "is not a line of its block");
  /* The limit is cfg_src's lines: block 4 has one line, so index 1 is
     refused there though it is a line of block 5.  */
  bad = early;
  bad.cfg_src = 4;
  bad.cfg_dst = 1;
  {
    ppf_edge good = early;
    good.cfg_dst = 1;
    check_edge6_rule ("an early exit from another block, past its lines",
		      good, bad, 3, 4, "not a line of its block");
  }

  /* From its block (cfg_src = src) to EXIT.  */
  bad = early;
  bad.cfg_src = 2;
  check_edge6_rule ("an early exit whose cfg_src is another block", early,
		    bad, 3, 2, "an early or unwind exit does not go from its "
		    "block to EXIT");
  bad = early;
  bad.dst = 3;
  check_edge6_rule ("an early exit not to EXIT", early, bad, 1, 3,
		    "an early or unwind exit does not go from its block to "
		    "EXIT");
  bad = unwind;
  bad.cfg_src = 2;
  check_edge6_rule ("an unwind exit whose cfg_src is another block", unwind,
		    bad, 3, 2, "an early or unwind exit does not go from its "
		    "block to EXIT");
  bad = unwind;
  bad.dst = 3;
  check_edge6_rule ("an unwind exit not to EXIT", unwind, bad, 1, 3,
		    "an early or unwind exit does not go from its block to "
		    "EXIT");
  /* An unwind exit has no line of its own: cfg_dst is PPF_NONE.  */
  bad = unwind;
  bad.cfg_dst = 0;
  check_edge6_rule ("an unwind exit with a cfg_dst", unwind, bad, 4, 0,
		    "0xFFFFFFFF");
  /* Kind 8 is the last: 9 is unknown (test_meta_rules).  */
}

/* A restart edge (kind 6, ENTRY -> the receiver of a longjmp or nonlocal
   goto) encodes and decodes; its cfg_src, the abnormal dispatcher, need
   not be a listed block (it never runs), but may be.  */

static void
test_meta_restart (void)
{
  ppf_meta m, d;
  ppf_edge edges[8];
  unsigned char *buf, *again;
  size_t size, again_size;
  char err[200];
  int status;

  for (uint32_t dispatcher = 4; dispatcher <= 77; dispatcher += 73)
    {
      char name[100];
      sample_loop_meta (&m, "loop");
      memcpy (edges, sample_edges, sizeof edges);
      edges[1].kind = PPF_EDGE_RESTART_ENTRY;
      edges[1].cfg_src = dispatcher;
      edges[1].cfg_dst = 2;
      m.edges = edges;
      snprintf (name, sizeof name, "meta with a restart edge from block "
		"%u (%s) encodes", dispatcher, dispatcher == 4 ? "listed"
		: "not listed");
      status = ppf_meta_encode (&m, &buf, &size);
      if (!check (status == PPF_OK, name, "expected OK, saw %d", status))
	continue;
      err[0] = 0;
      status = ppf_meta_decode (buf, size, &d, err, sizeof err);
      snprintf (name, sizeof name, "meta with a restart edge from block %u "
		"decodes", dispatcher);
      check (status == PPF_OK, name, "expected OK, saw %d (%s)", status, err);
      if (status == PPF_OK)
	{
	  snprintf (name, sizeof name, "restart edge from block %u round "
		    "trip", dispatcher);
	  check_same_meta (name, &m, &d);
	  status = ppf_meta_encode (&d, &again, &again_size);
	  snprintf (name, sizeof name, "restart edge from block %u "
		    "re-encodes to the same bytes", dispatcher);
	  check (status == PPF_OK && again_size == size
		 && !memcmp (again, buf, size), name,
		 "expected %zu identical bytes, saw %zu", size, again_size);
	  if (status == PPF_OK)
	    free (again);
	  ppf_meta_free (&d);
	}
      free (buf);
    }
}

/* Files: header bytes, round trip, and every rule of the decoder.  */

static void
test_file (void)
{
  ppf_count counts[] = { { 1, 5 }, { 4, 1 }, { 7, UINT64_MAX } };
  ppf_file f, d;
  unsigned char *buf, *again;
  size_t size, again_size;
  char err[200];
  int status;

  sample_file (&f, counts, 3);
  status = ppf_encode (&f, &buf, &size);
  if (!check_u64 ("sample file encodes", PPF_OK, (uint64_t) status))
    return;
  /* Version 3: magic, version, flags, the unit name; every meta, the
     static checksum, then the counts section: runs, each function's
     counts, the checksum.  */
  size_t static_at = 30 + 4 + f.functions[0].meta_size + 4
		     + f.functions[1].meta_size;
  size_t runs_at = static_at + 8;
  check (size > 30 && !memcmp (buf, "PATHPROF\3\0\0\0\0\0\0\0\6\0\0\0loop.c"
				    "\2\0\0\0", 30), "file header bytes",
	 "expected magic, version 3, flags 0, unit name, 2 functions");
  check (size > runs_at + 8 && !memcmp (buf + runs_at, "\3\0\0\0\0\0\0\0", 8),
	 "runs after the static checksum", "expected runs 3 little-endian");
  {
    ppf_buffer head = { NULL, 0 };
    size_t head_size = 0;
    uint64_t static_size = 0, sum = 0, stored = 0;

    for (int k = 7; k >= 0; k--)
      stored = (stored << 8) | buf[static_at + (size_t) k];
    status = ppf_static_part (&f, &head, &head_size, &static_size, &sum);
    check (status == PPF_OK && head_size == 30 && !memcmp (head.data, buf, 30)
	   && static_size == static_at + 8 && sum == stored,
	   "ppf_static_part: the header, where the counts start, the static "
	   "checksum", "status %d, head %zu, static size %llu, sum %s", status,
	   head_size, (unsigned long long) static_size,
	   sum == stored ? "right" : "wrong");
    free (head.data);
  }
  status = ppf_decode (buf, size, &d, err, sizeof err);
  check (status == PPF_OK, "sample file decodes", "expected OK, saw %d (%s)",
	 status, err);
  if (status == PPF_OK)
    {
      check (d.runs == 3 && !strcmp (d.unit_name, "loop.c")
	     && d.num_functions == 2 && d.version == 3
	     && d.functions[0].num_counts == 3
	     && !memcmp (d.functions[0].counts, counts, sizeof counts)
	     && d.functions[1].num_counts == 0
	     && d.functions[1].meta_size == f.functions[1].meta_size
	     && !memcmp (d.functions[1].meta, f.functions[1].meta,
			 f.functions[1].meta_size),
	     "file round trip", "expected the encoded fields back");
      status = ppf_encode (&d, &again, &again_size);
      check (status == PPF_OK && again_size == size
	     && !memcmp (again, buf, size),
	     "file re-encodes to the same bytes", "expected identical bytes");
      free (again);
      ppf_file_free (&d);
    }

  /* Truncations.  */
  int all_bad = 1;
  for (size_t cut = 0; cut < size; cut++)
    if (ppf_decode (buf, cut, &d, err, sizeof err) != PPF_EBAD)
      all_bad = 0;
  check (all_bad, "every truncated file rejected", "expected EBAD for all "
	 "%zu prefixes", size);
  ppf_decode (buf, size - 9, &d, err, sizeof err);
  check_contains ("truncated file message", err, "truncated");
  ppf_decode (buf, 0, &d, err, sizeof err);
  check_contains ("empty file message", err, "empty");

  /* Magic, version, flags, checksum, trailing bytes.  */
  unsigned char *copy = malloc (size + 1);
  struct
  {
    const char *what;
    size_t offset;
    uint32_t value;
    int fix;
    const char *part;
  } rules[] = {
    { "bad magic", 0, 0x54415058, 1, "magic" },
    { "version 4", 8, 4, 1, "version 4" },
    { "file flags", 12, 8, 1, "flags" },	/* bit 3: bit 2 is sampled */
    { "damaged runs", 0, 9, 0, "checksum mismatch" },
    { "damaged count", 0, 6, 0, "checksum mismatch" },
    { "damaged static checksum", 0, 6, 0, "static checksum mismatch" },
  };
  /* The counts of function 0 start after runs and its num_counts.  */
  size_t counts_at = runs_at + 8 + 8;
  rules[3].offset = runs_at;
  rules[4].offset = counts_at + 8;
  rules[5].offset = static_at;
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
    {
      char name[100];

      memcpy (copy, buf, size);
      poke_u32 (copy + rules[i].offset, rules[i].value);
      if (rules[i].fix)
	fix_file_checksum (copy, size);
      err[0] = 0;
      status = ppf_decode (copy, size, &d, err, sizeof err);
      snprintf (name, sizeof name, "%s rejected", rules[i].what);
      check (status == PPF_EBAD, name, "expected %d, saw %d", PPF_EBAD,
	     status);
      snprintf (name, sizeof name, "%s message", rules[i].what);
      check_contains (name, err, rules[i].part);
    }
  memcpy (copy, buf, size);
  copy[size] = 0;
  status = ppf_decode (copy, size + 1, &d, err, sizeof err);
  check (status == PPF_EBAD, "trailing byte rejected", "expected %d, saw %d",
	 PPF_EBAD, status);
  check_contains ("trailing byte message", err, "after the checksum");
  {
    size_t end = 0;

    status = ppf_decode_prefix (copy, size + 1, &d, &end, err, sizeof err);
    check (status == PPF_OK && end == size && d.runs == 3,
	   "ppf_decode_prefix: the file, and where it ends",
	   "status %d, end %zu of %zu", status, end, size);
    if (status == PPF_OK)
      ppf_file_free (&d);
  }

  /* Count rules.  */
  struct
  {
    const char *what;
    size_t offset;
    uint64_t value;
    const char *part;
  } count_rules[] = {
    { "path not below num_paths", counts_at + 32, 8, "below num_paths" },
    { "paths not increasing", counts_at + 16, 1, "strictly increasing" },
    { "zero count", counts_at + 8, 0, "zero count" },
  };
  for (size_t i = 0; i < 3; i++)
    {
      char name[100];

      memcpy (copy, buf, size);
      poke_u64 (copy + count_rules[i].offset, count_rules[i].value);
      fix_file_checksum (copy, size);
      err[0] = 0;
      status = ppf_decode (copy, size, &d, err, sizeof err);
      snprintf (name, sizeof name, "%s rejected", count_rules[i].what);
      check (status == PPF_EBAD, name, "expected %d, saw %d", PPF_EBAD,
	     status);
      snprintf (name, sizeof name, "%s message", count_rules[i].what);
      check_contains (name, err, count_rules[i].part);
    }
  /* A huge num_counts in a small file: rejected without allocating.  */
  memcpy (copy, buf, size);
  poke_u64 (copy + counts_at - 8, UINT64_MAX / 2);
  fix_file_checksum (copy, size);
  status = ppf_decode (copy, size, &d, err, sizeof err);
  check (status == PPF_EBAD, "huge num_counts rejected", "expected %d, saw %d",
	 PPF_EBAD, status);
  check_contains ("huge num_counts message", err, "cannot fit");
  /* A damaged meta inside a file: named by function.  */
  memcpy (copy, buf, size);
  copy[30 + 4 + 20] ^= 0x40;
  fix_file_checksum (copy, size);
  status = ppf_decode (copy, size, &d, err, sizeof err);
  check (status == PPF_EBAD, "damaged meta in a file rejected",
	 "expected %d, saw %d", PPF_EBAD, status);
  check_contains ("damaged meta message", err, "function 0: meta");
  free (copy);
  free (buf);

  /* The encoder refuses what the decoder would.  */
  ppf_count unsorted[] = { { 4, 1 }, { 1, 1 } };
  ppf_count zero[] = { { 1, 0 } };
  ppf_count too_big[] = { { 8, 1 } };
  ppf_count *bad[] = { unsorted, zero, too_big };
  uint64_t nbad[] = { 2, 1, 1 };
  const char *bad_what[] = { "encoder refuses unsorted counts",
    "encoder refuses zero counts", "encoder refuses path >= num_paths" };
  for (int i = 0; i < 3; i++)
    {
      ppf_count *saved = f.functions[0].counts;
      uint64_t saved_n = f.functions[0].num_counts;

      f.functions[0].counts = bad[i];
      f.functions[0].num_counts = nbad[i];
      status = ppf_encode (&f, &buf, &size);
      check (status == PPF_EBAD, bad_what[i], "expected %d, saw %d", PPF_EBAD,
	     status);
      if (status == PPF_OK)
	free (buf);
      f.functions[0].counts = saved;
      f.functions[0].num_counts = saved_n;
    }
  ppf_file_free (&f);
}

/* ppf_read and ppf_write_fd on real paths: a written file reads back; a
   missing file is PPF_ENOENT; a directory and a FIFO are PPF_EIO without
   blocking.  */

static void
test_read_write (void)
{
  char dir[] = "/tmp/ppf-codec-XXXXXX";
  char path[256], fifo[256];
  ppf_count counts[] = { { 0, 2 }, { 3, 9 } };
  ppf_file f, d;
  char err[200];
  int status, fd;

  if (!mkdtemp (dir))
    {
      check (0, "mkdtemp", "expected a directory, saw %s", strerror (errno));
      return;
    }
  snprintf (path, sizeof path, "%s/a.pathprof", dir);
  status = ppf_read (path, &d, err, sizeof err);
  check_u64 ("missing file is PPF_ENOENT", (uint64_t) PPF_ENOENT,
	     (uint64_t) status);

  sample_file (&f, counts, 2);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  status = ppf_write_fd (fd, &f, err, sizeof err);
  close (fd);
  check_u64 ("ppf_write_fd", PPF_OK, (uint64_t) status);
  status = ppf_read (path, &d, err, sizeof err);
  check (status == PPF_OK && d.num_functions == 2 && d.runs == 3
	 && d.functions[0].num_counts == 2
	 && d.functions[0].counts[1].count == 9, "ppf_read of a written file",
	 "expected the written profile, saw status %d (%s)", status, err);
  ppf_file_free (&d);

  fd = open ("/dev/full", O_WRONLY);
  if (fd >= 0)
    {
      errno = 0;
      status = ppf_write_fd (fd, &f, err, sizeof err);
      check (status == PPF_EIO && errno == ENOSPC, "ppf_write_fd to a full "
	     "device", "expected PPF_EIO with ENOSPC, saw %d with %s", status,
	     strerror (errno));
      close (fd);
    }
  ppf_file_free (&f);

  errno = 0;
  status = ppf_read (dir, &d, err, sizeof err);
  check (status == PPF_EIO && errno == EISDIR, "ppf_read of a directory",
	 "expected PPF_EIO with EISDIR, saw %d with %s", status,
	 strerror (errno));

  snprintf (fifo, sizeof fifo, "%s/fifo.pathprof", dir);
  if (mkfifo (fifo, 0644) == 0)
    {
      status = ppf_read (fifo, &d, err, sizeof err);
      check (status == PPF_EIO, "ppf_read of a FIFO does not block",
	     "expected %d, saw %d", PPF_EIO, status);
      check_contains ("ppf_read of a FIFO message", err, "regular");
      unlink (fifo);
    }
  unlink (path);
  rmdir (dir);
}

/* ppf_counts_merge: disjoint, overlapping, empty, saturating.  */

static void
test_merge (void)
{
  ppf_count a_counts[] = { { 1, 1 }, { 3, UINT64_MAX - 1 }, { 9, 4 } };
  ppf_count b_counts[] = { { 0, 7 }, { 3, 5 }, { 9, 1 }, { 12, 2 } };
  ppf_count expected[] = { { 0, 7 }, { 1, 1 }, { 3, UINT64_MAX },
    { 9, 5 }, { 12, 2 } };
  ppf_function dst = { 0 }, src = { 0 };
  int status;

  src.counts = b_counts;
  src.num_counts = 4;
  status = ppf_counts_merge (&dst, &src);
  check (status == PPF_OK && dst.num_counts == 4
	 && !memcmp (dst.counts, b_counts, sizeof b_counts),
	 "merge into an empty list", "expected a copy of the source");
  free (dst.counts);

  dst.counts = malloc (sizeof a_counts);
  memcpy (dst.counts, a_counts, sizeof a_counts);
  dst.num_counts = 3;
  status = ppf_counts_merge (&dst, &src);
  check (status == PPF_OK && dst.num_counts == 5
	 && !memcmp (dst.counts, expected, sizeof expected),
	 "merge adds and saturates", "expected 5 merged counts with "
	 "path 3 at UINT64_MAX, saw %" PRIu64 " counts", dst.num_counts);

  src.num_counts = 0;
  status = ppf_counts_merge (&dst, &src);
  check (status == PPF_OK && dst.num_counts == 5, "merge of nothing",
	 "expected the list unchanged");
  free (dst.counts);
}

/* Check that DST holds exactly the N counts EXPECTED.  */

static void
check_counts (const char *what, const ppf_function *dst,
	      const ppf_count *expected, uint64_t n)
{
  char name[200];

  snprintf (name, sizeof name, "%s: number of counts", what);
  if (!check_u64 (name, n, dst->num_counts))
    return;
  for (uint64_t i = 0; i < n; i++)
    {
      snprintf (name, sizeof name, "%s: path of count %" PRIu64, what, i);
      check_u64 (name, expected[i].path, dst->counts[i].path);
      snprintf (name, sizeof name, "%s: count of path %" PRIu64, what,
		expected[i].path);
      check_u64 (name, expected[i].count, dst->counts[i].count);
    }
}

#define MINUS(n) (UINT64_C (0) - (uint64_t) (n))
#define TWO_63 (UINT64_C (1) << 63)

/* ppf_counts_merge_deltas: counts from memory are differences modulo
   2^64, 2^63 and above negative.  A sum is clamped at 0 and saturates at
   UINT64_MAX; a path left at 0 is dropped, whether it was in DST or
   only in SRC.  */

static void
test_merge_deltas (void)
{
  /* Into an empty function: the positive deltas only.  */
  ppf_count fresh_src[] = {
    { 1, 5 }, { 2, MINUS (3) }, { 4, TWO_63 }, { 5, TWO_63 - 1 },
    { 9, MINUS (1) }
  };
  ppf_count fresh_expected[] = { { 1, 5 }, { 5, TWO_63 - 1 } };
  /* Into counts: every case at once.  */
  ppf_count old[] = {
    { 1, 10 }, { 2, 3 }, { 3, 7 }, { 6, UINT64_MAX - 1 }, { 8, 1 },
    { 10, UINT64_MAX }, { 11, 4 }
  };
  ppf_count deltas[] = {
    { 1, MINUS (4) },      /* 10 - 4 = 6 */
    { 2, MINUS (3) },      /* 3 - 3 = 0: dropped */
    { 3, MINUS (10) },     /* 7 - 10 < 0: clamped, dropped */
    { 5, 9 },              /* new */
    { 6, 5 },              /* saturates */
    { 7, MINUS (1) },      /* new and negative: dropped */
    { 8, TWO_63 - 1 },     /* the greatest positive delta: 2^63 */
    { 10, TWO_63 },        /* the most negative: 2^64-1 - 2^63 */
    /* 11 untouched */
  };
  ppf_count merged[] = {
    { 1, 6 }, { 5, 9 }, { 6, UINT64_MAX }, { 8, TWO_63 },
    { 10, TWO_63 - 1 }, { 11, 4 }
  };
  ppf_count all_back[] = { { 1, MINUS (6) }, { 5, MINUS (100) } };
  ppf_function dst = { 0 }, src = { 0 };
  int status;

  src.counts = fresh_src;
  src.num_counts = COUNTS_OF (fresh_src);
  status = ppf_counts_merge_deltas (&dst, &src);
  check_int ("deltas into an empty function: status", PPF_OK, status);
  check_counts ("deltas into an empty function", &dst, fresh_expected,
		COUNTS_OF (fresh_expected));
  free (dst.counts);

  dst.counts = malloc (sizeof old);
  if (!dst.counts)
    {
      check (0, "deltas: setup", "out of memory");
      return;
    }
  memcpy (dst.counts, old, sizeof old);
  dst.num_counts = COUNTS_OF (old);
  src.counts = deltas;
  src.num_counts = COUNTS_OF (deltas);
  status = ppf_counts_merge_deltas (&dst, &src);
  check_int ("deltas into counts: status", PPF_OK, status);
  check_counts ("deltas into counts", &dst, merged, COUNTS_OF (merged));

  src.num_counts = 0;
  status = ppf_counts_merge_deltas (&dst, &src);
  check_int ("no deltas: status", PPF_OK, status);
  check_counts ("no deltas: counts unchanged", &dst, merged,
		COUNTS_OF (merged));

  /* Taking back all that was counted leaves no count.  */
  src.counts = all_back;
  src.num_counts = COUNTS_OF (all_back);
  status = ppf_counts_merge_deltas (&dst, &src);
  check_int ("deltas taking back: status", PPF_OK, status);
  check_counts ("deltas taking back paths 1 and 5", &dst, merged + 2,
		COUNTS_OF (merged) - 2);
  free (dst.counts);

  /* ppf_counts_merge reads the same counts as plain counts: no clamp,
     the sum saturates.  */
  memset (&dst, 0, sizeof dst);
  src.counts = deltas;
  src.num_counts = COUNTS_OF (deltas);
  status = ppf_counts_merge (&dst, &src);
  check (status == PPF_OK && dst.num_counts == COUNTS_OF (deltas)
	 && !memcmp (dst.counts, deltas, sizeof deltas),
	 "ppf_counts_merge keeps counts of 2^63 and more",
	 "expected a copy of the %zu counts, saw %" PRIu64,
	 COUNTS_OF (deltas), dst.num_counts);
  free (dst.counts);
}

/* ppf_decode_known: a meta byte-identical to a known one is taken with
   the known num_paths, not decoded; any other meta is decoded in full.
   Shown with a known meta whose num_paths disagrees with its bytes: the
   decoder believes the caller, which is how the runtime skips decoding
   its own metas.  */

static void
test_decode_known (void)
{
  ppf_count counts[] = { { 1, 5 }, { 4, 1 }, { 7, 2 } };
  ppf_file f, d;
  ppf_known known[2];
  unsigned char *buf, *other;
  size_t size;
  char err[200];
  int status;

  sample_file (&f, counts, 3);
  if (ppf_encode (&f, &buf, &size) != PPF_OK)
    {
      check (0, "sample file encodes", "ppf_encode failed");
      return;
    }
  memset (known, 0, sizeof known);
  known[0].meta = f.functions[0].meta;
  known[0].meta_size = f.functions[0].meta_size;
  known[0].num_paths = 8;
  known[1].meta = f.functions[1].meta;
  known[1].meta_size = f.functions[1].meta_size;
  known[1].num_paths = 1;
  status = ppf_decode_known (buf, size, known, 2, &d, err, sizeof err);
  check (status == PPF_OK && d.functions[0].num_counts == 3
	 && !memcmp (d.functions[0].counts, counts, sizeof counts),
	 "decode with known metas", "expected OK and the counts, saw %d (%s)",
	 status, err);
  if (status == PPF_OK)
    ppf_file_free (&d);

  known[0].num_paths = 5;	/* path 7 is not below it */
  status = ppf_decode_known (buf, size, known, 2, &d, err, sizeof err);
  check (status == PPF_EBAD && strstr (err, "not below num_paths 5"),
	 "a known meta's num_paths bounds the counts",
	 "expected EBAD naming num_paths 5, saw %d (%s)", status, err);

  /* Known bytes that differ from the file's: the file's meta is decoded
     and its own num_paths (8) used.  */
  other = malloc (known[0].meta_size);
  memcpy (other, known[0].meta, known[0].meta_size);
  other[known[0].meta_size - 1] ^= 1;
  known[0].meta = other;
  status = ppf_decode_known (buf, size, known, 2, &d, err, sizeof err);
  check (status == PPF_OK, "a different known meta is decoded in full",
	 "expected OK with the file's own num_paths, saw %d (%s)", status,
	 err);
  if (status == PPF_OK)
    ppf_file_free (&d);

  /* A known meta does not excuse a damaged file.  */
  known[0].meta = f.functions[0].meta;
  known[0].num_paths = 8;
  buf[size - 1] ^= 1;
  status = ppf_decode_known (buf, size, known, 2, &d, err, sizeof err);
  check (status == PPF_EBAD && strstr (err, "checksum"),
	 "the file checksum is checked with known metas",
	 "expected EBAD for a checksum mismatch, saw %d (%s)", status, err);

  {
    uint64_t n = 0;
    check (ppf_meta_num_paths (f.functions[0].meta, f.functions[0].meta_size,
			       &n) == PPF_OK && n == 8,
	   "ppf_meta_num_paths reads num_paths", "expected 8, saw %llu",
	   (unsigned long long) n);
    check (ppf_meta_num_paths (f.functions[0].meta, 15, &n) == PPF_EBAD,
	   "ppf_meta_num_paths rejects a stub", "expected EBAD for 15 bytes");
  }
  free (other);
  free (buf);
  ppf_file_free (&f);
}

/* ppf_encode_into and ppf_read_fd_into reuse one buffer: the same bytes
   as ppf_encode, a smaller file read into a bigger buffer.  A meta made
   known with SHARE is the caller's, not copied, and not freed with the
   file.  */

static void
test_buffers (void)
{
  ppf_count counts[] = { { 1, 5 }, { 4, 1 }, { 7, 2 } };
  ppf_count fewer[] = { { 1, 5 } };
  ppf_file f, g, d;
  ppf_buffer b = { NULL, 0 };
  ppf_known known[2];
  unsigned char *buf, *first, *keep;
  size_t size, size2;
  char dir[] = "/tmp/ppf-buffers-XXXXXX", path[256], err[200];
  int status, fd;

  sample_file (&f, counts, 3);
  sample_file (&g, fewer, 1);
  if (ppf_encode (&f, &buf, &size) != PPF_OK)
    {
      check (0, "sample file encodes", "ppf_encode failed");
      return;
    }
  status = ppf_encode_into (&f, &b, &size2);
  check (status == PPF_OK && size2 == size && !memcmp (b.data, buf, size),
	 "ppf_encode_into: ppf_encode's bytes",
	 "status %d, %zu bytes against %zu", status, size2, size);
  first = b.data;
  status = ppf_encode_into (&g, &b, &size2);
  check (status == PPF_OK && size2 < size && b.data == first
	 && b.capacity >= size,
	 "ppf_encode_into reuses a big enough buffer",
	 "status %d, %zu bytes, moved %d", status, size2, b.data != first);
  status = ppf_decode (b.data, size2, &d, err, sizeof err);
  check (status == PPF_OK && d.functions[0].num_counts == 1,
	 "what ppf_encode_into wrote in a reused buffer decodes",
	 "status %d (%s)", status, err);
  if (status == PPF_OK)
    ppf_file_free (&d);

  if (mkdtemp (dir))
    {
      snprintf (path, sizeof path, "%s/a.pathprof", dir);
      fd = open (path, O_RDWR | O_CREAT | O_TRUNC, 0644);
      if (fd >= 0 && write (fd, buf, size) == (ssize_t) size)
	{
	  /* B holds more than the file: the size read is the file's.  */
	  memset (b.data, 0xee, b.capacity);
	  status = ppf_read_fd_into (fd, &b, &size2);
	  check (status == PPF_OK && size2 == size
		 && !memcmp (b.data, buf, size),
		 "ppf_read_fd_into a used buffer",
		 "status %d, %zu bytes against %zu", status, size2, size);
	  if (ftruncate (fd, 0) == 0)
	    {
	      status = ppf_read_fd_into (fd, &b, &size2);
	      check (status == PPF_OK && size2 == 0,
		     "ppf_read_fd_into an empty file", "status %d, %zu bytes",
		     status, size2);
	    }
	}
      if (fd >= 0)
	close (fd);
      unlink (path);
      rmdir (dir);
    }
  free (b.data);

  memset (known, 0, sizeof known);
  for (int i = 0; i < 2; i++)
    {
      known[i].meta = f.functions[i].meta;
      known[i].meta_size = f.functions[i].meta_size;
      known[i].share = i == 0;
    }
  known[0].num_paths = 8;
  known[1].num_paths = 1;
  keep = malloc (f.functions[0].meta_size);
  if (keep)
    memcpy (keep, f.functions[0].meta, f.functions[0].meta_size);
  status = ppf_decode_known (buf, size, known, 2, &d, err, sizeof err);
  check (status == PPF_OK && d.functions[0].meta == f.functions[0].meta
	 && d.functions[0].meta_shared
	 && d.functions[1].meta != f.functions[1].meta
	 && !d.functions[1].meta_shared,
	 "a shared known meta is the caller's, another one a copy",
	 "status %d (%s)", status, err);
  if (status == PPF_OK)
    ppf_file_free (&d);
  check (keep && !memcmp (keep, f.functions[0].meta,
			  f.functions[0].meta_size),
	 "freeing the file leaves a shared meta alone",
	 "the caller's meta changed");
  free (keep);
  free (buf);
  ppf_file_free (&f);
  ppf_file_free (&g);
}

/* Files of versions 1 and 2 are still read, as the same profile; they
   re-encode as version 3 (ppf_same_encoding allows for that), and a
   damaged one is refused.  */

static void
test_old_versions (void)
{
  ppf_count counts[] = { { 1, 5 }, { 4, 1 }, { 7, 2 } };
  ppf_file f, d;
  char err[200], name[100];

  sample_file (&f, counts, 3);
  for (uint32_t version = 1; version <= 2; version++)
    {
      size_t size, again_size;
      unsigned char *buf = encode_old_version (&f, version, &size), *again;
      int status = ppf_decode (buf, size, &d, err, sizeof err);

      snprintf (name, sizeof name, "a file of version %u is read",
		(unsigned) version);
      check (status == PPF_OK && d.version == version
	     && ppf_same_profile (&f, &d), name, "status %d (%s)", status,
	     err);
      if (status == PPF_OK)
	{
	  status = ppf_encode (&d, &again, &again_size);
	  snprintf (name, sizeof name, "version %u re-encodes as version 3, "
		    "the same profile", (unsigned) version);
	  check (status == PPF_OK && again[8] == 3
		 && ppf_same_encoding (buf, size, again, again_size), name,
		 "status %d", status);
	  if (status == PPF_OK)
	    free (again);
	  ppf_file_free (&d);
	}
      buf[size - 20] ^= 1;	/* a count */
      snprintf (name, sizeof name, "a damaged file of version %u is "
		"refused", (unsigned) version);
      status = ppf_decode (buf, size, &d, err, sizeof err);
      check (status == PPF_EBAD && strstr (err, "checksum mismatch"), name,
	     "status %d (%s)", status, err);
      free (buf);
    }
  ppf_file_free (&f);
}

int
main (void)
{
  unit_test_init ();
  test_buffers ();
  test_old_versions ();
  test_hash ();
  test_meta_layout ();
  test_meta_round_trip ();
  test_meta_restart ();
  test_meta_rules ();
  test_meta_early_exits ();
  test_file ();
  test_read_write ();
  test_merge ();
  test_merge_deltas ();
  test_decode_known ();
  return unit_test_report ();
}
