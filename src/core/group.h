/* Groups: ordered sets of world ranks behind MPI_Group handles. */
#ifndef SIMPI_GROUP_H
#define SIMPI_GROUP_H
#include <mpi.h>

typedef struct rt_group {
  int size;
  int *w; /* world ranks, in group order */
} rt_group_t;

rt_group_t *group_get(MPI_Group h); /* NULL if h names no group */
rt_group_t *group_make(int size, const int *w);
MPI_Group group_handle(rt_group_t *g);
void group_destroy(rt_group_t *g);
/* Frees the group behind handle h (MPI_GROUP_EMPTY stays). */
void group_release(MPI_Group h);
int group_rank_of(const rt_group_t *g, int world); /* MPI_UNDEFINED if absent */
int group_compare(const rt_group_t *a, const rt_group_t *b);
#endif
