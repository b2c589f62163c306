/* Queries on existing communicators: rank, size, groups, comparison and
 * names (the objects are in src/core/comm.c, the constructors in
 * comm_create.c). */
#include "mpi_impl.h"
#include "../core/group.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mpi_comm_name(MPI_Comm h)
{
  rt_comm_t *c = comm_get(h);
  return c ? comm_name(c) : "invalid communicator";
}

const char *mpi_bad_comm(MPI_Comm h)
{
  static char text[64];
  if (h == MPI_COMM_NULL)
    return "the communicator is MPI_COMM_NULL";
  snprintf(text, sizeof text, "invalid communicator (0x%x)", (unsigned)h);
  return text;
}

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
  MPI_ENTER_KEEP_LAG("MPI_Comm_rank");
  CHECK_COMM(comm, c);
  CHECK(rank, comm, MPI_ERR_ARG, "rank is NULL");
  *rank = comm_rank(c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
  MPI_ENTER_KEEP_LAG("MPI_Comm_size");
  CHECK_COMM(comm, c);
  CHECK(size, comm, MPI_ERR_ARG, "size is NULL");
  *size = comm_size(c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_test_inter(MPI_Comm comm, int *flag)
{
  MPI_ENTER("MPI_Comm_test_inter");
  CHECK_COMM(comm, c);
  *flag = comm_is_inter(c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_remote_size(MPI_Comm comm, int *size)
{
  MPI_ENTER("MPI_Comm_remote_size");
  CHECK_COMM(comm, c);
  CHECK(comm_is_inter(c), comm, MPI_ERR_COMM, "not an intercommunicator");
  *size = comm_peer_size(c);
  MPI_LEAVE(MPI_SUCCESS);
}

/* The group of one side of c, as world ranks. */
static MPI_Group side_group(const rt_comm_t *c, int side)
{
  int n = c->core->side[side].size;
  int *w = malloc(sizeof *w * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    w[i] = comm_side_world(c->core, side, i, c->owner);
  MPI_Group g = group_handle(group_make(n, w));
  free(w);
  return g;
}

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
  MPI_ENTER("MPI_Comm_group");
  CHECK_COMM(comm, c);
  *group = side_group(c, c->side);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group)
{
  MPI_ENTER("MPI_Comm_remote_group");
  CHECK_COMM(comm, c);
  CHECK(comm_is_inter(c), comm, MPI_ERR_COMM, "not an intercommunicator");
  *group = side_group(c, 1 - c->side);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
  MPI_ENTER("MPI_Comm_compare");
  CHECK_COMM(comm1, a);
  CHECK_COMM(comm2, b);
  if (a->core == b->core)
    *result = MPI_IDENT;
  else if (comm_is_inter(a) != comm_is_inter(b))
    *result = MPI_UNEQUAL;
  else {
    int sides = comm_is_inter(a) ? 2 : 1, res = MPI_CONGRUENT;
    for (int s = 0; s < sides; s++) {
      int sa = s ? 1 - a->side : a->side, sb = s ? 1 - b->side : b->side;
      int na = a->core->side[sa].size, nb = b->core->side[sb].size;
      int *wa = malloc(sizeof(int) * (size_t)(na + 1)), *wb = malloc(sizeof(int) * (size_t)(nb + 1));
      for (int i = 0; i < na; i++)
        wa[i] = comm_side_world(a->core, sa, i, a->owner);
      for (int i = 0; i < nb; i++)
        wb[i] = comm_side_world(b->core, sb, i, b->owner);
      rt_group_t ga = {na, wa}, gb = {nb, wb};
      int cmp = group_compare(&ga, &gb);
      free(wa);
      free(wb);
      if (cmp == MPI_UNEQUAL)
        res = MPI_UNEQUAL;
      else if (cmp == MPI_SIMILAR && res != MPI_UNEQUAL)
        res = MPI_SIMILAR;
    }
    *result = res;
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_set_name(MPI_Comm comm, const char *name)
{
  MPI_ENTER("MPI_Comm_set_name");
  CHECK_COMM(comm, c);
  CHECK(name, comm, MPI_ERR_ARG, "name is NULL");
  snprintf(c->name, sizeof c->name, "%s", name);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_get_name(MPI_Comm comm, char *name, int *resultlen)
{
  MPI_ENTER("MPI_Comm_get_name");
  CHECK_COMM(comm, c);
  CHECK(name && resultlen, comm, MPI_ERR_ARG, "null argument");
  snprintf(name, MPI_MAX_OBJECT_NAME, "%s", c->name);
  *resultlen = (int)strlen(name);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Comm_rank)
PMPI_ALIAS(Comm_size)
PMPI_ALIAS(Comm_test_inter)
PMPI_ALIAS(Comm_remote_size)
PMPI_ALIAS(Comm_group)
PMPI_ALIAS(Comm_remote_group)
PMPI_ALIAS(Comm_compare)
PMPI_ALIAS(Comm_set_name)
PMPI_ALIAS(Comm_get_name)
