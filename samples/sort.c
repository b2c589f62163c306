/* sort: sorts N pseudo-random integers spread over the ranks with sample
 * sort (regular sampling):
 *   1. each rank sorts its keys and picks size-1 evenly spaced samples;
 *   2. rank 0 gathers the samples (MPI_Gather), sorts them, picks size-1
 *      splitters and broadcasts them (MPI_Bcast);
 *   3. each rank cuts its sorted keys at the splitters into one part per
 *      rank; MPI_Alltoall tells every rank how many keys it will get from
 *      each other rank; the parts then travel with Isend/Irecv (this is what
 *      MPI_Alltoallv does in one call);
 *   4. each rank sorts what it received: rank r now holds the r-th slice.
 * The program then checks the result: every rank's keys are in order, the
 * largest key of each rank is at most the smallest of the next (MPI_Allgather
 * of the ranges), and no key was lost (counts and checksum, MPI_Allreduce).
 * Shows: a data-dependent exchange (counts first, then the data), and load
 * balance: how large the largest part is compared with the mean.
 * Usage: sort [N]   (default 1048576 keys; the keys depend only on N, not on
 *        the number of ranks, so the result lines do not either) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* Key number g of the global input: a 64-bit mix of g, cut to [0, 1e9). */
static int key_at(long g)
{
  unsigned long long x = (unsigned long long)g * 0x9E3779B97F4A7C15ULL + 12345;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 29;
  return (int)(x % 1000000000ULL);
}

static int cmp_int(const void *p, const void *q)
{
  int a = *(const int *)p, b = *(const int *)q;
  return (a > b) - (a < b);
}

/* Number of keys of the sorted array v[0..n) that are <= x. */
static int upper_bound(const int *v, int n, int x)
{
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (v[mid] <= x)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* Sum of the keys, modulo 2^64: a checksum that ignores their order. */
static unsigned long long checksum(const int *v, int n)
{
  unsigned long long s = 0;
  for (int i = 0; i < n; i++)
    s += (unsigned long long)v[i];
  return s;
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  long n = argc > 1 ? atol(argv[1]) : 1048576;
  if (n < size || n > 2000000000L) {
    if (rank == 0)
      fprintf(stderr, "sort: N must be between the number of ranks and 2e9\n");
    MPI_Finalize();
    return 1;
  }

  /* My block of the input: keys first .. first + count - 1. */
  int count = (int)(n / size + (rank < n % size ? 1 : 0));
  long first = rank * (n / size) + (rank < n % size ? rank : n % size);
  int *keys = malloc((size_t)count * sizeof *keys);
  for (int i = 0; i < count; i++)
    keys[i] = key_at(first + i);
  unsigned long long sum_in = checksum(keys, count), total_in;
  MPI_Allreduce(&sum_in, &total_in, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);

  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();

  /* 1. Local sort and regular samples. */
  qsort(keys, (size_t)count, sizeof *keys, cmp_int);
  int ns = size - 1; /* samples per rank, and number of splitters */
  int *samples = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *samples);
  for (int k = 0; k < ns; k++)
    samples[k] = keys[(long)(k + 1) * count / size];

  /* 2. Splitters: every size-th of all the samples, chosen on rank 0. */
  int *all = NULL, *splitters = malloc((size_t)(ns > 0 ? ns : 1) * sizeof *splitters);
  if (rank == 0)
    all = malloc((size_t)size * (size_t)(ns > 0 ? ns : 1) * sizeof *all);
  MPI_Gather(samples, ns, MPI_INT, all, ns, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    qsort(all, (size_t)size * (size_t)ns, sizeof *all, cmp_int);
    for (int k = 0; k < ns; k++)
      splitters[k] = all[(k + 1) * ns];
  }
  MPI_Bcast(splitters, ns, MPI_INT, 0, MPI_COMM_WORLD);

  /* 3. Part r of my keys (those above splitter r-1, up to splitter r) goes to
   * rank r. The counts go first so that every rank can size its buffer. */
  int *scount = malloc((size_t)size * sizeof *scount), *sdispl = malloc((size_t)size * sizeof *sdispl);
  int *rcount = malloc((size_t)size * sizeof *rcount), *rdispl = malloc((size_t)size * sizeof *rdispl);
  int start = 0;
  for (int r = 0; r < size; r++) {
    int end = r < ns ? upper_bound(keys, count, splitters[r]) : count;
    sdispl[r] = start;
    scount[r] = end - start;
    start = end;
  }
  MPI_Alltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, MPI_COMM_WORLD);
  int mine = 0;
  for (int r = 0; r < size; r++) {
    rdispl[r] = mine;
    mine += rcount[r];
  }
  int *sorted = malloc((size_t)(mine > 0 ? mine : 1) * sizeof *sorted);
  MPI_Request *req = malloc(2 * (size_t)size * sizeof *req);
  int nreq = 0;
  for (int r = 0; r < size; r++) /* receives first: they are ready when the data comes */
    if (rcount[r] > 0)
      MPI_Irecv(sorted + rdispl[r], rcount[r], MPI_INT, r, 0, MPI_COMM_WORLD, &req[nreq++]);
  for (int r = 0; r < size; r++)
    if (scount[r] > 0)
      MPI_Isend(keys + sdispl[r], scount[r], MPI_INT, r, 0, MPI_COMM_WORLD, &req[nreq++]);
  /* (A real statuses array rather than MPI_STATUSES_IGNORE: GCC 12 warns,
   * wrongly, that Waitall would write to the constant address it stands for.) */
  MPI_Status *st = malloc(2 * (size_t)size * sizeof *st);
  MPI_Waitall(nreq, req, st);
  free(st);

  /* 4. What arrived is size sorted runs; sorting it again is the simplest
   * way to merge them. */
  qsort(sorted, (size_t)mine, sizeof *sorted, cmp_int);
  double t = MPI_Wtime() - t0, tmax;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  /* The check. Each rank: in order locally? Then everyone's count, smallest
   * and largest key, so that each rank can check the borders. */
  int in_order = 1;
  for (int i = 1; i < mine; i++)
    if (sorted[i - 1] > sorted[i])
      in_order = 0;
  long long range[3] = {mine, mine ? sorted[0] : 0, mine ? sorted[mine - 1] : 0};
  long long *ranges = malloc(3 * (size_t)size * sizeof *ranges);
  MPI_Allgather(range, 3, MPI_LONG_LONG, ranges, 3, MPI_LONG_LONG, MPI_COMM_WORLD);
  long long prev_max = -1, largest = 0, lo = -1, hi = -1;
  for (int r = 0; r < size; r++) {
    if (ranges[3 * r] == 0)
      continue; /* an empty part has no border */
    if (ranges[3 * r + 1] < prev_max)
      in_order = 0;
    prev_max = ranges[3 * r + 2];
    if (lo < 0)
      lo = ranges[3 * r + 1];
    hi = ranges[3 * r + 2];
    if (ranges[3 * r] > largest)
      largest = ranges[3 * r];
  }
  int all_in_order;
  MPI_Allreduce(&in_order, &all_in_order, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
  unsigned long long sum_out = checksum(sorted, mine), total_out;
  MPI_Allreduce(&sum_out, &total_out, 1, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  long long kept = 0;
  for (int r = 0; r < size; r++)
    kept += ranges[3 * r];

  if (rank == 0) {
    printf("sort: %ld keys on %d ranks (sample sort)\n", n, size);
    printf("sorted: %s\n", all_in_order ? "yes" : "NO");
    printf("keys kept: %s (%lld keys, checksum %llu)\n", kept == n && total_out == total_in ? "yes" : "NO", kept,
           total_out);
    printf("smallest key %lld, largest key %lld\n", lo, hi);
    printf("largest part: %lld keys, %.1f%% above the mean of %.1f\n", largest,
           100.0 * ((double)largest * size / (double)n - 1.0), (double)n / size);
    printf("elapsed time (MPI_Wtime): %.6f s\n", tmax);
  }
  free(keys);
  free(samples);
  free(all);
  free(splitters);
  free(scount);
  free(sdispl);
  free(rcount);
  free(rdispl);
  free(sorted);
  free(req);
  free(ranges);
  MPI_Finalize();
  return 0;
}
