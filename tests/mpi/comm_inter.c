/* what this tests: Intercomm_create between the two halves of world,
 *   point-to-point across it, remote size/group, Comm_test_inter,
 *   Intercomm_merge with both orders of "high"
 * np: 6
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int low = rank < size / 2;
  MPI_Comm half, inter, merged, merged2;
  MPI_Comm_split(MPI_COMM_WORLD, low, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? size / 2 : 0, 42, &inter);
  int flag, rsize, lrank;
  MPI_Comm_test_inter(inter, &flag);
  MPI_Comm_remote_size(inter, &rsize);
  MPI_Comm_rank(inter, &lrank);
  /* rank i of one side exchanges with rank i of the other */
  int mine = 100 * rank, theirs = -1;
  MPI_Sendrecv(&mine, 1, MPI_INT, lrank, 5, &theirs, 1, MPI_INT, lrank, 5, inter, MPI_STATUS_IGNORE);
  MPI_Group rg;
  MPI_Comm_remote_group(inter, &rg);
  int rgs;
  MPI_Group_size(rg, &rgs);
  MPI_Group_free(&rg);
  MPI_Intercomm_merge(inter, !low, &merged); /* low half first */
  MPI_Intercomm_merge(inter, low, &merged2); /* high half first */
  int m1, m2, s1, sum;
  MPI_Comm_rank(merged, &m1);
  MPI_Comm_rank(merged2, &m2);
  MPI_Comm_size(merged, &s1);
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, merged2);
  printf("rank %d: inter %d remote size %d/%d local rank %d got %d | merged rank %d of %d, reversed rank %d sum %d\n",
         rank, flag, rsize, rgs, lrank, theirs, m1, s1, m2, sum);
  MPI_Comm_free(&merged);
  MPI_Comm_free(&merged2);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
