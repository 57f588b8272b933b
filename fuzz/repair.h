/* Checksum repair for the fuzz targets' custom mutators.

   Every meta and every file ends or starts with an FNV-1a checksum
   (doc/file-format.md), so nearly every mutation of a seed is refused
   at the checksum and never reaches the rules behind it.  After
   libFuzzer's own mutation, the targets' LLVMFuzzerCustomMutator calls
   these functions to recompute the checksums, most of the time: the
   input that libFuzzer keeps, and any crash it writes, is then an
   ordinary file with valid checksums, which ppf_decode can be given
   as is (no harness-only encoding to undo).

   The file walk is lenient: it follows the layout as far as the bytes
   allow (a length that runs past the end stops it) and repairs each
   meta it passes.  */

#ifndef PATHPROF_FUZZ_REPAIR_H
#define PATHPROF_FUZZ_REPAIR_H

#include <stddef.h>
#include <stdint.h>

#include "ppformat.h"

/* Little-endian loads and stores, as the format has them.  */

static uint64_t __attribute__ ((unused))
ppfuzz_load (const unsigned char *p, int bytes)
{
  uint64_t v = 0;

  for (int i = 0; i < bytes; i++)
    v |= (uint64_t) p[i] << (8 * i);
  return v;
}

static void __attribute__ ((unused))
ppfuzz_store_u64 (unsigned char *p, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char) (v >> (8 * i));
}

/* Store in the first 8 bytes of the meta of SIZE bytes at BUF the
   checksum of the rest.  */

static void __attribute__ ((unused))
ppfuzz_repair_meta (unsigned char *buf, size_t size)
{
  if (size >= 8)
    ppfuzz_store_u64 (buf, ppf_hash (buf + 8, size - 8, PPF_HASH_SEED));
}

/* Repair the file of SIZE bytes at BUF (room for MAX_SIZE) as CHOICE
   says: 0 leave it alone; 1 repair the metas and put the file checksum
   in the last 8 bytes; otherwise repair the metas and, if the walk got
   through every function, put the file checksum right after them and cut
   the file there (when it fits in MAX_SIZE).  A file of version 3 has
   its metas and both its checksums repaired, its size kept.  Returns
   the new size.  */

static size_t __attribute__ ((unused))
ppfuzz_repair_file (unsigned char *buf, size_t size, size_t max_size,
		    unsigned choice)
{
  size_t pos = 24, end = 0;
  uint64_t num_functions, i;

  if (choice == 0)
    return size;
  if (size >= 16 && ppfuzz_load (buf + 8, 4) >= 3)
    {
      /* Version 3: the metas, every one after the header (magic,
	 version, flags, unit name, num_functions; a plain file's), then
	 both checksums (ppf_fix_checksums, which follows the layout
	 itself).  */
      pos = 16;
      if (size >= pos + 4 && ppfuzz_load (buf + pos, 4) <= size - pos - 4)
	{
	  pos += 4 + ppfuzz_load (buf + pos, 4);
	  if (size >= pos + 4)
	    {
	      num_functions = ppfuzz_load (buf + pos, 4);
	      pos += 4;
	      for (i = 0; i < num_functions && size - pos >= 4; i++)
		{
		  uint64_t meta_size = ppfuzz_load (buf + pos, 4);

		  pos += 4;
		  if (meta_size > size - pos)
		    break;
		  ppfuzz_repair_meta (buf + pos, meta_size);
		  pos += meta_size;
		}
	    }
	}
      ppf_fix_checksums (buf, size);
      return size;
    }
  if (size >= pos + 4)
    {
      uint64_t len = ppfuzz_load (buf + pos, 4);

      if (len <= size - pos - 4)
	pos += 4 + len;
      else
	pos = size;
    }
  if (size >= pos + 4)
    {
      num_functions = ppfuzz_load (buf + pos, 4);
      pos += 4;
      for (i = 0; i < num_functions; i++)
	{
	  uint64_t meta_size, num_counts;

	  if (size - pos < 4)
	    break;
	  meta_size = ppfuzz_load (buf + pos, 4);
	  pos += 4;
	  if (meta_size > size - pos)
	    break;
	  ppfuzz_repair_meta (buf + pos, meta_size);
	  pos += meta_size;
	  if (size - pos < 8)
	    break;
	  num_counts = ppfuzz_load (buf + pos, 8);
	  pos += 8;
	  if (num_counts > (size - pos) / 16)
	    break;
	  pos += 16 * num_counts;
	}
      if (i == num_functions)
	end = pos;
    }
  if (choice != 1 && end && end + 8 <= max_size)
    {
      ppfuzz_store_u64 (buf + end, ppf_file_checksum (buf, end));
      return end + 8;
    }
  if (size >= 8)
    ppfuzz_store_u64 (buf + size - 8, ppf_file_checksum (buf, size - 8));
  return size;
}

#endif /* PATHPROF_FUZZ_REPAIR_H */
