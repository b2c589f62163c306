#!/usr/bin/env bash
# simfort beyond what the mpi/ programs compare with MPICH: gfortran's clocks
# (SYSTEM_CLOCK, CPU_TIME, DATE_AND_TIME: to its millisecond, so 3.500 s may read
# 3.499 or 3.501 with the run's start in between) read simulated time, and the real one
# with -DSIMPI_NO_CLOCK_OVERRIDE; SMPI's Fortran smpi_execute spellings inject
# time; Waitany says MPI_UNDEFINED once all are done; the call sites of --stats
# and --timeline name Fortran source lines; a Fortran program and the same
# program in C record identical time-independent traces; mpif.h in free form;
# simf77/simf90 and several sources (Fortran with mpif.h, with use mpi, and C)
# in one program; simfort -show; MPI_F_SYNC_REG links.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simfort="$top/wrappers/simfort" simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

cat > clocks.f90 <<'F'
program clocks
  use mpi
  implicit none
  integer :: ierr, rank, c0, c1, rate, req(2), idx, v0(8), v1(8)
  integer(8) :: k0, k1, krate
  real :: t0, t1
  double precision :: w0, w1, d0, d1
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call system_clock(c0, rate)
  call system_clock(k0, krate)
  call cpu_time(t0)
  call date_and_time(values=v0)
  w0 = MPI_Wtime()
  call smpi_execute(2.5d0)                  ! 2.5 s of the reference machine
  call smpi_execute_flops(1d9)              ! 1 s on a 1 Gflop/s host
  call system_clock(c1)
  call system_clock(k1)
  call cpu_time(t1)
  call date_and_time(values=v1)
  w1 = MPI_Wtime()
  d0 = v0(5) * 3600d0 + v0(6) * 60d0 + v0(7) + v0(8) / 1d3
  d1 = v1(5) * 3600d0 + v1(6) * 60d0 + v1(7) + v1(8) / 1d3
  print '(a, f8.3, a, f8.3, a, f8.3, a, f8.3, a, f8.3, a, i5)', 'wtime ', w1 - w0, ' system_clock ', &
    real(c1 - c0) / rate, ' system_clock8 ', real(k1 - k0) / krate, ' cpu_time ', t1 - t0, ' date ', d1 - d0, &
    ' year ', v1(1)
  call MPI_F_sync_reg(v1)                   ! MPICH 4.0.2's crashes: tested here only
  req = MPI_REQUEST_NULL
  call MPI_Waitany(2, req, idx, MPI_STATUS_IGNORE, ierr)
  if (idx /= MPI_UNDEFINED) print *, 'waitany on null requests gave', idx
  call MPI_Finalize(ierr)
end program clocks
F
"$simfort" clocks.f90 -o clocks || bad "build clocks.f90"
out=$("$simrun" -q -np 1 ./clocks 2>&1)
echo "$out"
if echo "$out" | grep -Eq '^wtime +3\.500 system_clock +3\.500 system_clock8 +3\.500 cpu_time +3\.500 date +3\.(499|500|501) year +20[2-9][0-9]$'; then
  ok "gfortran's clocks read simulated time; smpi_execute and smpi_execute_flops inject it"
else
  bad "gfortran's clocks under simulation"
fi
echo "$out" | grep -q 'waitany' && bad "Waitany on null requests" || ok "Waitany on null requests: MPI_UNDEFINED"
"$simfort" -DSIMPI_NO_CLOCK_OVERRIDE clocks.f90 -o clocks_real || bad "build with -DSIMPI_NO_CLOCK_OVERRIDE"
"$simrun" -q -np 1 ./clocks_real 2>&1 | grep -Eq 'year +(20[2-9][0-9])$' &&
  ok "-DSIMPI_NO_CLOCK_OVERRIDE keeps gfortran's real clocks" || bad "-DSIMPI_NO_CLOCK_OVERRIDE"

# the same ring in Fortran and in C: same trace, and call sites name Fortran lines
cat > ring.f90 <<'F'
program ring
  use mpi
  implicit none
  integer :: ierr, rank, np, req, buf(1000), got(1000)
  double precision :: x(10)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  buf = rank
  call MPI_Irecv(got, 1000, MPI_INTEGER, mod(rank + np - 1, np), 3, MPI_COMM_WORLD, req, ierr)
  call MPI_Send(buf, 1000, MPI_INTEGER, mod(rank + 1, np), 3, MPI_COMM_WORLD, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  x = rank
  call MPI_Allreduce(MPI_IN_PLACE, x, 10, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Bcast(x, 10, MPI_DOUBLE_PRECISION, 1, MPI_COMM_WORLD, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program ring
F
cat > ring.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int rank, np, buf[1000], got[1000];
  double x[10];
  MPI_Request req;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  for (int i = 0; i < 1000; i++)
    buf[i] = rank;
  MPI_Irecv(got, 1000, MPI_INT, (rank + np - 1) % np, 3, MPI_COMM_WORLD, &req);
  MPI_Send(buf, 1000, MPI_INT, (rank + 1) % np, 3, MPI_COMM_WORLD);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  for (int i = 0; i < 10; i++)
    x[i] = rank;
  MPI_Allreduce(MPI_IN_PLACE, x, 10, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Bcast(x, 10, MPI_DOUBLE, 1, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
"$simfort" ring.f90 -o fring && "$simcc" ring.c -o cring || bad "build the rings"
nocomp=--cfg=smpi/simulate-computation:no
"$simrun" -q -np 4 $nocomp --trace-ti=f.ti ./fring && "$simrun" -q -np 4 $nocomp --trace-ti=c.ti ./cring ||
  bad "record the traces"
same=1
for r in 1 2 3 4; do
  cmp -s "f.ti_files/simpi_rank-$r.txt" "c.ti_files/simpi_rank-$r.txt" || same=0
done
[ $same = 1 ] && [ -s f.ti_files/simpi_rank-1.txt ] && ok "a Fortran program records the C program's trace" ||
  { bad "Fortran and C traces differ"; diff f.ti_files/simpi_rank-1.txt c.ti_files/simpi_rank-1.txt | head; }
"$simrun" -q --replay=f.ti 2>/dev/null && ok "the Fortran program's trace replays" || bad "replay the Fortran trace"
"$simrun" -q -np 4 --stats ./fring 2>stats.txt
grep -q 'ring\.f90:12 (MAIN__)' stats.txt && ok "--stats names Fortran source lines" ||
  { bad "--stats call sites"; cat stats.txt; }
"$simrun" -q -np 4 --timeline=t.json ./fring
grep -q 'ring\.f90:15' t.json && ok "--timeline names Fortran source lines" || bad "--timeline source lines"

# mpif.h in free form; simf77 and simf90; C and both Fortran forms in one program
cat > part77.f <<'F'
      SUBROUTINE TOTAL(N, S)
      INCLUDE 'mpif.h'
      INTEGER N, S, IERR
      CALL MPI_ALLREDUCE(N, S, 1, MPI_INTEGER, MPI_SUM,
     &     MPI_COMM_WORLD, IERR)
      END
F
cat > partc.c <<'C'
#include <mpi.h>
/* called from Fortran: the communicator as a Fortran handle */
void c_size_(MPI_Fint *fcomm, int *size) { MPI_Comm_size(MPI_Comm_f2c(*fcomm), size); }
C
cat > main.f90 <<'F'
program main
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, s, np
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call total(rank, s)
  call c_size(MPI_COMM_WORLD, np)
  if (rank == 0) print '(a, i0, a, i0)', 'sum ', s, ' size ', np
  call MPI_Finalize(ierr)
end program main
F
"$top/wrappers/simf77" -c part77.f && "$simcc" -c partc.c && "$top/wrappers/simf90" -c main.f90 &&
  "$simfort" main.o part77.o partc.o -o mixed || bad "build a program from Fortran 77, Fortran 90 and C"
[ "$("$simrun" -q -np 5 ./mixed)" = "sum 10 size 5" ] && ok "Fortran 77, free-form mpif.h and C in one program" ||
  bad "mixed program"

show=$("$simfort" -show -c x.f90)
case $show in
*"-I$top/src/fortran"*-fallow-argument-mismatch*) ok "simfort -show: $show" ;;
*) bad "simfort -show: $show" ;;
esac
# gfortran's STOP reports the floating-point exceptions that are up: only the program's own, per
# rank (simpi's arithmetic and other ranks' raise none for it); this program raises none
cat > quiet_stop.f90 <<'F'
program quiet_stop
  use mpi
  implicit none
  integer :: ierr, rank
  double precision :: x(1000)
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = rank
  call MPI_Allreduce(MPI_IN_PLACE, x, 1000, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  stop
end program quiet_stop
F
"$simfort" quiet_stop.f90 -o quiet_stop 2>/dev/null && "$simrun" -np 4 --stats ./quiet_stop >out 2>err
if grep -q "IEEE" out err; then bad "STOP reports floating-point exceptions the program never raised: $(grep -h IEEE out err | head -1)"
else ok "STOP in a program without floating-point exceptions reports none"; fi

exit $fail
