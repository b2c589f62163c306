/* The action layer: every MPI call that does something becomes one typed
 * action executed here (post a send or receive, wait, test, probe, compute,
 * each collective). The MPI layer and, later, the trace replayer call these
 * same functions; the trace recorder hooks in here. */
#ifndef SIMPI_ACTION_H
#define SIMPI_ACTION_H
#include "../mpi/comm.h"
#include "../mpi/datatype.h"
#include "../p2p/p2p.h"
#include "../coll/coll.h"

void act_start(p2p_req_t *r);
void act_wait(p2p_req_t *r);
int act_test(p2p_req_t *r);
int act_wait_any(p2p_req_t **rs, int n);
int act_probe(int src, int tag, int ctx, int block, MPI_Status *st);
void act_sleep(double seconds);
void act_init(void);
void act_finalize(void);
/* Records a computation of flops (the compute layer calls it when recording). */
void act_compute_traced(int rank, double flops);

void act_barrier(rt_comm_t *c);
void act_bcast(void *buf, int count, const dt_t *t, int root, rt_comm_t *c);
void act_reduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c);
void act_allreduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c);
void act_gather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                rt_comm_t *c);
void act_scatter(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                 rt_comm_t *c);
void act_allgather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                   rt_comm_t *c);
void act_alltoall(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                  rt_comm_t *c);
void act_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);

/* The communication of communicator constructors (agreement on members and
 * contexts), in the collective context: an allgather of n ints from each
 * member into all (n = 0: a synchronisation only), a swap with one peer, and
 * a broadcast of ints. */
void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all);
void act_comm_exchange(rt_comm_t *c, int peer, int tag, const int *sbuf, int sn, int *rbuf, int rn);
void act_comm_bcast(rt_comm_t *c, int *buf, int n, int root);
#endif
