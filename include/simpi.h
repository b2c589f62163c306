/* <simpi.h>: everything simpi offers a program: MPI and the SMPI extensions. */
#ifndef SIMPI_H
#define SIMPI_H
#include <mpi.h>
#include <smpi/smpi.h>
#endif
