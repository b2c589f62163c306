/* Communicator constructors shared by comm_create.c and topo.c. */
#ifndef SIMPI_COMM_MAKE_H
#define SIMPI_COMM_MAKE_H
#include "../core/group.h"
#include "mpi_impl.h"

enum { MADE_DUP = 1, MADE_SPLIT, MADE_CREATE, MADE_CREATE_GROUP, MADE_INTER, MADE_MERGE, MADE_CART, MADE_GRAPH,
       MADE_DIST_GRAPH };

/* The members of g (all in c) get a new communicator, the others
 * MPI_COMM_NULL; collective over c (kind MADE_CREATE_GROUP: over g only). */
int comm_create_from(rt_rank_t *self, rt_comm_t *c, rt_group_t *g, int kind, int tag, MPI_Comm *newcomm);
/* Comm_split with a kind of its own (so that topology splits do not pair with user ones). */
int comm_split_kind(rt_rank_t *self, rt_comm_t *c, int color, int key, int kind, MPI_Comm *newcomm);
/* A duplicate of intracommunicator c for the library's own use (windows):
 * no attribute copies, not traced. */
int comm_dup_quiet(rt_rank_t *self, rt_comm_t *c, MPI_Comm *newcomm);
#endif
