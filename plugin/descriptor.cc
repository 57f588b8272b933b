/* SPDX-License-Identifier: GPL-3.0-or-later */
/* descriptor.cc: the static data of an instrumented object and the
   constructor that hands it to libpathprof.

   For each instrumented function: a dense counter array in .bss (for all
   its paths, or for the dense prefix of a function with more paths than
   max-array, whose other paths go to the runtime's hash table), its
   encoded static
   description (the "meta", read-only), and a struct __pathprof_function
   pointing at both.  For the object: a struct __pathprof_unit listing the
   functions, a constructor calling __pathprof_register and a destructor
   calling __pathprof_unregister (so a dlclose'd library writes its profile
   before its memory goes away).  The layouts are runtime/pathprof-abi.h,
   built here field by field in the same order.

   The unit is built at PLUGIN_ALL_IPA_PASSES_START, where GCC's own
   coverage_finish builds gcov's: every function has been through the
   lowering passes (so through ours) and the constructor can still be added
   as a new function.  Built later (PLUGIN_FINISH_UNIT) it would never
   run.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "pathprof-abi.h"

/* Trees we create and keep across passes: GC roots.  */
static GTY(()) tree function_type_node;  /* struct __pathprof_function */
static GTY(()) tree unit_type_node;      /* struct __pathprof_unit */
static GTY(()) tree register_fn;
static GTY(()) tree unregister_fn;
tree pathprof_count_hashed_fn;
tree pathprof_count_hashed_atomic_fn;
tree pathprof_uncount_hashed_fn;
tree pathprof_uncount_hashed_atomic_fn;
tree pathprof_count_hashed_timed_fn;
tree pathprof_count_hashed_timed_atomic_fn;
tree pathprof_count_hashed_thread_fn;
tree pathprof_uncount_hashed_thread_fn;
tree pathprof_now_ns_fn;
static GTY(()) tree function_decls;      /* TREE_LIST, newest first */
static unsigned num_function_decls;
static unsigned label_counter;

static const struct ggc_root_tab pathprof_roots[] = {
  { &function_type_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &unit_type_node, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &register_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &unregister_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &pathprof_count_hashed_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &pathprof_count_hashed_atomic_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &pathprof_uncount_hashed_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &pathprof_uncount_hashed_atomic_fn, 1, sizeof (tree),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &pathprof_count_hashed_timed_fn, 1, sizeof (tree),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &pathprof_count_hashed_timed_atomic_fn, 1, sizeof (tree),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &pathprof_count_hashed_thread_fn, 1, sizeof (tree),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &pathprof_uncount_hashed_thread_fn, 1, sizeof (tree),
    &gt_ggc_mx_tree_node, &gt_pch_nx_tree_node },
  { &pathprof_now_ns_fn, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &function_decls, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* Register our GC roots.  The types themselves are built on first use:
   GCC's standard type nodes do not exist yet when plugins load.  */

void
pathprof_init_types (const char *plugin_name)
{
  register_callback (plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
		     CONST_CAST (ggc_root_tab *, pathprof_roots));
}

/* Add a FIELD_DECL NAME of TYPE to the chain *FIELDS (built backwards, as
   finish_builtin_struct expects).  */

static void
add_field (tree *fields, const char *name, tree type)
{
  tree f = build_decl (BUILTINS_LOCATION, FIELD_DECL, get_identifier (name),
		       type);
  DECL_CHAIN (f) = *fields;
  *fields = f;
}

/* Declare the runtime entry point NAME of TYPE.  Marked nothrow and
   leaf: it neither throws nor calls back into the program.  If WEAK, as
   every reference of instrumented code to libpathprof but the clock of
   metric=ns: an object linked without the runtime still links, and every
   call is guarded by a test of the entry point's address (doc/manual.md,
   "Linking").  */

tree
pathprof_runtime_fn_decl (const char *name, tree type, bool weak)
{
  tree decl = build_fn_decl (name, type);
  if (weak)
    declare_weak (decl);
  TREE_USED (decl) = 1;
  TREE_NOTHROW (decl) = 1;
  DECL_ATTRIBUTES (decl)
    = tree_cons (get_identifier ("leaf"), NULL, DECL_ATTRIBUTES (decl));
  DECL_ATTRIBUTES (decl)
    = tree_cons (get_identifier ("nothrow"), NULL, DECL_ATTRIBUTES (decl));
  return decl;
}

/* The weak runtime entry point NAME taking (ARG1, ARG2[, ARG3]).  */

static tree
runtime_fn (const char *name, tree arg1, tree arg2, tree arg3 = NULL_TREE)
{
  tree type = build_function_type_list (void_type_node, arg1, arg2, arg3,
					NULL_TREE);
  return pathprof_runtime_fn_decl (name, type, true);
}

/* Check that the record type TYPE has the layout of pathprof-abi.h's
   struct, as the host compiler laid it out: NUM fields at OFFSETS and
   SIZE bytes.  For targets whose pointers are the host's (otherwise the
   host's layout says nothing).  A mismatch is a bug of this file: a
   field added to one side and not the other.  */

static void
check_layout (tree type, const size_t *offsets, size_t num, size_t size)
{
  if (POINTER_SIZE != sizeof (void *) * CHAR_BIT)
    return;
  size_t i = 0;
  for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f), i++)
    gcc_assert (i < num && (size_t) int_byte_position (f) == offsets[i]);
  gcc_assert (i == num && (size_t) int_size_in_bytes (type) == size);
}

/* Build the ABI record types and runtime declarations once.  */

static void
ensure_types (void)
{
  if (function_type_node)
    return;
  tree u64 = uint64_type_node;
  tree fields = NULL_TREE;
  function_type_node = lang_hooks.types.make_type (RECORD_TYPE);
  add_field (&fields, "counters", build_pointer_type (u64));
  add_field (&fields, "num_paths", u64);
  add_field (&fields, "meta",
	     build_pointer_type (build_qualified_type (unsigned_char_type_node,
						       TYPE_QUAL_CONST)));
  add_field (&fields, "meta_size", u64);
  add_field (&fields, "runtime", ptr_type_node);
  add_field (&fields, "cache", build_pointer_type (u64));
  add_field (&fields, "times", build_pointer_type (u64));
  add_field (&fields, "num_dense", u64);
  add_field (&fields, "runtime_flags", u64);
  add_field (&fields, "mapped",
	     build_pointer_type (build_pointer_type (u64)));
  add_field (&fields, "sampled", u64);
  finish_builtin_struct (function_type_node, "__pathprof_function", fields,
			 NULL_TREE);

  fields = NULL_TREE;
  unit_type_node = lang_hooks.types.make_type (RECORD_TYPE);
  tree const_char_ptr
    = build_pointer_type (build_qualified_type (char_type_node,
						TYPE_QUAL_CONST));
  add_field (&fields, "abi_version", u64);
  add_field (&fields, "flags", u64);
  add_field (&fields, "filename", const_char_ptr);
  add_field (&fields, "unit_name", const_char_ptr);
  add_field (&fields, "num_functions", u64);
  add_field (&fields, "functions",
	     build_pointer_type (build_pointer_type (function_type_node)));
  add_field (&fields, "next", ptr_type_node);
  add_field (&fields, "runtime_flags", u64);
  add_field (&fields, "runtime_taken", ptr_type_node);
  add_field (&fields, "num_links", u64);
  add_field (&fields, "links", build_pointer_type (u64));
  add_field (&fields, "sample_period", u64);
  finish_builtin_struct (unit_type_node, "__pathprof_unit", fields,
			 NULL_TREE);

  typedef struct __pathprof_function F;
  static const size_t function_offsets[] = {
    offsetof (F, counters), offsetof (F, num_paths), offsetof (F, meta),
    offsetof (F, meta_size), offsetof (F, runtime), offsetof (F, cache),
    offsetof (F, times), offsetof (F, num_dense), offsetof (F, runtime_flags),
    offsetof (F, mapped), offsetof (F, sampled)
  };
  check_layout (function_type_node, function_offsets,
		ARRAY_SIZE (function_offsets), sizeof (F));
  typedef struct __pathprof_unit U;
  static const size_t unit_offsets[] = {
    offsetof (U, abi_version), offsetof (U, flags), offsetof (U, filename),
    offsetof (U, unit_name), offsetof (U, num_functions),
    offsetof (U, functions), offsetof (U, next), offsetof (U, runtime_flags),
    offsetof (U, runtime_taken), offsetof (U, num_links), offsetof (U, links),
    offsetof (U, sample_period)
  };
  check_layout (unit_type_node, unit_offsets, ARRAY_SIZE (unit_offsets),
		sizeof (U));

  tree fn_ptr = build_pointer_type (function_type_node);
  tree unit_ptr = build_pointer_type (unit_type_node);
  pathprof_count_hashed_fn = runtime_fn ("__pathprof_count_hashed", fn_ptr,
					 u64);
  pathprof_count_hashed_atomic_fn
    = runtime_fn ("__pathprof_count_hashed_atomic", fn_ptr, u64);
  pathprof_uncount_hashed_fn = runtime_fn ("__pathprof_uncount_hashed",
					   fn_ptr, u64);
  pathprof_uncount_hashed_atomic_fn
    = runtime_fn ("__pathprof_uncount_hashed_atomic", fn_ptr, u64);
  pathprof_count_hashed_timed_fn
    = runtime_fn ("__pathprof_count_hashed_timed", fn_ptr, u64, u64);
  pathprof_count_hashed_timed_atomic_fn
    = runtime_fn ("__pathprof_count_hashed_timed_atomic", fn_ptr, u64, u64);
  tree cache_ptr = build_pointer_type (u64);
  pathprof_count_hashed_thread_fn
    = runtime_fn ("__pathprof_count_hashed_thread", fn_ptr, u64, cache_ptr);
  pathprof_uncount_hashed_thread_fn
    = runtime_fn ("__pathprof_uncount_hashed_thread", fn_ptr, u64,
		  cache_ptr);
  /* The clock of metric=ns: a strong reference, as the call is not
     guarded (pathprof-abi.h); pure enough to need no memory, but never
     merged or moved: each call is another time.  */
  pathprof_now_ns_fn
    = pathprof_runtime_fn_decl ("__pathprof_now_ns",
				build_function_type_list (u64, NULL_TREE),
				false);
  register_fn = runtime_fn ("__pathprof_register", unit_ptr, NULL_TREE);
  unregister_fn = runtime_fn ("__pathprof_unregister", unit_ptr, NULL_TREE);
}

/* A new file-scope static variable of TYPE named PREFIX.N, artificial and
   without debug info, registered with the varpool.  INIT, if not null,
   is its initializer (then it is read-only if READONLY).

   Every such variable is preserved, like __attribute__((used)): a
   function's records are referred to only by the unit record, which is
   built after the lowering phase has removed unreferenced symbols, and
   the unit record only by a constructor analysed later still.  Variables
   made at IPA time must be analysed by hand (finalize_decl analyses only
   from IPA_SSA on) or their initializers' references are never seen.  */

static tree
static_var (const char *prefix, tree type, tree init, bool readonly)
{
  char name[64];
  snprintf (name, sizeof name, "%s.%u", prefix, label_counter++);
  tree decl = build_decl (BUILTINS_LOCATION, VAR_DECL, get_identifier (name),
			  type);
  TREE_STATIC (decl) = 1;
  TREE_PUBLIC (decl) = 0;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  DECL_PRESERVE_P (decl) = 1;
  TREE_USED (decl) = 1;
  if (init)
    {
      DECL_INITIAL (decl) = init;
      TREE_READONLY (decl) = readonly;
    }
  varpool_node::finalize_decl (decl);
  varpool_node *node = varpool_node::get (decl);
  if (symtab->state >= IPA && !node->analyzed)
    node->analyze ();
  return decl;
}

/* static_var for the plugin's other files.  */

tree
pathprof_static_var (const char *prefix, tree type, tree init, bool readonly)
{
  ensure_types ();
  return static_var (prefix, type, init, readonly);
}

/* The number of function records built so far in this unit.  */

unsigned
pathprof_num_records (void)
{
  return num_function_decls;
}

/* The dense counter array for a function of NUM_PATHS paths: uint64_t
   [NUM_PATHS] in .bss.  */

tree
pathprof_counters_decl (unsigned HOST_WIDE_INT num_paths)
{
  ensure_types ();
  tree type = build_array_type_nelts (uint64_type_node, num_paths);
  tree decl = static_var ("__pathprof_counters", type, NULL_TREE, false);
  TREE_ADDRESSABLE (decl) = 1;
  return decl;
}

/* The time sums of a function of NUM_PATHS paths with dense counters,
   under metric=: uint64_t [NUM_PATHS] in .bss, indexed as the
   counters.  */

tree
pathprof_times_decl (unsigned HOST_WIDE_INT num_paths)
{
  ensure_types ();
  tree type = build_array_type_nelts (uint64_type_node, num_paths);
  tree decl = static_var ("__pathprof_times", type, NULL_TREE, false);
  TREE_ADDRESSABLE (decl) = 1;
  return decl;
}

/* Whether metric=cycles reads the x86-64 time-stamp counter inline
   (rdtsc) rather than calling __pathprof_now_ns: on x86-64 in 64-bit
   mode, where the asm's 64-bit registers exist.  */

bool
pathprof_time_by_tsc (void)
{
  if (pathprof_opts.metric != PATHPROF_METRIC_CYCLES)
    return false;
#ifdef TARGET_64BIT
  return TARGET_64BIT;
#else
  return false;
#endif
}

/* The slot cache of a function counted in the runtime's hash table:
   uint64_t[PATHPROF_HASH_CACHE_WORDS] in .bss (pathprof-abi.h).  */

tree
pathprof_cache_decl (void)
{
  ensure_types ();
  tree type = build_array_type_nelts (uint64_type_node,
				      PATHPROF_HASH_CACHE_WORDS);
  tree decl = static_var ("__pathprof_cache", type, NULL_TREE, false);
  TREE_ADDRESSABLE (decl) = 1;
  return decl;
}

/* The variable through which a function with mapped counters reads
   their address: uint64_t * in .bss, null until the runtime maps them
   (pathprof-abi.h).  */

tree
pathprof_mapped_decl (void)
{
  ensure_types ();
  tree decl = static_var ("__pathprof_mapped",
			  build_pointer_type (uint64_type_node), NULL_TREE,
			  false);
  TREE_ADDRESSABLE (decl) = 1;
  return decl;
}

/* The address of DECL converted to TYPE, for a static initializer.  */

static tree
addr_as (tree type, tree decl)
{
  return fold_convert (type, build_fold_addr_expr (decl));
}

/* The struct __pathprof_function of one function: its NUM_DENSE
   COUNTERS (null when 0), its slot CACHE when hashed (or null), its
   TIMES (or null), NUM_PATHS, the variable MAPPED of mapped counters
   (or null) and its META.  Its counters hold exact counts (sampled 0:
   no build samples yet, doc/sampling.md).  Remembered for the unit.  */

tree
pathprof_function_decl (tree counters, tree cache, tree times,
			unsigned HOST_WIDE_INT num_paths,
			unsigned HOST_WIDE_INT num_dense,
			tree mapped, const unsigned char *meta,
			size_t meta_size)
{
  ensure_types ();
  tree u64 = uint64_type_node;
  tree meta_type = build_array_type_nelts (unsigned_char_type_node,
					   meta_size);
  tree str = build_string (meta_size, (const char *) meta);
  TREE_TYPE (str) = meta_type;
  tree meta_decl = static_var ("__pathprof_meta", meta_type, str, true);

  tree field = TYPE_FIELDS (function_type_node);
  vec<constructor_elt, va_gc> *elts = NULL;
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  counters ? addr_as (TREE_TYPE (field), counters)
			  : null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, num_paths));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, addr_as (TREE_TYPE (field), meta_decl));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, meta_size));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  cache ? addr_as (TREE_TYPE (field), cache)
			  : null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  times ? addr_as (TREE_TYPE (field), times)
			  : null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, num_dense));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, 0));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  mapped ? addr_as (TREE_TYPE (field), mapped)
			  : null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, 0));
  tree init = build_constructor (function_type_node, elts);
  tree decl = static_var ("__pathprof_function", function_type_node, init,
			  false);
  TREE_ADDRESSABLE (decl) = 1;
  function_decls = tree_cons (NULL_TREE, decl, function_decls);
  num_function_decls++;
  return decl;
}

/* Mangle PATH the way gcov does for -fprofile-dir: '/' becomes '#' and a
   ".." component '^', so that one directory can hold the profiles of
   objects from anywhere.  Returns a malloc'd string.  */

static char *
mangle_path (const char *path)
{
  char *out = XNEWVEC (char, strlen (path) + 1);
  char *p = out;
  while (*path)
    {
      const char *slash = strchr (path, '/');
      size_t len = slash ? (size_t) (slash - path) : strlen (path);
      if (len == 2 && path[0] == '.' && path[1] == '.')
	*p++ = '^';
      else
	{
	  memcpy (p, path, len);
	  p += len;
	}
      path += len;
      if (*path == '/')
	{
	  *p++ = '#';
	  path++;
	}
    }
  *p = 0;
  return out;
}

/* The absolute name of this object's .pathprof file, formed as GCC's
   coverage_init forms the .gcda name: the auxiliary base name (the
   object's name without suffix, "prog-foo" for "gcc foo.c -o prog") made
   absolute; with dir=DIR or -fprofile-dir=DIR, the mangled absolute
   object path inside DIR.  */

static char *
profile_filename (void)
{
  const char *base = aux_base_name ? aux_base_name : "pathprof";
  char *abs_base = IS_ABSOLUTE_PATH (base)
    ? xstrdup (base) : concat (getpwd (), "/", base, NULL);
  const char *dir = pathprof_opts.dir ? pathprof_opts.dir
				      : pathprof_opts.profile_dir;
  char *name;
  if (dir)
    {
      char *mangled = mangle_path (abs_base);
      char *abs_dir = IS_ABSOLUTE_PATH (dir)
	? xstrdup (dir) : concat (getpwd (), "/", dir, NULL);
      name = concat (abs_dir, "/", mangled, ".pathprof", NULL);
      free (mangled);
      free (abs_dir);
    }
  else
    name = concat (abs_base, ".pathprof", NULL);
  free (abs_base);
  return name;
}

/* Build a static constructor ('I') or destructor ('D') that calls FN
   with the address of UNIT if the runtime is linked (FN's weak address is
   not null), and otherwise runs ABSENT (may be null).
   cgraph_build_static_cdtor changes cfun.  */

static void
build_cdtor (char which, tree fn, tree unit, tree absent)
{
  tree call = build_call_expr (fn, 1, build_fold_addr_expr (unit));
  tree body = build3 (COND_EXPR, void_type_node,
		      pathprof_runtime_linked_p (fn), call,
		      absent ? absent : build_empty_stmt (BUILTINS_LOCATION));
  push_cfun (NULL);
  cgraph_build_static_cdtor (which, body, MAX_RESERVED_INIT_PRIORITY - 1);
  pop_cfun ();
}

/* The condition "the runtime entry point FN (a weak declaration) is
   linked": its address is not null.  GCC does not fold it, FN being weak
   and undefined here.  */

tree
pathprof_runtime_linked_p (tree fn)
{
  gcc_checking_assert (DECL_WEAK (fn));
  return build2 (NE_EXPR, boolean_type_node, build_fold_addr_expr (fn),
		 null_pointer_node);
}

/* The same condition as a value: a new boolean register, set at the end
   of SEQ.  */

tree
pathprof_runtime_linked_value (gimple_seq *seq, tree fn)
{
  tree linked = create_tmp_reg (boolean_type_node, "__pathprof_linked");
  gimple_seq_add_stmt (seq, gimple_build_assign (linked, NE_EXPR,
						 build_fold_addr_expr (fn),
						 null_pointer_node));
  return linked;
}

/* The unit's PATHPROF_UNIT_* flags.  */

static unsigned HOST_WIDE_INT
unit_flags (void)
{
  unsigned HOST_WIDE_INT flags = pathprof_opts.atomic ? PATHPROF_UNIT_ATOMIC
						      : 0;
  if (pathprof_opts.per_thread)
    flags |= PATHPROF_UNIT_PER_THREAD;
  if (pathprof_time_by_tsc ())
    flags |= PATHPROF_UNIT_TIME_TSC;
  else if (pathprof_opts.metric != PATHPROF_METRIC_NONE)
    flags |= PATHPROF_UNIT_TIME_NS;
  return flags;
}

/* PLUGIN_ALL_IPA_PASSES_START: build the unit record listing every
   function instrumented in this translation unit, and the constructor and
   destructor that register and unregister it.  Nothing when no function
   was instrumented, when compiling LTO bytecode at link time (the unit was
   built in the compile step), or after errors.  */

void
pathprof_finish_unit (void *, void *)
{
  if (in_lto_p || seen_error ())
    return;
  pathprof_instrument_remaining ();
  pathprof_use_finish_unit ();
  if (!function_decls)
    return;
  ensure_types ();
  tree u64 = uint64_type_node;
  tree fn_ptr = build_pointer_type (function_type_node);

  /* The array of function pointers, in definition order.  */
  tree array_type = build_array_type_nelts (fn_ptr, num_function_decls);
  vec<constructor_elt, va_gc> *elts = NULL;
  auto_vec<tree> decls;
  for (tree t = function_decls; t; t = TREE_CHAIN (t))
    decls.safe_push (TREE_VALUE (t));
  for (unsigned i = decls.length (); i-- > 0;)
    CONSTRUCTOR_APPEND_ELT (elts, NULL_TREE,
			    build_fold_addr_expr (decls[i]));
  tree array = static_var ("__pathprof_functions", array_type,
			   build_constructor (array_type, elts), true);

  char *filename = profile_filename ();
  const char *unit_name = main_input_filename ? main_input_filename : "";
  tree field = TYPE_FIELDS (unit_type_node);
  elts = NULL;
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  build_int_cst (u64, PATHPROF_ABI_VERSION));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  build_int_cst (u64, unit_flags ()));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  fold_convert (TREE_TYPE (field),
					build_string_literal (strlen (filename)
							      + 1, filename)));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  fold_convert (TREE_TYPE (field),
					build_string_literal (strlen (unit_name)
							      + 1, unit_name)));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  build_int_cst (u64, num_function_decls));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, addr_as (TREE_TYPE (field), array));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, 0));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, null_pointer_node);
  unsigned num_links;
  tree links = pathprof_links_table (&num_links);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, num_links));
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field,
			  links ? addr_as (TREE_TYPE (field), links)
				: null_pointer_node);
  field = DECL_CHAIN (field);
  CONSTRUCTOR_APPEND_ELT (elts, field, build_int_cst (u64, 0));
  tree unit = static_var ("__pathprof_unit", unit_type_node,
			  build_constructor (unit_type_node, elts), false);
  TREE_ADDRESSABLE (unit) = 1;

  char *note_name = concat (filename, ".no-runtime", NULL);
  build_cdtor ('I', register_fn, unit,
	       pathprof_absent_runtime_note (note_name, unit_name, filename));
  build_cdtor ('D', unregister_fn, unit, NULL_TREE);
  free (note_name);
  /* Gimplify and lower them now.  Left queued, they would meet
     free_lang_data, the next pass, with GENERIC bodies, which it does not
     expect (it crashes with -flto); gcov builds its constructor after
     that pass, where no plugin event is.  */
  symtab->process_new_functions ();
  free (filename);
  function_decls = NULL_TREE;
  num_function_decls = 0;
}

/* Whether FUN is the constructor or destructor we built: those must not
   be instrumented (they run before registration, or after the write).  */

bool
pathprof_is_own_cdtor (function *fun)
{
  if (!register_fn || !DECL_ARTIFICIAL (fun->decl))
    return false;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gimple *stmt = gsi_stmt (gsi);
	if (is_gimple_call (stmt))
	  {
	    tree callee = gimple_call_fndecl (stmt);
	    if (callee == register_fn || callee == unregister_fn)
	      return true;
	  }
      }
  return false;
}
