/* Neighbourhood collectives (MPI 3.1 section 7.6, MPI 4.0 section 8.7):
 * blocking, nonblocking (MPI_Ineighbor_*) and persistent (*_init), each in
 * its int and large-count (_c) forms: every form reduces to per-neighbour
 * blocks handed to one action. */
#include "collective.h"
#include "../core/topo.h"

typedef struct nbrs {
  int nin, nout, *in, *intag, *out, *outtag;
  coll_nbr_t *rb, *sb;
} nbrs_t;

static int get_nbrs(rt_rank_t *self, MPI_Comm comm, rt_comm_t *c, nbrs_t *n)
{
  if (!topo_neighbors(c, &n->nin, &n->in, &n->intag, &n->nout, &n->out, &n->outtag))
    return mpi_error(self, comm, MPI_ERR_TOPOLOGY, "the communicator has no topology");
  n->rb = calloc((size_t)n->nin + 1, sizeof *n->rb);
  n->sb = calloc((size_t)n->nout + 1, sizeof *n->sb);
  return MPI_SUCCESS;
}

/* nb: BLOCKING's 0, or the request of the nonblocking (1) or persistent (2) form. */
static void run(nbrs_t *n, rt_comm_t *c, enum act_nbr form, int nb, MPI_Comm comm, MPI_Request *req)
{
  for (int i = 0; i < n->nin; i++) {
    n->rb[i].peer = n->in[i];
    n->rb[i].tag = n->intag[i];
  }
  for (int i = 0; i < n->nout; i++) {
    n->sb[i].peer = n->out[i];
    n->sb[i].tag = n->outtag[i];
  }
  if (req) {
    p2p_req_t *r = nb == PERSISTENT ? act_persist_neighbor(form, n->rb, n->nin, n->sb, n->nout, c)
                                    : act_ineighbor(form, n->rb, n->nin, n->sb, n->nout, c);
    r->comm = comm;
    *req = req_handle_new(r);
  } else
    act_neighbor(form, n->rb, n->nin, n->sb, n->nout, c);
  free(n->in);
  free(n->out);
  free(n->intag);
  free(n->outtag);
  free(n->rb);
  free(n->sb);
}

#define START(name)                                                                                                    \
  MPI_ENTER(name);                                                                                                     \
  CHECK_COMM(comm, c);                                                                                                 \
  CHECK_REQ(nb, req, comm);                                                                                            \
  nbrs_t n;                                                                                                            \
  int err_ = get_nbrs(self, comm, c, &n);                                                                              \
  if (err_)                                                                                                            \
  MPI_LEAVE(err_)

static void block(coll_nbr_t *b, const void *buf, MPI_Aint byte_off, MPI_Count count, const dt_t *t)
{
  b->buf = (char *)buf + byte_off;
  b->count = count;
  b->type = t;
}

/* Each call in its int form and its large-count (_c) form (counts MPI_Count, displacements MPI_Aint,
 * as the neighbourhood engine takes them). */
#define CHECK_BLOCK(cnt, what, i)                                                                                      \
  CHECK((cnt) >= 0, comm, MPI_ERR_COUNT, "%s%s%d%s is %lld: a negative count", what, (i) < 0 ? "" : "[", (i),          \
        (i) < 0 ? "" : "]", (long long)(cnt))

/* Each call's body once per count type (BODY: inlined, so that MPI_ENTER
 * sees the user's call site), then its blocking (B), nonblocking (I) and
 * persistent (P) entry points. */
#define ENTRIES(B, I, P, PARAMS, ARGS)                                                                                 \
  int PMPI_##B(PARAMS, MPI_Comm comm) { return B##_body("MPI_" #B, BLOCKING, ARGS, comm, NULL); }                     \
  int PMPI_##I(PARAMS, MPI_Comm comm, MPI_Request *req) { return B##_body("MPI_" #I, NONBLOCKING, ARGS, comm, req); } \
  int PMPI_##P(PARAMS, MPI_Comm comm, MPI_Info info, MPI_Request *req)                                                 \
  {                                                                                                                    \
    return B##_body("MPI_" #P, PERSISTENT, info, ARGS, comm, req);                                                     \
  }                                                                                                                    \
  PMPI_ALIAS(B)                                                                                                        \
  PMPI_ALIAS(I)                                                                                                        \
  PMPI_ALIAS(P)
#define P(...) __VA_ARGS__

#define ALLGATHER(B, I, Pe, Count, form, alltoall)                                                                     \
  BODY B##_body(const char *name, int nb, MPI_Info info, const void *sbuf, Count scount, MPI_Datatype stype,           \
                void *rbuf, Count rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)                         \
  {                                                                                                                    \
    START(name);                                                                                                       \
    CHECK_TYPE(stype, st, comm);                                                                                       \
    CHECK_TYPE(rtype, rt, comm);                                                                                       \
    CHECK_BLOCK(scount, "sendcount", -1);                                                                              \
    CHECK_BLOCK(rcount, "recvcount", -1);                                                                              \
    for (int i = 0; i < n.nin; i++)                                                                                    \
      block(&n.rb[i], rbuf, (MPI_Aint)i *rcount * rt->extent, rcount, rt);                                             \
    for (int i = 0; i < n.nout; i++)                                                                                   \
      block(&n.sb[i], sbuf, alltoall ? (MPI_Aint)i *scount * st->extent : 0, scount, st);                              \
    run(&n, c, form, nb, comm, req);                                                                                   \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  ENTRIES(B, I, Pe,                                                                                                    \
          P(const void *sbuf, Count scount, MPI_Datatype stype, void *rbuf, Count rcount, MPI_Datatype rtype),         \
          P(sbuf, scount, stype, rbuf, rcount, rtype))
ALLGATHER(Neighbor_allgather, Ineighbor_allgather, Neighbor_allgather_init, int, ACT_NBR_ALLGATHER, 0)
ALLGATHER(Neighbor_allgather_c, Ineighbor_allgather_c, Neighbor_allgather_init_c, MPI_Count, ACT_NBR_ALLGATHER, 0)
ALLGATHER(Neighbor_alltoall, Ineighbor_alltoall, Neighbor_alltoall_init, int, ACT_NBR_ALLTOALL, 1)
ALLGATHER(Neighbor_alltoall_c, Ineighbor_alltoall_c, Neighbor_alltoall_init_c, MPI_Count, ACT_NBR_ALLTOALL, 1)

#define ALLGATHERV(B, I, Pe, Count, Disp)                                                                              \
  BODY B##_body(const char *name, int nb, MPI_Info info, const void *sbuf, Count scount, MPI_Datatype stype,           \
                void *rbuf, const Count rcounts[], const Disp displs[], MPI_Datatype rtype, MPI_Comm comm,             \
                MPI_Request *req)                                                                                      \
  {                                                                                                                    \
    START(name);                                                                                                       \
    CHECK_TYPE(stype, st, comm);                                                                                       \
    CHECK_TYPE(rtype, rt, comm);                                                                                       \
    CHECK_BLOCK(scount, "sendcount", -1);                                                                              \
    for (int i = 0; i < n.nin; i++) {                                                                                  \
      CHECK_BLOCK(rcounts[i], "recvcounts", i);                                                                        \
      block(&n.rb[i], rbuf, (MPI_Aint)displs[i] * rt->extent, rcounts[i], rt);                                         \
    }                                                                                                                  \
    for (int i = 0; i < n.nout; i++)                                                                                   \
      block(&n.sb[i], sbuf, 0, scount, st);                                                                            \
    run(&n, c, ACT_NBR_ALLGATHERV, nb, comm, req);                                                                     \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  ENTRIES(B, I, Pe,                                                                                                    \
          P(const void *sbuf, Count scount, MPI_Datatype stype, void *rbuf, const Count rcounts[],                     \
            const Disp displs[], MPI_Datatype rtype),                                                                  \
          P(sbuf, scount, stype, rbuf, rcounts, displs, rtype))
ALLGATHERV(Neighbor_allgatherv, Ineighbor_allgatherv, Neighbor_allgatherv_init, int, int)
ALLGATHERV(Neighbor_allgatherv_c, Ineighbor_allgatherv_c, Neighbor_allgatherv_init_c, MPI_Count, MPI_Aint)

/* Alltoallv (types one per side, displacements in its extents) and alltoallw (types per block, bytes). */
#define ALLTOALLV(B, I, Pe, Count, Disp, SType, RType, Type, Unit, form)                                               \
  BODY B##_body(const char *name, int nb, MPI_Info info, const void *sbuf, const Count scounts[],                      \
                const Disp sdispls[], SType, void *rbuf, const Count rcounts[], const Disp rdispls[], RType,           \
                MPI_Comm comm, MPI_Request *req)                                                                       \
  {                                                                                                                    \
    START(name);                                                                                                       \
    for (int i = 0; i < n.nin; i++) {                                                                                  \
      CHECK_TYPE(Type(r, i), rt, comm);                                                                                \
      CHECK_BLOCK(rcounts[i], "recvcounts", i);                                                                        \
      block(&n.rb[i], rbuf, (MPI_Aint)rdispls[i] * Unit(rt), rcounts[i], rt);                                          \
    }                                                                                                                  \
    for (int i = 0; i < n.nout; i++) {                                                                                 \
      CHECK_TYPE(Type(s, i), st, comm);                                                                                \
      CHECK_BLOCK(scounts[i], "sendcounts", i);                                                                        \
      block(&n.sb[i], sbuf, (MPI_Aint)sdispls[i] * Unit(st), scounts[i], st);                                          \
    }                                                                                                                  \
    run(&n, c, form, nb, comm, req);                                                                                   \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  ENTRIES(B, I, Pe,                                                                                                    \
          P(const void *sbuf, const Count scounts[], const Disp sdispls[], SType, void *rbuf, const Count rcounts[],    \
            const Disp rdispls[], RType),                                                                              \
          P(sbuf, scounts, sdispls, Type##_ARG(s), rbuf, rcounts, rdispls, Type##_ARG(r)))
#define ONE_TYPE(side, i) side##type
#define ONE_TYPE_ARG(side) side##type
#define TYPE_EACH(side, i) side##types[i]
#define TYPE_EACH_ARG(side) side##types
#define EXTENT(t) (t)->extent
#define BYTE(t) 1
ALLTOALLV(Neighbor_alltoallv, Ineighbor_alltoallv, Neighbor_alltoallv_init, int, int, MPI_Datatype stype,
          MPI_Datatype rtype, ONE_TYPE, EXTENT, ACT_NBR_ALLTOALLV)
ALLTOALLV(Neighbor_alltoallv_c, Ineighbor_alltoallv_c, Neighbor_alltoallv_init_c, MPI_Count, MPI_Aint,
          MPI_Datatype stype, MPI_Datatype rtype, ONE_TYPE, EXTENT, ACT_NBR_ALLTOALLV)
ALLTOALLV(Neighbor_alltoallw, Ineighbor_alltoallw, Neighbor_alltoallw_init, int, MPI_Aint,
          const MPI_Datatype stypes[], const MPI_Datatype rtypes[], TYPE_EACH, BYTE, ACT_NBR_ALLTOALLW)
ALLTOALLV(Neighbor_alltoallw_c, Ineighbor_alltoallw_c, Neighbor_alltoallw_init_c, MPI_Count, MPI_Aint,
          const MPI_Datatype stypes[], const MPI_Datatype rtypes[], TYPE_EACH, BYTE, ACT_NBR_ALLTOALLW)
