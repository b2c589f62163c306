/* Communicators: the handle table of per-rank objects, rank translation,
 * and the calls on existing communicators. MPI_COMM_WORLD and MPI_COMM_SELF
 * have fixed handles that resolve to the calling rank's own object.
 * Contexts: world 0/1, self 2/3, then two per new communicator. */
#include "mpi_impl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static comm_core_t world_core = {.ctx = 0};
static comm_core_t self_core = {.size = 1, .ctx = 2, .self = 1};
static rt_comm_t *world_objs, *self_objs; /* one per rank */

static void init_obj(rt_comm_t *c, comm_core_t *core, int rank, int owner, MPI_Comm h, const char *name)
{
  c->core = core;
  c->rank = rank;
  c->owner = owner;
  c->handle = h;
  c->errh = MPI_ERRORS_ARE_FATAL;
  snprintf(c->name, sizeof c->name, "%s", name);
}

void comm_init_builtin(void)
{
  world_core.size = rt_nranks;
  world_core.refs = rt_nranks;
  world_objs = calloc((size_t)rt_nranks, sizeof *world_objs);
  self_objs = calloc((size_t)rt_nranks, sizeof *self_objs);
  for (int i = 0; i < rt_nranks; i++) {
    init_obj(&world_objs[i], &world_core, i, i, MPI_COMM_WORLD, "MPI_COMM_WORLD");
    init_obj(&self_objs[i], &self_core, 0, i, MPI_COMM_SELF, "MPI_COMM_SELF");
  }
}

rt_comm_t *comm_get(MPI_Comm h)
{
  if (!rt_self)
    return NULL;
  if (h == MPI_COMM_WORLD)
    return &world_objs[rt_self->id];
  if (h == MPI_COMM_SELF)
    return &self_objs[rt_self->id];
  return NULL;
}

int comm_world(const rt_comm_t *c, int local)
{
  if (c->core->self)
    return c->owner;
  return c->core->l2w ? c->core->l2w[local] : local;
}

const char *mpi_comm_name(MPI_Comm h)
{
  rt_comm_t *c = comm_get(h);
  return c ? comm_name(c) : "invalid communicator";
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
  *size = comm_size(c);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Comm_rank)
PMPI_ALIAS(Comm_size)
