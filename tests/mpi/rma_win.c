/* what this tests: window attributes, names, groups, info, user keyvals,
 * error handlers on windows, dynamic windows with attach/detach, shared
 * windows with Win_shared_query, Rput/Rget, MPI_PROC_NULL targets
 * np: 1 2 4
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size, deleted;

static int on_delete(MPI_Win win, int keyval, void *val, void *extra)
{
    (void)win, (void)keyval, (void)extra;
    deleted += *(int *)val;
    return MPI_SUCCESS;
}

static int handled = -1;
static void on_error(MPI_Win *win, int *code, ...)
{
    (void)win;
    MPI_Error_class(*code, &handled);
}

static void report(const char *what, int ok)
{
    int all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %s\n", what, all ? "ok" : "FAIL");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    double buf[8];
    MPI_Win win;
    MPI_Win_create(buf, sizeof buf, sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &win);

    /* predefined attributes */
    void *base;
    MPI_Aint *wsize;
    int *unit, *flavor, *model, flag, ok = 1;
    MPI_Win_get_attr(win, MPI_WIN_BASE, &base, &flag);
    ok &= flag && base == buf;
    MPI_Win_get_attr(win, MPI_WIN_SIZE, &wsize, &flag);
    ok &= flag && *wsize == sizeof buf;
    MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, &unit, &flag);
    ok &= flag && *unit == sizeof(double);
    MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, &flavor, &flag);
    ok &= flag && *flavor == MPI_WIN_FLAVOR_CREATE;
    MPI_Win_get_attr(win, MPI_WIN_MODEL, &model, &flag);
    ok &= flag && (*model == MPI_WIN_UNIFIED || *model == MPI_WIN_SEPARATE);
    report("predefined attributes", ok);

    /* names, group, info */
    char name[MPI_MAX_OBJECT_NAME];
    int len, cmp;
    MPI_Win_set_name(win, "halo");
    MPI_Win_get_name(win, name, &len);
    MPI_Group g, world;
    MPI_Win_get_group(win, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_compare(g, world, &cmp);
    MPI_Info info;
    MPI_Win_get_info(win, &info);
    report("name, group, info", !strcmp(name, "halo") && len == 4 && cmp == MPI_IDENT && info != MPI_INFO_NULL);
    MPI_Info_free(&info);
    MPI_Group_free(&g);
    MPI_Group_free(&world);

    /* user keyvals: set, get, replace (deletes the old value), delete */
    int key, v1 = 1, v10 = 10, *got;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, on_delete, &key, NULL);
    MPI_Win_set_attr(win, key, &v1);
    MPI_Win_set_attr(win, key, &v10);
    MPI_Win_get_attr(win, key, &got, &flag);
    ok = flag && got == &v10 && deleted == 1;
    MPI_Win_delete_attr(win, key);
    MPI_Win_get_attr(win, key, &got, &flag);
    ok &= !flag && deleted == 11;
    MPI_Win_free_keyval(&key);
    report("keyvals", ok);
    /* an attribute left on the window: its delete callback runs at MPI_Win_free (below) */
    int key2, v100 = 100;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, on_delete, &key2, NULL);
    MPI_Win_set_attr(win, key2, &v100);
    MPI_Win_free_keyval(&key2);

    /* error handler: MPI_ERRORS_RETURN gives the error class back */
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    int cls, err;
    MPI_Win_fence(0, win);
    err = MPI_Put(buf, 1, MPI_DOUBLE, size, 0, 1, MPI_DOUBLE, win);
    MPI_Error_class(err, &cls);
    ok = cls == MPI_ERR_RANK; /* (MPICH does not check target ranges; tests/errors/rma_range.c does) */
    MPI_Win_fence(0, win);
    report("errors returned", ok);

    /* a user error handler on the window gets the error */
    MPI_Errhandler eh, cur;
    MPI_Win_create_errhandler(on_error, &eh);
    MPI_Win_set_errhandler(win, eh);
    MPI_Win_get_errhandler(win, &cur);
    MPI_Win_fence(0, win);
    MPI_Get(buf, 1, MPI_DOUBLE, -5, 0, 1, MPI_DOUBLE, win);
    MPI_Win_fence(0, win);
    ok = cur == eh && handled == MPI_ERR_RANK;
    MPI_Win_call_errhandler(win, MPI_ERR_OTHER);
    ok &= handled == MPI_ERR_OTHER;
    MPI_Errhandler_free(&eh);
    report("user error handler", ok);

    /* Rput and Rget to the next rank, a Put to MPI_PROC_NULL */
    int next = (rank + 1) % size;
    double d = rank + 0.5, back = 0;
    MPI_Request r[2];
    buf[3] = -1;
    MPI_Win_fence(0, win);
    MPI_Win_lock_all(0, win);
    MPI_Rput(&d, 1, MPI_DOUBLE, next, 3, 1, MPI_DOUBLE, win, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Win_flush(next, win);
    MPI_Rget(&back, 1, MPI_DOUBLE, next, 3, 1, MPI_DOUBLE, win, &r[1]);
    MPI_Put(&d, 1, MPI_DOUBLE, MPI_PROC_NULL, 0, 1, MPI_DOUBLE, win);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE);
    MPI_Win_unlock_all(win);
    MPI_Barrier(MPI_COMM_WORLD);
    report("rput, rget", back == rank + 0.5 && buf[3] == (rank + size - 1) % size + 0.5);
    MPI_Win_free(&win);
    report("free", win == MPI_WIN_NULL && deleted == 111);

    /* dynamic window: each rank attaches an array and publishes its address */
    int *dyn = calloc(4, sizeof(int));
    MPI_Aint addr, *addrs = malloc(sizeof(MPI_Aint) * (size_t)size);
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, dyn, 4 * sizeof(int));
    MPI_Get_address(dyn, &addr);
    MPI_Allgather(&addr, 1, MPI_AINT, addrs, 1, MPI_AINT, MPI_COMM_WORLD);
    int val = 100 + rank;
    MPI_Win_fence(0, win);
    MPI_Put(&val, 1, MPI_INT, next, addrs[next] + (MPI_Aint)sizeof(int), 1, MPI_INT, win);
    MPI_Win_fence(0, win);
    report("dynamic window", dyn[1] == 100 + (rank + size - 1) % size && dyn[0] == 0);
    MPI_Win_detach(win, dyn);
    MPI_Win_free(&win);
    free(dyn);
    free(addrs);

    /* shared window among the ranks of one node: direct loads of a neighbour's memory */
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int nrank, nsize;
    MPI_Comm_rank(node, &nrank);
    MPI_Comm_size(node, &nsize);
    int *mine, *theirs, tunit;
    MPI_Aint tsize;
    MPI_Win_allocate_shared(2 * sizeof(int), sizeof(int), MPI_INFO_NULL, node, &mine, &win);
    MPI_Win_lock_all(0, win);
    mine[0] = 7 * nrank;
    mine[1] = 7 * nrank + 1;
    MPI_Win_sync(win);
    MPI_Barrier(node);
    MPI_Win_sync(win);
    MPI_Win_shared_query(win, (nrank + 1) % nsize, &tsize, &tunit, &theirs);
    ok = tsize == 2 * sizeof(int) && tunit == sizeof(int) && theirs[1] == 7 * ((nrank + 1) % nsize) + 1;
    MPI_Win_unlock_all(win);
    report("shared window", ok);
    MPI_Win_free(&win);
    MPI_Comm_free(&node);
    MPI_Finalize();
    return 0;
}
