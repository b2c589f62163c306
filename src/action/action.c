/* The action layer (see action.h): each action executes through p2p, coll
 * or the kernel, and, when recording, is written to the rank's trace in
 * SimGrid's time-independent format. Replays call the same MPI functions,
 * hence the same actions. Point-to-point peers are written as world ranks;
 * collectives only on MPI_COMM_WORLD (the format has no communicators). */
#include "action.h"
#include "trace.h"
#include "../coll/coll.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"

#define TRACE(...)                                                                                                     \
  do {                                                                                                                 \
    if (trace_on && rt_self)                                                                                           \
      trace_line(rt_self->id, __VA_ARGS__);                                                                            \
  } while (0)

static int world_of(const rt_comm_t *c) { return comm_size(c) == rt_nranks && !comm_is_inter(c) && c->core->side[0].l2w == NULL; }

/* "kind peer tag count type" for a send or receive. */
static void trace_p2p(const char *kind, const p2p_req_t *r, int peer_world)
{
  long n;
  int id = trace_type(r->dt, r->count, &n);
  TRACE("%s %d %d %ld %d", kind, peer_world, r->tag, n, id);
}

static void trace_wait(const p2p_req_t *r)
{
  int me = r->owner;
  if (r->kind == P2P_SEND)
    TRACE("wait %d %d %d", me, r->peer_world, r->tag);
  else
    TRACE("wait %d %d %d", r->peer_world >= 0 ? r->peer_world : -333, me, r->tag);
}

void act_start(p2p_req_t *r)
{
  if (trace_on && r->peer != MPI_PROC_NULL) {
    if (r->kind == P2P_SEND)
      trace_p2p(r->nonblocking ? "isend" : "send", r, r->peer_world);
    else if (r->nonblocking)
      trace_p2p("irecv", r, r->peer_world >= 0 ? r->peer_world : -333);
  }
  p2p_start(r);
}

/* After r completed: a blocking receive is written now, with its actual
 * source, so that a replay of MPI_ANY_SOURCE receives is deterministic. */
static void traced_done(p2p_req_t *r)
{
  if (!trace_on || r->peer == MPI_PROC_NULL || r->cancelled)
    return;
  if (r->nonblocking)
    trace_wait(r);
  else if (r->kind == P2P_RECV)
    trace_p2p("recv", r, r->st.MPI_SOURCE >= 0 ? r->peer_world >= 0 ? r->peer_world : r->st.MPI_SOURCE : -333);
}

void act_wait(p2p_req_t *r)
{
  p2p_wait(r);
  traced_done(r);
}

int act_test(p2p_req_t *r)
{
  int done = p2p_test(r);
  if (done)
    traced_done(r);
  return done;
}

int act_wait_any(p2p_req_t **rs, int n)
{
  int i = p2p_wait_any(rs, n);
  if (i >= 0)
    traced_done(rs[i]);
  return i;
}
int act_probe(int src, int tag, int ctx, int block, MPI_Status *st) { return p2p_probe(src, tag, ctx, block, st); }
void act_sleep(double seconds) { kern_sleep(seconds); }

/* type ids and counts of a collective's send and receive sides */
#define TYPES(sc, st, rc, rt)                                                                                          \
  long sn_, rn_;                                                                                                       \
  int sid_ = trace_type(st, sc, &sn_), rid_ = trace_type(rt, rc, &rn_)

void act_barrier(rt_comm_t *c)
{
  if (trace_on && world_of(c))
    TRACE("barrier");
  coll_barrier(c);
}

void act_bcast(void *buf, int count, const dt_t *t, int root, rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    long n;
    int id = trace_type(t, count, &n);
    TRACE("bcast %ld %d %d", n, root, id);
  }
  coll_bcast(buf, count, t, root, c);
}

void act_reduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    long n;
    int id = trace_type(t, count, &n);
    TRACE("reduce %ld 0 %d %d", n, root, id);
  }
  coll_reduce(sbuf, rbuf, count, t, op, root, c);
}

void act_allreduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    long n;
    int id = trace_type(t, count, &n);
    TRACE("allreduce %ld 0 %d", n, id);
  }
  coll_allreduce(sbuf, rbuf, count, t, op, c);
}

void act_gather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    TYPES(scount, st, rcount, rt);
    TRACE("gather %ld %ld %d %d %d", sn_, rn_, root, sid_, rid_);
  }
  coll_gather(sbuf, scount, st, rbuf, rcount, rt, root, c);
}

void act_scatter(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                 rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    TYPES(scount, st, rcount, rt);
    TRACE("scatter %ld %ld %d %d %d", sn_, rn_, root, sid_, rid_);
  }
  coll_scatter(sbuf, scount, st, rbuf, rcount, rt, root, c);
}

void act_allgather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                   rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    TYPES(scount, st, rcount, rt);
    TRACE("allgather %ld %ld %d %d", sn_, rn_, sid_, rid_);
  }
  coll_allgather(sbuf, scount, st, rbuf, rcount, rt, c);
}

void act_alltoall(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                  rt_comm_t *c)
{
  if (trace_on && world_of(c)) {
    TYPES(scount, st, rcount, rt);
    TRACE("alltoall %ld %ld %d %d", sn_, rn_, sid_, rid_);
  }
  coll_alltoall(sbuf, scount, st, rbuf, rcount, rt, c);
}

void act_init(void) { TRACE("init"); }
void act_finalize(void) { TRACE("finalize"); }
void act_compute_traced(int rank, double flops) { trace_line(rank, "compute %.0f", flops); }
void act_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  coll_neighbor(in, nin, out, nout, c);
}

void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all)
{
  const dt_t *ints = dt_get(MPI_INT);
  if (n == 0) {
    int one = 1, max;
    coll_allreduce(&one, &max, 1, ints, MPI_MAX, c);
  } else
    coll_allgather(mine, n, ints, all, n, ints, c);
}

void act_comm_exchange(rt_comm_t *c, int peer, int tag, const int *sbuf, int sn, int *rbuf, int rn)
{
  const dt_t *ints = dt_get(MPI_INT);
  p2p_req_t *rs[2];
  rs[0] = coll_irecv(rbuf, rn, ints, peer, tag, c);
  rs[1] = coll_isend(sbuf, sn, ints, peer, tag, c);
  coll_waitall(rs, 2);
}

void act_comm_bcast(rt_comm_t *c, int *buf, int n, int root) { coll_bcast(buf, n, dt_get(MPI_INT), root, c); }
