/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The style sheet and the script of the HTML report (html-report.h).

   They are written as files of the report, pathprof.css and pathprof.js,
   from dump/html/, which the build turns into C strings
   (build-aux/embed-text.sh): the report needs nothing from the network
   or from the installation.  */

#include <string.h>

#include "html-report.h"
#include "html-assets.inc"

/* Write TEXT as file NAME of the report.  */

static int
write_asset (html_site *site, const char *name, const char *text)
{
  FILE *out = html_site_open (site, name);

  if (!out)
    return HTML_FILE_ERROR;
  fwrite (text, 1, strlen (text), out);
  return html_site_close (site, out, name) == 0 ? 0 : HTML_FILE_ERROR;
}

/* Write the style sheet and the script.  */

int
html_write_assets (html_site *site)
{
  int rc = write_asset (site, "pathprof.css", embedded_pathprof_css);

  if (rc == 0)
    rc = write_asset (site, "pathprof.js", embedded_pathprof_js);
  return rc;
}
