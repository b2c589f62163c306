/* One-sided engine (see rma.h): data movement at call time, the timed
 * transfer of each operation between the origin's and the target's hosts,
 * and shared/exclusive window locks. */
#include "rma.h"
#include "../core/op.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SMPI's per-message envelope, as for point-to-point messages */
#define ENVELOPE_BYTES 16.0

rma_core_t *rma_core_new(int n)
{
  rma_core_t *w = calloc(1, sizeof *w);
  w->n = n;
  w->m = calloc((size_t)n, sizeof *w->m);
  for (int i = 0; i < n; i++)
    w->m[i].excl = -1;
  return w;
}

void rma_core_release(rma_core_t *w)
{
  if (--w->refs > 0)
    return;
  for (int i = 0; i < w->n; i++) {
    for (rma_region_t *r = w->m[i].regions, *next; r; r = next) {
      next = r->next;
      free(r);
    }
    kern_event_free(w->m[i].granted);
  }
  free(w->shared);
  free(w->m);
  free(w);
}

char *rma_target(rma_core_t *w, int t, MPI_Aint disp, MPI_Aint lo, MPI_Aint hi)
{
  rma_mem_t *m = &w->m[t];
  if (w->flavor == MPI_WIN_FLAVOR_DYNAMIC) { /* attached regions cover [a + lo, a + hi), adjacent ones together */
    char *a = (char *)disp, *at = a + lo;
    for (int more = 1; at < a + hi && more;) {
      more = 0;
      for (rma_region_t *r = m->regions; r; r = r->next)
        if (at >= r->base && at < r->base + r->size) {
          at = r->base + r->size;
          more = 1;
          break;
        }
    }
    return at >= a + hi ? a : NULL;
  }
  MPI_Aint off = disp * m->disp_unit;
  if (disp < 0 || off + lo < 0 || off + hi > m->size)
    return NULL;
  return m->base + off;
}

rma_region_t *rma_region(rma_core_t *w, int t, int seq)
{
  for (rma_region_t *r = w->m[t].regions; r; r = r->next)
    if (r->seq == seq)
      return r;
  return NULL;
}

/* The request timing an operation: out bytes to the target, back bytes
 * from it (negative: no such leg). */
static p2p_req_t *transfer(rma_core_t *w, int me, int t, double out, double back)
{
  if (t == me)
    return NULL;
  rt_rank_t *target = &rt_ranks[w->m[t].world];
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_RMA;
  r->owner = rt_self->id;
  r->peer = t;
  r->peer_world = target->id;
  r->active = 1;
  r->nonblocking = 1;
  r->comm_name = "a window";
  r->msg_bytes = (size_t)((out > 0 ? out : 0) + (back > 0 ? back : 0));
  rt_stats_message(rt_self->id, (double)r->msg_bytes);
  r->kc = kern_remote(target->host, out >= 0 ? out + ENVELOPE_BYTES : -1, back >= 0 ? back + ENVELOPE_BYTES : -1);
  return r;
}

/* An operation changes the target's memory at the rank's own time: its lag
 * (kernel.h) is slept first, since others run meanwhile. */

/* Target memory as the running rank can reach it (the target's globals
 * are elsewhere while another rank runs). */
static void *reach(rma_core_t *w, int t, const void *p) { return rt_priv_addr(&rt_ranks[w->m[t].world], p); }

p2p_req_t *rma_put(rma_core_t *w, int me, int t, const void *obuf, MPI_Count ocount, const dt_t *ot, char *taddr,
                   MPI_Count tcount, const dt_t *tt)
{
  kern_settle();
  dt_copy(obuf, ocount, ot, reach(w, t, taddr), tcount, tt);
  return transfer(w, me, t, (double)tcount * (double)tt->size, -1);
}

p2p_req_t *rma_get(rma_core_t *w, int me, int t, void *obuf, MPI_Count ocount, const dt_t *ot, const char *taddr,
                   MPI_Count tcount, const dt_t *tt)
{
  dt_copy(reach(w, t, taddr), tcount, tt, obuf, ocount, ot);
  return transfer(w, me, t, -1, (double)tcount * (double)tt->size);
}

/* Room for an accumulate's operands, kept from one to the next: fresh memory for each (a
 * mapping of its own from a few hundred KB up) cost a page fault per page, each time. Nothing
 * in an accumulate lets another rank run while it is in use. */
static char *scratch(size_t bytes)
{
  static char *room;
  static size_t cap;
  if (!room || bytes > cap) {
    free(room);
    cap = bytes > 2 * cap ? bytes : 2 * cap;
    if (cap < 64)
      cap = 64;
    room = malloc(cap);
    if (!room)
      rt_fatal(1, "out of memory for an accumulate of %zu bytes", bytes / 2);
  }
  return room;
}

static int apart(const void *a, const void *b, size_t bytes)
{
  return (const char *)a + bytes <= (const char *)b || (const char *)b + bytes <= (const char *)a;
}

/* An accumulate whose operands are arrays of their predefined type, apart from each other, is
 * applied where the target's data is: no copy of either (a 2 MB accumulate copied both into
 * fresh memory, and its page faults were half of rma/large_acc_flush_local's time). */
static int in_place(MPI_Op op, const dt_t *ot, const dt_t *tt, const dt_t *basic, const void *obuf, const void *tp,
                    const void *result, size_t room)
{
  return tt->contig && basic->contig && (op == MPI_NO_OP || (ot->contig && apart(obuf, tp, room))) &&
         (!result || apart(result, tp, room));
}

p2p_req_t *rma_accumulate(rma_core_t *w, int me, int t, const void *obuf, MPI_Count ocount, const dt_t *ot,
                          void *result, MPI_Count rcount, const dt_t *rt, char *taddr, MPI_Count tcount,
                          const dt_t *tt, MPI_Op op)
{
  if (op != MPI_NO_OP)
    kern_settle();
  void *tp = reach(w, t, taddr);
  size_t bytes = (size_t)tcount * tt->size;
  /* operands as arrays of the predefined type (padded pair types such as
   * MPI_DOUBLE_INT are laid out at their extent, as op_apply expects) */
  const dt_t *basic = dt_basic(tt->basic);
  MPI_Count n = (MPI_Count)(bytes / basic->size);
  size_t room = (size_t)n * (size_t)basic->extent;
  if (in_place(op, ot, tt, basic, obuf, tp, result, room)) {
    if (result)
      dt_copy(tp, tcount, tt, result, rcount, rt);
    op_apply(op, obuf, tp, n, basic);
    return transfer(w, me, t, op == MPI_NO_OP ? 0 : (double)bytes, result ? (double)bytes : -1);
  }
  size_t half = (room + 63) & ~(size_t)63;
  char *cur = scratch(2 * half), *in = cur + half;
  dt_copy(tp, tcount, tt, cur, n, basic);
  if (result)
    dt_copy(cur, n, basic, result, rcount, rt);
  if (op != MPI_NO_OP) {
    dt_copy(obuf, ocount, ot, in, n, basic);
    if (op == MPI_REPLACE)
      memcpy(cur, in, room);
    else
      op_apply(op, in, cur, n, basic);
    dt_copy(cur, n, basic, tp, tcount, tt);
  }
  double out = op == MPI_NO_OP ? 0 : (double)bytes;
  return transfer(w, me, t, out, result ? (double)bytes : -1);
}

p2p_req_t *rma_compare_and_swap(rma_core_t *w, int me, int t, const void *obuf, const void *cmp, void *result,
                                const dt_t *type, char *taddr)
{
  if (!memcmp(reach(w, t, taddr), cmp, type->size)) /* it will write: at the rank's time, when the value may differ */
    kern_settle();
  char *tp = reach(w, t, taddr);
  memcpy(result, tp, type->size);
  if (!memcmp(tp, cmp, type->size))
    memcpy(tp, obuf, type->size);
  return transfer(w, me, t, 2.0 * (double)type->size, (double)type->size);
}

typedef struct rma_lock_wait {
  int rank, type, granted;
  struct rma_lock_wait *next;
} rma_lock_wait_t;

static int compatible(const rma_mem_t *m, int type)
{
  return m->excl < 0 && (type == MPI_LOCK_SHARED || m->nshared == 0);
}

static void take(rma_mem_t *m, int rank, int type)
{
  if (type == MPI_LOCK_EXCLUSIVE)
    m->excl = rank;
  else
    m->nshared++;
}

static int not_granted(void *arg) { return !((rma_lock_wait_t *)arg)->granted; }

void rma_lock(rma_core_t *w, int t, int type)
{
  rma_mem_t *m = &w->m[t];
  if (!m->queue && compatible(m, type)) {
    take(m, rt_self->id, type);
    return;
  }
  if (!m->granted) {
    kern_event_t *e = kern_event_new(); /* may let others run: look again */
    if (!m->granted)
      m->granted = e;
    else
      kern_event_free(e);
  }
  if (!m->queue && compatible(m, type)) {
    take(m, rt_self->id, type);
    return;
  }
  rma_lock_wait_t me = {rt_self->id, type, 0, NULL};
  if (m->last)
    m->last->next = &me;
  else
    m->queue = &me;
  m->last = &me;
  char holder[64], *note = malloc(192); /* read by a deadlock report, after this stack is gone */
  if (m->excl >= 0)
    snprintf(holder, sizeof holder, "held by an exclusive lock of rank %d", m->excl);
  else if (m->nshared)
    snprintf(holder, sizeof holder, "held by %d shared lock%s", m->nshared, m->nshared > 1 ? "s" : "");
  else
    snprintf(holder, sizeof holder, "older requests first");
  snprintf(note, 192, "waiting for the %s lock on rank %d's window (%s)",
           type == MPI_LOCK_EXCLUSIVE ? "exclusive" : "shared", t, holder);
  rt_self->waiting_note = note;
  while (!me.granted)
    kern_event_wait(m->granted, not_granted, &me);
  rt_self->waiting_note = NULL;
  free(note);
}

void rma_unlock(rma_core_t *w, int t, int type)
{
  rma_mem_t *m = &w->m[t];
  if (type == MPI_LOCK_EXCLUSIVE)
    m->excl = -1;
  else
    m->nshared--;
  /* grant the oldest requests that fit: one exclusive, or shared ones in a row */
  int woke = 0;
  while (m->queue && compatible(m, m->queue->type)) {
    rma_lock_wait_t *q = m->queue;
    take(m, q->rank, q->type);
    q->granted = 1;
    woke = 1;
    if (!(m->queue = q->next))
      m->last = NULL;
  }
  if (woke)
    kern_event_notify(m->granted);
}
