/* SPDX-License-Identifier: GPL-3.0-or-later */
/* JSON strings, for pathprof-dump's --json and pathprof-tool's --json.  */

#include <stdio.h>

#include "columns.h"
#include "json.h"

/* Write S as a JSON string (json.h).  */

void
report_json_string (FILE *out, const char *s)
{
  const unsigned char *p = (const unsigned char *) s;

  fputc ('"', out);
  while (*p)
    {
      int len;
      switch (*p)
	{
	case '"':
	  fputs ("\\\"", out);
	  break;
	case '\\':
	  fputs ("\\\\", out);
	  break;
	case '\b':
	  fputs ("\\b", out);
	  break;
	case '\f':
	  fputs ("\\f", out);
	  break;
	case '\n':
	  fputs ("\\n", out);
	  break;
	case '\r':
	  fputs ("\\r", out);
	  break;
	case '\t':
	  fputs ("\\t", out);
	  break;
	default:
	  if (*p < 0x20)
	    fprintf (out, "\\u%04x", *p);
	  else if (*p < 0x80)
	    fputc (*p, out);
	  else if ((len = report_utf8_sequence (p)) > 0)
	    {
	      fwrite (p, 1, len, out);
	      p += len;
	      continue;
	    }
	  else
	    fprintf (out, "\\u%04x", *p);
	}
      p++;
    }
  fputc ('"', out);
}
