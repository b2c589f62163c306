/* The action layer: every MPI call that does something becomes one typed
 * action executed here (post a send or receive, wait, test, probe, compute,
 * each collective). The MPI layer and, later, the trace replayer call these
 * same functions; the trace recorder hooks in here. Blocking collectives
 * return 0 or the MPI error class met (truncation); the I-forms return the
 * request that completes them (kind P2P_COLL). MPI_IN_PLACE is passed
 * through as the MPI call got it. */
#ifndef SIMPI_ACTION_H
#define SIMPI_ACTION_H
#include "../core/comm.h"
#include "../core/datatype.h"
#include "../p2p/p2p.h"
#include "../coll/coll.h"
#include "../io/io.h"

void act_start(p2p_req_t *r);
/* Partitioned communication (part_act.c). act_part_init turns r, a send or receive of one partition's
 * count built by the MPI layer, into a partitioned request of that many partitions and pairs it;
 * 0, or an error class with the reason in why (sizes that differ from the other side's, recording). */
int act_part_init(p2p_req_t *r, int partitions, char *why, size_t len);
void act_part_start(p2p_req_t *r);
int act_part_mark(p2p_req_t *r, int partition);       /* MPI_Pready: 0 if it was marked already */
int act_part_count(const p2p_req_t *r);              /* its partitions */
int act_part_unmarked(const p2p_req_t *r);            /* an active send's partitions not marked yet */
int act_part_arrived(p2p_req_t *r, int partition);    /* MPI_Parrived, on an active receive */
int act_part_test(p2p_req_t *r);
void act_part_wait(p2p_req_t *r);
p2p_req_t *act_part_pending(p2p_req_t *r); /* a message it still waits for, NULL if none */
void act_part_free(p2p_req_t *r);          /* what it holds besides owned */
void act_start_matched(p2p_req_t *r, p2p_msg_t *m);
void act_wait(p2p_req_t *r);
int act_test(p2p_req_t *r);
int act_wait_any(p2p_req_t **rs, int n);
int act_probe(int src, int tag, int ctx, int block, MPI_Status *st);
void act_sleep(double seconds);
/* Cancels a receive not matched yet; returns 1 if cancelled. */
int act_cancel(p2p_req_t *r);
/* Waits for this rank's buffered sends (detach: at MPI_Buffer_detach, recorded). */
void act_bsend_flush(int detach);
void act_init(void);
void act_finalize(void);
/* Records a computation of flops (the compute layer calls it when recording). */
void act_compute_traced(int rank, double flops);

/* Collectives: I is either nothing (blocking, returns int), i (returns the
 * started request) or persist_ (the MPI_*_init forms: returns an inactive
 * persistent request, which act_start starts). */
#define ACT_COLLS(R, I)                                                                                                \
  R act_##I##barrier(rt_comm_t *c);                                                                                    \
  R act_##I##bcast(void *buf, MPI_Count count, const dt_t *t, int root, rt_comm_t *c);                                 \
  R act_##I##gather(const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount, const dt_t *rt,  \
                    int root, rt_comm_t *c);                                                                           \
  R act_##I##gatherv(const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, const MPI_Count *rcounts,         \
                     const MPI_Aint *displs, const dt_t *rt, int root, rt_comm_t *c);                                  \
  R act_##I##scatter(const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount, const dt_t *rt, \
                     int root, rt_comm_t *c);                                                                          \
  R act_##I##scatterv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs, const dt_t *st, void *rbuf,  \
                      MPI_Count rcount, const dt_t *rt, int root, rt_comm_t *c);                                       \
  R act_##I##allgather(const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount,               \
                       const dt_t *rt, rt_comm_t *c);                                                                  \
  R act_##I##allgatherv(const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, const MPI_Count *rcounts,      \
                        const MPI_Aint *displs, const dt_t *rt, rt_comm_t *c);                                         \
  R act_##I##alltoall(const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount,                \
                      const dt_t *rt, rt_comm_t *c);                                                                   \
  R act_##I##alltoallv(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls, const dt_t *st,            \
                       void *rbuf, const MPI_Count *rcounts, const MPI_Aint *rdispls, const dt_t *rt, rt_comm_t *c);   \
  /* types: n send types then n receive types, malloc'd: the call frees it */                                          \
  R act_##I##alltoallw(const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls, void *rbuf,                \
                       const MPI_Count *rcounts, const MPI_Aint *rdispls, const dt_t **types, rt_comm_t *c);           \
  R act_##I##reduce(const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c);  \
  R act_##I##allreduce(const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, rt_comm_t *c);         \
  R act_##I##reduce_scatter(const void *sbuf, void *rbuf, const MPI_Count *rcounts, const dt_t *t, MPI_Op op,          \
                            rt_comm_t *c);                                                                             \
  R act_##I##reduce_scatter_block(const void *sbuf, void *rbuf, MPI_Count rcount, const dt_t *t, MPI_Op op,            \
                                  rt_comm_t *c);                                                                       \
  R act_##I##scan(const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, rt_comm_t *c);              \
  R act_##I##exscan(const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, rt_comm_t *c);
ACT_COLLS(int, )
ACT_COLLS(p2p_req_t *, i)
ACT_COLLS(p2p_req_t *, persist_)
#undef ACT_COLLS
/* A persistent collective with nothing to do on this rank (an
 * intercommunicator's MPI_PROC_NULL ranks), and the release of one. */
p2p_req_t *act_persist_noop(enum coll_id id, rt_comm_t *c); /* root MPI_PROC_NULL on an intercommunicator */
void act_persist_free(p2p_req_t *r);
void act_reduce_local(const void *in, void *inout, MPI_Count count, const dt_t *t, MPI_Op op);
/* A neighbourhood collective of the given form (for its trace line). */
enum act_nbr { ACT_NBR_ALLGATHER, ACT_NBR_ALLGATHERV, ACT_NBR_ALLTOALL, ACT_NBR_ALLTOALLV, ACT_NBR_ALLTOALLW };
void act_neighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);
p2p_req_t *act_ineighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout,
                         rt_comm_t *c);
p2p_req_t *act_persist_neighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout,
                                rt_comm_t *c);

/* The communication of communicator constructors (agreement on members and
 * contexts), in the collective context: an allgather of n ints from each
 * member into all (n = 0: a synchronisation only; all = NULL on an
 * intracommunicator: its time only, the members read nothing, and none holds
 * N values), a swap with one peer, and a broadcast of ints. */
void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all);
void act_comm_exchange(rt_comm_t *c, int peer, int tag, const int *sbuf, int sn, int *rbuf, int rn);
void act_comm_bcast(rt_comm_t *c, int *buf, int n, int root);
/* A communicator made from parent (made may be MPI_COMM_NULL for this rank)
 * or freed: recorded as the split or free that rebuilds it in a replay. */
void act_comm_made(rt_comm_t *parent, MPI_Comm made);
void act_comm_idup_made(rt_comm_t *parent, MPI_Comm made); /* Comm_idup: no communication */
void act_comm_freed(rt_comm_t *c);
void act_intercomm_made(rt_comm_t *local, int leader, rt_comm_t *peer, int rleader, int tag, MPI_Comm made);
void act_intercomm_merged(rt_comm_t *inter, int high, MPI_Comm made);
void act_coll_procnull(enum coll_id id, rt_comm_t *c); /* traced only: see action.c */
/* A communicator made by Comm_create_group over the group of world ranks w[0..n). */
void act_comm_made_group(rt_comm_t *parent, const int *w, int n, int tag, MPI_Comm made);
/* A communicator made by Dist_graph_create (its edges as this rank gave them). */
void act_comm_dist_graph(rt_comm_t *parent, int n, const int *sources, const int *degrees, const int *dests,
                         MPI_Comm made);
/* A communicator given a topology (recorded as the topology line after its split). */
void act_comm_topo(MPI_Comm made);

/* One-sided operations on window w (src/rma): each returns the request of
 * its transfer, NULL when the target is the calling rank (src/action/rma_act.c). */
struct rt_win;
p2p_req_t *act_put(struct rt_win *w, const void *obuf, MPI_Count ocount, const dt_t *ot, int t, char *taddr,
                   MPI_Count tcount,
                   const dt_t *tt);
p2p_req_t *act_get(struct rt_win *w, void *obuf, MPI_Count ocount, const dt_t *ot, int t, const char *taddr,
                   MPI_Count tcount,
                   const dt_t *tt);
p2p_req_t *act_accumulate(struct rt_win *w, const void *obuf, MPI_Count ocount, const dt_t *ot, void *result,
                          MPI_Count rcount, const dt_t *rt, int t, char *taddr, MPI_Count tcount, const dt_t *tt,
                          MPI_Op op);
p2p_req_t *act_compare_and_swap(struct rt_win *w, const void *obuf, const void *cmp, void *result, const dt_t *type,
                                int t, char *taddr);
/* The operation just written (r, with a request the program holds: MPI_Rput,
 * MPI_Rget, MPI_Raccumulate, MPI_Rget_accumulate) gets " req=K" on its line,
 * K numbering it among the rank's nonblocking collectives, and its completion
 * by a wait is written "wait 0 0 -K", as theirs is. */
void act_rma_request(p2p_req_t *r);
/* Records a window's creation, freeing or synchronisation call: "ACTION
 * WID" then the formatted arguments (the MPI layer executes them). */
void act_win_traced(struct rt_win *w, const char *action, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* MPI-IO (io_act.c): each through src/io, and recorded (the format is in
 * io_act.c). act_io_open opens path for the members of parent (fc: the
 * file's own copy of it); *trace_id gets the file's id in the trace (0: not
 * recorded). act_io_access moves count elements of t at view position pos
 * (in etypes) and times the access: how is ACT_IO_WRITE, ACT_IO_COLL (every
 * member calls it), ACT_IO_NB (*req gets the access's request, else it is
 * waited for), and for the trace where pos came from (ACT_IO_SHARED, the
 * shared pointer; ACT_IO_ORDERED, ordered access); *moved gets the bytes
 * moved. Errors return their class with the reason in why. */
enum { ACT_IO_WRITE = 1, ACT_IO_COLL = 2, ACT_IO_NB = 4, ACT_IO_SHARED = 8, ACT_IO_ORDERED = 16 };
int act_io_open(rt_comm_t *parent, rt_comm_t *fc, const char *path, int amode, const io_hints_t *h, io_file_t **f,
                long *trace_id, char *why, size_t len);
void act_io_close(io_fh_t *fh);
int act_io_access(io_fh_t *fh, MPI_Offset pos, void *buf, MPI_Count count, const dt_t *t, int how, p2p_req_t **req,
                  MPI_Offset *moved, char *why, size_t len);
/* Collective calls that set what the members share (io_collective_set; act_io_set is
 * recorded as the MPI call making it, act_io_view as the view fh now has), agree (a
 * barrier: MPI_File_sync), or take the shared file pointer in rank order; act_io_shared
 * takes it independently. act_io_hints gives fh the hints h (MPI_File_set_info). */
MPI_Offset act_io_set(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset), MPI_Offset arg);
MPI_Offset act_io_view(io_fh_t *fh, MPI_Offset (*set)(io_fh_t *, MPI_Offset));
void act_io_hints(io_fh_t *fh, const io_hints_t *h);
void act_io_barrier(io_fh_t *fh);
MPI_Offset act_io_ordered(io_fh_t *fh, MPI_Offset n);
MPI_Offset act_io_shared(io_fh_t *fh, MPI_Offset n);
#endif
