/* Communicator constructors and destructor: dup, split, split_type,
 * create, create_group, intercommunicators, free.
 *
 * Members call a constructor at different simulated times; each does the
 * communication a real MPI does to agree (an allreduce or allgather on the
 * parent, timed by the network model), then takes the new shared core from
 * an agreement table: the first member to get there builds it, the others
 * find it under the same key, oldest first, so that repeated calls pair up
 * in call order. */
#include "comm_make.h"
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

/* The core agreed under key: found (oldest not yet taken by this rank) or made by build(). */
static comm_core_t *agree(const void *parent, int kind, const long key[3], comm_core_t *(*build)(void *), void *arg)
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

struct list {
  int n;
  const int *w;
};
static comm_core_t *build_list(void *arg)
{
  struct list *l = arg;
  return comm_core_new(l->n, l->w);
}

/* The parent's members as world ranks, in rank order. */
static int *member_list(const rt_comm_t *c)
{
  int n = comm_size(c);
  int *w = malloc(sizeof *w * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    w[i] = comm_world(c, i);
  return w;
}

/* The agreement of a constructor over the whole parent: the same
 * communication as Comm_split's (every member's color and key), so that a
 * replay, which rebuilds every communicator with Comm_split, takes the same
 * simulated time. */
static void agree_as_split(rt_comm_t *c)
{
  int mine[2] = {0, comm_rank(c)}, *all = malloc(sizeof(int) * 2 * (size_t)comm_size(c));
  act_comm_agree(c, mine, 2, all);
  free(all);
}

static int finish_new(rt_rank_t *self, rt_comm_t *parent, comm_core_t *core, int side, MPI_Comm *out, int dup)
{
  *out = comm_attach(core, side, parent);
  if (dup && *out != MPI_COMM_NULL) {
    rt_comm_t *c = comm_get(*out);
    int err = attr_copy_all(parent, c);
    if (err)
      return mpi_error(self, parent->handle, err, "an attribute copy callback failed");
  }
  return MPI_SUCCESS;
}

/* A duplicate of c, agreed with the other members. A user's (Comm_dup,
 * Comm_idup) gets c's attributes as their copy callbacks decide, and info,
 * or c's info when info is MPI_INFO_NULL. */
static int dup_of(rt_rank_t *self, rt_comm_t *c, int user, MPI_Info info, MPI_Comm *newcomm)
{
  int *w = member_list(c);
  struct list l = {comm_size(c), w};
  long key[3] = {0, 0, 0};
  comm_core_t *core = agree(c->core, MADE_DUP, key, build_list, &l);
  free(w);
  int err = finish_new(self, c, core, 0, newcomm, user);
  if (!err && user)
    comm_get(*newcomm)->info = info_dup(info != MPI_INFO_NULL ? info : c->info);
  return err;
}

static int dup(rt_rank_t *self, rt_comm_t *c, MPI_Info info, MPI_Comm *newcomm)
{
  CHECK(!comm_is_inter(c), c->handle, MPI_ERR_COMM, "duplicating intercommunicators is not supported");
  CHECK(newcomm, c->handle, MPI_ERR_ARG, "newcomm is NULL");
  agree_as_split(c);
  int err = dup_of(self, c, 1, info, newcomm);
  if (!err)
    act_comm_made(c, *newcomm);
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
  CHECK(!comm_is_inter(c), c->handle, MPI_ERR_COMM, "duplicating intercommunicators is not supported");
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

struct split_arg {
  int n, color;
  const int *pairs; /* color, key per parent rank */
  const int *w;
};
static const int *split_pairs;
static int by_key(const void *a, const void *b)
{
  int ia = *(const int *)a, ib = *(const int *)b;
  int ka = split_pairs[2 * ia + 1], kb = split_pairs[2 * ib + 1];
  return ka != kb ? (ka < kb ? -1 : 1) : (ia < ib ? -1 : ia > ib);
}
static comm_core_t *build_split(void *arg)
{
  struct split_arg *s = arg;
  int *idx = malloc(sizeof *idx * (size_t)s->n), k = 0;
  for (int i = 0; i < s->n; i++)
    if (s->pairs[2 * i] == s->color)
      idx[k++] = i;
  split_pairs = s->pairs;
  qsort(idx, (size_t)k, sizeof *idx, by_key);
  for (int i = 0; i < k; i++)
    idx[i] = s->w[idx[i]];
  comm_core_t *core = comm_core_new(k, idx);
  free(idx);
  return core;
}

int comm_split_kind(rt_rank_t *self, rt_comm_t *c, int color, int key, int kind, MPI_Comm *newcomm)
{
  CHECK(!comm_is_inter(c), c->handle, MPI_ERR_COMM, "splitting intercommunicators is not supported");
  CHECK(newcomm, c->handle, MPI_ERR_ARG, "newcomm is NULL");
  CHECK(color >= 0 || color == MPI_UNDEFINED, c->handle, MPI_ERR_ARG, "invalid color %d", color);
  int n = comm_size(c);
  int mine[2] = {color, key};
  int *pairs = malloc(sizeof *pairs * 2 * (size_t)n);
  act_comm_agree(c, mine, 2, pairs); /* every member's color and key */
  int err = MPI_SUCCESS;
  if (color == MPI_UNDEFINED)
    *newcomm = MPI_COMM_NULL;
  else {
    int *w = member_list(c);
    struct split_arg s = {n, color, pairs, w};
    long k[3] = {color, 0, 0};
    comm_core_t *core = agree(c->core, kind, k, build_split, &s);
    free(w);
    err = finish_new(self, c, core, 0, newcomm, 0);
  }
  free(pairs);
  if (!err)
    act_comm_made(c, *newcomm);
  return err;
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
  (void)info;
  CHECK(split_type == MPI_COMM_TYPE_SHARED || split_type == MPI_UNDEFINED, comm, MPI_ERR_ARG,
        "unknown split type %d (MPI_COMM_TYPE_SHARED or MPI_UNDEFINED)", split_type);
  /* shared memory: the ranks on the same simulated host */
  int color = split_type == MPI_UNDEFINED ? MPI_UNDEFINED : (int)self->host;
  MPI_LEAVE(comm_split_kind(self, c, color, key, MADE_SPLIT, newcomm));
}

int comm_create_from(rt_rank_t *self, rt_comm_t *c, rt_group_t *g, int kind, int tag, MPI_Comm *newcomm)
{
  CHECK(newcomm, c->handle, MPI_ERR_ARG, "newcomm is NULL");
  for (int i = 0; i < g->size; i++) {
    int found = 0;
    for (int j = 0; j < comm_size(c) && !found; j++)
      found = comm_world(c, j) == g->w[i];
    CHECK(found, c->handle, MPI_ERR_GROUP, "the group holds world rank %d, which is not in the communicator",
          g->w[i]);
  }
  int in = group_rank_of(g, self->id) != MPI_UNDEFINED;
  if (kind != MADE_CREATE_GROUP)
    agree_as_split(c); /* collective over the whole parent */
  if (!in) {
    *newcomm = MPI_COMM_NULL;
    act_comm_made(c, MPI_COMM_NULL);
    return MPI_SUCCESS;
  }
  struct list l = {g->size, g->w};
  long key[3] = {tag, g->size, g->w[0]};
  comm_core_t *core = agree(c->core, kind, key, build_list, &l);
  int err = finish_new(self, c, core, 0, newcomm, 0);
  if (!err && kind == MADE_CREATE_GROUP) {
    act_comm_agree(comm_get(*newcomm), NULL, 0, NULL); /* collective over the group only */
    act_comm_made_group(c, g->w, g->size, tag, *newcomm);
  }
  else if (!err)
    act_comm_made(c, *newcomm);
  return err;
}

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Comm_create");
  CHECK_COMM(comm, c);
  rt_group_t *g = group_get(group);
  CHECK(g, comm, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)group);
  CHECK(!comm_is_inter(c), comm, MPI_ERR_COMM, "MPI_Comm_create on intercommunicators is not supported");
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

int PMPI_Comm_free(MPI_Comm *comm)
{
  MPI_ENTER("MPI_Comm_free");
  CHECK(comm, MPI_COMM_WORLD, MPI_ERR_ARG, "comm is NULL");
  CHECK(*comm != MPI_COMM_WORLD && *comm != MPI_COMM_SELF, MPI_COMM_WORLD, MPI_ERR_COMM,
        "MPI_COMM_WORLD and MPI_COMM_SELF cannot be freed");
  CHECK_COMM(*comm, c);
  int err = attr_delete_all(c);
  CHECK(!err, *comm, err, "an attribute delete callback failed");
  act_comm_freed(c);
  comm_release(c);
  *comm = MPI_COMM_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

/* Intercommunicators ---------------------------------------------------- */

struct inter_arg {
  int n[2];
  const int *w[2];
};
static comm_core_t *build_inter(void *arg)
{
  struct inter_arg *a = arg;
  comm_core_t *core = calloc(1, sizeof *core);
  core->inter = 1;
  core->ctx = comm_new_ctx();
  core->refs = a->n[0] + a->n[1];
  for (int s = 0; s < 2; s++) {
    core->side[s].size = a->n[s];
    core->side[s].l2w = malloc(sizeof(int) * (size_t)a->n[s]);
    memcpy(core->side[s].l2w, a->w[s], sizeof(int) * (size_t)a->n[s]);
    core->local[s] = comm_core_new(a->n[s], a->w[s]); /* for collectives within a side */
    core->local[s]->refs = 1;
  }
  return core;
}

int PMPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm, int remote_leader, int tag,
                          MPI_Comm *newintercomm)
{
  MPI_ENTER("MPI_Intercomm_create");
  CHECK_COMM(local_comm, lc);
  CHECK(!comm_is_inter(lc), local_comm, MPI_ERR_COMM, "the local communicator must be an intracommunicator");
  CHECK(local_leader >= 0 && local_leader < comm_size(lc), local_comm, MPI_ERR_RANK, "invalid local leader %d",
        local_leader);
  CHECK(newintercomm, local_comm, MPI_ERR_ARG, "newintercomm is NULL");
  int n = comm_size(lc);
  int *mine = member_list(lc);
  /* The leaders swap their groups through peer_comm, then each leader
   * broadcasts the remote group in its local communicator. */
  int hdr[2] = {n, 0};
  int *remote = NULL, rn = 0;
  if (comm_rank(lc) == local_leader) {
    rt_comm_t *pc = comm_get(peer_comm);
    CHECK(pc, local_comm, MPI_ERR_COMM, "invalid peer communicator (0x%x)", (unsigned)peer_comm);
    CHECK(remote_leader >= 0 && remote_leader < comm_peer_size(pc), peer_comm, MPI_ERR_RANK,
          "invalid remote leader %d", remote_leader);
    int rhdr[2];
    act_comm_exchange(pc, remote_leader, tag, hdr, 2, rhdr, 2);
    rn = rhdr[0];
    remote = malloc(sizeof(int) * (size_t)rn);
    act_comm_exchange(pc, remote_leader, tag, mine, n, remote, rn);
  }
  int size_msg = rn;
  act_comm_bcast(lc, &size_msg, 1, local_leader);
  rn = size_msg;
  if (!remote)
    remote = malloc(sizeof(int) * (size_t)(rn ? rn : 1));
  act_comm_bcast(lc, remote, rn, local_leader);
  /* side 0: the group whose leader has the lower world rank */
  int min_remote = remote[0];
  for (int i = 0; i < rn; i++)
    if (remote[i] < min_remote)
      min_remote = remote[i];
  int min_mine = mine[0];
  for (int i = 0; i < n; i++)
    if (mine[i] < min_mine)
      min_mine = mine[i];
  int side = min_mine < min_remote ? 0 : 1;
  struct inter_arg a;
  a.n[side] = n;
  a.w[side] = mine;
  a.n[1 - side] = rn;
  a.w[1 - side] = remote;
  long key[3] = {tag, side ? min_remote : min_mine, side ? min_mine : min_remote};
  comm_core_t *core = agree(NULL, MADE_INTER, key, build_inter, &a);
  int err = finish_new(self, lc, core, side, newintercomm, 0);
  if (!err)
    act_intercomm_made(lc, local_leader, comm_rank(lc) == local_leader ? comm_get(peer_comm) : NULL, remote_leader,
                       tag, *newintercomm);
  free(mine);
  free(remote);
  MPI_LEAVE(err);
}

int PMPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm *newintracomm)
{
  MPI_ENTER("MPI_Intercomm_merge");
  CHECK_COMM(intercomm, c);
  CHECK(comm_is_inter(c), intercomm, MPI_ERR_COMM, "not an intercommunicator");
  CHECK(newintracomm, intercomm, MPI_ERR_ARG, "newintracomm is NULL");
  /* every member learns the other side's "high": leaders swap, then broadcast */
  int my_high = !!high, their_high = 0;
  rt_comm_t local = *c;
  local.core = c->core->local[c->side];
  local.side = 0;
  if (comm_rank(c) == 0)
    act_comm_exchange(c, 0, 0, &my_high, 1, &their_high, 1);
  act_comm_bcast(&local, &their_high, 1, 0);
  /* the low group first; with equal flags, side 0 first */
  int first = my_high == their_high ? 0 : (my_high ? 1 - c->side : c->side);
  comm_core_t *ic = c->core;
  int n0 = ic->side[first].size, n1 = ic->side[1 - first].size;
  int *w = malloc(sizeof(int) * (size_t)(n0 + n1));
  memcpy(w, ic->side[first].l2w, sizeof(int) * (size_t)n0);
  memcpy(w + n0, ic->side[1 - first].l2w, sizeof(int) * (size_t)n1);
  struct list l = {n0 + n1, w};
  long key[3] = {0, 0, 0};
  comm_core_t *core = agree(ic, MADE_MERGE, key, build_list, &l);
  free(w);
  int err = finish_new(self, c, core, 0, newintracomm, 0);
  if (!err)
    act_intercomm_merged(c, high, *newintracomm);
  MPI_LEAVE(err);
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
PMPI_ALIAS(Intercomm_create)
PMPI_ALIAS(Intercomm_merge)
