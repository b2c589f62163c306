/* what this tests: MPI 4.0's MPI_Info_get_string (the whole value and its size with the
 *   terminating null; truncation to buflen - 1 characters; buflen 0 leaves the buffer alone; a
 *   missing key leaves buflen alone; a value of MPI_MAX_INFO_VAL characters),
 *   MPI_Info_create_env (before and after MPI_Init; only the standard's keys; usable like any
 *   info object) and MPI_Comm_idup_with_info (the hint given shows in Comm_get_info, the new
 *   communicator works, a key that is no hint does not, the info may be freed before the request
 *   completes)
 * np: 1 3
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int rank;

static void say(const char *what, int ok)
{
    if (rank == 0)
        printf("%s: %s\n", what, ok ? "ok" : "FAIL");
}

/* every key of in is one the standard defines for MPI_INFO_ENV */
static int env_keys_only(MPI_Info in)
{
    static const char *std[] = {"command", "argv", "maxprocs", "soft", "host", "arch", "wdir", "file",
                                "thread_level"};
    char k[MPI_MAX_INFO_KEY + 1];
    int n, i, j, ok = 1;
    MPI_Info_get_nkeys(in, &n);
    for (i = 0; i < n; i++) {
        int known = 0;
        MPI_Info_get_nthkey(in, i, k);
        for (j = 0; j < (int)(sizeof std / sizeof *std); j++)
            known = known || !strcmp(k, std[j]);
        ok = ok && known;
    }
    return ok && n >= 0;
}

int main(int argc, char **argv)
{
    MPI_Info env, dup, in, got;
    int ok, flag, len, n, size, sum, i;
    char v[MPI_MAX_INFO_VAL + 1], big[MPI_MAX_INFO_VAL + 1];

    ok = MPI_Info_create_env(argc, argv, &env) == MPI_SUCCESS && env != MPI_INFO_NULL;
    { /* the other info calls before MPI_Init too (MPI 4.0, 11.2.1) */
        MPI_Info pre, pre2;
        int pre_ok = MPI_Info_create(&pre) == MPI_SUCCESS;
        pre_ok = pre_ok && MPI_Info_set(pre, "early", "bird") == MPI_SUCCESS;
        pre_ok = pre_ok && MPI_Info_dup(pre, &pre2) == MPI_SUCCESS;
        MPI_Info_get(pre2, "early", MPI_MAX_INFO_VAL, v, &flag);
        MPI_Info_get_nkeys(pre2, &n);
        pre_ok = pre_ok && flag && !strcmp(v, "bird") && n == 1;
        MPI_Info_delete(pre2, "early");
        MPI_Info_get_nkeys(pre2, &n);
        pre_ok = pre_ok && n == 0 && MPI_Info_free(&pre) == MPI_SUCCESS && MPI_Info_free(&pre2) == MPI_SUCCESS;
        ok = ok && pre_ok;
    }
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ok = ok && env_keys_only(env);
    MPI_Info_dup(env, &dup);
    MPI_Info_get_nkeys(env, &n);
    MPI_Info_get_nkeys(dup, &i);
    ok = ok && n == i;
    MPI_Info_free(&dup);
    MPI_Info_free(&env);
    say("info_create_env and the other info calls before MPI_Init: standard keys only, dup, free", ok && env == MPI_INFO_NULL);
    MPI_Info_create_env(0, NULL, &env);
    ok = env_keys_only(env);
    MPI_Info_set(env, "mine", "1");
    MPI_Info_get_nkeys(env, &i);
    MPI_Info_get_nkeys(MPI_INFO_ENV, &n);
    MPI_Info_free(&env);
    say("info_create_env after MPI_Init: a new object, MPI_INFO_ENV unchanged", ok && i >= 1 && n == i - 1);

    MPI_Info_create(&in);
    MPI_Info_set(in, "abc", "hello world");
    len = sizeof v;
    MPI_Info_get_string(in, "abc", &len, v, &flag);
    say("info_get_string: whole value, size with the null", flag && len == 12 && !strcmp(v, "hello world"));
    len = 4;
    memset(v, 'X', 8);
    MPI_Info_get_string(in, "abc", &len, v, &flag);
    say("info_get_string: truncated to buflen - 1 characters", flag && len == 12 && !strcmp(v, "hel") &&
        v[4] == 'X');
    len = 0;
    v[0] = 'Z';
    MPI_Info_get_string(in, "abc", &len, v, &flag);
    say("info_get_string: buflen 0 leaves the buffer alone", flag && len == 12 && v[0] == 'Z');
    len = 5;
    flag = 1;
    MPI_Info_get_string(in, "nokey", &len, v, &flag);
    say("info_get_string: a missing key leaves buflen alone", !flag && len == 5 && v[0] == 'Z');
    memset(big, 'q', MPI_MAX_INFO_VAL);
    big[MPI_MAX_INFO_VAL] = 0;
    MPI_Info_set(in, "big", big);
    len = sizeof v;
    MPI_Info_get_string(in, "big", &len, v, &flag);
    say("info_get_string: a value of MPI_MAX_INFO_VAL characters",
        flag && len == MPI_MAX_INFO_VAL + 1 && !strcmp(v, big));

    {
        MPI_Comm c;
        MPI_Request r;
        MPI_Info_set(in, "mpi_assert_no_any_tag", "true");
        MPI_Comm_idup_with_info(MPI_COMM_WORLD, in, &c, &r);
        MPI_Info_free(&in);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
        MPI_Comm_get_info(c, &got);
        len = sizeof v;
        MPI_Info_get_string(got, "mpi_assert_no_any_tag", &len, v, &flag);
        ok = flag && !strcmp(v, "true") && sum == size * (size - 1) / 2 && r == MPI_REQUEST_NULL;
        len = sizeof v;
        MPI_Info_get_string(got, "abc", &len, v, &flag); /* set in `in` above: not a hint, ignored */
        ok = ok && !flag;
        MPI_Info_free(&got);
        MPI_Comm_free(&c);
        MPI_Allreduce(&ok, &sum, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        say("comm_idup_with_info: the hint in Comm_get_info, the communicator works", sum);
    }
    MPI_Finalize();
    return 0;
}
