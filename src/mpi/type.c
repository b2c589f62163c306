/* Datatype queries of the MPI API (the engine is in datatype.c). */
#include "mpi_impl.h"

int PMPI_Type_size(MPI_Datatype type, int *size)
{
  MPI_ENTER("MPI_Type_size");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  *size = (int)t->size;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Type_get_extent(MPI_Datatype type, MPI_Aint *lb, MPI_Aint *extent)
{
  MPI_ENTER("MPI_Type_get_extent");
  CHECK_TYPE(type, t, MPI_COMM_WORLD);
  *lb = t->lb;
  *extent = t->extent;
  MPI_LEAVE(MPI_SUCCESS);
}

PMPI_ALIAS(Type_size)
PMPI_ALIAS(Type_get_extent)
