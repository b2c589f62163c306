/* Collective algorithms, built on the p2p engine in the communicator's
 * collective context (ctx + 1) so that their messages contend in the
 * network like any other. One file per collective. */
#ifndef SIMPI_COLL_H
#define SIMPI_COLL_H
#include "../mpi/comm.h"
#include "../mpi/datatype.h"
#include "../p2p/p2p.h"

enum { TAG_BARRIER = 1, TAG_BCAST, TAG_REDUCE, TAG_GATHER, TAG_SCATTER, TAG_ALLGATHER, TAG_ALLTOALL,
       TAG_NEIGHBOR = 64 /* + a per-message tag */ };

/* Helpers (coll_p2p.c) */
p2p_req_t *coll_isend(const void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c);
p2p_req_t *coll_irecv(void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c);
void coll_send(const void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c);
void coll_recv(void *buf, int count, const dt_t *t, int peer, int tag, rt_comm_t *c);
void coll_sendrecv(const void *sbuf, int scount, const dt_t *st, int dest, void *rbuf, int rcount, const dt_t *rt,
                   int source, int tag, rt_comm_t *c);
void coll_waitall(p2p_req_t **rs, int n);
/* A buffer able to hold count elements of t in its memory layout. */
void *coll_tmp(int count, const dt_t *t);
void coll_tmp_free(void *p, const dt_t *t);
/* Address of element i of buf. */
static inline char *coll_at(const void *buf, long i, const dt_t *t) { return (char *)buf + i * t->extent; }

void coll_barrier(rt_comm_t *c);
void coll_bcast(void *buf, int count, const dt_t *t, int root, rt_comm_t *c);
void coll_reduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c);
void coll_allreduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c);
void coll_gather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                 rt_comm_t *c);
void coll_scatter(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                  rt_comm_t *c);
void coll_allgather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                    rt_comm_t *c);
void coll_alltoall(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                   rt_comm_t *c);

/* One block of a neighbourhood collective. */
typedef struct coll_nbr {
  int peer;
  void *buf;
  int count;
  const dt_t *type;
  int tag;
} coll_nbr_t;
void coll_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);
#endif
