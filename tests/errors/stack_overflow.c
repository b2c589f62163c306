/* what: unbounded recursion overflows a rank's stack: the report says so and names the
 *   option that gives ranks larger stacks, then the backtrace shows the recursive function
 * np: 2
 * exit: nonzero
 * stderr: rank [01] overflowed its stack .*--cfg=contexts/stack-size:KIB
 * stderr: stack_overflow.c:1[3-6] \(deep\)
 */
#include <mpi.h>
#include <stdio.h>

static int deep(int n)
{
    volatile char buf[4096];
    buf[0] = (char)n;
    return n ? deep(n - 1) + buf[0] : 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    printf("%d\n", deep(1 << 22));
    MPI_Finalize();
    return 0;
}
