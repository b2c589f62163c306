/* Collective algorithms, built on the p2p engine in the communicator's
 * collective context (ctx + 1) so that their messages contend in the
 * network like any other. One file per collective holds its algorithms and
 * their table (name, function, needs); select.c chooses among them; coll.c
 * runs a call, nbc.c runs one in the background (nonblocking forms). */
#ifndef SIMPI_COLL_H
#define SIMPI_COLL_H
#include "../core/comm.h"
#include "../core/datatype.h"
#include "../p2p/p2p.h"

enum coll_id {
  COLL_BARRIER, COLL_BCAST, COLL_GATHER, COLL_GATHERV, COLL_SCATTER, COLL_SCATTERV, COLL_ALLGATHER,
  COLL_ALLGATHERV, COLL_ALLTOALL, COLL_ALLTOALLV, COLL_ALLTOALLW, COLL_REDUCE, COLL_ALLREDUCE,
  COLL_REDUCE_SCATTER, COLL_REDUCE_SCATTER_BLOCK, COLL_SCAN, COLL_EXSCAN, COLL_N
};

/* The arguments of one call, as the MPI layer checked them. Bcast and the
 * reductions keep their count and type in rcount/rt; counts are MPI_Count and
 * displacements MPI_Aint, whatever form of the call; sbuf is never
 * MPI_IN_PLACE when an algorithm runs (coll.c rewrites it). Alltoallw
 * displacements are in bytes. */
typedef struct coll_args {
  const void *sbuf;
  MPI_Count scount;
  const dt_t *st;
  const MPI_Count *scounts;
  const MPI_Aint *sdispls;
  const dt_t *const *sts;
  void *rbuf;
  MPI_Count rcount;
  const dt_t *rt;
  const MPI_Count *rcounts;
  const MPI_Aint *rdispls;
  const dt_t *const *rts;
  int root;
  MPI_Op op;
  void *owned; /* freed when the call completes */
} coll_args_t;

/* One call as its algorithm sees it. */
typedef struct coll {
  rt_comm_t *c;
  int n, me;
  int tag;  /* the call's sequence number on c: calls never match each other's messages */
  int seg;  /* segment size in bytes chosen by the selector, 0 for the algorithm's default */
  int err;  /* first error class seen by a receive (truncation) */
  int inplace; /* the caller passed MPI_IN_PLACE (selectors may care) */
  int nodata;  /* a replay's: its messages and reductions move no data (nobody reads it) */
  const char *what; /* "MPI_Bcast on MPI_COMM_WORLD": names its messages in deadlock reports
                     * (interned: it must outlive the stack of a rank stuck in a deadlock) */
} coll_t;

typedef void (*coll_fn)(coll_t *k, const coll_args_t *a);

/* What an algorithm needs; when a call does not offer it, its fallback runs. */
enum {
  NEED_COMMUTE = 1,  /* a commutative operation */
  NEED_POW2 = 2,     /* a power-of-two communicator */
  NEED_EVEN = 4,     /* an even communicator size */
  NEED_REGULAR = 8,  /* equal block counts (reduce_scatter) */
};

typedef struct coll_algo {
  const char *name;
  coll_fn fn;
  unsigned needs;
  const char *fallback;
  const char *doc;
} coll_algo_t;

extern const coll_algo_t coll_barrier_algos[], coll_bcast_algos[], coll_gather_algos[], coll_gatherv_algos[],
    coll_scatter_algos[], coll_scatterv_algos[], coll_allgather_algos[], coll_allgatherv_algos[],
    coll_alltoall_algos[], coll_alltoallv_algos[], coll_alltoallw_algos[], coll_reduce_algos[],
    coll_allreduce_algos[], coll_reduce_scatter_algos[], coll_reduce_scatter_block_algos[], coll_scan_algos[],
    coll_exscan_algos[];

/* Scan (inclusive) and Exscan by every rank sending to every higher rank at once. */
void coll_flat_prefix(coll_t *k, const coll_args_t *a, int inclusive);

/* Runs a call to completion; returns 0 or the MPI error class it met. */
int coll_run(enum coll_id id, rt_comm_t *c, const coll_args_t *a);
/* Starts a call in the background (nbc.c); the request completes through
 * p2p_wait/p2p_test/p2p_wait_any like any other. */
p2p_req_t *coll_start(enum coll_id id, rt_comm_t *c, const coll_args_t *a);
/* The calling rank finalized: its idle helpers leave. */
void coll_rank_finalized(void);
/* Persistent collectives (the MPI_*_init calls): init takes the call's
 * identity and keeps its arguments; each coll_persist_start runs it again in
 * the background, completing r as coll_start's request completes; free
 * releases what init kept. noop: a request whose starts complete at once
 * (an intercommunicator's MPI_PROC_NULL ranks). */
p2p_req_t *coll_persist_init(enum coll_id id, rt_comm_t *c, const coll_args_t *a);
p2p_req_t *coll_persist_noop(rt_comm_t *c);
void coll_persist_start(p2p_req_t *r);
/* What a persistent collective runs at each start (0 when nothing on this rank). */
int coll_persist_recipe(const p2p_req_t *r, enum coll_id *id, rt_comm_t **c, coll_args_t *a);
void coll_persist_free(p2p_req_t *r);
/* Both: a call's identity (takes the communicator's next sequence number),
 * and the execution itself (rewrites MPI_IN_PLACE, selects, runs). */
coll_t coll_begin(rt_comm_t *c);
/* A string kept for the whole run (one copy per distinct value). */
const char *coll_intern(const char *s);
int coll_exec(enum coll_id id, coll_t *k, coll_args_t *a);
/* The same on an intercommunicator (inter.c). */
int coll_inter_exec(enum coll_id id, coll_t *k, coll_args_t *a);
/* The caller's group of intercommunicator c as an intracommunicator, for
 * one call's worth of collectives within it (takes c's next sequence number). */
rt_comm_t coll_inter_local(rt_comm_t *c);
void coll_reduce_local(const void *in, void *inout, MPI_Count count, const dt_t *t, MPI_Op op);

/* Point-to-point helpers (coll_p2p.c): the call's tag, the collective context. */
p2p_req_t *coll_isend(coll_t *k, const void *buf, MPI_Count count, const dt_t *t, int peer);
p2p_req_t *coll_irecv(coll_t *k, void *buf, MPI_Count count, const dt_t *t, int peer);
void coll_send(coll_t *k, const void *buf, MPI_Count count, const dt_t *t, int peer);
void coll_recv(coll_t *k, void *buf, MPI_Count count, const dt_t *t, int peer);
void coll_sendrecv(coll_t *k, const void *sbuf, MPI_Count scount, const dt_t *st, int dest, void *rbuf,
                   MPI_Count rcount, const dt_t *rt, int source);
/* Waits for and frees the n requests (NULL entries are skipped). */
void coll_waitall(coll_t *k, p2p_req_t **rs, int n);
/* A buffer able to hold count elements of t in its memory layout. */
void *coll_tmp(MPI_Count count, const dt_t *t);
void coll_tmp_free(void *p, const dt_t *t);
/* A buffer of at least bytes that every rank shares, for calls that move no
 * data (nobody reads it); never freed (a larger one is made when asked). */
void *coll_scratch(size_t bytes);
/* Address of element i of buf. */
static inline char *coll_at(const void *buf, long i, const dt_t *t) { return (char *)buf + i * t->extent; }
const dt_t *coll_byte(void); /* MPI_BYTE */
/* A reduction's input (rcount elements of rt): sbuf, or a private copy of it when it is rbuf (an
 * MPI_IN_PLACE call: coll.c makes no copy) and the algorithm writes rbuf before it last reads its
 * input; coll_tmp_free(*mem, a->rt) afterwards. */
const void *coll_own_input(const coll_args_t *a, void **mem);
/* The data of count elements of t at buf as bytes: buf itself when t is
 * contiguous, else a packed copy (free *mem). */
const char *coll_bytes_of(const void *buf, MPI_Count count, const dt_t *t, void **mem);
/* Room for that many bytes to be received: buf itself when contiguous, else
 * *mem; coll_bytes_done then unpacks into buf and frees. */
char *coll_bytes_room(void *buf, MPI_Count count, const dt_t *t, void **mem);
void coll_bytes_done(void *buf, MPI_Count count, const dt_t *t, void *mem);
/* Reductions in rank order: *acc := (lower op higher) of *acc and other.
 * other_lower says other holds the lower ranks' part; other is clobbered. */
void coll_combine(MPI_Op op, void *acc, void *other, MPI_Count count, const dt_t *t, int other_lower);
/* inout = in op inout, as op_apply, for the algorithms' reductions (a replay skips it) */
void coll_apply(MPI_Op op, const void *in, void *inout, MPI_Count count, const dt_t *t);
static inline int coll_pof2_floor(int n)
{
  int p = 1;
  while (p * 2 <= n)
    p *= 2;
  return p;
}
static inline int coll_is_pow2(int n) { return n > 0 && !(n & (n - 1)); }

/* Algorithms shared between collectives. */
void coll_bcast_binomial(coll_t *k, const coll_args_t *a);
void coll_reduce_binomial(coll_t *k, const coll_args_t *a);
void coll_reduce_ordered(coll_t *k, const coll_args_t *a);
void coll_reduce_linear_nb(coll_t *k, const coll_args_t *a);
void coll_scatterv_linear(coll_t *k, const coll_args_t *a);
void coll_gatherv_linear(coll_t *k, const coll_args_t *a);
/* Alltoall family: the algorithms see block i to send (send=1) or to
 * receive through a function, so alltoall, alltoallv and alltoallw share them. */
typedef void (*coll_blockfn)(const coll_args_t *a, int send, int i, char **p, MPI_Count *count, const dt_t **t);
void coll_a2a_linear(coll_t *k, const coll_args_t *a, coll_blockfn blk);
void coll_a2a_linear_nb(coll_t *k, const coll_args_t *a, coll_blockfn blk);
void coll_a2a_pair(coll_t *k, const coll_args_t *a, coll_blockfn blk);
void coll_a2a_ring(coll_t *k, const coll_args_t *a, coll_blockfn blk);
/* Reduce_scatter algorithms over explicit counts (reduce_scatter_block uses them). */
void coll_redscat_run(coll_t *k, const coll_args_t *a, coll_fn fn);

/* One block of a neighbourhood collective. */
typedef struct coll_nbr {
  int peer;
  void *buf;
  MPI_Count count;
  const dt_t *type;
  int tag;
} coll_nbr_t;
void coll_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);
/* The same in two steps: the call's identity and a copy of its blocks now,
 * the messages later (a nonblocking or persistent call's helper). */
typedef struct coll_nbr_call {
  coll_t *k; /* one per tag index */
  int ntags;
  coll_nbr_t *in, *out;
  int nin, nout;
} coll_nbr_call_t;
coll_nbr_call_t *coll_neighbor_begin(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);
void coll_neighbor_run(const coll_nbr_call_t *n);
void coll_neighbor_free(coll_nbr_call_t *n);
/* Nonblocking and persistent neighbourhood collectives (nbc.c), as coll_start and coll_persist_init. */
p2p_req_t *coll_neighbor_start(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);
p2p_req_t *coll_neighbor_persist_init(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c);
#endif
