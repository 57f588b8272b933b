/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Dumps asked for by a signal, for programs that do not stop on their
   own (servers, daemons).

   PATHPROF_DUMP_SIGNAL=SIG (USR1, SIGUSR1, usr1, 10, RTMIN+2...): on SIG
   the profiles are written, as pathprof_dump () writes them, and the
   program goes on.  PATHPROF_DUMP_ON_TERM=1: on SIGTERM or SIGINT the
   profiles are written, then the signal's default action is restored and
   the signal raised again, so that the process still ends "killed by
   SIGTERM" (exit status 143 in a shell) as it would have.

   A write takes a mutex, which the interrupted thread may hold, and calls
   malloc: a signal handler may do neither.  So the handler only posts a
   semaphore (sem_post is async-signal-safe) and a thread of ours,
   waiting on it, does the write.
   The thread is created at the first registration, and only when one of
   the variables asks for it: a program that does not set them gets no
   thread, no handler, nothing.  A semaphore rather than the classic
   self-pipe: a pipe is two descriptors that a daemon closing every
   descriptor (or dup2 onto them) would take from under us, and the
   handler would then write a byte into one of the program's own files.

   Counting goes on while the thread writes: a write subtracts exactly
   what it wrote (snapshot.c), so counts made meanwhile go to the next
   write, and nothing is written twice.  Signals that arrive during a
   write are coalesced into one more write.

   The thread and the handler are code of whatever object holds the
   runtime: the program, libpathprof.so, or a shared object linked with
   libpathprof.a.  If that object was loaded by dlopen, it may be
   unloaded, and the next signal would jump into unmapped memory.  The
   exit handler runs then too (atexit in a shared object is tied to it,
   register.c), and calls pp_rt_dump_signals_stop: the signals go back to
   their old actions (the dump signal to "ignore": nobody is left to
   dump, and the operator did not ask for it to kill) and the thread is
   told to end and joined, so that nothing of ours is left running.  At
   a normal exit the same happens after the last write, which is
   harmless: a signal during the rest of the exit finds the action it
   would have found without pathprof.  (Pinning the object with dlopen
   (RTLD_NODELETE) would also do, but dlopen in a static program brings
   a linker warning.)

   The thread blocks every signal, so that the program's signals are
   delivered to the program's threads, as before.  After fork the child
   has no such thread; the fork child
   handler (register.c) calls pp_rt_dump_signals_after_fork, which gives
   the child a fresh semaphore and a thread of its own, so that a forked
   worker of a server answers the signal too.

   Handlers are installed only where they change nothing the program
   relies on: the dump signal's only if its action is the default or
   "ignore" (not over a handler an earlier constructor installed), the
   termination signals' only if their action is the default (a shell
   starts background jobs with SIGINT ignored, and they must stay
   immune).  A program that later installs its own handler for one of
   these signals takes it over: its handler runs, ours not.  */

#define _GNU_SOURCE
#include <errno.h>
#include <semaphore.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "runtime-internal.h"

/* The signal that asks for a dump, or 0.  */
static int dump_signal;
/* Whether SIGTERM and SIGINT write the profiles before they kill.  */
static int dump_on_term;
/* A termination signal received, for the thread to raise again after the
   write; 0 while none.  */
static volatile sig_atomic_t term_signal;
/* Posted by the handler, waited for by the thread.  */
static sem_t wakeup;
/* The thread, and whether it runs (or ran, in the parent before a
   fork).  */
static pthread_t dump_thread_id;
static int thread_started;
/* Set by pp_rt_dump_signals_stop: the thread ends.  */
static int stopping;
/* What the thread calls to write the profiles, with pp_rt_mutex held
   (pp_rt_dump_signals_start): register.c's, which this file does not
   call otherwise.  */
static void (*dump_profiles) (void);

/* The signals whose action we changed, and their old actions.  */
static int installed_dump, installed_term, installed_int;
static struct sigaction old_term_action, old_int_action;

/* Signals that must not be chosen: they cannot be caught, or they report
   a fault that the handler would return into.  */
static const int unusable_signals[] = {
  SIGKILL, SIGSTOP, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT,
  SIGSYS
};

/* Signal names without "SIG", as kill -l lists them.  */
static const struct
{
  const char *name;
  int number;
} signal_names[] = {
  { "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT },
  { "ILL", SIGILL }, { "TRAP", SIGTRAP }, { "ABRT", SIGABRT },
  { "IOT", SIGABRT }, { "BUS", SIGBUS }, { "FPE", SIGFPE },
  { "KILL", SIGKILL }, { "USR1", SIGUSR1 }, { "SEGV", SIGSEGV },
  { "USR2", SIGUSR2 }, { "PIPE", SIGPIPE }, { "ALRM", SIGALRM },
  { "TERM", SIGTERM }, { "CHLD", SIGCHLD }, { "CONT", SIGCONT },
  { "STOP", SIGSTOP }, { "TSTP", SIGTSTP }, { "TTIN", SIGTTIN },
  { "TTOU", SIGTTOU }, { "URG", SIGURG }, { "XCPU", SIGXCPU },
  { "XFSZ", SIGXFSZ }, { "VTALRM", SIGVTALRM }, { "PROF", SIGPROF },
  { "WINCH", SIGWINCH }, { "IO", SIGIO }, { "POLL", SIGPOLL },
  { "PWR", SIGPWR }, { "SYS", SIGSYS },
#ifdef SIGSTKFLT
  { "STKFLT", SIGSTKFLT },
#endif
};

/* The number of the decimal TEXT, which must be all digits, or -1.  */

static int
parse_number (const char *text)
{
  long v = 0;

  if (!*text)
    return -1;
  for (; *text; text++)
    {
      if (*text < '0' || *text > '9')
	return -1;
      v = v * 10 + (*text - '0');
      if (v > 1000)
	return -1;
    }
  return (int) v;
}

/* The signal TEXT names: a number, or a name with or without "SIG", in
   any case; RTMIN, RTMIN+N, RTMAX, RTMAX-N.  -1 if none.  */

static int
parse_signal (const char *text)
{
  size_t i;
  int n;

  n = parse_number (text);
  if (n >= 0)
    return n >= 1 && n < NSIG ? n : -1;
  if (!strncasecmp (text, "SIG", 3))
    text += 3;
  for (i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
    if (!strcasecmp (text, signal_names[i].name))
      return signal_names[i].number;
  if (!strncasecmp (text, "RTMIN", 5) || !strncasecmp (text, "RTMAX", 5))
    {
      int base = !strncasecmp (text, "RTMIN", 5) ? SIGRTMIN : SIGRTMAX;
      int sign = !strncasecmp (text, "RTMIN", 5) ? 1 : -1;

      text += 5;
      if (!*text)
	return base;
      if (*text != (sign > 0 ? '+' : '-'))
	return -1;
      n = parse_number (text + 1);
      if (n < 0 || base + sign * n < SIGRTMIN || base + sign * n > SIGRTMAX)
	return -1;
      return base + sign * n;
    }
  return -1;
}

/* Whether the variable NAME is set to something but "" or "0".  */

static int
env_flag (const char *name)
{
  const char *v = getenv (name);

  return v && *v && strcmp (v, "0") != 0;
}

/* The handler of every signal we catch: note a termination signal, wake
   the thread.  Async-signal-safe: a store and sem_post; errno kept.  */

static void
on_signal (int sig)
{
  int saved_errno = errno;

  if (sig != dump_signal)
    term_signal = sig;
  sem_post (&wakeup);
  errno = saved_errno;
}

/* After a termination signal: its default action, unblocked in this
   thread, and raised here, so the process ends as the signal would have
   ended it.  If the default action somehow does not end it, the thread
   goes back to waiting.  */

static void
raise_again (int sig)
{
  struct sigaction sa;
  sigset_t set;

  memset (&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sigemptyset (&sa.sa_mask);
  sigaction (sig, &sa, NULL);
  sigemptyset (&set);
  sigaddset (&set, sig);
  pthread_sigmask (SIG_UNBLOCK, &set, NULL);
  raise (sig);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
}

/* The dump thread: wait for a signal, write (dump_profiles), and for a
   termination signal end the process.  Ends when told to stop, after
   raising a termination signal that came first.  */

static void *
dump_thread (void *arg)
{
  (void) arg;
  for (;;)
    {
      int sig;
      sigset_t old;

      if (sem_wait (&wakeup) != 0)
	{
	  if (errno == EINTR)
	    continue;
	  return NULL;
	}
      while (sem_trywait (&wakeup) == 0)
	;			/* coalesce signals that came meanwhile */
      sig = term_signal;
      if (__atomic_load_n (&stopping, __ATOMIC_ACQUIRE) && !sig)
	return NULL;
      pp_rt_lock (&old);
      dump_profiles ();
      pp_rt_unlock (&old);
      if (sig)
	{
	  term_signal = 0;
	  raise_again (sig);
	}
      if (__atomic_load_n (&stopping, __ATOMIC_ACQUIRE))
	return NULL;
    }
}

/* Start the dump thread with every signal blocked (it inherits the mask
   of the thread that creates it).  0, or -1 after a message.  */

static int
start_thread (void)
{
  sigset_t all, old;
  pthread_t thread;
  int err;

  if (sem_init (&wakeup, 0, 0) != 0)
    {
      pp_rt_message ("cannot create a semaphore: %s; no dump on signal",
		     strerror (errno));
      return -1;
    }
  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  err = pthread_create (&thread, NULL, dump_thread, NULL);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (err != 0)
    {
      pp_rt_message ("cannot start the dump thread: %s; no dump on signal",
		     strerror (err));
      return -1;
    }
  pthread_setname_np (thread, "pathprof-dump");
  dump_thread_id = thread;
  thread_started = 1;
  return 0;
}

/* Install on_signal for SIG if its action now is the default, or with
   ALSO_IGNORED "ignore"; the old action goes to *OLD_ACTION if not
   NULL.  Returns whether it was installed.  */

static int
install (int sig, int also_ignored, struct sigaction *old_action)
{
  struct sigaction sa, old;

  if (sigaction (sig, NULL, &old) != 0)
    return 0;
  if (old.sa_handler != SIG_DFL
      && !(also_ignored && old.sa_handler == SIG_IGN))
    return 0;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset (&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  if (sigaction (sig, &sa, NULL) != 0)
    return 0;
  if (old_action)
    *old_action = old;
  return 1;
}

/* Read the variables; start the thread and install the handlers if they
   ask for it, the thread to call DUMP at each signal.  See the top of
   this file.  */

void
pp_rt_dump_signals_start (void (*dump) (void))
{
  const char *text = getenv ("PATHPROF_DUMP_SIGNAL");
  size_t i;

  dump_profiles = dump;
  if (text && *text)
    {
      int sig = parse_signal (text);

      for (i = 0; sig > 0 && i < sizeof unusable_signals / sizeof (int); i++)
	if (sig == unusable_signals[i])
	  {
	    pp_rt_message ("PATHPROF_DUMP_SIGNAL=%s: this signal cannot be "
			   "used; no dump on signal", text);
	    sig = 0;
	  }
      if (sig < 0)
	pp_rt_message ("PATHPROF_DUMP_SIGNAL=%s: not a signal name or "
		       "number (USR1, SIGUSR2, 10, RTMIN+1...); no dump on "
		       "signal", text);
      if (sig > 0)
	dump_signal = sig;
    }
  dump_on_term = env_flag ("PATHPROF_DUMP_ON_TERM");
  if (!dump_signal && !dump_on_term)
    return;
  if (start_thread () != 0)
    return;
  if (dump_signal)
    {
      installed_dump = install (dump_signal, 1, NULL);
      if (!installed_dump)
	pp_rt_message ("PATHPROF_DUMP_SIGNAL=%s: the signal already has a "
		       "handler; no dump on signal", text);
    }
  if (dump_on_term)
    {
      if (dump_signal != SIGTERM)
	installed_term = install (SIGTERM, 0, &old_term_action);
      if (dump_signal != SIGINT)
	installed_int = install (SIGINT, 0, &old_int_action);
    }
}

/* Put back the signals' old actions (the dump signal's: ignore), end the
   thread and wait for it (see the top of this file).  Called by the exit
   handler, without pp_rt_mutex, at exit or when the object holding the
   runtime is unloaded.  */

void
pp_rt_dump_signals_stop (void)
{
  struct sigaction ignore;

  if (!thread_started)
    return;
  memset (&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset (&ignore.sa_mask);
  if (installed_dump)
    sigaction (dump_signal, &ignore, NULL);
  if (installed_term)
    sigaction (SIGTERM, &old_term_action, NULL);
  if (installed_int)
    sigaction (SIGINT, &old_int_action, NULL);
  installed_dump = installed_term = installed_int = 0;
  __atomic_store_n (&stopping, 1, __ATOMIC_RELEASE);
  sem_post (&wakeup);
  pthread_join (dump_thread_id, NULL);
  thread_started = 0;
}

/* In the child after fork (register.c): the parent's thread is not
   here, and the semaphore's state is the parent's.  The handlers are
   inherited.  */

void
pp_rt_dump_signals_after_fork (void)
{
  if (!thread_started)
    return;
  thread_started = 0;
  term_signal = 0;
  __atomic_store_n (&stopping, 0, __ATOMIC_RELAXED);
  start_thread ();
}
