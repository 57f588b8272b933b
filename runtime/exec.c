/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* The exec wrappers: write the profiles, then replace the process image
   or start another program.

   The plugin redirects every call to execve, execv, execvp, execvpe,
   execl, execlp, execle, system, posix_spawn and posix_spawnp in
   instrumented code to __pathprof_NAME (plugin/redirect.cc), as GCC
   redirects them to __gcov_NAME under -fprofile-arcs
   (libgcov-interface.c).  Each wrapper has the C library function's exact
   type, writes every unit as pathprof_dump does, then calls the C library
   function and returns what it returns, with the errno it sets.

   Why a write is enough, without gcov's reset after a failed exec: a
   write subtracts from memory exactly what it put in the file
   (snapshot.c).  If the exec succeeds, the new image starts from zero and
   the counts so far are in the file once; if it fails, the program goes
   on and its later counts are written at exit, the earlier ones not
   again, and the run is counted once (write.c).  Counts made by other
   threads between the write and a successful exec are lost, as with
   gcov: the exec ends them mid-flight.

   system and posix_spawn[p] keep the image; writing first means that a
   child that is an instrumented copy of this program merges after the
   parent's counts so far, and that a parent killed while it waits has
   its counts up to the call on disk.

   A wrapper called in a process that does not own its counts (a vfork
   child, which shares its parent's memory, or any child made without
   the fork handlers: register.c) writes nothing: the parent writes what
   is in memory, and a vfork child must not change it.  The check is a
   getpid () and a load, without the lock.

   The variadic forms collect their arguments into an argv on the stack,
   as libgcov's __gcov_execl does (there with alloca, here a
   variable-length array): not malloc, because a vfork child must not
   call it and the image may be replaced before any free.  */

#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "runtime-internal.h"

/* The wrappers of pathprof-abi.h, with the C library's types.  Declared
   here rather than there, so that the ABI header needs no system header
   beyond stdint.h; default visibility: libpathprof.so exports them.  */
int __pathprof_execve (const char *path, char *const argv[],
		       char *const envp[]);
int __pathprof_execv (const char *path, char *const argv[]);
int __pathprof_execvp (const char *file, char *const argv[]);
int __pathprof_execvpe (const char *file, char *const argv[],
			char *const envp[]);
int __pathprof_execl (const char *path, const char *arg, ...);
int __pathprof_execlp (const char *file, const char *arg, ...);
int __pathprof_execle (const char *path, const char *arg, ...);
int __pathprof_system (const char *command);
int __pathprof_posix_spawn (pid_t *__restrict pid,
			    const char *__restrict path,
			    const posix_spawn_file_actions_t *file_actions,
			    const posix_spawnattr_t *__restrict attrp,
			    char *const argv[__restrict],
			    char *const envp[__restrict]);
int __pathprof_posix_spawnp (pid_t *__restrict pid,
			     const char *__restrict file,
			     const posix_spawn_file_actions_t *file_actions,
			     const posix_spawnattr_t *__restrict attrp,
			     char *const argv[__restrict],
			     char *const envp[__restrict]);

/* Write every unit before the image is replaced or another program
   started, if this process owns its counts (see above).  errno is
   preserved: the caller's C library function sets its own.  */

static void
write_before_exec (void)
{
  int saved_errno = errno;

  if (__atomic_load_n (&pp_rt_owner_pid, __ATOMIC_RELAXED) == getpid ())
    pp_rt_dump (0);
  errno = saved_errno;
}

/* The number of arguments up to and including the terminating null
   pointer, of a list that starts with FIRST and goes on in AP (consumed).
   As libgcov counts them.  */

static size_t
count_args (const char *first, va_list ap)
{
  size_t n = 1;			/* the null pointer */

  if (first)
    for (n++; va_arg (ap, char *); n++)
      ;
  return n;
}

/* Fill ARGV[0..N-1] from FIRST and AP (N as count_args returned).  */

static void
collect_args (char **argv, size_t n, const char *first, va_list ap)
{
  size_t i;

  argv[0] = (char *) first;
  for (i = 1; i < n; i++)
    argv[i] = va_arg (ap, char *);
}

/* execve (PATH, ARGV, ENVP), after writing the profiles.  */

int
__pathprof_execve (const char *path, char *const argv[], char *const envp[])
{
  write_before_exec ();
  return execve (path, argv, envp);
}

/* execv (PATH, ARGV), after writing the profiles.  */

int
__pathprof_execv (const char *path, char *const argv[])
{
  write_before_exec ();
  return execv (path, argv);
}

/* execvp (FILE, ARGV), after writing the profiles.  */

int
__pathprof_execvp (const char *file, char *const argv[])
{
  write_before_exec ();
  return execvp (file, argv);
}

/* execvpe (FILE, ARGV, ENVP), after writing the profiles.  */

int
__pathprof_execvpe (const char *file, char *const argv[], char *const envp[])
{
  write_before_exec ();
  return execvpe (file, argv, envp);
}

/* execl (PATH, ARG, ..., (char *) NULL): execv with the list.  */

int
__pathprof_execl (const char *path, const char *arg, ...)
{
  va_list ap;
  size_t n;

  write_before_exec ();
  va_start (ap, arg);
  n = count_args (arg, ap);
  va_end (ap);
  {
    char *argv[n];

    va_start (ap, arg);
    collect_args (argv, n, arg, ap);
    va_end (ap);
    return execv (path, argv);
  }
}

/* execlp (FILE, ARG, ..., (char *) NULL): execvp with the list.  */

int
__pathprof_execlp (const char *file, const char *arg, ...)
{
  va_list ap;
  size_t n;

  write_before_exec ();
  va_start (ap, arg);
  n = count_args (arg, ap);
  va_end (ap);
  {
    char *argv[n];

    va_start (ap, arg);
    collect_args (argv, n, arg, ap);
    va_end (ap);
    return execvp (file, argv);
  }
}

/* execle (PATH, ARG, ..., (char *) NULL, ENVP): execve with the list and
   the environment that follows its null pointer.  */

int
__pathprof_execle (const char *path, const char *arg, ...)
{
  va_list ap;
  size_t n;

  write_before_exec ();
  va_start (ap, arg);
  n = count_args (arg, ap);
  va_end (ap);
  {
    char *argv[n];
    char *const *envp;

    va_start (ap, arg);
    collect_args (argv, n, arg, ap);
    envp = va_arg (ap, char *const *);
    va_end (ap);
    return execve (path, argv, envp);
  }
}

/* system (COMMAND), after writing the profiles.  */

int
__pathprof_system (const char *command)
{
  write_before_exec ();
  return system (command);
}

/* posix_spawn (...), after writing the profiles.  */

int
__pathprof_posix_spawn (pid_t *__restrict pid, const char *__restrict path,
			const posix_spawn_file_actions_t *file_actions,
			const posix_spawnattr_t *__restrict attrp,
			char *const argv[__restrict],
			char *const envp[__restrict])
{
  write_before_exec ();
  return posix_spawn (pid, path, file_actions, attrp, argv, envp);
}

/* posix_spawnp (...), after writing the profiles.  */

int
__pathprof_posix_spawnp (pid_t *__restrict pid, const char *__restrict file,
			 const posix_spawn_file_actions_t *file_actions,
			 const posix_spawnattr_t *__restrict attrp,
			 char *const argv[__restrict],
			 char *const envp[__restrict])
{
  write_before_exec ();
  return posix_spawnp (pid, file, file_actions, attrp, argv, envp);
}
