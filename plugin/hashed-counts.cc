/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hashed counts, expanded: a function with too many paths for an array
   counts through the runtime's hash table (pathprof-abi.h).  The pass
   first emits a call of __pathprof_count_hashed* for each count (so
   that the count looks like one statement to the rest of the pass);
   pathprof_expand_hashed_counts then turns each into the code that
   calls the runtime only on a miss: a path below the dense prefix
   counted in its array, a mapped function's counters when the runtime
   mapped them, else a probe of the function's one-slot cache, and the
   call on a miss.  Split from instrument.cc, which emits the calls.  */

#include "gcc-common.h"
#include "pathprof-plugin.h"
#include "pathprof-abi.h"

/* *(uint64_t *) (SLOT + OFFSET), SLOT a pointer to a hash slot.  */

static tree
slot_field (tree slot, unsigned offset)
{
  tree ref = build2 (MEM_REF, uint64_type_node, slot,
		     build_int_cst (TREE_TYPE (slot), offset));
  TREE_THIS_NOTRAP (ref) = 1;	/* a slot the runtime made, never freed */
  return ref;
}

/* Append to SEQ *(uint64_t *) (SLOT + OFFSET) += AMOUNT: a relaxed
   atomic add if ATOMIC.  */

static void
add_to_slot (gimple_seq *seq, tree slot, unsigned offset, tree amount,
	     bool atomic)
{
  pathprof_add_to_ref (seq, slot_field (slot, offset), amount, atomic);
}

/* Append to SEQ the count of PATH (a GIMPLE value below PREFIX->num) in
   the dense prefix: counters[PATH] += AMOUNT, and times[PATH] += ELAPSED
   when ELAPSED is not null.  */

static void
add_to_prefix (gimple_seq *seq, const dense_prefix *prefix, tree path,
	       tree amount, tree elapsed, bool atomic)
{
  gimple_seq added = NULL;
  if (prefix->mapped)
    {
      /* counters[PATH] through the address the test loaded (in
	 PREFIX->counters); a function with a metric has none.  */
      gcc_checking_assert (!elapsed);
      tree ptr_type = build_pointer_type (uint64_type_node);
      tree index = create_tmp_reg (sizetype, "__pathprof_offset");
      gimple_seq_add_stmt (seq, gimple_build_assign (index, NOP_EXPR, path));
      tree offset = create_tmp_reg (sizetype, "__pathprof_offset");
      gimple_seq_add_stmt (seq, gimple_build_assign (offset, MULT_EXPR, index,
						     size_int (8)));
      tree addr = create_tmp_reg (ptr_type, "__pathprof_mapped");
      gimple_seq_add_stmt (seq, gimple_build_assign (addr, POINTER_PLUS_EXPR,
						     prefix->counters, offset));
      tree ref = build2 (MEM_REF, uint64_type_node, addr,
			 build_int_cst (ptr_type, 0));
      TREE_THIS_NOTRAP (ref) = 1;	/* mapped for every path, never unmapped
					   while the unit is loaded */
      pathprof_add_to_ref (seq, ref, amount, atomic);
      return;
    }
  if (elapsed)
    pathprof_add_to_ref (&added,
			 build4 (ARRAY_REF, uint64_type_node, prefix->times,
				 path, NULL_TREE, NULL_TREE),
			 elapsed, atomic);
  pathprof_add_to_ref (&added,
		       build4 (ARRAY_REF, uint64_type_node, prefix->counters,
			       path, NULL_TREE, NULL_TREE),
		       amount, atomic);
  /* Guarded by PATH < P, but where PATH is a constant beyond the prefix
     on every path in (a pending early exit's none, at -O0), GCC's access
     warnings see the dead branch write past the array
     (-Wstringop-overflow): the user's program did nothing wrong.  */
  for (gimple_stmt_iterator gsi = gsi_start (added); !gsi_end_p (gsi);
       gsi_next (&gsi))
    suppress_warning (gsi_stmt (gsi));
  gimple_seq_add_seq (seq, added);
}

/* A count through the hash table, as its call says: PATH's count goes
   up by AMOUNT and, for a timed count, its time by ELAPSED (else null);
   with relaxed atomic adds if ATOMIC.  */

struct hashed_count
{
  tree path;
  tree amount;
  tree elapsed;
  bool atomic;
};

/* Read CALL, a count through the hash table that emit_count placed,
   into *COUNT.  */

static void
read_hashed_count (gcall *call, hashed_count *count)
{
  tree fndecl = gimple_call_fndecl (call);
  count->atomic = (fndecl == pathprof_count_hashed_atomic_fn
		   || fndecl == pathprof_uncount_hashed_atomic_fn
		   || fndecl == pathprof_count_hashed_timed_atomic_fn);
  count->elapsed = (gimple_call_num_args (call) == 3
		    ? gimple_call_arg (call, 2) : NULL_TREE);
  /* One, or the take-back of an early exit (modulo 2^64).  */
  count->amount = u64_cst (fndecl == pathprof_uncount_hashed_fn
			   || fndecl == pathprof_uncount_hashed_atomic_fn
			   ? ~(uint64_t) 0 : 1);
  count->path = gimple_call_arg (call, 1);
}

/* Put CALL in a block of its own: *BB is what came before, *JOIN the
   rest; the edge from *BB to CALL's block.  */

static edge
isolate_call (gcall *call, basic_block *bb, basic_block *join)
{
  *bb = gimple_bb (call);
  *join = split_block (*bb, call)->dest;
  gimple_stmt_iterator gsi = gsi_for_stmt (call);
  gsi_prev (&gsi);
  return (gsi_end_p (gsi) || is_a <glabel *> (gsi_stmt (gsi))
	  ? split_block_after_labels (*bb)
	  : split_block (*bb, gsi_stmt (gsi)));
}

/* End TEST_BB, whose edge *TO_CALL leads to the call, with the test
   whether COUNT goes in the dense PREFIX (its paths below PREFIX->num,
   or once the runtime mapped the function's counters, every path):
   TEST_BB -> the block returned (the probe) -> *TO_CALL's destination,
   and TEST_BB -> PREFIX_BB (the count in the prefix) -> JOIN.
   *TO_CALL becomes the probe's edge.  */

static basic_block
test_prefix_first (basic_block test_bb, edge *to_call, basic_block join,
		   const dense_prefix *prefix, const hashed_count *count)
{
  basic_block bb = split_edge (*to_call);
  *to_call = single_succ_edge (bb);
  basic_block prefix_bb
    = split_edge (make_edge (test_bb, join, EDGE_FALLTHRU));
  dense_prefix target = *prefix;
  if (prefix->mapped)
    {
      /* The counters' address, loaded at each count (one load, from
	 a variable of its own: the record's field would want the
	 record's address, which GCC keeps in a register across an
	 interpreter): null until the runtime maps them (at this
	 function's first miss), never changed after.  */
      tree type = TREE_TYPE (prefix->mapped);
      target.counters = create_tmp_reg (type, "__pathprof_mapped");
      pathprof_insert_at_block_end (test_bb,
				    gimple_build_assign (target.counters,
							 prefix->mapped));
      pathprof_end_with_cond (test_bb, NE_EXPR, target.counters,
			      build_int_cst (type, 0),
			      profile_probability::very_likely (),
			      prefix_bb, bb);
    }
  else
    pathprof_end_with_cond (test_bb, LT_EXPR, count->path,
			    u64_cst (prefix->num),
			    profile_probability::likely (), prefix_bb, bb);
  gimple_seq seq = NULL;
  add_to_prefix (&seq, &target, count->path, count->amount, count->elapsed,
		 count->atomic);
  pathprof_insert_at_block_end (prefix_bb, seq);
  return bb;
}

/* Append to SEQ the index of KEY's entry in a slot cache.  Fibonacci
   hashing of the key's low 32 bits: a multiply by an immediate, where a
   64-bit multiplier would take a register or an instruction of its own
   at each probe.  */

static tree
cache_index (gimple_seq *seq, tree key)
{
  tree u32 = unsigned_type_node;
  tree low = create_tmp_reg (u32, "__pathprof_hash");
  gimple_seq_add_stmt (seq, gimple_build_assign (low, NOP_EXPR, key));
  tree hash = create_tmp_reg (u32, "__pathprof_hash");
  gimple_seq_add_stmt (seq,
		       gimple_build_assign (hash, MULT_EXPR, low,
					    build_int_cst
					      (u32, PATHPROF_HASH_MULTIPLIER)));
  tree top = create_tmp_reg (u32, "__pathprof_hash");
  gimple_seq_add_stmt (seq,
		       gimple_build_assign (top, RSHIFT_EXPR, hash,
					    build_int_cst
					      (integer_type_node,
					       32 - PATHPROF_HASH_CACHE_BITS)));
  tree index = create_tmp_reg (uint64_type_node, "__pathprof_hash");
  gimple_seq_add_stmt (seq, gimple_build_assign (index, NOP_EXPR, top));
  return index;
}

/* End BB with the probe of the slot cache at CACHE for PATH: to HIT_BB
   if the slot its entry gives holds PATH's key (PATH + 1), else to
   MISS_BB; the slot.  */

static tree
probe_cache (basic_block bb, tree cache, tree path, basic_block hit_bb,
	     basic_block miss_bb)
{
  tree slot_type = build_pointer_type (uint64_type_node);
  gimple_seq seq = NULL;
  tree wanted = create_tmp_reg (uint64_type_node, "__pathprof_key");
  gimple_seq_add_stmt (&seq, gimple_build_assign (wanted, PLUS_EXPR, path,
						  u64_cst (1)));
  tree index = cache_index (&seq, wanted);
  /* The entries, words 1.. of the cache: an array at CACHE + 8, so that
     the word's + 1 is the address's displacement.  */
  tree entries = build2 (MEM_REF,
			 build_array_type_nelts (uint64_type_node,
						 PATHPROF_HASH_CACHE_SIZE),
			 cache, build_int_cst (slot_type, 8));
  tree entry = create_tmp_reg (uint64_type_node, "__pathprof_entry");
  gimple_seq_add_stmt (&seq,
		       gimple_build_assign (entry,
					    build4 (ARRAY_REF, uint64_type_node,
						    entries, index,
						    NULL_TREE, NULL_TREE)));
  tree offset = create_tmp_reg (sizetype, "__pathprof_entry");
  gimple_seq_add_stmt (&seq, gimple_build_assign (offset, NOP_EXPR, entry));
  /* An entry is an offset from the cache's own address, and an empty
     entry (0) leads to its word 0, which no key equals.  */
  tree slot = create_tmp_reg (slot_type, "__pathprof_slot");
  gimple_seq_add_stmt (&seq, gimple_build_assign (slot, POINTER_PLUS_EXPR,
						  cache, offset));
  tree key = create_tmp_reg (uint64_type_node, "__pathprof_key");
  gimple_seq_add_stmt (&seq, gimple_build_assign (key, slot_field (slot, 0)));
  pathprof_insert_at_block_end (bb, seq);
  pathprof_end_with_cond (bb, EQ_EXPR, key, wanted,
			  profile_probability::very_likely (), hit_bb, miss_bb);
  return slot;
}

/* End MISS_BB with the test whether the runtime is linked: to CALL_BB,
   CALL's block, if it is, else to JOIN.  With THREAD_BASE (the thread's
   slot cache), CALL becomes the call that counts in the thread's own
   tables and fills its own cache entry.  */

static void
call_on_miss (gcall *call, tree thread_base, basic_block miss_bb,
	      basic_block call_bb, basic_block join)
{
  tree fndecl = gimple_call_fndecl (call);
  if (thread_base)
    {
      fndecl = (fndecl == pathprof_uncount_hashed_fn
		? pathprof_uncount_hashed_thread_fn
		: pathprof_count_hashed_thread_fn);
      gcall *thread_call = gimple_build_call (fndecl, 3,
					      gimple_call_arg (call, 0),
					      gimple_call_arg (call, 1),
					      thread_base);
      gimple_set_location (thread_call, gimple_location (call));
      gimple_stmt_iterator call_gsi = gsi_for_stmt (call);
      gsi_replace (&call_gsi, thread_call, false);
    }
  tree linked = pathprof_runtime_linked_p (fndecl);
  pathprof_end_with_cond (miss_bb, TREE_CODE (linked),
			  TREE_OPERAND (linked, 0), TREE_OPERAND (linked, 1),
			  profile_probability::very_likely (), call_bb, join);
}

/* Turn CALL, a count through the runtime's hash table that emit_count
   placed, into a count in the function's dense PREFIX for the paths it
   covers and otherwise the inline probe of the slot cache at CACHE (the
   function's, or with THREAD_BASE the thread's: pathprof-abi.h), with
   the call only on a miss and only when the runtime is linked (its entry
   points are weak references):

     if (path < P)
       counters[path]++;                   (P: PREFIX->num; no test
					    when it has no prefix)
     else
       {
	 key = path + 1;
	 slot = (char *) cache + cache[1 + ((uint32_t) key * M >> (32 - BITS))];
	 if (slot->key == key)             (an empty entry: cache[0], 0)
	   slot->count++;                  (relaxed atomic add if atomic)
	 else if (&__pathprof_count_hashed != 0)
	   __pathprof_count_hashed (&fn, path);
       }

   and for a timed count (__pathprof_count_hashed_timed, metric=) also
   times[path] += elapsed in the prefix, slot->time += elapsed on a hit,
   the timed call on a miss.  A constant PATH (a count folded onto a
   chord, Figure 8) needs no test: one of the two branches.  Hot-first
   numbering (numbering.c) puts the paths estimated hottest in the
   prefix.

   Done after the probes are committed: a probe sequence on an edge
   holds no control flow.  Before SSA, so no PHI or virtual operand needs
   updating.  */

static void
expand_hashed_count (gcall *call, tree cache, const dense_prefix *prefix,
		     tree thread_base)
{
  hashed_count count;
  read_hashed_count (call, &count);
  tree path = count.path;
  if (TREE_CODE (path) == INTEGER_CST && !prefix->mapped
      && wi::ltu_p (wi::to_wide (path), prefix->num))
    {
      /* Known to be in the prefix: the count alone.  */
      gimple_seq seq = NULL;
      add_to_prefix (&seq, prefix, path, count.amount, count.elapsed,
		     count.atomic);
      gimple_stmt_iterator gsi = gsi_for_stmt (call);
      gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
      gsi_remove (&gsi, true);
      return;
    }
  bool test_prefix = ((prefix->num != 0 && TREE_CODE (path) != INTEGER_CST)
		      || prefix->mapped);

  /* BB: what came before; CALL_BB: the call; JOIN: the rest.  */
  basic_block bb, join;
  edge to_call = isolate_call (call, &bb, &join);
  /* TEST_BB (the old BB) -> BB (the probe, below) -> CALL_BB, and
     TEST_BB -> PREFIX_BB -> JOIN.  */
  if (test_prefix)
    bb = test_prefix_first (bb, &to_call, join, prefix, &count);
  basic_block call_bb = to_call->dest;
  /* BB (the probe) -> MISS_BB -> CALL_BB -> JOIN, and BB -> HIT_BB ->
     JOIN.  */
  basic_block miss_bb = split_edge (to_call);
  basic_block hit_bb = split_edge (make_edge (bb, join, EDGE_FALLTHRU));
  tree slot = probe_cache (bb, cache, path, hit_bb, miss_bb);

  gimple_seq seq = NULL;
  add_to_slot (&seq, slot, 8, count.amount, count.atomic);
  if (count.elapsed)
    add_to_slot (&seq, slot, 16, count.elapsed, count.atomic);
  pathprof_insert_at_block_end (hit_bb, seq);
  call_on_miss (call, thread_base, miss_bb, call_bb, join);
}

/* Expand every count through the hash table in FUN (expand_hashed_count)
   with the function's slot CACHE (its decl) and dense PREFIX; with
   update=per-thread (THREAD_BASE, the thread's own slot cache loaded on
   entry, not null), with the thread's cache and its own tables.  */

void
pathprof_expand_hashed_counts (function *fun, tree cache,
			       const dense_prefix *prefix, tree thread_base)
{
  auto_vec<gcall *> calls;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi);
	 gsi_next (&gsi))
      {
	gcall *call = dyn_cast <gcall *> (gsi_stmt (gsi));
	tree fndecl = call ? gimple_call_fndecl (call) : NULL_TREE;
	if (fndecl
	    && (fndecl == pathprof_count_hashed_fn
		|| fndecl == pathprof_count_hashed_atomic_fn
		|| fndecl == pathprof_uncount_hashed_fn
		|| fndecl == pathprof_uncount_hashed_atomic_fn
		|| fndecl == pathprof_count_hashed_timed_fn
		|| fndecl == pathprof_count_hashed_timed_atomic_fn))
	  calls.safe_push (call);
      }
  /* The cache's address, a GIMPLE value.  */
  cache = thread_base ? thread_base : build_fold_addr_expr (cache);
  for (gcall *call : calls)
    expand_hashed_count (call, cache, prefix, thread_base);
  if (!calls.is_empty ())
    free_dominance_info (CDI_DOMINATORS);
}
