! what: STOP 3 in one rank before MPI_Finalize ends the job with status 3, and the report names
!   the STOP's line in the program (not libgfortran's code that calls exit)
! np: 2
! exit: 3
! stderr: rank 1 called exit\(3\) at fortran_stop\.f90:16
program fortran_stop
  use mpi
  implicit none
  integer :: ierr, rank
  double precision :: x
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  x = 1.0d0 / (rank + 1)
  call MPI_Allreduce(MPI_IN_PLACE, x, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 1) then
    stop 3
  end if
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
end program fortran_stop
