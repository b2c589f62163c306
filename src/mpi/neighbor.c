/* Neighbourhood collectives (MPI 3.1 section 7.6), blocking, in their int and
 * large-count (_c) forms: every form reduces to per-neighbour blocks handed to one action. */
#include "mpi_impl.h"
#include "../action/action.h"
#include "../core/topo.h"
#include <stdlib.h>

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

static void run(nbrs_t *n, rt_comm_t *c, enum act_nbr form)
{
  for (int i = 0; i < n->nin; i++) {
    n->rb[i].peer = n->in[i];
    n->rb[i].tag = n->intag[i];
  }
  for (int i = 0; i < n->nout; i++) {
    n->sb[i].peer = n->out[i];
    n->sb[i].tag = n->outtag[i];
  }
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
  nbrs_t n;                                                                                                            \
  int err_ = get_nbrs(self, comm, c, &n);                                                                              \
  if (err_)                                                                                                            \
  MPI_LEAVE(err_)

static void block(coll_nbr_t *b, const void *buf, MPI_Aint byte_off, MPI_Count count, const dt_t *t)
{
  b->buf = (char *)buf + byte_off;
  b->count = (int)count; /* checked by CHECK_BLOCK */
  b->type = t;
}

/* Each call in its int form and its large-count (_c) form (counts MPI_Count, displacements MPI_Aint):
 * the blocks' counts must fit an int, the neighbourhood engine's. */
#define CHECK_BLOCK(cnt, what, i)                                                                                      \
  CHECK((cnt) >= 0 && count_fits(cnt), comm, MPI_ERR_COUNT, "%s%s%d%s is %lld: counts of 0 to %d only", what,          \
        (i) < 0 ? "" : "[", (i), (i) < 0 ? "" : "]", (long long)(cnt), INT_MAX)

#define ALLGATHER(Name, Count, form, alltoall)                                                                         \
  int PMPI_##Name(const void *sbuf, Count scount, MPI_Datatype stype, void *rbuf, Count rcount, MPI_Datatype rtype,    \
                  MPI_Comm comm)                                                                                       \
  {                                                                                                                    \
    START("MPI_" #Name);                                                                                               \
    CHECK_TYPE(stype, st, comm);                                                                                       \
    CHECK_TYPE(rtype, rt, comm);                                                                                       \
    CHECK_BLOCK(scount, "sendcount", -1);                                                                              \
    CHECK_BLOCK(rcount, "recvcount", -1);                                                                              \
    for (int i = 0; i < n.nin; i++)                                                                                    \
      block(&n.rb[i], rbuf, (MPI_Aint)i *rcount * rt->extent, rcount, rt);                                             \
    for (int i = 0; i < n.nout; i++)                                                                                   \
      block(&n.sb[i], sbuf, alltoall ? (MPI_Aint)i *scount * st->extent : 0, scount, st);                              \
    run(&n, c, form);                                                                                                  \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
ALLGATHER(Neighbor_allgather, int, ACT_NBR_ALLGATHER, 0)
ALLGATHER(Neighbor_allgather_c, MPI_Count, ACT_NBR_ALLGATHER, 0)
ALLGATHER(Neighbor_alltoall, int, ACT_NBR_ALLTOALL, 1)
ALLGATHER(Neighbor_alltoall_c, MPI_Count, ACT_NBR_ALLTOALL, 1)

#define ALLGATHERV(Name, Count, Disp)                                                                                  \
  int PMPI_##Name(const void *sbuf, Count scount, MPI_Datatype stype, void *rbuf, const Count rcounts[],               \
                  const Disp displs[], MPI_Datatype rtype, MPI_Comm comm)                                              \
  {                                                                                                                    \
    START("MPI_" #Name);                                                                                               \
    CHECK_TYPE(stype, st, comm);                                                                                       \
    CHECK_TYPE(rtype, rt, comm);                                                                                       \
    CHECK_BLOCK(scount, "sendcount", -1);                                                                              \
    for (int i = 0; i < n.nin; i++) {                                                                                  \
      CHECK_BLOCK(rcounts[i], "recvcounts", i);                                                                        \
      block(&n.rb[i], rbuf, (MPI_Aint)displs[i] * rt->extent, rcounts[i], rt);                                         \
    }                                                                                                                  \
    for (int i = 0; i < n.nout; i++)                                                                                   \
      block(&n.sb[i], sbuf, 0, scount, st);                                                                            \
    run(&n, c, ACT_NBR_ALLGATHERV);                                                                                    \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
ALLGATHERV(Neighbor_allgatherv, int, int)
ALLGATHERV(Neighbor_allgatherv_c, MPI_Count, MPI_Aint)

/* Alltoallv (types one per side, displacements in its extents) and alltoallw (types per block, bytes). */
#define ALLTOALLV(Name, Count, Disp, STypes, RTypes, Type, Unit, form)                                                 \
  int PMPI_##Name(const void *sbuf, const Count scounts[], const Disp sdispls[], STypes, void *rbuf,                   \
                  const Count rcounts[], const Disp rdispls[], RTypes, MPI_Comm comm)                                  \
  {                                                                                                                    \
    START("MPI_" #Name);                                                                                               \
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
    run(&n, c, form);                                                                                                  \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define ONE_TYPE(side, i) side##type
#define TYPE_EACH(side, i) side##types[i]
#define EXTENT(t) (t)->extent
#define BYTE(t) 1
ALLTOALLV(Neighbor_alltoallv, int, int, MPI_Datatype stype, MPI_Datatype rtype, ONE_TYPE, EXTENT, ACT_NBR_ALLTOALLV)
ALLTOALLV(Neighbor_alltoallv_c, MPI_Count, MPI_Aint, MPI_Datatype stype, MPI_Datatype rtype, ONE_TYPE, EXTENT,
          ACT_NBR_ALLTOALLV)
ALLTOALLV(Neighbor_alltoallw, int, MPI_Aint, const MPI_Datatype stypes[], const MPI_Datatype rtypes[], TYPE_EACH, BYTE,
          ACT_NBR_ALLTOALLW)
ALLTOALLV(Neighbor_alltoallw_c, MPI_Count, MPI_Aint, const MPI_Datatype stypes[], const MPI_Datatype rtypes[],
          TYPE_EACH, BYTE, ACT_NBR_ALLTOALLW)
