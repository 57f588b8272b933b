/* libFuzzer target: the runtime's write of a unit's counts into an
   existing profile (runtime/write.c, pp_rt_write_unit), where the
   existing NAME.pathprof is the input.

   Each input is written to a file in a private temporary directory, and
   a unit is made up to be written over it:

   - if the input decodes, a unit of the same build (its metas, byte for
     byte), most of the time: the runtime must merge, and the file it
     writes must hold the input's counts plus the unit's.  Functions of
     up to 4096 paths count in dense counters, the others through the
     runtime's hash table (__pathprof_count_hashed), on the input's own
     paths and path 0;
   - otherwise, or when the input's last byte is odd, or it has times,
     several objects' units or sampled counts (file flags), which the
     unit made up here never has, a unit of another
     build (one function, ENTRY -> EXIT): the runtime must move the input
     aside, to NAME.pathprof.bad if it does not decode and
     NAME.pathprof.stale if it does, byte for byte, and write a fresh
     profile of the unit's counts alone.  An empty input is no profile
     yet: nothing is moved aside.  Either way the file is rewritten in
     place and no journal is left.

   The process writes the same file name every time, so only the first
   input counts a run (as a process that calls pathprof_dump twice).
   PATHPROF_QUIET silences the runtime's messages.  A broken expectation
   aborts with the reason on stderr.

   Build and run: make fuzz (fuzz/run.sh).  This target links the
   runtime's .c files besides the format and core modules.  Each input
   costs a lock, a read and two writes (journal, then profile), so it
   runs far fewer inputs a second than fuzz-file.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pathprof-abi.h"
#include "runtime-internal.h"

#include "repair.h"

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);

/* Functions with more paths than this count in the hash table.  */
#define MAX_DENSE 4096

static char dir[4096], path[4200], bad_path[4300], stale_path[4300],
  journal_path[4300];
static int first_write = 1;
static unsigned long long runs, merged, moved_bad, moved_stale;

/* The other build: ENTRY -> EXIT, one path.  */
static unsigned char *other_meta;
static size_t other_meta_size;

static void __attribute__ ((noreturn, format (printf, 1, 2)))
bug (const char *fmt, ...)
{
  va_list ap;

  fprintf (stderr, "fuzz-merge: bug: ");
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  abort ();
}

static void
clean_up (void)
{
  unlink (path);
  unlink (bad_path);
  unlink (stale_path);
  unlink (journal_path);
  rmdir (dir);
  fprintf (stderr, "fuzz-merge: %llu inputs: %llu merged, %llu moved to "
	   ".bad, %llu to .stale\n", runs, merged, moved_bad, moved_stale);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *tmp = getenv ("TMPDIR");
  static ppf_block blocks[] = { { 0, 0, NULL }, { 1, 0, NULL } };
  static ppf_edge edges[] = { { 0, 1, PPF_EDGE_REAL, 0, 1, 0 } };
  ppf_meta m = { 0 };

  snprintf (dir, sizeof dir, "%s/pathprof-fuzz-merge.XXXXXX",
	    tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp (dir))
    {
      perror ("fuzz-merge: mkdtemp");
      exit (1);
    }
  snprintf (path, sizeof path, "%s/unit.pathprof", dir);
  snprintf (bad_path, sizeof bad_path, "%s.bad", path);
  snprintf (stale_path, sizeof stale_path, "%s.stale", path);
  snprintf (journal_path, sizeof journal_path, "%s.journal", path);
  setenv ("PATHPROF_QUIET", "1", 1);
  unsetenv ("PATHPROF_PREFIX");
  unsetenv ("PATHPROF_PREFIX_STRIP");
  unsetenv ("PATHPROF_ERROR_FILE");

  m.num_paths = 1;
  m.name = m.display_name = "other_build";
  m.file = PPF_NONE;
  m.num_blocks = 2;
  m.blocks = blocks;
  m.num_edges = 1;
  m.edges = edges;
  if (ppf_meta_encode (&m, &other_meta, &other_meta_size) != PPF_OK)
    bug ("the other build's meta does not encode");
  atexit (clean_up);
  return 0;
}

/* Read the whole of FILE into a malloc'd buffer; its size in *SIZE.
   NULL if it does not exist.  */

static unsigned char *
slurp (const char *file, size_t *size)
{
  int fd = open (file, O_RDONLY);
  struct stat st;
  unsigned char *buf;

  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !(buf = malloc (st.st_size + 1))
      || read (fd, buf, st.st_size) != st.st_size)
    bug ("cannot read %s: %s", file, strerror (errno));
  close (fd);
  *size = (size_t) st.st_size;
  return buf;
}

/* The count of PATH in the sorted COUNTS (N of them), or 0.  */

static uint64_t
count_of (const ppf_count *counts, uint64_t n, uint64_t path)
{
  uint64_t lo = 0, hi = n;

  while (lo < hi)
    {
      uint64_t mid = lo + (hi - lo) / 2;

      if (counts[mid].path == path)
	return counts[mid].count;
      if (counts[mid].path < path)
	lo = mid + 1;
      else
	hi = mid;
    }
  return 0;
}

/* Count in FN (a function of NUM_PATHS paths) what the unit ran: every
   path of OLD (the same function in the input, or NULL) once more, and
   path 0 twice.  */

static void
count_run (struct __pathprof_function *fn, const ppf_function *old)
{
  for (int i = 0; i < 2; i++)
    {
      if (fn->counters)
	fn->counters[0]++;
      else
	__pathprof_count_hashed (fn, 0);
    }
  for (uint64_t k = 0; old && k < old->num_counts; k++)
    {
      if (fn->counters)
	fn->counters[old->counts[k].path]++;
      else
	__pathprof_count_hashed (fn, old->counts[k].path);
    }
}

/* What the unit counted for path P of a function whose input counts
   (or NULL) are OLD.  */

static uint64_t
counted (const ppf_function *old, uint64_t p)
{
  uint64_t c = p == 0 ? 2 : 0;

  if (old && count_of (old->counts, old->num_counts, p))
    c++;
  return c;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  ppf_file old, written;
  char err[256];
  int decoded, same, fd;
  uint32_t nfn, i;
  struct __pathprof_unit unit;
  struct __pathprof_function *records, **pointers;
  size_t aside_size = 0;
  unsigned char *aside;
  const char *aside_path;

  unlink (bad_path);
  unlink (stale_path);
  fd = open (path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd < 0 || (size && write (fd, data, size) != (ssize_t) size)
      || close (fd) != 0)
    bug ("cannot write %s: %s", path, strerror (errno));

  decoded = ppf_decode (data, size, &old, err, sizeof err) == PPF_OK;
  /* The made-up unit measures no time, is one object and counts
     exactly: a profile with times, a merged one (pathprof-tool merge)
     or a sampled one is another build's whatever its metas.  */
  same = decoded && !(size && (data[size - 1] & 1))
	 && !(old.flags & (PPF_FILE_UNITS | PPF_FILE_TIME
			   | PPF_FILE_SAMPLED));
  nfn = same ? old.num_functions : 1;
  records = calloc (nfn + 1, sizeof *records);
  pointers = calloc (nfn + 1, sizeof *pointers);
  if (!records || !pointers)
    bug ("out of memory");
  for (i = 0; i < nfn; i++)
    {
      struct __pathprof_function *fn = &records[i];
      ppf_meta m;

      pointers[i] = fn;
      if (!same)
	{
	  fn->meta = other_meta;
	  fn->meta_size = other_meta_size;
	  fn->num_paths = 1;
	  fn->num_dense = 1;
	  fn->counters = calloc (1, sizeof *fn->counters);
	  count_run (fn, NULL);
	  continue;
	}
      fn->meta = old.functions[i].meta;
      fn->meta_size = old.functions[i].meta_size;
      if (ppf_meta_decode (fn->meta, fn->meta_size, &m, err, sizeof err)
	  != PPF_OK)
	bug ("function %u of a decoded file: %s", i, err);
      fn->num_paths = m.num_paths;
      ppf_meta_free (&m);
      if (fn->num_paths <= MAX_DENSE)
	{
	  fn->counters = calloc (fn->num_paths, sizeof *fn->counters);
	  fn->num_dense = fn->num_paths;
	}
      count_run (fn, &old.functions[i]);
    }
  memset (&unit, 0, sizeof unit);
  unit.abi_version = PATHPROF_ABI_VERSION;
  unit.filename = path;
  unit.unit_name = "fuzz-merge.c";
  unit.num_functions = nfn;
  unit.functions = pointers;

  if (pp_rt_write_unit (&unit) != 0)
    bug ("pp_rt_write_unit failed (decoded %d, same build %d)", decoded,
	 same);
  if (ppf_read (path, &written, err, sizeof err) != PPF_OK)
    bug ("the file written does not read back: %s", err);

  /* Where the input went: nowhere when merged or empty, else aside
     intact.  */
  aside_path = same || size == 0 ? NULL : decoded ? stale_path : bad_path;
  aside = slurp (same || decoded ? stale_path : bad_path, &aside_size);
  if (!aside_path && aside)
    bug ("a profile of the same build was moved aside");
  if (!aside_path)
    merged++;
  else if (!aside || aside_size != size || memcmp (aside, data, size))
    bug ("the input was not moved to %s intact", aside_path);
  else if (decoded)
    moved_stale++;
  else
    moved_bad++;
  free (aside);
  if (slurp (same || decoded ? bad_path : stale_path, &aside_size))
    bug ("the input was moved to the wrong place");
  if (access (journal_path, F_OK) == 0)
    bug ("a journal was left after a write");

  /* What the file holds now.  */
  {
    uint64_t base_runs = same ? old.runs : 0;
    uint64_t want_runs = first_write && base_runs < UINT64_MAX
      ? base_runs + 1 : base_runs;

    if (written.runs != want_runs)
      bug ("runs %llu, expected %llu", (unsigned long long) written.runs,
	   (unsigned long long) want_runs);
  }
  if (written.num_functions != nfn)
    bug ("%u functions written, expected %u", written.num_functions, nfn);
  for (i = 0; i < nfn; i++)
    {
      const ppf_function *w = &written.functions[i];
      const ppf_function *o = same ? &old.functions[i] : NULL;

      if (w->meta_size != records[i].meta_size
	  || memcmp (w->meta, records[i].meta, w->meta_size))
	bug ("function %u: meta changed", i);
      /* Every path of either side, with the sum of the counts.  */
      for (uint64_t k = 0; k < w->num_counts; k++)
	{
	  uint64_t p = w->counts[k].path;
	  uint64_t a = o ? count_of (o->counts, o->num_counts, p) : 0;
	  uint64_t b = counted (o, p);
	  uint64_t want = a > UINT64_MAX - b ? UINT64_MAX : a + b;

	  if (w->counts[k].count != want)
	    bug ("function %u: path %llu count %llu, expected %llu", i,
		 (unsigned long long) p,
		 (unsigned long long) w->counts[k].count,
		 (unsigned long long) want);
	}
      {
	uint64_t want_n = o ? o->num_counts : 0;

	if (!o || !count_of (o->counts, o->num_counts, 0))
	  want_n++;		/* path 0 was added */
	if (w->num_counts != want_n)
	  bug ("function %u: %llu paths written, expected %llu", i,
	       (unsigned long long) w->num_counts,
	       (unsigned long long) want_n);
      }
    }
  first_write = 0;
  runs++;

  /* The unit's counts were subtracted after the write: nothing left.  */
  if (pp_rt_unit_has_counts (&unit))
    bug ("counts left in memory after a successful write");
  for (i = 0; i < nfn; i++)
    {
      if (!records[i].counters)
	pp_rt_hash_release (&records[i]);
      free (records[i].counters);
    }
  free (records);
  free (pointers);
  ppf_file_free (&written);
  if (decoded)
    ppf_file_free (&old);
  return 0;
}

/* libFuzzer's mutation, then the checksums repaired 7 times in 8 (see
   fuzz/repair.h).  */

size_t
LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size,
			 unsigned int seed)
{
  size = LLVMFuzzerMutate (data, size, max_size);
  return ppfuzz_repair_file (data, size, max_size, seed % 8);
}
