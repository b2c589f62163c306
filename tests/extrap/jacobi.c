/* A Jacobi solver whose computation is measured (really executed and timed,
 * nothing injected), for simextrap's tests and bench on measured traces: a
 * 2D or 3D Cartesian grid of ranks (periodic or not), each sweep packs its
 * faces, exchanges them with its neighbours (Irecv/Isend/Waitall), unpacks
 * them and sweeps its block (the mean of the 4 or 6 neighbours plus a
 * reaction term, exp(-u): arithmetic rather than memory bounds the sweep,
 * as in most codes' kernels, so that the cost of a point does not change as
 * blocks shrink from DRAM into caches); every EVERY
 * sweeps, the global norm of the change by MPI_Allreduce.
 * Usage: jacobi NDIMS PERIODIC strong|weak SIZE ITERS EVERY [CONST [REACT]]
 *   strong: a SIZE^NDIMS grid of points split among the ranks (the first
 *   ranks along a dimension get one more when SIZE does not divide);
 *   weak: SIZE^NDIMS points per rank;
 *   CONST: after each sweep, a second phase of CONST point updates whatever
 *   the number of ranks (the seed paper's IS: an inverse-proportional phase
 *   plus a constant one, in the same burst);
 *   REACT: reaction terms a point, of either phase (default 1): more
 *   arithmetic a point, so that a small grid (cheap to simulate, its data
 *   in the caches) still computes for long: computation, not messages,
 *   then makes most of a run's simulated time. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long ext[3], str[3], base[3]; /* local extents; strides of the array with its halo; first inner index */

static long at(const long c[3]) { return c[0] * str[0] + c[1] * str[1] + c[2] * str[2]; }

/* The reaction term of a point of value x: the mean of REACT exponentials (exp(-x) for one) */
static double reaction(double x, int react)
{
  if (react == 1)
    return exp(-x);
  double r = 0;
  for (int k = 0; k < react; k++)
    r += exp(-x - 1e-3 * k);
  return r / react;
}

/* Copies face (dimension d, side: 0 low, 1 high) between the array and buf:
 * halo 0, the layer next to it; halo 1, the halo layer itself. */
static void face(double *u, double *buf, int d, int side, int halo, int out)
{
  long c[3], k = 0, lo[3], hi[3];
  for (int i = 0; i < 3; i++)
    lo[i] = base[i], hi[i] = base[i] + ext[i] - 1;
  lo[d] = hi[d] = side ? (halo ? ext[d] + 1 : ext[d]) : (halo ? 0 : 1);
  for (c[0] = lo[0]; c[0] <= hi[0]; c[0]++)
    for (c[1] = lo[1]; c[1] <= hi[1]; c[1]++)
      for (c[2] = lo[2]; c[2] <= hi[2]; c[2]++, k++)
        if (out)
          buf[k] = u[at(c)];
        else
          u[at(c)] = buf[k];
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  if (argc < 7) {
    fprintf(stderr, "usage: jacobi NDIMS PERIODIC strong|weak SIZE ITERS EVERY [CONST [REACT]]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int nd = atoi(argv[1]), periodic = atoi(argv[2]), strong = !strcmp(argv[3], "strong");
  int size = atoi(argv[4]), iters = atoi(argv[5]), every = atoi(argv[6]), n;
  long cst = argc > 7 ? atol(argv[7]) : 0;
  int react = argc > 8 ? atoi(argv[8]) : 1;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  int dims[3] = {0, 0, 0}, periods[3] = {periodic, periodic, periodic}, coords[3];
  MPI_Dims_create(n, nd, dims);
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, nd, dims, periods, 0, &cart);
  int rank;
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_coords(cart, rank, nd, coords);
  long points = 1, maxface = 1;
  for (int d = 0; d < 3; d++) {
    ext[d] = d >= nd ? 1 : strong ? size / dims[d] + (coords[d] < size % dims[d]) : size;
    points *= ext[d];
  }
  for (int d = 0; d < nd; d++)
    maxface = points / ext[d] > maxface ? points / ext[d] : maxface;
  /* the array with one halo layer along each dimension of the grid (none along unused ones) */
  long all[3];
  for (int d = 0; d < 3; d++)
    all[d] = d < nd ? ext[d] + 2 : 1, base[d] = d < nd;
  str[2] = 1, str[1] = all[2], str[0] = all[1] * all[2];
  long cells = all[0] * all[1] * all[2];
  double *u = calloc((size_t)cells, sizeof *u), *v = calloc((size_t)cells, sizeof *v);
  double *sbuf = malloc(sizeof(double) * (size_t)(4 * nd * maxface)), *rbuf = sbuf + 2 * nd * maxface;
  double *extra = calloc((size_t)(cst > 0 ? cst : 1) + 2, sizeof(double));
  for (long i = 0; i < cells; i++)
    u[i] = (double)((i * 7 + rank) % 13);
  double norm = 0, sum = 0;
  for (int it = 0; it < iters; it++) {
    MPI_Request req[12];
    int k = 0, nb[3][2];
    for (int d = 0; d < nd; d++) { /* from the low neighbour, with tag 2d; from the high one, 2d + 1 */
      MPI_Cart_shift(cart, d, 1, &nb[d][0], &nb[d][1]);
      for (int side = 0; side < 2; side++)
        MPI_Irecv(rbuf + (2 * d + side) * maxface, (int)(points / ext[d]), MPI_DOUBLE, nb[d][side], 2 * d + side,
                  cart, &req[k++]);
    }
    for (int d = 0; d < nd; d++)
      for (int side = 0; side < 2; side++) {
        face(u, sbuf + (2 * d + side) * maxface, d, side, 0, 1);
        MPI_Isend(sbuf + (2 * d + side) * maxface, (int)(points / ext[d]), MPI_DOUBLE, nb[d][side],
                  2 * d + 1 - side, cart, &req[k++]);
      }
    MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    for (int d = 0; d < nd; d++)
      for (int side = 0; side < 2; side++)
        if (nb[d][side] != MPI_PROC_NULL)
          face(u, rbuf + (2 * d + side) * maxface, d, side, 1, 0);
    double local = 0;
    long c[3];
    double w = 1.0 / (2 * nd);
    for (c[0] = 1; c[0] <= ext[0]; c[0]++)
      for (c[1] = base[1]; c[1] < base[1] + ext[1]; c[1]++)
        for (c[2] = base[2]; c[2] < base[2] + ext[2]; c[2]++) {
          long i = at(c);
          double s = u[i - str[0]] + u[i + str[0]];
          if (nd > 1)
            s += u[i - str[1]] + u[i + str[1]];
          if (nd > 2)
            s += u[i - str[2]] + u[i + str[2]];
          v[i] = w * s + 1e-3 * reaction(u[i], react); /* the sweep is bound by arithmetic, not memory */
          local += (v[i] - u[i]) * (v[i] - u[i]);
        }
    double *t = u;
    u = v, v = t;
    for (long i = 1; i <= cst; i++) /* a phase whose size does not depend on the ranks */
      extra[i] = 0.5 * (extra[i - 1] + extra[i + 1]) + 1e-3 * reaction(extra[i], react);
    if ((it + 1) % every == 0) {
      MPI_Allreduce(&local, &norm, 1, MPI_DOUBLE, MPI_SUM, cart);
      sum += norm;
    }
  }
  if (rank == 0)
    printf("jacobi: %dD, %d sweeps on %d ranks, %.3g\n", nd, iters, n, sum + extra[cst / 2]);
  MPI_Comm_free(&cart);
  free(u);
  free(v);
  free(sbuf);
  free(extra);
  MPI_Finalize();
  return 0;
}
