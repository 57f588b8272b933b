/* libFuzzer target: one function's meta alone, as the plugin embeds it
   and the runtime checks it (ppf_meta_decode), then its DAG through
   regeneration (pp_regen_new, pp_regen_path on probe numbers) and the
   canonical re-encoding (fuzz/exercise.h).  Metas are smaller than
   files, so the fuzzer reaches the meta and DAG rules faster here than
   through fuzz-file.  The seeds (fuzz/corpus/meta) are the metas of the
   file seeds.

   Build and run: make fuzz (fuzz/run.sh); by hand as fuzz/fuzz-file.c
   says.  */

#include <stdio.h>
#include <stdlib.h>

#include "exercise.h"
#include "repair.h"

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);

static unsigned long long runs, accepted, regens, paths;

static void
print_outcomes (void)
{
  fprintf (stderr, "fuzz-meta: %llu inputs: %llu metas accepted, %llu "
	   "DAGs regenerable, %llu paths regenerated\n", runs, accepted,
	   regens, paths);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  atexit (print_outcomes);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct ppfuzz_result result;

  ppfuzz_exercise_meta (data, size, &result);
  if (result.outcome == PPFUZZ_BUG)
    {
      fprintf (stderr, "fuzz-meta: bug: %s\n", result.message);
      abort ();
    }
  runs++;
  accepted += result.outcome == PPFUZZ_ACCEPTED;
  regens += result.regens;
  paths += result.paths;
  return 0;
}

/* libFuzzer's mutation, then the checksum repaired 7 times in 8.  */

size_t
LLVMFuzzerCustomMutator (uint8_t *data, size_t size, size_t max_size,
			 unsigned int seed)
{
  size = LLVMFuzzerMutate (data, size, max_size);
  if (seed % 8 != 0)
    ppfuzz_repair_meta (data, size);
  return size;
}
