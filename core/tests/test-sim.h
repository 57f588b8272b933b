/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The simulated path register and counters of the core's unit tests:
   the operations of a plan (pp_op) executed as the plugin's code would
   execute them, from a register that holds garbage, so that a read
   before the first write is caught.  */

#ifndef PATHPROF_TEST_SIM_H
#define PATHPROF_TEST_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ppcore.h"

/* What R holds before the first operation of a path.  */
#define GARBAGE UINT64_C (0xDEADBEEFCAFEF00D)

/* Simulation of the path register and the counters.  R starts with
   garbage and a read before the first write is an error in itself.  */
typedef struct sim
{
  uint64_t r;
  bool r_written;
  bool bad_read;
  uint32_t num_counts;
  uint64_t last_count;
  uint64_t *log;     /* if not NULL, every count index in order */
  uint32_t log_len, log_cap;
} sim;

/* R = garbage, nothing counted.  */
static void __attribute__ ((unused))
sim_init (sim *s)
{
  memset (s, 0, sizeof *s);
  s->r = GARBAGE;
}

/* Record a count at INDEX.  */
static void __attribute__ ((unused))
sim_count (sim *s, uint64_t index)
{
  s->num_counts++;
  s->last_count = index;
  if (s->log != NULL && s->log_len < s->log_cap)
    s->log[s->log_len++] = index;
}

/* Execute N operations, as the plugin's code would.  */
static void __attribute__ ((unused))
sim_ops (sim *s, const pp_op *ops, uint32_t n)
{
  for (uint32_t k = 0; k < n; k++)
    switch (ops[k].kind)
      {
      case PP_OP_ADD:
	s->bad_read |= !s->r_written;
	s->r += ops[k].value;
	break;
      case PP_OP_SET:
	s->r = ops[k].value;
	s->r_written = true;
	break;
      case PP_OP_COUNT:
	s->bad_read |= !s->r_written;
	sim_count (s, s->r + ops[k].value);
	break;
      case PP_OP_COUNT_CONST:
	sim_count (s, ops[k].value);
	break;
      default:
	s->bad_read = true;
      }
}

#endif /* PATHPROF_TEST_SIM_H */
