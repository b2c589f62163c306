! what this tests: a Fortran 90 program using the mpi module: nonblocking
! point-to-point with Waitany, Testany and Waitsome (request indices count from 1),
! collectives (Alltoallv, Scan, Reduce_scatter_block, Iallreduce), MINLOC on
! MPI_2INTEGER, a reduction written in Fortran (MPI_Op_create), and module
! variables private to each rank; rank 0 prints one verdict per case
! np: 1 2 3 5 8
module state
  implicit none
  integer :: calls = 0                 ! initialized data
  integer :: last_rank                 ! zero-initialized data
  real(8), allocatable :: work(:)      ! heap, through a descriptor in the module
end module state

include 'checks.inc'

! a reduction in Fortran: x + y + 1 at each combination of two values
subroutine addsq(invec, inoutvec, len, datatype)
  implicit none
  integer :: len, datatype, i
  integer :: invec(len), inoutvec(len)
  do i = 1, len
    inoutvec(i) = invec(i) + inoutvec(i) + 1
  end do
end subroutine addsq

program f90_coll
  use mpi
  use state
  use checks
  implicit none
  external addsq
  integer :: ierr, rank, np, i, j, idx, outcount, op, req
  integer :: reqs(3), indices(3), st(MPI_STATUS_SIZE), sts(MPI_STATUS_SIZE, 3)
  integer :: a(3), b(3), pair(2), best(2)
  integer, allocatable :: sendc(:), sdisp(:), recvc(:), rdisp(:), sbuf(:), rbuf(:)
  double precision :: d(4), dsum(4)
  logical :: flag, ok

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)

  ! three receives from the previous rank; Waitany gives 1-based indices
  a = [rank, rank * 2, rank * 3]
  do i = 1, 3
    call MPI_Irecv(b(i), 1, MPI_INTEGER, mod(rank + np - 1, np), i, MPI_COMM_WORLD, reqs(i), ierr)
  end do
  do i = 3, 1, -1
    call MPI_Send(a(i), 1, MPI_INTEGER, mod(rank + 1, np), i, MPI_COMM_WORLD, ierr)
  end do
  ok = .true.
  do j = 1, 3
    call MPI_Waitany(3, reqs, idx, st, ierr)
    ok = ok .and. idx >= 1 .and. idx <= 3 .and. st(MPI_TAG) == idx .and. reqs(idx) == MPI_REQUEST_NULL
  end do
  ! (once all are done, MPICH 4.0.2 gives MPI_UNDEFINED + 1: unit/fortran.sh checks simpi's)
  ok = ok .and. all(b == [1, 2, 3] * mod(rank + np - 1, np))
  call report('waitany indices', ok)

  ! Testany until done, then Waitsome
  call MPI_Irecv(b(1), 1, MPI_INTEGER, rank, 9, MPI_COMM_WORLD, reqs(1), ierr)
  reqs(2) = MPI_REQUEST_NULL
  reqs(3) = MPI_REQUEST_NULL
  call MPI_Send(a(1), 1, MPI_INTEGER, rank, 9, MPI_COMM_WORLD, ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_Testany(3, reqs, idx, flag, st, ierr)
  end do
  ok = idx == 1 .and. b(1) == rank
  do i = 1, 3
    call MPI_Irecv(b(i), 1, MPI_INTEGER, rank, 20 + i, MPI_COMM_WORLD, reqs(i), ierr)
  end do
  call MPI_Send(a(2), 1, MPI_INTEGER, rank, 22, MPI_COMM_WORLD, ierr)
  call MPI_Waitsome(3, reqs, outcount, indices, sts, ierr)
  ok = ok .and. outcount == 1 .and. indices(1) == 2 .and. sts(MPI_TAG, 1) == 22 .and. b(2) == 2 * rank
  call MPI_Send(a(1), 1, MPI_INTEGER, rank, 21, MPI_COMM_WORLD, ierr)
  call MPI_Send(a(3), 1, MPI_INTEGER, rank, 23, MPI_COMM_WORLD, ierr)
  call MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE, ierr)
  call report('testany and waitsome indices', ok .and. all(b == [1, 2, 3] * rank))

  ! Alltoallv: rank r sends r+1 copies of its rank to each rank
  allocate (sendc(np), sdisp(np), recvc(np), rdisp(np), sbuf(np * (rank + 1)), rbuf(np * (np + 1) / 2))
  sendc = rank + 1
  sdisp = [((i - 1) * (rank + 1), i = 1, np)]
  recvc = [(i, i = 1, np)]
  rdisp = [((i - 1) * i / 2, i = 1, np)]
  sbuf = rank
  call MPI_Alltoallv(sbuf, sendc, sdisp, MPI_INTEGER, rbuf, recvc, rdisp, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  ok = .true.
  do i = 1, np
    ok = ok .and. all(rbuf(rdisp(i) + 1:rdisp(i) + recvc(i)) == i - 1)
  end do
  call report('alltoallv', ok)

  ! Scan and Reduce_scatter_block of double precision
  d = [1d0, 2d0, 3d0, 4d0] * (rank + 1)
  call MPI_Scan(d, dsum, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call report('scan', all(dsum == [1d0, 2d0, 3d0, 4d0] * (rank + 1) * (rank + 2) / 2))
  deallocate (sbuf, rbuf)
  allocate (sbuf(2 * np), rbuf(2))
  sbuf = [(i + rank, i = 1, 2 * np)]
  call MPI_Reduce_scatter_block(sbuf, rbuf, 2, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call report('reduce_scatter_block', rbuf(2) == np * (2 * rank + 2) + np * (np - 1) / 2)

  ! nonblocking allreduce in place
  dsum = rank
  call MPI_Iallreduce(MPI_IN_PLACE, dsum, 4, MPI_DOUBLE_PRECISION, MPI_MAX, MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  call report('iallreduce in place', all(dsum == np - 1) .and. req == MPI_REQUEST_NULL)

  ! MINLOC on (value, index) pairs: the smallest value is on the middle rank
  pair = [abs(rank - np / 2) + 10, rank]
  call MPI_Allreduce(pair, best, 1, MPI_2INTEGER, MPI_MINLOC, MPI_COMM_WORLD, ierr)
  call report('minloc on 2integer', best(1) == 10 .and. best(2) == np / 2)

  ! a Fortran reduction: x + y + 1 at each step, so np - 1 more than the sum
  call MPI_Op_create(addsq, .true., op, ierr)
  a = [1, 2, 3] * rank
  call MPI_Allreduce(a, b, 3, MPI_INTEGER, op, MPI_COMM_WORLD, ierr)
  call MPI_Op_free(op, ierr)
  call report('user operation in Fortran', all(b == [1, 2, 3] * (np * (np - 1) / 2) + np - 1) &
                                           .and. op == MPI_OP_NULL)

  ! module variables are each rank's own
  do i = 0, rank
    calls = calls + 1
  end do
  last_rank = rank
  allocate (work(1000 + rank))
  work = rank
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call report('module variables per rank', calls == rank + 1 .and. last_rank == rank .and. &
              size(work) == 1000 + rank .and. all(work == rank))

  call MPI_Finalize(ierr)
end program f90_coll
