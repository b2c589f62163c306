/* Communicator objects as the layers below the MPI API see them. */
#ifndef SIMPI_COMM_H
#define SIMPI_COMM_H
#include <mpi.h>

typedef enum { COMM_WORLD_KIND, COMM_SELF_KIND, COMM_GENERAL } comm_kind_t;

typedef struct rt_comm {
  comm_kind_t kind;
  int size;
  int ctx; /* point-to-point context; collectives use ctx + 1 */
  int *l2w;
  const char *name;
} rt_comm_t;

rt_comm_t *comm_get(MPI_Comm h);
int comm_rank(const rt_comm_t *c);
int comm_world(const rt_comm_t *c, int local);
#endif
