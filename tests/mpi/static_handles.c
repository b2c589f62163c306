/* what this tests: predefined handles are constant expressions, usable in
 *   static initialisers (tables of communicators, datatypes and ops)
 * np: 3
 */
#include <mpi.h>
#include <stdio.h>

static MPI_Comm comms[] = {MPI_COMM_WORLD, MPI_COMM_SELF};
static MPI_Datatype types[] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
static const MPI_Op ops[] = {MPI_SUM, MPI_MAX};
static MPI_Request pending = MPI_REQUEST_NULL;
struct table {
  MPI_Datatype type;
  int size;
};
static struct table sizes[] = {{MPI_INT, sizeof(int)}, {MPI_DOUBLE, sizeof(double)}, {MPI_CHAR, 1}};

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, n;
  MPI_Comm_rank(comms[0], &rank);
  int self_size;
  MPI_Comm_size(comms[1], &self_size);
  MPI_Comm_size(comms[0], &n);
  int ok = self_size == 1 && pending == MPI_REQUEST_NULL;
  for (int i = 0; i < 3; i++) {
    int s;
    MPI_Type_size(types[i], &s);
    ok = ok && s == sizes[i].size && types[i] == sizes[i].type;
  }
  int v = rank + 1, sum = 0, max = 0;
  MPI_Allreduce(&v, &sum, 1, types[0], ops[0], comms[0]);
  MPI_Allreduce(&v, &max, 1, types[0], ops[1], comms[0]);
  int all_ok;
  MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("size %d sum %d max %d handles %s\n", n, sum, max, all_ok ? "OK" : "FAIL");
  MPI_Finalize();
  return 0;
}
