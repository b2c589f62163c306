/* Reduction operations: the predefined ops on every basic type they allow. */
#ifndef SIMPI_OP_H
#define SIMPI_OP_H
#include "datatype.h"
#include <mpi.h>
/* 0 if op is a valid op handle for this type, else an MPI error class. */
int op_check(MPI_Op op, const dt_t *t);
/* inout[i] = in[i] op inout[i] */
void op_apply(MPI_Op op, const void *in, void *inout, int count, const dt_t *t);
#endif
