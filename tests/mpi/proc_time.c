/* what this tests: the program's clocks as a process sees them: time(), gettimeofday()
 *   and clock_gettime(CLOCK_REALTIME) give today's date (not 1970) and agree with each
 *   other, and they and CLOCK_MONOTONIC advance by the time a sleep takes; localtime
 *   and ctime read them
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static struct timespec now(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return ts;
}

/* b - a in nanoseconds, exactly */
static long long diff(struct timespec a, struct timespec b)
{
    return (long long)(b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec);
}

static const char *yes(int b) { return b ? "yes" : "no"; }

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct timeval tv0, tv1;
    gettimeofday(&tv0, NULL);
    time_t t0 = time(NULL);
    struct timespec r0 = now(CLOCK_REALTIME), m0 = now(CLOCK_MONOTONIC);
    usleep(300000);
    gettimeofday(&tv1, NULL);
    struct timespec r1 = now(CLOCK_REALTIME), m1 = now(CLOCK_MONOTONIC);
    long long g = (long long)(tv1.tv_sec - tv0.tv_sec) * 1000000LL + (tv1.tv_usec - tv0.tv_usec);
    struct tm *tm = localtime(&t0);
    int year = tm->tm_year + 1900;
    const char *text = ctime(&t0);
    printf("rank %d: date this century %s, time agrees with gettimeofday %s and clock_gettime %s, "
           "a 0.3 s sleep: gettimeofday %s realtime %s monotonic %s, ctime year %s\n",
           rank, yes(year >= 2024 && year < 2100), yes(t0 - tv0.tv_sec <= 1 && tv0.tv_sec - t0 <= 1),
           yes(r0.tv_sec - tv0.tv_sec <= 1 && tv0.tv_sec - r0.tv_sec <= 1), yes(g >= 300000 && g < 400000),
           yes(diff(r0, r1) >= 300000000 && diff(r0, r1) < 400000000),
           yes(diff(m0, m1) >= 300000000 && diff(m0, m1) < 400000000),
           yes(strstr(text, "20") != NULL));
    MPI_Finalize();
    return 0;
}
