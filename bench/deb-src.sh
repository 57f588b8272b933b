#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# deb-src.sh -- make "apt-get source" work: derive deb-src entries from the
# system's configured Debian binary sources, at run time.
#
# Usage: deb-src.sh PACKAGE      (as root; what bench.sh runs before fetching)
#
# If "apt-cache showsrc PACKAGE" already knows PACKAGE, nothing is done.
# Otherwise every enabled "deb" entry of /etc/apt/sources.list and
# /etc/apt/sources.list.d/*.list and *.sources (deb822) whose suite is the
# system's release (VERSION_CODENAME of /etc/os-release: bookworm,
# bookworm-updates, bookworm-security ...) gets a matching deb-src entry,
# same URI, suite, components and Signed-By, unless a deb-src entry with
# that URI and suite exists already.  The new entries go into
# /etc/apt/sources.list.d/pathprof-bench-src.sources; then "apt-get
# update".  Nothing names a host here: every URI is read from the system.
#
# Exit status 0 when PACKAGE's source is known afterwards, 1 otherwise.
#
# Debugging: DEB_SRC_DRY_RUN=1 prints the entries it would write and stops.
set -u
LC_ALL=C
export LC_ALL

pkg=$1
out=/etc/apt/sources.list.d/pathprof-bench-src.sources

known () {
  apt-cache showsrc "$1" 2>/dev/null | grep -q '^Package:'
}

known "$pkg" && [ -z "${DEB_SRC_DRY_RUN:-}" ] && exit 0

codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
if [ -z "$codename" ] && command -v lsb_release >/dev/null 2>&1; then
  codename=$(lsb_release -sc 2>/dev/null)
fi
if [ -z "$codename" ]; then
  echo "bench: cannot tell this system's Debian release (no VERSION_CODENAME in /etc/os-release)" >&2
  exit 1
fi

# Every configured entry, one line per (type, URI, suite):
#   TYPE <tab> URI <tab> SUITE <tab> COMPONENTS <tab> SIGNED-BY
# from one-line lists and deb822 files alike (Enabled: no skipped).
entries () {
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk '
      { sub(/#.*/, "") }
      $1 == "deb" || $1 == "deb-src" {
        type = $1; i = 2; signed = ""
        if ($2 ~ /^\[/) {          # [ option=value ... ]
          while (i <= NF) {
            o = $i; gsub(/[][]/, "", o)
            if (o ~ /^signed-by=/) { signed = o; sub(/^signed-by=/, "", signed) }
            if ($i ~ /\]$/) { i++; break }
            i++
          }
        }
        uri = $i; suite = $(i + 1); comps = ""
        for (j = i + 2; j <= NF; j++) comps = comps (comps == "" ? "" : " ") $j
        if (uri != "" && suite != "")
          printf "%s\t%s\t%s\t%s\t%s\n", type, uri, suite, comps, signed
      }' "$f"
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk '
      function flush(   nt, nu, ns, a, b, c, t, u, s) {
        if (enabled != "no" && types != "" && uris != "" && suites != "") {
          nt = split(types, t, /[ \t]+/)
          nu = split(uris, u, /[ \t]+/)
          ns = split(suites, s, /[ \t]+/)
          for (a = 1; a <= nt; a++) for (b = 1; b <= nu; b++)
            for (c = 1; c <= ns; c++)
              if (t[a] != "" && u[b] != "" && s[c] != "")
                printf "%s\t%s\t%s\t%s\t%s\n", t[a], u[b], s[c], comps, signed
        }
        types = uris = suites = comps = signed = enabled = ""; field = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { v = $0; sub(/^[ \t]+/, "", v)   # continuation line
                 if (field == "signed-by") signed = signed "\n " v
                 next }
      {
        name = tolower($0); sub(/:.*/, "", name)
        v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
        field = name
        if (name == "types") types = v
        else if (name == "uris") uris = v
        else if (name == "suites") suites = v
        else if (name == "components") comps = v
        else if (name == "signed-by") signed = v
        else if (name == "enabled") enabled = tolower(v)
      }
      END { flush() }' "$f"
  done
}

all=$(entries)
tab=$(printf '\t')
# The deb entries of this release that have no deb-src twin.
wanted=$(printf '%s\n' "$all" | awk -F '\t' -v rel="$codename" '
  $1 == "deb-src" { have[$2 "\t" $3] = 1; next }
  $1 == "deb" && ($3 == rel || index($3, rel "-") == 1 || index($3, rel "/") == 1) {
    if (!(($2 "\t" $3) in seen)) { seen[$2 "\t" $3] = 1; order[++n] = $0 }
  }
  END { for (i = 1; i <= n; i++) { split(order[i], f, "\t")
          if (!((f[2] "\t" f[3]) in have)) print order[i] } }')

if [ -z "$wanted" ]; then
  if [ -n "${DEB_SRC_DRY_RUN:-}" ]; then
    echo "bench: every $codename deb entry has its deb-src entry already"
    exit 0
  fi
  if printf '%s\n' "$all" | grep -q "^deb-src$tab"; then
    :				# configured but not yet fetched: update below
  else
    echo "bench: no Debian '$codename' entry in /etc/apt/sources.list{,.d} to derive a deb-src entry from" >&2
    exit 1
  fi
fi

# One deb822 stanza per (URI, Signed-By, components) with its suites.
stanzas=$(printf '%s\n' "$wanted" | awk -F '\t' '
  NF >= 3 {
    key = $2 "\t" $4 "\t" $5
    if (!(key in suites)) { order[++n] = key; suites[key] = $3 }
    else suites[key] = suites[key] " " $3
  }
  END {
    for (i = 1; i <= n; i++) {
      split(order[i], f, "\t")
      if (i > 1) print ""
      print "Types: deb-src"
      print "URIs: " f[1]
      print "Suites: " suites[order[i]]
      print "Components: " (f[2] == "" ? "main" : f[2])
      if (f[3] != "") print "Signed-By: " f[3]
    }
  }')

if [ -n "${DEB_SRC_DRY_RUN:-}" ]; then
  printf '%s\n' "$stanzas"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  echo "bench: apt knows no source for '$pkg' and we are not root." >&2
  echo "bench: add deb-src entries matching your deb entries, run apt-get update, or run make bench as root." >&2
  exit 1
fi

if [ -n "$stanzas" ]; then
  {
    echo "# Written by pathprof's bench/deb-src.sh: the deb-src twins of this"
    echo "# system's $codename entries, for \"apt-get source\".  Delete at will."
    echo
    printf '%s\n' "$stanzas"
  } > "$out.tmp" && mv "$out.tmp" "$out" || {
    echo "bench: cannot write $out" >&2
    exit 1
  }
  echo "bench: wrote $out (deb-src for $(printf '%s\n' "$wanted" | cut -f3 | sort -u | tr '\n' ' '))" >&2
fi
echo "bench: apt-get update" >&2
apt-get update -q >/dev/null 2>&1 || apt-get update -q >&2
known "$pkg" && exit 0
echo "bench: apt still knows no source package '$pkg'" >&2
exit 1
