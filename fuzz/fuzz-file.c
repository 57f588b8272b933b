/* libFuzzer target: a whole .pathprof file through what the runtime and
   pathprof-dump do with it (fuzz/exercise.h): ppf_decode, every meta
   decoded, each DAG's regeneration built and every stored path
   regenerated, the canonical re-encoding checked, the file merged with
   itself.  A broken rule aborts, with the rule on stderr.

   Build and run: make fuzz (fuzz/run.sh).  By hand, with the .c files
   of format/ and core/ after the target's:

     clang-14 -g -O1 -fsanitize=fuzzer,address,undefined \
       -fno-sanitize-recover=undefined -Icore -Iformat \
       fuzz/fuzz-file.c FORMAT_AND_CORE_SOURCES -o fuzz-file
     ./fuzz-file -dict=fuzz/pathprof.dict CORPUS_DIR fuzz/corpus/file

   Debugging: ./fuzz-file CRASH_FILE replays one input; PPFUZZ_VERBOSE=1
   prints why each refused input was refused (to see how deep the
   mutations get); pathprof-dump CRASH_FILE shows what a user would
   see.  */

#include <stdio.h>
#include <stdlib.h>

#include "exercise.h"
#include "repair.h"

size_t LLVMFuzzerMutate (uint8_t *data, size_t size, size_t max_size);

/* Outcomes over the whole run, printed at exit: how deep the inputs
   got.  */
static unsigned long long runs, accepted, functions, regens, paths;
static int verbose;

static void
print_outcomes (void)
{
  fprintf (stderr, "fuzz-file: %llu inputs: %llu files accepted, %llu "
	   "functions, %llu DAGs regenerable, %llu paths regenerated\n",
	   runs, accepted, functions, regens, paths);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  const char *v = getenv ("PPFUZZ_VERBOSE");

  verbose = v && *v && strcmp (v, "0") != 0;
  atexit (print_outcomes);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  struct ppfuzz_result result;

#ifdef PPFUZZ_REPAIR_INPUT
  /* For AFL++, whose mutations do not go through
     LLVMFuzzerCustomMutator: repair a copy of the input here, unless its
     size is a multiple of 8 (so some damaged checksums get through).
     A crash input goes through the same repair (`seeds repair`,
     fuzz/seeds.c) before it joins fuzz/regressions.  */
  uint8_t *copy = malloc (size + 8);

  if (!copy)
    return 0;
  memcpy (copy, data, size);
  size = ppfuzz_repair_file (copy, size, size + 8, size % 8);
  data = copy;
#endif
  ppfuzz_exercise_file (data, size, &result);
#ifdef PPFUZZ_REPAIR_INPUT
  free (copy);
#endif
  if (result.outcome == PPFUZZ_BUG)
    {
      fprintf (stderr, "fuzz-file: bug: %s\n", result.message);
      abort ();
    }
  if (verbose && result.outcome == PPFUZZ_REJECTED)
    fprintf (stderr, "fuzz-file: refused: %s\n", result.message);
  runs++;
  accepted += result.outcome == PPFUZZ_ACCEPTED;
  functions += result.functions;
  regens += result.regens;
  paths += result.paths;
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
