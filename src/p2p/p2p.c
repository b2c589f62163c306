/* Point-to-point engine (see p2p.h). A transfer uses one mailbox from the
 * kernel pool: the side posted first owns it, the matching side joins it,
 * so SimGrid pairs exactly the two requests our matcher paired. Kernel calls
 * may let other ranks run, so queues are updated before each of them. */
#include "p2p.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every message carries this many bytes more than its data on the wire:
 * measured against smpirun 3.32 (one-way times and the sizes where the
 * SMPI model's piece-wise factors switch both match with 16). */
#define ENVELOPE_BYTES 16.0

static p2p_req_t *req_pool;
static p2p_msg_t *msg_pool;

void p2p_rank_init(p2p_queues_t *q) { memset(q, 0, sizeof *q); }

p2p_req_t *p2p_req_new(void)
{
  p2p_req_t *r = req_pool;
  if (r)
    req_pool = r->next;
  else
    r = malloc(sizeof *r);
  memset(r, 0, sizeof *r);
  return r;
}

void p2p_req_free(p2p_req_t *r)
{
  if (r->shared) {
    r->shared = 0;
    return;
  }
  dt_release(r->dt); /* the reference taken when r->dt was set */
  if (r->queued)
    r->queued->sreq = NULL;
  r->queued = NULL;
  free(r->owned);
  r->next = req_pool;
  req_pool = r;
}

static p2p_msg_t *msg_new(void)
{
  p2p_msg_t *m = msg_pool;
  if (m)
    msg_pool = m->next;
  else
    m = malloc(sizeof *m);
  memset(m, 0, sizeof *m);
  return m;
}

static void msg_free(p2p_msg_t *m)
{
  free(m->copy);
  m->next = msg_pool;
  msg_pool = m;
}

static inline int matches(int want_src, int want_tag, int want_ctx, int src, int tag, int ctx)
{
  return want_ctx == ctx && (want_src == MPI_ANY_SOURCE || want_src == src) &&
         (want_tag == MPI_ANY_TAG || want_tag == tag);
}

/* Copies the message of rank sender into the receive and fills its status.
 * One of the two ranks is not the one running: its buffer, if it is one of
 * the program's globals, is found through the privatization. */
static void deliver(p2p_req_t *rv, int sender, int src, int tag, size_t bytes, const void *sbuf, MPI_Count scount,
                    const dt_t *sdt, const char *packed, int nodata)
{
  size_t cap = (size_t)rv->count * rv->dt->size;
  size_t n = bytes < cap ? bytes : cap;
  void *rbuf = rt_opts.privatize ? rt_priv_addr(&rt_ranks[rv->owner], rv->buf) : rv->buf;
  if (sbuf && rt_opts.privatize)
    sbuf = rt_priv_addr(&rt_ranks[sender], sbuf);
  if (nodata || rv->nodata) /* a replay's: nobody reads it */
    ;
  else if (packed)
    dt_unpack(packed, n, rbuf, rv->count, rv->dt);
  else if (n) /* sbuf may be MPI_BOTTOM (NULL) under a type of absolute addresses */
    dt_copy(sbuf, scount, sdt, rbuf, rv->count, rv->dt);
  rv->msg_bytes = bytes;
  rv->st.MPI_SOURCE = src;
  rv->st.MPI_TAG = tag;
  rv->st.MPI_ERROR = bytes > cap ? MPI_ERR_TRUNCATE : MPI_SUCCESS;
  rv->st.simpi_bytes = (long long)n;
  rv->st.simpi_cancelled = 0;
}

/* Buffered sends: their transfers, waited at Buffer_detach and Finalize. */
typedef struct bsend_pending {
  kern_comm_t *kc;
  int owner;
  size_t bytes;
  long seq; /* buffered sends are numbered in order (Buffer_iflush waits for those before it) */
  struct bsend_pending *next;
} bsend_pending_t;
static bsend_pending_t *bsend_list;
static long bsend_next;

static void start_send(p2p_req_t *r)
{
  rt_rank_t *dst = &rt_ranks[r->peer_world];
  size_t bytes = (size_t)r->count * r->dt->size;
  int buffered = r->mode == P2P_BUFFERED;
  int detached = !buffered && r->mode != P2P_SYNC && (double)bytes < rt_opts.detached_thresh;
  rt_stats_message(r->owner, (double)bytes);
  long flow = rt_message_id();
  if (flow) {
    rt_timeline_flow_start(flow, r->owner, r->peer_world, (double)bytes);
    rt_paje_link_start(flow, r->owner, r->peer_world, (double)bytes);
  }
  const char *overhead = r->nonblocking ? rt_opts.ois : rt_opts.os;
  if (overhead)
    kern_sleep(rt_piecewise(overhead, (double)bytes));
  struct rt_cp_node *cp = rt_opts.stats ? rt_cp_send(r->owner) : NULL;
  /* Taking a mailbox may create one, which lets other ranks run: do it
   * before looking at the queues, so that matching and queueing are atomic. */
  kern_mbox_t *spare = kern_mbox_get();
  kern_comm_t *kc;
  r->started = kern_now();
  p2p_req_t *rv = NULL, *prev = NULL;
  for (rv = dst->q.phead; rv; prev = rv, rv = rv->next)
    if (matches(rv->peer, rv->tag, rv->ctx, r->me_local, r->tag, r->ctx))
      break;
  if (rv) {
    if (prev)
      prev->next = rv->next;
    else
      dst->q.phead = rv->next;
    if (dst->q.ptail == rv)
      dst->q.ptail = prev;
    rv->posted = 0;
    rv->started = r->started;
    rv->matched = r->matched = r->started;
    deliver(rv, r->owner, r->me_local, r->tag, bytes, r->buf, r->count, r->dt, NULL, r->nodata);
    rv->flow = flow;
    rv->flow_src = r->owner;
    rv->cp = cp;
    kern_mbox_put_back(spare);
    kc = kern_send(rv->mbox, (double)bytes + ENVELOPE_BYTES, detached);
  } else {
    p2p_msg_t *m = msg_new();
    m->src = r->me_local;
    m->owner = r->owner;
    m->flow = flow;
    m->cp = cp;
    m->pc = rt_ranks[r->owner].call_pc;
    m->trace_file = rt_ranks[r->owner].trace_file;
    m->trace_line = rt_ranks[r->owner].trace_line;
    m->comm_name = r->comm_name;
    m->tag = r->tag;
    m->ctx = r->ctx;
    m->bytes = bytes;
    m->nodata = r->nodata;
    if (r->nodata)
      ; /* neither a copy nor the buffer: the receive moves nothing */
    else if (detached || buffered) {
      m->copy = malloc(bytes ? bytes : 1);
      dt_pack(r->buf, r->count, r->dt, m->copy);
    } else {
      m->buf = r->buf;
      m->count = r->count;
      m->dt = r->dt;
    }
    m->mbox = spare; /* the transfer starts when its receive joins it there */
    m->sreq = r;
    r->queued = m;
    /* queue first: the kernel call below may let other ranks run */
    if (dst->q.utail)
      dst->q.utail->next = m;
    else
      dst->q.uhead = m;
    dst->q.utail = m;
    kc = kern_send(m->mbox, (double)bytes + ENVELOPE_BYTES, detached);
    if (r->queued == m) /* not taken meanwhile */
      m->put = kc;
    if (dst->q.probing)
      kern_event_notify(dst->q.arrival);
  }
  if (buffered) {
    bsend_pending_t *b = malloc(sizeof *b);
    *b = (bsend_pending_t){kc, r->owner, bytes + MPI_BSEND_OVERHEAD, bsend_next++, bsend_list};
    bsend_list = b;
    r->done = 1;
  } else if (detached)
    r->done = 1;
  else
    r->kc = kc;
}

/* Takes m, which follows prev (NULL: the first), out of q's unexpected messages. */
static void unlink_unexpected(p2p_queues_t *q, p2p_msg_t *m, p2p_msg_t *prev)
{
  if (prev)
    prev->next = m->next;
  else
    q->uhead = m->next;
  if (q->utail == m)
    q->utail = prev;
}

/* Removes the first unexpected message matching (src, tag, ctx) from q. */
static p2p_msg_t *take_unexpected(p2p_queues_t *q, int src, int tag, int ctx)
{
  p2p_msg_t *m, *prev = NULL;
  for (m = q->uhead; m; prev = m, m = m->next)
    if (matches(src, tag, ctx, m->src, m->tag, m->ctx))
      break;
  if (!m)
    return NULL;
  unlink_unexpected(q, m, prev);
  if (m->sreq) { /* matched: its send can no longer be cancelled */
    m->sreq->queued = NULL;
    m->sreq->matched = kern_now();
  }
  m->sreq = NULL;
  return m;
}

/* The receive r takes the message m, already out of the queue. */
static void receive_msg(p2p_req_t *r, p2p_msg_t *m)
{
  deliver(r, m->owner, m->src, m->tag, m->bytes, m->buf, m->count, m->dt, m->copy, m->nodata);
  r->flow = m->flow;
  r->flow_src = m->owner;
  r->cp = m->cp;
  if (r->cp) /* the transfer starts with the receive (kern_recv below) */
    rt_cp_transfer_starts(r->cp);
  r->mbox = m->mbox;
  r->started = r->matched = kern_now();
  msg_free(m);
  r->kc = kern_recv(r->mbox);
}

p2p_msg_t *p2p_mprobe(int src, int tag, int ctx, int block, MPI_Status *st)
{
  if (!p2p_probe(src, tag, ctx, block, st))
    return NULL;
  return take_unexpected(&rt_self->q, src, tag, ctx);
}

void p2p_start_matched(p2p_req_t *r, p2p_msg_t *m)
{
  r->active = 1;
  r->done = 0;
  r->cancelled = 0;
  r->kc = NULL;
  r->mbox = NULL;
  r->matched = -1;
  memset(&r->st, 0, sizeof r->st);
  receive_msg(r, m);
}

static void start_recv(p2p_req_t *r)
{
  p2p_queues_t *q = &rt_ranks[r->owner].q;
  kern_mbox_t *spare = kern_mbox_get(); /* before matching: see start_send */
  p2p_msg_t *m = take_unexpected(q, r->peer, r->tag, r->ctx);
  if (m) {
    kern_mbox_put_back(spare);
    receive_msg(r, m);
    return;
  }
  r->mbox = spare;
  r->posted = 1;
  r->next = NULL;
  if (q->ptail)
    q->ptail->next = r;
  else
    q->phead = r;
  q->ptail = r;
  r->kc = kern_recv(r->mbox);
}

void p2p_start(p2p_req_t *r)
{
  r->active = 1;
  r->done = 0;
  r->cancelled = 0;
  r->kc = NULL;
  r->mbox = NULL;
  r->matched = -1;
  memset(&r->st, 0, sizeof r->st);
  if (r->peer == MPI_PROC_NULL) {
    r->st.MPI_SOURCE = MPI_PROC_NULL;
    r->st.MPI_TAG = MPI_ANY_TAG;
    r->done = 1;
    return;
  }
  if (r->kind == P2P_SEND)
    start_send(r);
  else
    start_recv(r);
}

/* A mailbox goes back to the pool only when the receive that used it is
 * complete: both sides have then reached SimGrid, whatever ran in between. */
static void finish(p2p_req_t *r)
{
  if (r->kind == P2P_RECV && r->mbox) {
    kern_mbox_put_back(r->mbox);
    r->mbox = NULL;
  }
  r->kc = NULL;
  r->done = 1;
  if (r->flow) {
    rt_timeline_flow_end(r->owner, r->flow, r->flow_src, (double)r->msg_bytes);
    rt_paje_link_end(r->flow);
    r->flow = 0;
  }
  if (r->cp) {
    rt_cp_recv(r->owner, r->cp);
    r->cp = NULL;
  }
  if (r->kind == P2P_RECV && rt_opts.or_)
    kern_sleep(rt_piecewise(rt_opts.or_, (double)r->st.simpi_bytes));
}

void p2p_describe(const p2p_req_t *r, char *out, size_t len)
{
  if (r->kind == P2P_COLL) {
    snprintf(out, len, "waiting for a nonblocking collective on %s", r->comm_name ? r->comm_name : "?");
    return;
  }
  if (r->kind == P2P_RMA) {
    snprintf(out, len, "waiting for a one-sided transfer with rank %d (%zu bytes)", r->peer, r->msg_bytes);
    return;
  }
  if (r->kind == P2P_FLUSH) {
    snprintf(out, len, "waiting for its buffered sends to be received (MPI_Buffer_iflush)");
    return;
  }
  if (r->kind == P2P_IO) {
    snprintf(out, len, "waiting for the storage to serve a file access (%zu bytes)", r->msg_bytes);
    return;
  }
  char peer[32];
  if (r->peer == MPI_ANY_SOURCE)
    snprintf(peer, sizeof peer, "any rank");
  else
    snprintf(peer, sizeof peer, "rank %d", r->peer);
  char tag[24];
  if (r->tag == MPI_ANY_TAG)
    snprintf(tag, sizeof tag, "MPI_ANY_TAG");
  else
    snprintf(tag, sizeof tag, "%d", r->tag);
  if (r->kind == P2P_RECV)
    snprintf(out, len, "waiting for a message from %s (tag %s, %s)", peer, tag,
             r->comm_name ? r->comm_name : "?");
  else
    snprintf(out, len, "waiting for %s to receive a message (tag %s, %s, %zu bytes)", peer, tag,
             r->comm_name ? r->comm_name : "?", (size_t)r->count * r->dt->size);
}

/* A flush: drops the buffered sends it waits for that are complete, and
 * takes the transfer of the first one left as its kc (done when none is). */
static void flush_refresh(p2p_req_t *r)
{
  r->kc = NULL;
  for (bsend_pending_t **pp = &bsend_list; *pp;) {
    bsend_pending_t *b = *pp;
    if (b->owner != r->owner || b->seq >= r->bseq) {
      pp = &b->next;
      continue;
    }
    if (!b->kc || kern_test(b->kc)) { /* released: never waited for again */
      *pp = b->next;
      free(b);
      continue;
    }
    r->kc = b->kc;
    return;
  }
  r->done = 1;
}

/* The buffered send whose transfer is kc is over: its buffer space is free. */
static void bsend_forget(kern_comm_t *kc)
{
  for (bsend_pending_t **pp = &bsend_list; *pp; pp = &(*pp)->next)
    if ((*pp)->kc == kc) {
      bsend_pending_t *b = *pp;
      *pp = b->next;
      free(b);
      return;
    }
}

/* The flush's kc completed (and was released by the wait): drop its entry. */
static void flush_reaped(p2p_req_t *r)
{
  bsend_forget(r->kc);
  r->kc = NULL;
}

static void flush_wait(p2p_req_t *r)
{
  rt_rank_t *me = rt_self;
  for (flush_refresh(r); !r->done; flush_refresh(r)) {
    me->waiting_on = r;
    kern_wait(r->kc);
    me->waiting_on = NULL;
    flush_reaped(r);
  }
}

p2p_req_t *p2p_bsend_iflush(void)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_FLUSH;
  r->owner = rt_self->id;
  r->peer = MPI_PROC_NULL;
  r->peer_world = -1;
  r->nonblocking = 1;
  r->active = 1;
  r->bseq = bsend_next;
  return r;
}

/* --stats: a wait of the rank's own (not a helper's) that began at t0 and ends now spent the
 * time before `from`, when the first of its transfers could start (-1: none could), waiting for
 * the partner: a late sender, or the late receiver of a rendezvous send. */
static void count_waiting(double t0, double from)
{
  if (!rt_opts.stats || !rt_thr || rt_thr->helper)
    return;
  double now = kern_now();
  if (from < 0 || from > now)
    from = now;
  if (from > t0)
    rt_stats_wait(rt_self->id, from - t0);
}

/* r's transfer cannot be complete before the clock moves: it started now,
 * or has not started (a receive still posted; a send posted now). */
static int fresh(const p2p_req_t *r)
{
  if (r->kind == P2P_RECV && r->posted)
    return 1;
  return (r->kind == P2P_RECV || r->kind == P2P_SEND) && r->started == kern_now();
}

void p2p_wait(p2p_req_t *r)
{
  if (r->done || !r->active)
    return;
  if (r->kind == P2P_FLUSH) {
    flush_wait(r);
    finish(r);
    return;
  }
  if (r->kc) {
    /* a nonblocking collective's own transfers, made by its helper with
     * this rank's identity, say more in a deadlock report than the request */
    rt_rank_t *me = rt_self;
    int mine = r->kind != P2P_COLL;
    if (mine)
      me->waiting_on = r;
    if (fresh(r))
      kern_tidy();
    double t0 = kern_now();
    kern_wait(r->kc);
    if (mine)
      me->waiting_on = NULL;
    if (r->kind == P2P_SEND || r->kind == P2P_RECV)
      count_waiting(t0, r->matched);
  }
  finish(r);
}

int p2p_test(p2p_req_t *r)
{
  if (r->done || !r->active)
    return 1;
  if (r->kind == P2P_FLUSH) {
    flush_refresh(r);
    if (!r->done)
      return 0;
    finish(r);
    return 1;
  }
  if (r->kind == P2P_GREQ || (r->kc && !kern_test(r->kc)))
    return 0;
  finish(r);
  return 1;
}

static int settled(p2p_req_t *r)
{
  return (!r->active || p2p_test(r)) && (!r->also || !r->also->active || p2p_test(r->also));
}

/* Releases the rank's freed requests that are complete (one that never
 * completes, such as a freed receive nobody matches, holds up no other). */
void p2p_orphan(p2p_req_t *r)
{
  p2p_queues_t *q = &rt_ranks[r->owner].q;
  p2p_req_t *last = NULL;
  for (p2p_req_t **pp = &q->orphans; *pp;) {
    p2p_req_t *o = *pp;
    if (!settled(o)) {
      last = o;
      pp = &o->orphan_next;
      continue;
    }
    *pp = o->orphan_next;
    if (o->also)
      p2p_req_free(o->also);
    p2p_req_free(o);
  }
  r->orphan_next = NULL;
  if (last)
    last->orphan_next = r;
  else
    q->orphans = r;
}

void p2p_wait_orphans(int owner, MPI_Comm comm)
{
  for (;;) { /* from the list's head after each wait: p2p_orphan may have released some meanwhile */
    p2p_req_t *o = rt_ranks[owner].q.orphans;
    while (o && (o->comm != comm || settled(o)))
      o = o->orphan_next;
    if (!o)
      return;
    if (o->also && o->also->active)
      p2p_wait(o->also);
    if (o->active)
      p2p_wait(o);
  }
}

int p2p_wait_any(p2p_req_t **rs, int n)
{
  for (;;) {
    int pending = 0;
    for (int i = 0; i < n; i++) {
      if (!rs[i] || !rs[i]->active || (rs[i]->kind == P2P_GREQ && !rs[i]->done))
        continue;
      if (rs[i]->kind == P2P_FLUSH && !rs[i]->done)
        flush_refresh(rs[i]);
      if (rs[i]->done || !rs[i]->kc) {
        finish(rs[i]);
        return i;
      }
      pending++;
    }
    if (!pending)
      return -1;
    int all_fresh = 1;
    for (int i = 0; i < n && all_fresh; i++)
      if (rs[i] && rs[i]->active && !rs[i]->done)
        all_fresh = fresh(rs[i]);
    if (all_fresh)
      kern_tidy();
    /* one allocation, none for a few requests */
    kern_comm_t *few_kcs[8];
    int few_idx[8];
    void *mem = pending <= 8 ? NULL : malloc((sizeof(kern_comm_t *) + sizeof(int)) * (size_t)pending);
    kern_comm_t **kcs = mem ? mem : few_kcs;
    int *idx = mem ? (int *)(kcs + pending) : few_idx;
    int k = 0;
    for (int i = 0; i < n; i++)
      if (rs[i] && rs[i]->active && !rs[i]->done && rs[i]->kind != P2P_GREQ) {
        kcs[k] = rs[i]->kc;
        idx[k++] = i;
      }
    rt_rank_t *me = rt_self;
    me->waiting_on = rs[idx[0]];
    double t0 = kern_now();
    ssize_t got = kern_wait_any(kcs, (size_t)k);
    me->waiting_on = NULL;
    /* waiting until the first of the transfers could start (other kinds: not known) */
    double from = -1;
    int known = 1;
    for (int j = 0; j < k; j++) {
      const p2p_req_t *q = rs[idx[j]];
      if (q->kind != P2P_SEND && q->kind != P2P_RECV)
        known = 0;
      else if (q->matched >= 0 && (from < 0 || q->matched < from))
        from = q->matched;
    }
    if (known)
      count_waiting(t0, from);
    int i = idx[got];
    free(mem);
    if (rs[i]->kind == P2P_FLUSH) { /* one of its sends: it may wait for more */
      flush_reaped(rs[i]);
      continue;
    }
    finish(rs[i]);
    return i;
  }
}

struct probe_arg {
  int src, tag, ctx;
  p2p_queues_t *q;
};

static p2p_msg_t *find_unexpected(p2p_queues_t *q, int src, int tag, int ctx)
{
  for (p2p_msg_t *m = q->uhead; m; m = m->next)
    if (matches(src, tag, ctx, m->src, m->tag, m->ctx))
      return m;
  return NULL;
}

static int nothing_queued(void *arg)
{
  struct probe_arg *pa = arg;
  return !find_unexpected(pa->q, pa->src, pa->tag, pa->ctx);
}

int p2p_probe(int src, int tag, int ctx, int block, MPI_Status *st)
{
  p2p_queues_t *q = &rt_self->q;
  for (;;) {
    p2p_msg_t *m = find_unexpected(q, src, tag, ctx);
    if (m) {
      st->MPI_SOURCE = m->src;
      st->MPI_TAG = m->tag;
      st->MPI_ERROR = MPI_SUCCESS;
      st->simpi_bytes = (long long)m->bytes;
      st->simpi_cancelled = 0;
      return 1;
    }
    if (!block)
      return 0;
    if (!q->arrival) {
      q->arrival = kern_event_new(); /* may let others run: look again */
      continue;
    }
    q->probe_src = src;
    q->probe_tag = tag;
    q->probing++;
    struct probe_arg pa = {src, tag, ctx, q};
    double t0 = kern_now();
    kern_event_wait(q->arrival, nothing_queued, &pa);
    count_waiting(t0, -1); /* for a message to arrive: all of it */
    q->probing--;
  }
}

/* A send whose message no receive matched yet: the message leaves the receiver's queue and
 * its put SimGrid's mailbox, a buffered one its buffer. */
static int cancel_send(p2p_req_t *r)
{
  p2p_queues_t *q = &rt_ranks[r->peer_world].q;
  p2p_msg_t *m, *prev = NULL;
  for (m = q->uhead; m && m != r->queued; prev = m, m = m->next)
    ;
  if (!m)
    return 0;
  unlink_unexpected(q, m, prev);
  if (m->put)
    bsend_forget(m->put);
  r->queued = NULL;
  kern_cancel_send(m->mbox, m->put);
  msg_free(m);
  r->kc = NULL;
  r->done = 1;
  r->cancelled = 1;
  r->st.simpi_cancelled = 1;
  return 1;
}

int p2p_cancel(p2p_req_t *r)
{
  if (r->kind == P2P_SEND && r->queued && r->active)
    return cancel_send(r);
  if (r->kind != P2P_RECV || !r->posted)
    return 0;
  p2p_queues_t *q = &rt_ranks[r->owner].q;
  p2p_req_t *p, *prev = NULL;
  for (p = q->phead; p && p != r; prev = p, p = p->next)
    ;
  if (!p)
    return 0;
  if (prev)
    prev->next = r->next;
  else
    q->phead = r->next;
  if (q->ptail == r)
    q->ptail = prev;
  /* the mailbox keeps a receive nobody will match: it is not reused */
  r->posted = 0;
  r->mbox = NULL;
  r->kc = NULL;
  r->done = 1;
  r->cancelled = 1;
  r->st.simpi_cancelled = 1;
  return 1;
}

void p2p_bsend_flush(void)
{
  int me = rt_self->id;
  bsend_pending_t **pp = &bsend_list;
  while (*pp) {
    bsend_pending_t *b = *pp;
    if (b->owner != me) {
      pp = &b->next;
      continue;
    }
    *pp = b->next;
    if (b->kc)
      kern_wait(b->kc);
    free(b);
    pp = &bsend_list; /* the list may have changed while we waited */
  }
}

size_t p2p_bsend_in_use(void)
{
  int me = rt_self->id;
  size_t used = 0;
  for (bsend_pending_t **pp = &bsend_list; *pp;) {
    bsend_pending_t *b = *pp;
    if (b->owner == me && kern_test(b->kc)) {
      *pp = b->next;
      free(b);
      continue;
    }
    if (b->owner == me)
      used += b->bytes;
    pp = &b->next;
  }
  return used;
}
