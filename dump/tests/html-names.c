/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The HTML report's page names (html-site.c), called directly: what a
   large C++ program gives, 32,000 functions whose names agree on far
   more than the bytes a page name keeps, must get 32,000 different names
   (also up to letter case), each found with a bounded amount of work, so
   that the whole is linear in the pages; a name must not depend on the
   order in which pages are named; a name no other page declares stays
   plain and readable; equal identities get "-2", "-3"...

   Work is counted, not timed: the slots the name indexes looked at
   (report_string_index.probes).  A search of every name given out so far,
   as the report once did, looks at N^2/2 of them for N pages.  */

#include "dump-test.h"
#include "html-report.h"

/* Pages in the large case: a large C++ program's functions.  */
#define MANY 32000
/* Slots looked at per page, at most, on average: a page is a few
   searches and adds in indexes kept at most half full (about 7 slots
   here); a search of every name before it would be N/2.  */
#define PROBES_PER_PAGE 16

/* The display name of function I of the large case: templates in an
   anonymous namespace, as googletest's make them, the part that tells
   them apart far past the kept length.  */

static void
many_label (char *buf, size_t size, size_t i)
{
  snprintf (buf, size, "YAML::(anonymous namespace)::TestFactoryImpl_YAML_"
	    "anonymous_namespace_GoogleTestCase::case_%zu(int)", i);
}

/* Its identity: unit and assembler name; eight units of 4000.  */

static size_t
many_identity (char *buf, size_t size, size_t i)
{
  int len = snprintf (buf, size, "unit%zu.cc", i % 8);

  len += 1 + snprintf (buf + len + 1, size - (size_t) len - 1,
		       "_ZN4YAML12_GLOBAL__N_115TestFactoryImpl8case_%zuEi",
		       i / 8);
  return (size_t) len;
}

/* Begin a site in the scratch directory's DIR.  */

static void
site_begin (html_site *site, const char *dir)
{
  if (html_site_begin (site, test_path (dir)) != 0)
    test_abort ("html_site_begin", dir);
}

/* Order strings, ignoring case.  */

static int
compare_folded (const void *a, const void *b)
{
  return strcasecmp (*(char *const *) a, *(char *const *) b);
}

/* Whether NAME is "fn-", 60 bytes of stem, "-", 12 lower-case hex digits
   and ".html".  */

static bool
hashed_name (const char *name)
{
  size_t len = strlen (name);

  if (len != 3 + 60 + 1 + 12 + 5 || strncmp (name, "fn-", 3) != 0
      || name[63] != '-' || strcmp (name + len - 5, ".html") != 0)
    return false;
  for (size_t i = 64; i < 76; i++)
    if (!((name[i] >= '0' && name[i] <= '9')
	  || (name[i] >= 'a' && name[i] <= 'f')))
      return false;
  return true;
}

/* 32,000 pages sharing their stem: distinct names, linear work, and
   the same names named in the other order.  */

static void
test_many (void)
{
  html_site site, again;
  char **names = malloc (MANY * sizeof *names);
  char label[256], id[256];
  size_t probes, same = 0, well_formed = 0, distinct = 0;

  if (!names)
    test_abort ("test_many", "out of memory");
  site_begin (&site, "many");
  for (size_t i = 0; i < MANY; i++)
    {
      many_label (label, sizeof label, i);
      if (html_site_declare (&site, "fn", label) != 0)
	test_abort ("html_site_declare", "out of memory");
    }
  for (size_t i = 0; i < MANY; i++)
    {
      size_t len;
      const char *name;
      many_label (label, sizeof label, i);
      len = many_identity (id, sizeof id, i);
      name = html_site_name (&site, "fn", label, id, len);
      if (!name)
	test_abort ("html_site_name", "out of memory");
      names[i] = strdup (name);
      well_formed += hashed_name (name);
    }
  check (well_formed == MANY, "many: fn-STEM-HASH.html names",
	 "expected %d, saw %zu (first: %s)", MANY, well_formed, names[0]);
  probes = site.stems.probes + site.names.probes;
  check (probes <= (size_t) PROBES_PER_PAGE * MANY,
	 "many: linear work", "expected at most %d slots looked at, saw %zu",
	 PROBES_PER_PAGE * MANY, probes);
  check_int ("many: one stem declared", 1, (long long) site.stems.count);
  check_int ("many: names given out", MANY, (long long) site.names.count);

  /* The same pages named last to first, in a new site.  */
  site_begin (&again, "again");
  for (size_t i = MANY; i-- > 0;)
    {
      many_label (label, sizeof label, i);
      html_site_declare (&again, "fn", label);
    }
  for (size_t i = MANY; i-- > 0;)
    {
      size_t len;
      const char *name;
      many_label (label, sizeof label, i);
      len = many_identity (id, sizeof id, i);
      name = html_site_name (&again, "fn", label, id, len);
      same += name && strcmp (name, names[i]) == 0;
    }
  check (same == MANY, "many: a page's name does not depend on the order",
	 "expected %d equal, saw %zu", MANY, same);
  html_site_abort (&again);
  html_site_abort (&site);

  /* Different up to case.  */
  qsort (names, MANY, sizeof *names, compare_folded);
  for (size_t i = 0; i < MANY; i++)
    distinct += i == 0 || strcasecmp (names[i - 1], names[i]) != 0;
  check (distinct == MANY, "many: names differ, also up to case",
	 "expected %d, saw %zu", MANY, distinct);
  for (size_t i = 0; i < MANY; i++)
    free (names[i]);
  free (names);
}

/* Name a page of PREFIX after STEM with identity ID (a string) in
   SITE; "" if memory ran out.  */

static const char *
name (html_site *site, const char *prefix, const char *stem, const char *id)
{
  const char *n = html_site_name (site, prefix, stem, id, strlen (id));
  return n ? n : "";
}

/* Plain names, names that clash up to case or once made safe, and
   equal identities.  */

static void
test_small (void)
{
  html_site site;
  const char *upper, *lower, *lt, *gt;
  size_t probes;
  bool all_distinct = true;
  char first[128] = "";

  site_begin (&site, "small");
  html_site_declare (&site, "fn", "main");
  html_site_declare (&site, "fn", "Foo");
  html_site_declare (&site, "fn", "foo");
  html_site_declare (&site, "fn", "a<b>");
  html_site_declare (&site, "fn", "a>b<");
  html_site_declare (&site, "fn", "twice");
  html_site_declare (&site, "src", "main");
  html_site_declare (&site, "src", "dir/x.c");
  for (int i = 0; i < 1000; i++)
    html_site_declare (&site, "fn", "inline_everywhere");

  check_str ("a declared stem alone: plain", "fn-main.html",
	     name (&site, "fn", "main", "u.c\0main"));
  check_str ("prefixes apart: plain", "src-main.html",
	     name (&site, "src", "main", "main"));
  check_str ("a file: '/' made safe", "src-dir_x.c.html",
	     name (&site, "src", "dir/x.c", "dir/x.c"));
  upper = name (&site, "fn", "Foo", "u.c\0Foo");
  lower = name (&site, "fn", "foo", "u.c\0foo");
  check (strncmp (upper, "fn-Foo-", 7) == 0
	 && strncmp (lower, "fn-foo-", 7) == 0
	 && strcasecmp (upper, lower) != 0,
	 "equal up to case: hashed, and apart",
	 "expected fn-Foo-HASH and fn-foo-HASH, saw %s and %s", upper,
	 lower);
  lt = name (&site, "fn", "a<b>", "lt");
  gt = name (&site, "fn", "a>b<", "gt");
  check (strncmp (lt, "fn-a_b_-", 8) == 0 && strncmp (gt, "fn-a_b_-", 8) == 0
	 && strcmp (lt, gt) != 0, "equal once made safe: hashed, and apart",
	 "saw %s and %s", lt, gt);
  check_str ("a stem not declared: plain", "fn-other.html",
	     name (&site, "fn", "other", "other"));

  /* One identity 1000 times (the same unit read twice...): -2, -3...,
     each found at once.  */
  probes = site.names.probes;
  for (int i = 0; i < 1000; i++)
    {
      const char *n = name (&site, "fn", "inline_everywhere", "same");
      char want[160];
      if (i == 0)
	snprintf (first, sizeof first, "%s", n);
      else
	{
	  snprintf (want, sizeof want, "%.*s-%d.html",
		    (int) strlen (first) - 5, first, i + 1);
	  if (strcmp (n, want) != 0 && all_distinct)
	    {
	      check_str ("equal identities: -N", want, n);
	      all_distinct = false;
	    }
	}
    }
  check (all_distinct, "equal identities: -2 .. -1000", "%s", "see above");
  probes = site.names.probes - probes;
  check (probes <= PROBES_PER_PAGE * 1000, "equal identities: linear work",
	 "expected at most %d slots looked at, saw %zu",
	 PROBES_PER_PAGE * 1000, probes);
  html_site_abort (&site);
}

int
main (void)
{
  unit_test_init ();
  make_test_dir ();
  test_small ();
  test_many ();
  return unit_test_report ();
}
