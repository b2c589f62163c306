/* The one-sided actions: the MPI layer's checked RMA calls, executed by
 * the engine in src/rma on the window's shared core, and written to the
 * trace. RMA is an extension of SimGrid's format (left out under
 * tracing/ti-compat:yes): windows are named by a per-rank id (WID), targets
 * by their rank in the window, displacements (DISP) in bytes from the start
 * of the target's memory, where the bytes the operation moves begin:
 *   win_create WID SIZE DISP_UNIT FLAVOR [comm=C]   win_free WID
 *   put|get WID TARGET DISP COUNT TYPE       compare_and_swap WID TARGET DISP 1 TYPE
 *   accumulate|get_accumulate WID TARGET DISP COUNT TYPE OP
 *   (Fetch_and_op is a get_accumulate of one element)
 *   win_fence WID ASSERT   win_post|win_start WID ASSERT N R1..RN
 *   win_complete|win_wait|win_test|win_sync|win_unlock_all WID
 *   (win_test: an MPI_Win_test that found the exposure epoch open; one that closed it is written win_wait)
 *   win_lock WID TYPE TARGET ASSERT   win_unlock|win_flush WID TARGET
 *   win_lock_all WID ASSERT   win_flush_all WID
 * (the local flushes complete what the flushes complete: written as those)
 * (FLAVOR: MPI_WIN_FLAVOR_*, 1 create .. 4 shared; C: the communicator's
 * trace id, -1 for MPI_COMM_SELF; OP: the predefined operation's index,
 * 1 = MPI_MAX .. 14 = MPI_NO_OP; dynamic windows: "win_attach WID SIZE" and
 * "win_detach WID R" (R: the rank's attachments numbered from 0), and the
 * operations' DISP is the byte offset in the target's region R, named by a
 * trailing " region=R";
 * TYPE and COUNT as for messages: derived target types are written as bytes,
 * or for accumulates as values of their predefined type).
 * Request-based operations (MPI_Rput, ...) are their plain forms with a
 * trailing " req=K" and a "wait 0 0 -K" line where a wait completes them
 * (K numbered with the rank's nonblocking collectives). */
#include "../core/win.h"
#include "../rma/rma.h"
#include "../runtime/runtime.h"
#include "action.h"
#include "otf2_out.h"
#include "trace.h"
#include <stdarg.h>
#include <stdio.h>

static int tracing(void) { return trace_on && rt_self && !rt_opts.trace_compat; }

/* Byte offset of taddr in member t's memory (dynamic windows: in the region
 * that holds it, whose number goes to *region). */
static MPI_Aint disp_of(const rt_win_t *w, int t, const char *taddr, int *region)
{
  const rma_mem_t *m = &w->core->m[t];
  *region = -1;
  if (w->core->flavor == MPI_WIN_FLAVOR_DYNAMIC)
    for (const rma_region_t *r = m->regions; r; r = r->next)
      if (taddr >= r->base && taddr < r->base + r->size) {
        *region = r->seq;
        return taddr - r->base;
      }
  return taddr - m->base;
}

static void trace_op(const rt_win_t *w, const char *action, int t, const char *taddr, MPI_Count tcount, const dt_t *tt,
                     MPI_Op op)
{
  if (!tracing())
    return;
  long n;
  /* a derived type is written as its bytes (or values) in a row: from where
   * its data begins (true_lb may be negative), so they stay in the window */
  int region; /* looked up where the data begins: the type's origin may lie outside a dynamic region */
  MPI_Aint disp = disp_of(w, t, taddr + tt->true_lb, &region);
  if (op != MPI_OP_NULL && tt->derived) { /* accumulates: as many values of the one predefined type */
    const dt_t *basic = dt_basic(tt->basic);
    tcount = (MPI_Count)((size_t)tcount * tt->size / basic->size);
    tt = basic;
  }
  int id = trace_type(tt, (long)tcount, &n);
  char opstr[40] = "";
  int n_ = 0;
  if (op != MPI_OP_NULL)
    n_ = snprintf(opstr, sizeof opstr, " %u", (unsigned)op & 0xffffff);
  if (region >= 0)
    snprintf(opstr + n_, sizeof opstr - (size_t)n_, " region=%d", region);
  trace_line(rt_self->id, "%s %d %d %ld %ld %d%s", action, w->trace_id, t, (long)disp, n, id, opstr);
}

p2p_req_t *act_put(rt_win_t *w, const void *obuf, MPI_Count ocount, const dt_t *ot, int t, char *taddr,
                   MPI_Count tcount, const dt_t *tt)
{
  trace_op(w, "put", t, taddr, tcount, tt, MPI_OP_NULL);
  return rma_put(w->core, w->rank, t, obuf, ocount, ot, taddr, tcount, tt);
}

p2p_req_t *act_get(rt_win_t *w, void *obuf, MPI_Count ocount, const dt_t *ot, int t, const char *taddr,
                   MPI_Count tcount, const dt_t *tt)
{
  trace_op(w, "get", t, taddr, tcount, tt, MPI_OP_NULL);
  return rma_get(w->core, w->rank, t, obuf, ocount, ot, taddr, tcount, tt);
}

p2p_req_t *act_accumulate(rt_win_t *w, const void *obuf, MPI_Count ocount, const dt_t *ot, void *result,
                          MPI_Count rcount, const dt_t *rt, int t, char *taddr, MPI_Count tcount, const dt_t *tt,
                          MPI_Op op)
{
  trace_op(w, result ? "get_accumulate" : "accumulate", t, taddr, tcount, tt, op);
  return rma_accumulate(w->core, w->rank, t, obuf, ocount, ot, result, rcount, rt, taddr, tcount, tt, op);
}

p2p_req_t *act_compare_and_swap(rt_win_t *w, const void *obuf, const void *cmp, void *result, const dt_t *type,
                                int t, char *taddr)
{
  trace_op(w, "compare_and_swap", t, taddr, 1, type, MPI_OP_NULL);
  return rma_compare_and_swap(w->core, w->rank, t, obuf, cmp, result, type, taddr);
}

void act_rma_request(p2p_req_t *r)
{
  if (!tracing() || !r)
    return;
  r->trace_nbc = ++rt_self->trace_nbcs;
  char ext[32];
  snprintf(ext, sizeof ext, " req=%ld", r->trace_nbc);
  trace_patch(rt_self->id, trace_hold_last(rt_self->id), ext, 0);
  otw_rma_request(rt_self->id, r->trace_nbc);
}

void act_win_traced(rt_win_t *w, const char *action, const char *fmt, ...)
{
  if (!tracing())
    return;
  char args[4096];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(args, sizeof args, fmt, ap);
  va_end(ap);
  trace_line(rt_self->id, "%s %d%s%s", action, w->trace_id, args[0] ? " " : "", args);
}
