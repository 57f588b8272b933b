/* SPDX-License-Identifier: GPL-3.0-or-later */
/* redirect.cc: calls that replace the process image, or start another
   program, go through libpathprof's wrappers, which write the counts
   first (runtime/pathprof-abi.h lists them); so do calls of longjmp,
   whose wrappers count the paths the jump cuts.  GCC's gcov does the same
   with __gcov_execve and friends.  Without it, a program that ends in
   execve loses every path it counted.

   A call is redirected when its callee is the C library function itself:
   an external, public declaration whose assembler name is one of the
   names below (a C++ function of the same name in a namespace has another
   assembler name).  The wrapper is declared with the callee's own type, so
   the call stays exactly as it was but for the callee.  The wrapper is a
   weak reference, as every reference to libpathprof: the call goes to
   "&wrapper ? wrapper : callee", a branch-free select of the function
   called, so an object linked without the runtime calls the C library
   function itself (doc/manual.md, "Linking").  fork needs no
   wrapper: the runtime handles it with pthread_atfork, which also covers
   forks from code that was not instrumented.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"

static const struct
{
  const char *name;
  const char *wrapper;
} redirects[] = {
  { "execve", "__pathprof_execve" },
  { "execv", "__pathprof_execv" },
  { "execvp", "__pathprof_execvp" },
  { "execvpe", "__pathprof_execvpe" },
  { "execl", "__pathprof_execl" },
  { "execlp", "__pathprof_execlp" },
  { "execle", "__pathprof_execle" },
  { "system", "__pathprof_system" },
  { "posix_spawn", "__pathprof_posix_spawn" },
  { "posix_spawnp", "__pathprof_posix_spawnp" },
  /* A longjmp leaves the frames between it and its setjmp: the runtime
     counts their paths first (runtime/cutpaths.c).  */
  { "longjmp", "__pathprof_longjmp" },
  { "siglongjmp", "__pathprof_siglongjmp" },
  { "_longjmp", "__pathprof__longjmp" },
  { "__longjmp_chk", "__pathprof___longjmp_chk" },
};

#define NUM_REDIRECTS (sizeof redirects / sizeof redirects[0])

/* The wrappers declared so far in this unit, one per entry of redirects;
   a GC root.  */
static GTY(()) tree wrapper_decls;

static const struct ggc_root_tab redirect_roots[] = {
  { &wrapper_decls, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* Register our GC root.  */

void
pathprof_init_redirects (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     CONST_CAST (ggc_root_tab *, redirect_roots));
}

/* The index in redirects of the C library function CALLEE, or -1.  */

static int
redirect_index (tree callee)
{
  if (!callee || !DECL_EXTERNAL (callee) || !TREE_PUBLIC (callee))
    return -1;
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (callee));
  for (unsigned i = 0; i < NUM_REDIRECTS; i++)
    if (!strcmp (name, redirects[i].name))
      return i;
  return -1;
}

/* The wrapper for entry I, declared with CALLEE's type and throw
   behaviour.  */

static tree
wrapper_decl (int i, tree callee)
{
  if (!wrapper_decls)
    wrapper_decls = make_tree_vec (NUM_REDIRECTS);
  tree decl = TREE_VEC_ELT (wrapper_decls, i);
  if (!decl || TREE_TYPE (decl) != TREE_TYPE (callee))
    {
      decl = build_fn_decl (redirects[i].wrapper, TREE_TYPE (callee));
      declare_weak (decl);
      TREE_USED (decl) = 1;
      TREE_NOTHROW (decl) = TREE_NOTHROW (callee);
      TREE_VEC_ELT (wrapper_decls, i) = decl;
    }
  return decl;
}

/* Make CALL, at GSI, call WRAPPER when the runtime is linked and its
   C library CALLEE otherwise:
     linked = &WRAPPER != 0;  fn = linked ? &WRAPPER : &CALLEE;  fn (...);
   An indirect call costs nothing next to an exec.  */

static void
redirect_call (gimple_stmt_iterator *gsi, gcall *call, tree wrapper,
	       tree callee)
{
  /* A call of a noreturn function (longjmp) stays one: the type of the
     pointer called says so (flags_from_decl_or_type).  */
  tree fn_type = TREE_TYPE (callee);
  if (TREE_THIS_VOLATILE (callee))
    fn_type = build_qualified_type (fn_type, TYPE_QUAL_VOLATILE);
  tree fn_ptr_type = build_pointer_type (fn_type);
  tree fn = create_tmp_reg (fn_ptr_type, "__pathprof_exec");
  gimple_seq seq = NULL;
  tree linked = pathprof_runtime_linked_value (&seq, wrapper);
  gimple_seq_add_stmt (&seq,
		       gimple_build_assign (fn, COND_EXPR, linked,
					    build_fold_addr_expr (wrapper),
					    build_fold_addr_expr (callee)));
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  gimple_call_set_fn (call, fn);
  gimple_call_set_fntype (call, fn_type);
}

/* Redirect FUN's calls to the functions of redirects to their wrappers.
   Returns the number of calls redirected.  */

unsigned
pathprof_redirect_calls (function *fun)
{
  unsigned n = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	if (!call)
	  continue;
	tree callee = gimple_call_fndecl (call);
	int i = redirect_index (callee);
	if (i < 0)
	  continue;
	redirect_call (&gsi, call, wrapper_decl (i, callee), callee);
	n++;
      }
  return n;
}

/* Whether STMT, in cfun, is a call the instrumenting pass redirects
   (pathprof_redirect_calls, which instrument_function runs on every
   function defined here): the wrapper, called through a pointer, may
   not return, so its block ends after it (pathprof_split_after_calls).
   feedback=, which redirects nothing, shapes its CFG alike with this.  */

bool
pathprof_redirected_call_p (const gimple *stmt)
{
  const gcall *call = dyn_cast <const gcall *> (stmt);
  return (call && !DECL_EXTERNAL (cfun->decl)
	  && redirect_index (gimple_call_fndecl (call)) >= 0);
}
