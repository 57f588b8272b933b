/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The JSON report (--json), described field by field in
   doc/json-schema.md.  Integers are written exactly, in decimal, whatever
   their size: counts, path numbers and potential path counts are 64-bit
   and pass 2^53, the limit of exact integers in JavaScript's numbers (and
   total_executions can pass 2^64).  Strings are UTF-8: valid UTF-8 is
   copied, '"', '\\' and control characters are escaped, and a byte that
   is not part of valid UTF-8 is written as the code point of the same
   value (\u00XX, as if Latin-1), so the output is always valid JSON.  */

#include <string.h>

#include "derive.h"
#include "paths.h"
#include "correlated.h"
#include "predict.h"
#include "columns.h"
#include "json.h"
#include "reports.h"
#include "sampling.h"
#include "timing.h"
#include "untested.h"

/* Write the name of file FILE of FN, or null for an invalid index.  */

static void
put_file (FILE *out, const report_function *fn, uint32_t file)
{
  if (file < fn->meta.num_files)
    report_json_string (out, fn->meta.files[file]);
  else
    fputs ("null", out);
}

/* Write LOC as {"block": N, "file": F, "line": L}, file and line null
   when the block has no line.  */

static void
put_loc (FILE *out, const report_function *fn, report_loc loc)
{
  fprintf (out, "{\"block\": %u, \"file\": ", loc.block);
  if (loc.line)
    {
      put_file (out, fn, loc.line->file);
      fprintf (out, ", \"line\": %u}", loc.line->line);
    }
  else
    fputs ("null, \"line\": null}", out);
}

/* Write a start or end object: its kind, and where the edge behind it
   leaves ("from") and arrives ("to"), or for a noreturn end the block
   of the call ("at").  */

static void
put_end (FILE *out, const report_function *fn, const report_path *path,
	 const ppf_edge *e, const char *kind, int where)
{
  fprintf (out, "{\"kind\": \"%s\"", kind);
  if (where == 2)
    {
      fputs (", \"from\": ", out);
      put_loc (out, fn, report_edge_source (fn, e));
      fputs (", \"to\": ", out);
      put_loc (out, fn, report_edge_target (fn, e));
    }
  else if (where == 1)
    {
      fputs (", \"at\": ", out);
      put_loc (out, fn, report_path_end_loc (fn, path));
    }
  fputc ('}', out);
}

/* The JSON word for a branch outcome of KIND.  */

static const char *
branch_kind_name (uint32_t kind)
{
  switch (kind)
    {
    case PPF_BRANCH_TRUE:
      return "true";
    case PPF_BRANCH_FALSE:
      return "false";
    case PPF_BRANCH_CASE:
      return "case";
    case PPF_BRANCH_DEFAULT:
      return "default";
    case PPF_BRANCH_GOTO:
      return "goto";
    default:
      return "unknown";
    }
}

/* Write one path object, indented for its place in "paths".  Each block
   says, with the meta's detail section, its statement count and the
   branch by which the path leaves it, if any.  */

static void
put_path (FILE *out, const report_function *fn, const report_path *path,
	  uint64_t count, const char *extra)
{
  const ppf_edge *first = report_path_edge (fn, path, 0);
  const ppf_edge *last = report_path_edge (fn, path, path->num_edges - 1);
  uint32_t nblocks = report_path_num_blocks (path);

  fprintf (out, "        {\n          \"id\": %llu,\n"
	   "          \"count\": %llu%s",
	   (unsigned long long) path->id, (unsigned long long) count,
	   extra ? "" : ",\n          \"start\": ");
  if (extra)
    fprintf (out, "%s,\n          \"start\": ", extra);
  put_end (out, fn, path, first, report_start_name (path->start),
	   path->start == REPORT_START_ENTRY ? 0 : 2);
  fputs (",\n          \"end\": ", out);
  put_end (out, fn, path, last, report_end_name (path->end),
	   path->end == REPORT_END_RETURN ? 0
	   : (path->end == REPORT_END_NORETURN
	      || REPORT_END_PARTIAL_P (path->end)) ? 1 : 2);
  fprintf (out, ",\n          \"partial\": %s",
	   REPORT_END_PARTIAL_P (path->end) ? "true" : "false");
  fputs (",\n          \"blocks\": [", out);
  for (uint32_t i = 0; i < nblocks; i++)
    {
      const ppf_block *b = report_path_block (fn, path, i);

      const ppf_branch *br = report_path_outcome (fn, path, i);

      fprintf (out, "%s\n            {\"index\": %u, \"lines\": [",
	       i ? "," : "", b->index);
      for (uint32_t k = 0; k < b->num_lines; k++)
	{
	  fputs (k ? ", {\"file\": " : "{\"file\": ", out);
	  put_file (out, fn, b->lines[k].file);
	  fprintf (out, ", \"line\": %u}", b->lines[k].line);
	}
      fputc (']', out);
      if (fn->meta.flags & PPF_FN_DETAIL)
	fprintf (out, ", \"stmts\": %u", b->num_stmts);
      if (br)
	{
	  fputs (", \"branch\": {\"file\": ", out);
	  if (b->branch.file != PPF_NONE && b->branch.line != 0)
	    {
	      put_file (out, fn, b->branch.file);
	      fprintf (out, ", \"line\": %u", b->branch.line);
	    }
	  else
	    fputs ("null, \"line\": null", out);
	  fprintf (out, ", \"dst\": %u, \"outcome\": ", br->dst);
	  report_json_string (out, br->label);
	  fprintf (out, ", \"kind\": \"%s\"}", branch_kind_name (br->kind));
	}
      fputc ('}', out);
    }
  fputs (nblocks ? "\n          ]\n        }" : "]\n        }", out);
}

/* Write FN's derived counts (derive.h) as the fields "entry_count",
   "lines" and "edges", each after a comma.  Returns 0, or -1 if memory
   ran out.  */

static int
put_counts (FILE *out, const report_function *fn)
{
  report_counts c;

  if (report_derive_counts (fn, &c) != 0)
    return -1;
  fprintf (out, ",\n      \"entry_count\": %llu,\n      \"lines\": [",
	   (unsigned long long) c.entry_count);
  for (size_t k = 0, b = 0; k < c.num_lines; k++)
    {
      fputs (k ? ",\n        {\"file\": " : "\n        {\"file\": ", out);
      put_file (out, fn, c.lines[k].file);
      fprintf (out, ", \"line_number\": %u, \"count\": %llu, "
	       "\"unexecuted_block\": %s, \"owns_block\": %s, "
	       "\"branches\": [",
	       c.lines[k].line, (unsigned long long) c.lines[k].count,
	       c.lines[k].unexecuted_block ? "true" : "false",
	       c.lines[k].owns_block ? "true" : "false");
      /* The line's branches, as gcov's JSON has them: lines and
	 branches are both by file, then line (derive.h).  */
      while (b < c.num_branches
	     && (c.branches[b].file < c.lines[k].file
		 || (c.branches[b].file == c.lines[k].file
		     && c.branches[b].line < c.lines[k].line)))
	b++;
      for (bool first = true;
	   b < c.num_branches && c.branches[b].file == c.lines[k].file
	   && c.branches[b].line == c.lines[k].line; b++)
	{
	  const report_branch_count *br = &c.branches[b];
	  fprintf (out, "%s{\"count\": %llu, \"fallthrough\": %s, "
		   "\"throw\": false}", first ? "" : ", ",
		   (unsigned long long) br->count,
		   br->fallthrough ? "true" : "false");
	  first = false;
	}
      fputs ("]}", out);
    }
  fputs (c.num_lines ? "\n      ],\n      \"edges\": ["
		     : "],\n      \"edges\": [", out);
  for (size_t k = 0; k < c.num_edges; k++)
    {
      const ppf_edge_count *e = &c.edges[k];
      fprintf (out, "%s{\"src\": %u, \"dst\": %u, \"kind\": \"%s\", "
	       "\"count\": %llu", k ? ",\n        " : "\n        ", e->src,
	       e->dst, report_edge_kind_name (e->kind),
	       (unsigned long long) e->count);
      if (e->kind == PPF_CFG_BACKEDGE || e->kind == PPF_CFG_CUT)
	fprintf (out, ", \"started\": %llu", (unsigned long long) e->started);
      fputc ('}', out);
    }
  fputs (c.num_edges ? "\n      ]" : "]", out);
  report_counts_free (&c);
  return 0;
}

/* Write one function object with the kept paths REFS[0..NUM-1] (all of
   this function, hottest first).  */

/* Write AVG = SUM / N as a JSON number, or null.  */

static void
put_average (FILE *out, long double sum, long double n, bool valid)
{
  if (!valid || n <= 0)
    fputs ("null", out);
  else
    fprintf (out, "%.4Lf", sum / n);
}

/* Write the figures of a prediction P (predict.h) as the members of an
   object, after "{".  */

static void
put_prediction_figures (FILE *out, const dump_prediction *p,
			const char *indent)
{
  char all[REPORT_SUM_DIGITS], hit[REPORT_SUM_DIGITS];
  long double n = (long double) p->executed;
  long double w = report_sum_value (&p->executions);
  long double np = (long double) p->predicted;

  fprintf (out, "\n%s\"executed_paths\": %llu,\n%s\"predicted_paths\": "
	   "%llu,\n%s\"predicted_ran\": %llu,\n%s\"executions\": %s,\n"
	   "%s\"predicted_executions\": %s,\n%s\"edges\": {\"measured\": ",
	   indent, (unsigned long long) p->executed, indent,
	   (unsigned long long) p->predicted, indent,
	   (unsigned long long) p->hit, indent,
	   report_sum_format (&p->executions, all), indent,
	   report_sum_format (&p->hit_executions, hit), indent);
  put_average (out, p->edges, n, true);
  fputs (", \"weighted\": ", out);
  put_average (out, p->edges_weighted, w, true);
  fputs (", \"predicted\": ", out);
  put_average (out, p->predicted_edges, np, true);
  fprintf (out, "},\n%s\"stmts\": {\"measured\": ", indent);
  put_average (out, p->stmts_sum, n, p->stmts);
  fputs (", \"weighted\": ", out);
  put_average (out, p->stmts_weighted, w, p->stmts);
  fputs (", \"predicted\": ", out);
  put_average (out, p->predicted_stmts, np, p->stmts);
  fputc ('}', out);
}

/* Write FN's "prediction" member, after a comma, and add its figures to
   TOTAL.  Returns 0 or -1.  */

static int
put_prediction (FILE *out, const report_function *fn, dump_prediction *total)
{
  dump_prediction p;

  if (dump_predict (fn, &p) != 0)
    return -1;
  fputs (",\n      \"prediction\": {", out);
  put_prediction_figures (out, &p, "        ");
  fputs (",\n        \"paths\": [", out);
  for (uint64_t i = 0; i < p.predicted; i++)
    {
      const ppf_count *c = report_function_count (fn, p.ids[i]);
      uint64_t count = c ? c->count : 0;
      fprintf (out, "%s{\"id\": %llu, \"count\": %llu}", i ? ", " : "",
	       (unsigned long long) p.ids[i], (unsigned long long) count);
    }
  fputs ("]\n      }", out);
  dump_prediction_add (total, &p);
  dump_prediction_free (&p);
  return 0;
}

/* Write FN's "untested" and "unexecuted_paths" members, after a comma:
   at most LIMIT paths.  Returns 0 or -1.  */

static int
put_untested (FILE *out, const report_function *fn, size_t limit,
	      report_path *path)
{
  dump_untested u;
  char err[256], extra[256];

  if (dump_find_untested (fn, limit, &u) != 0)
    return -1;
  fprintf (out, ",\n      \"untested\": {\"never_ran\": %llu, "
	   "\"left_at_call\": %llu, \"exception_exits\": %llu, "
	   "\"listable\": %llu, \"listed\": %zu, \"bounded\": %s},\n"
	   "      \"unexecuted_paths\": [",
	   (unsigned long long) u.never_ran,
	   (unsigned long long) u.left_at_call,
	   (unsigned long long) u.exception_exits,
	   (unsigned long long) u.listable, u.num,
	   u.bounded ? "true" : "false");
  for (size_t i = 0; i < u.num; i++)
    {
      const dump_untested_path *p = &u.paths[i];
      if (report_path_regen (fn, p->id, path, err, sizeof err) != 0)
	{
	  dump_untested_free (&u);
	  return -1;
	}
      if (p->how == DUMP_UNTESTED_DECISION)
	snprintf (extra, sizeof extra, ",\n          \"found\": "
		  "\"one-decision\",\n          \"from\": %llu,\n"
		  "          \"decision_at\": %u",
		  (unsigned long long) p->from, p->position);
      else
	snprintf (extra, sizeof extra, ",\n          \"found\": "
		  "\"shortest\",\n          \"from\": null");
      fputs (i ? ",\n" : "\n", out);
      put_path (out, fn, path, 0, extra);
    }
  fputs (u.num ? "\n      ]" : "]", out);
  dump_untested_free (&u);
  return 0;
}

/* Write " \"time\": ..." fields of FN's function object when its paths
   carry times: its file's unit and frequency, and the sum of its paths'
   times in the report's unit (timing.h).  */

static void
put_function_time (FILE *out, const report_data *data,
		   const report_function *fn)
{
  const ppf_file *f = &fn->profile->file;
  long double sum = report_time_function_total (data, fn);

  if (!report_function_timed (fn))
    return;
  fprintf (out, ",\n      \"measured_unit\": \"%s\",\n"
	   "      \"ticks_per_second\": ",
	   f->time_unit == PPF_TIME_NS ? "ns" : "ticks");
  if (f->ticks_per_second)
    fprintf (out, "%llu", (unsigned long long) f->ticks_per_second);
  else
    fputs ("null", out);
  if (sum < 0)
    fputs (",\n      \"time\": null", out);
  else
    fprintf (out, ",\n      \"time\": %.6Lg", sum);
}

/* The sample fields of the path REF into EXTRA (EXTRA_SIZE bytes), for
   put_path: "samples" and "estimated" of a sampled profile, else
   nothing.  */

static void
path_sample_fields (char *extra, size_t extra_size, const report_data *data,
		    const report_path_ref *ref)
{
  extra[0] = 0;
  if (report_sampling_sampled (&data->sampling))
    snprintf (extra, extra_size, ",\n          \"samples\": %llu,\n"
	      "          \"estimated\": %s", (unsigned long long) ref->samples,
	      report_estimated (ref->count, ref->samples) ? "true" : "false");
}

/* The time fields of the path REF of FN into EXTRA (EXTRA_SIZE bytes),
   for put_path: "time", "time_raw", "time_per_execution" and
   "time_share" (of all measured time).  Empty when FN has no times.  */

static void
path_time_fields (char *extra, size_t extra_size, const report_data *data,
		  const report_function *fn, const report_path_ref *ref)
{
  const ppf_count *c;
  uint64_t raw;

  extra[0] = 0;
  if (!report_function_timed (fn))
    return;
  c = report_function_count (fn, ref->id);
  raw = c ? c->time : 0;
  if (ref->time < 0)
    snprintf (extra, extra_size, ",\n          \"time\": null,\n"
	      "          \"time_raw\": %llu,\n"
	      "          \"time_per_execution\": null,\n"
	      "          \"time_share\": null", (unsigned long long) raw);
  else
    snprintf (extra, extra_size, ",\n          \"time\": %.6Lg,\n"
	      "          \"time_raw\": %llu,\n"
	      "          \"time_per_execution\": %.6Lg,\n"
	      "          \"time_share\": %.6Lg", ref->time,
	      (unsigned long long) raw,
	      ref->count ? ref->time / ref->count : 0,
	      data->total_time > 0 ? ref->time / data->total_time : 0);
}

/* Write the members of a correlated-branches total T (correlated.h)
   indented by INDENT.  */

static void
put_corr_total (FILE *out, const dump_corr_total *t, const char *indent)
{
  char a[REPORT_SUM_DIGITS], e[REPORT_SUM_DIGITS], ep[REPORT_SUM_DIGITS];
  char pp[REPORT_SUM_DIGITS], g[REPORT_SUM_DIGITS];

  fprintf (out, "\n%s\"branch_executions\": %s,\n%s\"blocks\": %llu,\n"
	   "%s\"executions\": %s,\n%s\"edge_predicted\": %s,\n"
	   "%s\"path_predicted\": %s,\n%s\"gain\": %s",
	   indent, report_sum_format (&t->branch_executions, a), indent,
	   (unsigned long long) t->blocks, indent,
	   report_sum_format (&t->executions, e), indent,
	   report_sum_format (&t->edge_predicted, ep), indent,
	   report_sum_format (&t->path_predicted, pp), indent,
	   report_sum_format (&t->gain, g));
}

/* Write FN's "correlated" member, after a comma: its totals and its
   branch blocks entered by two or more edges, each with its
   predecessors, successors and the matrix of their counts ("counts":
   one row per predecessor, one column per successor, in the order
   listed); and add its totals to TOTAL.  */

static int
put_correlation (FILE *out, const report_function *fn, dump_corr_total *total)
{
  dump_correlation c;
  dump_corr_total t;

  if (dump_correlate (fn, &c) != 0)
    return -1;
  memset (&t, 0, sizeof t);
  dump_corr_total_add (&t, &c);
  dump_corr_total_add (total, &c);
  fputs (",\n      \"correlated\": {", out);
  put_corr_total (out, &t, "        ");
  fputs (",\n        \"branches\": [", out);
  for (uint32_t k = 0; k < c.num_blocks; k++)
    {
      const dump_corr_block *b = &c.blocks[k];
      const ppf_block *blk = &fn->meta.blocks[b->position];
      report_loc at = { blk->index, NULL };

      if (blk->branch.file != PPF_NONE && blk->branch.line != 0)
	at.line = &blk->branch;
      else if (blk->num_lines)
	at.line = &blk->lines[blk->num_lines - 1];
      fputs (k ? ",\n          {\"at\": " : "\n          {\"at\": ", out);
      put_loc (out, fn, at);
      fprintf (out, ", \"executions\": %llu, \"edge_predicted\": %llu, "
	       "\"path_predicted\": %llu, \"gain\": %llu,\n"
	       "           \"predecessors\": [",
	       (unsigned long long) b->executions,
	       (unsigned long long) b->edge_predicted,
	       (unsigned long long) b->path_predicted,
	       (unsigned long long) DUMP_CORR_GAIN (b));
      for (uint32_t p = 0; p < b->num_preds; p++)
	{
	  const dump_corr_edge *pred = &b->preds[p];
	  const char *kind = pred->kind == PPF_EDGE_BACK_ENTRY ? "backedge"
			     : pred->kind == PPF_EDGE_CUT_ENTRY ? "cut"
			     : pred->kind == PPF_EDGE_RESTART_ENTRY
			     ? "restart"
			     : pred->block == 0 ? "entry" : "edge";
	  fprintf (out, "%s{\"kind\": \"%s\", \"from\": ", p ? ", " : "",
		   kind);
	  put_loc (out, fn,
		   report_edge_source (fn, &fn->meta.edges[pred->dag_edge]));
	  fprintf (out, ", \"count\": %llu}", (unsigned long long) pred->count);
	}
      fputs ("],\n           \"successors\": [", out);
      for (uint32_t s = 0; s < b->num_succs; s++)
	{
	  const dump_corr_edge *succ = &b->succs[s];
	  const ppf_branch *br = ppf_meta_branch (&fn->meta, blk->index,
						  succ->block);
	  fputs (s ? ", {\"to\": " : "{\"to\": ", out);
	  put_loc (out, fn,
		   report_edge_target (fn, &fn->meta.edges[succ->dag_edge]));
	  fputs (", \"outcome\": ", out);
	  if (br)
	    report_json_string (out, br->label);
	  else
	    fputs ("null", out);
	  fprintf (out, ", \"count\": %llu}", (unsigned long long) succ->count);
	}
      fputs ("],\n           \"counts\": [", out);
      for (uint32_t p = 0; p < b->num_preds; p++)
	{
	  fputs (p ? ", [" : "[", out);
	  for (uint32_t s = 0; s < b->num_succs; s++)
	    fprintf (out, "%s%llu", s ? ", " : "",
		     (unsigned long long) b->counts[(size_t) p * b->num_succs
						    + s]);
	  fputc (']', out);
	}
      fputs ("]}", out);
    }
  fputs (c.num_blocks ? "\n        ]\n      }" : "]\n      }", out);
  dump_correlation_free (&c);
  return 0;
}

static int
put_function (FILE *out, const report_data *data, const report_function *fn,
	      const report_path_ref *refs, size_t num, report_path *path,
	      const dump_options *opt, dump_prediction *total,
	      dump_corr_total *corr_total)
{
  char extra[512];
  const ppf_meta *m = &fn->meta;
  char buf[REPORT_SUM_DIGITS], err[256];
  bool first_cut = true;

  fputs ("    {\n      \"name\": ", out);
  report_json_string (out, m->display_name[0] ? m->display_name : m->name);
  fputs (",\n      \"assembler_name\": ", out);
  report_json_string (out, m->name);
  fputs (",\n      \"file\": ", out);
  put_file (out, fn, m->file);
  if (m->file < m->num_files)
    fprintf (out, ",\n      \"line\": %u", m->line);
  else
    fputs (",\n      \"line\": null", out);
  fputs (",\n      \"profile\": ", out);
  report_json_string (out, fn->profile->path);
  fputs (",\n      \"unit\": ", out);
  if (fn->unit && fn->unit[0])
    report_json_string (out, fn->unit);
  else
    fputs ("null", out);
  /* gcov's JSON key for it.  */
  fputs (",\n      \"current_working_directory\": ", out);
  if (m->comp_dir && m->comp_dir[0])
    report_json_string (out, m->comp_dir);
  else
    fputs ("null", out);
  fputs (",\n      \"label\": ", out);
  report_json_string (out, fn->label ? fn->label : m->name);
  if (put_counts (out, fn) != 0)
    return -1;
  put_function_time (out, data, fn);
  fprintf (out, ",\n      \"potential_paths\": %llu,\n"
	   "      \"potential_exception_exits\": %llu,\n"
	   "      \"executed_exception_exits\": %llu,\n"
	   "      \"executed_cut_paths\": %llu,\n"
	   "      \"executed_paths\": %llu,\n"
	   "      \"executions\": %s,\n"
	   "      \"truncated\": %s",
	   (unsigned long long) m->num_paths,
	   (unsigned long long) fn->exception_exits,
	   (unsigned long long) fn->executed_exception_exits,
	   (unsigned long long) (fn->num_counts - fn->num_complete),
	   (unsigned long long) fn->num_complete,
	   report_sum_format (&fn->executions, buf),
	   m->flags & PPF_FN_TRUNCATED ? "true" : "false");
  if (report_sampling_sampled (&data->sampling))
    fprintf (out, ",\n      \"sampled\": %s",
	     fn->estimated ? "true" : "false");
  fputs (",\n      \"cuts\": [", out);
  for (uint32_t e = 0; e < m->num_edges; e++)
    if (m->edges[e].kind == PPF_EDGE_CUT_EXIT)
      {
	fputs (first_cut ? "\n        {\"from\": " : ",\n        {\"from\": ",
	       out);
	put_loc (out, fn, report_edge_source (fn, &m->edges[e]));
	fputs (", \"to\": ", out);
	put_loc (out, fn, report_edge_target (fn, &m->edges[e]));
	fputc ('}', out);
	first_cut = false;
      }
  fputs (first_cut ? "],\n      \"paths\": ["
		    : "\n      ],\n      \"paths\": [", out);
  for (size_t i = 0; i < num; i++)
    {
      if (report_path_regen (fn, refs[i].id, path, err, sizeof err) != 0)
	return -1;
      fputs (i ? ",\n" : "\n", out);
      path_sample_fields (extra, sizeof extra, data, &refs[i]);
      path_time_fields (extra + strlen (extra), sizeof extra - strlen (extra),
			data, fn, &refs[i]);
      put_path (out, fn, path, refs[i].count, extra[0] ? extra : NULL);
    }
  fputs (num ? "\n      ]" : "]", out);
  if (opt && opt->untested
      && put_untested (out, fn, (opt->untested_top < DUMP_UNTESTED_ALL
				 ? opt->untested_top : DUMP_UNTESTED_ALL),
		       path) != 0)
    return -1;
  if (opt && opt->predict && put_prediction (out, fn, total) != 0)
    return -1;
  if (opt && opt->correlated && put_correlation (out, fn, corr_total) != 0)
    return -1;
  fputs ("\n    }", out);
  return 0;
}

/* Write the JSON report: every selected function in input order, each
   with its kept paths.  SEL's paths must be sorted by function, hottest
   first within a function (report_sort_by_function).  */

int
dump_report_json (FILE *out, const report_data *data,
		  const report_selection *sel, const dump_options *opt)
{
  char buf[REPORT_SUM_DIGITS];
  dump_prediction total;
  dump_corr_total corr_total;
  report_path path;
  size_t next = 0;
  bool first = true;
  int rc = 0;

  fputs ("{\n  \"version\": 1,\n  \"files\": [", out);
  for (size_t i = 0; i < data->num_profiles; i++)
    {
      fputs (i ? ",\n    " : "\n    ", out);
      report_json_string (out, data->profiles[i]->path);
    }
  fprintf (out, "%s,\n  \"total_executions\": %s,\n",
	   data->num_profiles ? "\n  ]" : "]",
	   report_sum_format (&data->total_executions, buf));
  if (report_sampling_sampled (&data->sampling))
    {
      fputs ("  \"sampled\": true,\n  \"sample_period\": ", out);
      if (data->sampling.period)
	fprintf (out, "%llu,\n", (unsigned long long) data->sampling.period);
      else
	fputs ("null,\n", out);
    }
  if (data->has_time)
    fprintf (out, "  \"time_unit\": \"%s\",\n  \"total_time\": %.6Lg,\n",
	     report_time_unit_name (data), data->total_time);
  fputs ("  \"functions\": [", out);
  memset (&total, 0, sizeof total);
  total.stmts = true;
  memset (&corr_total, 0, sizeof corr_total);
  report_path_init (&path);
  for (size_t i = 0; i < data->num_functions && rc == 0; i++)
    {
      size_t end = next;
      if (!sel->selected[i])
	continue;
      while (end < sel->num_paths && sel->paths[end].function == i)
	end++;
      fputs (first ? "\n" : ",\n", out);
      rc = put_function (out, data, data->functions[i], sel->paths + next,
			 end - next, &path, opt, &total, &corr_total);
      next = end;
      first = false;
    }
  fputs (first ? "]" : "\n  ]", out);
  if (opt && opt->predict && rc == 0)
    {
      fputs (",\n  \"prediction\": {", out);
      put_prediction_figures (out, &total, "    ");
      fputs ("\n  }", out);
    }
  if (opt && opt->correlated && rc == 0)
    {
      fputs (",\n  \"correlated\": {", out);
      put_corr_total (out, &corr_total, "    ");
      fputs ("\n  }", out);
    }
  fputs ("\n}\n", out);
  report_path_free (&path);
  return rc;
}

