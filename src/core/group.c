/* Groups as objects: ordered lists of world ranks behind MPI_Group
 * handles, and their comparison. */
#include "group.h"
#include "handles.h"
#include <stdlib.h>
#include <string.h>

static htable_t groups = HTABLE(SIMPI_KIND_GROUP, 1); /* index 0: MPI_GROUP_EMPTY */
static rt_group_t empty = {0, NULL};

rt_group_t *group_get(MPI_Group h)
{
  if (h == MPI_GROUP_EMPTY)
    return &empty;
  return ht_get(&groups, h);
}

rt_group_t *group_make(int size, const int *w)
{
  rt_group_t *g = malloc(sizeof *g);
  g->size = size;
  g->w = malloc(sizeof *g->w * (size_t)(size ? size : 1));
  if (size)
    memcpy(g->w, w, sizeof *w * (size_t)size);
  return g;
}

MPI_Group group_handle(rt_group_t *g)
{
  if (g->size == 0) {
    group_destroy(g);
    return MPI_GROUP_EMPTY;
  }
  return ht_add(&groups, g);
}

void group_destroy(rt_group_t *g)
{
  if (g == &empty)
    return;
  free(g->w);
  free(g);
}

int group_rank_of(const rt_group_t *g, int world)
{
  for (int i = 0; i < g->size; i++)
    if (g->w[i] == world)
      return i;
  return MPI_UNDEFINED;
}

int group_compare(const rt_group_t *a, const rt_group_t *b)
{
  if (a->size != b->size)
    return MPI_UNEQUAL;
  int same_order = 1;
  for (int i = 0; i < a->size; i++) {
    if (a->w[i] != b->w[i])
      same_order = 0;
    if (group_rank_of(b, a->w[i]) == MPI_UNDEFINED)
      return MPI_UNEQUAL;
  }
  return same_order ? MPI_IDENT : MPI_SIMILAR;
}

void group_release(MPI_Group h)
{
  rt_group_t *g = group_get(h);
  if (!g || h == MPI_GROUP_EMPTY)
    return;
  ht_remove(&groups, h);
  group_destroy(g);
}
