/* Handle tables (see handles.h): O(1) allocation, lookup and release. */
#include "handles.h"
#include "../runtime/runtime.h"
#include <mpi.h>
#include <stdlib.h>

static void grow(htable_t *t, int need)
{
  int ncap = t->cap ? t->cap : 64;
  while (ncap <= need)
    ncap *= 2;
  if (ncap > (1 << 24))
    rt_fatal(1, "more than 16 million live MPI objects of one kind");
  t->objs = realloc(t->objs, sizeof *t->objs * (size_t)ncap);
  t->free_idx = realloc(t->free_idx, sizeof *t->free_idx * (size_t)ncap);
  int lo = t->cap > t->first ? t->cap : t->first;
  for (int i = t->cap; i < ncap; i++)
    t->objs[i] = NULL;
  for (int i = ncap - 1; i >= lo; i--)
    t->free_idx[t->nfree++] = i;
  t->cap = ncap;
}

int ht_add(htable_t *t, void *obj)
{
  if (!t->nfree)
    grow(t, t->cap);
  int idx = t->free_idx[--t->nfree];
  t->objs[idx] = obj;
  return SIMPI_HANDLE(t->kind, idx);
}

void *ht_get(const htable_t *t, int h)
{
  unsigned idx = (unsigned)h & 0xffffff;
  if (((unsigned)h >> 24) != t->kind || idx >= (unsigned)t->cap)
    return NULL;
  return t->objs[idx];
}

void ht_remove(htable_t *t, int h)
{
  unsigned idx = (unsigned)h & 0xffffff;
  t->objs[idx] = NULL;
  t->free_idx[t->nfree++] = (int)idx;
}

void ht_set(htable_t *t, int idx, void *obj)
{
  if (idx >= t->cap)
    grow(t, idx);
  t->objs[idx] = obj;
}
