/* Collective calls, blocking, nonblocking and persistent: argument checks,
 * then one action each. Each call has one body (an always-inlined function,
 * so that call sites recorded by MPI_ENTER are the user's) serving the three
 * forms: a NULL request pointer means the blocking form, nb says which of
 * the other two. */
#include "mpi_impl.h"
#include "info.h"
#include "../core/op.h"
#include "request.h"
#include "../action/action.h"
#include "../compute/compute.h"
#include <stdlib.h>
#include <string.h>

#define BODY static inline __attribute__((always_inline)) int

/* On an intercommunicator the root is MPI_ROOT (the root itself), MPI_PROC_NULL
 * (the rest of its group) or a rank of the remote group. */
#define CHECK_ROOT(root, c, comm)                                                                                      \
  CHECK(comm_is_inter(c) ? (root) == MPI_ROOT || (root) == MPI_PROC_NULL || ((root) >= 0 && (root) < comm_peer_size(c)) \
                         : (root) >= 0 && (root) < comm_size(c),                                                       \
        comm, MPI_ERR_ROOT, "invalid root %d (communicator size %d)", root, comm_size(c))
#define AT_ROOT(c, root) (comm_is_inter(c) ? (root) == MPI_ROOT : comm_rank(c) == (root))
/* The collectives that exist on intercommunicators here. */
#define CHECK_INTRA(c, comm)                                                                                           \
  CHECK(!comm_is_inter(c), comm, MPI_ERR_COMM, "this collective is not supported on intercommunicators")
#define CHECK_OP(op, t, h, comm)                                                                                       \
  do {                                                                                                                 \
    CHECK(op_valid(op), comm, MPI_ERR_OP, "invalid operation (0x%x)", (unsigned)(op));                               \
    CHECK(!op_check(op, t), comm, MPI_ERR_OP, "operation 0x%x is not defined on %s", (unsigned)(op), (t)->name);    \
    if (!op_predefined(op))                                                                                            \
      op_note_type(h, t);                                                                                              \
  } while (0)
#define CHECK_NOT_IN_PLACE(buf, comm, what)                                                                            \
  CHECK((buf) != MPI_IN_PLACE, comm, MPI_ERR_BUFFER, "MPI_IN_PLACE is not allowed as the %s here", what)
#define CHECK_NOT_ALIASED(sbuf, rbuf, n, comm)                                                                         \
  CHECK((sbuf) != (rbuf) || (n) == 0 || !(sbuf) || cmp_in_shared_block(sbuf), comm, MPI_ERR_BUFFER,                                                 \
        "send and receive buffers are the same memory (use MPI_IN_PLACE)")
#define CHECK_ARRAY(arr, comm, what)                                                                                   \
  CHECK((arr) != NULL, comm, MPI_ERR_ARG, "null %s array", what)
#define CHECK_COUNTS(arr, n, comm, what)                                                                               \
  do {                                                                                                                 \
    CHECK_ARRAY(arr, comm, what);                                                                                      \
    for (int i_ = 0; i_ < (n); i_++)                                                                                   \
      CHECK((arr)[i_] >= 0, comm, MPI_ERR_COUNT, "negative count %d in %s[%d]", (arr)[i_], what, i_);                 \
  } while (0)
/* The three forms of each call: the blocking one, the I-form and the
 * persistent (_init) form, which also takes an info object. */
#define BLOCKING 0, MPI_INFO_NULL
#define NONBLOCKING 1, MPI_INFO_NULL
#define PERSISTENT 2
#define CHECK_REQ(nb, req, comm)                                                                                       \
  do {                                                                                                                 \
    CHECK(!(nb) || (req), comm, MPI_ERR_ARG, "request is NULL");                                                       \
    CHECK(info_valid(info), comm, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);                          \
  } while (0)
/* On an intercommunicator, the root's group but for the root (MPI_PROC_NULL) has
 * nothing to do and its arguments mean nothing; the call still counts, as
 * every member numbers collectives alike. */
#define NOTHING_AT_PROC_NULL(id, c, root, nb, req)                                                                     \
  do {                                                                                                                 \
    if (comm_is_inter(c) && (root) == MPI_PROC_NULL) {                                                                 \
      CHECK_REQ(nb, req, (c)->handle);                                                                                 \
      (c)->coll_seq++;                                                                                                 \
      if ((nb) == PERSISTENT) {                                                                                        \
        p2p_req_t *r_ = act_persist_noop(id, c);                                                                       \
        r_->comm = (c)->handle;                                                                                        \
        *(req) = req_handle_new(r_);                                                                                   \
      } else {                                                                                                         \
        act_coll_procnull(id, c);                                                                                      \
        if (nb)                                                                                                        \
          *(req) = req_completed(self);                                                                                \
      }                                                                                                                \
      MPI_LEAVE(MPI_SUCCESS);                                                                                          \
    }                                                                                                                  \
  } while (0)

/* Runs the blocking action act_fn args, or starts the nonblocking one, or
 * makes the persistent one, and returns its handle. */
#define RUN(req, comm, fn, args)                                                                                       \
  do {                                                                                                                 \
    if (req) {                                                                                                         \
      p2p_req_t *r_ = nb == PERSISTENT ? act_persist_##fn args : act_i##fn args;                                      \
      r_->comm = comm;                                                                                                 \
      *(req) = req_handle_new(r_);                                                                                     \
    } else {                                                                                                           \
      int rc_ = act_##fn args;                                                                                         \
      CHECK(!rc_, comm, rc_, "a message was truncated: the ranks' type signatures differ");                           \
    }                                                                                                                  \
  } while (0)

static long sum(const int *counts, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    s += counts[i];
  return s;
}

BODY barrier(const char *name, int nb, MPI_Info info, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, barrier, (c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY bcast(const char *name, int nb, MPI_Info info, void *buf, MPI_Count count, MPI_Datatype type, int root,
           MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(count, comm);
  CHECK_NOT_IN_PLACE(buf, comm, "buffer");
  CHECK_DBUF(buf, count, t, comm);
  CHECK_ROOT(root, c, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, bcast, (buf, (int)count, t, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY gather(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf,
            MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  NOTHING_AT_PROC_NULL(COLL_GATHER, c, root, nb, req);
  const dt_t *st = NULL, *rt = NULL;
  if (!(at_root && (sbuf == MPI_IN_PLACE || comm_is_inter(c)))) {
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer (only at the root)");
    CHECK_TYPE(stype, st_, comm);
    CHECK_COUNT(scount, comm);
    CHECK_DBUF(sbuf, scount, st_, comm);
    st = st_;
  }
  if (at_root) {
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_COUNT(rcount, comm);
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
    CHECK_DBUF(rbuf, rcount, rt_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, gather, (sbuf, (int)scount, st, rbuf, (int)rcount, rt, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY gatherv(const char *name, int nb, MPI_Info info, const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
             const int *rcounts, const int *displs, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  const dt_t *st = NULL, *rt = NULL;
  if (!(at_root && sbuf == MPI_IN_PLACE)) {
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer (only at the root)");
    CHECK_TYPE(stype, st_, comm);
    CHECK_COUNT(scount, comm);
    CHECK_DBUF(sbuf, scount, st_, comm);
    st = st_;
  }
  if (at_root) {
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_COUNTS(rcounts, comm_size(c), comm, "recvcounts");
    CHECK_ARRAY(displs, comm, "displs");
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
    CHECK_DBUF(rbuf, (int)(sum(rcounts, comm_size(c)) > 0), rt_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, scount, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, gatherv, (sbuf, scount, st, rbuf, rcounts, displs, rt, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY scatter(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
             void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  NOTHING_AT_PROC_NULL(COLL_SCATTER, c, root, nb, req);
  const dt_t *st = NULL, *rt = NULL;
  if (at_root) {
    CHECK_TYPE(stype, st_, comm);
    CHECK_COUNT(scount, comm);
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer");
    CHECK_DBUF(sbuf, scount, st_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, scount, comm);
    st = st_;
  }
  if (!(at_root && (rbuf == MPI_IN_PLACE || comm_is_inter(c)))) {
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer (only at the root)");
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_COUNT(rcount, comm);
    CHECK_DBUF(rbuf, rcount, rt_, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, scatter, (sbuf, (int)scount, st, rbuf, (int)rcount, rt, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY scatterv(const char *name, int nb, MPI_Info info, const void *sbuf, const int *scounts, const int *displs,
              MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  const dt_t *st = NULL, *rt = NULL;
  if (at_root) {
    CHECK_TYPE(stype, st_, comm);
    CHECK_COUNTS(scounts, comm_size(c), comm, "sendcounts");
    CHECK_ARRAY(displs, comm, "displs");
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer");
    CHECK_DBUF(sbuf, (int)(sum(scounts, comm_size(c)) > 0), st_, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm);
    st = st_;
  }
  if (!(at_root && rbuf == MPI_IN_PLACE)) {
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer (only at the root)");
    CHECK_TYPE(rtype, rt_, comm);
    CHECK_COUNT(rcount, comm);
    CHECK_DBUF(rbuf, rcount, rt_, comm);
    rt = rt_;
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, scatterv, (sbuf, scounts, displs, st, rbuf, rcount, rt, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

/* Allgather and alltoall: the send side unless MPI_IN_PLACE, then the receive side. */
#define CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, rcount, rtype, rt, comm)                                     \
  const dt_t *st = NULL;                                                                                               \
  if ((sbuf) != MPI_IN_PLACE) {                                                                                        \
    CHECK_TYPE(stype, st_, comm);                                                                                      \
    CHECK_COUNT(scount, comm);                                                                                         \
    CHECK_DBUF(sbuf, scount, st_, comm);                                                                               \
    st = st_;                                                                                                          \
  }                                                                                                                    \
  CHECK_TYPE(rtype, rt, comm);                                                                                         \
  CHECK_COUNT(rcount, comm);                                                                                           \
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");                                                                    \
  CHECK_DBUF(rbuf, rcount, rt, comm);                                                                                  \
  CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm)

BODY allgather(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
               void *rbuf, MPI_Count rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, rcount, rtype, rt, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, allgather, (sbuf, (int)scount, st, rbuf, (int)rcount, rt, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY allgatherv(const char *name, int nb, MPI_Info info, const void *sbuf, int scount, MPI_Datatype stype, void *rbuf,
                const int *rcounts, const int *displs, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  CHECK_COUNTS(rcounts, comm_size(c), comm, "recvcounts");
  CHECK_ARRAY(displs, comm, "displs");
  int any = sum(rcounts, comm_size(c)) > 0;
  CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, any, rtype, rt, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, allgatherv, (sbuf, scount, st, rbuf, rcounts, displs, rt, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY alltoall(const char *name, int nb, MPI_Info info, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
              void *rbuf, MPI_Count rcount, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_ALL_BLOCKS(sbuf, scount, stype, st, rbuf, rcount, rtype, rt, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, alltoall, (sbuf, (int)scount, st, rbuf, (int)rcount, rt, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY alltoallv(const char *name, int nb, MPI_Info info, const void *sbuf, const int *scounts, const int *sdispls,
               MPI_Datatype stype, void *rbuf, const int *rcounts, const int *rdispls, MPI_Datatype rtype,
               MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  int n = comm_size(c);
  const dt_t *st = NULL;
  if (sbuf != MPI_IN_PLACE) {
    CHECK_TYPE(stype, st_, comm);
    CHECK_COUNTS(scounts, n, comm, "sendcounts");
    CHECK_ARRAY(sdispls, comm, "sdispls");
    CHECK_DBUF(sbuf, (int)(sum(scounts, n) > 0), st_, comm);
    st = st_;
  }
  CHECK_TYPE(rtype, rt, comm);
  CHECK_COUNTS(rcounts, n, comm, "recvcounts");
  CHECK_ARRAY(rdispls, comm, "rdispls");
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_DBUF(rbuf, (int)(sum(rcounts, n) > 0), rt, comm);
  CHECK_NOT_ALIASED(sbuf, rbuf, (int)(sum(rcounts, n) > 0), comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, alltoallv, (sbuf, scounts, sdispls, st, rbuf, rcounts, rdispls, rt, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY alltoallw(const char *name, int nb, MPI_Info info, const void *sbuf, const int *scounts, const int *sdispls,
               const MPI_Datatype *stypes, void *rbuf, const int *rcounts, const int *rdispls,
               const MPI_Datatype *rtypes, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  int n = comm_size(c), in_place = sbuf == MPI_IN_PLACE;
  if (!in_place) {
    CHECK_COUNTS(scounts, n, comm, "sendcounts");
    CHECK_ARRAY(sdispls, comm, "sdispls");
    CHECK_ARRAY(stypes, comm, "sendtypes");
  }
  CHECK_COUNTS(rcounts, n, comm, "recvcounts");
  CHECK_ARRAY(rdispls, comm, "rdispls");
  CHECK_ARRAY(rtypes, comm, "recvtypes");
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_NOT_ALIASED(sbuf, rbuf, (int)(sum(rcounts, n) > 0), comm);
  CHECK_REQ(nb, req, comm);
  for (int i = 0; i < 2 * n; i++) {
    int recv = i >= n;
    MPI_Datatype h = recv ? rtypes[i - n] : in_place ? rtypes[i] : stypes[i];
    CHECK(dt_get(h), comm, MPI_ERR_TYPE, "invalid datatype (0x%x) in %s[%d]", (unsigned)h,
          recv ? "recvtypes" : "sendtypes", recv ? i - n : i);
  }
  const dt_t **types = malloc(sizeof *types * (2 * (size_t)(unsigned)n + 1));
  for (int i = 0; i < 2 * n; i++)
    types[i] = dt_get(i >= n ? rtypes[i - n] : in_place ? rtypes[i] : stypes[i]);
  RUN(req, comm, alltoallw, (sbuf, scounts, sdispls, rbuf, rcounts, rdispls, types, c));
  MPI_LEAVE(MPI_SUCCESS);
}

/* Reductions: the vector (count elements of type) and the operation. */
#define CHECK_VECTOR(count, type, t, op, comm)                                                                         \
  CHECK_TYPE(type, t, comm);                                                                                           \
  CHECK_COUNT(count, comm);                                                                                            \
  CHECK_OP(op, t, type, comm)

BODY reduce(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type,
            MPI_Op op, int root, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_VECTOR(count, type, t, op, comm);
  CHECK_ROOT(root, c, comm);
  int at_root = AT_ROOT(c, root);
  NOTHING_AT_PROC_NULL(COLL_REDUCE, c, root, nb, req);
  if (!at_root)
    CHECK_NOT_IN_PLACE(sbuf, comm, "send buffer (only at the root)");
  if (sbuf != MPI_IN_PLACE && !(at_root && comm_is_inter(c)))
    CHECK_DBUF(sbuf, count, t, comm);
  if (at_root) {
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
    CHECK_DBUF(rbuf, count, t, comm);
    CHECK_NOT_ALIASED(sbuf, rbuf, count, comm);
  }
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, reduce, (sbuf, rbuf, (int)count, t, op, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

/* Allreduce, scan, exscan: the same arguments. */
#define VECTOR_CALL(fn)                                                                                                \
  BODY fn(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, \
          MPI_Op op, MPI_Comm comm, MPI_Request *req)                                                                  \
  {                                                                                                                    \
    MPI_ENTER(name);                                                                                                   \
    CHECK_COMM(comm, c);                                                                                               \
    CHECK(!comm_is_inter(c) || strstr(name, "llreduce"), comm, MPI_ERR_COMM,                                           \
          "scans are not defined on intercommunicators");                                                              \
    CHECK_VECTOR(count, type, t, op, comm);                                                                            \
    if (sbuf != MPI_IN_PLACE)                                                                                          \
      CHECK_DBUF(sbuf, count, t, comm);                                                                                \
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");                                                                  \
    CHECK_DBUF(rbuf, count, t, comm);                                                                                  \
    CHECK_NOT_ALIASED(sbuf, rbuf, count, comm);                                                                        \
    CHECK_REQ(nb, req, comm);                                                                                          \
    RUN(req, comm, fn, (sbuf, rbuf, (int)count, t, op, c));                                                           \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }
VECTOR_CALL(allreduce)
VECTOR_CALL(scan)
VECTOR_CALL(exscan)

BODY reduce_scatter(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, const int *rcounts,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  CHECK_COUNTS(rcounts, comm_size(c), comm, "recvcounts");
  long total = sum(rcounts, comm_size(c));
  CHECK(total <= 0x7fffffff, comm, MPI_ERR_COUNT, "the counts add up to more than 2^31-1 elements");
  CHECK_VECTOR((int)total, type, t, op, comm);
  if (sbuf != MPI_IN_PLACE)
    CHECK_DBUF(sbuf, (int)total, t, comm);
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_DBUF(rbuf, rcounts[comm_rank(c)], t, comm);
  CHECK_NOT_ALIASED(sbuf, rbuf, (int)total, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, reduce_scatter, (sbuf, rbuf, rcounts, t, op, c));
  MPI_LEAVE(MPI_SUCCESS);
}

BODY reduce_scatter_block(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, int rcount,
                          MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA(c, comm);
  CHECK_VECTOR(rcount, type, t, op, comm);
  if (sbuf != MPI_IN_PLACE)
    CHECK_DBUF(sbuf, rcount, t, comm);
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_DBUF(rbuf, rcount, t, comm);
  CHECK_NOT_ALIASED(sbuf, rbuf, rcount, comm);
  CHECK_REQ(nb, req, comm);
  RUN(req, comm, reduce_scatter_block, (sbuf, rbuf, rcount, t, op, c));
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
  MPI_ENTER("MPI_Reduce_local");
  CHECK_VECTOR(count, type, t, op, MPI_COMM_WORLD);
  CHECK_NOT_IN_PLACE(in, MPI_COMM_WORLD, "input buffer");
  CHECK_NOT_IN_PLACE(inout, MPI_COMM_WORLD, "input/output buffer");
  CHECK_DBUF(in, count, t, MPI_COMM_WORLD);
  CHECK_DBUF(inout, count, t, MPI_COMM_WORLD);
  act_reduce_local(in, inout, count, t, op);
  MPI_LEAVE(MPI_SUCCESS);
}

/* ---- the entry points ---- */

int PMPI_Barrier(MPI_Comm comm) { return barrier("MPI_Barrier", BLOCKING, comm, NULL); }
int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *req) { return barrier("MPI_Ibarrier", NONBLOCKING, comm, req); }

int PMPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  return bcast("MPI_Bcast", BLOCKING, buf, count, type, root, comm, NULL);
}
int PMPI_Ibcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req)
{
  return bcast("MPI_Ibcast", NONBLOCKING, buf, count, type, root, comm, req);
}

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                int root, MPI_Comm comm)
{
  return gather("MPI_Gather", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Igather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 int root, MPI_Comm comm, MPI_Request *req)
{
  return gather("MPI_Igather", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}

int PMPI_Gatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                 const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return gatherv("MPI_Gatherv", BLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, NULL);
}
int PMPI_Igatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                  const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return gatherv("MPI_Igatherv", NONBLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm, req);
}

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 int root, MPI_Comm comm)
{
  return scatter("MPI_Scatter", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Iscatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                  int root, MPI_Comm comm, MPI_Request *req)
{
  return scatter("MPI_Iscatter", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}

int PMPI_Scatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void *rbuf,
                  int rcount, MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return scatterv("MPI_Scatterv", BLOCKING, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Iscatterv(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void *rbuf,
                   int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return scatterv("MPI_Iscatterv", NONBLOCKING, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm, req);
}

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                   MPI_Comm comm)
{
  return allgather("MPI_Allgather", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Iallgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                    MPI_Comm comm, MPI_Request *req)
{
  return allgather("MPI_Iallgather", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}

int PMPI_Allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                    const int displs[], MPI_Datatype rtype, MPI_Comm comm)
{
  return allgatherv("MPI_Allgatherv", BLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, NULL);
}
int PMPI_Iallgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                     const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return allgatherv("MPI_Iallgatherv", NONBLOCKING, sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm, req);
}

int PMPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                  MPI_Comm comm)
{
  return alltoall("MPI_Alltoall", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Ialltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                   MPI_Comm comm, MPI_Request *req)
{
  return alltoall("MPI_Ialltoall", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}

int PMPI_Alltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, void *rbuf,
                   const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm)
{
  return alltoallv("MPI_Alltoallv", BLOCKING, sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm, NULL);
}
int PMPI_Ialltoallv(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, void *rbuf,
                    const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return alltoallv("MPI_Ialltoallv", NONBLOCKING, sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm,
                   req);
}

int PMPI_Alltoallw(const void *sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                   void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm)
{
  return alltoallw("MPI_Alltoallw", BLOCKING, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, comm,
                   NULL);
}
int PMPI_Ialltoallw(const void *sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                    void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[], MPI_Comm comm,
                    MPI_Request *req)
{
  return alltoallw("MPI_Ialltoallw", NONBLOCKING, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes,
                   comm, req);
}

int PMPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  return reduce("MPI_Reduce", BLOCKING, sbuf, rbuf, count, type, op, root, comm, NULL);
}
int PMPI_Ireduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                 MPI_Request *req)
{
  return reduce("MPI_Ireduce", NONBLOCKING, sbuf, rbuf, count, type, op, root, comm, req);
}

int PMPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return allreduce("MPI_Allreduce", BLOCKING, sbuf, rbuf, count, type, op, comm, NULL);
}
int PMPI_Iallreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                    MPI_Request *req)
{
  return allreduce("MPI_Iallreduce", NONBLOCKING, sbuf, rbuf, count, type, op, comm, req);
}

int PMPI_Scan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return scan("MPI_Scan", BLOCKING, sbuf, rbuf, count, type, op, comm, NULL);
}
int PMPI_Iscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
               MPI_Request *req)
{
  return scan("MPI_Iscan", NONBLOCKING, sbuf, rbuf, count, type, op, comm, req);
}

int PMPI_Exscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return exscan("MPI_Exscan", BLOCKING, sbuf, rbuf, count, type, op, comm, NULL);
}
int PMPI_Iexscan(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                 MPI_Request *req)
{
  return exscan("MPI_Iexscan", NONBLOCKING, sbuf, rbuf, count, type, op, comm, req);
}

int PMPI_Reduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                        MPI_Comm comm)
{
  return reduce_scatter("MPI_Reduce_scatter", BLOCKING, sbuf, rbuf, rcounts, type, op, comm, NULL);
}
int PMPI_Ireduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                         MPI_Comm comm, MPI_Request *req)
{
  return reduce_scatter("MPI_Ireduce_scatter", NONBLOCKING, sbuf, rbuf, rcounts, type, op, comm, req);
}

int PMPI_Reduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                              MPI_Comm comm)
{
  return reduce_scatter_block("MPI_Reduce_scatter_block", BLOCKING, sbuf, rbuf, rcount, type, op, comm, NULL);
}
int PMPI_Ireduce_scatter_block(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                               MPI_Comm comm, MPI_Request *req)
{
  return reduce_scatter_block("MPI_Ireduce_scatter_block", NONBLOCKING, sbuf, rbuf, rcount, type, op, comm, req);
}

/* ---- the persistent forms (MPI 4.0) ---- */

int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return barrier("MPI_Barrier_init", PERSISTENT, info, comm, req);
}
int PMPI_Bcast_init(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Info info,
                    MPI_Request *req)
{
  return bcast("MPI_Bcast_init", PERSISTENT, info, buf, count, type, root, comm, req);
}
int PMPI_Gather_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                     int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return gather("MPI_Gather_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Gatherv_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                      const int displs[], MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *req)
{
  return gatherv("MPI_Gatherv_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm,
                 req);
}
int PMPI_Scatter_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                      int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return scatter("MPI_Scatter_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Scatterv_init(const void *sbuf, const int scounts[], const int displs[], MPI_Datatype stype, void *rbuf,
                       int rcount, MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return scatterv("MPI_Scatterv_init", PERSISTENT, info, sbuf, scounts, displs, stype, rbuf, rcount, rtype, root,
                  comm, req);
}
int PMPI_Allgather_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                        MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return allgather("MPI_Allgather_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Allgatherv_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int rcounts[],
                         const int displs[], MPI_Datatype rtype, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return allgatherv("MPI_Allgatherv_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm,
                    req);
}
int PMPI_Alltoall_init(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                       MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoall("MPI_Alltoall_init", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Alltoallv_init(const void *sbuf, const int scounts[], const int sdispls[], MPI_Datatype stype, void *rbuf,
                        const int rcounts[], const int rdispls[], MPI_Datatype rtype, MPI_Comm comm, MPI_Info info,
                        MPI_Request *req)
{
  return alltoallv("MPI_Alltoallv_init", PERSISTENT, info, sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls,
                   rtype, comm, req);
}
int PMPI_Alltoallw_init(const void *sbuf, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                        void *rbuf, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                        MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoallw("MPI_Alltoallw_init", PERSISTENT, info, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls,
                   rtypes, comm, req);
}
int PMPI_Reduce_init(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm,
                     MPI_Info info, MPI_Request *req)
{
  return reduce("MPI_Reduce_init", PERSISTENT, info, sbuf, rbuf, count, type, op, root, comm, req);
}
int PMPI_Allreduce_init(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                        MPI_Info info, MPI_Request *req)
{
  return allreduce("MPI_Allreduce_init", PERSISTENT, info, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Scan_init(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Info info, MPI_Request *req)
{
  return scan("MPI_Scan_init", PERSISTENT, info, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Exscan_init(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                     MPI_Info info, MPI_Request *req)
{
  return exscan("MPI_Exscan_init", PERSISTENT, info, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Reduce_scatter_init(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return reduce_scatter("MPI_Reduce_scatter_init", PERSISTENT, info, sbuf, rbuf, rcounts, type, op, comm, req);
}
int PMPI_Reduce_scatter_block_init(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return reduce_scatter_block("MPI_Reduce_scatter_block_init", PERSISTENT, info, sbuf, rbuf, rcount, type, op, comm,
                              req);
}

/* ---- the large-count forms (MPI 4.0): counts above INT_MAX are refused (CHECK_COUNT) ---- */

int PMPI_Bcast_c(void *buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm)
{
  return bcast("MPI_Bcast_c", BLOCKING, buf, count, type, root, comm, NULL);
}
int PMPI_Ibcast_c(void *buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request *req)
{
  return bcast("MPI_Ibcast_c", NONBLOCKING, buf, count, type, root, comm, req);
}
int PMPI_Bcast_init_c(void *buf, MPI_Count count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Info info,
                      MPI_Request *req)
{
  return bcast("MPI_Bcast_init_c", PERSISTENT, info, buf, count, type, root, comm, req);
}
int PMPI_Gather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                  MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return gather("MPI_Gather_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Igather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                   MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return gather("MPI_Igather_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Gather_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                       MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return gather("MPI_Gather_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Scatter_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                   MPI_Datatype rtype, int root, MPI_Comm comm)
{
  return scatter("MPI_Scatter_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, NULL);
}
int PMPI_Iscatter_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                    MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Request *req)
{
  return scatter("MPI_Iscatter_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Scatter_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                        MPI_Datatype rtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return scatter("MPI_Scatter_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req);
}
int PMPI_Allgather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                     MPI_Datatype rtype, MPI_Comm comm)
{
  return allgather("MPI_Allgather_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Iallgather_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                      MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return allgather("MPI_Iallgather_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Allgather_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                          MPI_Datatype rtype, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return allgather("MPI_Allgather_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Alltoall_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                    MPI_Datatype rtype, MPI_Comm comm)
{
  return alltoall("MPI_Alltoall_c", BLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, NULL);
}
int PMPI_Ialltoall_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                     MPI_Datatype rtype, MPI_Comm comm, MPI_Request *req)
{
  return alltoall("MPI_Ialltoall_c", NONBLOCKING, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Alltoall_init_c(const void *sbuf, MPI_Count scount, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                         MPI_Datatype rtype, MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return alltoall("MPI_Alltoall_init_c", PERSISTENT, info, sbuf, scount, stype, rbuf, rcount, rtype, comm, req);
}
int PMPI_Reduce_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  return reduce("MPI_Reduce_c", BLOCKING, sbuf, rbuf, count, type, op, root, comm, NULL);
}
int PMPI_Ireduce_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, int root,
                   MPI_Comm comm, MPI_Request *req)
{
  return reduce("MPI_Ireduce_c", NONBLOCKING, sbuf, rbuf, count, type, op, root, comm, req);
}
int PMPI_Reduce_init_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, int root,
                       MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return reduce("MPI_Reduce_init_c", PERSISTENT, info, sbuf, rbuf, count, type, op, root, comm, req);
}
int PMPI_Allreduce_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return allreduce("MPI_Allreduce_c", BLOCKING, sbuf, rbuf, count, type, op, comm, NULL);
}
int PMPI_Iallreduce_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                      MPI_Request *req)
{
  return allreduce("MPI_Iallreduce_c", NONBLOCKING, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Allreduce_init_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                          MPI_Info info, MPI_Request *req)
{
  return allreduce("MPI_Allreduce_init_c", PERSISTENT, info, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Scan_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return scan("MPI_Scan_c", BLOCKING, sbuf, rbuf, count, type, op, comm, NULL);
}
int PMPI_Iscan_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                 MPI_Request *req)
{
  return scan("MPI_Iscan_c", NONBLOCKING, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Scan_init_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                     MPI_Info info, MPI_Request *req)
{
  return scan("MPI_Scan_init_c", PERSISTENT, info, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Exscan_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  return exscan("MPI_Exscan_c", BLOCKING, sbuf, rbuf, count, type, op, comm, NULL);
}
int PMPI_Iexscan_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                   MPI_Request *req)
{
  return exscan("MPI_Iexscan_c", NONBLOCKING, sbuf, rbuf, count, type, op, comm, req);
}
int PMPI_Exscan_init_c(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                       MPI_Info info, MPI_Request *req)
{
  return exscan("MPI_Exscan_init_c", PERSISTENT, info, sbuf, rbuf, count, type, op, comm, req);
}

PMPI_ALIAS(Barrier)
PMPI_ALIAS(Ibarrier)
PMPI_ALIAS(Bcast)
PMPI_ALIAS(Ibcast)
PMPI_ALIAS(Gather)
PMPI_ALIAS(Igather)
PMPI_ALIAS(Gatherv)
PMPI_ALIAS(Igatherv)
PMPI_ALIAS(Scatter)
PMPI_ALIAS(Iscatter)
PMPI_ALIAS(Scatterv)
PMPI_ALIAS(Iscatterv)
PMPI_ALIAS(Allgather)
PMPI_ALIAS(Iallgather)
PMPI_ALIAS(Allgatherv)
PMPI_ALIAS(Iallgatherv)
PMPI_ALIAS(Alltoall)
PMPI_ALIAS(Ialltoall)
PMPI_ALIAS(Alltoallv)
PMPI_ALIAS(Ialltoallv)
PMPI_ALIAS(Alltoallw)
PMPI_ALIAS(Ialltoallw)
PMPI_ALIAS(Reduce)
PMPI_ALIAS(Ireduce)
PMPI_ALIAS(Allreduce)
PMPI_ALIAS(Iallreduce)
PMPI_ALIAS(Scan)
PMPI_ALIAS(Iscan)
PMPI_ALIAS(Exscan)
PMPI_ALIAS(Iexscan)
PMPI_ALIAS(Reduce_scatter)
PMPI_ALIAS(Ireduce_scatter)
PMPI_ALIAS(Reduce_scatter_block)
PMPI_ALIAS(Ireduce_scatter_block)
PMPI_ALIAS(Reduce_local)
PMPI_ALIAS(Barrier_init)
PMPI_ALIAS(Bcast_init)
PMPI_ALIAS(Gather_init)
PMPI_ALIAS(Gatherv_init)
PMPI_ALIAS(Scatter_init)
PMPI_ALIAS(Scatterv_init)
PMPI_ALIAS(Allgather_init)
PMPI_ALIAS(Allgatherv_init)
PMPI_ALIAS(Alltoall_init)
PMPI_ALIAS(Alltoallv_init)
PMPI_ALIAS(Alltoallw_init)
PMPI_ALIAS(Reduce_init)
PMPI_ALIAS(Allreduce_init)
PMPI_ALIAS(Scan_init)
PMPI_ALIAS(Exscan_init)
PMPI_ALIAS(Reduce_scatter_init)
PMPI_ALIAS(Reduce_scatter_block_init)
PMPI_ALIAS(Bcast_c)
PMPI_ALIAS(Ibcast_c)
PMPI_ALIAS(Bcast_init_c)
PMPI_ALIAS(Gather_c)
PMPI_ALIAS(Igather_c)
PMPI_ALIAS(Gather_init_c)
PMPI_ALIAS(Scatter_c)
PMPI_ALIAS(Iscatter_c)
PMPI_ALIAS(Scatter_init_c)
PMPI_ALIAS(Allgather_c)
PMPI_ALIAS(Iallgather_c)
PMPI_ALIAS(Allgather_init_c)
PMPI_ALIAS(Alltoall_c)
PMPI_ALIAS(Ialltoall_c)
PMPI_ALIAS(Alltoall_init_c)
PMPI_ALIAS(Reduce_c)
PMPI_ALIAS(Ireduce_c)
PMPI_ALIAS(Reduce_init_c)
PMPI_ALIAS(Allreduce_c)
PMPI_ALIAS(Iallreduce_c)
PMPI_ALIAS(Allreduce_init_c)
PMPI_ALIAS(Scan_c)
PMPI_ALIAS(Iscan_c)
PMPI_ALIAS(Scan_init_c)
PMPI_ALIAS(Exscan_c)
PMPI_ALIAS(Iexscan_c)
PMPI_ALIAS(Exscan_init_c)
