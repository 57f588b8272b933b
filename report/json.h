/* SPDX-License-Identifier: GPL-3.0-or-later */
/* JSON strings, for pathprof-dump's --json and pathprof-tool's --json
   (json.c).  */

#ifndef PATHPROF_REPORT_JSON_H
#define PATHPROF_REPORT_JSON_H

#include <stdio.h>

/* Write S as a JSON string: quoted, '"', '\\' and control characters
   escaped, valid UTF-8 copied, a byte that is not part of valid UTF-8
   written as the code point of the same value (\u00XX, as if Latin-1),
   so that the output is always valid JSON.  */
void report_json_string (FILE *out, const char *s);

#endif /* PATHPROF_REPORT_JSON_H */
