/* what this tests: Comm_dup, Comm_split (colors, keys reversing the order,
 *   MPI_UNDEFINED), Comm_compare, collectives and p2p on the new
 *   communicators, Comm_free, names
 * np: 7
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static const char *cmp(int r)
{
  return r == MPI_IDENT ? "IDENT" : r == MPI_CONGRUENT ? "CONGRUENT" : r == MPI_SIMILAR ? "SIMILAR" : "UNEQUAL";
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm dup, half, rev, none;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  int r1, r2, r3;
  MPI_Comm_compare(MPI_COMM_WORLD, dup, &r1);
  MPI_Comm_compare(dup, dup, &r2);
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &rev);
  MPI_Comm_compare(MPI_COMM_WORLD, rev, &r3);
  MPI_Comm_split(MPI_COMM_WORLD, rank == 3 ? 0 : MPI_UNDEFINED, 0, &none);
  int hr, hs, rr;
  MPI_Comm_rank(half, &hr);
  MPI_Comm_size(half, &hs);
  MPI_Comm_rank(rev, &rr);
  /* a message on dup must not match a receive on world with the same tag */
  int v = -1, w = -1;
  MPI_Request req;
  MPI_Irecv(&w, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &req);
  if (rank == 0)
    for (int d = 1; d < size; d++)
      MPI_Send(&d, 1, MPI_INT, d, 0, dup);
  if (rank != 0)
    MPI_Recv(&v, 1, MPI_INT, 0, 0, dup, MPI_STATUS_IGNORE);
  MPI_Barrier(dup);
  int flag;
  MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
  if (!flag) {
    MPI_Cancel(&req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
  }
  int sum;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, half);
  char name[MPI_MAX_OBJECT_NAME];
  int len;
  MPI_Comm_set_name(half, rank % 2 ? "odd" : "even");
  MPI_Comm_get_name(half, name, &len);
  printf("rank %d: dup %s self %s rev %s | half %s rank %d of %d sum %d | rev rank %d | dup got %d, world recv %s | none %s\n",
         rank, cmp(r1), cmp(r2), cmp(r3), name, hr, hs, sum, rr, v, flag ? "matched" : "empty",
         none == MPI_COMM_NULL ? "null" : "comm");
  if (none != MPI_COMM_NULL)
    MPI_Comm_free(&none);
  MPI_Comm_free(&dup);
  MPI_Comm_free(&half);
  MPI_Comm_free(&rev);
  printf("rank %d: freed %s\n", rank, dup == MPI_COMM_NULL && half == MPI_COMM_NULL ? "yes" : "no");
  MPI_Finalize();
  return 0;
}
