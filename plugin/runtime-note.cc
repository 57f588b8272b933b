/* SPDX-License-Identifier: GPL-3.0-or-later */
/* runtime-note.cc: what an instrumented object does when the program or
   library holding it was linked without libpathprof.

   Every reference to the runtime is weak (descriptor.cc, redirect.cc,
   instrument.cc), so such an object links and runs as if it had not been
   instrumented.  It says so once, in a file next to the profile it does
   not write: NAME.pathprof.no-runtime, created with O_EXCL by the first
   run and left alone by every later one.  Not on standard error: a test
   suite comparing a program's output would fail, which is the very
   breakage weak references avoid; the profile's own directory is where
   the user looks for the missing profile, and it is written there only
   where the profile would have been (doc/manual.md, "Linking").

   No runtime is linked, so the constructor the plugin builds does it with
   the C library's __open, __write and __close, and gives the program back
   the errno it had.  The reserved names, exported by glibc, because a
   translation unit may define a static function of its own named open,
   write or close, and the assembler would bind our call to it.  */

#include "gcc-common.h"
#include <fcntl.h>
#include "pathprof-plugin.h"

/* An external declaration of the C library function NAME of TYPE.  */

static tree
libc_fn (const char *name, tree type)
{
  tree decl = build_fn_decl (name, type);
  TREE_NOTHROW (decl) = 1;
  return decl;
}

/* A string constant of TEXT as a "const char *".  */

static tree
string_arg (const char *text)
{
  return build_string_literal (strlen (text) + 1, text);
}

/* GENERIC statements for the constructor of an object linked without the
   runtime: write the note NOTE_NAME, saying that the object of source
   UNIT_NAME writes no PROFILE_NAME, unless it exists; keep errno.  */

tree
pathprof_absent_runtime_note (const char *note_name, const char *unit_name,
			      const char *profile_name)
{
  tree int_type = integer_type_node;
  tree const_char_ptr
    = build_pointer_type (build_qualified_type (char_type_node,
						TYPE_QUAL_CONST));
  tree const_void_ptr
    = build_pointer_type (build_qualified_type (void_type_node,
						TYPE_QUAL_CONST));
  tree open_fn
    = libc_fn ("__open", build_varargs_function_type_list (int_type,
							 const_char_ptr,
							 int_type,
							 NULL_TREE));
  tree write_fn
    = libc_fn ("__write",
	       build_function_type_list (signed_type_for (size_type_node),
					 int_type, const_void_ptr,
					 size_type_node, NULL_TREE));
  tree close_fn = libc_fn ("__close", build_function_type_list (int_type,
							      int_type,
							      NULL_TREE));
  tree errno_fn
    = libc_fn ("__errno_location",
	       build_function_type_list (build_pointer_type (int_type),
					 NULL_TREE));

  char *text = xasprintf ("pathprof: %s was compiled for path profiling "
			  "(-fplugin=pathprof), but the program or library "
			  "holding it was linked without libpathprof: it "
			  "runs unprofiled and writes no %s\n"
			  "Link with -lpathprof, or compile and link with "
			  "-specs=pathprof.specs (pathprof's doc/manual.md).\n"
			  "This note is written once; remove it to see it "
			  "again.\n", unit_name, profile_name);

  /* int *e = __errno_location (); int saved = *e;  */
  tree errno_ref
    = build_fold_indirect_ref (save_expr (build_call_expr (errno_fn, 0)));
  tree saved_errno = save_expr (errno_ref);
  /* int fd = open (NOTE, O_WRONLY | O_CREAT | O_EXCL ..., 0666);  */
  tree fd = save_expr (build_call_expr (open_fn, 3, string_arg (note_name),
					build_int_cst (int_type,
						       O_WRONLY | O_CREAT
						       | O_EXCL | O_NOCTTY
						       | O_CLOEXEC),
					build_int_cst (int_type, 0666)));
  /* if (fd >= 0) { write (fd, TEXT, LEN); close (fd); }  */
  tree write_call = build_call_expr (write_fn, 3, fd, string_arg (text),
				     build_int_cst (size_type_node,
						    strlen (text)));
  tree close_call = build_call_expr (close_fn, 1, fd);
  tree written = build2 (COMPOUND_EXPR, void_type_node,
			 build1 (CONVERT_EXPR, void_type_node, write_call),
			 build1 (CONVERT_EXPR, void_type_node, close_call));
  tree if_open = build3 (COND_EXPR, void_type_node,
			 build2 (GE_EXPR, boolean_type_node, fd,
				 build_int_cst (int_type, 0)),
			 written, build_empty_stmt (BUILTINS_LOCATION));
  /* *e = saved;  */
  tree restore = build2 (MODIFY_EXPR, int_type, errno_ref, saved_errno);
  free (text);
  return build2 (COMPOUND_EXPR, void_type_node,
		 build1 (CONVERT_EXPR, void_type_node, saved_errno),
		 build2 (COMPOUND_EXPR, void_type_node, if_open,
			 build1 (CONVERT_EXPR, void_type_node, restore)));
}
