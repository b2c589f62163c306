! what this tests: the Fortran bindings of partitioned communication (through mpif.h: MPICH 4.0.2's
! module mpi declares MPI_Parrived's flag an integer, where a logical does not compile), ranks in pairs
! 2k -> 2k+1: MPI_Psend_init with a count of kind MPI_COUNT_KIND, MPI_Pready, MPI_Pready_range and
! MPI_Pready_list (partitions numbered from 0 as in C), MPI_Parrived (a logical), MPI_Wait
! np: 2 4
program f90_partitioned
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, peer, req, i, j
  integer(kind=MPI_COUNT_KIND) :: cnt
  integer :: a(12), lst(2)
  logical :: flag, ok, every
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  ok = .true.
  if (mod(rank, 2) == 0) then
    peer = rank + 1
    a = (/ (10 * i, i = 1, 12) /)
    cnt = 3
    call MPI_Psend_init(a, 4, cnt, MPI_INTEGER, peer, 7, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
    call MPI_Start(req, ierr)
    call MPI_Pready(3, req, ierr)
    call MPI_Pready_range(0, 1, req, ierr)
    lst = (/ 2, 2 /)
    call MPI_Pready_list(1, lst, req, ierr)
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  else
    peer = rank - 1
    a = 0
    cnt = 6
    call MPI_Precv_init(a, 2, cnt, MPI_INTEGER, peer, 7, MPI_COMM_WORLD, MPI_INFO_NULL, req, ierr)
    call MPI_Start(req, ierr)
    do j = 1, 0, -1
      flag = .false.
      do while (.not. flag)
        call MPI_Parrived(req, j, flag, ierr)
      end do
    end do
    call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
    ok = all_equal()
  end if
  call MPI_Request_free(req, ierr)
  call MPI_Allreduce(ok, every, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,l1)', '4 partitions of 3 integers into 2 of 6: ', every
  call MPI_Finalize(ierr)
contains
  logical function all_equal()
    all_equal = all((a - (/ (10 * i, i = 1, 12) /)) == 0)
  end function all_equal
end program f90_partitioned
