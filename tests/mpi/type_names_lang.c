/* what this tests: from C, the Fortran and C++ datatypes are types of their own
 * (MPI_Type_get_name gives MPI_INTEGER, MPI_CXX_BOOL ...; MPI_C_FLOAT_COMPLEX is
 * named MPI_C_COMPLEX) with the layout of their C twins: sizes, external32 sizes
 * (not of the pairs: MPICH 4.0 gives 0), MPI_Get_elements of a 2REAL cut in two,
 * a struct mixing MPI_INT and MPI_INTEGER, messages between twins; MPI_INTEGER16 is
 * MPI_DATATYPE_NULL; SUM on MPI_LOGICAL is MPI_ERR_OP
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

static void show(MPI_Datatype t)
{
  char name[MPI_MAX_OBJECT_NAME];
  int len, ni, na, nd, comb, size;
  MPI_Aint lb, ext, xsize = 0;
  MPI_Type_get_name(t, name, &len);
  MPI_Type_get_envelope(t, &ni, &na, &nd, &comb);
  MPI_Type_size(t, &size);
  MPI_Type_get_extent(t, &lb, &ext);
  if (t != MPI_2INTEGER && t != MPI_2REAL && t != MPI_2DOUBLE_PRECISION)
    MPI_Pack_external_size("external32", 1, t, &xsize);
  printf("%s: named %d size %d extent %ld external32 %ld\n", name, comb == MPI_COMBINER_NAMED, size, (long)ext,
         (long)xsize);
}

int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Datatype all[] = {MPI_C_COMPLEX, MPI_C_FLOAT_COMPLEX, MPI_CHARACTER, MPI_INTEGER, MPI_LOGICAL, MPI_REAL,
                          MPI_DOUBLE_PRECISION, MPI_COMPLEX, MPI_DOUBLE_COMPLEX, MPI_INTEGER1, MPI_INTEGER2,
                          MPI_INTEGER4, MPI_INTEGER8, MPI_REAL4, MPI_REAL8, MPI_COMPLEX8, MPI_COMPLEX16,
                          MPI_2INTEGER, MPI_2REAL, MPI_2DOUBLE_PRECISION, MPI_CXX_BOOL, MPI_CXX_FLOAT_COMPLEX,
                          MPI_CXX_DOUBLE_COMPLEX, MPI_LONG_LONG};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
      show(all[i]);
    printf("MPI_INTEGER16 is MPI_DATATYPE_NULL: %d\n", MPI_INTEGER16 == MPI_DATATYPE_NULL);
    printf("MPI_INTEGER is not MPI_INT: %d\n", MPI_INTEGER != MPI_INT);
  }

  /* elements: half a 2REAL is none */
  float fr[4] = {1, 2, 3, 4}, fr2[4];
  MPI_Status st;
  int n;
  if (rank == 0)
    MPI_Send(fr, 3, MPI_FLOAT, 1, 1, MPI_COMM_WORLD);
  else {
    MPI_Recv(fr2, 2, MPI_2REAL, 0, 1, MPI_COMM_WORLD, &st);
    MPI_Get_elements(&st, MPI_2REAL, &n);
    float seen[2] = {n == MPI_UNDEFINED, fr2[2]};
    MPI_Send(seen, 2, MPI_FLOAT, 0, 4, MPI_COMM_WORLD);
  }
  if (rank == 0) { /* rank 0 prints what rank 1 saw: one process writes all lines, in one order */
    float seen[2];
    MPI_Recv(seen, 2, MPI_FLOAT, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("2real elements of three floats: undefined %d, third %g\n", (int)seen[0], seen[1]);
  }

  /* a struct of an int and an INTEGER, sent to an int[2] */
  int blens[2] = {1, 1}, v[2] = {rank + 5, rank + 6}, w[2] = {0, 0};
  MPI_Aint disps[2] = {0, sizeof(int)};
  MPI_Datatype types[2] = {MPI_INT, MPI_INTEGER}, st2;
  MPI_Type_create_struct(2, blens, disps, types, &st2);
  MPI_Type_commit(&st2);
  MPI_Sendrecv(v, 1, st2, 1 - rank, 2, w, 2, MPI_INT, 1 - rank, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (rank == 1)
    MPI_Send(w, 2, MPI_INT, 0, 3, MPI_COMM_WORLD);
  else {
    MPI_Recv(w, 2, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("struct int+INTEGER: received %d %d\n", w[0], w[1]);
  }
  MPI_Type_free(&st2);

  /* MPI_SUM does not apply to MPI_LOGICAL, MPI_LAND does */
  int l = 1, lr = 0, rc, cls;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  rc = MPI_Allreduce(&l, &lr, 1, MPI_LOGICAL, MPI_SUM, MPI_COMM_WORLD);
  MPI_Error_class(rc, &cls);
  if (rank == 0)
    printf("sum on MPI_LOGICAL: MPI_ERR_OP %d\n", cls == MPI_ERR_OP);
  rc = MPI_Allreduce(&l, &lr, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD);
  if (rank == 0)
    printf("land on MPI_LOGICAL: success %d, value %d\n", rc == MPI_SUCCESS, lr != 0);
  MPI_Finalize();
  return 0;
}
