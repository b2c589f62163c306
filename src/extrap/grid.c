/* The Cartesian grid of a trace's ranks: coordinates (row-major, as
 * MPI_Cart_create numbers them), offsets between ranks, MPI_Dims_create's
 * balanced dimensions, and the search for the grid on which every peer of
 * every rank is a near neighbour, for traces of programs that made none. */
#include "extrap.h"
#include <stdlib.h>
#include <string.h>

void grid_coords(const grid_t *g, long rank, int c[EX_MAXD])
{
  for (int i = g->nd - 1; i >= 0; i--) {
    c[i] = (int)(rank % g->dims[i]);
    rank /= g->dims[i];
  }
  for (int i = g->nd; i < EX_MAXD; i++)
    c[i] = 0;
}

long grid_rank(const grid_t *g, const int c[EX_MAXD])
{
  long r = 0;
  for (int i = 0; i < g->nd; i++)
    r = r * g->dims[i] + c[i];
  return r;
}

void grid_offset(const grid_t *g, long a, long b, int d[EX_MAXD])
{
  int ca[EX_MAXD], cb[EX_MAXD];
  grid_coords(g, a, ca);
  grid_coords(g, b, cb);
  for (int i = 0; i < EX_MAXD; i++) {
    d[i] = cb[i] - ca[i];
    if (i < g->nd && g->periods[i]) { /* the nearest way round */
      int D = g->dims[i];
      if (d[i] > D / 2)
        d[i] -= D;
      else if (d[i] < -((D - 1) / 2))
        d[i] += D;
    }
  }
}

long grid_slice_size(const grid_t *g, int mask)
{
  long s = 1;
  for (int i = 0; i < g->nd; i++)
    if (mask >> i & 1)
      s *= g->dims[i];
  return s;
}

/* As simpi's MPI_Dims_create: the prime factors of n, largest first, each
 * multiplies the smallest dimension so far; dimensions non-increasing. */
void dims_create(long n, int nd, int dims[])
{
  long f[64];
  int nf = 0;
  for (long p = 2; p * p <= n; p++)
    while (n % p == 0) {
      f[nf++] = p;
      n /= p;
    }
  if (n > 1)
    f[nf++] = n;
  for (int i = 0; i < nd; i++)
    dims[i] = 1;
  while (nf--) {
    int m = 0;
    for (int i = 1; i < nd; i++)
      if (dims[i] < dims[m])
        m = i;
    dims[m] *= (int)f[nf];
  }
  for (int i = 0; i < nd; i++)
    for (int j = i + 1; j < nd; j++)
      if (dims[j] > dims[i]) {
        int t = dims[i];
        dims[i] = dims[j];
        dims[j] = t;
      }
}

/* Whether every peer is at most reach away along each dimension of g (which
 * dimensions need to wrap round then become periodic). */
static int explains(grid_t *g, long n, int reach, int *const *peers, const int *npeers)
{
  for (int i = 0; i < g->nd; i++)
    g->periods[i] = 0;
  for (long r = 0; r < n; r++) {
    int cr[EX_MAXD], cp[EX_MAXD];
    grid_coords(g, r, cr);
    for (int k = 0; k < npeers[r]; k++) {
      grid_coords(g, peers[r][k], cp);
      for (int i = 0; i < g->nd; i++) {
        int d = cp[i] - cr[i], D = g->dims[i];
        if (abs(d) <= reach)
          continue;
        if (D - abs(d) > reach)
          return 0;
        g->periods[i] = 1;
      }
    }
  }
  return 1;
}

/* Tries dims[at..nd) as the ordered factorizations of rest into factors of
 * at least 2; keeps the first that explains the peers, MPI_Dims_create's
 * own if it does. */
static int search(grid_t *g, int at, long rest, long n, int reach, int *const *peers, const int *npeers, grid_t *found)
{
  if (at == g->nd - 1) {
    if (rest < 2 && g->nd > 1)
      return 0;
    g->dims[at] = (int)rest;
    return explains(g, n, reach, peers, npeers) && (*found = *g, 1);
  }
  for (long d = rest / 2; d >= 2; d--)
    if (rest % d == 0) {
      g->dims[at] = (int)d;
      if (search(g, at + 1, rest / d, n, reach, peers, npeers, found))
        return 1;
    }
  return 0;
}

int grid_infer(long n, int nd_min, int *const *peers, const int *npeers, grid_t *out)
{
  for (int reach = 1; reach <= 2; reach++)
    for (int nd = nd_min < 1 ? 1 : nd_min; nd <= EX_MAXD; nd++) {
      grid_t g = {.nd = nd, .how = "peers"};
      dims_create(n, nd, g.dims);
      int ok = 1;
      for (int i = 0; i < nd; i++)
        ok &= g.dims[i] >= 2 || nd == 1;
      if (ok && explains(&g, n, reach, peers, npeers)) {
        *out = g;
        return 1;
      }
      if (search(&g, 0, n, n, reach, peers, npeers, out))
        return 1;
    }
  return 0;
}

const char *grid_text(const grid_t *g)
{
  static char buf[2][128];
  static int k;
  char *b = buf[k ^= 1];
  int n = 0, np = 0;
  for (int i = 0; i < g->nd; i++) {
    n += snprintf(b + n, sizeof buf[0] - (size_t)n, "%s%d", i ? "x" : "", g->dims[i]);
    np += g->periods[i];
  }
  if (!np || np == g->nd)
    snprintf(b + n, sizeof buf[0] - (size_t)n, np ? " periodic" : " not periodic");
  else
    for (int i = 0; i < g->nd; i++)
      if (g->periods[i])
        n += snprintf(b + n, sizeof buf[0] - (size_t)n, ", periodic along D%d", i);
  return b;
}
