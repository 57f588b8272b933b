/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pathprof-dump --json on the fixtures of dump-test.h: the output is
   well-formed JSON (checked by a small validator here, and by Python's
   json module when python3 is installed, which also checks the fields
   and sums), 64-bit integers are exact, strings are escaped, paths are
   sorted hottest first within each function, and -f and -n apply.  */

#include "dump-test.h"

/* ------------------------------------------------------------------ */
/* A JSON validator (RFC 8259 syntax, UTF-8 strings).                  */

typedef struct json_reader
{
  const char *p;
  int depth;
} json_reader;

static bool json_value (json_reader *r);

/* Skip white space.  */

static void
json_space (json_reader *r)
{
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
    r->p++;
}

/* A string: escapes as RFC 8259 lists them, no raw control character,
   valid UTF-8.  */

static bool
json_string (json_reader *r)
{
  if (*r->p++ != '"')
    return false;
  for (;;)
    {
      unsigned char c = (unsigned char) *r->p++;
      if (c == '"')
	return true;
      if (c < 0x20)
	return false;
      if (c == '\\')
	{
	  c = (unsigned char) *r->p++;
	  if (c == 'u')
	    {
	      for (int i = 0; i < 4; i++, r->p++)
		if (!strchr ("0123456789abcdefABCDEF", *r->p) || !*r->p)
		  return false;
	    }
	  else if (!c || !strchr ("\"\\/bfnrt", c))
	    return false;
	}
      else if (c >= 0x80)
	{
	  int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc2 ? 1 : -1;
	  if (more < 0 || c > 0xf4)
	    return false;
	  for (int i = 0; i < more; i++)
	    if (((unsigned char) *r->p++ & 0xc0) != 0x80)
	      return false;
	}
    }
}

/* A number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?  */

static bool
json_number (json_reader *r)
{
  const char *p = r->p;

  if (*p == '-')
    p++;
  if (*p == '0')
    p++;
  else if (*p >= '1' && *p <= '9')
    while (*p >= '0' && *p <= '9')
      p++;
  else
    return false;
  if (*p == '.')
    {
      if (*++p < '0' || *p > '9')
	return false;
      while (*p >= '0' && *p <= '9')
	p++;
    }
  if (*p == 'e' || *p == 'E')
    {
      if (*++p == '+' || *p == '-')
	p++;
      if (*p < '0' || *p > '9')
	return false;
      while (*p >= '0' && *p <= '9')
	p++;
    }
  r->p = p;
  return true;
}

/* An object or an array (OPEN is '{' or '[').  */

static bool
json_container (json_reader *r, char open)
{
  char close = open == '{' ? '}' : ']';

  if (++r->depth > 64)
    return false;
  r->p++;
  json_space (r);
  if (*r->p == close)
    {
      r->p++;
      r->depth--;
      return true;
    }
  for (;;)
    {
      json_space (r);
      if (open == '{')
	{
	  if (!json_string (r))
	    return false;
	  json_space (r);
	  if (*r->p++ != ':')
	    return false;
	}
      if (!json_value (r))
	return false;
      json_space (r);
      if (*r->p == ',')
	{
	  r->p++;
	  continue;
	}
      if (*r->p++ != close)
	return false;
      r->depth--;
      return true;
    }
}

/* Any value.  */

static bool
json_value (json_reader *r)
{
  json_space (r);
  switch (*r->p)
    {
    case '{':
    case '[':
      return json_container (r, *r->p);
    case '"':
      return json_string (r);
    case 't':
      return strncmp (r->p, "true", 4) == 0 && (r->p += 4);
    case 'f':
      return strncmp (r->p, "false", 5) == 0 && (r->p += 5);
    case 'n':
      return strncmp (r->p, "null", 4) == 0 && (r->p += 4);
    default:
      return json_number (r);
    }
}

/* Whether TEXT is one JSON value and nothing else.  */

static bool
json_valid (const char *text)
{
  json_reader r = { text, 0 };

  if (!json_value (&r))
    return false;
  json_space (&r);
  return *r.p == '\0';
}

/* The validator itself must tell good from bad, or its PASSes mean
   nothing.  */

static void
test_validator (void)
{
  check (json_valid ("{\"a\": [1, -2.5e3, true, null, \"\\u00e9\\n\"]}"),
	 "validator accepts good JSON", "rejected");
  check (!json_valid ("[1, 2,]"), "validator rejects a trailing comma",
	 "accepted");
  check (!json_valid ("\"a\tb\""), "validator rejects a raw tab in a string",
	 "accepted");
  check (!json_valid ("\"\xff\""), "validator rejects invalid UTF-8",
	 "accepted");
  check (!json_valid ("\"\\x41\""), "validator rejects a bad escape",
	 "accepted");
  check (!json_valid ("{} {}"), "validator rejects two values", "accepted");
}

/* ------------------------------------------------------------------ */
/* The report.                                                         */

/* The Python check: loads the JSON (FILE, argv[1]) and checks its shape
   and sums against the fixture.  Prints "ok" or the first failure.  */

static const char python_check[] =
  "import json, sys\n"
  "d = json.load(open(sys.argv[1], encoding='utf-8'))\n"
  "def need(c, m):\n"
  "    if not c:\n"
  "        print('failed: ' + m); sys.exit(1)\n"
  "need(d['version'] == 1, 'version')\n"
  "need(len(d['files']) == 5, 'files')\n"
  "need(d['total_executions'] == 4000 + 85 + 2**64 - 1 + 5 + 7, 'total')\n"
  "fns = d['functions']\n"
  "need([f['assembler_name'] for f in fns] == ['fig1', 'helper', "
  "'count_loop', 'helper', '_ZN2ns7nolinesEv', 'chain', 'weird'], "
  "'function order')\n"
  "for f in fns:\n"
  "    for k in ('name', 'assembler_name', 'file', 'line', 'profile', "
  "'potential_paths', 'executed_paths', 'executed_cut_paths', "
  "'executions', 'truncated', "
  "'cuts', 'paths'):\n"
  "        need(k in f, 'field ' + k)\n"
  "    need(sum(p['count'] for p in f['paths']) == f['executions'], "
  "'executions of ' + f['name'])\n"
  "    need(len(f['paths']) == f['executed_paths'] "
  "+ f['executed_cut_paths'], 'paths of ' + f['name'])\n"
  "    keys = [(-p['count'], p['id']) for p in f['paths']]\n"
  "    need(keys == sorted(keys), 'order of ' + f['name'])\n"
  "    for p in f['paths']:\n"
  "        need(p['start']['kind'] in ('entry', 'backedge', 'cut'), "
  "'start kind')\n"
  "        need(p['end']['kind'] in ('return', 'backedge', 'noreturn', "
  "'cut'), 'end kind')\n"
  "        for b in p['blocks']:\n"
  "            need(isinstance(b['index'], int) and "
  "isinstance(b['lines'], list), 'block')\n"
  "loop = fns[2]\n"
  "need([p['id'] for p in loop['paths']] == [4, 1, 3, 0, 5], 'loop ids')\n"
  "need([b['index'] for b in loop['paths'][4]['blocks']] == [3, 4, 6], "
  "'loop path 5 blocks')\n"
  "need(loop['paths'][4]['end'] == {'kind': 'noreturn', 'at': "
  "{'block': 6, 'file': 'loop.c', 'line': 7}}, 'noreturn end')\n"
  "need(loop['paths'][0]['start']['from']['line'] == 6 and "
  "loop['paths'][0]['start']['to']['line'] == 4, 'backedge lines')\n"
  "need(fns[3]['truncated'] and len(fns[3]['cuts']) == 1, 'cuts')\n"
  "need(not fns[0]['truncated'] and fns[0]['cuts'] == [], 'no cuts')\n"
  "chain = fns[5]\n"
  "need(chain['potential_paths'] == 2**63, 'potential')\n"
  "need([(p['id'], p['count']) for p in chain['paths']] == "
  "[(0, 2**64 - 1), (2**63 - 1, 5)], 'chain paths')\n"
  "need(fns[6]['name'] == 'we\"ird\\\\name\\t\\x01\\u00e9', 'escaped name')\n"
  "need(fns[6]['paths'][0]['blocks'][0]['lines'][1]['file'] == "
  "'bad name\\u00ff.c', 'invalid UTF-8 byte')\n"
  "print('ok')\n";

/* The schema check: the last ```json block of doc/json-schema.md
   (argv[1]) is a JSON Schema the report (argv[2]) must satisfy.  */

static const char schema_check[] =
  "import json, re, sys, jsonschema\n"
  "doc = open(sys.argv[1], encoding='utf-8').read()\n"
  "schema = json.loads(re.findall(r'```json\\n(.*?)```', doc, re.S)[-1])\n"
  "jsonschema.Draft202012Validator.check_schema(schema)\n"
  "jsonschema.validate(json.load(open(sys.argv[2], encoding='utf-8')), "
  "schema)\n"
  "print('ok')\n";

/* Whether python3 can be run and import MODULE.  */

static bool
have_python3 (const char *module)
{
  char cmd[128];

  snprintf (cmd, sizeof cmd, "python3 -c 'import %s' >/dev/null 2>&1",
	    module);
  return system (cmd) == 0;
}

/* Run python3 SCRIPT ARG1 ARG2 and check that it prints "ok".  */

static void
check_python (const char *what, const char *script, const char *arg1,
	      const char *arg2)
{
  const char *path = test_path ("check.py");
  char cmd[2048];
  char line[512] = "";
  FILE *p;

  write_bytes (path, script, strlen (script));
  snprintf (cmd, sizeof cmd, "python3 '%s' '%s' '%s' 2>&1", path, arg1,
	    arg2 ? arg2 : "");
  p = popen (cmd, "r");
  if (p && !fgets (line, sizeof line, p))
    line[0] = '\0';
  if (p)
    pclose (p);
  line[strcspn (line, "\n")] = '\0';
  check_str (what, "ok", line);
}

/* All five files: the fields the schema promises, exactly.  */

static void
test_full_report (void)
{
  static const char *const args[] = { "--json", "@a.pathprof",
				      "@b.pathprof", "@c.pathprof",
				      "@d.pathprof", "@e.pathprof", NULL };
  run_result r;

  run_dump (&r, NULL, args);
  check_int ("--json: exit status", 0, r.status);
  check_str ("--json: stderr", "", r.err);
  check (json_valid (r.out), "--json: well-formed", "invalid JSON: %.600s",
	 r.out);
  check_contains ("--json: version", r.out, "\n  \"version\": 1,\n");
  check_contains ("--json: total beyond 2^64, exact", r.out,
		  "\"total_executions\": 18446744073709555712,");
  check_contains ("--json: potential 2^63, exact", r.out,
		  "\"potential_paths\": 9223372036854775808,");
  check_contains ("--json: count 2^64-1, exact", r.out,
		  "\"count\": 18446744073709551615,");
  check_contains ("--json: id 2^63-1, exact", r.out,
		  "\"id\": 9223372036854775807,");
  check_contains ("--json: escaped name", r.out,
		  "\"name\": \"we\\\"ird\\\\name\\t\\u0001\xc3\xa9\",");
  check_contains ("--json: UTF-8 file name with a tab", r.out,
		  "\"file\": \"dir \xc3\xa9/x\\ty.c\",");
  check_contains ("--json: invalid UTF-8 byte as \\u00ff", r.out,
		  "{\"file\": \"bad name\\u00ff.c\", \"line\": 6}");
  check_contains ("--json: noreturn end", r.out,
		  "\"end\": {\"kind\": \"noreturn\", \"at\": {\"block\": 6, "
		  "\"file\": \"loop.c\", \"line\": 7}},");
  check_contains ("--json: backedge start", r.out,
		  "\"start\": {\"kind\": \"backedge\", \"from\": {\"block\": "
		  "4, \"file\": \"loop.c\", \"line\": 6}, \"to\": {\"block\": "
		  "3, "
		  "\"file\": \"loop.c\", \"line\": 4}},");
  check_contains ("--json: cut start", r.out,
		  "\"start\": {\"kind\": \"cut\", \"from\": {\"block\": 3, "
		  "\"file\": \"two.c\", \"line\": 15}, \"to\": {\"block\": 5, "
		  "\"file\": \"two.c\", \"line\": 17}},");
  check_contains ("--json: cut end", r.out,
		  "\"end\": {\"kind\": \"cut\", \"from\": {\"block\": 3, ");
  check_contains ("--json: truncated function's cuts", r.out,
		  "\"truncated\": true,\n      \"cuts\": [\n        {\"from\": "
		  "{\"block\": 3, \"file\": \"two.c\", \"line\": 15}, \"to\": "
		  "{\"block\": 5, \"file\": \"two.c\", \"line\": 17}}\n"
		  "      ],");
  check_contains ("--json: block without lines", r.out,
		  "{\"index\": 4, \"lines\": []}");
  check_contains ("--json: unknown file is null", r.out,
		  "\"file\": null,\n      \"line\": null,");
  check_contains ("--json: unexecuted function has no paths", r.out,
		  "\"executed_paths\": 0,\n      \"executions\": 0,\n"
		  "      \"truncated\": false,\n      \"cuts\": [],\n"
		  "      \"paths\": []\n");

  write_bytes (test_path ("out.json"), r.out, strlen (r.out));
  if (have_python3 ("json"))
    check_python ("--json: python3 json.load and field checks",
		  python_check, test_path ("out.json"), NULL);
  else
    printf ("NOTE: python3 not found: the field checks in Python were "
	    "skipped\n");
  if (have_python3 ("jsonschema") && getenv ("PATHPROF_SRCDIR"))
    {
      char doc[1024];
      snprintf (doc, sizeof doc, "%s/doc/json-schema.md",
		getenv ("PATHPROF_SRCDIR"));
      check_python ("--json: valid against the schema in "
		    "doc/json-schema.md", schema_check, doc,
		    test_path ("out.json"));
    }
  else
    printf ("NOTE: python3 jsonschema or PATHPROF_SRCDIR missing: the "
	    "schema check was skipped\n");
  run_free (&r);
}

/* The ids written, in order.  */

static int
ids_in (const char *text, unsigned long long *ids, int max)
{
  int n = 0;

  for (const char *p = text; (p = strstr (p, "\"id\": ")) && n < max; p++)
    ids[n++] = strtoull (p + 6, NULL, 10);
  return n;
}

/* -f selects functions; -n keeps the N hottest paths of the selection,
   listed under their functions; functions without a kept path are still
   listed, with "paths": [].  */

static void
test_selection (void)
{
  static const char *const loop_args[] = { "--json", "-f", "count_loop",
					   "@a.pathprof", "@b.pathprof",
					   NULL };
  static const char *const top_args[] = { "--json", "-n", "2",
					  "@a.pathprof", "@b.pathprof",
					  NULL };
  unsigned long long ids[16];
  run_result r;
  int n;

  run_dump (&r, NULL, loop_args);
  check (json_valid (r.out), "-f count_loop: well-formed", "invalid: %.600s",
	 r.out);
  check_int ("-f count_loop: one function", 1,
	     strstr (r.out, "\"assembler_name\": \"count_loop\"") != NULL
	     && strstr (r.out, "\"fig1\"") == NULL);
  check_contains ("-f count_loop: total still of all files", r.out,
		  "\"total_executions\": 4000,");
  n = ids_in (r.out, ids, 16);
  check (n == 5 && ids[0] == 4 && ids[1] == 1 && ids[2] == 3 && ids[3] == 0
	   && ids[4] == 5,
	 "-f count_loop: ids hottest first, ties by id",
	 "expected 4 1 3 0 5, saw %d ids starting %llu", n, n ? ids[0] : 0);
  run_free (&r);

  run_dump (&r, NULL, top_args);
  check (json_valid (r.out), "-n 2: well-formed", "invalid: %.600s", r.out);
  n = ids_in (r.out, ids, 16);
  /* count_loop 4 (1500) and fig1 2 (1000), listed by function: fig1
     first.  */
  check (n == 2 && ids[0] == 2 && ids[1] == 4,
	 "-n 2: the two hottest paths, by function",
	 "expected 2 4, saw %d ids", n);
  check_contains ("-n 2: executed_paths counts all paths", r.out,
		  "\"executed_paths\": 4,");
  check_contains ("-n 2: helper listed with no path", r.out,
		  "\"assembler_name\": \"helper\"");
  run_free (&r);
}

int
main (void)
{
  unit_test_init ();
  test_validator ();
  require_tool ();
  make_test_dir ();
  write_fixtures ();
  test_full_report ();
  test_selection ();
  return unit_test_report ();
}
