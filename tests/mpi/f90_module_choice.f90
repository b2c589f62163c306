! what this tests: the mpi module gives the calls with a choice buffer no explicit
! interface, as MPICH's module does, so that programs written for it build and run: a
! profiling layer of the program's own (an external MPI_SEND that uses the module and
! calls PMPI_SEND), MPI_Alltoallv given arrays of one datatype per rank where the
! binding says one datatype, and MPI_IN_PLACE with scalar 0 for the unused counts and
! displacements of MPI_Ialltoallv; calls without a buffer keep their interface
! np: 1 2 3
include 'checks.inc'

subroutine mpi_send(buf, count, datatype, dest, tag, comm, ierror)
  use mpi
  implicit none
  integer :: buf(*), count, datatype, dest, tag, comm, ierror
  integer :: sends
  common /counted/ sends
  sends = sends + 1
  call pmpi_send(buf, count, datatype, dest, tag, comm, ierror)
end subroutine

program module_choice
  use checks
  implicit none
  integer, parameter :: maxn = 16
  integer :: rank, n, ierr, i, req, sends, prev, next
  integer :: sbuf(maxn), rbuf(maxn), counts(maxn), displs(maxn), types(maxn)
  integer :: status(MPI_STATUS_SIZE)
  logical :: ok
  common /counted/ sends
  sends = 0
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, n, ierr)

  ! the ring through the program's own MPI_SEND
  next = mod(rank + 1, n)
  prev = mod(rank + n - 1, n)
  sbuf(1) = 100 + rank
  call MPI_Irecv(rbuf, 1, MPI_INTEGER, prev, 7, MPI_COMM_WORLD, req, ierr)
  call MPI_Send(sbuf, 1, MPI_INTEGER, next, 7, MPI_COMM_WORLD, ierr)
  call MPI_Wait(req, status, ierr)
  call report('own MPI_SEND over PMPI_SEND', sends == 1 .and. rbuf(1) == 100 + prev .and. ierr == MPI_SUCCESS)

  ! one datatype per rank passed where the binding has one
  do i = 1, n
    sbuf(i) = 10 * rank + i
    counts(i) = 1
    displs(i) = i - 1
    types(i) = MPI_INTEGER
    rbuf(i) = -1
  end do
  call MPI_Alltoallv(sbuf, counts, displs, types, rbuf, counts, displs, types, MPI_COMM_WORLD, ierr)
  ok = ierr == MPI_SUCCESS
  do i = 1, n
    ok = ok .and. rbuf(i) == 10 * (i - 1) + rank + 1
  end do
  call report('alltoallv with arrays of types', ok)

  ! in place: scalar zeros for the send side
  do i = 1, n
    rbuf(i) = 100 * rank + i
  end do
  call MPI_Ialltoallv(MPI_IN_PLACE, 0, 0, MPI_DATATYPE_NULL, rbuf, counts, displs, MPI_INTEGER, &
                      MPI_COMM_WORLD, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  ok = ierr == MPI_SUCCESS
  do i = 1, n
    ok = ok .and. rbuf(i) == 100 * (i - 1) + rank + 1
  end do
  call report('ialltoallv in place with scalar zeros', ok)
  call MPI_Finalize(ierr)
end program
