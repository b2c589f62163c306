! what this tests: a Fortran MPI program with OpenMP (use mpi, use omp_lib): parallel do with
! reductions (+, max, .and.) combined by MPI_Allreduce; a threadprivate module variable kept
! across regions and a threadprivate COMMON block filled by copyin; omp master doing an
! MPI_Sendrecv ring exchange while the other threads compute (omp do nowait), a barrier, then every
! thread reads the received values; critical and atomic updates; omp_get_thread_num and
! omp_get_num_threads per thread; omp_get_wtime never going back; omp locks (omp_init_lock,
! omp_set_lock, omp_test_lock, omp_unset_lock, omp_destroy_lock); rank 0 prints one verdict per case
! np: 2 3 4
! cflags: -fopenmp
! env: OMP_NUM_THREADS=1
! env: OMP_NUM_THREADS=2
! env: OMP_NUM_THREADS=4
include 'checks.inc'

module omp_f90_tp
  implicit none
  integer :: tp_val
  !$omp threadprivate(tp_val)
end module omp_f90_tp

program omp_f90
  use mpi
  use omp_lib
  use checks
  use omp_f90_tp
  implicit none
  integer, parameter :: n = 1200, maxt = 64
  integer :: ierr, provided, rank, np, nt, lo, hi, i, t, bad, mx, left, right, it
  integer :: tpc_a, tpc_b(4)
  common /tpc/ tpc_a, tpc_b
  !$omp threadprivate(/tpc/)
  integer(kind=8) :: s, tot
  logical :: allpos, ok
  integer :: seen(0:maxt - 1), halo, work(n), cnt, team
  integer(kind=omp_lock_kind) :: lck
  double precision :: t0, t1

  call MPI_Init_thread(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  nt = omp_get_max_threads()
  if (nt > maxt) call MPI_Abort(MPI_COMM_WORLD, 1, ierr)
  lo = n * rank / np + 1
  hi = n * (rank + 1) / np
  left = mod(rank + np - 1, np)
  right = mod(rank + 1, np)
  call report('init_thread funneled', provided >= MPI_THREAD_FUNNELED)

  ! 1. parallel do with reductions over this rank's block of 1..n
  s = 0
  mx = -1
  allpos = .true.
  !$omp parallel do reduction(+:s) reduction(max:mx) reduction(.and.:allpos) schedule(dynamic, 7)
  do i = lo, hi
    s = s + i
    mx = max(mx, mod(i * 37, 1001))
    allpos = allpos .and. i > 0
  end do
  !$omp end parallel do
  call MPI_Allreduce(s, tot, 1, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
  call MPI_Allreduce(MPI_IN_PLACE, mx, 1, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  call report('parallel do reductions', tot == int(n, 8) * (n + 1) / 2 .and. mx == 1000 .and. allpos)

  ! 2. threadprivate module variable: set in one region, found again in the next ones
  seen = -1
  team = 0
  !$omp parallel private(t)
  t = omp_get_thread_num()
  !$omp single
  team = omp_get_num_threads()
  !$omp end single
  tp_val = 100 * t + rank
  !$omp end parallel
  bad = 0
  do it = 1, 3
    !$omp parallel private(t) reduction(+:bad)
    t = omp_get_thread_num()
    if (tp_val /= 100 * t + rank) bad = bad + 1
    seen(t) = tp_val
    !$omp end parallel
  end do
  ok = bad == 0 .and. team == nt .and. tp_val == rank
  do t = 0, nt - 1
    ok = ok .and. seen(t) == 100 * t + rank
  end do
  call report('threadprivate module variable', ok)

  ! 3. threadprivate COMMON block, copyin from the master
  tpc_a = 7 + rank
  tpc_b = (/ 1, 2, 3, 4 /) * (rank + 1)
  bad = 0
  !$omp parallel copyin(/tpc/) private(t) reduction(+:bad)
  t = omp_get_thread_num()
  if (tpc_a /= 7 + rank .or. any(tpc_b /= (/ 1, 2, 3, 4 /) * (rank + 1))) bad = bad + 1
  tpc_a = tpc_a + t
  !$omp end parallel
  !$omp parallel private(t) reduction(+:bad)
  t = omp_get_thread_num()
  if (tpc_a /= 7 + rank + t) bad = bad + 1
  !$omp end parallel
  call report('threadprivate common block with copyin', bad == 0)

  ! 4. master exchanges with the ring neighbours while the others compute; barrier; all read
  bad = 0
  halo = -1
  do it = 1, 5
    !$omp parallel private(i) reduction(+:bad)
    !$omp master
    call MPI_Sendrecv(rank * 10 + it, 1, MPI_INTEGER, right, it, halo, 1, MPI_INTEGER, left, it, &
                      MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    !$omp end master
    !$omp do schedule(static)
    do i = 1, n
      work(i) = i * it
    end do
    !$omp end do nowait
    !$omp barrier
    if (halo /= left * 10 + it) bad = bad + 1
    !$omp end parallel
    do i = 1, n, 97
      if (work(i) /= i * it) bad = bad + 1
    end do
  end do
  call report('master sendrecv while the team computes', bad == 0)

  ! 5. critical and atomic updates; thread numbers and team size seen by each thread
  cnt = 0
  s = 0
  seen = 0
  !$omp parallel private(t, i)
  t = omp_get_thread_num()
  do i = 1, 100
    !$omp critical (f90_count)
    cnt = cnt + 1
    !$omp end critical (f90_count)
    !$omp atomic
    s = s + t + 1
  end do
  seen(t) = omp_get_num_threads()
  !$omp end parallel
  ok = cnt == 100 * nt .and. s == 50 * nt * (nt + 1)
  do t = 0, nt - 1
    ok = ok .and. seen(t) == nt
  end do
  call report('critical, atomic, thread numbers', ok)

  ! 6. omp_get_wtime never goes back, in any thread
  bad = 0
  !$omp parallel private(t0, t1, i) reduction(+:bad)
  t0 = omp_get_wtime()
  do i = 1, 50
    t1 = omp_get_wtime()
    if (t1 < t0) bad = bad + 1
    t0 = t1
  end do
  !$omp end parallel
  call report('omp_get_wtime', bad == 0 .and. omp_get_wtick() > 0)

  ! 7. locks: a counter under omp_set_lock, omp_test_lock looping until it succeeds
  call omp_init_lock(lck)
  cnt = 0
  !$omp parallel private(i)
  do i = 1, 50
    call omp_set_lock(lck)
    cnt = cnt + 1
    call omp_unset_lock(lck)
    do while (.not. omp_test_lock(lck))
    end do
    cnt = cnt + 2
    call omp_unset_lock(lck)
  end do
  !$omp end parallel
  call omp_destroy_lock(lck)
  call MPI_Allreduce(MPI_IN_PLACE, cnt, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call report('omp locks', cnt == 150 * nt * np)

  call MPI_Finalize(ierr)
end program omp_f90
