/* Neighbourhood collectives (MPI 3.1 section 7.6): every form reduces to
 * per-neighbour blocks handed to one action. */
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

static void block(coll_nbr_t *b, const void *buf, MPI_Aint byte_off, int count, const dt_t *t)
{
  b->buf = (char *)buf + byte_off;
  b->count = count;
  b->type = t;
}

int PMPI_Neighbor_allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                            MPI_Datatype rtype, MPI_Comm comm)
{
  START("MPI_Neighbor_allgather");
  CHECK_TYPE(stype, st, comm);
  CHECK_TYPE(rtype, rt, comm);
  for (int i = 0; i < n.nin; i++)
    block(&n.rb[i], rbuf, (MPI_Aint)i * rcount * rt->extent, rcount, rt);
  for (int i = 0; i < n.nout; i++)
    block(&n.sb[i], sbuf, 0, scount, st);
  run(&n, c, ACT_NBR_ALLGATHER);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Neighbor_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                             const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
  START("MPI_Neighbor_allgatherv");
  CHECK_TYPE(stype, st, comm);
  CHECK_TYPE(rtype, rt, comm);
  for (int i = 0; i < n.nin; i++)
    block(&n.rb[i], rbuf, (MPI_Aint)displs[i] * rt->extent, rcounts[i], rt);
  for (int i = 0; i < n.nout; i++)
    block(&n.sb[i], sbuf, 0, scount, st);
  run(&n, c, ACT_NBR_ALLGATHERV);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Neighbor_alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount,
                           MPI_Datatype rtype, MPI_Comm comm)
{
  START("MPI_Neighbor_alltoall");
  CHECK_TYPE(stype, st, comm);
  CHECK_TYPE(rtype, rt, comm);
  for (int i = 0; i < n.nin; i++)
    block(&n.rb[i], rbuf, (MPI_Aint)i * rcount * rt->extent, rcount, rt);
  for (int i = 0; i < n.nout; i++)
    block(&n.sb[i], sbuf, (MPI_Aint)i * scount * st->extent, scount, st);
  run(&n, c, ACT_NBR_ALLTOALL);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Neighbor_alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype,
                            void *rbuf, const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm)
{
  START("MPI_Neighbor_alltoallv");
  CHECK_TYPE(stype, st, comm);
  CHECK_TYPE(rtype, rt, comm);
  for (int i = 0; i < n.nin; i++)
    block(&n.rb[i], rbuf, (MPI_Aint)rdispls[i] * rt->extent, rcounts[i], rt);
  for (int i = 0; i < n.nout; i++)
    block(&n.sb[i], sbuf, (MPI_Aint)sdispls[i] * st->extent, scounts[i], st);
  run(&n, c, ACT_NBR_ALLTOALLV);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Neighbor_alltoallw(const void *sbuf, const int scounts[], const MPI_Aint sdispls[],
                            const MPI_Datatype stypes[], void *rbuf, const int rcounts[], const MPI_Aint rdispls[],
                            const MPI_Datatype rtypes[], MPI_Comm comm)
{
  START("MPI_Neighbor_alltoallw");
  for (int i = 0; i < n.nin; i++) {
    CHECK_TYPE(rtypes[i], rt, comm);
    block(&n.rb[i], rbuf, rdispls[i], rcounts[i], rt);
  }
  for (int i = 0; i < n.nout; i++) {
    CHECK_TYPE(stypes[i], st, comm);
    block(&n.sb[i], sbuf, sdispls[i], scounts[i], st);
  }
  run(&n, c, ACT_NBR_ALLTOALLW);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Neighbor_allgather)
PMPI_ALIAS(Neighbor_allgatherv)
PMPI_ALIAS(Neighbor_alltoall)
PMPI_ALIAS(Neighbor_alltoallv)
PMPI_ALIAS(Neighbor_alltoallw)
