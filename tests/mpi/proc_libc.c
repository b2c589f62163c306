/* what this tests: the state libc keeps for a process is each rank's own, with the
 *   ranks interleaving (MPI calls, simulated sleeps) while they hold it: strtok's
 *   position, rand/srand, random/srandom/initstate/setstate, the drand48 family,
 *   the environment (setenv, putenv, unsetenv, clearenv; getenv and environ),
 *   localtime's and asctime's buffers, errno across a sleep, and argv: each rank
 *   splits argv[2] in place with strtok and changes argv[1]
 * np: 3
 * sort: yes
 * argv: -run alpha:beta:gamma:delta tail
 */
#include <mpi.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

extern char **environ;
static int rank;

static void sync_all(void)
{
    usleep(1000 * (rank + 1)); /* another rank runs meanwhile */
    MPI_Barrier(MPI_COMM_WORLD);
}

int main(int argc, char **argv)
{
    char line[512];
    int len;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* argv: split in place, one token per step, with barriers between */
    argv[1][1] = (char)('A' + rank);
    char *tok = strtok(argv[2], ":");
    len = snprintf(line, sizeof line, "rank %d: argc=%d argv[1]=%s tokens:", rank, argc, argv[1]);
    for (int i = 0; i < rank + 1 && tok; i++) {
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", tok);
        sync_all();
        tok = strtok(NULL, ":");
    }
    for (int i = rank + 1; i < 3; i++)
        sync_all();
    printf("%s next=%s argv[2]=%s argv[3]=%s\n", line, tok ? tok : "(null)", argv[2], argv[3]);

    /* rand and random: one seed per rank, draws interleaved with other ranks' */
    srand(17u + (unsigned)rank);
    int r1 = rand();
    sync_all();
    int r2 = rand();
    srandom(5u * (unsigned)rank + 1u);
    long q1 = random();
    sync_all();
    long q2 = random();
    printf("rank %d: rand %d %d random %ld %ld\n", rank, r1, r2, q1, q2);

    /* initstate/setstate with a buffer of the rank's own */
    static char state[64];
    char *old = initstate(100u + (unsigned)rank, state, sizeof state);
    long s1 = random();
    sync_all();
    long s2 = random();
    setstate(old);
    long s3 = random();
    printf("rank %d: initstate %ld %ld back %ld same-buffer %d\n", rank, s1, s2, s3,
           setstate(old) == old);

    /* drand48 family */
    srand48(1000 + rank);
    double d1 = drand48();
    sync_all();
    long l1 = lrand48(), m1 = mrand48();
    unsigned short seed[3] = {1, 2, (unsigned short)(3 + rank)};
    unsigned short *prev = seed48(seed);
    unsigned short prev0 = prev[0];
    sync_all();
    double d2 = drand48();
    unsigned short x[3] = {7, 8, (unsigned short)(9 + rank)};
    long n1 = nrand48(x), j1 = jrand48(x);
    printf("rank %d: drand48 %.12f %ld %ld seed48-old %u then %.12f nrand %ld jrand %ld\n", rank, d1, l1, m1,
           prev0, d2, n1, j1);

    /* the environment */
    char name[32], value[32];
    snprintf(name, sizeof name, "SIMPI_TEST_RANK_%d", rank);
    snprintf(value, sizeof value, "value-%d", rank);
    setenv("SIMPI_TEST_SHARED", value, 1);
    setenv(name, "mine", 0);
    static char put[64];
    snprintf(put, sizeof put, "SIMPI_TEST_PUT=put-%d", rank);
    putenv(put);
    sync_all();
    int mine = 0, others = 0;
    for (char **e = environ; *e; e++) {
        if (!strncmp(*e, name, strlen(name)))
            mine++;
        else if (!strncmp(*e, "SIMPI_TEST_RANK_", 16))
            others++;
    }
    setenv("SIMPI_TEST_SHARED", "not-overwritten", 0);
    printf("rank %d: env shared=%s put=%s mine=%d others=%d bad-name=%d\n", rank, getenv("SIMPI_TEST_SHARED"),
           getenv("SIMPI_TEST_PUT"), mine, others, setenv("A=B", "x", 1) == -1 && errno == EINVAL);
    unsetenv("SIMPI_TEST_SHARED");
    sync_all();
    const char *gone = getenv("SIMPI_TEST_SHARED");
    if (rank == 2)
        clearenv();
    sync_all();
    printf("rank %d: env after unset=%s cleared=%d\n", rank, gone ? gone : "(unset)", getenv("SIMPI_TEST_PUT") == NULL);

    /* static result buffers of localtime and asctime */
    time_t when = 86400L * 365 * (rank + 1);
    struct tm *tm = gmtime(&when);
    char *text = asctime(tm);
    sync_all();
    printf("rank %d: gmtime year %d asctime %.24s\n", rank, tm->tm_year + 1900, text);

    /* errno is the rank's own while others run */
    errno = 100 + rank;
    usleep(2000);
    int kept = errno;
    sync_all();
    printf("rank %d: errno kept %d\n", rank, kept == 100 + rank);

    MPI_Finalize();
    return 0;
}
