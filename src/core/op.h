/* Reduction operations: the predefined ops on every basic type they allow
 * (and on derived types made of one such type), and user operations. */
#ifndef SIMPI_OP_H
#define SIMPI_OP_H
#include "datatype.h"
#include <mpi.h>
/* 0 if op is a valid op handle for this type, else an MPI error class. */
int op_check(MPI_Op op, const dt_t *t);
int op_valid(MPI_Op op);      /* a predefined op or a live user op */
int op_predefined(MPI_Op op);
int op_commutative(MPI_Op op);
/* inout[i] = in[i] op inout[i]: in stands on the left (lower ranks first). */
void op_apply(MPI_Op op, const void *in, void *inout, MPI_Count count, const dt_t *t);
/* Remembers which handle names t, for the datatype argument of user
 * functions (dt_t does not carry its handle). */
void op_note_type(MPI_Datatype h, const dt_t *t);
/* A new user operation, of fn or (Op_create_c) fn_c (MPI_OP_NULL when the table is full), and its
 * release: its slot is never reused, so a collective still running with it
 * keeps a valid entry. */
MPI_Op op_create(MPI_User_function *fn, MPI_User_function_c *fn_c, int commute);
void op_free(MPI_Op op);
#endif
