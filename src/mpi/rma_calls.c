/* The RMA communication calls: Put, Get, Accumulate, Get_accumulate,
 * Fetch_and_op, Compare_and_swap and the request-based R-forms. Each checks
 * its arguments and the epoch, finds the target bytes and hands the
 * operation to the action layer. */
#include "../action/action.h"
#include "../core/op.h"
#include "request.h"
#include "win.h"

/* An operation as checked: target member t (MPI_PROC_NULL: nothing to do)
 * and the address of its bytes. */
typedef struct rma_op {
  int t;
  const dt_t *ot, *tt, *rt;
  char *taddr;
} rma_op_t;

static int in_epoch(const rt_win_t *w, int t)
{
  if (w->fence || w->lock_all || (w->locks && w->locks[t]))
    return 1;
  for (int i = 0; i < w->naccess; i++)
    if (w->access[i] == t)
      return 1;
  return 0;
}

#define TYPE_OF(h, t, what)                                                                                            \
  const dt_t *t = dt_get(h);                                                                                           \
  WCHECK(t, w, MPI_ERR_TYPE, "%s: invalid or uncommitted datatype (0x%x)", what, (unsigned)(h))

/* Checks the target side (and the origin side unless ocount < 0); raises
 * the error through the window's handler and returns it. */
static int check_op(rt_rank_t *self, rt_win_t *w, rma_op_t *op, MPI_Count ocount, MPI_Datatype otype, int t,
                    MPI_Aint disp, MPI_Count tcount, MPI_Datatype ttype)
{
  op->t = t;
  if (self->trace_region) { /* a replay names the target's region: disp is an offset in it */
    int seq = self->trace_region - 1;
    self->trace_region = 0;
    rma_region_t *r = t >= 0 && t < w->n && w->core->flavor == MPI_WIN_FLAVOR_DYNAMIC ? rma_region(w->core, t, seq) : NULL;
    WCHECK(r, w, MPI_ERR_RMA_RANGE, "rank %d has no attached region %d", t, seq);
    disp = (MPI_Aint)(r->base + disp);
  }
  WCHECK(t == MPI_PROC_NULL || (t >= 0 && t < w->n), w, MPI_ERR_RANK, "invalid target rank %d (window of %d ranks)",
         t, w->n);
  WCHECK(tcount >= 0, w, MPI_ERR_COUNT, "negative target count %lld", (long long)tcount);
  TYPE_OF(ttype, tt, "target datatype");
  op->tt = tt;
  if (ocount >= 0) {
    TYPE_OF(otype, ot, "origin datatype");
    op->ot = ot;
    WCHECK((size_t)ocount * ot->size == (size_t)tcount * tt->size, w, MPI_ERR_TYPE,
           "origin data (%zu bytes) and target data (%zu bytes) differ in size", (size_t)ocount * ot->size,
           (size_t)tcount * tt->size);
  }
  if (t == MPI_PROC_NULL)
    return MPI_SUCCESS;
  WCHECK(in_epoch(w, t), w, MPI_ERR_RMA_SYNC,
         "no access epoch to rank %d is open (call MPI_Win_fence, MPI_Win_start or MPI_Win_lock first)", t);
  MPI_Aint lo = tcount ? tt->true_lb : 0;
  MPI_Aint hi = tcount ? (MPI_Aint)(tcount - 1) * tt->extent + tt->true_lb + tt->true_extent : 0;
  op->taddr = rma_target(w->core, t, disp, lo, hi);
  WCHECK(op->taddr || !tcount, w, MPI_ERR_RMA_RANGE,
         "target bytes [%ld, %ld) at displacement %ld are outside rank %d's window (%ld bytes)",
         (long)(disp * w->core->m[t].disp_unit + lo), (long)(disp * w->core->m[t].disp_unit + hi), (long)disp, t,
         (long)w->core->m[t].size);
  return MPI_SUCCESS;
}

/* Accumulate operations take predefined ops on one predefined type; with no target data
 * there is nothing to combine, and any types go (as in MPICH). */
static int check_acc(rt_rank_t *self, rt_win_t *w, const rma_op_t *op, MPI_Op o, int empty)
{
  WCHECK(op_valid(o) && op_predefined(o), w, MPI_ERR_OP, "accumulate operations take a predefined operation");
  if (empty)
    return MPI_SUCCESS;
  WCHECK(op->tt->basic, w, MPI_ERR_TYPE, "the target datatype mixes predefined types");
  WCHECK(!op_check(o, dt_basic(op->tt->basic)), w, MPI_ERR_OP, "the operation does not apply to %s",
         dt_basic(op->tt->basic)->name);
  return MPI_SUCCESS;
}

/* What happens to an operation's transfer: kept for the next
 * synchronisation, or (request non-NULL) completed through the request. */
static void track(rt_rank_t *self, rt_win_t *w, p2p_req_t *r, MPI_Request *request)
{
  if (request) {
    if (!r) {
      *request = req_completed(self);
      return;
    }
    r->comm = w->c->handle;
    *request = req_handle_new(r);
    act_rma_request(r);
    for (p2p_req_t **p = &w->held; *p;) /* those the user let go of are complete: release them */
      if (!(*p)->shared) {
        p2p_req_t *done = *p;
        *p = done->next;
        p2p_req_free(done);
      } else
        p = &(*p)->next;
    r->shared = 1; /* the window's hold: flushes and unlocks complete it too */
    r->next = w->held;
    w->held = r;
    return;
  }
  if (r) {
    r->next = w->pending;
    w->pending = r;
  }
}

/* Counts are MPI_Count throughout: the large-count (_c) forms move more than INT_MAX elements. */
/* Put (get 0) and Get (get 1): obuf is read or written. */
static int put_get(rt_rank_t *self, int get, void *obuf, MPI_Count ocount, MPI_Datatype otype, int t, MPI_Aint disp,
                   MPI_Count tcount, MPI_Datatype ttype, MPI_Win win, MPI_Request *request)
{
  CHECK_WIN(win, w);
  WCHECK(ocount >= 0, w, MPI_ERR_COUNT, "negative origin count %lld", (long long)ocount);
  rma_op_t op;
  CHECKED(check_op(self, w, &op, ocount, otype, t, disp, tcount, ttype));
  WCHECK(obuf || !ocount || op.ot->derived, w, MPI_ERR_BUFFER, "null origin buffer with count %lld",
         (long long)ocount);
  p2p_req_t *r = t == MPI_PROC_NULL ? NULL
                 : get              ? act_get(w, obuf, ocount, op.ot, t, op.taddr, tcount, op.tt)
                                    : act_put(w, obuf, ocount, op.ot, t, op.taddr, tcount, op.tt);
  track(self, w, r, request);
  return MPI_SUCCESS;
}

/* Accumulate (result NULL) and Get_accumulate. */
static int accumulate(rt_rank_t *self, const void *obuf, MPI_Count ocount, MPI_Datatype otype, void *result,
                      MPI_Count rcount, MPI_Datatype rtype, int t, MPI_Aint disp, MPI_Count tcount,
                      MPI_Datatype ttype, MPI_Op o, MPI_Win win, MPI_Request *request)
{
  CHECK_WIN(win, w);
  WCHECK(ocount >= 0 && rcount >= 0, w, MPI_ERR_COUNT, "negative count");
  rma_op_t op = {0};
  CHECKED(check_op(self, w, &op, o == MPI_NO_OP ? -1 : ocount, otype, t, disp, tcount, ttype));
  if (result || rtype != MPI_DATATYPE_NULL) { /* Get_accumulate */
    TYPE_OF(rtype, rt, "result datatype");
    op.rt = rt;
    WCHECK(result || !rcount || !rt->size || rt->derived, w, MPI_ERR_BUFFER, "null result buffer with count %lld",
           (long long)rcount);
    WCHECK((size_t)rcount * rt->size == (size_t)tcount * op.tt->size, w, MPI_ERR_TYPE,
           "result data (%zu bytes) and target data (%zu bytes) differ in size", (size_t)rcount * rt->size,
           (size_t)tcount * op.tt->size);
  }
  int empty = !tcount || !op.tt->size;
  CHECKED(check_acc(self, w, &op, o, empty));
  p2p_req_t *r = t == MPI_PROC_NULL || empty ? NULL
                                    : act_accumulate(w, obuf, ocount, op.ot, result, rcount, op.rt, t, op.taddr,
                                                     tcount, op.tt, o);
  track(self, w, r, request);
  return MPI_SUCCESS;
}

/* Each call in its int form and its large-count (_c) form. */
#define PUT_FN(Name, Count)                                                                                            \
  int PMPI_##Name(const void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, int target_rank,          \
                  MPI_Aint target_disp, Count target_count, MPI_Datatype target_datatype, MPI_Win win)                 \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    MPI_LEAVE(put_get(self, 0, (void *)origin_addr, origin_count, origin_datatype, target_rank, target_disp,           \
                      target_count, target_datatype, win, NULL));                                                      \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define RPUT_FN(Name, Count)                                                                                           \
  int PMPI_##Name(const void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, int target_rank,          \
                  MPI_Aint target_disp, Count target_count, MPI_Datatype target_datatype, MPI_Win win,                 \
                  MPI_Request *request)                                                                                \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    CHECK(request, MPI_COMM_WORLD, MPI_ERR_ARG, "request is NULL");                                                    \
    MPI_LEAVE(put_get(self, 0, (void *)origin_addr, origin_count, origin_datatype, target_rank, target_disp,           \
                      target_count, target_datatype, win, request));                                                   \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define GET_FN(Name, Count)                                                                                            \
  int PMPI_##Name(void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, int target_rank,                \
                  MPI_Aint target_disp, Count target_count, MPI_Datatype target_datatype, MPI_Win win)                 \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    MPI_LEAVE(put_get(self, 1, origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,     \
                      target_datatype, win, NULL));                                                                    \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define RGET_FN(Name, Count)                                                                                           \
  int PMPI_##Name(void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, int target_rank,                \
                  MPI_Aint target_disp, Count target_count, MPI_Datatype target_datatype, MPI_Win win,                 \
                  MPI_Request *request)                                                                                \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    CHECK(request, MPI_COMM_WORLD, MPI_ERR_ARG, "request is NULL");                                                    \
    MPI_LEAVE(put_get(self, 1, origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,     \
                      target_datatype, win, request));                                                                 \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define ACCUMULATE_FN(Name, Count)                                                                                     \
  int PMPI_##Name(const void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, int target_rank,          \
                  MPI_Aint target_disp, Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)      \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    MPI_LEAVE(accumulate(self, origin_addr, origin_count, origin_datatype, NULL, 0, MPI_DATATYPE_NULL, target_rank,    \
                         target_disp, target_count, target_datatype, op, win, NULL));                                  \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define RACCUMULATE_FN(Name, Count)                                                                                    \
  int PMPI_##Name(const void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, int target_rank,          \
                  MPI_Aint target_disp, Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,      \
                  MPI_Request *request)                                                                                \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    CHECK(request, MPI_COMM_WORLD, MPI_ERR_ARG, "request is NULL");                                                    \
    MPI_LEAVE(accumulate(self, origin_addr, origin_count, origin_datatype, NULL, 0, MPI_DATATYPE_NULL, target_rank,    \
                         target_disp, target_count, target_datatype, op, win, request));                               \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define GET_ACCUMULATE_FN(Name, Count)                                                                                 \
  int PMPI_##Name(const void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, void *result_addr,        \
                  Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,             \
                  Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)                            \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    MPI_LEAVE(accumulate(self, origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, \
                         target_rank, target_disp, target_count, target_datatype, op, win, NULL));                     \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
#define RGET_ACCUMULATE_FN(Name, Count)                                                                                \
  int PMPI_##Name(const void *origin_addr, Count origin_count, MPI_Datatype origin_datatype, void *result_addr,        \
                  Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp,             \
                  Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)      \
  {                                                                                                                    \
    MPI_ENTER_KEEP_LAG("MPI_" #Name);                                                                                  \
    CHECK(request, MPI_COMM_WORLD, MPI_ERR_ARG, "request is NULL");                                                    \
    MPI_LEAVE(accumulate(self, origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, \
                         target_rank, target_disp, target_count, target_datatype, op, win, request));                  \
  }                                                                                                                    \
  PMPI_ALIAS(Name)
PUT_FN(Put, int)
PUT_FN(Put_c, MPI_Count)
RPUT_FN(Rput, int)
RPUT_FN(Rput_c, MPI_Count)
GET_FN(Get, int)
GET_FN(Get_c, MPI_Count)
RGET_FN(Rget, int)
RGET_FN(Rget_c, MPI_Count)
ACCUMULATE_FN(Accumulate, int)
ACCUMULATE_FN(Accumulate_c, MPI_Count)
RACCUMULATE_FN(Raccumulate, int)
RACCUMULATE_FN(Raccumulate_c, MPI_Count)
GET_ACCUMULATE_FN(Get_accumulate, int)
GET_ACCUMULATE_FN(Get_accumulate_c, MPI_Count)
RGET_ACCUMULATE_FN(Rget_accumulate, int)
RGET_ACCUMULATE_FN(Rget_accumulate_c, MPI_Count)

int PMPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Fetch_and_op");
  CHECK(result_addr, MPI_COMM_WORLD, MPI_ERR_BUFFER, "null result buffer");
  MPI_LEAVE(accumulate(self, origin_addr, 1, datatype, result_addr, 1, datatype, target_rank, target_disp, 1,
                       datatype, op, win, NULL));
}

int PMPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr,
                          MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win)
{
  MPI_ENTER_KEEP_LAG("MPI_Compare_and_swap");
  CHECK_WIN(win, w);
  WCHECK(origin_addr && compare_addr && result_addr, w, MPI_ERR_BUFFER, "null buffer");
  rma_op_t op;
  int err = check_op(self, w, &op, 1, datatype, target_rank, target_disp, 1, datatype);
  if (err)
    return err;
  WCHECK(!op.tt->derived && op.tt->basic, w, MPI_ERR_TYPE, "Compare_and_swap takes a predefined datatype");
  p2p_req_t *r = target_rank == MPI_PROC_NULL
                     ? NULL
                     : act_compare_and_swap(w, origin_addr, compare_addr, result_addr, op.tt, target_rank, op.taddr);
  track(self, w, r, NULL);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Fetch_and_op)
PMPI_ALIAS(Compare_and_swap)
