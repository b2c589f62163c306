/* Info objects: ordered (key, value) lists behind MPI_Info handles. */
#ifndef SIMPI_INFO_H
#define SIMPI_INFO_H
#include <mpi.h>
/* A new handle with the same contents (MPI_INFO_NULL stays null). */
MPI_Info info_dup(MPI_Info h);
/* MPI_INFO_NULL or a valid info object: what calls with an optional info accept. */
int info_ok(MPI_Info h);
#endif
