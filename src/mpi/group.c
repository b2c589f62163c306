/* Groups: construction and set operations of MPI 3.1 section 6.3, and
 * comparison (the objects are in src/core/group.c). */
#include "../core/group.h"
#include "../core/comm.h"
#include "mpi_impl.h"
#include <stdlib.h>
#include <string.h>

#define CHECK_GROUP(h, g)                                                                                              \
  rt_group_t *g = group_get(h);                                                                                        \
  CHECK(g, MPI_COMM_WORLD, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)(h))

int PMPI_Group_size(MPI_Group group, int *size)
{
  MPI_ENTER("MPI_Group_size");
  CHECK_GROUP(group, g);
  *size = g->size;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Group_rank(MPI_Group group, int *rank)
{
  MPI_ENTER("MPI_Group_rank");
  CHECK_GROUP(group, g);
  *rank = group_rank_of(g, self->id);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Group_free(MPI_Group *group)
{
  MPI_ENTER("MPI_Group_free");
  CHECK(group, MPI_COMM_WORLD, MPI_ERR_ARG, "group is NULL");
  CHECK_GROUP(*group, g);
  group_release(*group);
  *group = MPI_GROUP_NULL;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
  MPI_ENTER("MPI_Group_compare");
  CHECK_GROUP(group1, a);
  CHECK_GROUP(group2, b);
  *result = group_compare(a, b);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2, int ranks2[])
{
  MPI_ENTER("MPI_Group_translate_ranks");
  CHECK_GROUP(group1, a);
  CHECK_GROUP(group2, b);
  CHECK(n >= 0, MPI_COMM_WORLD, MPI_ERR_COUNT, "negative count %d", n);
  for (int i = 0; i < n; i++) {
    CHECK(ranks1[i] == MPI_PROC_NULL || (ranks1[i] >= 0 && ranks1[i] < a->size), MPI_COMM_WORLD, MPI_ERR_RANK,
          "rank %d is not in the first group (size %d)", ranks1[i], a->size);
    ranks2[i] = ranks1[i] == MPI_PROC_NULL ? MPI_PROC_NULL : group_rank_of(b, a->w[ranks1[i]]);
  }
  MPI_LEAVE(MPI_SUCCESS);
}

/* Builds a group from the marked members of a, in the given order. */
static int make_from(rt_rank_t *self, const rt_group_t *a, int n, const int *order, MPI_Group *out)
{
  int *w = malloc(sizeof *w * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    w[i] = a->w[order[i]];
  *out = group_handle(group_make(n, w));
  free(w);
  (void)self;
  return MPI_SUCCESS;
}

/* Checks that ranks[] are distinct valid ranks of a; marks them in seen[]. */
static int check_ranks(rt_rank_t *self, const rt_group_t *a, int n, const int ranks[], char *seen)
{
  if (n < 0 || n > a->size)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_ARG, "invalid number of ranks %d (group size %d)", n, a->size);
  for (int i = 0; i < n; i++) {
    if (ranks[i] < 0 || ranks[i] >= a->size)
      return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_RANK, "rank %d is not in the group (size %d)", ranks[i],
                       a->size);
    if (seen[ranks[i]])
      return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_RANK, "rank %d appears twice", ranks[i]);
    seen[ranks[i]] = 1;
  }
  return MPI_SUCCESS;
}

static int incl_excl(rt_rank_t *self, const rt_group_t *a, int n, const int ranks[], int excl, MPI_Group *out)
{
  char *seen = calloc((size_t)a->size + 1, 1);
  int err = check_ranks(self, a, n, ranks, seen);
  if (!err) {
    if (!excl)
      err = make_from(self, a, n, ranks, out);
    else {
      int *keep = malloc(sizeof *keep * (size_t)(a->size + 1)), k = 0;
      for (int i = 0; i < a->size; i++)
        if (!seen[i])
          keep[k++] = i;
      err = make_from(self, a, k, keep, out);
      free(keep);
    }
  }
  free(seen);
  return err;
}

int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
  MPI_ENTER("MPI_Group_incl");
  CHECK_GROUP(group, a);
  MPI_LEAVE(incl_excl(self, a, n, ranks, 0, newgroup));
}

int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
  MPI_ENTER("MPI_Group_excl");
  CHECK_GROUP(group, a);
  MPI_LEAVE(incl_excl(self, a, n, ranks, 1, newgroup));
}

/* Expands (first, last, stride) triplets into a rank list. */
static int expand_ranges(rt_rank_t *self, const rt_group_t *a, int n, int ranges[][3], int **out, int *count)
{
  long total = 0;
  for (int i = 0; i < n; i++) {
    int f = ranges[i][0], l = ranges[i][1], s = ranges[i][2];
    if (s == 0)
      return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_ARG, "range %d has stride 0", i);
    long cnt = (l - f) / s + 1;
    total += cnt > 0 ? cnt : 0;
    if (total > a->size)
      return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_RANK, "ranges name more ranks than the group has (%d)",
                       a->size);
  }
  int *r = malloc(sizeof *r * (size_t)(total ? total : 1)), k = 0;
  for (int i = 0; i < n; i++) {
    long cnt = (ranges[i][1] - ranges[i][0]) / ranges[i][2] + 1;
    for (long j = 0; j < cnt; j++)
      r[k++] = ranges[i][0] + (int)j * ranges[i][2];
  }
  *out = r;
  *count = k;
  return MPI_SUCCESS;
}

static int range_incl_excl(rt_rank_t *self, MPI_Group group, int n, int ranges[][3], int excl, MPI_Group *out)
{
  rt_group_t *a = group_get(group);
  if (!a)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_GROUP, "invalid group (0x%x)", (unsigned)group);
  if (n < 0)
    return mpi_error(self, MPI_COMM_WORLD, MPI_ERR_ARG, "negative number of ranges %d", n);
  int *ranks = NULL, k = 0;
  int err = expand_ranges(self, a, n, ranges, &ranks, &k);
  if (err)
    return err;
  err = incl_excl(self, a, k, ranks, excl, out);
  free(ranks);
  return err;
}

int PMPI_Group_range_incl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
  MPI_ENTER("MPI_Group_range_incl");
  MPI_LEAVE(range_incl_excl(self, group, n, ranges, 0, newgroup));
}

int PMPI_Group_range_excl(MPI_Group group, int n, int ranges[][3], MPI_Group *newgroup)
{
  MPI_ENTER("MPI_Group_range_excl");
  MPI_LEAVE(range_incl_excl(self, group, n, ranges, 1, newgroup));
}

enum set_op { SET_UNION, SET_INTER, SET_DIFF };

static MPI_Group set_op(const rt_group_t *a, const rt_group_t *b, enum set_op op)
{
  int *w = malloc(sizeof *w * (size_t)(a->size + b->size + 1)), k = 0;
  for (int i = 0; i < a->size; i++) {
    int in_b = group_rank_of(b, a->w[i]) != MPI_UNDEFINED;
    if (op == SET_UNION || (op == SET_INTER && in_b) || (op == SET_DIFF && !in_b))
      w[k++] = a->w[i];
  }
  if (op == SET_UNION)
    for (int i = 0; i < b->size; i++)
      if (group_rank_of(a, b->w[i]) == MPI_UNDEFINED)
        w[k++] = b->w[i];
  MPI_Group h = group_handle(group_make(k, w));
  free(w);
  return h;
}

#define SET_FN(Name, op)                                                                                               \
  int PMPI_Group_##Name(MPI_Group group1, MPI_Group group2, MPI_Group *newgroup)                                     \
  {                                                                                                                    \
    MPI_ENTER("MPI_Group_" #Name);                                                                                     \
    CHECK_GROUP(group1, a);                                                                                            \
    CHECK_GROUP(group2, b);                                                                                            \
    *newgroup = set_op(a, b, op);                                                                                      \
    MPI_LEAVE(MPI_SUCCESS);                                                                                            \
  }                                                                                                                    \
  PMPI_ALIAS(Group_##Name)

SET_FN(union, SET_UNION)
SET_FN(intersection, SET_INTER)
SET_FN(difference, SET_DIFF)

PMPI_ALIAS(Group_size)
PMPI_ALIAS(Group_rank)
PMPI_ALIAS(Group_free)
PMPI_ALIAS(Group_compare)
PMPI_ALIAS(Group_translate_ranks)
PMPI_ALIAS(Group_incl)
PMPI_ALIAS(Group_excl)
PMPI_ALIAS(Group_range_incl)
PMPI_ALIAS(Group_range_excl)
