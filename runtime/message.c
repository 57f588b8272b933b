/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Messages from libpathprof to the user.

   Every message is one line starting with "pathprof: ".  It goes to
   standard error, or is appended to the file named by PATHPROF_ERROR_FILE
   (like GCOV_ERROR_FILE), or nowhere when PATHPROF_QUIET is set to
   anything but "" or "0".

   The line is formatted into a buffer on the stack and written with one
   write(2): no stdio, so nothing depends on the program's stdio buffers
   or locks (we may run inside exit, after a fork, or after the program
   closed stdout), and lines from concurrent processes appending to one
   error file do not interleave.  The error file is opened for each
   message and closed again: messages are rare, and this leaves no
   descriptor behind for the program to trip over.  errno is preserved.  */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime-internal.h"

#define MESSAGE_PREFIX "pathprof: "
#define MESSAGE_MAX 2048

/* Whether PATHPROF_QUIET asks for silence.  */

static int
quiet (void)
{
  const char *q = getenv ("PATHPROF_QUIET");

  return q && *q && strcmp (q, "0") != 0;
}

/* Write SIZE bytes of BUF to FD, retrying short and interrupted writes;
   give up silently otherwise (there is nowhere left to report to).  */

static void
write_all (int fd, const char *buf, size_t size)
{
  while (size > 0)
    {
      ssize_t n = write (fd, buf, size);

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	return;
      buf += n;
      size -= (size_t) n;
    }
}

/* Emit one message: "pathprof: " + FMT formatted + newline.  */

void
pp_rt_message (const char *fmt, ...)
{
  char line[MESSAGE_MAX];
  const char *error_file;
  size_t len;
  va_list ap;
  int saved_errno = errno, fd = -1;

  if (quiet ())
    return;
  memcpy (line, MESSAGE_PREFIX, sizeof MESSAGE_PREFIX - 1);
  len = sizeof MESSAGE_PREFIX - 1;
  va_start (ap, fmt);
  vsnprintf (line + len, sizeof line - len - 1, fmt, ap);
  va_end (ap);
  len = strlen (line);
  line[len++] = '\n';

  error_file = getenv ("PATHPROF_ERROR_FILE");
  if (error_file && *error_file)
    fd = open (error_file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC
	       | O_NOCTTY, 0666);
  if (fd >= 0)
    {
      write_all (fd, line, len);
      close (fd);
    }
  else
    write_all (STDERR_FILENO, line, len);
  errno = saved_errno;
}
