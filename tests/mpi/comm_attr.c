/* what this tests: attribute keyvals with copy and delete callbacks on
 *   Comm_dup and Comm_free, set/get/delete, predefined attributes, MPI-1 names
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static int copies, deletes;

static int copy_plus_one(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
  (void)c;
  (void)k;
  (void)extra;
  copies++;
  *(long *)out = (long)in + 1;
  *flag = 1;
  return MPI_SUCCESS;
}

static int count_delete(MPI_Comm c, int k, void *val, void *extra)
{
  (void)c;
  (void)k;
  (void)val;
  (*(int *)extra)++;
  deletes++;
  return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, extra = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int kplus, kdup, knocopy, kold;
  MPI_Comm_create_keyval(copy_plus_one, count_delete, &kplus, &extra);
  MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &kdup, NULL);
  MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &knocopy, &extra);
  MPI_Keyval_create(MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN, &kold, NULL);
  MPI_Comm c;
  MPI_Comm_dup(MPI_COMM_WORLD, &c);
  MPI_Comm_set_attr(c, kplus, (void *)(long)(10 * rank));
  MPI_Comm_set_attr(c, kdup, (void *)(long)(100 + rank));
  MPI_Comm_set_attr(c, knocopy, (void *)7L);
  MPI_Attr_put(c, kold, (void *)9L);
  MPI_Comm d;
  MPI_Comm_dup(c, &d);
  long v;
  int f1, f2, f3, f4;
  MPI_Comm_get_attr(d, kplus, &v, &f1);
  long vplus = v;
  MPI_Comm_get_attr(d, kdup, &v, &f2);
  long vdup = v;
  MPI_Comm_get_attr(d, knocopy, &v, &f3);
  MPI_Attr_get(d, kold, &v, &f4);
  MPI_Comm_set_attr(c, kplus, (void *)5L); /* replacing calls delete */
  MPI_Comm_delete_attr(c, knocopy);
  int *tagub, ft;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tagub, &ft);
  MPI_Comm_free(&d);
  MPI_Comm_free(&c);
  MPI_Comm_free_keyval(&kplus);
  printf("rank %d: plus %d %ld dup %d %ld nocopy %d old %d | copies %d deletes %d extra %d | tag_ub>=32767 %d keyval %s\n",
         rank, f1, vplus, f2, vdup, f3, f4, copies, deletes, extra, ft && *tagub >= 32767,
         kplus == MPI_KEYVAL_INVALID ? "invalid" : "kept");
  MPI_Finalize();
  return 0;
}
