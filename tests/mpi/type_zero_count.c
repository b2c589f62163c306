/* what this tests: constructors with count 0 and NULL arrays (MPI_Type_create_struct and its
 * _c and MPI-1 forms, indexed, hindexed, indexed_block, contiguous, vector): each makes an
 * empty type of size 0 and extent 0 with the right combiner, which moves nothing (a struct
 * of count 0 with NULL arrays was refused as an invalid datatype after the large-count rework)
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

static void check(const char *what, int rc, MPI_Datatype t, int combiner)
{
  int size = -1, ni, na, nd, comb = -1, rank;
  MPI_Aint lb = -1, ext = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rc == MPI_SUCCESS) {
    MPI_Type_commit(&t);
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
    /* one element of an empty type: no data */
    int x = 7;
    MPI_Status st;
    int n = -1;
    MPI_Sendrecv(&x, 1, t, 1 - rank, 0, &x, 1, t, 1 - rank, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, t, &n);
    MPI_Type_free(&t);
    if (rank == 0)
      printf("%s: success, size %d lb %ld extent %ld combiner %s count %d value %d\n", what, size, (long)lb, (long)ext,
             comb == combiner ? "right" : "WRONG", n, x);
  } else if (rank == 0)
    printf("%s: error\n", what);
}

int main(int argc, char **argv)
{
  MPI_Datatype t = MPI_DATATYPE_NULL;
  int rc;
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  rc = MPI_Type_create_struct(0, NULL, NULL, NULL, &t);
  check("create_struct", rc, t, MPI_COMBINER_STRUCT);
  rc = MPI_Type_create_struct_c(0, NULL, NULL, NULL, &t);
  check("create_struct_c", rc, t, MPI_COMBINER_STRUCT);
  rc = MPI_Type_struct(0, NULL, NULL, NULL, &t);
  check("struct (MPI-1)", rc, t, MPI_COMBINER_STRUCT);
  rc = MPI_Type_indexed(0, NULL, NULL, MPI_INT, &t);
  check("indexed", rc, t, MPI_COMBINER_INDEXED);
  rc = MPI_Type_create_hindexed(0, NULL, NULL, MPI_DOUBLE, &t);
  check("hindexed", rc, t, MPI_COMBINER_HINDEXED);
  rc = MPI_Type_create_indexed_block(0, 3, NULL, MPI_INT, &t);
  check("indexed_block", rc, t, MPI_COMBINER_INDEXED_BLOCK);
  rc = MPI_Type_contiguous(0, MPI_INT, &t);
  check("contiguous", rc, t, MPI_COMBINER_CONTIGUOUS);
  rc = MPI_Type_vector(0, 2, 3, MPI_INT, &t);
  check("vector", rc, t, MPI_COMBINER_VECTOR);
  MPI_Finalize();
  return 0;
}
