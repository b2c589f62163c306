/* Requests: handle table, argument checks shared by every send and receive,
 * the Wait/Test families, Request_get_status, Cancel, Request_free, Start,
 * and generalized requests (Grequest_start/complete). */
#include "request.h"
#include "../action/action.h"
#include "../core/handles.h"
#include "poll.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static htable_t requests = HTABLE(SIMPI_KIND_REQ, 1); /* index 0 is MPI_REQUEST_NULL */

MPI_Request req_handle_new(p2p_req_t *r)
{
  rt_rank_t *owner = &rt_ranks[r->owner];
  r->handle = ht_add(&requests, r);
  owner->live_requests++;
  r->pc = owner->call_pc;
  if (r->kind == P2P_SEND) {
    r->sprev = NULL;
    r->snext = owner->user_sends;
    if (r->snext)
      r->snext->sprev = r;
    owner->user_sends = r;
  }
  return r->handle;
}

static void handle_release(p2p_req_t *r)
{
  rt_rank_t *owner = &rt_ranks[r->owner];
  ht_remove(&requests, r->handle);
  owner->live_requests--;
  if (r->kind == P2P_SEND) {
    if (r->sprev)
      r->sprev->snext = r->snext;
    else
      owner->user_sends = r->snext;
    if (r->snext)
      r->snext->sprev = r->sprev;
  }
}

void req_report_pending(rt_rank_t *self)
{
  static const char *what[] = {[P2P_SEND] = "a send", [P2P_RECV] = "a receive", [P2P_COLL] = "a collective",
                               [P2P_RMA] = "a one-sided operation", [P2P_FLUSH] = "a flush",
                               [P2P_GREQ] = "a generalized request", [P2P_PSEND] = "a partitioned send",
                               [P2P_PRECV] = "a partitioned receive", [P2P_IO] = "a file access"};
  int shown = 0;
  for (int i = 1; i < requests.cap && shown < 5; i++) {
    p2p_req_t *r = requests.objs[i];
    if (!r || r->owner != self->id)
      continue;
    char loc[600] = "";
    rt_srcloc(r->pc, loc, sizeof loc);
    fprintf(stderr, "  %s%s%s\n", what[r->kind] ? what[r->kind] : "a request", loc[0] ? " started at " : "", loc);
    shown++;
  }
}

void req_wait_comm(rt_rank_t *self, MPI_Comm comm)
{
  for (int i = 1; i < requests.cap; i++) { /* the table may grow while this rank waits */
    p2p_req_t *r = requests.objs[i];
    if (r && r->owner == self->id && r->comm == comm && r->active && !r->done && r->kind != P2P_GREQ)
      act_wait(r);
  }
  p2p_wait_orphans(self->id, comm);
}

/* Bytes [lo, hi) that count elements of t at buf touch. */
static void span(const void *buf, MPI_Count count, const dt_t *t, const char **lo, const char **hi)
{
  *lo = (const char *)buf + t->true_lb;
  *hi = *lo + (MPI_Aint)(count - 1) * t->extent + t->true_extent;
}

/* A receive into memory that a started send with a handle still reads from:
 * erroneous (the send buffer may not change until the send completes). */
static void check_overlap(rt_rank_t *self, const void *buf, MPI_Count count, const dt_t *t)
{
  if (count <= 0 || t->size == 0 || buf == MPI_BOTTOM)
    return;
  const char *lo, *hi, *slo, *shi;
  span(buf, count, t, &lo, &hi);
  for (p2p_req_t *s = self->user_sends; s; s = s->snext) {
    if (!s->active || s->count <= 0 || s->dt->size == 0 || s->buf == MPI_BOTTOM)
      continue;
    span(s->buf, s->count, s->dt, &slo, &shi);
    if (lo < shi && slo < hi) {
      char here[256], there[256];
      rt_srcloc(self->call_pc, here, sizeof here);
      rt_srcloc(s->pc, there, sizeof there);
      rt_warn("rank %d: %s at %s receives into the buffer of a send still in flight (to rank %d, started at "
              "%s): the send may not complete with the data it was given",
              self->id, self->call, here, s->peer_world, there);
      return;
    }
  }
}

p2p_req_t *req_get(MPI_Request h) { return ht_get(&requests, h); }

int req_valid(MPI_Request h) { return h == MPI_REQUEST_NULL || req_get(h); }

int req_build(rt_rank_t *self, p2p_req_t **out, enum p2p_kind kind, enum p2p_mode mode, const void *buf,
              MPI_Count count, MPI_Datatype type, int peer, int tag, MPI_Comm comm)
{
  rt_comm_t *c = comm_get(comm);
  if (!c)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_COMM, "%s", mpi_bad_comm(comm));
  /* no data, no type: MPICH checks the datatype only when there are elements to move */
  const dt_t *t = dt_get(count == 0 && type == MPI_DATATYPE_NULL ? MPI_BYTE : type);
  if (!t)
    return mpi_error(self, comm, MPI_ERR_TYPE,
                     dt_lookup(type) ? "datatype 0x%x is not committed (MPI_Type_commit)" : "invalid datatype (0x%x)",
                     (unsigned)type);
  if (count < 0)
    return mpi_error(self, comm, MPI_ERR_COUNT, "negative count %lld", (long long)count);
  if (!buf && count > 0 && t->size > 0 && !t->derived)
    return mpi_error(self, comm, MPI_ERR_BUFFER, "null buffer with count %lld", (long long)count);
  int any = kind == P2P_RECV;
  if (!(peer == MPI_PROC_NULL || (peer >= 0 && peer < comm_peer_size(c)) || (any && peer == MPI_ANY_SOURCE)))
    return mpi_error(self, comm, MPI_ERR_RANK, "invalid %s rank %d (communicator size %d)",
                     kind == P2P_SEND ? "destination" : "source", peer, comm_peer_size(c));
  if (!((tag >= 0 && tag <= MPI_TAG_UB_VALUE) || (any && tag == MPI_ANY_TAG)))
    return mpi_error(self, comm, MPI_ERR_TAG, "invalid tag %d (must be in 0..%d)", tag, MPI_TAG_UB_VALUE);
  p2p_req_t *r = p2p_req_new();
  r->kind = kind;
  r->mode = mode;
  r->nodata = rt_opts.replay != NULL; /* a replay never reads what it receives */
  r->owner = self->id;
  r->peer = peer;
  r->tag = tag;
  r->ctx = comm_ctx(c);
  r->buf = (void *)buf;
  r->count = count;
  r->dt = t;
  dt_retain(t); /* released by p2p_req_free: a pending transfer survives Type_free */
  r->comm_name = comm_name(c);
  r->comm = comm;
  r->me_local = comm_rank(c);
  r->peer_world = peer >= 0 ? comm_peer_world(c, peer) : -1;
  if (kind == P2P_RECV)
    check_overlap(self, buf, count, t);
  *out = r;
  return MPI_SUCCESS;
}

MPI_Request req_completed(rt_rank_t *self)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_RECV;
  r->owner = self->id;
  r->peer = MPI_PROC_NULL;
  r->dt = dt_get(MPI_BYTE);
  r->comm = MPI_COMM_SELF;
  MPI_Request h = req_handle_new(r);
  p2p_start(r);
  return h;
}

int req_truncated(rt_rank_t *self, const p2p_req_t *r)
{
  return mpi_error(self, r->comm, MPI_ERR_TRUNCATE,
                   "message of %zu bytes from rank %d (tag %d) truncated: the receive buffer holds %zu bytes",
                   r->msg_bytes, r->st.MPI_SOURCE, r->st.MPI_TAG, (size_t)r->count * r->dt->size);
}

static void empty_status(MPI_Status *st)
{
  if (st == MPI_STATUS_IGNORE)
    return;
  st->MPI_SOURCE = MPI_ANY_SOURCE;
  st->MPI_TAG = MPI_ANY_TAG;
  st->MPI_ERROR = MPI_SUCCESS;
  st->simpi_bytes = 0;
  st->simpi_cancelled = 0;
}

static int active(MPI_Request h);

/* A generalized request's callbacks (in its p2p request's owned). */
typedef struct greq {
  MPI_Grequest_query_function *query;
  MPI_Grequest_free_function *free;
  MPI_Grequest_cancel_function *cancel;
  void *extra;
  int freed; /* MPI_Request_free came before MPI_Grequest_complete: free callback already called */
} greq_t;

/* The status of finished r (its query callback for a generalized request); returns its error. */
static int status_of(p2p_req_t *r, MPI_Status *st)
{
  MPI_Status mine;
  if (r->kind == P2P_GREQ) {
    greq_t *g = r->owned;
    empty_status(&mine);
    int err = g->query(g->extra, &mine);
    if (st != MPI_STATUS_IGNORE)
      *st = mine;
    return err ? err : mine.MPI_ERROR;
  }
  int err = r->kind == P2P_RECV ? r->st.MPI_ERROR : MPI_SUCCESS;
  if (st != MPI_STATUS_IGNORE) {
    if (r->kind == P2P_RECV || r->kind == P2P_PRECV || r->kind == P2P_IO || r->cancelled)
      *st = r->st;
    else
      empty_status(st);
    st->MPI_ERROR = err;
  }
  return err;
}

/* Releases finished r and its handle; a generalized request's free callback may fail. */
static int release(p2p_req_t *r)
{
  greq_t *g = r->kind == P2P_GREQ ? r->owned : NULL;
  int err = g && !g->freed ? g->free(g->extra) : MPI_SUCCESS;
  handle_release(r);
  if (r->also)
    p2p_req_free(r->also);
  p2p_req_free(r);
  return err;
}

/* After r finished: status, error, and the handle's fate. Returns the error. */
static int complete(rt_rank_t *self, MPI_Request *h, MPI_Status *st)
{
  p2p_req_t *r = req_get(*h);
  int err = status_of(r, st);
  r->active = 0;
  if (err == MPI_ERR_TRUNCATE)
    err = req_truncated(self, r);
  if (!r->persistent) {
    int ferr = release(r);
    *h = MPI_REQUEST_NULL;
    if (ferr && !err)
      err = mpi_error(self, MPI_COMM_WORLD, ferr, "the free callback of a generalized request failed (%d)", ferr);
  }
  return err;
}

/* A generalized request not completed yet, or a partitioned send with partitions not marked ready:
 * nothing but its own rank can complete it. */
static int only_self_completes(MPI_Request h)
{
  p2p_req_t *r = req_get(h);
  return r && r->active && ((r->kind == P2P_GREQ && !r->done) || act_part_unmarked(r));
}

/* Waiting for reqs would never end: all of them (all) or every active one only this rank could complete. */
static int greq_blocks(int n, MPI_Request reqs[], int all)
{
  int pending = 0, others = 0;
  for (int i = 0; i < n; i++) {
    pending += only_self_completes(reqs[i]);
    others += active(reqs[i]) && !only_self_completes(reqs[i]);
  }
  return pending && (all || !others);
}
#define CHECK_GREQ(n, reqs, all)                                                                                       \
  CHECK(!greq_blocks(n, reqs, all), MPI_COMM_WORLD, MPI_ERR_REQUEST,                                                   \
        "waiting for a generalized request that MPI_Grequest_complete has not completed, or for a partitioned "     \
        "send with partitions that MPI_Pready has not marked: only this rank could complete it")

/* complete() for the single-completion calls: the status's MPI_ERROR stays as it was */
static int complete_one(rt_rank_t *self, MPI_Request *h, MPI_Status *st)
{
  MPI_Status mine;
  int err = complete(self, h, st == MPI_STATUS_IGNORE ? st : &mine);
  mpi_status_out(st, &mine);
  return err;
}

static int active(MPI_Request h)
{
  p2p_req_t *r = req_get(h);
  return r && r->active;
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
  MPI_ENTER("MPI_Wait");
  CHECK(request && req_valid(*request), MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid request");
  if (!active(*request)) {
    empty_status(status);
    MPI_LEAVE(MPI_SUCCESS);
  }
  CHECK_GREQ(1, request, 1);
  act_wait(req_get(*request));
  MPI_LEAVE(complete_one(self, request, status));
}

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
  MPI_ENTER("MPI_Test");
  CHECK(request && req_valid(*request) && flag, MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid request");
  if (!active(*request)) {
    *flag = 1;
    empty_status(status);
    MPI_LEAVE(MPI_SUCCESS);
  }
  poll_before(POLL_TEST);
  *flag = act_test(req_get(*request));
  poll_after(POLL_TEST, *flag);
  if (!*flag)
    MPI_LEAVE(MPI_SUCCESS);
  MPI_LEAVE(complete_one(self, request, status));
}

#define CHECK_ARRAY(n, reqs)                                                                                           \
  do {                                                                                                                 \
    CHECK((n) >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "negative count %d", (n));                                          \
    CHECK((reqs) || (n) == 0, MPI_COMM_WORLD, MPI_ERR_REQUEST, "null request array");                                 \
    for (int i_ = 0; i_ < (n); i_++)                                                                                   \
      CHECK(req_valid((reqs)[i_]), MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid request at index %d", i_);               \
  } while (0)

static MPI_Status *status_at(MPI_Status *sts, int i) { return sts == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &sts[i]; }

int PMPI_Waitall(int count, MPI_Request reqs[], MPI_Status sts[])
{
  MPI_ENTER("MPI_Waitall");
  CHECK_ARRAY(count, reqs);
  CHECK_GREQ(count, reqs, 1);
  int err = MPI_SUCCESS;
  for (int i = 0; i < count; i++) {
    if (!active(reqs[i])) {
      empty_status(status_at(sts, i));
      continue;
    }
    act_wait(req_get(reqs[i]));
    if (complete(self, &reqs[i], status_at(sts, i)))
      err = MPI_ERR_IN_STATUS;
  }
  MPI_LEAVE(err);
}

/* Fills rs with the p2p requests behind reqs (NULL for inactive ones). */
static p2p_req_t **gather_reqs(int n, MPI_Request reqs[])
{
  p2p_req_t **rs = malloc(sizeof *rs * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    rs[i] = active(reqs[i]) ? req_get(reqs[i]) : NULL;
  return rs;
}

int PMPI_Waitany(int count, MPI_Request reqs[], int *index, MPI_Status *status)
{
  MPI_ENTER("MPI_Waitany");
  CHECK_ARRAY(count, reqs);
  CHECK_GREQ(count, reqs, 0);
  p2p_req_t **rs = gather_reqs(count, reqs);
  int i = act_wait_any(rs, count);
  free(rs);
  if (i < 0) {
    *index = MPI_UNDEFINED;
    empty_status(status);
    MPI_LEAVE(MPI_SUCCESS);
  }
  *index = i;
  MPI_LEAVE(complete_one(self, &reqs[i], status));
}

/* Completes every active request that is done; returns how many. known: the
 * index of one that act_wait_any completed (testing it again would trace
 * its completion twice), -1 if none. */
static int collect_done(rt_rank_t *self, int n, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[],
                        int *err, int known)
{
  int k = 0;
  for (int i = 0; i < n; i++)
    if (active(reqs[i]) && (i == known || act_test(req_get(reqs[i])))) {
      idx[k] = i;
      if (complete(self, &reqs[i], status_at(sts, k)))
        *err = MPI_ERR_IN_STATUS;
      k++;
    }
  *outcount = k;
  return k;
}

static int any_active(int n, MPI_Request reqs[])
{
  for (int i = 0; i < n; i++)
    if (active(reqs[i]))
      return 1;
  return 0;
}

int PMPI_Waitsome(int incount, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[])
{
  MPI_ENTER("MPI_Waitsome");
  CHECK_ARRAY(incount, reqs);
  CHECK_GREQ(incount, reqs, 0);
  if (!any_active(incount, reqs)) {
    *outcount = MPI_UNDEFINED;
    MPI_LEAVE(MPI_SUCCESS);
  }
  int err = MPI_SUCCESS;
  p2p_req_t **rs = gather_reqs(incount, reqs);
  int one = act_wait_any(rs, incount); /* one is done; collect it and any others */
  free(rs);
  collect_done(self, incount, reqs, outcount, idx, sts, &err, one);
  MPI_LEAVE(err);
}

int PMPI_Testsome(int incount, MPI_Request reqs[], int *outcount, int idx[], MPI_Status sts[])
{
  MPI_ENTER("MPI_Testsome");
  CHECK_ARRAY(incount, reqs);
  if (!any_active(incount, reqs)) {
    *outcount = MPI_UNDEFINED;
    MPI_LEAVE(MPI_SUCCESS);
  }
  int err = MPI_SUCCESS;
  poll_before(POLL_TEST);
  poll_after(POLL_TEST, collect_done(self, incount, reqs, outcount, idx, sts, &err, -1));
  MPI_LEAVE(err);
}

int PMPI_Testany(int count, MPI_Request reqs[], int *index, int *flag, MPI_Status *status)
{
  MPI_ENTER("MPI_Testany");
  CHECK_ARRAY(count, reqs);
  *index = MPI_UNDEFINED;
  if (!any_active(count, reqs)) {
    *flag = 1;
    empty_status(status);
    MPI_LEAVE(MPI_SUCCESS);
  }
  poll_before(POLL_TESTANY);
  for (int i = 0; i < count; i++)
    if (active(reqs[i]) && act_test(req_get(reqs[i]))) {
      poll_after(POLL_TESTANY, 1);
      *flag = 1;
      *index = i;
      MPI_LEAVE(complete_one(self, &reqs[i], status));
    }
  poll_after(POLL_TESTANY, 0);
  *flag = 0;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Testall(int count, MPI_Request reqs[], int *flag, MPI_Status sts[])
{
  MPI_ENTER("MPI_Testall");
  CHECK_ARRAY(count, reqs);
  int polled = any_active(count, reqs);
  if (polled)
    poll_before(POLL_TEST);
  for (int i = 0; i < count; i++)
    if (active(reqs[i]) && !act_test(req_get(reqs[i]))) {
      poll_after(POLL_TEST, 0);
      *flag = 0;
      MPI_LEAVE(MPI_SUCCESS);
    }
  if (polled)
    poll_after(POLL_TEST, 1);
  *flag = 1;
  int err = MPI_SUCCESS;
  for (int i = 0; i < count; i++) {
    if (!active(reqs[i]))
      empty_status(status_at(sts, i));
    else if (complete(self, &reqs[i], status_at(sts, i)))
      err = MPI_ERR_IN_STATUS;
  }
  MPI_LEAVE(err);
}

int PMPI_Request_free(MPI_Request *request)
{
  MPI_ENTER("MPI_Request_free");
  CHECK(request && req_get(*request), MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid request");
  p2p_req_t *r = req_get(*request);
  CHECK(r->kind != P2P_COLL || !r->active || r->done, MPI_COMM_WORLD, MPI_ERR_REQUEST,
        "an active nonblocking collective request cannot be freed (MPI 3.1, 5.12)");
  if (r->kind == P2P_PSEND || r->kind == P2P_PRECV) {
    CHECK(!r->active, r->comm, MPI_ERR_REQUEST,
          "an active partitioned request cannot be freed: complete it (MPI_Wait, MPI_Test) first");
    act_part_free(r);
  }
  if (r->kind == P2P_GREQ && r->active && !r->done) { /* its free callback now (as MPICH), the rest at completion */
    greq_t *g = r->owned;
    g->freed = 1;
    *request = MPI_REQUEST_NULL;
    int err = g->free(g->extra);
    CHECK(!err, MPI_COMM_WORLD, err, "the free callback of a generalized request failed (%d)", err);
    MPI_LEAVE(MPI_SUCCESS);
  }
  if (r->kind == P2P_GREQ) {
    int err = release(r);
    *request = MPI_REQUEST_NULL;
    CHECK(!err, MPI_COMM_WORLD, err, "the free callback of a generalized request failed (%d)", err);
    MPI_LEAVE(MPI_SUCCESS);
  }
  handle_release(r);
  if (r->kind == P2P_COLL && r->persistent)
    act_persist_free(r);
  if (r->also && (!r->also->active || r->also->done)) { /* else it completes on its own, as below */
    p2p_req_free(r->also);
    r->also = NULL;
  }
  if ((!r->active || r->done) && !r->also)
    p2p_req_free(r);
  else
    p2p_orphan(r); /* completes on its own; the matcher may still write into it */
  *request = MPI_REQUEST_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cancel(MPI_Request *request)
{
  MPI_ENTER("MPI_Cancel");
  CHECK(request && req_get(*request), MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid request");
  CHECK(req_get(*request)->kind != P2P_COLL, MPI_COMM_WORLD, MPI_ERR_REQUEST,
        "a nonblocking collective request cannot be cancelled (MPI 3.1, 5.12)");
  CHECK(req_get(*request)->kind != P2P_PSEND && req_get(*request)->kind != P2P_PRECV, req_get(*request)->comm,
        MPI_ERR_UNSUPPORTED_OPERATION, "simpi does not cancel partitioned requests");
  p2p_req_t *r = req_get(*request);
  if (r->kind == P2P_GREQ) {
    greq_t *g = r->owned;
    int err = r->active ? g->cancel(g->extra, r->done) : MPI_SUCCESS;
    CHECK(!err, MPI_COMM_WORLD, err, "the cancel callback of a generalized request failed (%d)", err);
    MPI_LEAVE(MPI_SUCCESS);
  }
  act_cancel(r); /* a send only while no receive matched it; otherwise it completes normally */
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
  MPI_ENTER("MPI_Request_get_status");
  CHECK(req_valid(request), MPI_COMM_WORLD, MPI_ERR_REQUEST, "invalid request");
  CHECK(flag, MPI_COMM_WORLD, MPI_ERR_ARG, "flag is NULL");
  if (!active(request)) {
    *flag = 1;
    empty_status(status);
    MPI_LEAVE(MPI_SUCCESS);
  }
  poll_before(POLL_TEST);
  *flag = act_test(req_get(request));
  poll_after(POLL_TEST, *flag);
  if (*flag) { /* the request stays as it is */
    MPI_Status mine;
    status_of(req_get(request), &mine);
    mpi_status_out(status, &mine);
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                        MPI_Grequest_cancel_function *cancel_fn, void *extra_state, MPI_Request *request)
{
  MPI_ENTER("MPI_Grequest_start");
  CHECK(query_fn && free_fn && cancel_fn && request, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_GREQ;
  r->owner = self->id;
  r->peer = MPI_PROC_NULL; /* nothing to trace */
  r->peer_world = -1;
  r->nonblocking = 1;
  r->active = 1;
  r->dt = dt_get(MPI_BYTE);
  r->comm = MPI_COMM_SELF;
  greq_t *g = malloc(sizeof *g);
  *g = (greq_t){query_fn, free_fn, cancel_fn, extra_state, 0};
  r->owned = g;
  *request = req_handle_new(r);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Grequest_complete(MPI_Request request)
{
  MPI_ENTER("MPI_Grequest_complete");
  p2p_req_t *r = req_get(request);
  CHECK(r && r->kind == P2P_GREQ && r->active && !r->done, MPI_COMM_WORLD, MPI_ERR_REQUEST,
        "not a pending generalized request");
  r->done = 1;
  if (((greq_t *)r->owned)->freed) {
    int err = release(r);
    CHECK(!err, MPI_COMM_WORLD, err, "the free callback of a generalized request failed (%d)", err);
  }
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
  *flag = status->simpi_cancelled;
  return MPI_SUCCESS;
}

int PMPI_Start(MPI_Request *request)
{
  MPI_ENTER("MPI_Start");
  p2p_req_t *r = request ? req_get(*request) : NULL;
  CHECK(r && r->persistent, MPI_COMM_WORLD, MPI_ERR_REQUEST, "not a persistent request");
  CHECK(!r->active, MPI_COMM_WORLD, MPI_ERR_REQUEST, "persistent request is already active");
  act_start(r);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Startall(int count, MPI_Request reqs[])
{
  MPI_ENTER("MPI_Startall");
  CHECK_ARRAY(count, reqs);
  for (int i = 0; i < count; i++) {
    p2p_req_t *r = req_get(reqs[i]);
    CHECK(r && r->persistent && !r->active, MPI_COMM_WORLD, MPI_ERR_REQUEST,
          "request %d is not an inactive persistent request", i);
  }
  for (int i = 0; i < count; i++)
    act_start(req_get(reqs[i]));
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Wait)
PMPI_ALIAS(Test)
PMPI_ALIAS(Waitall)
PMPI_ALIAS(Waitany)
PMPI_ALIAS(Waitsome)
PMPI_ALIAS(Testsome)
PMPI_ALIAS(Testany)
PMPI_ALIAS(Testall)
PMPI_ALIAS(Request_free)
PMPI_ALIAS(Cancel)
PMPI_ALIAS(Request_get_status)
PMPI_ALIAS(Grequest_start)
PMPI_ALIAS(Grequest_complete)
PMPI_ALIAS(Test_cancelled)
PMPI_ALIAS(Start)
PMPI_ALIAS(Startall)
