! what this tests: Fortran programs that end with STOP (exit(0) in libgfortran) on
! every rank, some after the others have finished: each rank's last lines are
! printed, as with separate processes
! np: 3
! sort: yes
program f90_stop
  use mpi
  implicit none
  integer :: ierr, rank, i
  double precision :: x
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = 0
  do i = 1, 100000 * (rank + 1)
    x = x + 1
  end do
  call MPI_Finalize(ierr)
  write (*, '(a, i0, a)') 'rank ', rank, ': finalized'
  stop
end program f90_stop
