/* Communicators as the layers below the MPI API see them. A communicator has
 * one shared core (members, contexts) and, for each member rank, its own
 * object (its rank, error handler, name, attributes): MPI handles are local
 * to a process, so each rank's handle names its own object. Other layers
 * use only the accessors below. */
#ifndef SIMPI_COMM_H
#define SIMPI_COMM_H
#include <mpi.h>

typedef struct comm_core {
  int size;
  int *l2w;    /* local rank -> world rank; NULL for MPI_COMM_WORLD */
  int ctx;     /* point-to-point context; collectives use ctx + 1 */
  int refs;    /* member objects still alive */
  int self;    /* MPI_COMM_SELF: one per rank, l2w unused */
} comm_core_t;

typedef struct rt_comm {
  comm_core_t *core;
  int rank;        /* the owner's rank in the communicator */
  int owner;       /* world rank of the owner */
  int handle;
  int errh;        /* MPI_Errhandler */
  char name[MPI_MAX_OBJECT_NAME];
  int coll_seq;    /* collective calls made so far on it by the owner (src/coll tags) */
} rt_comm_t;

/* The calling rank's object for h, NULL if h is not one of its communicators. */
rt_comm_t *comm_get(MPI_Comm h);
static inline int comm_size(const rt_comm_t *c) { return c->core->size; }
static inline int comm_rank(const rt_comm_t *c) { return c->rank; }
static inline int comm_ctx(const rt_comm_t *c) { return c->core->ctx; }
static inline const char *comm_name(const rt_comm_t *c) { return c->name; }
/* World rank of a member. */
int comm_world(const rt_comm_t *c, int local);
/* Sets up MPI_COMM_WORLD and MPI_COMM_SELF for every rank (at start-up). */
void comm_init_builtin(void);
#endif
