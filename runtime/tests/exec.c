/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The exec wrappers (runtime/exec.c), called directly as the plugin's
   redirected calls call them: each of the ten writes the counts made so
   far, then runs the C library function with the same arguments (the
   variadic ones too: a shell run through each proves its arguments and
   environment arrived, by the exit status it returns).

   - a successful exec: the counts before it are in the file once, the
     run counted once;
   - an exec of this very program, which counts more in its new image:
     both parts in the file once each, two runs (one per image, as gcov
     counts them);
   - a failed exec (no such file): -1 and ENOENT as the C library gives
     them, then more counting and a normal exit: every count once, one
     run;
   - system and posix_spawn[p]: the file holds the counts so far when the
     call returns; the later counts are added at exit;
   - a vfork child that execs writes nothing (it shares its parent's
     memory and is not the owner of the counts); the parent writes them
     once.  */

#include "rt-test.h"

#include <spawn.h>

int __pathprof_execve (const char *, char *const[], char *const[]);
int __pathprof_execv (const char *, char *const[]);
int __pathprof_execvp (const char *, char *const[]);
int __pathprof_execvpe (const char *, char *const[], char *const[]);
int __pathprof_execl (const char *, const char *, ...);
int __pathprof_execlp (const char *, const char *, ...);
int __pathprof_execle (const char *, const char *, ...);
int __pathprof_system (const char *);
int __pathprof_posix_spawn (pid_t *, const char *,
			    const posix_spawn_file_actions_t *,
			    const posix_spawnattr_t *, char *const[],
			    char *const[]);
int __pathprof_posix_spawnp (pid_t *, const char *,
			     const posix_spawn_file_actions_t *,
			     const posix_spawnattr_t *, char *const[],
			     char *const[]);

static char dir[256], profile[300], err_path[300], self[4096];
static struct test_unit tu;

/* The wrappers, in the order of pathprof-abi.h.  */
enum call
{
  EXECVE, EXECV, EXECVP, EXECVPE, EXECL, EXECLP, EXECLE, SYSTEM,
  POSIX_SPAWN, POSIX_SPAWNP, NUM_CALLS
};

static const char *const call_names[NUM_CALLS] = {
  "execve", "execv", "execvp", "execvpe", "execl", "execlp", "execle",
  "system", "posix_spawn", "posix_spawnp"
};

/* What a run exec'ing into a shell expects of it: exit with 40 + the
   call's number; the calls with an environment pass the code in it.  */
#define EXIT_BASE 40

/* The counts before the call: loop path 1 three times, big path 10
   twice.  */

static void
count_before (void)
{
  test_unit_init (&tu, profile, "A", 0);
  __pathprof_register (&tu.unit);
  tu.counters[1] = 3;
  __pathprof_count_hashed (&tu.fn[1], 10);
  __pathprof_count_hashed (&tu.fn[1], 10);
}

/* The counts after the call (or in the new image): loop path 5 once, big
   path 20 once.  */

static void
count_after (void)
{
  tu.counters[5] += 1;
  __pathprof_count_hashed (&tu.fn[1], 20);
}

/* Check that the profile holds BEFORE times the counts of count_before
   and AFTER times those of count_after, and RUNS runs.  */

static void
check_profile (const char *what, uint64_t runs, uint64_t before,
	       uint64_t after)
{
  ppf_file f;

  if (!read_profile (what, profile, &f))
    return;
  check (f.runs == runs && profile_count (&f, 0, 1) == 3 * before
	 && profile_count (&f, 1, 10) == 2 * before
	 && profile_count (&f, 0, 5) == after
	 && profile_count (&f, 1, 20) == after, what,
	 "expected runs %" PRIu64 ", paths 1/5 = %" PRIu64 "/%" PRIu64
	 ", big 10/20 = %" PRIu64 "/%" PRIu64 ", saw runs %" PRIu64 ", %"
	 PRIu64 "/%" PRIu64 ", %" PRIu64 "/%" PRIu64, runs, 3 * before, after,
	 2 * before, after, f.runs, profile_count (&f, 0, 1),
	 profile_count (&f, 0, 5), profile_count (&f, 1, 10),
	 profile_count (&f, 1, 20));
  ppf_file_free (&f);
}

/* Run CALL with PROGRAM (a path, or a name for the calls that search
   PATH) and the shell arguments "-c" SCRIPT, or with ARG1 as the only
   argument when SCRIPT is NULL.  ENVP goes to the calls that take one.
   Returns the wrapper's result; for system and posix_spawn[p], also
   waits for the child and stores its wait status in *STATUS.  */

static int
do_call (enum call call, const char *program, const char *script,
	 const char *arg1, char *const envp[], int *status)
{
  const char *a1 = script ? "-c" : arg1, *a2 = script;
  char *const argv[] = { (char *) program, (char *) a1, (char *) a2, NULL };
  char command[4200];
  pid_t pid;
  int r;

  switch (call)
    {
    case EXECVE:
      return __pathprof_execve (program, argv, envp);
    case EXECV:
      return __pathprof_execv (program, argv);
    case EXECVP:
      return __pathprof_execvp (program, argv);
    case EXECVPE:
      return __pathprof_execvpe (program, argv, envp);
    case EXECL:
      return __pathprof_execl (program, program, a1, a2, (char *) NULL);
    case EXECLP:
      return __pathprof_execlp (program, program, a1, a2, (char *) NULL);
    case EXECLE:
      return __pathprof_execle (program, program, a1, a2, (char *) NULL,
				envp);
    case SYSTEM:
      snprintf (command, sizeof command, "%s%s%s%s%s", program,
		a1 ? " " : "", a1 ? a1 : "", a2 ? " '" : "", a2 ? a2 : "");
      if (a2)
	strcat (command, "'");
      r = __pathprof_system (command);
      *status = r;
      return r;
    case POSIX_SPAWN:
    case POSIX_SPAWNP:
      r = (call == POSIX_SPAWN ? __pathprof_posix_spawn
	   : __pathprof_posix_spawnp) (&pid, program, NULL, NULL, argv, envp);
      if (r == 0)
	waitpid (pid, status, 0);
      return r;
    default:
      abort ();
    }
}

/* Whether CALL takes an environment (system's shell inherits ours).  */

static int
takes_env (enum call call)
{
  return call == EXECVE || call == EXECVPE || call == EXECLE
    || call == POSIX_SPAWN || call == POSIX_SPAWNP;
}

/* Whether CALL searches PATH for its program.  */

static int
searches_path (enum call call)
{
  return call == EXECVP || call == EXECVPE || call == EXECLP
    || call == POSIX_SPAWNP || call == SYSTEM;
}

/* Whether CALL keeps the process image.  */

static int
keeps_image (enum call call)
{
  return call == SYSTEM || call == POSIX_SPAWN || call == POSIX_SPAWNP;
}

/* Child: count, run CALL (ARG) into a shell that exits with 40 + CALL.
   For the calls that return, check the file already holds the counts,
   count more, and exit normally.  */

static void
into_shell (void *arg)
{
  enum call call = (enum call) (intptr_t) arg;
  char code[32], script[64], *envp[] = { code, NULL };
  int status = -1, r;

  snprintf (code, sizeof code, "PP_EXIT_CODE=%d", EXIT_BASE + call);
  if (takes_env (call))
    snprintf (script, sizeof script, "exit $PP_EXIT_CODE");
  else
    snprintf (script, sizeof script, "exit %d", EXIT_BASE + call);
  count_before ();
  r = do_call (call, searches_path (call) ? "sh" : "/bin/sh", script, NULL,
	       envp, &status);
  if (!keeps_image (call))
    {
      check (0, call_names[call], "expected no return, saw %d (%s)", r,
	     strerror (errno));
      exit (99);
    }
  {
    char what[100];

    snprintf (what, sizeof what, "%s: returns as the C library does",
	      call_names[call]);
    check (r == (call == SYSTEM ? status : 0)
	   && exited_with (status, EXIT_BASE + call), what,
	   "expected the shell's exit %d, saw result %d, status %d",
	   EXIT_BASE + call, r, status);
    snprintf (what, sizeof what, "%s: the file has the counts when it "
	      "returns", call_names[call]);
    check_profile (what, 1, 1, 0);
  }
  count_after ();
  exit (EXIT_BASE + call);
}

static void
test_into_shell (void)
{
  for (int call = 0; call < NUM_CALLS; call++)
    {
      char what[200];
      int status = run_child (into_shell, (void *) (intptr_t) call, NULL,
			      NULL);

      snprintf (what, sizeof what, "%s: the program ran with its arguments%s",
		call_names[call], takes_env (call) ? " and environment" : "");
      check (exited_with (status, EXIT_BASE + call), what,
	     "expected exit %d, saw status %d", EXIT_BASE + call, status);
      snprintf (what, sizeof what, "%s: the counts before it are in the "
		"file once, one run", call_names[call]);
      check_profile (what, 1, 1, keeps_image (call));
      remove (profile);
    }
}

/* Child: count, run this very program through CALL as a new image
   (argv[1] = "--image"), which counts more and exits 0.  */

static void
into_self (void *arg)
{
  enum call call = (enum call) (intptr_t) arg;
  int status = -1;

  count_before ();
  do_call (call, self, NULL, "--image", environ, &status);
  if (!keeps_image (call))
    exit (98);
  check (exited_with (status, 0), call == SYSTEM ? "system of itself: the "
	 "child exits 0" : "posix_spawn of itself: the child exits 0",
	 "expected 0, saw status %d", status);
}

static void
test_into_self (void)
{
  static const enum call calls[] = { EXECVE, EXECV, EXECL, SYSTEM,
				     POSIX_SPAWN };

  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++)
    {
      char what[200];
      int status = run_child (into_self, (void *) (intptr_t) calls[i], NULL,
			      NULL);

      snprintf (what, sizeof what, "%s of itself: exits 0",
		call_names[calls[i]]);
      check (exited_with (status, 0), what, "expected 0, saw status %d",
	     status);
      snprintf (what, sizeof what, "%s of itself: both images' counts once "
		"each, two runs", call_names[calls[i]]);
      check_profile (what, 2, 1, 1);
      remove (profile);
    }
}

/* Child: count, fail CALL (no such program), count more, exit.  */

static void
failing (void *arg)
{
  enum call call = (enum call) (intptr_t) arg;
  char what[200];
  int status = -1, r;

  count_before ();
  errno = 0;
  r = do_call (call, searches_path (call) && call != SYSTEM
	       ? "pathprof-no-such-program" : "/nonexistent/program",
	       NULL, NULL, environ, &status);
  snprintf (what, sizeof what, "failed %s returns its error",
	    call_names[call]);
  if (call == SYSTEM)
    check (WIFEXITED (r) && WEXITSTATUS (r) == 127, what,
	   "expected the shell's 127, saw %d", r);
  else if (keeps_image (call))
    check (r == ENOENT, what, "expected ENOENT, saw %d", r);
  else
    check (r == -1 && errno == ENOENT, what, "expected -1 and ENOENT, saw "
	   "%d and %s", r, strerror (errno));
  count_after ();
}

static void
test_failing (void)
{
  for (int call = 0; call < NUM_CALLS; call++)
    {
      char what[200];
      int status = run_child (failing, (void *) (intptr_t) call, err_path,
			      NULL);

      snprintf (what, sizeof what, "failed %s: the program goes on and "
		"exits 0", call_names[call]);
      check (exited_with (status, 0), what, "expected exit 0, saw status %d",
	     status);
      snprintf (what, sizeof what, "failed %s, more work, exit: every count "
		"once, one run", call_names[call]);
      check_profile (what, 1, 1, 1);
      remove (profile);
    }
}

/* Child: count, vfork; the vfork child execs /bin/true through the
   wrapper, which must not write; the parent counts more and exits.  */

static void
vforking (void *arg)
{
  char *const argv[] = { "true", NULL };
  pid_t pid;
  int status;

  (void) arg;
  count_before ();
  pid = vfork ();
  if (pid == 0)
    {
      __pathprof_execve ("/bin/true", argv, environ);
      _exit (127);
    }
  waitpid (pid, &status, 0);
  check (exited_with (status, 0) && !exists (profile), "a vfork child's "
	 "exec writes nothing", "expected /bin/true's exit 0 and no %s, saw "
	 "status %d", profile, status);
  check (tu.counters[1] == 3, "a vfork child's exec leaves the counts "
	 "alone", "expected 3, saw %" PRIu64, tu.counters[1]);
  count_after ();
}

int
main (int argc, char **argv)
{
  ssize_t len;

  if (argc == 2 && !strcmp (argv[1], "--image"))
    {
      /* The new image of into_self: PROFILE comes from the environment,
	 as everything else is gone.  */
      const char *p = getenv ("PP_TEST_PROFILE");

      if (!p)
	return 97;
      snprintf (profile, sizeof profile, "%s", p);
      test_unit_init (&tu, profile, "A", 0);
      __pathprof_register (&tu.unit);
      count_after ();
      return 0;
    }
  unit_test_init ();
  unsetenv ("PATHPROF_PREFIX");
  unsetenv ("PATHPROF_PREFIX_STRIP");
  len = readlink ("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0)
    {
      check (0, "test setup", "expected /proc/self/exe, saw %s",
	     strerror (errno));
      return unit_test_report ();
    }
  self[len] = 0;
  make_temp_dir (dir, sizeof dir, "exec");
  snprintf (profile, sizeof profile, "%s/u.pathprof", dir);
  snprintf (err_path, sizeof err_path, "%s/stderr.txt", dir);
  setenv ("PP_TEST_PROFILE", profile, 1);
  test_into_shell ();
  test_into_self ();
  test_failing ();
  run_child (vforking, NULL, NULL, NULL);
  check_profile ("vfork: the parent writes every count once, one run", 1, 1,
		 1);
  remove (profile);
  remove_tree (dir);
  return unit_test_report ();
}
