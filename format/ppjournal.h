/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The journal of a .pathprof file: NAME.pathprof.journal.

   While the runtime rewrites NAME.pathprof in place, the journal holds
   the profile's previous content, so that a writer killed mid-write
   leaves something whole: the next writer copies a complete journal
   back over the profile (runtime/write.c), and pathprof-dump reads
   a complete journal instead of the profile it stands for (report/load.c).
   doc/runtime.md, "Merging, locking and crashes", describes the
   protocol; doc/file-format.md the layout.

   Layout: the magic "PPJOURN3" (8 bytes), the u64 offset in the
   profile from which the old content was, the u64 length of the old
   content, that content byte for byte (possibly empty), and the
   checksum of everything before it, FNV-1a 64 over 64-bit words
   (ppf_hash_words); integers little-endian.  Putting it back means
   writing the content at the offset and cutting the profile at offset
   + length: the bytes before the offset were not touched.  A whole
   rewrite journals from offset 0; a run of the same build rewrites
   only the counts section of a version 3 profile and journals only it.
   Journals of earlier versions, which hold the whole profile from
   offset 0, are still read: "PPJOURN2" without the offset field, and
   "PPJOURNL", also checksummed FNV-1a byte by byte (ppf_hash).
   A journal is complete exactly when the length, the size and the
   checksum agree: one cut short by a crash never is, so its presence
   alone says nothing, its completeness says "the profile may be torn:
   this is its last complete content".

   No global state, no I/O: the callers read and write the files.  */

#ifndef PATHPROF_PPJOURNAL_H
#define PATHPROF_PPJOURNAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PPF_JOURNAL_MAGIC "PPJOURN3"  /* 8 bytes, no terminator */
#define PPF_JOURNAL_MAGIC_V2 "PPJOURN2" /* read, never written */
#define PPF_JOURNAL_MAGIC_V1 "PPJOURNL" /* read, never written */
#define PPF_JOURNAL_MAGIC_SIZE 8
/* The bytes a journal adds to the content it holds: magic, offset,
   length, checksum.  */
#define PPF_JOURNAL_OVERHEAD (PPF_JOURNAL_MAGIC_SIZE + 8 + 8 + 8)
/* What follows a profile's name to name its journal.  */
#define PPF_JOURNAL_SUFFIX ".journal"

/* The bytes a journal of the content OLD (SIZE bytes from OFFSET in the
   profile; OLD may be NULL when SIZE is 0) puts around it: HEAD, the
   magic, offset and length, goes before OLD, TAIL, the checksum, after
   it.  A writer writes the three pieces in turn and copies nothing.  */
#define PPF_JOURNAL_HEAD_SIZE (PPF_JOURNAL_MAGIC_SIZE + 8 + 8)
#define PPF_JOURNAL_TAIL_SIZE 8
void ppf_journal_frame (const unsigned char *old, size_t size,
			uint64_t offset,
			unsigned char head[PPF_JOURNAL_HEAD_SIZE],
			unsigned char tail[PPF_JOURNAL_TAIL_SIZE]);

/* The journal of the content OLD (SIZE bytes from OFFSET; OLD may be
   NULL when SIZE is 0) in a malloc'd buffer of *JOURNAL_SIZE bytes: the
   frame's head, OLD and its tail; NULL when out of memory.  */
unsigned char *ppf_journal_encode (const unsigned char *old, size_t size,
				   uint64_t offset, size_t *journal_size);

/* Whether the SIZE bytes at J are a complete journal: 1, with the
   offset in the profile of the content it holds in *OFFSET (0 for
   journals of earlier versions), the content in *OLD (pointing into J)
   and *OLD_SIZE; 0 otherwise, the outputs untouched.  */
int ppf_journal_decode (const unsigned char *j, size_t size,
			uint64_t *offset, const unsigned char **old,
			size_t *old_size);

/* The tail journal.  A run of the same build rewrites only the counts
   section of a version 3 profile, at the profile's end; it journals the
   old counts after them, in the profile itself, which spares creating
   and removing NAME.pathprof.journal (for a short process most of its
   exit's time: doc/performance.md, "The exit of a short process").
   Layout, ending the file: the old content (LENGTH bytes, from OFFSET
   in the profile), then a trailer of PPF_TAIL_SIZE bytes: u64 OFFSET,
   u64 LENGTH, the u64 checksum of the content (FNV-1a over words,
   seeded with the same over the trailer's first 16 bytes), and the
   magic "PPJTAIL3".  The content starts at or after OFFSET + LENGTH, so
   that writing the new counts at OFFSET never touches it; a hole may
   lie between (the new counts may be longer than the old).

   The writer appends the journal, writes the new counts at OFFSET, and
   cuts the file at their end, which removes the journal: that cut
   commits.  A file that ends with a complete tail journal is put back
   by writing the content at OFFSET and cutting the file after it.  A
   journal cut short leaves the profile whole, followed by bytes that
   are not one: they are cut off (ppf_decode_prefix says where the
   profile ends).  */
#define PPF_TAIL_MAGIC "PPJTAIL3"
#define PPF_TAIL_SIZE 32
void ppf_tail_frame (const unsigned char *old, size_t size, uint64_t offset,
		     unsigned char trailer[PPF_TAIL_SIZE]);
/* Whether TRAILER, the last PPF_TAIL_SIZE bytes of a file of FILE_SIZE
   bytes, closes a tail journal: the magic, and a content that lies
   between OFFSET + LENGTH and the trailer; then *OFFSET and *LENGTH.
   Whether the content is whole is ppf_tail_complete's question.  */
int ppf_tail_parse (const unsigned char trailer[PPF_TAIL_SIZE],
		    uint64_t file_size, uint64_t *offset, uint64_t *length);
/* Whether OLD, the LENGTH bytes before TRAILER, are what it was written
   after (its checksum).  */
int ppf_tail_complete (const unsigned char trailer[PPF_TAIL_SIZE],
		       const unsigned char *old, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* PATHPROF_PPJOURNAL_H */
