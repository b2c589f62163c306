/* Communicators: handle lookup and rank translation. MPI_COMM_WORLD and
 * MPI_COMM_SELF are built in; each rank keeps its own error handler for
 * them. Contexts: world 0/1, self 2/3. */
#include "mpi_impl.h"

static rt_comm_t world = {COMM_WORLD_KIND, 0, 0, NULL, "MPI_COMM_WORLD"};
static rt_comm_t selfc = {COMM_SELF_KIND, 1, 2, NULL, "MPI_COMM_SELF"};

rt_comm_t *comm_get(MPI_Comm h)
{
  if (h == MPI_COMM_WORLD) {
    world.size = rt_nranks;
    return &world;
  }
  if (h == MPI_COMM_SELF)
    return &selfc;
  return NULL;
}

int comm_rank(const rt_comm_t *c)
{
  if (c->kind == COMM_WORLD_KIND)
    return rt_self->id;
  if (c->kind == COMM_SELF_KIND)
    return 0;
  for (int i = 0; i < c->size; i++)
    if (c->l2w[i] == rt_self->id)
      return i;
  return -1;
}

int comm_world(const rt_comm_t *c, int local)
{
  if (c->kind == COMM_WORLD_KIND)
    return local;
  if (c->kind == COMM_SELF_KIND)
    return rt_self->id;
  return c->l2w[local];
}

int *comm_errh(MPI_Comm h)
{
  if (h == MPI_COMM_SELF)
    return &rt_self->errh_self;
  return &rt_self->errh_world;
}

const char *mpi_comm_name(MPI_Comm h)
{
  rt_comm_t *c = comm_get(h);
  return c ? c->name : "invalid communicator";
}

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
  MPI_ENTER("MPI_Comm_rank");
  CHECK_COMM(comm, c);
  CHECK(rank, comm, MPI_ERR_ARG, "rank is NULL");
  *rank = comm_rank(c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
  MPI_ENTER("MPI_Comm_size");
  CHECK_COMM(comm, c);
  CHECK(size, comm, MPI_ERR_ARG, "size is NULL");
  *size = c->size;
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Comm_rank)
PMPI_ALIAS(Comm_size)
