/* Communicator constructors and destructor: dup, split, split_type,
 * create, create_group, intercommunicators, free and disconnect.
 *
 * Members call a constructor at different simulated times; each does the
 * communication a real MPI does to agree (an allreduce or allgather on the
 * parent, timed by the network model), then takes the new shared core from
 * an agreement table: the first member to get there builds it, the others
 * find it under the same key, oldest first, so that repeated calls pair up
 * in call order. */
#include "comm_make.h"
#include "../core/topo.h"
#include "../action/action.h"
#include "attr.h"
#include "info.h"
#include "request.h"
#include <stdlib.h>
#include <string.h>


typedef struct pending {
  const void *parent; /* parent core (or NULL) */
  int kind;
  long key[3];
  comm_core_t *core;
  int left;    /* members that have not taken it yet */
  char *taken; /* by member world rank order: index in core's members */
  struct pending *next;
} pending_t;

static pending_t *pending;

/* Index of world rank w among the members of core (both sides). */
static int member_index(const comm_core_t *core, int w)
{
  int base = 0;
  for (int s = 0; s < (core->inter ? 2 : 1); s++) {
    for (int i = 0; i < core->side[s].size; i++)
      if ((core->side[s].l2w ? core->side[s].l2w[i] : i) == w)
        return base + i;
    base += core->side[s].size;
  }
  return -1;
}

static int members(const comm_core_t *core) { return core->side[0].size + (core->inter ? core->side[1].size : 0); }

comm_core_t *comm_agree(const void *parent, int kind, const long key[3], comm_core_t *(*build)(void *), void *arg)
{
  int me = rt_self->id;
  pending_t **pp = &pending;
  for (; *pp; pp = &(*pp)->next) {
    pending_t *p = *pp;
    if (p->parent != parent || p->kind != kind || memcmp(p->key, key, sizeof p->key))
      continue;
    int idx = member_index(p->core, me);
    if (idx < 0 || p->taken[idx])
      continue;
    p->taken[idx] = 1;
    comm_core_t *core = p->core;
    if (--p->left == 0) {
      *pp = p->next;
      free(p->taken);
      free(p);
    }
    return core;
  }
  comm_core_t *core = build(arg);
  if (members(core) > 1) {
    pending_t *p = calloc(1, sizeof *p);
    p->parent = parent;
    p->kind = kind;
    memcpy(p->key, key, sizeof p->key);
    p->core = core;
    p->left = members(core) - 1;
    p->taken = calloc((size_t)members(core), 1);
    p->taken[member_index(core, me)] = 1;
    *pp = p;
  }
  return core;
}

comm_core_t *comm_build_list(void *arg)
{
  struct comm_list *l = arg;
  return comm_core_new(l->n, l->w);
}

/* The agreement of a constructor over the whole parent: the same
 * communication as Comm_split's (every member's color and key), so that a
 * replay, which rebuilds every communicator with Comm_split, takes the same
 * simulated time. */
static void agree_as_split(rt_comm_t *c)
{
  int mine[2] = {0, comm_rank(c)};
  act_comm_agree(c, mine, 2, NULL); /* nobody reads the values */
}

/* A copy of c's core (both sides of an intercommunicator) with a context
 * of its own; it shares c's topology. */
static comm_core_t *build_dup(void *arg)
{
  const rt_comm_t *c = arg;
  const comm_core_t *p = c->core;
  int n[2] = {p->side[0].size, p->inter ? p->side[1].size : 0};
  int *w[2] = {comm_side_members(p, 0, c->owner), p->inter ? comm_side_members(p, 1, c->owner) : NULL};
  comm_core_t *core = p->inter ? comm_inter_core(n, (const int *const *)w) : comm_core_new(n[0], w[0]);
  core->topo = topo_share(p->topo);
  for (int s = 0; s < 1 + p->inter; s++)
    free(w[s]);
  return core;
}

/* A duplicate of c, agreed with the other members. A user's (Comm_dup,
 * Comm_idup) gets c's attributes as their copy callbacks decide, and info,
 * or c's info when info is MPI_INFO_NULL. */
static int dup_of(rt_rank_t *self, rt_comm_t *c, int user, MPI_Info info, MPI_Comm *newcomm)
{
  long key[3] = {0, 0, 0};
  comm_core_t *core = comm_agree(c->core, MADE_DUP, key, build_dup, c);
  *newcomm = comm_attach(core, c->side, c);
  int err = user ? attr_copy_all(c, comm_get(*newcomm)) : MPI_SUCCESS;
  if (err) { /* no communicator, as MPICH does */
    rt_comm_t *m = comm_get(*newcomm);
    attr_delete_all(m); /* what was copied before the failing callback */
    comm_release(m);
    *newcomm = MPI_COMM_NULL;
    return mpi_error(self, c->handle, err, "an attribute copy callback failed");
  }
  if (user)
    comm_get(*newcomm)->info = info_dup(info != MPI_INFO_NULL ? info : c->info);
  return err;
}

static int dup(rt_rank_t *self, rt_comm_t *c, MPI_Info info, MPI_Comm *newcomm)
{
  CHECK(newcomm, c->handle, MPI_ERR_ARG, "newcomm is NULL");
  CHECK(info_valid(info), c->handle, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  if (comm_is_inter(c))
    act_comm_agree(c, NULL, 0, NULL);
  else
    agree_as_split(c);
  int err = dup_of(self, c, 1, info, newcomm);
  act_comm_made(c, *newcomm); /* MPI_COMM_NULL when a copy callback failed: the agreement took place */
  act_comm_topo(*newcomm);    /* the duplicate keeps the topology: a replay must know it too */
  return err;
}

int comm_dup_quiet(rt_rank_t *self, rt_comm_t *c, MPI_Comm *newcomm)
{
  agree_as_split(c);
  return dup_of(self, c, 0, MPI_INFO_NULL, newcomm);
}

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_dup");
  CHECK_COMM(comm, c);
  MPI_LEAVE(dup(self, c, MPI_INFO_NULL, newcomm));
}

int PMPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_dup_with_info");
  CHECK_COMM(comm, c);
  MPI_LEAVE(dup(self, c, info, newcomm));
}

/* The agreement needs no waiting: the new communicator is usable at once. */
static int idup(rt_rank_t *self, rt_comm_t *c, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
  CHECK(newcomm && request, c->handle, MPI_ERR_ARG, "null argument");
  CHECK(info_valid(info), c->handle, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  int err = dup_of(self, c, 1, info, newcomm);
  if (!err) {
    act_comm_idup_made(c, *newcomm);
    *request = req_completed(self);
  }
  return err;
}

int PMPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request)
{
  MPI_ENTER("MPI_Comm_idup");
  CHECK_COMM(comm, c);
  MPI_LEAVE(idup(self, c, MPI_INFO_NULL, newcomm, request));
}

int PMPI_Comm_idup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm, MPI_Request *request)
{
  MPI_ENTER("MPI_Comm_idup_with_info");
  CHECK_COMM(comm, c);
  MPI_LEAVE(idup(self, c, info, newcomm, request));
}

static const int *split_pairs;
static int by_key(const void *a, const void *b)
{
  int ia = *(const int *)a, ib = *(const int *)b;
  int ka = split_pairs[2 * ia + 1], kb = split_pairs[2 * ib + 1];
  return ka != kb ? (ka < kb ? -1 : 1) : (ia < ib ? -1 : ia > ib);
}

int *comm_split_members(const int *pairs, int n, int color, const int *w, int *k)
{
  int *idx = malloc(sizeof *idx * (size_t)(n ? n : 1));
  *k = 0;
  for (int i = 0; i < n; i++)
    if (pairs[2 * i] == color)
      idx[(*k)++] = i;
  split_pairs = pairs;
  qsort(idx, (size_t)*k, sizeof *idx, by_key);
  for (int i = 0; i < *k; i++)
    idx[i] = w[idx[i]];
  return idx;
}

struct split_arg {
  int n, color;
  const int *pairs; /* color, key per parent rank */
  const int *w;
};
static comm_core_t *build_split(void *arg)
{
  struct split_arg *s = arg;
  int k, *members = comm_split_members(s->pairs, s->n, s->color, s->w, &k);
  comm_core_t *core = comm_core_new(k, members);
  free(members);
  return core;
}

int comm_split_kind(rt_rank_t *self, rt_comm_t *c, int color, int key, int kind, MPI_Comm *newcomm)
{
  CHECK(newcomm, c->handle, MPI_ERR_ARG, "newcomm is NULL");
  CHECK(color >= 0 || color == MPI_UNDEFINED, c->handle, MPI_ERR_ARG, "invalid color %d", color);
  if (comm_is_inter(c)) {
    comm_inter_split(c, color, key, kind, newcomm);
    return MPI_SUCCESS;
  }
  int n = comm_size(c);
  int mine[2] = {color, key};
  int *pairs = malloc(sizeof *pairs * 2 * (size_t)n);
  act_comm_agree(c, mine, 2, pairs); /* every member's color and key */
  if (color == MPI_UNDEFINED)
    *newcomm = MPI_COMM_NULL;
  else {
    int *w = comm_member_list(c);
    struct split_arg s = {n, color, pairs, w};
    long k[3] = {color, 0, 0};
    comm_core_t *core = comm_agree(c->core, kind, k, build_split, &s);
    free(w);
    *newcomm = comm_attach(core, 0, c);
  }
  free(pairs);
  act_comm_made(c, *newcomm);
  return MPI_SUCCESS;
}

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_split");
  CHECK_COMM(comm, c);
  MPI_LEAVE(comm_split_kind(self, c, color, key, MADE_SPLIT, newcomm));
}

int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_split_type");
  CHECK_COMM(comm, c);
  CHECK(split_type == MPI_COMM_TYPE_SHARED || split_type == MPI_COMM_TYPE_HW_GUIDED ||
            split_type == MPI_COMM_TYPE_HW_UNGUIDED || split_type == MPI_UNDEFINED,
        comm, MPI_ERR_ARG,
        "unknown split type %d (MPI_COMM_TYPE_SHARED, _HW_GUIDED, _HW_UNGUIDED or MPI_UNDEFINED)", split_type);
  CHECK(info_valid(info), comm, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  /* shared memory: the ranks on the same simulated host. MPI 4.0's HW_GUIDED asks for the level
   * info's mpi_hw_resource_type names: simpi knows one, mpi_shared_memory (the host), as MPICH
   * 4.0.2 here; any other (or none) gives MPI_COMM_NULL, as there */
  char level[32];
  int shared = split_type == MPI_COMM_TYPE_SHARED ||
               (split_type == MPI_COMM_TYPE_HW_GUIDED && info_value(info, "mpi_hw_resource_type", level, sizeof level) &&
                !strcmp(level, "mpi_shared_memory"));
  if (split_type == MPI_COMM_TYPE_HW_UNGUIDED) {
    /* the next level that splits c into smaller parts, its name set in info: the hosts, when c
     * spans several (the members agree, all seeing the same placement); else MPI_COMM_NULL */
    for (int i = 1; i < comm_size(c) && !shared; i++)
      shared = rt_ranks[comm_world(c, i)].host != rt_ranks[comm_world(c, 0)].host;
    if (shared)
      info_put(info, "mpi_hw_resource_type", "mpi_shared_memory");
  }
  int color = shared ? (int)self->host : MPI_UNDEFINED;
  MPI_LEAVE(comm_split_kind(self, c, color, key, MADE_SPLIT, newcomm));
}

/* The first world rank of g that is not a member of c (its local group), or
 * -1: in O(|g| + |c|), not O(|g| |c|), since every member of a topology's or
 * a group's communicator checks a group as large as the world. */
static int outside(rt_comm_t *c, const rt_group_t *g)
{
  int n = comm_size(c), stray = -1, i = 0;
  while (i < g->size && i < n && g->w[i] == comm_world(c, i)) /* the usual case: c's first members, in order */
    i++;
  if (i == g->size)
    return -1;
  unsigned char *in = calloc((size_t)rt_nranks, 1);
  for (int j = 0; j < n; j++)
    in[comm_world(c, j)] = 1;
  for (; i < g->size && stray < 0; i++)
    if (g->w[i] < 0 || g->w[i] >= rt_nranks || !in[g->w[i]])
      stray = g->w[i];
  free(in);
  return stray;
}

int comm_create_from(rt_rank_t *self, rt_comm_t *c, rt_group_t *g, int kind, int tag, MPI_Comm *newcomm)
{
  CHECK(newcomm, c->handle, MPI_ERR_ARG, "newcomm is NULL");
  int stray = outside(c, g);
  CHECK(stray < 0, c->handle, MPI_ERR_GROUP, "the group holds world rank %d, which is not in the communicator", stray);
  int in = group_rank_of(g, self->id) != MPI_UNDEFINED;
  if (kind != MADE_CREATE_GROUP)
    agree_as_split(c); /* collective over the whole parent */
  if (!in) {
    *newcomm = MPI_COMM_NULL;
    act_comm_made(c, MPI_COMM_NULL);
    return MPI_SUCCESS;
  }
  struct comm_list l = {g->size, g->w};
  /* the whole membership identifies the call: groups of one size and first member that differ
   * elsewhere are different calls (MPICH's comm/comm_group_rand makes such groups in a row) */
  unsigned long h = 14695981039346656037ul;
  for (int i = 0; i < g->size; i++)
    h = (h ^ (unsigned long)g->w[i]) * 1099511628211ul;
  long key[3] = {tag, g->size, (long)h};
  comm_core_t *core = comm_agree(c->core, kind, key, comm_build_list, &l);
  *newcomm = comm_attach(core, 0, c);
  if (kind == MADE_CREATE_GROUP) {
    act_comm_agree(comm_get(*newcomm), NULL, 0, NULL); /* collective over the group only */
    act_comm_made_group(c, g->w, g->size, tag, *newcomm);
  } else
    act_comm_made(c, *newcomm);
  return MPI_SUCCESS;
}

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_create");
  CHECK_COMM(comm, c);
  rt_group_t *g = group_get(group);
  CHECK(g, comm, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)group);
  if (comm_is_inter(c)) {
    /* the local group's members in g, in g's order: a split (MPI 4.0 section 7.4.2) */
    CHECK(newcomm, comm, MPI_ERR_ARG, "newcomm is NULL");
    int stray = outside(c, g);
    CHECK(stray < 0, comm, MPI_ERR_GROUP, "the group holds world rank %d, which is not in the local group", stray);
    int pos = group_rank_of(g, self->id);
    comm_inter_split(c, pos == MPI_UNDEFINED ? MPI_UNDEFINED : 0, pos, MADE_CREATE, newcomm);
    MPI_LEAVE(MPI_SUCCESS);
  }
  MPI_LEAVE(comm_create_from(self, c, g, MADE_CREATE, 0, newcomm));
}

int PMPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_create_group");
  CHECK_COMM(comm, c);
  rt_group_t *g = group_get(group);
  CHECK(g, comm, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)group);
  CHECK(!comm_is_inter(c), comm, MPI_ERR_COMM, "not an intracommunicator");
  CHECK(tag >= 0 && tag <= MPI_TAG_UB_VALUE, comm, MPI_ERR_TAG, "invalid tag %d", tag);
  CHECK(group_rank_of(g, self->id) != MPI_UNDEFINED, comm, MPI_ERR_GROUP, "the calling rank is not in the group");
  MPI_LEAVE(comm_create_from(self, c, g, MADE_CREATE_GROUP, tag, newcomm));
}

/* Comm_free, and Comm_disconnect: the same once the rank's communication on the communicator has
 * ended (as MPICH 4.0: no synchronization with the other members). */
static int comm_free(rt_rank_t *self, MPI_Comm *comm, int disconnect)
{
  CHECK(comm, MPI_COMM_WORLD, MPI_ERR_ARG, "comm is NULL");
  CHECK(*comm != MPI_COMM_WORLD && *comm != MPI_COMM_SELF, MPI_COMM_WORLD, MPI_ERR_COMM,
        "MPI_COMM_WORLD and MPI_COMM_SELF cannot be %s", disconnect ? "disconnected" : "freed");
  CHECK_COMM(*comm, c);
  if (disconnect)
    req_wait_comm(self, *comm);
  int err = attr_delete_all(c);
  CHECK(!err, *comm, err, "an attribute delete callback failed");
  act_comm_freed(c);
  comm_release(c);
  *comm = MPI_COMM_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Comm_free(MPI_Comm *comm)
{
  MPI_ENTER("MPI_Comm_free");
  return comm_free(self, comm, 0);
}

int PMPI_Comm_disconnect(MPI_Comm *comm)
{
  MPI_ENTER("MPI_Comm_disconnect");
  return comm_free(self, comm, 1);
}

PMPI_ALIAS(Comm_dup)
PMPI_ALIAS(Comm_dup_with_info)
PMPI_ALIAS(Comm_idup)
PMPI_ALIAS(Comm_idup_with_info)
PMPI_ALIAS(Comm_split)
PMPI_ALIAS(Comm_split_type)
PMPI_ALIAS(Comm_create)
PMPI_ALIAS(Comm_create_group)
PMPI_ALIAS(Comm_free)
PMPI_ALIAS(Comm_disconnect)
