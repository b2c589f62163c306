/* The simulated time that polling costs (tests/unit/poll_timing.sh): each
 * line gives what a sequence of Test-family or Iprobe calls cost, in units of
 * smpi/test (1e-4 s). Run on 2 ranks without computation. */
#include <mpi.h>
#include <stdio.h>

static char b[16];
#define UNITS(t0) ((MPI_Wtime() - (t0)) / 1e-4)
#define TIMED(label, stmt)                                                                                             \
  do {                                                                                                                 \
    double t_ = MPI_Wtime();                                                                                           \
    stmt;                                                                                                              \
    printf("%-36s %.0f\n", label, UNITS(t_));                                                                          \
  } while (0)

/* rank 1 polls with `kind` for a message that rank 0 sends once asked */
static void late(int me, int tag, const char *what, int kind)
{
  if (me == 0) {
    MPI_Recv(b, 1, MPI_CHAR, 1, 100 + tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(b, 10, MPI_CHAR, 1, tag, MPI_COMM_WORLD);
    return;
  }
  MPI_Request r[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
  int f = 0, n = 0, idx, out, ids[2];
  MPI_Irecv(b, 10, MPI_CHAR, 0, tag, MPI_COMM_WORLD, &r[0]);
  MPI_Send(b, 1, MPI_CHAR, 0, 100 + tag, MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  while (!f) {
    n++;
    if (kind == 0)
      MPI_Test(&r[0], &f, MPI_STATUS_IGNORE);
    if (kind == 1)
      MPI_Testany(2, r, &idx, &f, MPI_STATUS_IGNORE);
    if (kind == 2)
      MPI_Testall(2, r, &f, MPI_STATUSES_IGNORE);
    if (kind == 3) {
      MPI_Testsome(2, r, &out, ids, MPI_STATUSES_IGNORE);
      f = out > 0;
    }
  }
  printf("%-10s until a message: %d calls, %.0f\n", what, n, UNITS(t0));
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int me, f, idx, out, ids[2];
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  late(me, 1, "Test", 0);
  late(me, 2, "Testany", 1);
  late(me, 3, "Testall", 2);
  late(me, 4, "Testsome", 3);
  if (me == 1) {
    MPI_Request r, s, nul[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Irecv(b, 10, MPI_CHAR, 0, 50, MPI_COMM_WORLD, &r); /* sent at the end */
    TIMED("Testall of null requests", MPI_Testall(2, nul, &f, MPI_STATUSES_IGNORE));
    TIMED("Testsome of null requests", MPI_Testsome(2, nul, &out, ids, MPI_STATUSES_IGNORE));
    TIMED("Testany of null requests", MPI_Testany(2, nul, &idx, &f, MPI_STATUS_IGNORE));
    TIMED("3 failed Iprobe", for (int i = 0; i < 3; i++) MPI_Iprobe(0, 60, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE));
    TIMED("3 failed Test", for (int i = 0; i < 3; i++) MPI_Test(&r, &f, MPI_STATUS_IGNORE));
    TIMED("3 failed Testany", for (int i = 0; i < 3; i++) MPI_Testany(1, &r, &idx, &f, MPI_STATUS_IGNORE));
    TIMED("3 failed Testall", for (int i = 0; i < 3; i++) MPI_Testall(1, &r, &f, MPI_STATUSES_IGNORE));
    TIMED("3 failed Testsome", for (int i = 0; i < 3; i++) MPI_Testsome(1, &r, &out, ids, MPI_STATUSES_IGNORE));
    MPI_Isend(b, 1, MPI_CHAR, 0, 9, MPI_COMM_SELF, &s);
    TIMED("Test of a send to self", MPI_Test(&s, &f, MPI_STATUS_IGNORE));
    TIMED("2 failed Test", for (int i = 0; i < 2; i++) MPI_Test(&r, &f, MPI_STATUS_IGNORE));
    TIMED("Iprobe that finds", MPI_Iprobe(0, 9, MPI_COMM_SELF, &f, MPI_STATUS_IGNORE));
    TIMED("2 failed Iprobe", for (int i = 0; i < 2; i++) MPI_Iprobe(0, 60, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE));
    MPI_Recv(b, 1, MPI_CHAR, 0, 9, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Send(b, 1, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(b, 1, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(b, 10, MPI_CHAR, 1, 50, MPI_COMM_WORLD);
  }
  /* both ranks poll at once: the multiplier is shared */
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int i = 0; i < 5; i++)
    MPI_Iprobe(MPI_ANY_SOURCE, 77, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE);
  double mine = UNITS(t0);
  double both[2];
  MPI_Gather(&mine, 1, MPI_DOUBLE, both, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (me == 0)
    printf("5 failed Iprobe on both ranks at once: %.0f and %.0f\n", both[0], both[1]);
  MPI_Finalize();
  return 0;
}
