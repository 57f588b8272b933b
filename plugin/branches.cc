/* SPDX-License-Identifier: GPL-3.0-or-later */
/* branches.cc: the detail of a block for the .pathprof meta: how many
   statements it has, and which way each edge out of it goes from the
   statement that ends it ("true", "case 1 ... 5, 7", "default",
   "goto again").

   The labels say the outcome as the user wrote it.  A switch is the
   hard case: the "cfg" pass (tree-cfg.cc, group_case_labels_stmt)
   rewrites its case vector before we see it, dropping the cases that go
   where default goes and merging consecutive cases to one block into a
   range, in place.  So the pass before "cfg" (o0-cfg.cc) calls
   pathprof_record_switches, which copies every switch's case values as
   the gimplifier left them; pathprof_branch_outcomes then sends each
   recorded case where the grouped vector sends its value, and so writes
   "case 2, default" and "case 6, 7" where the user wrote those labels.
   A switch we have no record of (or whose record does not fit) is
   described from its grouped vector.  cleanup_tree_cfg turns a switch
   left with one case into a condition (tree-cfgcleanup.cc,
   convert_single_case_switch); its edges get the case and default
   labels when the record tells them apart, "true" and "false"
   otherwise.

   Debugging: -fdump-tree-cfg-lineno shows the blocks, the grouped case
   vectors and the lines the labels describe; pathprof-dump --json shows
   the labels (doc/plugin.md).  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "ppformat.h"

/* A case of a switch as the gimplifier built it: LOW ... HIGH (HIGH ==
   LOW for a single value), or default.  */
struct recorded_case
{
  wide_int low, high;
  bool is_default;
};

/* A switch of the function the pass before "cfg" saw last.  */
struct recorded_switch
{
  gswitch *stmt;
  location_t loc;
  signop sign;           /* of the case values' type */
  unsigned first, count; /* its cases in RECORDED_CASES */
};

static function *recorded_fun;
static vec<recorded_switch> recorded_switches;
static vec<recorded_case> recorded_cases;

/* Record the case vector of the switch at *GSI, if it is one
   (walk_gimple_seq callback).  */

static tree
record_switch (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *)
{
  gswitch *sw = dyn_cast <gswitch *> (gsi_stmt (*gsi));
  if (!sw)
    return NULL_TREE;
  recorded_switch r;
  r.stmt = sw;
  r.loc = gimple_location (sw);
  r.sign = TYPE_SIGN (TREE_TYPE (gimple_switch_index (sw)));
  r.first = recorded_cases.length ();
  r.count = 0;
  unsigned precision = 0;
  for (unsigned i = 0; i < gimple_switch_num_labels (sw); i++)
    {
      tree label = gimple_switch_label (sw, i);
      recorded_case c;
      c.is_default = !CASE_LOW (label);
      if (!c.is_default)
	{
	  tree high = CASE_HIGH (label) ? CASE_HIGH (label)
					: CASE_LOW (label);
	  if (TREE_CODE (CASE_LOW (label)) != INTEGER_CST
	      || TREE_CODE (high) != INTEGER_CST
	      || (precision
		  && TYPE_PRECISION (TREE_TYPE (CASE_LOW (label)))
		     != precision)
	      || TYPE_PRECISION (TREE_TYPE (high))
		 != TYPE_PRECISION (TREE_TYPE (CASE_LOW (label))))
	    {
	      recorded_cases.truncate (r.first);
	      return NULL_TREE;
	    }
	  precision = TYPE_PRECISION (TREE_TYPE (CASE_LOW (label)));
	  r.sign = TYPE_SIGN (TREE_TYPE (CASE_LOW (label)));
	  c.low = wi::to_wide (CASE_LOW (label));
	  c.high = wi::to_wide (high);
	}
      recorded_cases.safe_push (c);
      r.count++;
    }
  recorded_switches.safe_push (r);
  return NULL_TREE;
}

/* Copy the case vector of every switch of FUN, which has no CFG yet:
   the "cfg" pass is about to group them.  Called by the pass just before
   "cfg", for every function.  */

void
pathprof_record_switches (function *fun)
{
  recorded_fun = fun;
  recorded_switches.truncate (0);
  recorded_cases.truncate (0);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  walk_gimple_seq (gimple_body (fun->decl), record_switch, NULL, &wi);
}

/* The record of a switch of FUN at LOC that is STMT (or any, when STMT
   is NULL: the switch was replaced), or NULL.  */

static const recorded_switch *
find_recorded_switch (function *fun, gimple *stmt, location_t loc)
{
  if (fun != recorded_fun)
    return NULL;
  const recorded_switch *found = NULL;
  for (const recorded_switch &r : recorded_switches)
    if (stmt ? r.stmt == stmt : r.loc == loc)
      {
	if (found)
	  return NULL; /* two switches at LOC: we cannot tell them apart */
	found = &r;
      }
  return found;
}

/* Whether the statements of BB end with a choice among its successors:
   a condition, a switch, a computed goto or an asm goto.  Returns that
   statement, or NULL.  */

static gimple *
branch_stmt (basic_block bb)
{
  gimple_stmt_iterator gsi = gsi_last_nondebug_bb (bb);
  if (gsi_end_p (gsi))
    return NULL;
  gimple *stmt = gsi_stmt (gsi);
  switch (gimple_code (stmt))
    {
    case GIMPLE_COND:
    case GIMPLE_SWITCH:
      return stmt;
    case GIMPLE_GOTO:
      return computed_goto_p (stmt) ? stmt : NULL;
    case GIMPLE_ASM:
      return gimple_asm_nlabels (as_a <gasm *> (stmt)) ? stmt : NULL;
    default:
      return NULL;
    }
}

/* The statements of BB as the paper's "instructions" count them: debug
   statements, labels, nops and predict hints (which the optimizers drop
   before any code is generated) left out, as are phis.  */

unsigned
pathprof_num_stmts (basic_block bb)
{
  unsigned n = 0;
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (is_gimple_debug (stmt))
	continue;
      switch (gimple_code (stmt))
	{
	case GIMPLE_LABEL:
	case GIMPLE_NOP:
	case GIMPLE_PREDICT:
	  break;
	default:
	  n++;
	}
    }
  return n;
}

/* Where the choice that ends BB is, or UNKNOWN_LOCATION.  The computed
   goto that GCC factors all of a function's computed gotos into has no
   location of its own (tree-cfg.cc, handle_abnormal_edges): it gets the
   line of the gotos that lead to it when they are all on one line.  */

location_t
pathprof_branch_location (basic_block bb)
{
  gimple *stmt = branch_stmt (bb);
  if (!stmt)
    return UNKNOWN_LOCATION;
  location_t loc = gimple_location (stmt);
  if (!RESERVED_LOCATION_P (loc) || !computed_goto_p (stmt))
    return RESERVED_LOCATION_P (loc) ? UNKNOWN_LOCATION : loc;
  location_t common = UNKNOWN_LOCATION;
  expanded_location common_x = expanded_location ();
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      location_t l = e->goto_locus;
      if (RESERVED_LOCATION_P (l))
	return UNKNOWN_LOCATION;
      expanded_location x = expand_location (l);
      if (!x.file || x.line <= 0)
	return UNKNOWN_LOCATION;
      if (common == UNKNOWN_LOCATION)
	{
	  common = l;
	  common_x = x;
	}
      else if (x.line != common_x.line || strcmp (x.file, common_x.file))
	return UNKNOWN_LOCATION;
    }
  return common;
}

/* Append VALUE, of sign SIGN, to BUF in decimal.  print_dec would
   print a value wider than a HOST_WIDE_INT in hex (__int128 cases).  */

static void
print_value (auto_vec<char> *buf, const wide_int &value, signop sign)
{
  if (sign == SIGNED ? wi::fits_shwi_p (value) : wi::fits_uhwi_p (value))
    {
      char text[WIDE_INT_PRINT_BUFFER_SIZE];
      print_dec (value, text, sign);
      for (const char *p = text; *p; p++)
	buf->safe_push (*p);
      return;
    }
  wide_int magnitude = value;
  if (sign == SIGNED && wi::neg_p (value))
    {
      buf->safe_push ('-');
      magnitude = wi::neg (value); /* as unsigned, right for the minimum */
    }
  wide_int ten = wi::uhwi (10, value.get_precision ());
  auto_vec<char> digits;
  do
    {
      wide_int rem;
      magnitude = wi::divmod_trunc (magnitude, ten, UNSIGNED, &rem);
      digits.safe_push ('0' + rem.to_uhwi ());
    }
  while (magnitude != 0);
  while (!digits.is_empty ())
    buf->safe_push (digits.pop ());
}

/* Append TEXT to BUF.  */

static void
append (auto_vec<char> *buf, const char *text)
{
  for (const char *p = text; *p; p++)
    buf->safe_push (*p);
}

/* At most this many case values or ranges in a label; the rest are
   counted: "case 1, 2, 3, 4, 5, 6, 7, 8, ... (+12 more)".  */
#define MAX_LABEL_CASES 8

/* The label of the outcome that takes the cases CASES (in increasing
   order; WITH_DEFAULT: default too), of sign SIGN: "case 3",
   "case 1 ... 5, 7", "case 2, default" or "default".  Returns a
   malloc'd string.  */

static char *
case_label (const vec<const recorded_case *> &cases, bool with_default,
	    signop sign)
{
  auto_vec<char> buf;
  if (!cases.is_empty ())
    append (&buf, "case ");
  for (unsigned i = 0; i < cases.length (); i++)
    {
      if (i == MAX_LABEL_CASES)
	{
	  char more[64];
	  snprintf (more, sizeof more, "... (+%u more)",
		    cases.length () - MAX_LABEL_CASES);
	  append (&buf, more);
	  break;
	}
      print_value (&buf, cases[i]->low, sign);
      if (cases[i]->high != cases[i]->low)
	{
	  append (&buf, " ... ");
	  print_value (&buf, cases[i]->high, sign);
	}
      if (i + 1 < cases.length ())
	append (&buf, ", ");
    }
  if (with_default)
    append (&buf, cases.is_empty () ? "default" : ", default");
  buf.safe_push ('\0');
  return xstrdup (buf.address ());
}

/* The case label of the grouped vector of SW, number I, as a
   recorded_case.  */

static recorded_case
grouped_case (gswitch *sw, unsigned i)
{
  tree label = gimple_switch_label (sw, i);
  recorded_case c;
  c.is_default = !CASE_LOW (label);
  if (!c.is_default)
    {
      c.low = wi::to_wide (CASE_LOW (label));
      c.high = wi::to_wide (CASE_HIGH (label) ? CASE_HIGH (label)
						: CASE_LOW (label));
    }
  return c;
}

/* Add to OUT the outcomes of switch SW, ending BB: one per successor,
   with the cases (recorded ones when we have them) that go there.  */

static void
switch_outcomes (function *fun, basic_block bb, gswitch *sw,
		 vec<pathprof_outcome> *out)
{
  unsigned num_grouped = gimple_switch_num_labels (sw);
  if (num_grouped == 0 || CASE_LOW (gimple_switch_label (sw, 0)))
    return; /* no default first: not what the gimplifier builds */
  signop sign = TYPE_SIGN (TREE_TYPE (gimple_switch_index (sw)));
  auto_vec<recorded_case> grouped;
  auto_vec<basic_block> grouped_dest;
  for (unsigned i = 0; i < num_grouped; i++)
    {
      tree label = gimple_switch_label (sw, i);
      if (i > 0
	  && (!CASE_LOW (label)
	      || TREE_CODE (CASE_LOW (label)) != INTEGER_CST
	      || (CASE_HIGH (label)
		  && (TREE_CODE (CASE_HIGH (label)) != INTEGER_CST
		      || TYPE_PRECISION (TREE_TYPE (CASE_HIGH (label)))
			 != TYPE_PRECISION (TREE_TYPE (CASE_LOW (label)))))
	      || (i > 1 && grouped[1].low.get_precision ()
			   != TYPE_PRECISION (TREE_TYPE (CASE_LOW (label))))))
	return;
      recorded_case c = grouped_case (sw, i);
      grouped.safe_push (c);
      grouped_dest.safe_push (label_to_block (fun, CASE_LABEL
					       (gimple_switch_label (sw, i))));
      if (i > 0)
	sign = TYPE_SIGN (TREE_TYPE (CASE_LOW (gimple_switch_label (sw, i))));
    }

  /* The cases to describe, each with the block it goes to.  */
  auto_vec<const recorded_case *> cases;
  auto_vec<basic_block> dest;
  const recorded_switch *r = find_recorded_switch (fun, sw,
						   UNKNOWN_LOCATION);
  if (r && r->count >= 1 && recorded_cases[r->first].is_default
      && (r->count == 1 || num_grouped == 1
	  || recorded_cases[r->first + 1].low.get_precision ()
	     == grouped[1].low.get_precision ()))
    {
      sign = r->sign;
      for (unsigned k = 1; k < r->count; k++)
	{
	  const recorded_case *c = &recorded_cases[r->first + k];
	  basic_block to = grouped_dest[0];
	  for (unsigned i = 1; i < num_grouped; i++)
	    if (wi::ge_p (c->low, grouped[i].low, sign)
		&& wi::le_p (c->low, grouped[i].high, sign))
	      {
		/* The whole recorded case must be in that one grouped
		   case, or the record is not this vector's.  */
		if (!wi::le_p (c->high, grouped[i].high, sign))
		  r = NULL;
		to = grouped_dest[i];
		break;
	      }
	  if (!r)
	    break;
	  cases.safe_push (c);
	  dest.safe_push (to);
	}
    }
  else
    r = NULL;
  /* Grouping keeps the low value of the first case of each group.  */
  for (unsigned i = 1; i < num_grouped && r; i++)
    {
      bool kept = false;
      for (unsigned k = 1; k < r->count && !kept; k++)
	kept = recorded_cases[r->first + k].low == grouped[i].low;
      if (!kept)
	r = NULL;
    }
  if (!r)
    {
      cases.truncate (0);
      dest.truncate (0);
      for (unsigned i = 1; i < num_grouped; i++)
	{
	  cases.safe_push (&grouped[i]);
	  dest.safe_push (grouped_dest[i]);
	}
    }

  /* One outcome per destination, in the order of the successors.  */
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      auto_vec<const recorded_case *> here;
      for (unsigned k = 0; k < cases.length (); k++)
	if (dest[k] == e->dest)
	  here.safe_push (cases[k]);
      bool with_default = grouped_dest[0] == e->dest;
      if (here.is_empty () && !with_default)
	continue;
      pathprof_outcome o;
      o.e = e;
      o.kind = here.is_empty () ? PPF_BRANCH_DEFAULT : PPF_BRANCH_CASE;
      o.label = case_label (here, with_default, sign);
      out->safe_push (o);
    }
}

/* Add to OUT the outcomes of COND, ending BB.  A condition that was a
   switch with one case (convert_single_case_switch) goes to the case
   when true and to default when false; the labels name the cases when
   the switch's record says which went where: its only case, or, for
   "INDEX == VALUE", the case of that value.  */

static void
cond_outcomes (function *fun, basic_block bb, gcond *cond,
	       vec<pathprof_outcome> *out)
{
  const recorded_switch *r = NULL;
  if (!RESERVED_LOCATION_P (gimple_location (cond)))
    r = find_recorded_switch (fun, NULL, gimple_location (cond));
  auto_vec<const recorded_case *> true_cases, false_cases;
  if (r && r->count >= 2 && recorded_cases[r->first].is_default)
    {
      tree rhs = gimple_cond_rhs (cond);
      bool by_value = gimple_cond_code (cond) == EQ_EXPR
		      && TREE_CODE (rhs) == INTEGER_CST
		      && r->count > 1
		      && recorded_cases[r->first + 1].low.get_precision ()
			 == TYPE_PRECISION (TREE_TYPE (rhs));
      for (unsigned k = 1; k < r->count; k++)
	{
	  const recorded_case *c = &recorded_cases[r->first + k];
	  bool taken = r->count == 2
		       || (by_value && c->low == c->high
			   && wi::eq_p (c->low, wi::to_wide (rhs)));
	  (taken ? &true_cases : &false_cases)->safe_push (c);
	}
      if (true_cases.length () != 1)
	r = NULL;
    }
  else
    r = NULL;

  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    {
      pathprof_outcome o;
      o.e = e;
      if (e->flags & EDGE_TRUE_VALUE)
	{
	  o.kind = r ? PPF_BRANCH_CASE : PPF_BRANCH_TRUE;
	  o.label = r ? case_label (true_cases, false, r->sign)
		      : xstrdup ("true");
	}
      else if (e->flags & EDGE_FALSE_VALUE)
	{
	  o.kind = r && false_cases.is_empty () ? PPF_BRANCH_DEFAULT
		   : r ? PPF_BRANCH_CASE : PPF_BRANCH_FALSE;
	  o.label = r ? case_label (false_cases, true, r->sign)
		      : xstrdup ("false");
	}
      else
	continue;
      out->safe_push (o);
    }
}

/* The label of a jump to BB by a computed or asm goto: "goto NAME" for
   the first user label of BB, else "goto line N" for its first statement
   with a line, else "goto bbN".  Returns a malloc'd string.  */

static char *
goto_label (basic_block bb)
{
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      glabel *label = dyn_cast <glabel *> (gsi_stmt (gsi));
      if (!label)
	break;
      tree decl = gimple_label_label (label);
      if (!DECL_ARTIFICIAL (decl) && DECL_NAME (decl))
	return concat ("goto ", IDENTIFIER_POINTER (DECL_NAME (decl)), NULL);
    }
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
       gsi_next (&gsi))
    {
      location_t loc = gimple_location (gsi_stmt (gsi));
      if (is_gimple_debug (gsi_stmt (gsi)) || RESERVED_LOCATION_P (loc))
	continue;
      expanded_location x = expand_location (loc);
      if (x.file && x.line > 0)
	{
	  char text[64];
	  snprintf (text, sizeof text, "goto line %d", x.line);
	  return xstrdup (text);
	}
    }
  char text[64];
  snprintf (text, sizeof text, "goto bb%d", bb->index);
  return xstrdup (text);
}

/* Add to OUT the outcome of every edge out of BB, which FUN's CFG
   leaves by a choice (branch_stmt): one per edge, in the order of BB's
   successors, with a malloc'd label.  Nothing for a block that ends in
   anything else, nor for an edge that is no outcome of the choice (an
   asm goto's fallthrough, an exception edge).  */

void
pathprof_branch_outcomes (function *fun, basic_block bb,
			  vec<pathprof_outcome> *out)
{
  gimple *stmt = branch_stmt (bb);
  if (!stmt)
    return;
  if (gcond *cond = dyn_cast <gcond *> (stmt))
    cond_outcomes (fun, bb, cond, out);
  else if (gswitch *sw = dyn_cast <gswitch *> (stmt))
    switch_outcomes (fun, bb, sw, out);
  else
    {
      gasm *asm_goto = dyn_cast <gasm *> (stmt);
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
	{
	  if (e->flags & EDGE_EH)
	    continue;
	  if (asm_goto)
	    {
	      bool labelled = false;
	      for (unsigned i = 0; i < gimple_asm_nlabels (asm_goto); i++)
		{
		  tree label = TREE_VALUE (gimple_asm_label_op (asm_goto, i));
		  if (label_to_block (fun, label) == e->dest)
		    labelled = true;
		}
	      if (!labelled)
		continue;
	    }
	  pathprof_outcome o;
	  o.e = e;
	  o.kind = PPF_BRANCH_GOTO;
	  o.label = goto_label (e->dest);
	  out->safe_push (o);
	}
    }
}
