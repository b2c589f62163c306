/* RMA synchronisation: fence, post/start/complete/wait/test (PSCW), passive
 * target locks, flushes and sync. Timing follows SMPI: a fence is a barrier,
 * the completion of this rank's operations and a second barrier (one with
 * MPI_MODE_NOPRECEDE); PSCW exchanges empty messages (Win_start waits for
 * the targets' posts; Win_complete completes the operations, then tells the
 * targets); a lock costs nothing until it has to wait for its holder. */
#include "../action/action.h"
#include "../coll/coll.h"
#include "win.h"
#include <stdio.h>
#include <stdlib.h>

#define TAG_POST 0x50000001
#define TAG_COMPLETE 0x50000002

static coll_t pscw(rt_win_t *w, int tag, const char *what)
{
  return (coll_t){.c = w->c, .n = w->n, .me = w->rank, .tag = tag, .what = coll_intern(what)};
}

/* Empty messages to (send) or from each of n window ranks; the requests, or waited when out is NULL. */
static void messages(rt_win_t *w, int send, int tag, const int *ranks, int n, p2p_req_t **out)
{
  coll_t k = pscw(w, tag, tag == TAG_POST ? "MPI_Win_post/MPI_Win_start on a window"
                                          : "MPI_Win_complete/MPI_Win_wait on a window");
  p2p_req_t **rs = out ? out : malloc(sizeof *rs * (size_t)(n ? n : 1));
  const dt_t *byte = dt_get(MPI_BYTE);
  for (int i = 0; i < n; i++)
    rs[i] = send ? coll_isend(&k, NULL, 0, byte, ranks[i]) : coll_irecv(&k, NULL, 0, byte, ranks[i]);
  if (!out) {
    coll_waitall(&k, rs, n);
    free(rs);
  }
}

/* The window ranks of group g's members (NULL after raising the error). */
static int group_ranks(rt_rank_t *self, rt_win_t *w, MPI_Group h, int **out, int *n)
{
  rt_group_t *g = group_get(h);
  WCHECK(g, w, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)h);
  int *r = malloc(sizeof *r * (size_t)(g->size ? g->size : 1));
  for (int i = 0; i < g->size; i++) {
    r[i] = -1;
    for (int t = 0; t < w->n; t++)
      if (w->core->m[t].world == g->w[i])
        r[i] = t;
    int found = r[i] >= 0;
    if (!found)
      free(r);
    WCHECK(found, w, MPI_ERR_GROUP, "member %d of the group (world rank %d) is not in the window", i, g->w[i]);
  }
  *out = r;
  *n = g->size;
  return MPI_SUCCESS;
}

/* "ASSERT N R1 .. RN" for the trace */
static void traced_group(rt_win_t *w, const char *action, int assert, const int *ranks, int n)
{
  char list[4000];
  size_t len = 0;
  list[0] = 0;
  for (int i = 0; i < n && len < sizeof list - 16; i++)
    len += (size_t)snprintf(list + len, sizeof list - len, " %d", ranks[i]);
  act_win_traced(w, action, "%d %d%s", assert, n, list);
}

int PMPI_Win_fence(int assert, MPI_Win win)
{
  MPI_ENTER("MPI_Win_fence");
  CHECK_WIN(win, w);
  WCHECK(!(assert & ~(MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)), w,
         MPI_ERR_ASSERT, "invalid assertion %d for MPI_Win_fence", assert);
  WCHECK(!w->access && !w->exposure && !w->nlocks && !w->lock_all, w, MPI_ERR_RMA_SYNC,
         "a post/start or lock epoch is open on this window");
  act_win_traced(w, "win_fence", "%d", assert);
  if (!(assert & MPI_MODE_NOPRECEDE)) {
    win_barrier(w);
    win_complete_ops(w, -1);
  }
  win_barrier(w);
  w->fence = !(assert & MPI_MODE_NOSUCCEED);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
  MPI_ENTER("MPI_Win_post");
  CHECK_WIN(win, w);
  WCHECK(!(assert & ~(MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT)), w, MPI_ERR_ASSERT,
         "invalid assertion %d for MPI_Win_post", assert);
  WCHECK(!w->exposure, w, MPI_ERR_RMA_SYNC, "an exposure epoch is already open (MPI_Win_post without MPI_Win_wait)");
  int *origins, n;
  CHECKED(group_ranks(self, w, group, &origins, &n));
  w->fence = 0;
  traced_group(w, "win_post", assert, origins, n);
  if (!(assert & MPI_MODE_NOCHECK))
    messages(w, 1, TAG_POST, origins, n, NULL);
  w->completions = malloc(sizeof *w->completions * (size_t)(n ? n : 1));
  messages(w, 0, TAG_COMPLETE, origins, n, w->completions);
  w->exposure = origins;
  w->nexposure = n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
  MPI_ENTER("MPI_Win_start");
  CHECK_WIN(win, w);
  WCHECK(!(assert & ~MPI_MODE_NOCHECK), w, MPI_ERR_ASSERT, "invalid assertion %d for MPI_Win_start", assert);
  WCHECK(!w->access, w, MPI_ERR_RMA_SYNC, "an access epoch is already open (MPI_Win_start without MPI_Win_complete)");
  int *targets, n;
  CHECKED(group_ranks(self, w, group, &targets, &n));
  w->fence = 0;
  traced_group(w, "win_start", assert, targets, n);
  if (!(assert & MPI_MODE_NOCHECK))
    messages(w, 0, TAG_POST, targets, n, NULL);
  w->access = targets;
  w->naccess = n;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_complete(MPI_Win win)
{
  MPI_ENTER("MPI_Win_complete");
  CHECK_WIN(win, w);
  WCHECK(w->access, w, MPI_ERR_RMA_SYNC, "no access epoch is open (MPI_Win_complete without MPI_Win_start)");
  act_win_traced(w, "win_complete", "%s", "");
  win_complete_ops(w, -1);
  messages(w, 1, TAG_COMPLETE, w->access, w->naccess, NULL);
  free(w->access);
  w->access = NULL;
  w->naccess = 0;
  MPI_LEAVE(MPI_SUCCESS);
}

static void close_exposure(rt_win_t *w)
{
  free(w->completions);
  free(w->exposure);
  w->completions = NULL;
  w->exposure = NULL;
  w->nexposure = 0;
}

int PMPI_Win_wait(MPI_Win win)
{
  MPI_ENTER("MPI_Win_wait");
  CHECK_WIN(win, w);
  WCHECK(w->exposure, w, MPI_ERR_RMA_SYNC, "no exposure epoch is open (MPI_Win_wait without MPI_Win_post)");
  act_win_traced(w, "win_wait", "%s", "");
  coll_t k = pscw(w, TAG_COMPLETE, "MPI_Win_wait on a window");
  coll_waitall(&k, w->completions, w->nexposure);
  close_exposure(w);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_test(MPI_Win win, int *flag)
{
  MPI_ENTER("MPI_Win_test");
  CHECK_WIN(win, w);
  WCHECK(flag, w, MPI_ERR_ARG, "flag is NULL");
  WCHECK(w->exposure, w, MPI_ERR_RMA_SYNC, "no exposure epoch is open (MPI_Win_test without MPI_Win_post)");
  *flag = 1;
  for (int i = 0; i < w->nexposure; i++)
    if (w->completions[i] && !p2p_test(w->completions[i]))
      *flag = 0;
  /* A test that closes the epoch is written as the wait it amounts to, so a trace's win_test lines are
   * the tests that found it open, and a replay's tests do so too whatever its timing (a replay that
   * closed the epoch earlier than the program did would then find a wait, or a post, out of place). */
  if (rt_opts.replay)
    *flag = 0;
  act_win_traced(w, *flag ? "win_wait" : "win_test", "%s", "");
  if (*flag) {
    coll_t k = pscw(w, TAG_COMPLETE, "MPI_Win_test on a window");
    coll_waitall(&k, w->completions, w->nexposure);
    close_exposure(w);
  } else
    kern_pause(1e-8);
  MPI_LEAVE(MPI_SUCCESS);
}

#define CHECK_TARGET(w, rank)                                                                                          \
  WCHECK(rank == MPI_PROC_NULL || (rank >= 0 && rank < w->n), w, MPI_ERR_RANK, "invalid rank %d (window of %d ranks)", \
         rank, w->n)

int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
  MPI_ENTER("MPI_Win_lock");
  CHECK_WIN(win, w);
  WCHECK(lock_type == MPI_LOCK_SHARED || lock_type == MPI_LOCK_EXCLUSIVE, w, MPI_ERR_LOCKTYPE,
         "invalid lock type %d (MPI_LOCK_SHARED or MPI_LOCK_EXCLUSIVE)", lock_type);
  WCHECK(!(assert & ~MPI_MODE_NOCHECK), w, MPI_ERR_ASSERT, "invalid assertion %d for MPI_Win_lock", assert);
  CHECK_TARGET(w, rank);
  if (rank == MPI_PROC_NULL)
    MPI_LEAVE(MPI_SUCCESS);
  if (!w->locks)
    w->locks = calloc((size_t)w->n, 1);
  WCHECK(!w->locks[rank] && !w->lock_all, w, MPI_ERR_RMA_SYNC, "this rank already holds a lock on rank %d's window",
         rank);
  act_win_traced(w, "win_lock", "%d %d %d", lock_type, rank, assert);
  rma_lock(w->core, rank, lock_type);
  w->locks[rank] = 1 + (lock_type == MPI_LOCK_EXCLUSIVE);
  w->nlocks++;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_unlock(int rank, MPI_Win win)
{
  MPI_ENTER("MPI_Win_unlock");
  CHECK_WIN(win, w);
  CHECK_TARGET(w, rank);
  if (rank == MPI_PROC_NULL)
    MPI_LEAVE(MPI_SUCCESS);
  WCHECK(w->locks && w->locks[rank], w, MPI_ERR_RMA_SYNC, "this rank holds no lock on rank %d's window", rank);
  act_win_traced(w, "win_unlock", "%d", rank);
  win_complete_ops(w, rank);
  rma_unlock(w->core, rank, w->locks[rank] == 2 ? MPI_LOCK_EXCLUSIVE : MPI_LOCK_SHARED);
  w->locks[rank] = 0;
  w->nlocks--;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_lock_all(int assert, MPI_Win win)
{
  MPI_ENTER("MPI_Win_lock_all");
  CHECK_WIN(win, w);
  WCHECK(!(assert & ~MPI_MODE_NOCHECK), w, MPI_ERR_ASSERT, "invalid assertion %d for MPI_Win_lock_all", assert);
  WCHECK(!w->lock_all && !w->nlocks, w, MPI_ERR_RMA_SYNC, "this rank already holds locks on the window");
  act_win_traced(w, "win_lock_all", "%d", assert);
  for (int t = 0; t < w->n; t++)
    rma_lock(w->core, t, MPI_LOCK_SHARED);
  w->lock_all = 1;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Win_unlock_all(MPI_Win win)
{
  MPI_ENTER("MPI_Win_unlock_all");
  CHECK_WIN(win, w);
  WCHECK(w->lock_all, w, MPI_ERR_RMA_SYNC, "MPI_Win_unlock_all without MPI_Win_lock_all");
  act_win_traced(w, "win_unlock_all", "%s", "");
  win_complete_ops(w, -1);
  for (int t = 0; t < w->n; t++)
    rma_unlock(w->core, t, MPI_LOCK_SHARED);
  w->lock_all = 0;
  MPI_LEAVE(MPI_SUCCESS);
}

/* Flushes need a passive-target epoch to rank (to any rank for the _all forms: rank ALL). */
#define ALL (-2)
static int flush(rt_rank_t *self, rt_win_t *w, int rank)
{
  if (rank != ALL)
    CHECK_TARGET(w, rank);
  if (rank == MPI_PROC_NULL)
    return MPI_SUCCESS;
  WCHECK(w->lock_all || (rank == ALL ? w->nlocks > 0 : w->locks && w->locks[rank]), w, MPI_ERR_RMA_SYNC,
         "no lock epoch is open%s (flushes need MPI_Win_lock or MPI_Win_lock_all)", rank == ALL ? "" : " to that rank");
  if (rank == ALL)
    act_win_traced(w, "win_flush_all", "%s", "");
  else
    act_win_traced(w, "win_flush", "%d", rank);
  win_complete_ops(w, rank == ALL ? -1 : rank);
  return MPI_SUCCESS;
}

int PMPI_Win_flush(int rank, MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Win_flush");
  CHECK_WIN(win, w);
  MPI_LEAVE(flush(self, w, rank));
}

/* Local completion is not earlier than completion at the target here: the
 * origin's buffer is free once the transfer that carries it has ended. */
int PMPI_Win_flush_local(int rank, MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Win_flush_local");
  CHECK_WIN(win, w);
  MPI_LEAVE(flush(self, w, rank));
}

int PMPI_Win_flush_all(MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Win_flush_all");
  CHECK_WIN(win, w);
  MPI_LEAVE(flush(self, w, ALL));
}

int PMPI_Win_flush_local_all(MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Win_flush_local_all");
  CHECK_WIN(win, w);
  MPI_LEAVE(flush(self, w, ALL));
}

/* The window's memory is unified: public and private copies are one, so a
 * sync has nothing to reconcile. It costs 10 ns (a memory barrier's order
 * of magnitude), so that a program polling its window with it lets the
 * writers run. */
int PMPI_Win_sync(MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Win_sync");
  CHECK_WIN(win, w);
  act_win_traced(w, "win_sync", "%s", "");
  kern_pause(1e-8);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Win_fence)
PMPI_ALIAS(Win_post)
PMPI_ALIAS(Win_start)
PMPI_ALIAS(Win_complete)
PMPI_ALIAS(Win_wait)
PMPI_ALIAS(Win_test)
PMPI_ALIAS(Win_lock)
PMPI_ALIAS(Win_unlock)
PMPI_ALIAS(Win_lock_all)
PMPI_ALIAS(Win_unlock_all)
PMPI_ALIAS(Win_flush)
PMPI_ALIAS(Win_flush_local)
PMPI_ALIAS(Win_flush_all)
PMPI_ALIAS(Win_flush_local_all)
PMPI_ALIAS(Win_sync)
