/* simpi-replay's collective lines (see replay.c): blocking, nonblocking and
 * persistent collectives, with buffers of the recorded sizes and an
 * operation defined on the recorded type, and the neighbourhood
 * collectives. */
#include "replay.h"
#include <smpi/smpi.h>
#include <stdlib.h>
#include <string.h>

long nbcs; /* nonblocking collective lines so far, request-based RMA lines included (replay.h) */
static MPI_Request *pcolls; /* persistent collectives by the number of their coll_init line */
static long npcolls, pcoll_id;

/* A predefined operation defined on t (the trace does not say which one the
 * program used; the time of a reduction does not depend on it), or a user
 * operation, commutative or not, when the line says so (algorithms differ). */
static void keep_first(void *in, void *inout, int *len, MPI_Datatype *t)
{
  (void)in, (void)inout, (void)len, (void)t;
}

static MPI_Op red_op(MPI_Datatype t)
{
  static MPI_Op user[2] = {MPI_OP_NULL, MPI_OP_NULL}; /* non-commutative and commutative (results unused) */
  if (userop >= 0) {
    if (user[userop] == MPI_OP_NULL)
      MPI_Op_create(keep_first, userop, &user[userop]);
    return user[userop];
  }
  if (t == MPI_FLOAT_INT || t == MPI_DOUBLE_INT || t == MPI_LONG_INT || t == MPI_2INT || t == MPI_SHORT_INT ||
      t == MPI_LONG_DOUBLE_INT)
    return MPI_MAXLOC;
  if (t == MPI_BYTE || t == MPI_PACKED)
    return MPI_BOR;
  if (t == MPI_C_BOOL)
    return MPI_LOR;
  return MPI_SUM;
}

/* n counts from tok[first] on, into counts, with contiguous displacements
 * into displs; returns their sum. */
static long read_counts(int first, int n, MPI_Count *counts, MPI_Aint *displs)
{
  long sum = 0;
  for (int i = 0; i < n; i++) {
    counts[i] = num(first + i, "a count");
    displs[i] = sum;
    sum += counts[i];
  }
  return sum;
}

/* A collective line, blocking or (nb) nonblocking: the same arguments. The
 * v-forms: "gatherv SC RC... ROOT [ST RT]", "scatterv SC... RC ROOT [ST RT]",
 * "allgatherv SC RC... [ST RT]", "alltoallv SUM SC... SUM RC... [ST RT]",
 * "reducescatter RC... COMP [T]" (n = the communicator's size); the
 * extensions "alltoallw SUM SB... SUM RB..." (bytes) and
 * "reducescatterblock RC COMP [T]". */
/* A collective line's request: a persistent one is kept under the number of
 * its coll_init line (with owned, which lives on), a nonblocking one waits
 * for its wait line (owned goes with it); a blocking call's owned is done. */
static void keep_request(MPI_Request req, int nb, void *owned)
{
  if (nb == 2) {
    if (pcoll_id >= npcolls) {
      pcolls = realloc(pcolls, sizeof *pcolls * (size_t)(pcoll_id + 1));
      for (long i = npcolls; i <= pcoll_id; i++)
        pcolls[i] = MPI_REQUEST_NULL;
      npcolls = pcoll_id + 1;
    }
    pcolls[pcoll_id] = req;
  } else if (nb)
    add_pending(req, 0, 0, 0, -1, ++nbcs, owned);
  else
    free(owned);
}

/* nb: 0 the blocking call, 1 its I-form, 2 its persistent form (coll_init lines); the large-count
 * (_c) forms, as recorded counts may exceed an int */
#define COLL_CALL(I, B, ...)                                                                                           \
  (nb == 2 ? MPI_##B##_init_c(__VA_ARGS__, MPI_INFO_NULL, rq)                                                          \
   : nb    ? MPI_##I##_c(__VA_ARGS__, rq)                                                                              \
           : MPI_##B##_c(__VA_ARGS__))


void perform_coll(int a, int nb, MPI_Comm comm)
{
  int n, inter, nlocal;
  MPI_Comm_size(comm, &nlocal);
  MPI_Comm_test_inter(comm, &inter);
  n = nlocal;
  if (inter) /* buffers for either group's blocks */
    MPI_Comm_remote_size(comm, &n);
  if (a == TI_REDUCESCATTER || a == TI_REDUCESCATTERBLOCK) /* vectors of the local group's counts */
    n = nlocal;
  MPI_Request req = MPI_REQUEST_NULL, *rq = &req;
  void *owned = NULL;
  double comp = 0;
  switch (a) {
  case TI_BARRIER:
    nb == 2 ? MPI_Barrier_init(comm, MPI_INFO_NULL, rq) : nb ? MPI_Ibarrier(comm, rq) : MPI_Barrier(comm);
    break;
  case TI_BCAST: {
    long count = num(2, "the count");
    int root = ntok > 3 ? (int)num(3, "the root") : 0;
    MPI_Datatype t = type(4);
    COLL_CALL(Ibcast, Bcast, buf(count, t, 0), count, t, root, comm);
    break;
  }
  case TI_REDUCE:
  case TI_ALLREDUCE:
  case TI_SCAN:
  case TI_EXSCAN: {
    long count = num(2, "the count");
    comp = real(3, "the computation");
    int rooted = a == TI_REDUCE;
    int root = rooted && ntok > 4 ? (int)num(4, "the root") : 0;
    MPI_Datatype t = type(rooted ? 5 : 4);
    void *s = inplace ? MPI_IN_PLACE : buf(count, t, 0), *r = buf(count, t, 1);
    MPI_Count c = count;
    MPI_Op op = red_op(t);
    if (a == TI_ALLREDUCE)
      COLL_CALL(Iallreduce, Allreduce, s, r, c, t, op, comm);
    else if (a == TI_SCAN)
      COLL_CALL(Iscan, Scan, s, r, c, t, op, comm);
    else if (a == TI_EXSCAN)
      COLL_CALL(Iexscan, Exscan, s, r, c, t, op, comm);
    else
      COLL_CALL(Ireduce, Reduce, s, r, c, t, op, root, comm);
    break;
  }
  case TI_GATHER:
  case TI_SCATTER:
  case TI_ALLGATHER:
  case TI_ALLTOALL: {
    long sc = num(2, "the send count"), rc = num(3, "the receive count");
    int rooted = a == TI_GATHER || a == TI_SCATTER;
    int root = rooted ? (int)num(4, "the root") : 0;
    MPI_Datatype st = type(rooted ? 5 : 4), rt = type(rooted ? 6 : 5);
    void *s = buf(n * sc, st, 0), *r = buf(n * rc, rt, 1);
    if (inplace && a == TI_SCATTER)
      r = MPI_IN_PLACE;
    else if (inplace)
      s = MPI_IN_PLACE;
    MPI_Count c1 = sc, c2 = rc;
    if (a == TI_GATHER)
      COLL_CALL(Igather, Gather, s, c1, st, r, c2, rt, root, comm);
    else if (a == TI_SCATTER)
      COLL_CALL(Iscatter, Scatter, s, c1, st, r, c2, rt, root, comm);
    else if (a == TI_ALLGATHER)
      COLL_CALL(Iallgather, Allgather, s, c1, st, r, c2, rt, comm);
    else
      COLL_CALL(Ialltoall, Alltoall, s, c1, st, r, c2, rt, comm);
    break;
  }
  case TI_GATHERV:
  case TI_ALLGATHERV:
  case TI_SCATTERV:
  case TI_ALLTOALLV:
  case TI_ALLTOALLW:
  case TI_REDUCESCATTER: {
    /* counts and displacements, then n byte types for alltoallw: kept until the request completes */
    char *block = owned = malloc((2 * sizeof(MPI_Count) + 2 * sizeof(MPI_Aint) + 2 * sizeof(MPI_Datatype)) * (size_t)n);
    MPI_Count *c1 = (MPI_Count *)block, *c2 = c1 + n;
    MPI_Aint *d1 = (MPI_Aint *)(c2 + n), *d2 = d1 + n;
    if (a == TI_GATHERV || a == TI_ALLGATHERV) {
      int all = a == TI_ALLGATHERV;
      long sc = num(2, "the send count"), rsum = read_counts(3, n, c1, d1);
      int root = all ? 0 : (int)num(3 + n, "the root"), t0 = 3 + n + !all;
      MPI_Datatype st = type(t0), rt = type(t0 + 1);
      void *s = inplace ? MPI_IN_PLACE : buf(sc, st, 0), *r = buf(rsum, rt, 1);
      if (all)
        COLL_CALL(Iallgatherv, Allgatherv, s, sc, st, r, c1, d1, rt, comm);
      else
        COLL_CALL(Igatherv, Gatherv, s, sc, st, r, c1, d1, rt, root, comm);
    } else if (a == TI_SCATTERV) {
      long ssum = read_counts(2, n, c1, d1), rc = num(2 + n, "the receive count");
      int root = (int)num(3 + n, "the root");
      MPI_Datatype st = type(4 + n), rt = type(5 + n);
      void *s = buf(ssum, st, 0), *r = inplace ? MPI_IN_PLACE : buf(rc, rt, 1);
      COLL_CALL(Iscatterv, Scatterv, s, c1, d1, st, r, rc, rt, root, comm);
    } else if (a == TI_ALLTOALLV) {
      long ssum = read_counts(3, n, c1, d1), rsum = read_counts(4 + n, n, c2, d2);
      MPI_Datatype st = type(4 + 2 * n), rt = type(5 + 2 * n);
      void *s = inplace ? MPI_IN_PLACE : buf(ssum, st, 0), *r = buf(rsum, rt, 1);
      COLL_CALL(Ialltoallv, Alltoallv, s, c1, d1, st, r, c2, d2, rt, comm);
    } else if (a == TI_ALLTOALLW) {
      MPI_Datatype *ts = (MPI_Datatype *)(d2 + n); /* the displacements in bytes: of MPI_BYTE elements */
      for (int i = 0; i < n; i++)
        ts[i] = MPI_BYTE;
      long ssum = read_counts(3, n, c1, d1), rsum = read_counts(4 + n, n, c2, d2);
      void *s = inplace ? MPI_IN_PLACE : buf(ssum, MPI_BYTE, 0), *r = buf(rsum, MPI_BYTE, 1);
      COLL_CALL(Ialltoallw, Alltoallw, s, c1, d1, ts, r, c2, d2, ts, comm);
    } else { /* reducescatter */
      long sum = read_counts(2, n, c1, d1);
      comp = real(2 + n, "the computation");
      MPI_Datatype t = type(3 + n);
      void *s = inplace ? MPI_IN_PLACE : buf(sum, t, 0), *r = buf(sum, t, 1);
      COLL_CALL(Ireduce_scatter, Reduce_scatter, s, r, c1, t, red_op(t), comm);
    }
    break;
  }
  case TI_REDUCESCATTERBLOCK: {
    long count = num(2, "the count");
    comp = real(3, "the computation");
    MPI_Datatype t = type(4);
    void *s = inplace ? MPI_IN_PLACE : buf(count * n, t, 0), *r = buf(inplace ? count * n : count, t, 1);
    COLL_CALL(Ireduce_scatter_block, Reduce_scatter_block, s, r, count, t, red_op(t), comm);
    break;
  }
  }
  keep_request(req, nb, owned);
  if (comp > 0)
    smpi_execute_flops(comp);
}

/* The neighbourhood collectives (see trace_neighbor in coll_act.c), blocking
 * or (nb) nonblocking or persistent, as perform_coll's. */
#define NBR_CALL(B, ...)                                                                                               \
  (nb == 2 ? MPI_##B##_init_c(__VA_ARGS__, MPI_INFO_NULL, rq)                                                          \
   : nb    ? MPI_I##B##_c(__VA_ARGS__, rq)                                                                             \
           : MPI_##B##_c(__VA_ARGS__))
#define MPI_INeighbor_allgather_c MPI_Ineighbor_allgather_c
#define MPI_INeighbor_allgatherv_c MPI_Ineighbor_allgatherv_c
#define MPI_INeighbor_alltoall_c MPI_Ineighbor_alltoall_c
#define MPI_INeighbor_alltoallv_c MPI_Ineighbor_alltoallv_c
#define MPI_INeighbor_alltoallw_c MPI_Ineighbor_alltoallw_c

void perform_neighbor(int a, int nb, MPI_Comm comm)
{
  int kind, nin, nout, w;
  MPI_Topo_test(comm, &kind);
  if (kind == MPI_CART) {
    MPI_Cartdim_get(comm, &nin);
    nout = nin *= 2;
  } else if (kind == MPI_DIST_GRAPH)
    MPI_Dist_graph_neighbors_count(comm, &nin, &nout, &w);
  else
    die("%s: the communicator has no topology (see comm_cart and comm_adjacent)", ti_action_name(a));
  int vout = a == TI_NEIGHBOR_ALLTOALLV || a == TI_NEIGHBOR_ALLTOALLW;
  int vin = vout || a == TI_NEIGHBOR_ALLGATHERV;
  int i0 = 2, no = vout ? nout : 1, ni = vin ? nin : 1, mo = nout > 1 ? nout : 1, mi = nin > 1 ? nin : 1;
  /* one block for the count and displacement arrays and alltoallw's types: a request keeps it */
  size_t counts = (sizeof(MPI_Count) + sizeof(MPI_Aint)) * (size_t)(mo + mi);
  char *owned = malloc(counts + sizeof(MPI_Datatype) * (size_t)(nin + nout + 1));
  MPI_Count *sc = (MPI_Count *)owned, *rc = sc + mo;
  MPI_Aint *sd = (MPI_Aint *)(rc + mi), *rd = sd + mo; /* alltoallw's in bytes: of MPI_BYTE elements */
  MPI_Datatype *ts = (MPI_Datatype *)(owned + counts);
  long ssum = read_counts(i0, no, sc, sd), rsum = read_counts(i0 + no, ni, rc, rd);
  MPI_Request req = MPI_REQUEST_NULL, *rq = &req;
  if (a == TI_NEIGHBOR_ALLTOALLW) {
    for (int i = 0; i < nin + nout; i++)
      ts[i] = MPI_BYTE;
    NBR_CALL(Neighbor_alltoallw, buf(ssum, MPI_BYTE, 0), sc, sd, ts, buf(rsum, MPI_BYTE, 1), rc, rd, ts, comm);
  } else {
    MPI_Datatype st = type(i0 + no + ni), rt = type(i0 + no + ni + 1);
    MPI_Count s1 = sc[0], r1 = rc[0];
    if (a == TI_NEIGHBOR_ALLGATHER)
      NBR_CALL(Neighbor_allgather, buf(s1, st, 0), s1, st, buf((long)r1 * nin, rt, 1), r1, rt, comm);
    else if (a == TI_NEIGHBOR_ALLGATHERV)
      NBR_CALL(Neighbor_allgatherv, buf(s1, st, 0), s1, st, buf(rsum, rt, 1), rc, rd, rt, comm);
    else if (a == TI_NEIGHBOR_ALLTOALL)
      NBR_CALL(Neighbor_alltoall, buf((long)s1 * nout, st, 0), s1, st, buf((long)r1 * nin, rt, 1), r1, rt, comm);
    else
      NBR_CALL(Neighbor_alltoallv, buf(ssum, st, 0), sc, sd, st, buf(rsum, rt, 1), rc, rd, rt, comm);
  }
  keep_request(req, nb, owned);
}

/* "coll_init P" followed by a nonblocking collective line: that collective
 * made persistent, as the P-th (extension). */
void perform_coll_init(MPI_Comm comm)
{
  pcoll_id = num(2, "the persistent collective's number");
  keep_scratch = 1;
  tok += 2;
  ntok -= 2;
  int c = ti_action(tok[1], strlen(tok[1]));
  if (c >= TI_INEIGHBOR_ALLGATHER && c < TI_INEIGHBOR_ALLGATHER + TI_NNEIGHBOR)
    perform_neighbor(c - TI_NNEIGHBOR, 2, comm);
  else if (c >= TI_IBARRIER && c < TI_IBARRIER + TI_NCOLL)
    perform_coll(c % TI_NCOLL, 2, comm);
  else
    die("coll_init needs a nonblocking collective line, not '%s'", tok[1]);
  tok -= 2;
  ntok += 2;
  tok_used += 2;
}

/* "coll_start P": the P-th persistent collective starts, completed by a wait line as a nonblocking one. */
void perform_coll_start(void)
{
  long id = num(2, "the persistent collective's number");
  if (id < 1 || id >= npcolls || pcolls[id] == MPI_REQUEST_NULL)
    die("no persistent collective %s here (see the coll_init lines)", tok[2]);
  MPI_Start(&pcolls[id]);
  add_pending(pcolls[id], 0, 0, 0, -1, ++nbcs, NULL);
}

void free_persistent_colls(void)
{
  for (long i = 1; i < npcolls; i++)
    if (pcolls[i] != MPI_REQUEST_NULL)
      MPI_Request_free(&pcolls[i]);
}
