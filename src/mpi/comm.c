/* Communicators: the handle table of per-rank objects, rank translation,
 * and queries on existing communicators. MPI_COMM_WORLD and MPI_COMM_SELF
 * have fixed handles that resolve to the calling rank's own object.
 * Contexts: world 0/1, self 2/3, then two per new communicator. */
#include "mpi_impl.h"
#include "attr.h"
#include "../core/group.h"
#include "../core/handles.h"
#include "../core/topo.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static comm_core_t world_core = {.ctx = 0};
static comm_core_t self_core = {.side = {{1, NULL}, {0, NULL}}, .ctx = 2, .self = 1};
static rt_comm_t *world_objs, *self_objs; /* one per rank */
static htable_t comms = HTABLE(SIMPI_KIND_COMM, 2);
static int next_ctx = 4;

static void init_obj(rt_comm_t *c, comm_core_t *core, int side, int rank, int owner, MPI_Comm h, const char *name)
{
  memset(c, 0, sizeof *c);
  c->core = core;
  c->side = side;
  c->rank = rank;
  c->owner = owner;
  c->handle = h;
  c->errh = MPI_ERRORS_ARE_FATAL;
  c->info = MPI_INFO_NULL;
  snprintf(c->name, sizeof c->name, "%s", name);
}

void comm_init_builtin(void)
{
  world_core.side[0].size = rt_nranks;
  world_core.refs = rt_nranks;
  world_objs = calloc((size_t)rt_nranks, sizeof *world_objs);
  self_objs = calloc((size_t)rt_nranks, sizeof *self_objs);
  for (int i = 0; i < rt_nranks; i++) {
    init_obj(&world_objs[i], &world_core, 0, i, i, MPI_COMM_WORLD, "MPI_COMM_WORLD");
    init_obj(&self_objs[i], &self_core, 0, 0, i, MPI_COMM_SELF, "MPI_COMM_SELF");
    self_objs[i].trace_id = -1;
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
  rt_comm_t *c = ht_get(&comms, h);
  return c && c->owner == rt_self->id ? c : NULL;
}

static int side_world(const comm_core_t *core, int side, int local, int owner)
{
  if (core->self)
    return owner;
  const comm_side_t *s = &core->side[side];
  return s->l2w ? s->l2w[local] : local;
}

int comm_world(const rt_comm_t *c, int local) { return side_world(c->core, c->side, local, c->owner); }

int comm_peer_size(const rt_comm_t *c) { return c->core->side[c->core->inter ? 1 - c->side : 0].size; }

int comm_peer_world(const rt_comm_t *c, int rank)
{
  return side_world(c->core, c->core->inter ? 1 - c->side : c->side, rank, c->owner);
}

int comm_new_ctx(void)
{
  int ctx = next_ctx;
  next_ctx += 2;
  return ctx;
}

comm_core_t *comm_core_new(int size, const int *l2w)
{
  comm_core_t *core = calloc(1, sizeof *core);
  core->side[0].size = size;
  core->side[0].l2w = malloc(sizeof(int) * (size_t)(size ? size : 1));
  memcpy(core->side[0].l2w, l2w, sizeof(int) * (size_t)size);
  core->ctx = comm_new_ctx();
  core->refs = size; /* every member attaches once, even if others already freed theirs */
  return core;
}

MPI_Comm comm_attach(comm_core_t *core, int side, const rt_comm_t *parent)
{
  if (!core)
    return MPI_COMM_NULL;
  rt_comm_t *c = malloc(sizeof *c);
  int me = rt_self->id, rank = -1;
  const comm_side_t *s = &core->side[side];
  for (int i = 0; i < s->size && rank < 0; i++)
    if (side_world(core, side, i, me) == me)
      rank = i;
  init_obj(c, core, side, rank, me, MPI_COMM_NULL, "");
  if (parent)
    c->errh = parent->errh;
  c->trace_id = ++rt_self->comms_made;
  c->handle = ht_add(&comms, c);
  return c->handle;
}

static void core_free(comm_core_t *core)
{
  for (int s = 0; s < 2; s++) {
    free(core->side[s].l2w);
    if (core->local[s] && --core->local[s]->refs == 0)
      core_free(core->local[s]);
  }
  topo_free(core->topo);
  free(core);
}

void comm_release(rt_comm_t *c)
{
  ht_remove(&comms, c->handle);
  if (--c->core->refs == 0)
    core_free(c->core);
  free(c);
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
    w[i] = side_world(c->core, side, i, c->owner);
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
        wa[i] = side_world(a->core, sa, i, a->owner);
      for (int i = 0; i < nb; i++)
        wb[i] = side_world(b->core, sb, i, b->owner);
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
