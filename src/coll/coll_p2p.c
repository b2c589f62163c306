/* Point-to-point helpers for collective algorithms: internal requests in
 * the communicator's collective context with the call's tag, never visible
 * as MPI handles; temporary buffers; rank-ordered combination. */
#include "coll.h"
#include "../core/op.h"
#include "../runtime/runtime.h"
#include <stdlib.h>

static p2p_req_t *post(enum p2p_kind kind, const void *buf, MPI_Count count, const dt_t *t, int peer, coll_t *k)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = kind;
  r->mode = P2P_STANDARD;
  r->owner = rt_self->id;
  r->peer = peer;
  r->tag = k->tag;
  r->ctx = comm_ctx(k->c) + 1;
  r->buf = (void *)buf;
  r->count = count;
  r->dt = t;
  dt_retain(t); /* released by p2p_req_free */
  r->comm_name = k->what;
  r->nodata = (unsigned char)k->nodata;
  r->me_local = k->me;
  r->peer_world = peer >= 0 ? comm_peer_world(k->c, peer) : -1;
  p2p_start(r);
  return r;
}

p2p_req_t *coll_isend(coll_t *k, const void *buf, MPI_Count count, const dt_t *t, int peer)
{
  return post(P2P_SEND, buf, count, t, peer, k);
}

p2p_req_t *coll_irecv(coll_t *k, void *buf, MPI_Count count, const dt_t *t, int peer)
{
  return post(P2P_RECV, buf, count, t, peer, k);
}

void coll_waitall(coll_t *k, p2p_req_t **rs, int n)
{
  for (int i = 0; i < n; i++) {
    if (!rs[i])
      continue;
    p2p_wait(rs[i]);
    if (rs[i]->kind == P2P_RECV && rs[i]->st.MPI_ERROR && !k->err)
      k->err = rs[i]->st.MPI_ERROR;
    p2p_req_free(rs[i]);
    rs[i] = NULL;
  }
}

void coll_send(coll_t *k, const void *buf, MPI_Count count, const dt_t *t, int peer)
{
  p2p_req_t *r = coll_isend(k, buf, count, t, peer);
  coll_waitall(k, &r, 1);
}

void coll_recv(coll_t *k, void *buf, MPI_Count count, const dt_t *t, int peer)
{
  p2p_req_t *r = coll_irecv(k, buf, count, t, peer);
  coll_waitall(k, &r, 1);
}

void coll_sendrecv(coll_t *k, const void *sbuf, MPI_Count scount, const dt_t *st, int dest, void *rbuf,
                   MPI_Count rcount, const dt_t *rt, int source)
{
  p2p_req_t *rs[2];
  rs[0] = coll_irecv(k, rbuf, rcount, rt, source);
  rs[1] = coll_isend(k, sbuf, scount, st, dest);
  coll_waitall(k, rs, 2);
}

/* sized from the true extent: see dt_tmp_alloc */
void *coll_tmp(MPI_Count count, const dt_t *t) { return dt_tmp_alloc(count, t); }

void coll_tmp_free(void *p, const dt_t *t) { dt_tmp_free(p, t); }

static char *scratch;
static size_t scratch_len;

void *coll_scratch(size_t bytes)
{
  if (bytes > scratch_len) { /* the old one stays: ranks in a call may still write to it */
    scratch_len = bytes > 2 * scratch_len ? bytes : 2 * scratch_len;
    scratch = malloc(scratch_len);
  }
  return scratch;
}

const void *coll_own_input(const coll_args_t *a, void **mem)
{
  *mem = NULL;
  if (a->sbuf != a->rbuf)
    return a->sbuf;
  *mem = coll_tmp(a->rcount, a->rt);
  dt_copy(a->sbuf, a->rcount, a->rt, *mem, a->rcount, a->rt);
  return *mem;
}

const dt_t *coll_byte(void) { return dt_get(MPI_BYTE); }

/* A replay's operands are never read: its reductions skip the operation. */
static int moot(void) { return rt_self && ((rt_opts.replay && !rt_self->keep_data) || rt_self->no_data); }

void coll_apply(MPI_Op op, const void *in, void *inout, MPI_Count count, const dt_t *t)
{
  if (!moot())
    op_apply(op, in, inout, count, t);
}

void coll_combine(MPI_Op op, void *acc, void *other, MPI_Count count, const dt_t *t, int other_lower)
{
  if (moot())
    return;
  if (other_lower || op_commutative(op)) {
    op_apply(op, other, acc, count, t); /* acc = other op acc */
    return;
  }
  op_apply(op, acc, other, count, t); /* other = acc op other */
  dt_copy(other, count, t, acc, count, t);
}

const char *coll_bytes_of(const void *buf, MPI_Count count, const dt_t *t, void **mem)
{
  *mem = NULL;
  if (t->contig)
    return buf;
  size_t n = (size_t)count * t->size;
  *mem = malloc(n ? n : 1);
  dt_pack(buf, count, t, *mem);
  return *mem;
}

char *coll_bytes_room(void *buf, MPI_Count count, const dt_t *t, void **mem)
{
  *mem = NULL;
  if (t->contig)
    return buf;
  size_t n = (size_t)count * t->size;
  *mem = malloc(n ? n : 1);
  return *mem;
}

void coll_bytes_done(void *buf, MPI_Count count, const dt_t *t, void *mem)
{
  if (!mem)
    return;
  dt_unpack(mem, (size_t)count * t->size, buf, count, t);
  free(mem);
}
