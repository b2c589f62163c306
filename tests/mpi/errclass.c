/* what this tests: Error_class and Error_string on every predefined error class, a code added
 *   to a predefined class (MPI_Add_error_code), Comm_get/set_errhandler with MPI_ERRORS_ARE_FATAL and MPI_ERRORS_RETURN on WORLD and SELF
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

struct cls { const char *name; int code; };

int main(int argc, char **argv)
{
    static const struct cls classes[] = {
        {"MPI_SUCCESS", MPI_SUCCESS},       {"MPI_ERR_BUFFER", MPI_ERR_BUFFER},
        {"MPI_ERR_COUNT", MPI_ERR_COUNT},   {"MPI_ERR_TYPE", MPI_ERR_TYPE},
        {"MPI_ERR_TAG", MPI_ERR_TAG},       {"MPI_ERR_COMM", MPI_ERR_COMM},
        {"MPI_ERR_RANK", MPI_ERR_RANK},     {"MPI_ERR_REQUEST", MPI_ERR_REQUEST},
        {"MPI_ERR_ROOT", MPI_ERR_ROOT},     {"MPI_ERR_GROUP", MPI_ERR_GROUP},
        {"MPI_ERR_OP", MPI_ERR_OP},         {"MPI_ERR_TOPOLOGY", MPI_ERR_TOPOLOGY},
        {"MPI_ERR_DIMS", MPI_ERR_DIMS},     {"MPI_ERR_ARG", MPI_ERR_ARG},
        {"MPI_ERR_UNKNOWN", MPI_ERR_UNKNOWN}, {"MPI_ERR_TRUNCATE", MPI_ERR_TRUNCATE},
        {"MPI_ERR_OTHER", MPI_ERR_OTHER},   {"MPI_ERR_INTERN", MPI_ERR_INTERN},
        {"MPI_ERR_IN_STATUS", MPI_ERR_IN_STATUS}, {"MPI_ERR_PENDING", MPI_ERR_PENDING},
    };
    const int n = (int)(sizeof classes / sizeof classes[0]);
    char str[MPI_MAX_ERROR_STRING];
    int i, j, cls, len, err, x = 1, distinct = 1;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);

    printf("MPI_SUCCESS is 0: %d\n", MPI_SUCCESS == 0);
    for (i = 0; i < n; i++) {
        cls = -1;
        len = -1;
        str[0] = '\0';
        MPI_Error_class(classes[i].code, &cls);
        MPI_Error_string(classes[i].code, str, &len);
        printf("%s: class ok=%d, string ok=%d, below LASTCODE=%d\n", classes[i].name,
               cls == classes[i].code,
               len > 0 && len < MPI_MAX_ERROR_STRING && (int)strlen(str) == len,
               classes[i].code <= MPI_ERR_LASTCODE);
        for (j = 0; j < i; j++)
            if (classes[j].code == classes[i].code)
                distinct = 0;
    }
    printf("classes distinct: %d\n", distinct);

    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    printf("WORLD default handler is ERRORS_ARE_FATAL: %d\n", eh == MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    printf("WORLD handler after set is ERRORS_RETURN: %d\n", eh == MPI_ERRORS_RETURN);
    MPI_Comm_get_errhandler(MPI_COMM_SELF, &eh);
    printf("SELF handler unchanged (ERRORS_ARE_FATAL): %d\n", eh == MPI_ERRORS_ARE_FATAL);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Comm_get_errhandler(MPI_COMM_SELF, &eh);
    printf("SELF handler after set is ERRORS_RETURN: %d\n", eh == MPI_ERRORS_RETURN);

    /* an error returned by a call has a class and a message */
    err = MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Error_class(err, &cls);
    len = -1;
    MPI_Error_string(err, str, &len);
    printf("send to rank 1 of 1: returned error=%d, class is MPI_ERR_RANK=%d, message non-empty=%d\n",
           err != MPI_SUCCESS, cls == MPI_ERR_RANK, len > 0);
    err = MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_SELF);
    MPI_Error_class(err, &cls);
    printf("send to rank 1 on SELF: class is MPI_ERR_RANK=%d\n", cls == MPI_ERR_RANK);

    /* back to fatal; a correct call still works */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    printf("WORLD handler restored to ERRORS_ARE_FATAL: %d\n", eh == MPI_ERRORS_ARE_FATAL);
    err = MPI_Barrier(MPI_COMM_WORLD);
    printf("barrier returned MPI_SUCCESS: %d\n", err == MPI_SUCCESS);
    int code;
    MPI_Add_error_code(MPI_ERR_ARG, &code);
    MPI_Error_class(code, &cls);
    printf("a code added to MPI_ERR_ARG: new %d, its class MPI_ERR_ARG %d\n", code != MPI_ERR_ARG, cls == MPI_ERR_ARG);

    MPI_Finalize();
    return 0;
}
