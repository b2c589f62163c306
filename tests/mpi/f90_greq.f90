! what this tests: generalized requests from Fortran (module mpi): the query
! function fills the status, the free function is called once when the request
! is waited on or freed, the cancel function gets whether it completed, and the
! extra state reaches all three as the program's own variable (what the free
! function writes there, the program sees, as with MPICH)
! np: 1 2
module greq_fns
  use mpi
  implicit none
  integer :: nquery = 0, nfree = 0, ncancel = 0
  integer(kind=MPI_ADDRESS_KIND) :: seen = 0
contains
  subroutine query_fn(extra, status, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra
    integer :: status(MPI_STATUS_SIZE), ierr
    nquery = nquery + 1
    seen = extra
    call MPI_Status_set_elements(status, MPI_INTEGER, 3, ierr)
    call MPI_Status_set_cancelled(status, .false., ierr)
    status(MPI_SOURCE) = MPI_UNDEFINED
    status(MPI_TAG) = 7
    ierr = MPI_SUCCESS
  end subroutine
  subroutine free_fn(extra, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra
    integer :: ierr
    nfree = nfree + 1
    seen = extra
    extra = -extra
    ierr = MPI_SUCCESS
  end subroutine
  subroutine cancel_fn(extra, complete, ierr)
    integer(kind=MPI_ADDRESS_KIND) :: extra
    logical :: complete
    integer :: ierr
    ncancel = ncancel + 1
    if (complete) ncancel = ncancel + 10
    seen = extra
    ierr = MPI_SUCCESS
  end subroutine
end module

program f90_greq
  use mpi
  use greq_fns
  implicit none
  integer :: ierr, rank, req, n, st(MPI_STATUS_SIZE)
  integer(kind=MPI_ADDRESS_KIND) :: extra
  logical :: flag
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  extra = 42
  call MPI_Grequest_start(query_fn, free_fn, cancel_fn, extra, req, ierr)
  call MPI_Test(req, flag, st, ierr)
  call MPI_Grequest_complete(req, ierr)
  call MPI_Wait(req, st, ierr)
  call MPI_Get_count(st, MPI_INTEGER, n, ierr)
  if (rank == 0) print '(a,l1,a,i0,a,i0,a,i0,a,i0,a,l1,a,i0)', 'test before complete ', flag, ', query ', nquery, &
       ', free ', nfree, ', count ', n, ', tag ', st(MPI_TAG), ', null ', req == MPI_REQUEST_NULL, ', extra ', extra
  extra = 43
  call MPI_Grequest_start(query_fn, free_fn, cancel_fn, extra, req, ierr)
  call MPI_Cancel(req, ierr)
  call MPI_Grequest_complete(req, ierr)
  call MPI_Request_free(req, ierr)
  if (rank == 0) print '(a,i0,a,i0,a,i0,a,i0,a,i0)', 'cancelled and freed: cancel ', ncancel, ', free ', nfree, &
       ', query ', nquery, ', extra seen ', seen, ' now ', extra
  call MPI_Finalize(ierr)
end program
