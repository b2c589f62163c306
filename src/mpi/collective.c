/* Collective calls: argument checks, then one action each. */
#include "mpi_impl.h"
#include "op.h"
#include "../action/action.h"

#define CHECK_ROOT(root, c, comm)                                                                                      \
  CHECK((root) >= 0 && (root) < comm_size(c), comm, MPI_ERR_ROOT, "invalid root %d (communicator size %d)", root,  \
        comm_size(c))
#define CHECK_OP(op, t, comm)                                                                                          \
  do {                                                                                                                 \
    int e_ = op_check(op, t);                                                                                          \
    CHECK(!e_, comm, MPI_ERR_OP, "operation 0x%x is not defined on %s", (unsigned)(op), (t)->name);                   \
  } while (0)

int PMPI_Barrier(MPI_Comm comm)
{
  MPI_ENTER("MPI_Barrier");
  CHECK_COMM(comm, c);
  act_barrier(c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
  MPI_ENTER("MPI_Bcast");
  CHECK_COMM(comm, c);
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(count, comm);
  CHECK_DBUF(buf, count, t, comm);
  CHECK_ROOT(root, c, comm);
  act_bcast(buf, count, t, root, c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Reduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
  MPI_ENTER("MPI_Reduce");
  CHECK_COMM(comm, c);
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(count, comm);
  CHECK_DBUF(sbuf, count, t, comm);
  CHECK_ROOT(root, c, comm);
  CHECK_OP(op, t, comm);
  CHECK(comm_rank(c) != root || rbuf || !count || t->derived, comm, MPI_ERR_BUFFER, "null receive buffer at the root");
  act_reduce(sbuf, rbuf, count, t, op, root, c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
  MPI_ENTER("MPI_Allreduce");
  CHECK_COMM(comm, c);
  CHECK_TYPE(type, t, comm);
  CHECK_COUNT(count, comm);
  CHECK_DBUF(sbuf, count, t, comm);
  CHECK_DBUF(rbuf, count, t, comm);
  CHECK_OP(op, t, comm);
  act_allreduce(sbuf, rbuf, count, t, op, c);
  MPI_LEAVE(MPI_SUCCESS);
}

#define CHECK_BLOCKS(sbuf, scount, stype, st, rcount, rtype, rt, comm)                                                \
  CHECK_TYPE(stype, st, comm);                                                                                         \
  CHECK_TYPE(rtype, rt, comm);                                                                                         \
  CHECK_COUNT(scount, comm);                                                                                           \
  CHECK_COUNT(rcount, comm);                                                                                           \
  CHECK_DBUF(sbuf, scount, st, comm)

int PMPI_Gather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                int root, MPI_Comm comm)
{
  MPI_ENTER("MPI_Gather");
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  CHECK_BLOCKS(sbuf, scount, stype, st, rcount, rtype, rt, comm);
  CHECK(comm_rank(c) != root || rbuf || !rcount || rt->derived, comm, MPI_ERR_BUFFER, "null receive buffer at the root");
  act_gather(sbuf, scount, st, rbuf, rcount, rt, root, c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Scatter(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 int root, MPI_Comm comm)
{
  MPI_ENTER("MPI_Scatter");
  CHECK_COMM(comm, c);
  CHECK_ROOT(root, c, comm);
  CHECK_TYPE(stype, st, comm);
  CHECK_TYPE(rtype, rt, comm);
  CHECK_COUNT(scount, comm);
  CHECK_COUNT(rcount, comm);
  CHECK(comm_rank(c) != root || sbuf || !scount || st->derived, comm, MPI_ERR_BUFFER, "null send buffer at the root");
  CHECK_DBUF(rbuf, rcount, rt, comm);
  act_scatter(sbuf, scount, st, rbuf, rcount, rt, root, c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                   MPI_Comm comm)
{
  MPI_ENTER("MPI_Allgather");
  CHECK_COMM(comm, c);
  CHECK_BLOCKS(sbuf, scount, stype, st, rcount, rtype, rt, comm);
  CHECK_DBUF(rbuf, rcount, rt, comm);
  act_allgather(sbuf, scount, st, rbuf, rcount, rt, c);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                  MPI_Comm comm)
{
  MPI_ENTER("MPI_Alltoall");
  CHECK_COMM(comm, c);
  CHECK_BLOCKS(sbuf, scount, stype, st, rcount, rtype, rt, comm);
  CHECK_DBUF(rbuf, rcount, rt, comm);
  act_alltoall(sbuf, scount, st, rbuf, rcount, rt, c);
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Barrier)
PMPI_ALIAS(Bcast)
PMPI_ALIAS(Reduce)
PMPI_ALIAS(Allreduce)
PMPI_ALIAS(Gather)
PMPI_ALIAS(Scatter)
PMPI_ALIAS(Allgather)
PMPI_ALIAS(Alltoall)
