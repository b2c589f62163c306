/* what this tests: one-sided operations that move no data (count 0, or a type of size 0)
 * succeed whatever their origin, result and target types, as MPICH's do: Put, Get,
 * Accumulate and Get_accumulate with an empty contiguous type, MPI_INT, a contiguous of one
 * int and MPI_DOUBLE in every combination of zero-byte sides, NULL buffers where there is
 * nothing to read; an accumulate of real data after them still lands
 * np: 2 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

#define N 8
static int win_buf[N], obuf[N], rbuf[N];

static int ops(MPI_Win w, void *o, int oc, MPI_Datatype ot, void *r, int rc, MPI_Datatype rt, int tc,
               MPI_Datatype tt)
{
  int errs = 0;
  errs += MPI_Put(o, oc, ot, 1, 0, tc, tt, w) != MPI_SUCCESS;
  errs += MPI_Get(o, oc, ot, 1, 0, tc, tt, w) != MPI_SUCCESS;
  errs += MPI_Accumulate(o, oc, ot, 1, 0, tc, tt, MPI_SUM, w) != MPI_SUCCESS;
  errs += MPI_Get_accumulate(o, oc, ot, r, rc, rt, 1, 0, tc, tt, MPI_SUM, w) != MPI_SUCCESS;
  errs += MPI_Get_accumulate(o, oc, ot, r, rc, rt, 1, 0, tc, tt, MPI_NO_OP, w) != MPI_SUCCESS;
  return errs;
}

int main(int argc, char **argv)
{
  int rank, errs = 0, runs = 0;
  MPI_Datatype t[4];
  MPI_Win w;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Type_contiguous(0, MPI_INT, &t[0]); /* size 0 */
  MPI_Type_contiguous(1, MPI_INT, &t[1]);
  MPI_Type_commit(&t[0]);
  MPI_Type_commit(&t[1]);
  t[2] = MPI_INT;
  t[3] = MPI_DOUBLE;
  for (int i = 0; i < N; i++)
    win_buf[i] = 10 * rank + i, obuf[i] = i + 1;
  MPI_Win_create(win_buf, sizeof win_buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &w);
  MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN);
  MPI_Win_fence(0, w);
  if (rank == 0) {
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        for (int k = 0; k < 4; k++, runs++) /* every side count 0 */
          errs += ops(w, obuf, 0, t[i], rbuf, 0, t[j], 0, t[k]);
    for (int i = 1; i < 4; i++)
      for (int j = 1; j < 4; j++, runs += 3) { /* one side of the empty type, the others count 0 */
        errs += ops(w, NULL, 2, t[0], rbuf, 0, t[i], 0, t[j]);
        errs += ops(w, obuf, 0, t[i], NULL, 3, t[0], 0, t[j]);
        errs += ops(w, obuf, 0, t[i], rbuf, 0, t[j], 4, t[0]);
      }
    for (int i = 1; i < 4; i++, runs++) /* every side of the empty type, or count 0 */
      errs += ops(w, NULL, 1, t[0], NULL, 2, t[0], 3 * i, t[0]);
  }
  MPI_Win_fence(0, w);
  if (rank == 0)
    MPI_Accumulate(obuf, 3, MPI_INT, 1, 2, 3, t[1], MPI_SUM, w);
  MPI_Win_fence(0, w);
  if (rank == 0)
    printf("%d zero-byte combinations, %d failed calls\n", runs, errs);
  if (rank == 1)
    printf("rank 1's window: %d %d %d %d %d %d\n", win_buf[0], win_buf[1], win_buf[2], win_buf[3], win_buf[4],
           win_buf[5]);
  MPI_Win_free(&w);
  MPI_Type_free(&t[0]);
  MPI_Type_free(&t[1]);
  MPI_Finalize();
  return 0;
}
