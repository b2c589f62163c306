/* Intercommunicators: Intercomm_create (and MPI 4.0's _from_groups), Intercomm_merge, Comm_get_parent
 * (no parent: nothing is spawned), and the split
 * that Comm_split and Comm_create of an intercommunicator come down to
 * (its dup is in comm_create.c, with the intracommunicators'). */
#include "comm_make.h"
#include "info.h"
#include "../action/action.h"
#include <stdlib.h>
#include <string.h>

comm_core_t *comm_build_inter(void *arg)
{
  struct inter_list *l = arg;
  return comm_inter_core(l->n, l->w);
}

void comm_inter_split(rt_comm_t *c, int color, int key, int kind, MPI_Comm *newcomm)
{
  const comm_core_t *p = c->core;
  int n[2] = {p->side[0].size, p->side[1].size};
  int mine[2] = {color, key};
  int *pairs = malloc(sizeof *pairs * 2 * (size_t)(n[0] + n[1]));
  act_comm_agree(c, mine, 2, pairs); /* every member's color and key, side 0's first */
  *newcomm = MPI_COMM_NULL;
  if (color != MPI_UNDEFINED) {
    int k[2], *members[2];
    for (int s = 0; s < 2; s++) {
      int *w = comm_side_members(p, s, c->owner);
      members[s] = comm_split_members(pairs + (s ? 2 * n[0] : 0), n[s], color, w, &k[s]);
      free(w);
    }
    /* a color that only one group gives makes no communicator */
    if (k[0] && k[1]) {
      struct inter_list l = {{k[0], k[1]}, {members[0], members[1]}};
      long agreed[3] = {color, 0, 0};
      comm_core_t *core = comm_agree(p, kind, agreed, comm_build_inter, &l);
      *newcomm = comm_attach(core, c->side, c);
    }
    free(members[0]);
    free(members[1]);
  }
  free(pairs);
  act_comm_made(c, *newcomm);
}

/* The intercommunicator of local communicator lc and the group whose leader is remote_leader in
 * peer communicator pc (only the local leader reads pc): the leaders swap their groups through pc,
 * then each broadcasts the remote group in its local communicator. */
static void inter_create(rt_comm_t *lc, int local_leader, rt_comm_t *pc, int remote_leader, int tag,
                         MPI_Comm *newintercomm)
{
  int n = comm_size(lc);
  int *mine = comm_member_list(lc);
  int hdr[2] = {n, 0};
  int *remote = NULL, rn = 0;
  if (comm_rank(lc) == local_leader) {
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
  struct inter_list a;
  a.n[side] = n;
  a.w[side] = mine;
  a.n[1 - side] = rn;
  a.w[1 - side] = remote;
  long key[3] = {tag, side ? min_remote : min_mine, side ? min_mine : min_remote};
  comm_core_t *core = comm_agree(NULL, MADE_INTER, key, comm_build_inter, &a);
  *newintercomm = comm_attach(core, side, lc);
  act_intercomm_made(lc, local_leader, comm_rank(lc) == local_leader ? pc : NULL, remote_leader, tag, *newintercomm);
  free(mine);
  free(remote);
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
  rt_comm_t *pc = NULL;
  if (comm_rank(lc) == local_leader) {
    pc = comm_get(peer_comm);
    CHECK(pc, local_comm, MPI_ERR_COMM, "invalid peer communicator (0x%x)", (unsigned)peer_comm);
    CHECK(remote_leader >= 0 && remote_leader < comm_peer_size(pc), peer_comm, MPI_ERR_RANK,
          "invalid remote leader %d", remote_leader);
  }
  inter_create(lc, local_leader, pc, remote_leader, tag, newintercomm);
  MPI_LEAVE(MPI_SUCCESS);
}

/* MPI 4.0: the local group's members make their communicator as MPI_Comm_create_from_group does, and
 * the leaders meet in MPI_COMM_WORLD (every process here is in it), both steps under a tag that the
 * stringtag and the direction of the pair give, so that the two groups of one call meet. */
int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader, MPI_Group remote_group,
                                      int remote_leader, const char *stringtag, MPI_Info info,
                                      MPI_Errhandler errhandler, MPI_Comm *newintercomm)
{
  MPI_ENTER("MPI_Intercomm_create_from_groups");
  rt_group_t *lg = group_get(local_group), *rg = group_get(remote_group);
  CHECK(lg, MPI_COMM_WORLD, MPI_ERR_GROUP, "invalid local group (0x%x)", (unsigned)local_group);
  CHECK(rg, MPI_COMM_WORLD, MPI_ERR_GROUP, "invalid remote group (0x%x)", (unsigned)remote_group);
  CHECK(stringtag, MPI_COMM_WORLD, MPI_ERR_ARG, "stringtag is NULL");
  CHECK(info_valid(info), MPI_COMM_WORLD, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);
  CHECK(mpi_errh_valid(errhandler), MPI_COMM_WORLD, MPI_ERR_ARG, "invalid error handler (0x%x)",
        (unsigned)errhandler);
  CHECK(newintercomm, MPI_COMM_WORLD, MPI_ERR_ARG, "newintercomm is NULL");
  CHECK(group_rank_of(lg, self->id) != MPI_UNDEFINED, MPI_COMM_WORLD, MPI_ERR_GROUP,
        "the calling rank is not in the local group");
  CHECK(local_leader >= 0 && local_leader < lg->size, MPI_COMM_WORLD, MPI_ERR_RANK,
        "invalid local leader %d (local group of %d)", local_leader, lg->size);
  CHECK(remote_leader >= 0 && remote_leader < rg->size, MPI_COMM_WORLD, MPI_ERR_RANK,
        "invalid remote leader %d (remote group of %d)", remote_leader, rg->size);
  for (int i = 0; i < rg->size; i++)
    CHECK(group_rank_of(lg, rg->w[i]) == MPI_UNDEFINED, MPI_COMM_WORLD, MPI_ERR_GROUP,
          "world rank %d is in both the local and the remote group", rg->w[i]);
  int tag = comm_string_tag(stringtag, 0x2545f491ul); /* not Comm_create_from_group's tag for the same string */
  MPI_Comm local;
  int err = comm_create_from(self, comm_get(MPI_COMM_WORLD), lg, MADE_CREATE_GROUP, tag, &local);
  if (err != MPI_SUCCESS)
    MPI_LEAVE(err);
  rt_comm_t *lc = comm_get(local);
  inter_create(lc, local_leader, comm_get(MPI_COMM_WORLD), rg->w[remote_leader], tag, newintercomm);
  comm_get(*newintercomm)->errh = errhandler;
  act_comm_freed(lc);
  comm_release(lc);
  MPI_LEAVE(MPI_SUCCESS);
}

/* No process here was started by MPI_Comm_spawn: as for a program started by mpirun, MPI_COMM_NULL. */
int PMPI_Comm_get_parent(MPI_Comm *parent)
{
  MPI_ENTER("MPI_Comm_get_parent");
  CHECK(parent, MPI_COMM_WORLD, MPI_ERR_ARG, "parent is NULL");
  *parent = MPI_COMM_NULL;
  MPI_LEAVE(MPI_SUCCESS);
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
  struct comm_list l = {n0 + n1, w};
  long key[3] = {0, 0, 0};
  comm_core_t *core = comm_agree(ic, MADE_MERGE, key, comm_build_list, &l);
  free(w);
  *newintracomm = comm_attach(core, 0, c);
  act_intercomm_merged(c, high, *newintracomm);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Intercomm_create)
PMPI_ALIAS(Intercomm_merge)
PMPI_ALIAS(Intercomm_create_from_groups)
PMPI_ALIAS(Comm_get_parent)
