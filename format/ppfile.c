/* SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1 */
/* Whole .pathprof files on descriptors and paths: read one whole (into
   a buffer, or decoded), encode one and write it.  Every failure of
   open, fstat, read and write is a status with errno kept and, where
   the call takes one, a message.  */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* After the system headers, which must keep their own visibility.  */
#pragma GCC visibility push(hidden)
#include "ppformat-internal.h"

/* Encode F and write all of it to FD, retrying short and interrupted
   writes.  On failure returns PPF_EIO with errno saying why (or the
   encoder's status), and a message in ERR.  */

int
ppf_write_fd (int fd, const ppf_file *f, char *err, size_t errlen)
{
  unsigned char *buf;
  size_t size, done = 0;
  int status, saved_errno;

  status = ppf_encode (f, &buf, &size);
  if (status != PPF_OK)
    {
      ppf_set_error (err, errlen, status == PPF_ENOMEM ? "out of memory"
		     : "invalid profile structure (not written)");
      return status;
    }
  while (done < size)
    {
      ssize_t n = write (fd, buf + done, size - done);

      if (n < 0 && errno == EINTR)
	continue;
      if (n <= 0)
	{
	  if (n == 0)
	    errno = EIO;
	  saved_errno = errno;
	  ppf_set_error (err, errlen, "cannot write: %s",
			 strerror (saved_errno));
	  free (buf);
	  errno = saved_errno;
	  return PPF_EIO;
	}
      done += (size_t) n;
    }
  free (buf);
  return PPF_OK;
}

/* Read the whole of FD from offset 0 into B, grown as needed, its
   first *SIZE bytes (pread: the descriptor's offset does not matter; an
   empty file gives a size of 0).  Returns PPF_OK, PPF_EIO with errno
   set, or PPF_ENOMEM; B stays allocated either way.  */

int
ppf_read_fd_into (int fd, ppf_buffer *b, size_t *size)
{
  struct stat st;
  size_t used = 0;

  *size = 0;
  if (fstat (fd, &st) != 0)
    return PPF_EIO;
  if ((uint64_t) st.st_size >= SIZE_MAX / 2)
    return PPF_ENOMEM;
  /* One byte more than the size, so that end of file is seen without a
     reallocation; the loop still copes with a file that grows.  */
  if (b->capacity < (size_t) st.st_size + 1 || !b->data)
    {
      unsigned char *data = realloc (b->data, (size_t) st.st_size + 1);

      if (!data)
	return PPF_ENOMEM;
      b->data = data;
      b->capacity = (size_t) st.st_size + 1;
    }
  for (;;)
    {
      ssize_t n;

      if (used == b->capacity)
	{
	  unsigned char *bigger;

	  if (b->capacity > SIZE_MAX / 2
	      || !(bigger = realloc (b->data, b->capacity * 2)))
	    return PPF_ENOMEM;
	  b->data = bigger;
	  b->capacity *= 2;
	}
      n = pread (fd, b->data + used, b->capacity - used, (off_t) used);
      if (n < 0 && errno == EINTR)
	continue;
      if (n < 0)
	return PPF_EIO;
      if (n == 0)
	break;
      used += (size_t) n;
    }
  *size = used;
  return PPF_OK;
}

/* Read the whole of FD from offset 0 into a malloc'd buffer *BUF of
   *SIZE bytes (ppf_read_fd_into).  */

int
ppf_read_fd (int fd, unsigned char **buf, size_t *size)
{
  ppf_buffer b = { NULL, 0 };
  int status = ppf_read_fd_into (fd, &b, size);

  if (status != PPF_OK)
    {
      int saved_errno = errno;

      free (b.data);
      errno = saved_errno;
      *buf = NULL;
      *size = 0;
      return status;
    }
  *buf = b.data;
  return PPF_OK;
}

/* Read the whole of PATH and decode it into *OUT.  PPF_ENOENT, with no
   message, when PATH does not exist; PPF_EIO with errno set when it
   cannot be opened or read, is a directory (EISDIR) or is not a regular
   file (EINVAL: a FIFO would block the program at exit, which is why the
   open does not wait); PPF_EBAD / PPF_ENOMEM from ppf_decode.  */

int
ppf_read (const char *path, ppf_file *out, char *err, size_t errlen)
{
  return ppf_read_known (path, NULL, 0, out, err, errlen);
}

/* ppf_read with ppf_decode_known's KNOWN metas.  */

int
ppf_read_known (const char *path, const ppf_known *known, uint32_t num_known,
		ppf_file *out, char *err, size_t errlen)
{
  int fd, saved_errno, status;
  struct stat st;
  unsigned char *buf = NULL;
  size_t size = 0;

  memset (out, 0, sizeof *out);
  fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    {
      if (errno == ENOENT)
	{
	  /* Quiet for the caller, but a message if it prints one anyway.  */
	  ppf_set_error (err, errlen, "does not exist");
	  return PPF_ENOENT;
	}
      saved_errno = errno;
      ppf_set_error (err, errlen, "cannot open: %s", strerror (saved_errno));
      errno = saved_errno;
      return PPF_EIO;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      if (fstat (fd, &st) != 0)
	{
	  saved_errno = errno;
	  ppf_set_error (err, errlen, "cannot stat: %s",
			 strerror (saved_errno));
	}
      else if (S_ISDIR (st.st_mode))
	{
	  saved_errno = EISDIR;
	  ppf_set_error (err, errlen, "is a directory");
	}
      else
	{
	  saved_errno = EINVAL;
	  ppf_set_error (err, errlen, "not a regular file");
	}
      close (fd);
      errno = saved_errno;
      return PPF_EIO;
    }
  status = ppf_read_fd (fd, &buf, &size);
  if (status != PPF_OK)
    {
      saved_errno = errno;
      close (fd);
      if (status == PPF_ENOMEM)
	ppf_set_error (err, errlen, "out of memory (or file too large)");
      else
	ppf_set_error (err, errlen, "cannot read: %s", strerror (saved_errno));
      errno = saved_errno;
      return status;
    }
  close (fd);
  status = ppf_decode_known (buf, size, known, num_known, out, err, errlen);
  free (buf);
  return status;
}
