/* Point-to-point helpers for collective algorithms: internal requests in
 * the communicator's collective context, never visible as MPI handles. */
#include "coll.h"
#include "../runtime/runtime.h"
#include <stdlib.h>

static p2p_req_t *post(enum p2p_kind kind, const void *buf, int count, const dt_t *t, int peer, int tag,
                       rt_comm_t *c)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = kind;
  r->mode = P2P_STANDARD;
  r->owner = rt_self->id;
  r->peer = peer;
  r->tag = tag;
  r->ctx = comm_ctx(c) + 1;
  r->buf = (void *)buf;
  r->count = count;
  r->dt = t;
  dt_retain(t);
  r->comm_name = comm_name(c);
  r->me_local = comm_rank(c);
  r->peer_world = peer >= 0 ? comm_peer_world(c, peer) : -1;
  p2p_start(r);
  return r;
}

p2p_req_t *coll_isend(const void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c)
{
  return post(P2P_SEND, buf, count, t, peer, tag, c);
}

p2p_req_t *coll_irecv(void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c)
{
  return post(P2P_RECV, buf, count, t, peer, tag, c);
}

void coll_waitall(p2p_req_t **rs, int n)
{
  for (int i = 0; i < n; i++) {
    p2p_wait(rs[i]);
    p2p_req_free(rs[i]);
  }
}

void coll_send(const void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c)
{
  p2p_req_t *r = coll_isend(buf, count, t, peer, tag, c);
  coll_waitall(&r, 1);
}

void coll_recv(void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c)
{
  p2p_req_t *r = coll_irecv(buf, count, t, peer, tag, c);
  coll_waitall(&r, 1);
}

void coll_sendrecv(const void *sbuf, int scount, const dt_t *st, int dest, void *rbuf, int rcount, const dt_t *rt,
                   int source, int tag, rt_comm_t *c)
{
  p2p_req_t *rs[2];
  rs[0] = coll_irecv(rbuf, rcount, rt, source, tag, c);
  rs[1] = coll_isend(sbuf, scount, st, dest, tag, c);
  coll_waitall(rs, 2);
}

/* Derived types may touch bytes outside [lb, lb + count * extent): the
 * engine sizes the buffer from their true extent. */
void *coll_tmp(int count, const dt_t *t) { return dt_tmp_alloc(count, t); }

void coll_tmp_free(void *p, const dt_t *t) { dt_tmp_free(p, t); }
