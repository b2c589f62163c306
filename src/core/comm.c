/* Communicators as objects: the handle table of per-rank objects, the
 * shared cores, rank translation and contexts. MPI_COMM_WORLD and
 * MPI_COMM_SELF have fixed handles that resolve to the calling rank's own
 * object. Contexts: world 0/1, self 2/3, then two per new communicator. */
#include "comm.h"
#include "handles.h"
#include "topo.h"
#include "../runtime/runtime.h"
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

rt_comm_t *comm_traced(int trace_id)
{
  if (!rt_self)
    return NULL;
  if (trace_id == 0 || trace_id == -1)
    return comm_get(trace_id ? MPI_COMM_SELF : MPI_COMM_WORLD);
  for (int i = comms.first; i < comms.cap; i++) {
    rt_comm_t *c = comms.objs[i];
    if (c && c->owner == rt_self->id && c->trace_id == trace_id)
      return c;
  }
  return NULL;
}

int comm_side_world(const comm_core_t *core, int side, int local, int owner)
{
  if (core->self)
    return owner;
  const comm_side_t *s = &core->side[side];
  return s->l2w ? s->l2w[local] : local;
}

int comm_world(const rt_comm_t *c, int local) { return comm_side_world(c->core, c->side, local, c->owner); }

int *comm_side_members(const comm_core_t *core, int side, int owner)
{
  int n = core->side[side].size;
  int *w = malloc(sizeof *w * (size_t)(n ? n : 1));
  for (int i = 0; w && i < n; i++)
    w[i] = comm_side_world(core, side, i, owner);
  return w;
}

int comm_peer_size(const rt_comm_t *c) { return c->core->side[c->core->inter ? 1 - c->side : 0].size; }

int comm_peer_world(const rt_comm_t *c, int rank)
{
  return comm_side_world(c->core, c->core->inter ? 1 - c->side : c->side, rank, c->owner);
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

comm_core_t *comm_inter_core(const int n[2], const int *const w[2])
{
  comm_core_t *core = calloc(1, sizeof *core);
  core->inter = 1;
  core->ctx = comm_new_ctx();
  core->refs = n[0] + n[1];
  for (int s = 0; s < 2; s++) {
    core->side[s].size = n[s];
    core->side[s].l2w = malloc(sizeof(int) * (size_t)(n[s] ? n[s] : 1));
    memcpy(core->side[s].l2w, w[s], sizeof(int) * (size_t)n[s]);
    core->local[s] = comm_core_new(n[s], w[s]); /* for collectives within a side */
    core->local[s]->refs = 1;
  }
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
    if (comm_side_world(core, side, i, me) == me)
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

static void destroy(rt_comm_t *c)
{
  if (--c->core->refs == 0)
    core_free(c->core);
  free(c);
}

void comm_release(rt_comm_t *c)
{
  ht_remove(&comms, c->handle);
  c->released = 1;
  if (!c->holds)
    destroy(c);
}

void comm_hold(rt_comm_t *c) { c->holds++; }

void comm_unhold(rt_comm_t *c)
{
  if (--c->holds == 0 && c->released)
    destroy(c);
}
