/* Handles and statuses between C and Fortran (MPI_Comm_c2f, MPI_Status_f2c,
 * ...): a handle is an int in both languages, with the same value; a Fortran
 * status is the C status as MPI_F_STATUS_SIZE integers (mpi.h). */
#include "mpi_impl.h"
#include <stddef.h>
#include <string.h>

_Static_assert(sizeof(MPI_Status) == MPI_F_STATUS_SIZE * sizeof(MPI_Fint), "a Fortran status holds a C status");
_Static_assert(offsetof(MPI_Status, MPI_SOURCE) == MPI_F_SOURCE * sizeof(MPI_Fint) &&
                   offsetof(MPI_Status, MPI_TAG) == MPI_F_TAG * sizeof(MPI_Fint) &&
                   offsetof(MPI_Status, MPI_ERROR) == MPI_F_ERROR * sizeof(MPI_Fint),
               "the public fields are where Fortran looks");

#define C2F(T, kind)                                                                                                  \
  MPI_Fint PMPI_##kind##_c2f(MPI_##T handle) { return (MPI_Fint)handle; }                                            \
  MPI_##T PMPI_##kind##_f2c(MPI_Fint handle) { return (MPI_##T)handle; }                                             \
  PMPI_ALIAS(kind##_c2f)                                                                                              \
  PMPI_ALIAS(kind##_f2c)
C2F(Comm, Comm)
C2F(Datatype, Type)
C2F(Group, Group)
C2F(Request, Request)
C2F(Op, Op)
C2F(Info, Info)
C2F(Errhandler, Errhandler)
C2F(Win, Win)
C2F(Message, Message)
C2F(Session, Session)

static int bad_status(const char *call, void *pc)
{
  rt_rank_t *self = rt_self;
  if (self) {
    self->call = call;
    self->call_pc = pc;
  }
  return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_ARG, "a status is NULL or MPI_STATUS_IGNORE");
}

int PMPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status)
{
  if (!c_status || c_status == MPI_STATUS_IGNORE || !f_status)
    return bad_status("MPI_Status_c2f", MPI_CALLER());
  memcpy(f_status, c_status, sizeof *c_status);
  return MPI_SUCCESS;
}

int PMPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status)
{
  if (!c_status || c_status == MPI_STATUS_IGNORE || !f_status)
    return bad_status("MPI_Status_f2c", MPI_CALLER());
  memcpy(c_status, f_status, sizeof *c_status);
  return MPI_SUCCESS;
}

PMPI_ALIAS(Status_c2f)
PMPI_ALIAS(Status_f2c)
