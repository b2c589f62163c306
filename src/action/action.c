/* The action layer (see action.h): each action executes through p2p, coll
 * or the kernel, and, when recording, is written to the rank's trace in
 * SimGrid's time-independent format, with simpi's extensions (trailing
 * KEY=VALUE tokens and lines of its own, listed in README.md) unless
 * tracing/ti-compat:yes. Replays call the same MPI functions, hence the same
 * actions. Point-to-point peers are written as world ranks. This file holds
 * point-to-point, waits, sleeps and computation; coll_act.c the collectives,
 * comm_act.c the communicators, rma_act.c the one-sided operations. */
#include "record.h"
#include "../kernel/kernel.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* "kind peer tag count type" for a send or receive; peers are world ranks.
 * Extensions (not under ti-compat): a message on a communicator other than
 * the world gets " comm=ID", and synchronous and buffered sends are written
 * ssend, issend, bsend, ibsend (SMPI's format has only send and isend). */
static void trace_p2p(const char *kind, const p2p_req_t *r, int peer_world, int tag)
{
  if (!trace_on || !rt_self)
    return;
  long v[4] = {peer_world, tag, 0, 0};
  v[3] = trace_type(r->dt, r->count, &v[2]);
  char suffix[24] = "", word[16];
  const char *mode = "";
  if (!rt_opts.trace_compat) {
    rt_comm_t *c = r->comm != MPI_COMM_NULL ? comm_get(r->comm) : NULL;
    if (c && !world_of(c) && c->trace_id != 0)
      snprintf(suffix, sizeof suffix, " comm=%d", c->trace_id);
    if (r->kind == P2P_SEND)
      mode = r->mode == P2P_SYNC ? "s" : r->mode == P2P_BUFFERED ? "b" : "";
  }
  if (*mode) /* ssend, issend, bsend, ibsend */
    snprintf(word, sizeof word, "%s%s%s", r->nonblocking ? "i" : "", mode, r->nonblocking ? kind + 1 : kind);
  trace_ints(rt_self->id, *mode ? word : kind, 4, v, suffix);
}

void act_start(p2p_req_t *r)
{
  if (r->kind == P2P_PSEND || r->kind == P2P_PRECV) {
    act_part_start(r);
    return;
  }
  r->trace_done = 0;
  if (r->kind == P2P_COLL) { /* a persistent collective */
    if (r->trace_pcoll) {
      TRACE("coll_start %ld", r->trace_pcoll);
      r->trace_nbc = ++rt_self->trace_nbcs;
    } else if (trace_on && rt_opts.trace_compat) { /* SimGrid's subset: each start as its I-form */
      enum coll_id id;
      rt_comm_t *c;
      coll_args_t a;
      if (coll_persist_recipe(r, &id, &c, &a) && act_trace_coll("i", id, c, &a))
        r->trace_nbc = ++rt_self->trace_nbcs;
    }
    coll_persist_start(r);
    return;
  }
  if (trace_on && r->peer != MPI_PROC_NULL) {
    if (r->kind == P2P_SEND)
      trace_p2p(r->nonblocking ? "isend" : "send", r, r->peer_world, r->tag);
    else if (r->nonblocking) {
      /* a wildcard receive's line is held until it completes, then gets
       * its match appended (extension), or under ti-compat written with
       * its match instead of the wildcards (smpirun cannot replay those);
       * a replay posts it for that match, and says so, to record it back */
      int any = (r->peer == MPI_ANY_SOURCE) | (r->tag == MPI_ANY_TAG) << 1;
      if (rt_self) {
        any |= rt_self->trace_wild;
        rt_self->trace_wild = 0;
      }
      r->trace_any = (unsigned char)any;
      trace_p2p("irecv", r, any & 1 ? TI_ANY_SOURCE : r->peer_world, any & 2 ? TI_ANY_TAG : r->tag);
      long long mark = any && rt_self ? trace_hold_last(rt_self->id) : -1;
      r->trace_mark = mark > 0 ? mark : 0;
    }
  }
  p2p_start(r);
}

/* A receive of a message taken by a matched probe: written with its source. */
void act_start_matched(p2p_req_t *r, p2p_msg_t *m)
{
  r->trace_done = 0;
  if (trace_on && r->nonblocking)
    trace_p2p("irecv", r, m->owner, m->tag);
  r->peer_world = m->owner;
  p2p_start_matched(r, m);
}

/* After r completed: a blocking receive is written now, with its actual
 * source and tag, so that a replay of wildcard receives is deterministic; a
 * nonblocking one is written as a wait (SMPI's "wait SRC DST TAG", with
 * the wildcards its irecv line had, then simpi's " src=S tag=T" when they
 * were wildcards: the same text is appended to the irecv line; under
 * ti-compat both lines name the match instead of the wildcards); a
 * nonblocking collective as "wait 0 0 -K", K numbering this rank's
 * nonblocking collective lines from 1 (where SMPI writes an internal tag). */
static void traced_done(p2p_req_t *r)
{
  if (!trace_on || !rt_self || r->trace_done)
    return;
  r->trace_done = 1;
  /* RMA, IO: request-based operations and accesses (act_rma_request, act_io_access) */
  if (r->kind == P2P_COLL || r->kind == P2P_RMA || r->kind == P2P_IO) {
    if (r->trace_nbc)
      TRACE("wait 0 0 -%ld", r->trace_nbc);
    r->trace_nbc = 0;
    return;
  }
  if (r->kind == P2P_FLUSH) { /* Buffer_iflush: where its wait ended, a replay waits the same way */
    if (!rt_opts.trace_compat)
      TRACE("buffer_detach");
    return;
  }
  char ext[48] = "";
  if (r->kind == P2P_RECV && !r->cancelled && !rt_opts.trace_compat) {
    int n = 0;
    if (r->trace_any & 1)
      n = snprintf(ext, sizeof ext, " src=%d", r->flow_src);
    if (r->trace_any & 2)
      snprintf(ext + n, sizeof ext - (size_t)n, " tag=%d", r->st.MPI_TAG);
  }
  int compat_match = rt_opts.trace_compat && r->trace_mark && !r->cancelled;
  if (r->trace_mark && compat_match) {
    long n;
    int id = trace_type(r->dt, r->count, &n);
    char line[96];
    snprintf(line, sizeof line, "irecv %d %d %ld %d", r->flow_src, r->st.MPI_TAG, n, id);
    trace_patch(rt_self->id, r->trace_mark, line, 1);
  } else if (r->trace_mark)
    trace_patch(rt_self->id, r->trace_mark, r->cancelled ? NULL : ext, 0);
  r->trace_mark = 0;
  if (r->peer == MPI_PROC_NULL || r->cancelled || r->kind == P2P_RMA)
    return;
  int me = r->owner;
  if (r->nonblocking) {
    long v[3] = {me, r->peer_world, r->tag}; /* a send's */
    if (r->kind == P2P_RECV && compat_match)
      v[0] = r->flow_src, v[1] = me, v[2] = r->st.MPI_TAG;
    else if (r->kind == P2P_RECV)
      v[0] = r->trace_any & 1 ? TI_ANY_SOURCE : r->peer_world, v[1] = me, v[2] = r->trace_any & 2 ? TI_ANY_TAG : r->tag;
    trace_ints(rt_self->id, "wait", 3, v, ext);
  } else if (r->kind == P2P_RECV)
    trace_p2p("recv", r, r->peer_world >= 0 ? r->peer_world : r->flow_src,
              r->tag == MPI_ANY_TAG ? r->st.MPI_TAG : r->tag);
}

/* An Isendrecv is its receive with the send half in r->also: it completes
 * once both did. The send half, once complete, is marked inactive (its
 * wait line written), so that it is waited for only once. */
static int half_pending(const p2p_req_t *r) { return r && r->also && r->also->active; }
static void half_done(p2p_req_t *s)
{
  traced_done(s);
  s->active = 0;
}

static int partitioned(const p2p_req_t *r) { return r && (r->kind == P2P_PSEND || r->kind == P2P_PRECV); }

void act_wait(p2p_req_t *r)
{
  if (partitioned(r)) {
    act_part_wait(r);
    return;
  }
  if (half_pending(r)) {
    p2p_wait(r->also);
    half_done(r->also);
  }
  p2p_wait(r);
  traced_done(r);
}

int act_test(p2p_req_t *r)
{
  if (partitioned(r))
    return act_part_test(r);
  if (half_pending(r)) {
    if (!p2p_test(r->also))
      return 0;
    half_done(r->also);
  }
  int done = p2p_test(r);
  if (done)
    traced_done(r);
  return done;
}

/* What act_wait_any waits for in r's place: the send half of an Isendrecv first; a message of a
 * partitioned request (NULL if none: a send whose partitions are not all marked) */
static p2p_req_t *stand_in(p2p_req_t *r)
{
  if (half_pending(r))
    return r->also;
  return partitioned(r) && r->active ? act_part_pending(r) : r;
}

int act_wait_any(p2p_req_t **rs, int n)
{
  p2p_req_t **parts = NULL;
  for (;;) {
    int others = 0;
    for (int i = 0; i < n; i++) {
      if (partitioned(rs[i]) && rs[i]->active && act_part_test(rs[i])) {
        free(parts);
        return i;
      }
      others |= stand_in(rs[i]) != rs[i];
    }
    p2p_req_t **w = rs;
    if (others) {
      if (!parts)
        parts = malloc(sizeof *parts * (size_t)n);
      for (int i = 0; i < n; i++)
        parts[i] = stand_in(rs[i]);
      w = parts;
    }
    int i = p2p_wait_any(w, n);
    if (i >= 0 && w[i] != rs[i]) { /* a send half or a partition: the request may still be pending */
      if (!partitioned(rs[i]))
        half_done(w[i]);
      continue;
    }
    free(parts);
    if (i >= 0)
      traced_done(rs[i]);
    return i;
  }
}
int act_probe(int src, int tag, int ctx, int block, MPI_Status *st) { return p2p_probe(src, tag, ctx, block, st); }
/* A receive cancelled before it matched: "cancel SRC DST TAG" (extension,
 * naming the request as a wait line would) lets a replay cancel it too. */
int act_cancel(p2p_req_t *r)
{
  int done = p2p_cancel(r);
  if (done && trace_on && rt_self && !rt_opts.trace_compat && r->nonblocking && r->kind == P2P_RECV) {
    TRACE("cancel %d %d %d", r->trace_any & 1 ? TI_ANY_SOURCE : r->peer_world, r->owner,
          r->trace_any & 2 ? TI_ANY_TAG : r->tag);
    r->trace_done = 1; /* nothing more to write when it completes */
    if (r->trace_mark) {
      trace_patch(rt_self->id, r->trace_mark, NULL, 0);
      r->trace_mark = 0;
    }
  }
  return done;
}

/* Buffer_detach waits for the buffered sends: "buffer_detach" (extension). */
void act_bsend_flush(int detach)
{
  if (detach && trace_on && rt_self && !rt_opts.trace_compat)
    TRACE("buffer_detach");
  p2p_bsend_flush();
}

/* Time a call spends polling (a failed Test or Iprobe): SMPI's "sleep SECONDS". */
void act_sleep(double seconds)
{
  TRACE("sleep %.9g", seconds);
  kern_sleep(seconds);
}

void act_init(void) { TRACE("init"); }
void act_finalize(void)
{
  TRACE("finalize");
  coll_rank_finalized();
}
void act_compute_traced(int rank, double flops)
{
  if (flops < 9e18) {
    long v = (long)nearbyint(flops); /* as %.0f rounds */
    trace_ints(rank, "compute", 1, &v, NULL);
  } else
    trace_line(rank, "compute %.0f", flops);
}
