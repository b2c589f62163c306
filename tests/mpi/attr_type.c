/* what this tests: attributes on datatypes (keyvals, set/get/delete, MPI_TYPE_DUP_FN and
 *   MPI_TYPE_NULL_COPY_FN on MPI_Type_dup, delete callbacks at MPI_Type_free, a failing copy
 *   callback gives MPI_DATATYPE_NULL), a keyval freed again while its attributes live (as MPICH
 *   allows), and the delete callbacks of MPI_COMM_SELF run first thing in MPI_Finalize
 * np: 1 2 3
 */
#include <mpi.h>
#include <stdio.h>

static int deleted, rank;

static int count_delete(MPI_Datatype t, int kv, void *val, void *extra)
{
    (void)t, (void)kv, (void)extra;
    deleted += (int)(MPI_Aint)val;
    return MPI_SUCCESS;
}

static int failing_copy(MPI_Datatype t, int kv, void *extra, void *in, void *out, int *flag)
{
    (void)t, (void)kv, (void)extra, (void)in, (void)out;
    *flag = 1;
    return MPI_ERR_OTHER;
}

static int free_in_delete(MPI_Datatype t, int kv, void *val, void *extra)
{
    (void)t, (void)val, (void)extra;
    return MPI_Type_free_keyval(&kv);
}

static int self_delete(MPI_Comm c, int kv, void *val, void *extra)
{
    (void)c, (void)kv, (void)extra;
    int done;
    MPI_Finalized(&done);
    if (rank == 0)
        printf("MPI_COMM_SELF attribute %d deleted, MPI finalized yet: %d\n", (int)(MPI_Aint)val, done);
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int kdup, knull, flag;
    void *v;
    MPI_Datatype t, d;
    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Type_create_keyval(MPI_TYPE_DUP_FN, count_delete, &kdup, NULL);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &knull, NULL);
    MPI_Type_set_attr(t, kdup, (void *)(MPI_Aint)10);
    MPI_Type_set_attr(t, knull, (void *)(MPI_Aint)7);
    MPI_Type_get_attr(t, kdup, &v, &flag);
    if (rank == 0)
        printf("get after set: flag %d value %d\n", flag, (int)(MPI_Aint)v);
    MPI_Type_set_attr(t, kdup, (void *)(MPI_Aint)20); /* replaces: the old value is deleted */
    MPI_Type_dup(t, &d);
    MPI_Type_get_attr(d, kdup, &v, &flag);
    if (rank == 0)
        printf("dup keeps the MPI_TYPE_DUP_FN attribute: flag %d value %d\n", flag, (int)(MPI_Aint)v);
    MPI_Type_get_attr(d, knull, &v, &flag);
    if (rank == 0)
        printf("dup drops the MPI_TYPE_NULL_COPY_FN attribute: flag %d\n", flag);
    MPI_Type_delete_attr(t, knull);
    MPI_Type_get_attr(t, knull, &v, &flag);
    if (rank == 0)
        printf("after delete: flag %d\n", flag);
    MPI_Type_free(&t);
    MPI_Type_free(&d);
    if (rank == 0)
        printf("delete callback saw 10 + 20 + 20: %d\n", deleted);

    /* attributes on a predefined type */
    MPI_Type_set_attr(MPI_INT, knull, (void *)(MPI_Aint)3);
    MPI_Type_get_attr(MPI_INT, knull, &v, &flag);
    if (rank == 0)
        printf("on MPI_INT: flag %d value %d\n", flag, (int)(MPI_Aint)v);
    MPI_Type_delete_attr(MPI_INT, knull);
    /* each process its own: every rank sets its rank on MPI_DOUBLE, then reads it back */
    MPI_Type_set_attr(MPI_DOUBLE, knull, (void *)(MPI_Aint)(100 + rank));
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Type_get_attr(MPI_DOUBLE, knull, &v, &flag);
    int mine = flag && (int)(MPI_Aint)v == 100 + rank, all;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("on MPI_DOUBLE, every rank reads its own value: %d\n", all);
    MPI_Type_delete_attr(MPI_DOUBLE, knull);

    /* a failing copy callback */
    int kfail, err;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_create_keyval(failing_copy, MPI_TYPE_NULL_DELETE_FN, &kfail, NULL);
    MPI_Type_dup(MPI_DOUBLE, &t);
    MPI_Type_set_attr(t, kfail, NULL);
    err = MPI_Type_dup(t, &d);
    if (rank == 0)
        printf("failing copy: error returned %d, new type is MPI_DATATYPE_NULL %d\n", err != MPI_SUCCESS,
               d == MPI_DATATYPE_NULL);
    MPI_Type_free(&t);
    MPI_Type_free_keyval(&kfail);

    /* a keyval freed by its own delete callback, then again by the program while an
       attribute still uses it */
    int kv, kv2;
    MPI_Datatype a, b;
    MPI_Type_dup(MPI_INT, &a);
    MPI_Type_dup(MPI_INT, &b);
    MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, free_in_delete, &kv, NULL);
    kv2 = kv;
    MPI_Type_set_attr(a, kv, NULL);
    MPI_Type_set_attr(b, kv, NULL);
    MPI_Type_free(&a);
    err = MPI_Type_free_keyval(&kv);
    if (rank == 0)
        printf("keyval freed again while in use: %d, handle now MPI_KEYVAL_INVALID %d\n", err == MPI_SUCCESS,
               kv == MPI_KEYVAL_INVALID);
    MPI_Type_free(&b);
    MPI_Type_free_keyval(&knull);
    MPI_Type_free_keyval(&kdup);
    (void)kv2;

    int ks;
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, self_delete, &ks, NULL);
    MPI_Comm_set_attr(MPI_COMM_SELF, ks, (void *)(MPI_Aint)1);
    MPI_Comm_set_attr(MPI_COMM_SELF, ks, (void *)(MPI_Aint)2);
    MPI_Comm_free_keyval(&ks);
    MPI_Finalize();
    return 0;
}
