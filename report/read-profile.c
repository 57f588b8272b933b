/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reading one .pathprof file that a running program may be rewriting:
   see read-profile.h.  */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ppjournal.h"
#include "read-profile.h"

/* Reads without the lock before a profile that does not decode is
   called damaged: one write between the two reads of an attempt is
   enough to spoil it, two in a row are already unlikely.  */
#define UNLOCKED_TRIES 3
/* The longest pause between two tries of the lock: short beside a
   writer's hold, so that the reader gets in soon after it.  */
#define LOCK_POLL_MAX_MS 20

/* Milliseconds on a clock that does not jump.  */

static long long
now_ms (void)
{
  struct timespec ts;

  if (clock_gettime (CLOCK_MONOTONIC, &ts) != 0)
    return 0;
  return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Sleep MS milliseconds, through signals.  */

static void
sleep_ms (long ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

  while (nanosleep (&ts, &ts) != 0 && errno == EINTR)
    ;
}

/* Open PATH for reading, as ppf_read does: without waiting on a FIFO,
   and only a regular file.  Returns the descriptor, or -1 with the
   status in *STATUS and, but for PPF_ENOENT, a message in ERR.  */

static int
open_profile (const char *path, int *status, char *err, size_t errlen)
{
  struct stat st;
  int fd = open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

  if (fd < 0)
    {
      *status = errno == ENOENT ? PPF_ENOENT : PPF_EIO;
      if (errno == ENOENT)
	snprintf (err, errlen, "does not exist");
      else
	snprintf (err, errlen, "cannot open: %s", strerror (errno));
      return -1;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      *status = PPF_EIO;
      if (fstat (fd, &st) != 0)
	snprintf (err, errlen, "cannot stat: %s", strerror (errno));
      else
	snprintf (err, errlen, S_ISDIR (st.st_mode) ? "is a directory"
		  : "not a regular file");
      close (fd);
      return -1;
    }
  return fd;
}

enum lock_result
{
  LOCK_HELD,
  LOCK_BUSY,        /* a writer held it until the deadline */
  LOCK_UNSUPPORTED  /* the file system cannot lock */
};

/* Take a shared lock on all of FD, trying until DEADLINE (now_ms).
   F_SETLKW cannot be given a time limit but by a signal, which a tool
   has no business setting up, so F_SETLK is polled, every millisecond
   at first, then less often.  */

static enum lock_result
lock_shared (int fd, long long deadline)
{
  struct flock lock;
  long pause = 1;

  memset (&lock, 0, sizeof lock);
  lock.l_type = F_RDLCK;
  lock.l_whence = SEEK_SET;
  for (;;)
    {
      long long left;

      if (fcntl (fd, F_SETLK, &lock) == 0)
	return LOCK_HELD;
      if (errno == EINTR)
	continue;
      if (errno != EACCES && errno != EAGAIN)
	return LOCK_UNSUPPORTED;
      left = deadline - now_ms ();
      if (left <= 0)
	return LOCK_BUSY;
      sleep_ms (pause < left ? pause : (long) left);
      pause = pause * 2 < LOCK_POLL_MAX_MS ? pause * 2 : LOCK_POLL_MAX_MS;
    }
}

/* Whether FD is still the file named PATH: a writer holding the lock
   may have moved it aside (.bad, .stale) or removed it.  */

static bool
still_named (int fd, const char *path)
{
  struct stat st, named;

  return fstat (fd, &st) == 0 && st.st_nlink > 0 && stat (path, &named) == 0
	 && named.st_dev == st.st_dev && named.st_ino == st.st_ino;
}

/* Read the journal at JOURNAL_PATH into *J (malloc'd, *J_SIZE bytes).
   Returns whether there is one to judge: false when it does not exist
   or cannot be read (then *J_ERRNO says why, 0 for none).  */

static bool
read_journal (const char *journal_path, unsigned char **j, size_t *j_size,
	      int *j_errno)
{
  struct stat st;
  int fd, status;

  *j = NULL;
  *j_size = 0;
  *j_errno = 0;
  fd = open (journal_path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0)
    {
      if (errno != ENOENT)
	*j_errno = errno;
      return false;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      *j_errno = fstat (fd, &st) != 0 ? errno : EINVAL;
      close (fd);
      return false;
    }
  status = ppf_read_fd (fd, j, j_size);
  if (status != PPF_OK)
    *j_errno = status == PPF_ENOMEM ? ENOMEM : errno;
  close (fd);
  return status == PPF_OK;
}

/* Decode the last complete profile OLD (OLD_SIZE bytes) that a complete
   journal holds into *OUT.  Empty, it was the content of a profile just
   created: the first write was interrupted.  */

static int
decode_journal_copy (const unsigned char *old, size_t old_size,
		     const ppf_known *known, uint32_t num_known,
		     ppf_file *out, char *err, size_t errlen)
{
  char why[256];
  int status;

  if (old_size == 0)
    {
      snprintf (err, errlen, "its first write was interrupted: no "
		"complete profile yet");
      return PPF_EBAD;
    }
  why[0] = '\0';
  status = ppf_decode_known (old, old_size, known, num_known, out, why,
			     sizeof why);
  if (status != PPF_OK)
    snprintf (err, errlen, "its last write was interrupted, and the "
	      "journal's copy of the profile before it is damaged: %s", why);
  return status;
}

/* If the profile BUF (SIZE bytes) ends with a complete journal (ppjournal.h,
   "tail journal"), decode into *OUT the profile it was before that
   write: its bytes before the journal's offset and the journal's
   content, and set HOW->from_tail; PPF_EBAD with ERR when that is
   damaged.  Otherwise PPF_OK and HOW->from_tail false, *OUT untouched.  */

static int
read_tail (const unsigned char *buf, size_t size, const ppf_known *known,
	   uint32_t num_known, ppf_file *out, report_read_how *how, char *err,
	   size_t errlen)
{
  const unsigned char *trailer = buf + size - PPF_TAIL_SIZE;
  uint64_t offset, length;
  unsigned char *whole;
  char why[256];
  int status;

  how->from_tail = false;
  if (size < PPF_TAIL_SIZE
      || !ppf_tail_parse (trailer, size, &offset, &length)
      || !ppf_tail_complete (trailer, trailer - length, (size_t) length))
    return PPF_OK;
  how->from_tail = true;
  whole = malloc ((size_t) (offset + length) + 1);
  if (!whole)
    {
      snprintf (err, errlen, "out of memory");
      return PPF_ENOMEM;
    }
  memcpy (whole, buf, (size_t) offset);
  memcpy (whole + offset, trailer - length, (size_t) length);
  why[0] = '\0';
  status = ppf_decode_known (whole, (size_t) (offset + length), known,
			     num_known, out, why, sizeof why);
  free (whole);
  if (status == PPF_EBAD)
    snprintf (err, errlen, "its last write was interrupted, and the "
	      "journal at its end does not make a profile: %s", why);
  return status;
}

/* Read the profile at FD, and decode into *OUT the journal's copy if
   the journal at JOURNAL_PATH is complete, the profile's bytes
   otherwise.  With the lock held, once is enough; without it, up to
   UNLOCKED_TRIES times while the profile does not decode.  */

static int
read_content (int fd, const char *journal_path, bool locked,
	      const ppf_known *known, uint32_t num_known, ppf_file *out,
	      report_read_how *how, char *err, size_t errlen)
{
  for (int attempt = 1;; attempt++)
    {
      unsigned char *buf, *j, *whole = NULL;
      const unsigned char *old;
      size_t size, j_size, old_size;
      uint64_t offset;
      int status, j_errno;

      /* Unlocked, the profile first: a journal found complete after it
	 covers whatever a writer did to it meanwhile.  */
      status = ppf_read_fd (fd, &buf, &size);
      if (status != PPF_OK)
	{
	  if (status == PPF_ENOMEM)
	    snprintf (err, errlen, "out of memory");
	  else
	    snprintf (err, errlen, "cannot read: %s", strerror (errno));
	  return status;
	}
      if (read_journal (journal_path, &j, &j_size, &j_errno)
	  && ppf_journal_decode (j, j_size, &offset, &old, &old_size))
	{
	  how->from_journal = true;
	  /* A journal from an offset holds the counts section: the bytes
	     before it are the profile's, which that write left alone.  */
	  if (offset > size || old_size > SIZE_MAX - offset)
	    {
	      snprintf (err, errlen, "its last write was interrupted, and it "
			"is shorter (%zu bytes) than the part its journal "
			"leaves to it (%llu)", size,
			(unsigned long long) offset);
	      status = PPF_EBAD;
	    }
	  else if (offset && !(whole = malloc ((size_t) offset + old_size)))
	    {
	      snprintf (err, errlen, "out of memory");
	      status = PPF_ENOMEM;
	    }
	  else
	    {
	      if (whole)
		{
		  memcpy (whole, buf, (size_t) offset);
		  memcpy (whole + offset, old, old_size);
		  old = whole;
		  old_size += (size_t) offset;
		}
	      status = decode_journal_copy (old, old_size, known, num_known,
					    out, err, errlen);
	    }
	  free (whole);
	  free (buf);
	  free (j);
	  return status;
	}
      free (j);
      status = read_tail (buf, size, known, num_known, out, how, err,
			  errlen);
      if (status == PPF_EBAD && how->from_tail)
	{
	  free (buf);
	  return status;
	}
      if (!how->from_tail)
	status = ppf_decode_known (buf, size, known, num_known, out, err,
				   errlen);
      if (status == PPF_EBAD)
	{
	  /* A journal at its end that its writer did not finish: the
	     profile before it is whole, as the next writer will make it
	     (it cuts the rest off).  */
	  size_t end;
	  char why[8];

	  if (ppf_decode_prefix (buf, size, out, &end, why, sizeof why)
	      == PPF_OK)
	    status = PPF_OK;
	}
      free (buf);
      if (status == PPF_EBAD && j_errno)
	{
	  /* The journal might have said why.  */
	  size_t len = strlen (err);
	  snprintf (err + len, errlen - len, " (and its journal cannot be "
		    "read: %s)", strerror (j_errno));
	}
      if (status != PPF_EBAD || locked || attempt == UNLOCKED_TRIES)
	return status;
      sleep_ms (10 * attempt);
    }
}

/* Open PATH, lock it, make sure it is still the file of that name, and
   read it or its journal's copy: see read-profile.h.  */

int
report_read_profile (const char *path, ppf_file *out, report_read_how *how,
		     char *err, size_t errlen)
{
  return report_read_profile_known (path, NULL, 0, out, how, err, errlen);
}

/* report_read_profile, with ppf_decode_known's KNOWN metas.  */

int
report_read_profile_known (const char *path, const ppf_known *known,
			   uint32_t num_known, ppf_file *out,
			   report_read_how *how, char *err, size_t errlen)
{
  size_t len = strlen (path);
  char *journal_path = malloc (len + sizeof PPF_JOURNAL_SUFFIX);
  long long deadline = now_ms () + REPORT_LOCK_WAIT_MS;
  enum lock_result lock;
  int fd, status;

  memset (out, 0, sizeof *out);
  memset (how, 0, sizeof *how);
  if (!journal_path)
    {
      snprintf (err, errlen, "out of memory");
      return PPF_ENOMEM;
    }
  memcpy (journal_path, path, len);
  memcpy (journal_path + len, PPF_JOURNAL_SUFFIX, sizeof PPF_JOURNAL_SUFFIX);
  for (;;)
    {
      fd = open_profile (path, &status, err, errlen);
      if (fd < 0)
	{
	  free (journal_path);
	  return status;
	}
      lock = lock_shared (fd, deadline);
      if (lock != LOCK_HELD || still_named (fd, path))
	break;
      /* Moved aside or removed while we waited: start again with the
	 file that now has the name, if any; without the lock once the
	 wait has run out.  */
      close (fd);
      if (now_ms () >= deadline)
	{
	  fd = open_profile (path, &status, err, errlen);
	  if (fd < 0)
	    {
	      free (journal_path);
	      return status;
	    }
	  lock = LOCK_BUSY;
	  break;
	}
    }
  how->locked = lock == LOCK_HELD;
  how->lock_busy = lock == LOCK_BUSY;
  status = read_content (fd, journal_path, how->locked, known, num_known,
			 out, how, err, errlen);
  /* Releases the lock.  */
  close (fd);
  free (journal_path);
  return status;
}
