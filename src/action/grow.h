/* Arrays indexed by an id that grows: make room for index i. Shared by the
 * OTF2 writer (otf2_out.c, otf2_rma.c) and reader (otf2_defs.c, otf2_rma_in.c). */
#ifndef SIMPI_GROW_H
#define SIMPI_GROW_H
#include <stdlib.h>
#include <string.h>

/* *a holds n elements of sz bytes: grows it (doubling, from 8) until index i
 * fits, the new elements zeroed. Returns the new count: n when i already fit,
 * and n too when memory ran out (then *a is unchanged). */
static inline size_t grow_zeroed(void **a, size_t n, size_t sz, size_t i)
{
  if (i < n)
    return n;
  size_t m = n ? n : 8;
  while (m <= i)
    m *= 2;
  void *p = realloc(*a, sz * m);
  if (!p)
    return n;
  memset((char *)p + sz * n, 0, sz * (m - n));
  *a = p;
  return m;
}
#endif
