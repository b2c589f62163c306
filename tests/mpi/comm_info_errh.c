/* what this tests: Info objects (set, get, valuelen, nkeys, nthkey, dup,
 *   delete, free), user error handlers called on errors,
 *   Add_error_class/code/string, Comm_call_errhandler
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int calls, last_class;

static void handler(MPI_Comm *comm, int *code, ...)
{
  (void)comm;
  calls++;
  MPI_Error_class(*code, &last_class);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Info info, copy;
  MPI_Info_create(&info);
  MPI_Info_set(info, "alpha", "1");
  MPI_Info_set(info, "beta", "two");
  MPI_Info_set(info, "alpha", "one");
  int n, flag, len;
  char key[MPI_MAX_INFO_KEY + 1], val[64];
  MPI_Info_get_nkeys(info, &n);
  MPI_Info_get_nthkey(info, 1, key);
  MPI_Info_get(info, "alpha", sizeof val - 1, val, &flag);
  MPI_Info_get_valuelen(info, "beta", &len, &flag);
  MPI_Info_dup(info, &copy);
  MPI_Info_delete(copy, "alpha");
  int n2;
  MPI_Info_get_nkeys(copy, &n2);
  char v2[64];
  MPI_Info_get(copy, "alpha", sizeof v2 - 1, v2, &flag);
  printf("rank %d: nkeys %d second key %s alpha=%s beta len %d | dup nkeys %d alpha %s\n", rank, n, key, val, len,
         n2, flag ? "present" : "absent");
  MPI_Info_free(&copy);
  MPI_Info_free(&info);

  MPI_Errhandler eh;
  MPI_Comm_create_errhandler(handler, &eh);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
  int x = 0;
  int err = MPI_Send(&x, 1, MPI_INT, 99, 0, MPI_COMM_WORLD);
  int cls;
  MPI_Error_class(err, &cls);
  int myclass, mycode;
  MPI_Add_error_class(&myclass);
  MPI_Add_error_code(myclass, &mycode);
  MPI_Add_error_string(mycode, "my own error");
  char s[MPI_MAX_ERROR_STRING];
  MPI_Error_string(mycode, s, &len);
  int mc;
  MPI_Error_class(mycode, &mc);
  MPI_Comm_call_errhandler(MPI_COMM_WORLD, mycode);
  printf("rank %d: handler calls %d last class %s returned %s | added code string '%s' class matches %d\n", rank,
         calls, last_class == myclass ? "mine" : last_class == MPI_ERR_RANK ? "MPI_ERR_RANK" : "other",
         cls == MPI_ERR_RANK ? "MPI_ERR_RANK" : "other", s, mc == myclass);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
  MPI_Errhandler_free(&eh);
  MPI_Finalize();
  return 0;
}
