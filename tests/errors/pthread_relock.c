/* what: a thread locks a normal mutex it already holds (it would wait forever): one error naming
 *   the rank, the thread and the line
 * np: 1
 * exit: nonzero
 * stderr: rank 0, thread 1: pthread_mutex_lock of a mutex the thread already holds.* at pthread_relock.c:16
 */
#include <mpi.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    pthread_mutex_lock(&m);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    MPI_Init(&argc, &argv);
    pthread_create(&t, NULL, worker, NULL);
    pthread_join(t, NULL);
    MPI_Finalize();
    return 0;
}
