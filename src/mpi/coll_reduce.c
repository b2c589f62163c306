/* Reductions, blocking, nonblocking and persistent: reduce, allreduce,
 * scans and reduce-scatters, checked, then one action each
 * (collective.h); MPI_Reduce_local and the user operations (the operations
 * themselves are in src/core/op.c). */
#include "collective.h"

/* Reductions: the vector (count elements of type) and the operation. */
#define CHECK_VECTOR(count, type, t, op, comm)                                                                         \
  CHECK_TYPE(type, t, comm);                                                                                           \
  CHECK_NONNEG(count, comm);                                                                                           \
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
  RUN(req, comm, reduce, (sbuf, rbuf, count, t, op, root, c));
  MPI_LEAVE(MPI_SUCCESS);
}

/* Allreduce, scan, exscan: the same arguments. */
#define VECTOR_CALL(fn)                                                                                                \
  BODY fn(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type,   \
          MPI_Op op, MPI_Comm comm, MPI_Request *req)                                                                  \
  {                                                                                                                    \
    MPI_ENTER(name);                                                                                                   \
    CHECK_COMM(comm, c);                                                                                               \
    CHECK(!comm_is_inter(c) || strstr(name, "llreduce"), comm, MPI_ERR_COMM,                                           \
          "scans are not defined on intercommunicators");                                                              \
    CHECK_INTRA_IN_PLACE(sbuf, c, comm);                                                                               \
    CHECK_VECTOR(count, type, t, op, comm);                                                                            \
    if (sbuf != MPI_IN_PLACE)                                                                                          \
      CHECK_DBUF(sbuf, count, t, comm);                                                                                \
    CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");                                                                  \
    CHECK_DBUF(rbuf, count, t, comm);                                                                                  \
    CHECK_NOT_ALIASED(sbuf, rbuf, count, comm);                                                                        \
    CHECK_REQ(nb, req, comm);                                                                                          \
    RUN(req, comm, fn, (sbuf, rbuf, count, t, op, c));                                                                 \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }
VECTOR_CALL(allreduce)
VECTOR_CALL(scan)
VECTOR_CALL(exscan)

BODY reduce_scatter(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, const MPI_Count *rcounts,
                    MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *req, wide_t *w)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
  WIDEN(rcounts, w, 1, comm_size(c), comm, "recvcounts");
  CHECK_COUNTS(rcounts, comm_size(c), comm, "recvcounts");
  MPI_Count total = sum(rcounts, comm_size(c));
  CHECK_VECTOR(total, type, t, op, comm);
  if (sbuf != MPI_IN_PLACE)
    CHECK_DBUF(sbuf, total, t, comm);
  CHECK_NOT_IN_PLACE(rbuf, comm, "receive buffer");
  CHECK_DBUF(rbuf, rcounts[comm_rank(c)], t, comm);
  CHECK_NOT_ALIASED(sbuf, rbuf, total, comm);
  CHECK_REQ(nb, req, comm);
  RUN_W(req, comm, reduce_scatter, (sbuf, rbuf, rcounts, t, op, c), w);
  MPI_LEAVE(MPI_SUCCESS);
}

BODY reduce_scatter_block(const char *name, int nb, MPI_Info info, const void *sbuf, void *rbuf, MPI_Count rcount,
                          MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Request *req)
{
  MPI_ENTER(name);
  CHECK_COMM(comm, c);
  CHECK_INTRA_IN_PLACE(sbuf, c, comm);
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

static int reduce_local(rt_rank_t *self, const void *in, void *inout, MPI_Count count, MPI_Datatype type, MPI_Op op)
{
  CHECK_VECTOR(count, type, t, op, MPI_COMM_WORLD);
  CHECK_NOT_IN_PLACE(in, MPI_COMM_WORLD, "input buffer");
  CHECK_NOT_IN_PLACE(inout, MPI_COMM_WORLD, "input/output buffer");
  CHECK_DBUF(in, count, t, MPI_COMM_WORLD);
  CHECK_DBUF(inout, count, t, MPI_COMM_WORLD);
  act_reduce_local(in, inout, count, t, op);
  return MPI_SUCCESS;
}

int PMPI_Reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
  MPI_ENTER("MPI_Reduce_local");
  MPI_LEAVE(reduce_local(self, in, inout, count, type, op));
}

int PMPI_Reduce_local_c(const void *in, void *inout, MPI_Count count, MPI_Datatype type, MPI_Op op)
{
  MPI_ENTER("MPI_Reduce_local_c");
  MPI_LEAVE(reduce_local(self, in, inout, count, type, op));
}

int PMPI_Reduce_scatter_block_c(const void *sbuf, void *rbuf, MPI_Count rcount, MPI_Datatype type, MPI_Op op,
                                MPI_Comm comm)
{
  return reduce_scatter_block("MPI_Reduce_scatter_block_c", BLOCKING, sbuf, rbuf, rcount, type, op, comm, NULL);
}
int PMPI_Ireduce_scatter_block_c(const void *sbuf, void *rbuf, MPI_Count rcount, MPI_Datatype type, MPI_Op op,
                                 MPI_Comm comm, MPI_Request *req)
{
  return reduce_scatter_block("MPI_Ireduce_scatter_block_c", NONBLOCKING, sbuf, rbuf, rcount, type, op, comm, req);
}
int PMPI_Reduce_scatter_block_init_c(const void *sbuf, void *rbuf, MPI_Count rcount, MPI_Datatype type, MPI_Op op,
                                     MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return reduce_scatter_block("MPI_Reduce_scatter_block_init_c", PERSISTENT, info, sbuf, rbuf, rcount, type, op, comm,
                              req);
}

/* ---- the entry points ---- */

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
  wide_t w = WIDE(NULL, NULL, rcounts, NULL);
  return wide_free(&w, reduce_scatter("MPI_Reduce_scatter", BLOCKING, sbuf, rbuf, NULL, type, op, comm, NULL, &w));
}
int PMPI_Ireduce_scatter(const void *sbuf, void *rbuf, const int rcounts[], MPI_Datatype type, MPI_Op op,
                         MPI_Comm comm, MPI_Request *req)
{
  wide_t w = WIDE(NULL, NULL, rcounts, NULL);
  return wide_free(&w, reduce_scatter("MPI_Ireduce_scatter", NONBLOCKING, sbuf, rbuf, NULL, type, op, comm, req, &w));
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
  wide_t w = WIDE(NULL, NULL, rcounts, NULL);
  return wide_free(
      &w, reduce_scatter("MPI_Reduce_scatter_init", PERSISTENT, info, sbuf, rbuf, NULL, type, op, comm, req, &w));
}
int PMPI_Reduce_scatter_block_init(const void *sbuf, void *rbuf, int rcount, MPI_Datatype type, MPI_Op op,
                                   MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return reduce_scatter_block("MPI_Reduce_scatter_block_init", PERSISTENT, info, sbuf, rbuf, rcount, type, op, comm,
                              req);
}

/* ---- the large-count forms (MPI 4.0): any count an MPI_Count holds ---- */

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

/* User operations. */

static int op_new(rt_rank_t *self, MPI_User_function *fn, MPI_User_function_c *fn_c, int commute, MPI_Op *op)
{
  CHECK(fn || fn_c, MPI_COMM_WORLD, MPI_ERR_ARG, "null user function");
  CHECK(op, MPI_COMM_WORLD, MPI_ERR_ARG, "null op argument");
  *op = op_create(fn, fn_c, commute);
  CHECK(*op != MPI_OP_NULL, MPI_COMM_WORLD, MPI_ERR_INTERN, "too many user operations");
  return MPI_SUCCESS;
}

int PMPI_Op_create(MPI_User_function *fn, int commute, MPI_Op *op)
{
  MPI_ENTER("MPI_Op_create");
  MPI_LEAVE(op_new(self, fn, NULL, commute, op));
}

int PMPI_Op_create_c(MPI_User_function_c *fn, int commute, MPI_Op *op)
{
  MPI_ENTER("MPI_Op_create_c");
  MPI_LEAVE(op_new(self, NULL, fn, commute, op));
}

int PMPI_Op_free(MPI_Op *op)
{
  MPI_ENTER("MPI_Op_free");
  CHECK(op, MPI_COMM_WORLD, MPI_ERR_ARG, "null op argument");
  CHECK(!op_predefined(*op), MPI_COMM_WORLD, MPI_ERR_OP, "cannot free a predefined operation");
  CHECK(op_valid(*op), MPI_COMM_WORLD, MPI_ERR_OP, "invalid operation (0x%x)", (unsigned)*op);
  op_free(*op);
  *op = MPI_OP_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Op_commutative(MPI_Op op, int *commute)
{
  MPI_ENTER("MPI_Op_commutative");
  CHECK(op_valid(op), MPI_COMM_WORLD, MPI_ERR_OP, "invalid operation (0x%x)", (unsigned)op);
  CHECK(commute, MPI_COMM_WORLD, MPI_ERR_ARG, "null commute argument");
  *commute = op_commutative(op);
  MPI_LEAVE(MPI_SUCCESS);
}

/* ---- the large-count v- and w-forms: counts and displacements narrowed to ints (NARROW) ---- */

int PMPI_Reduce_scatter_c(const void *sbuf, void *rbuf, const MPI_Count rcounts[], MPI_Datatype type, MPI_Op op,
                          MPI_Comm comm)
{
  return reduce_scatter("MPI_Reduce_scatter_c", BLOCKING, sbuf, rbuf, rcounts, type, op, comm, NULL, NULL);
}
int PMPI_Ireduce_scatter_c(const void *sbuf, void *rbuf, const MPI_Count rcounts[], MPI_Datatype type, MPI_Op op,
                           MPI_Comm comm, MPI_Request *req)
{
  return reduce_scatter("MPI_Ireduce_scatter_c", NONBLOCKING, sbuf, rbuf, rcounts, type, op, comm, req, NULL);
}
int PMPI_Reduce_scatter_init_c(const void *sbuf, void *rbuf, const MPI_Count rcounts[], MPI_Datatype type, MPI_Op op,
                               MPI_Comm comm, MPI_Info info, MPI_Request *req)
{
  return reduce_scatter("MPI_Reduce_scatter_init_c", PERSISTENT, info, sbuf, rbuf, rcounts, type, op, comm, req, NULL);
}

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
PMPI_ALIAS(Reduce_init)
PMPI_ALIAS(Allreduce_init)
PMPI_ALIAS(Scan_init)
PMPI_ALIAS(Exscan_init)
PMPI_ALIAS(Reduce_scatter_init)
PMPI_ALIAS(Reduce_scatter_block_init)
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
PMPI_ALIAS(Op_create)
PMPI_ALIAS(Op_create_c)
PMPI_ALIAS(Reduce_local_c)
PMPI_ALIAS(Reduce_scatter_block_c)
PMPI_ALIAS(Ireduce_scatter_block_c)
PMPI_ALIAS(Reduce_scatter_block_init_c)
PMPI_ALIAS(Op_free)
PMPI_ALIAS(Op_commutative)
PMPI_ALIAS(Reduce_scatter_c)
PMPI_ALIAS(Ireduce_scatter_c)
PMPI_ALIAS(Reduce_scatter_init_c)
