/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The .pathprof file format: encode, decode, validate.

   One module shared by the plugin (which encodes each function's static
   description, the "meta", and embeds it in the object), the runtime
   (which reads, merges and writes whole files) and pathprof-dump (which
   reads files and decodes metas).  doc/file-format.md describes every
   field; keep the two in step.

   All integers are little-endian whatever the host; strings are a u32
   byte length followed by the bytes, no terminator.  Decoding checks every
   length against the bytes that remain, so any input, however malformed,
   gives either a valid structure or an error message; never a crash.

   No global state.  Memory: every ppf_* structure returned owns its
   memory and is released by the matching *_free function.

   This header is the module's API; its files (ppio.c, ppmeta.c,
   ppformat.c, ppfile.c, ppmerge.c) and what they share are listed in
   ppformat-internal.h.  */

#ifndef PATHPROF_PPFORMAT_H
#define PATHPROF_PPFORMAT_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PPF_MAGIC "PATHPROF"   /* 8 bytes, no terminator in the file */
#define PPF_MAGIC_SIZE 8
/* The version written.  Version 1 files, whose trailing checksum is
   FNV-1a byte by byte, are still read; version 2's is ppf_hash_words,
   the same step on 64-bit words (eight times fewer multiplies: a write
   checksums the whole file, path descriptions included, twice).  */
#define PPF_VERSION 3
#define PPF_VERSION_MIN 1
#define PPF_NONE UINT32_MAX

/* Return codes.  */
enum
{
  PPF_OK = 0,
  PPF_ENOENT = -1,  /* the file does not exist */
  PPF_EIO = -2,     /* it could not be read or written (errno says why) */
  PPF_EBAD = -3,    /* it is not a valid .pathprof file (the message says
		       what is wrong: magic, version, truncated, checksum) */
  PPF_ENOMEM = -4,
  PPF_EMIXED = -5   /* a merge of a sampled profile and an exact one that
		       was not asked for (ppf_sampling_merge,
		       PPF_MERGE_MIXED) */
};

/* Kinds of DAG edges: the same numbers as enum pp_dag_kind (core).  */
enum
{
  PPF_EDGE_REAL = 0,
  PPF_EDGE_BACK_ENTRY = 1,
  PPF_EDGE_BACK_EXIT = 2,
  PPF_EDGE_CUT_ENTRY = 3,
  PPF_EDGE_CUT_EXIT = 4,
  PPF_EDGE_NORETURN_EXIT = 5,
  PPF_EDGE_RESTART_ENTRY = 6, /* ENTRY -> receiver of a longjmp or nonlocal
				 goto: the path starts after the jump */
  PPF_EDGE_EARLY_EXIT = 7,    /* block -> EXIT: the path left at a call
				 in the block that did not return
				 (longjmp, exit...); cfg_src = the block,
				 cfg_dst = the index of the call's line in
				 the block's lines, or PPF_NONE */
  PPF_EDGE_UNWIND_EXIT = 8    /* landing pad -> EXIT: the path left by an
				 exception passing through the call before
				 the pad; cfg_dst = PPF_NONE */
};

/* Function flags.  */
enum
{
  PPF_FN_HASHED = 1u << 0,    /* counted in the runtime's hash table */
  PPF_FN_TRUNCATED = 1u << 1, /* some edges were cut to bound path counts */
  PPF_FN_PARTIAL = 1u << 2,   /* built with partial-paths: an EARLY_EXIT
				 path was counted before its call, and taken
				 back if the call returned (exit, abort,
				 longjmp or an exception left it); without
				 it, only a longjmp back into the function
				 counts one */
  PPF_FN_DETAIL = 1u << 3,    /* the meta ends with the detail section:
				 each block's statement count and branch
				 line, and the outcome of each branch edge
				 (ppf_block.num_stmts, .branch,
				 ppf_meta.branches); without it those are
				 0, PPF_NONE and empty */
  PPF_FN_TIMED = 1u << 4,     /* built with metric=cycles (or ns): each
				 path's time was measured too
				 (ppf_count.time, in the file's
				 time_unit); the file has PPF_FILE_TIME */
  PPF_FN_ARTIFICIAL = 1u << 5, /* a function the compiler made, not the
				 user (an implicit constructor or
				 destructor, an OpenMP outlined body):
				 gcov leaves its lines out, and so do the
				 line counts of pathprof-dump's sources */
  PPF_FN_SOURCES = 1u << 7,   /* the meta ends with the sources section:
				 the compiler's working directory and the
				 size and hash of each of its files as
				 compiled (ppf_meta.comp_dir, .sources) */
  PPF_FN_APART = 1u << 6      /* early exits numbered apart (cut paths):
				 the EARLY_EXIT edges take no part in the
				 numbering, each has a Val that is a
				 distinct multiple N * k of num_paths N
				 (k >= 1), and the path left at it after a
				 prefix of Val v is numbered N * k + v,
				 below path_limit; counted by the runtime
				 when the call did not return.  Not with
				 PPF_FN_PARTIAL */
};

/* File flags.  */
enum
{
  PPF_FILE_UNITS = 1u << 0,   /* a merged profile of several objects: a
				 table of unit names follows unit_name, and
				 each function names its unit
				 (ppf_function.unit).  Never written by a
				 running program; the runtime treats such a
				 file as another build's */
  PPF_FILE_TIME = 1u << 1,    /* every count carries a time
				 (ppf_count.time; 0 for a function without
				 PPF_FN_TIMED), in ppf_file.time_unit */
  PPF_FILE_SAMPLED = 1u << 2  /* counts estimated from samples: every
				 count carries its samples
				 (ppf_count.samples), and the file its
				 ppf_file.sample_period (doc/sampling.md) */
};

/* Units of measure of the times (ppf_file.time_unit).  */
enum
{
  PPF_TIME_TSC = 0,           /* x86 time-stamp counter ticks (rdtsc) */
  PPF_TIME_NS = 1             /* nanoseconds of CLOCK_MONOTONIC */
};

/* Kinds of branch outcomes (ppf_branch.kind).  */
enum
{
  PPF_BRANCH_TRUE = 0,        /* a condition was true */
  PPF_BRANCH_FALSE = 1,       /* ... false */
  PPF_BRANCH_CASE = 2,        /* a switch took case labels (and maybe
				 default too) to this edge's block */
  PPF_BRANCH_DEFAULT = 3,     /* a switch's default label alone */
  PPF_BRANCH_GOTO = 4         /* a computed goto (or asm goto) went to
				 this edge's block */
};

typedef struct ppf_line
{
  uint32_t file;  /* index into ppf_meta.files */
  uint32_t line;
} ppf_line;

typedef struct ppf_block
{
  uint32_t index;      /* the compiler's block number; 0 ENTRY, 1 EXIT */
  uint32_t num_lines;
  ppf_line *lines;     /* source lines of its statements, in statement
			  order, consecutive duplicates removed */
  /* With PPF_FN_DETAIL only (else 0 and { PPF_NONE, 0 }):  */
  uint32_t num_stmts;  /* its GIMPLE statements, debug statements,
			  labels, nops and predict hints left out */
  ppf_line branch;     /* where the statement that ends it and chooses
			  among its successors is (a condition, switch
			  or computed goto); file PPF_NONE and line 0
			  when there is none or it has no location */
} ppf_block;

/* The outcome of a branch: which way the CFG edge SRC -> DST goes from
   the statement that ends SRC.  */
typedef struct ppf_branch
{
  uint32_t src, dst;   /* block numbers */
  uint32_t kind;       /* PPF_BRANCH_* */
  char *label;         /* as a user would say it: "true", "false",
			  "case 3", "case 1 ... 5, 7", "default",
			  "case 2, default", "goto L" */
} ppf_branch;

typedef struct ppf_edge
{
  uint32_t src, dst;          /* block numbers (ppf_block.index) */
  uint32_t kind;              /* PPF_EDGE_* */
  uint32_t cfg_src, cfg_dst;  /* the CFG edge it stands for: itself for
				 REAL, the backedge or cut edge for the
				 dummies, the restart edge (dispatcher ->
				 receiver) for RESTART_ENTRY, whose
				 cfg_src need not be a listed block;
				 cfg_dst = PPF_NONE for NORETURN */
  uint64_t val;               /* Val(e) */
} ppf_edge;

/* The static description of one instrumented function: everything needed
   to turn a path number into blocks and source lines without the object
   or the source.  */
/* A source file as the compiler read it (PPF_FN_SOURCES): its size and
   ppf_hash_file's hash of its bytes; PPF_UNKNOWN_SIZE and 0 when the
   compiler could not read it (a name such as "<built-in>", a file of a
   preprocessed input that is not there).  */
typedef struct ppf_source
{
  uint64_t size;
  uint64_t hash;
} ppf_source;

#define PPF_UNKNOWN_SIZE UINT64_MAX

typedef struct ppf_meta
{
  uint64_t checksum;      /* FNV-1a 64 of the encoding after this field */
  uint64_t num_paths;     /* N: complete paths are numbered 0..N-1 */
  uint32_t flags;         /* PPF_FN_* */
  /* Every path number a count may have is below it: num_paths, or with
     PPF_FN_APART (then stored after the flags) the end of the numbers
     of paths left at early exits.  Decoded metas always have it; one to
     encode without PPF_FN_APART may leave it 0.  */
  uint64_t path_limit;
  char *name;             /* assembler name (unique in the program) */
  char *display_name;     /* source-level name, e.g. "ns::A::f(int)" */
  uint32_t file;          /* index into files: where it is defined */
  uint32_t line;          /* line of its definition */
  uint32_t num_files;
  char **files;
  uint32_t num_blocks;
  ppf_block *blocks;      /* increasing index; ENTRY and EXIT included */
  uint32_t num_edges;
  ppf_edge *edges;        /* DAG edges grouped by src, increasing val
			     within a src (as pp_plan.dag_edges) */
  /* With PPF_FN_DETAIL only (else 0 and NULL):  */
  uint32_t num_branches;
  ppf_branch *branches;   /* strictly increasing (src, dst); only edges
			     that leave a block by a choice */
  /* With PPF_FN_SOURCES only (else NULL):  */
  char *comp_dir;         /* the compiler's working directory (getpwd),
			     against which relative FILES are resolved */
  ppf_source *sources;    /* [num_files]: each file as compiled */
} ppf_meta;

typedef struct ppf_count
{
  uint64_t path;
  uint64_t count;          /* with PPF_FILE_SAMPLED, an estimate: the
			      samples times the period of their run,
			      summed over the runs merged */
  uint64_t time;           /* with PPF_FILE_TIME: the path's total time,
			      start to end, over its COUNT executions
			      (callees included); else 0 */
  uint64_t samples;        /* with PPF_FILE_SAMPLED: the raw samples
			      COUNT was estimated from, 1 <= samples <=
			      count (equal: counted exactly).  In an
			      exact profile 0, never COUNT, so that code
			      that knows nothing of samples (calloc,
			      { path, count, time }) makes exact counts
			      as before; the encoder ignores it there */
} ppf_count;

typedef struct ppf_function
{
  unsigned char *meta;     /* encoded ppf_meta, byte for byte as the
			      plugin embedded it */
  uint32_t meta_size;
  uint64_t num_counts;
  ppf_count *counts;       /* strictly increasing path, count > 0 */
  uint32_t unit;           /* with PPF_FILE_UNITS, index into
			      ppf_file.units; else 0 */
  int meta_shared;         /* META is a ppf_known's (ppf_decode_known,
			      SHARE), not the file's to free */
} ppf_function;

/* One .pathprof file: the profile of one object file.  */
typedef struct ppf_file
{
  uint32_t version;
  uint32_t flags;          /* PPF_FILE_* */
  uint64_t runs;           /* program runs merged into it */
  char *unit_name;         /* main source file of the translation unit
			      (of a merged file: a description, e.g. the
			      common unit name or empty) */
  uint32_t num_units;      /* with PPF_FILE_UNITS (>= 1), else 0 */
  char **units;            /* unit names, for ppf_function.unit */
  /* With PPF_FILE_TIME, else 0:  */
  uint32_t time_unit;      /* PPF_TIME_* */
  uint64_t ticks_per_second; /* how many time units make a second: 10^9
				for PPF_TIME_NS; the measured TSC
				frequency, or 0 when unknown */
  /* With PPF_FILE_SAMPLED, else 0: the sampling period of every run
     merged into the file, or 0 when runs of several periods were (an
     exact profile merged in with PPF_MERGE_MIXED counts as period 1).  */
  uint64_t sample_period;
  uint32_t num_functions;
  ppf_function *functions; /* in the order the object lists them */
} ppf_file;

/* FNV-1a 64-bit hash, used for both checksums.  */
uint64_t ppf_hash (const void *data, size_t size, uint64_t seed);
/* The same FNV-1a step over the little-endian 64-bit words of DATA,
   then byte by byte over the last SIZE % 8: eight times fewer multiplies
   for a checksum that no earlier format fixed (journals of version 2).  */
uint64_t ppf_hash_words (const void *data, size_t size, uint64_t seed);
/* The trailing checksum of the .pathprof file whose checksum follows the
   SIZE bytes at BUF, by the version in its header (ppf_hash for version
   1, ppf_hash_words from version 2 on; PPF_VERSION's when SIZE is too
   short to hold one).  */
uint64_t ppf_file_checksum (const void *buf, size_t size);
/* Whether AGAIN (AGAIN_SIZE bytes), what ppf_encode made of a file
   decoded from the SIZE bytes at ORIG, is ORIG again: the same bytes; or,
   for a file of an earlier version, which re-encodes in the current
   layout, the same profile (ppf_same_profile of the two decoded).  The
   round trip the decoder and the encoder keep (tests and fuzzers).  */
int ppf_same_encoding (const unsigned char *orig, size_t size,
		       const unsigned char *again, size_t again_size);
/* Whether A and B hold the same profile: header fields, metas byte for
   byte, counts.  */
int ppf_same_profile (const ppf_file *a, const ppf_file *b);
/* Make every checksum of the encoded file at BUF (SIZE bytes) right for
   the bytes it holds: the trailing one of a file of version 1 or 2; the
   static checksum and the trailing one of version 3, whose layout must
   then be readable up to the static checksum.  1 when done, 0 when the
   layout could not be followed.  Tests and fuzzers, after an edit.  */
int ppf_fix_checksums (unsigned char *buf, size_t size);
#define PPF_HASH_SEED 0xcbf29ce484222325ULL

/* Metas.  ppf_meta_encode computes and stores M->checksum, then returns a
   malloc'd buffer in *BUF of *SIZE bytes.  ppf_meta_decode checks the
   checksum, all indices (files, blocks, edge endpoints) and the edge
   order.  */
int ppf_meta_encode (ppf_meta *m, unsigned char **buf, size_t *size);
int ppf_meta_decode (const unsigned char *buf, size_t size, ppf_meta *out,
		     char *err, size_t errlen);
void ppf_meta_free (ppf_meta *m);

/* The size and hash of the file open as F, read from its current
   position to its end (ppf_source): ppf_hash_words over its bytes.
   Returns PPF_OK, or PPF_EIO with errno set if reading failed.  */
int ppf_hash_file (FILE *f, ppf_source *out);
/* The block of M numbered INDEX, or NULL.  */
const ppf_block *ppf_meta_block (const ppf_meta *m, uint32_t index);
/* The outcome of the CFG edge SRC -> DST, or NULL (no detail section, or
   that edge is no branch).  */
const ppf_branch *ppf_meta_branch (const ppf_meta *m, uint32_t src,
				   uint32_t dst);
/* The unit name of function I of F: its units entry in a merged file,
   else F's unit_name.  */
const char *ppf_function_unit (const ppf_file *f, uint32_t i);
/* Only the num_paths of a meta: see ppmeta.c.  */
/* The path_limit of the meta of SIZE bytes at BUF, as ppf_meta_num_paths
   reads num_paths.  */
int ppf_meta_path_limit (const unsigned char *buf, size_t size,
			 uint64_t *path_limit);
/* The same, and *NAME_AT, the offset of the name (its u32 length, then
   its bytes) that follows the fixed head (checksum, num_paths, flags,
   path_limit with PPF_FN_APART): the one place that knows the head's
   layout for readers that skip the decoder.  PPF_EBAD if SIZE does not
   hold the head and the name's length.  */
int ppf_meta_head (const unsigned char *buf, size_t size,
		   uint64_t *path_limit, size_t *name_at);
int ppf_meta_num_paths (const unsigned char *buf, size_t size,
			uint64_t *num_paths);

/* Whole files.  ppf_read returns PPF_ENOENT quietly when PATH does not
   exist; other failures fill ERR with a message naming the problem (not
   the path: the caller adds it).  ppf_decode validates the structure
   (magic, version, lengths, count order, the trailing file checksum) and
   that each meta decodes.  */
int ppf_read (const char *path, ppf_file *out, char *err, size_t errlen);
/* The whole of FD from offset 0 into a malloc'd *BUF of *SIZE bytes,
   whatever FD's offset; PPF_OK, PPF_EIO (errno set) or PPF_ENOMEM.  */
int ppf_read_fd (int fd, unsigned char **buf, size_t *size);

/* A malloc'd buffer that several reads or encodings use in turn (the
   runtime's write of many profiles at one exit), so that its pages are
   touched once rather than once per file.  Zero-initialise it; free
   DATA when done.  */
typedef struct ppf_buffer
{
  unsigned char *data;
  size_t capacity;
} ppf_buffer;
/* ppf_read_fd into B, grown as needed: the content is B->data's first
   *SIZE bytes.  On failure B stays allocated for the caller to free.  */
int ppf_read_fd_into (int fd, ppf_buffer *b, size_t *size);
int ppf_decode (const unsigned char *buf, size_t size, ppf_file *out,
		char *err, size_t errlen);

/* A meta the caller has checked, which need not be decoded again when a
   file holds it byte for byte (ppf_decode_known).  */
typedef struct ppf_known
{
  const unsigned char *meta;
  uint32_t meta_size;
  uint64_t num_paths;  /* the bound of its counts' paths: the meta's
			  path_limit (num_paths without early exits
			  apart) */
  int share;   /* non-zero: a function holding this meta points at META
		  (meta_shared) instead of a copy, so META must outlive
		  the decoded file (the runtime's own metas) */
} ppf_known;
int ppf_read_known (const char *path, const ppf_known *known,
		    uint32_t num_known, ppf_file *out, char *err,
		    size_t errlen);
int ppf_decode_known (const unsigned char *buf, size_t size,
		      const ppf_known *known, uint32_t num_known,
		      ppf_file *out, char *err, size_t errlen);
int ppf_encode (const ppf_file *f, unsigned char **buf, size_t *size);
/* ppf_encode into B, grown as needed: the file is B->data's first *SIZE
   bytes.  On failure B stays allocated for the caller to free.  */
int ppf_encode_into (const ppf_file *f, ppf_buffer *b, size_t *size);

/* A version 3 file in two halves (doc/file-format.md): the static part,
   written once, and the counts section after it, which a run of the
   same build rewrites alone.  ppf_static_part encodes F's header, from
   the magic to num_functions, into HEAD (*HEAD_SIZE bytes) and gives
   the size of the whole static part (where the counts section starts)
   and its checksum, from the metas' own checksums: a few words per
   function.  ppf_encode_counts encodes F's counts section (runs, ticks,
   period, counts, checksum seeded with SUM) into B.  ppf_decode_counts
   reads one, SIZE bytes at BUF, into F, whose header and metas are set:
   the counts of each function (which must be empty) and runs, ticks and
   period; PPF_EBAD with a message when it is not exactly a counts
   section of F's functions with that seed, or, with END not null, when
   it does not start with one (*END is then where it ends); F is then
   left as it was.  */
int ppf_static_part (const ppf_file *f, ppf_buffer *head, size_t *head_size,
		     uint64_t *static_size, uint64_t *sum);
int ppf_encode_counts (const ppf_file *f, uint64_t sum, ppf_buffer *b,
		       size_t *size);
int ppf_decode_counts (const unsigned char *buf, size_t size, uint64_t sum,
		       ppf_file *f, size_t *end, char *err, size_t errlen);
/* ppf_decode of a file at BUF that other bytes may follow: *END is
   where it ends.  What a runtime killed while it journalled at the end
   of a profile leaves (ppjournal.h, "tail journal").  */
int ppf_decode_prefix (const unsigned char *buf, size_t size, ppf_file *out,
		       size_t *end, char *err, size_t errlen);
/* Write F to the open file descriptor FD (all of it, retrying short
   writes); PPF_EIO with errno preserved on failure.  */
int ppf_write_fd (int fd, const ppf_file *f, char *err, size_t errlen);
void ppf_file_free (ppf_file *f);

/* A + B, saturating at UINT64_MAX.  */
uint64_t ppf_count_add (uint64_t a, uint64_t b);
/* A x WEIGHT, saturating at UINT64_MAX.  */
uint64_t ppf_count_scale (uint64_t a, uint64_t weight);

/* Add SRC's counts into DST's for one function whose metas are identical:
   merges the two sorted count lists, saturating at UINT64_MAX; times
   and samples add likewise (so two sampled profiles add, and two exact
   ones keep their samples at 0).  */
int ppf_counts_merge (ppf_function *dst, const ppf_function *src);

/* How a merge treats sampled and exact counts.  */
enum
{
  PPF_MERGE_MIXED = 1u << 0,     /* ppf_sampling_merge: a sampled profile
				    and an exact one may merge, into a
				    sampled one, the exact counts entering
				    as samples of period 1 (samples =
				    count); without it, PPF_EMIXED */
  PPF_MERGE_EXACT_SRC = 1u << 1, /* ppf_counts_merge_weighted: SRC's
				    counts are exact ones entering a
				    sampled DST, each with samples =
				    count */
  PPF_MERGE_EXACT_DST = 1u << 2  /* ... DST's counts are exact ones of a
				    profile that becomes sampled: each
				    gets samples = count */
};

/* The sampling of a profile of FLAGS and PERIOD (a ppf_file's flags and
   sample_period) once a profile of SRC_FLAGS and SRC_PERIOD merges into
   it, both set in place: two exact profiles stay exact; two sampled
   ones stay sampled, of their period if it is the same, else of period
   0 (several).  A sampled profile and an exact one give PPF_EMIXED,
   *FLAGS and *PERIOD unchanged, unless HOW has PPF_MERGE_MIXED: then
   the result is sampled and the exact side counts as period 1.  On
   PPF_OK, *COUNTS_HOW (unless NULL) is what ppf_counts_merge_weighted
   must be given for every function: PPF_MERGE_EXACT_SRC,
   PPF_MERGE_EXACT_DST or 0.  */
int ppf_sampling_merge (uint32_t *flags, uint64_t *period,
			uint32_t src_flags, uint64_t src_period,
			unsigned how, unsigned *counts_how);

/* ppf_counts_merge with SRC's counts, times and samples multiplied by
   WEIGHT (>= 1) first, saturating (a weight leaves the period as it
   is), and HOW's PPF_MERGE_EXACT_SRC and PPF_MERGE_EXACT_DST (from
   ppf_sampling_merge): with PPF_MERGE_EXACT_DST, call it for every
   function of DST, with an empty SRC for one that SRC lacks.  PPF_OK,
   PPF_ENOMEM (DST unchanged) or PPF_EBAD (WEIGHT 0).  */
int ppf_counts_merge_weighted (ppf_function *dst, const ppf_function *src,
			       uint64_t weight, unsigned how);

/* The same for counts taken from a running program's memory, which are
   differences modulo 2^64 since the last write: a count of 2^63 or more
   is negative (partial-paths takes back a path's count when the call it
   ended at returns, and the count may have been written in between, by
   pathprof_dump in that call).  The sum is clamped at 0 and paths left
   at 0 are dropped.  No real count reaches 2^63.  Samples are
   differences too, clamped alike.  */
int ppf_counts_merge_deltas (ppf_function *dst, const ppf_function *src);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PPFORMAT_H */
