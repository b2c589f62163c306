/* One-sided records of an OTF2 trace (see otf2_in.h) -> one-sided lines (src/action/rma_act.c's
 * format). simpi's own records carry their whole line (simpi::line) and give it back; Score-P's
 * are read in the MPI call they are recorded in (its region's name says which synchronisation
 * a record stands for):
 *   RmaWinCreate, RmaWinDestroy          win_create (in MPI_Win_allocate*: flavor allocate), win_free
 *   RmaCollectiveEnd, RmaGroupSync       in MPI_Win_fence: win_fence (once per call); RmaGroupSync in
 *                                        MPI_Win_post/start (its group: the ranks), complete, wait
 *                                        (and a Win_test that recorded one: it closed the epoch)
 *   RmaRequestLock/AcquireLock/TryLock   win_lock (its type and target), in MPI_Win_lock_all
 *                                        win_lock_all (once per call); RmaReleaseLock: the unlocks
 *   RmaSync                              in MPI_Win_flush*: the flushes, in MPI_Win_sync: win_sync
 *   RmaPut, RmaGet, RmaAtomic            put, get, accumulate (nothing received) or get_accumulate,
 *                                        of the record's bytes at displacement 0, MPI_REPLACE on
 *                                        bytes (Score-P records no datatype, operation or
 *                                        displacement); in MPI_Rput and the like numbered as
 *                                        request-based (" req=K")
 *   RmaOpComplete*                       of such a request, in a later call: its wait "wait 0 0 -K"
 * Score-P records no window size: a window is replayed as OTR_WIN_BYTES of memory (allocated,
 * touched only where data lands), and an operation beyond it is refused. RmaOpTest,
 * RmaOpCompleteRemote and RmaWaitChange say nothing a replay performs. */
#define OTR_INTERNAL
#include "otf2_in.h"
#include "grow.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OTR_WIN_BYTES (64L << 20)
enum { TI_BYTE = 6, OP_REPLACE = 13, LOCK_EXCLUSIVE = 234, LOCK_SHARED = 235 }; /* as simpi's mpi.h */

static OTF2_CallbackCode rma(void *u, int what, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al, uint32_t win,
                             uint32_t remote, uint64_t bytes, uint64_t got, uint64_t match, uint32_t x)
{
  otr_t *r = u;
  otr_ev_t *e = otr_push(r, E_RMA, t, pos, al);
  if (e->line != OTF2_UNDEFINED_STRING) { /* simpi's: its line */
    e->kind = E_LINE;
    return OTF2_CALLBACK_SUCCESS;
  }
  e->a = (uint32_t)what, e->comm = win, e->root = remote, e->len = bytes, e->len2 = got, e->req = match, e->tag = x;
  return OTF2_CALLBACK_SUCCESS;
}

#define CB(name, ...)                                                                                                  \
  static OTF2_CallbackCode on_##name(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t pos, void *u,                      \
                                     OTF2_AttributeList *al, ##__VA_ARGS__)
#define U32 OTF2_UNDEFINED_UINT32
CB(win_create, OTF2_RmaWinRef win) { return (void)l, rma(u, R_WIN_CREATE, t, pos, al, win, U32, 0, 0, 0, 0); }
CB(win_destroy, OTF2_RmaWinRef win) { return (void)l, rma(u, R_WIN_DESTROY, t, pos, al, win, U32, 0, 0, 0, 0); }
CB(coll_begin) { return (void)l, rma(u, R_OTHER, t, pos, al, 0, U32, 0, 0, 0, 0); }
CB(coll_end, OTF2_CollectiveOp op, OTF2_RmaSyncLevel level, OTF2_RmaWinRef win, uint32_t root, uint64_t sent,
   uint64_t got)
{
  (void)l, (void)op, (void)level, (void)root, (void)sent, (void)got;
  return rma(u, R_COLL_END, t, pos, al, win, U32, 0, 0, 0, 0);
}
CB(group_sync, OTF2_RmaSyncLevel level, OTF2_RmaWinRef win, OTF2_GroupRef group)
{
  (void)l, (void)level;
  return rma(u, R_GROUP_SYNC, t, pos, al, win, U32, 0, 0, 0, group);
}
CB(lock, OTF2_RmaWinRef win, uint32_t remote, uint64_t id, OTF2_LockType type)
{
  (void)l, (void)id;
  return rma(u, R_LOCK, t, pos, al, win, remote, 0, 0, 0, type);
}
CB(release, OTF2_RmaWinRef win, uint32_t remote, uint64_t id)
{
  (void)l, (void)id;
  return rma(u, R_RELEASE, t, pos, al, win, remote, 0, 0, 0, 0);
}
CB(sync, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaSyncType type)
{
  (void)l, (void)type;
  return rma(u, R_SYNC, t, pos, al, win, remote, 0, 0, 0, 0);
}
CB(wait_change, OTF2_RmaWinRef win) { return (void)l, rma(u, R_OTHER, t, pos, al, win, U32, 0, 0, 0, 0); }
CB(put, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t match)
{
  return (void)l, rma(u, R_PUT, t, pos, al, win, remote, bytes, 0, match, 0);
}
CB(get, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t match)
{
  return (void)l, rma(u, R_GET, t, pos, al, win, remote, 0, bytes, match, 0);
}
CB(atomic, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaAtomicType type, uint64_t sent, uint64_t got, uint64_t match)
{
  return (void)l, rma(u, R_ATOMIC, t, pos, al, win, remote, sent, got, match, type);
}
CB(complete, OTF2_RmaWinRef win, uint64_t match)
{
  return (void)l, rma(u, R_COMPLETE, t, pos, al, win, U32, 0, 0, match, 0);
}
CB(other, OTF2_RmaWinRef win, uint64_t match)
{
  return (void)l, (void)match, rma(u, R_OTHER, t, pos, al, win, U32, 0, 0, 0, 0);
}

void otr_rma_callbacks(OTF2_EvtReaderCallbacks *cb)
{
  OTF2_EvtReaderCallbacks_SetRmaWinCreateCallback(cb, on_win_create);
  OTF2_EvtReaderCallbacks_SetRmaWinDestroyCallback(cb, on_win_destroy);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveBeginCallback(cb, on_coll_begin);
  OTF2_EvtReaderCallbacks_SetRmaCollectiveEndCallback(cb, on_coll_end);
  OTF2_EvtReaderCallbacks_SetRmaGroupSyncCallback(cb, on_group_sync);
  OTF2_EvtReaderCallbacks_SetRmaRequestLockCallback(cb, on_lock);
  OTF2_EvtReaderCallbacks_SetRmaAcquireLockCallback(cb, on_lock);
  OTF2_EvtReaderCallbacks_SetRmaTryLockCallback(cb, on_lock);
  OTF2_EvtReaderCallbacks_SetRmaReleaseLockCallback(cb, on_release);
  OTF2_EvtReaderCallbacks_SetRmaSyncCallback(cb, on_sync);
  OTF2_EvtReaderCallbacks_SetRmaWaitChangeCallback(cb, on_wait_change);
  OTF2_EvtReaderCallbacks_SetRmaPutCallback(cb, on_put);
  OTF2_EvtReaderCallbacks_SetRmaGetCallback(cb, on_get);
  OTF2_EvtReaderCallbacks_SetRmaAtomicCallback(cb, on_atomic);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteBlockingCallback(cb, on_complete);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteNonBlockingCallback(cb, on_complete);
  OTF2_EvtReaderCallbacks_SetRmaOpTestCallback(cb, on_other);
  OTF2_EvtReaderCallbacks_SetRmaOpCompleteRemoteCallback(cb, on_other);
}

/* ---- lines ---- */

/* The name of the MPI call being read ("" outside any). */
static const char *call(const otr_t *r)
{
  const otr_defs_t *d = &r->d;
  if (r->depth == 0 || r->region >= d->nreg || !d->reg[r->region].defined)
    return "";
  const char *s = otr_str(d, d->reg[r->region].name);
  return s ? s : "";
}

static int is(const char *call, const char *name) { return !strcmp(call, name); }

/* The window's communicator, NULL (failed) if it has none this rank is in. */
static otr_comm_t *win_comm(otr_t *r, uint32_t win)
{
  uint32_t c = win < r->d.nwin && r->d.win_comm[win] ? r->d.win_comm[win] - 1 : 0;
  otr_comm_t *m = otr_comm(r, c);
  if (!m || m->me < 0 || m->inter) {
    otr_fail(r, "window %u is on communicator %u, which rank %d is not in", win, c, r->rank);
    return NULL;
  }
  return m;
}

/* A rank the record names as its window's communicator's (world ranks when it says so). */
static long target(otr_t *r, const otr_comm_t *c, uint32_t remote)
{
  if (c->global)
    for (int i = 0; i < c->size; i++)
      if (c->members[i] == (int)remote)
        return i;
  if ((int)remote < c->size)
    return remote;
  otr_fail(r, "rank %u is not in its window's communicator (of %d ranks)", remote, c->size);
  return -1;
}

/* The window's id in the lines, 0 (failed) if it was not created. */
static long wid(otr_t *r, uint32_t win)
{
  if (win < r->nwids && r->wids[win])
    return r->wids[win];
  otr_fail(r, "window %u is used before its creation", win);
  return 0;
}

static void new_window(otr_t *r, uint32_t win, const char *in)
{
  otr_comm_t *c = win_comm(r, win);
  if (!c)
    return;
  r->nwids = (long)grow_zeroed((void **)&r->wids, (size_t)r->nwids, sizeof *r->wids, win);
  r->wids[win] = ++r->next_wid;
  char cm[32] = "";
  if (c->ti != 0)
    snprintf(cm, sizeof cm, " comm=%d", c->ti);
  int flavor = strncmp(in, "MPI_Win_allocate", 16) ? 1 : 2;
  otr_emit(r, "win_create %ld %ld 1 %d%s", r->wids[win], OTR_WIN_BYTES, flavor, cm);
}

/* "win_post|win_start W 0 N R1..RN": the group's ranks as ranks of the window's communicator. */
static void group_line(otr_t *r, const char *word, long w, const otr_comm_t *c, uint32_t g)
{
  const otr_defs_t *d = &r->d;
  if (g >= d->ngrp || !d->grp[g].defined) {
    otr_fail(r, "group %u has no definition", g);
    return;
  }
  const otr_group_t *gr = &d->grp[g];
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "%s %ld 0 %u", word, w, gr->n);
  for (uint32_t i = 0; i < gr->n; i++) {
    int k = 0;
    while (k < c->size && c->members[k] != (int)gr->m[i])
      k++;
    fprintf(f, " %d", k < c->size ? k : (int)gr->m[i]);
  }
  fclose(f);
  otr_emit(r, "%s", line);
  free(line);
}

/* A one-sided operation of B bytes. */
static void operation(otr_t *r, const otr_ev_t *e, const char *in, long w, const otr_comm_t *c)
{
  long t = target(r, c, e->root);
  uint64_t b = e->len > e->len2 ? e->len : e->len2;
  if (t < 0)
    return;
  if (b > (uint64_t)OTR_WIN_BYTES) {
    otr_fail(r, "a one-sided operation of %lu bytes: the trace gives no window sizes, and simpi replays windows of %ld",
             (unsigned long)b, (long)OTR_WIN_BYTES);
    return;
  }
  char req[32] = "";
  if (!strncmp(in, "MPI_R", 5)) { /* MPI_Rput ...: its request, numbered as nonblocking collectives */
    if (r->nrreqs == r->rreqcap) {
      r->rreqcap = r->rreqcap ? 2 * r->rreqcap : 8;
      r->rreqs = realloc(r->rreqs, sizeof *r->rreqs * (size_t)r->rreqcap);
    }
    r->rreqs[r->nrreqs++] = (struct otr_rreq){e->req, ++r->nbcs};
    snprintf(req, sizeof req, " req=%ld", r->nbcs);
  }
  const char *word = e->a == R_PUT ? "put" : e->a == R_GET ? "get" : e->len2 ? "get_accumulate" : "accumulate";
  if (e->a == R_ATOMIC)
    otr_emit(r, "%s %ld %ld 0 %lu %d %d%s", word, w, t, (unsigned long)b, TI_BYTE, OP_REPLACE, req);
  else
    otr_emit(r, "%s %ld %ld 0 %lu %d%s", word, w, t, (unsigned long)b, TI_BYTE, req);
}

/* The completion of a request-based operation (not in the call that started it): its wait. */
static void completion(otr_t *r, const otr_ev_t *e, const char *in)
{
  if (!strncmp(in, "MPI_R", 5))
    return;
  for (int i = 0; i < r->nrreqs; i++)
    if (r->rreqs[i].match == e->req) {
      otr_emit(r, "wait 0 0 -%ld", r->rreqs[i].k);
      r->rreqs[i] = r->rreqs[--r->nrreqs];
      return;
    }
}

/* A synchronisation written once per call (lock_all, fence, ...). */
static int once(otr_t *r)
{
  if (r->rma_once)
    return 0;
  return r->rma_once = 1;
}

void otr_rma_translate(otr_t *r, const otr_ev_t *e)
{
  const char *in = call(r);
  if (e->a == R_OTHER || (e->a == R_COLL_END && !is(in, "MPI_Win_fence")))
    return;
  otr_act(r, e->time);
  if (e->a == R_WIN_CREATE) {
    new_window(r, e->comm, in);
    return;
  }
  long w = wid(r, e->comm);
  otr_comm_t *c = w ? win_comm(r, e->comm) : NULL;
  if (!c)
    return;
  long t = e->root == OTF2_UNDEFINED_UINT32 ? -1 : target(r, c, e->root);
  switch (e->a) {
  case R_WIN_DESTROY:
    otr_emit(r, "win_free %ld", w);
    r->wids[e->comm] = 0;
    break;
  case R_COLL_END:
  case R_GROUP_SYNC:
    if (is(in, "MPI_Win_fence")) {
      if (once(r))
        otr_emit(r, "win_fence %ld 0", w);
    } else if (e->a == R_GROUP_SYNC && (is(in, "MPI_Win_post") || is(in, "MPI_Win_start")))
      group_line(r, is(in, "MPI_Win_post") ? "win_post" : "win_start", w, c, e->tag);
    else if (is(in, "MPI_Win_complete"))
      otr_emit(r, "win_complete %ld", w);
    else if (is(in, "MPI_Win_wait") || is(in, "MPI_Win_test"))
      otr_emit(r, "win_wait %ld", w);
    break;
  case R_LOCK:
    if (is(in, "MPI_Win_lock_all")) {
      if (once(r))
        otr_emit(r, "win_lock_all %ld 0", w);
    } else if (t >= 0 && once(r))
      otr_emit(r, "win_lock %ld %d %ld 0", w, e->tag == OTF2_LOCK_EXCLUSIVE ? LOCK_EXCLUSIVE : LOCK_SHARED, t);
    break;
  case R_RELEASE:
    if (is(in, "MPI_Win_unlock_all")) {
      if (once(r))
        otr_emit(r, "win_unlock_all %ld", w);
    } else if (t >= 0)
      otr_emit(r, "win_unlock %ld %ld", w, t);
    break;
  case R_SYNC:
    if (is(in, "MPI_Win_sync"))
      otr_emit(r, "win_sync %ld", w);
    else if (!strncmp(in, "MPI_Win_flush", 13) && t >= 0 && !strstr(in, "_all"))
      otr_emit(r, "win_flush %ld %ld", w, t);
    else if (!strncmp(in, "MPI_Win_flush", 13) && once(r))
      otr_emit(r, "win_flush_all %ld", w);
    break;
  case R_PUT:
  case R_GET:
  case R_ATOMIC: operation(r, e, in, w, c); break;
  case R_COMPLETE: completion(r, e, in); break;
  default: break;
  }
}

void otr_rma_free(otr_t *r)
{
  free(r->wids);
  free(r->rreqs);
  r->wids = NULL;
  r->rreqs = NULL;
}
