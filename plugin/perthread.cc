/* SPDX-License-Identifier: GPL-3.0-or-later */
/* perthread.cc: update=per-thread, each thread counting into its own copy
   of a dense function's counters (runtime/threadcount.c; doc/plugin.md,
   "Per-thread counters").

   For each dense function: a thread-local pointer in the object,

     static __thread uint64_t *slot;     (TLS model GCC's default: one
					   %fs-relative load in a program)

   loaded once on function entry into a local BASE:

     base = slot;
     if (base == 0)                       (once per thread and function)
       {
	 base = (uint64_t *) &counters;   (runtime not linked: never read)
	 if (&__pathprof_thread_counters != 0)
	   base = __pathprof_thread_counters (&fn, &slot);
       }

   and every count of the function is then base[index]++ (and
   base[num_paths + index] += elapsed with a metric): a plain load, add
   and store, as with update=single, but in memory only this thread
   writes.  instrument.cc builds the counts on the array views of BASE
   that pathprof_thread_array returns, then calls
   pathprof_load_thread_counters once every probe is in place.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

/* __pathprof_thread_counters, declared once, and the counters' element
   type (thread_counter_type): GC roots.  */
static GTY(()) tree thread_counters_fn;
static GTY(()) tree thread_counter_node;

static const struct ggc_root_tab per_thread_roots[] = {
  { &thread_counters_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &thread_counter_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

static unsigned thread_slot_counter;

/* Register the GC root.  */

void
pathprof_init_per_thread (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     CONST_CAST (ggc_root_tab *, per_thread_roots));
}

/* The runtime's entry point
     uint64_t *__pathprof_thread_counters (struct __pathprof_function *,
					   uint64_t **);
   weak (as every entry point but the clock's: descriptor.cc,
   runtime_fn), nothrow and leaf.  */

static tree
thread_counters_decl (void)
{
  if (thread_counters_fn)
    return thread_counters_fn;
  tree u64_ptr = build_pointer_type (uint64_type_node);
  tree type = build_function_type_list (u64_ptr, ptr_type_node,
					ptr_type_node, NULL_TREE);
  thread_counters_fn
    = pathprof_runtime_fn_decl ("__pathprof_thread_counters", type, true);
  return thread_counters_fn;
}

/* A new thread-local pointer, null in every thread at start: static
   __thread uint64_t *__pathprof_thread.N, with the TLS model GCC picks
   for a local variable (local-exec in a program, local-dynamic in a
   shared object).  Preserved and analysed as descriptor.cc's
   static_var.  */

tree
pathprof_thread_slot_decl (void)
{
  char name[64];
  snprintf (name, sizeof name, "__pathprof_thread.%u",
	    thread_slot_counter++);
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			  build_pointer_type (uint64_type_node));
  TREE_STATIC (decl) = 1;
  TREE_PUBLIC (decl) = 0;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  TREE_USED (decl) = 1;
  TREE_ADDRESSABLE (decl) = 1;
  set_decl_tls_model (decl, decl_default_tls_model (decl));
  varpool_node::finalize_decl (decl);
  varpool_node *node = varpool_node::get (decl);
  if (symtab->state >= IPA && !node->analyzed)
    node->analyze ();
  return decl;
}

/* The element type of the per-thread copies: a uint64_t of an alias
   set of its own.  A static counter array is a declaration GCC knows
   no pointer of the program reaches; a copy is reached through BASE,
   which GCC cannot tell from any other pointer, so a count through a
   uint64_t * would make it reload every uint64_t, size_t or unsigned
   long the program keeps in memory (a loop bound, a struct field) after
   each count.  With an alias set of its own, a count conflicts only
   with the function's other counts and with character accesses.  The
   copies are read and written with any other type only by the runtime,
   in another translation unit.  */

static tree
thread_counter_type (void)
{
  if (!thread_counter_node)
    {
      thread_counter_node = build_distinct_type_copy (uint64_type_node);
      TYPE_ALIAS_SET (thread_counter_node) = new_alias_set ();
    }
  return thread_counter_node;
}

/* BASE[FIRST .. FIRST + NUM_PATHS - 1] as an array of NUM_PATHS
   counters, for ARRAY_REFs: *(counter (*)[NUM_PATHS]) (BASE + FIRST).  */

tree
pathprof_thread_array (tree base, unsigned HOST_WIDE_INT num_paths,
		       unsigned HOST_WIDE_INT first)
{
  tree type = build_array_type_nelts (thread_counter_type (), num_paths);
  return build2 (MEM_REF, type, base,
		 build_int_cst (build_pointer_type (type), first * 8));
}

/* End the empty block BB with "if (A != 0) goto NONZERO; else goto ZERO",
   ZERO unlikely; BB's one successor is one of the two.  */

static void
end_with_test (basic_block bb, tree a, basic_block nonzero, basic_block zero)
{
  gimple_stmt_iterator gsi = gsi_last_bb (bb);
  gsi_insert_after (&gsi, gimple_build_cond (NE_EXPR, a,
					     build_zero_cst (TREE_TYPE (a)),
					     NULL_TREE, NULL_TREE),
		    GSI_NEW_STMT);
  profile_probability prob = profile_probability::very_likely ();
  edge t = find_edge (bb, nonzero);
  if (!t)
    t = make_edge (bb, nonzero, 0);
  t->flags = (t->flags & ~EDGE_FALLTHRU) | EDGE_TRUE_VALUE;
  t->probability = prob;
  edge f = find_edge (bb, zero);
  if (!f)
    f = make_edge (bb, zero, 0);
  f->flags = (f->flags & ~EDGE_FALLTHRU) | EDGE_FALSE_VALUE;
  f->probability = prob.invert ();
}

/* Whether the slow path calls the runtime's register-preserving stub
   (runtime/threadstub.c) rather than __pathprof_thread_counters: on
   x86-64 in 64-bit mode.  */

static bool
preserving_call_p (void)
{
#ifdef TARGET_64BIT
  return TARGET_64BIT;
#else
  return false;
#endif
}

/* A constraint or clobber string for an asm operand list.  */

static tree
asm_string (const char *text)
{
  return build_string (strlen (text) + 1, text);
}

/* Insert after *GSI the call of the stub (runtime/threadstub.c):

     asm volatile ("leaq -128(%%rsp), %%rsp; call stub@PLT;
		    leaq 128(%%rsp), %%rsp"
		   : "=a" (base) : "0" (&fn_desc), "d" (slot_addr)
		   : "r10", "r11", "cc", "memory");

   The stub preserves every register but %rax; %r10 and %r11 are given
   up because a lazily bound PLT entry (_dl_runtime_resolve) may use
   them.  So the function needs no callee-saved register for the sake
   of this rare call, and a leaf stays a leaf (its red zone skipped).
   The stub is a weak reference, as every entry point: the caller tests
   that the runtime is linked first.  */

static void
insert_preserving_call (gimple_stmt_iterator *gsi, tree base, tree fn_desc,
			tree slot_addr)
{
  tree desc_addr = create_tmp_reg (ptr_type_node, "__pathprof_desc");
  gsi_insert_after (gsi,
		    gimple_build_assign (desc_addr, NOP_EXPR,
					 build_fold_addr_expr (fn_desc)),
		    GSI_NEW_STMT);
  tree result = create_tmp_reg (ptr_type_node, "__pathprof_copy");
  vec<tree, va_gc> *outputs = NULL, *inputs = NULL, *clobbers = NULL;
  vec_safe_push (outputs,
		 build_tree_list (build_tree_list (NULL_TREE,
						   asm_string ("=a")),
				  result));
  vec_safe_push (inputs,
		 build_tree_list (build_tree_list (NULL_TREE,
						   asm_string ("0")),
				  desc_addr));
  vec_safe_push (inputs,
		 build_tree_list (build_tree_list (NULL_TREE,
						   asm_string ("d")),
				  slot_addr));
  static const char *const clobbered[] = { "r10", "r11", "cc", "memory" };
  for (const char *c : clobbered)
    vec_safe_push (clobbers, build_tree_list (NULL_TREE, asm_string (c)));
  gasm *stmt
    = gimple_build_asm_vec (".weak __pathprof_thread_counters_x86_64\n\t"
			    "leaq -128(%%rsp), %%rsp\n\t"
			    "call __pathprof_thread_counters_x86_64@PLT\n\t"
			    "leaq 128(%%rsp), %%rsp",
			    inputs, outputs, clobbers, NULL);
  gimple_asm_set_volatile (stmt, true);
  gsi_insert_after (gsi, stmt, GSI_NEW_STMT);
  gsi_insert_after (gsi, gimple_build_assign (base, NOP_EXPR, result),
		    GSI_NEW_STMT);
}

/* Put the loading of BASE from SLOT (above) at the start of FUN, before
   everything else, the probes included.  FN_DESC is the function's
   struct __pathprof_function, SHARED its dense counters.  Before SSA,
   so BASE, set in two places, needs no PHI.  */

void
pathprof_load_thread_counters (function *fun, tree base, tree slot,
			       tree fn_desc, tree shared)
{
  tree fn = thread_counters_decl ();
  edge entry = single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun));
  /* LOAD -> SHARED_BB -> CALL_BB -> JOIN, and LOAD -> JOIN,
     SHARED_BB -> JOIN.  */
  basic_block load = split_edge (entry);
  basic_block shared_bb = split_edge (single_succ_edge (load));
  basic_block call_bb = split_edge (single_succ_edge (shared_bb));
  basic_block join = single_succ (call_bb);

  gimple_stmt_iterator gsi = gsi_start_bb (load);
  gsi_insert_after (&gsi, gimple_build_assign (base, slot), GSI_NEW_STMT);
  end_with_test (load, base, join, shared_bb);

  gsi = gsi_start_bb (shared_bb);
  tree shared_addr = create_tmp_reg (TREE_TYPE (base), "__pathprof_shared");
  gsi_insert_after (&gsi,
		    gimple_build_assign (shared_addr, NOP_EXPR,
					 build_fold_addr_expr (shared)),
		    GSI_NEW_STMT);
  gsi_insert_after (&gsi, gimple_build_assign (base, shared_addr),
		    GSI_NEW_STMT);
  tree fn_addr = create_tmp_reg (ptr_type_node, "__pathprof_linked");
  gsi_insert_after (&gsi,
		    gimple_build_assign (fn_addr, NOP_EXPR,
					 build_fold_addr_expr (fn)),
		    GSI_NEW_STMT);
  end_with_test (shared_bb, fn_addr, call_bb, join);

  gsi = gsi_start_bb (call_bb);
  tree slot_addr = create_tmp_reg (ptr_type_node, "__pathprof_slot");
  gsi_insert_after (&gsi,
		    gimple_build_assign (slot_addr, NOP_EXPR,
					 build_fold_addr_expr (slot)),
		    GSI_NEW_STMT);
  if (preserving_call_p ())
    insert_preserving_call (&gsi, base, fn_desc, slot_addr);
  else
    {
      gcall *call = gimple_build_call (fn, 2, build_fold_addr_expr (fn_desc),
				       slot_addr);
      gimple_call_set_lhs (call, base);
      gsi_insert_after (&gsi, call, GSI_NEW_STMT);
    }

  free_dominance_info (CDI_DOMINATORS);
  if (current_loops)
    loops_state_set (LOOPS_NEED_FIXUP);
}
